/**
 * Several servers starting at once on one PostgreSQL database (issue 13, "Migrations run under an
 * advisory lock"): each applies the pending migrations or waits for the one that does; none fails
 * on the others' half-created tables, and every migration is recorded once.
 */
import { sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, type Database } from '../../src/server/db/database.ts';
import { databaseTargets } from './support/databases.ts';

const postgres = databaseTargets.find((t) => t.name === 'postgres');
const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };

describe.skipIf(!postgres)('four servers opening one fresh PostgreSQL database together', () => {
  it('all open it, and each migration is applied once', async () => {
    const store = await postgres!.createStore();
    const opened: Database[] = [];
    try {
      const results = await Promise.allSettled([store.open(), store.open(), store.open(), store.open()]);
      for (const r of results) if (r.status === 'fulfilled') opened.push(r.value);
      expect(results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
      const rows = (await opened[0]!.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as { rows: { n: number }[] };
      expect(rows.rows[0]!.n).toBe(journal.entries.length);
      // No lock is left behind.
      const locks = (await opened[0]!.db.execute(sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())`)) as unknown as { rows: { n: number }[] };
      expect(locks.rows[0]!.n).toBe(0);
    } finally {
      for (const d of opened) await d.close();
      await store.destroy();
    }
  });
});
