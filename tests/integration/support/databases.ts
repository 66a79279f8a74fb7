import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../../../src/server/db/database.ts';

/**
 * The databases repository tests run against: embedded PGlite always, and a
 * real PostgreSQL server when DATABASE_URL is set (.ci/run starts one). Each
 * test store is fresh: a temporary PGlite directory, or a new PostgreSQL
 * database created through DATABASE_URL and dropped afterwards.
 */
export interface TestStore {
  /** Opens (or re-opens, to check persistence) the store's database. */
  open(): Promise<Database>;
  destroy(): Promise<void>;
  /** The PostgreSQL store's connection URL (absent for PGlite). */
  readonly url?: string;
}

export interface DatabaseTarget {
  name: 'pglite' | 'postgres';
  createStore(): Promise<TestStore>;
}

export const DATABASE_URL = process.env.DATABASE_URL?.trim() || undefined;

const pgliteTarget: DatabaseTarget = {
  name: 'pglite',
  async createStore() {
    const dataDir = await mkdtemp(join(tmpdir(), 'dataforge-it-'));
    return {
      open: () => openDatabase({ dataDir }),
      destroy: () => rm(dataDir, { recursive: true, force: true }),
    };
  },
};

function postgresTarget(adminUrl: string): DatabaseTarget {
  return {
    name: 'postgres',
    async createStore() {
      const name = `dataforge_test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return {
        url: url.toString(),
        open: () => openDatabase({ databaseUrl: url.toString(), dataDir: '/nonexistent' }),
        async destroy() {
          const client = new pg.Client({ connectionString: adminUrl });
          await client.connect();
          await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          await client.end();
        },
      };
    },
  };
}

export const databaseTargets: DatabaseTarget[] = [pgliteTarget, ...(DATABASE_URL ? [postgresTarget(DATABASE_URL)] : [])];

if (!DATABASE_URL) {
  console.warn('DATABASE_URL is not set: repository tests run on PGlite only (.ci/run sets it to a local PostgreSQL server).');
}
