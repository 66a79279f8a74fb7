import pg from 'pg';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseTargets } from './support/databases.ts';

// A PostgreSQL server may end idle connections (restart, failover, pg_terminate_backend). The
// server process must survive it and carry on with new connections, not die of an uncaught error.
const postgres = databaseTargets.find((t) => t.name === 'postgres');

describe.skipIf(!postgres)('PostgreSQL connections ended by the server', () => {
  it('leave the process running, and the next query opens a new connection', async () => {
    const store = await postgres!.createStore();
    const database = await store.open();
    try {
      await database.db.execute(sql`select 1`);
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      const current = (await database.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
      const name = current.rows[0]?.name;
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
      await admin.end();
      await new Promise((r) => setTimeout(r, 200));
      const again = (await database.db.execute(sql`select 2 as two`)) as unknown as { rows: { two: number }[] };
      expect(again.rows[0]?.two).toBe(2);
    } finally {
      await database.close();
      await store.destroy();
    }
  });
});
