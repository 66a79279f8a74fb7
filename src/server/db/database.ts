import { mkdir, open, readFile, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { DatabaseKind } from '../../contracts/health.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The Drizzle handle repositories use; the same API on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  kind: DatabaseKind;
  db: Db;
  /** Where the data lives, for logs: a directory or a URL without its password. */
  location: string;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../../drizzle', import.meta.url));

export class DatabaseError extends Error {
  override name = 'DatabaseError';
}

/**
 * Opens the database named by the configuration and applies pending migrations:
 * a PostgreSQL server when `databaseUrl` is set, else embedded PGlite in
 * `<dataDir>/pglite`.
 */
export async function openDatabase(options: { databaseUrl?: string | undefined; dataDir: string }): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle pooled connection that the server ends (restart, failover, pg_terminate_backend) is
  // reported as a pool 'error' event; unheard, Node treats it as an uncaught exception and the whole
  // server stops. The pool has already dropped that client and opens a new one on the next query
  // (node-postgres docs, "Pool: events: error"), so there is nothing else to do.
  pool.on('error', () => {});
  const location = redactUrl(url);
  try {
    const client = await pool.connect();
    client.release();
  } catch (error) {
    await pool.end();
    throw new DatabaseError(`Cannot connect to PostgreSQL at ${location}: ${(error as Error).message}`);
  }
  const db = drizzlePg(pool, { schema });
  await migratePg(db, { migrationsFolder: MIGRATIONS_DIR });
  return { kind: 'postgres', db: db as unknown as Db, location, close: () => pool.end() };
}

async function openPglite(dataDir: string): Promise<Database> {
  const dir = resolve(dataDir, 'pglite');
  await mkdir(dir, { recursive: true });
  const releaseLock = await lockDataDir(resolve(dataDir));
  try {
    const client = await PGlite.create(dir);
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
    return {
      kind: 'pglite',
      db: db as unknown as Db,
      location: dir,
      close: async () => {
        await client.close();
        await releaseLock();
      },
    };
  } catch (error) {
    await releaseLock();
    throw error;
  }
}

/**
 * PGlite is single-process: two servers on one data directory would corrupt it.
 * A lock file holding the owner's pid refuses a second opener; a lock left by a
 * process that no longer exists is taken over.
 */
async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const lockPath = join(dataDir, 'pglite.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(lockPath, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => rm(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number((await readFile(lockPath, 'utf8').catch(() => '')).trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
        throw new DatabaseError(`The data directory ${dataDir} is in use by process ${owner}. Stop it, or set DATA_DIR to another directory.`);
      }
      await rm(lockPath, { force: true });
    }
  }
  throw new DatabaseError(`Could not lock the data directory ${dataDir}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres://(unparseable URL)';
  }
}
