import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { link, mkdir, open, readFile, rm, stat, writeFile } from 'node:fs/promises';
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
  // A host that drops packets would otherwise hold a request until the OS's TCP timeout (minutes);
  // after 10 s the request answers 503 (http/error-handler.ts) and the next one tries again.
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 10_000 });
  // An idle pooled connection that the server ends (restart, failover, pg_terminate_backend) is
  // reported as a pool 'error' event; unheard, Node treats it as an uncaught exception and the whole
  // server stops. The pool has already dropped that client and opens a new one on the next query
  // (node-postgres docs, "Pool: events: error"), so there is nothing else to do.
  pool.on('error', () => {});
  const location = redactUrl(url);
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (error) {
    await pool.end();
    throw new DatabaseError(`Cannot connect to PostgreSQL at ${location}: ${(error as Error).message}`);
  }
  // Several servers may start together on one database: the migrations run under a session-level
  // advisory lock (PostgreSQL docs §13.3.5 "Advisory Locks"), so one applies them while the others
  // wait and then find nothing to do. A server killed meanwhile loses its session, and the lock with it.
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } catch (error) {
    client.release(true);
    await pool.end();
    throw error;
  }
  client.release();
  const db = drizzlePg(pool, { schema });
  return { kind: 'postgres', db: db as unknown as Db, location, close: () => pool.end() };
}

/** The advisory-lock key of schema migrations: any fixed bigint, the same in every Data Forge ("DFMIGRAT" in ASCII). */
export const MIGRATION_LOCK_KEY = '4919704620073369940';

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

/** Who holds a data-directory lock: the pid, and where the platform has /proc, what makes the pid unique. */
export interface LockOwner {
  pid: number;
  /** Field 22 of /proc/<pid>/stat: the process's start time in clock ticks since boot. */
  startTime?: string;
  /** /proc/sys/kernel/random/boot_id: a start time only means something within one boot. */
  bootId?: string;
  /** The machine's name: on a shared volume another machine's pid says nothing here. */
  host?: string;
}

/** The lock file's text: JSON of the owner (a lock of an earlier version holds the bare pid). */
export function lockText(owner: LockOwner): string {
  return JSON.stringify(owner);
}

function parseLock(text: string): LockOwner | undefined {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return { pid: Number(trimmed) };
  try {
    const value = JSON.parse(trimmed) as Partial<LockOwner>;
    if (!Number.isInteger(value.pid) || (value.pid as number) <= 0) return undefined;
    return {
      pid: value.pid as number,
      ...(typeof value.startTime === 'string' ? { startTime: value.startTime } : {}),
      ...(typeof value.bootId === 'string' ? { bootId: value.bootId } : {}),
      ...(typeof value.host === 'string' ? { host: value.host } : {}),
    };
  } catch {
    return undefined;
  }
}

/** State and start time of a process from /proc/<pid>/stat; null when unreadable (gone, or hidden); undefined without /proc. */
function procStat(pid: number): { state: string; startTime: string } | null | undefined {
  if (!existsSync('/proc/self/stat')) return undefined;
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // "pid (comm) state ppid …": comm may hold spaces and parentheses, so the fields start after the last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (state), so field 22 (starttime) is fields[19].
  const state = fields[0];
  const startTime = fields[19];
  return state && startTime ? { state, startTime } : null;
}

function bootId(): string | undefined {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

/** This process as a lock owner. */
export function currentLockOwner(): LockOwner {
  const stat = procStat(process.pid);
  const boot = bootId();
  return { pid: process.pid, ...(stat ? { startTime: stat.startTime } : {}), ...(boot ? { bootId: boot } : {}), host: hostname() };
}

/**
 * Whether the process a lock names still runs. A pid alone proves little: after a kill -9 the pid
 * stays a zombie until its parent reaps it, and a pid is reused (in a container the new server is
 * often given its predecessor's). So where /proc exists the lock also holds the process's start
 * time and the boot id, and the owner is alive only when a process with that pid, not a zombie,
 * started at that time in this boot. Without /proc, only the pid can be checked.
 */
export function lockOwnerAlive(owner: LockOwner): boolean {
  // Another machine's process (a data directory on a shared volume) cannot be checked from here:
  // assume it runs; the refusal says how to clear a lock whose machine is gone.
  if (owner.host !== undefined && owner.host !== hostname()) return true;
  const stat = procStat(owner.pid);
  if (stat === undefined) return owner.pid !== process.pid && pidExists(owner.pid);
  // Unreadable: gone, or hidden from this user (/proc mounted with hidepid), which signal 0 tells apart.
  if (stat === null) return pidExists(owner.pid);
  if (stat.state === 'Z' || stat.state === 'X') return false;
  if (owner.bootId !== undefined && owner.bootId !== bootId()) return false;
  if (owner.startTime !== undefined) return owner.startTime === stat.startTime;
  // A lock of an earlier version (pid only): this process cannot be its owner, it has just started.
  return owner.pid !== process.pid;
}

function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Attempts at taking the lock: each lost one means another starter changed the lock file meanwhile, or held the takeover. */
const LOCK_ATTEMPTS = 200;
/** A takeover lock older than this belongs to a starter that died holding it. */
const TAKEOVER_STALE_MS = 10_000;

/**
 * PGlite is single-process: two servers on one data directory would corrupt it. The lock file
 * `<dataDir>/pglite.lock` names its owner (see `lockOwnerAlive`); a second opener is refused while
 * the owner runs, and a lock whose owner is gone is taken over.
 *
 * Taking it is atomic. The lock is written to a file of this process and hard-linked to the lock's
 * name, which fails when the name exists; so a lock is never seen empty or half-written. A stale
 * lock is removed only by the holder of a second lock, `<lock>.takeover` (taken the same way), and
 * only while it still holds the stale text that was judged; then every starter races for the free
 * name again and the hard link lets exactly one win. (The earlier way, renaming the stale lock
 * aside and putting back a live one moved by mistake, left an instant without a lock in which a
 * third starter could win too: two winners, seen in CI with four starters.) A takeover lock left
 * by a starter that died holding it (an instant's work) is cleared after TAKEOVER_STALE_MS.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const lockPath = join(dataDir, 'pglite.lock');
  const mine = lockText(currentLockOwner());
  for (let attempt = 0; attempt < LOCK_ATTEMPTS; attempt++) {
    if (await createLock(lockPath, mine)) {
      return async () => {
        // Removed only while it is still this process's lock.
        if ((await readFile(lockPath, 'utf8').catch(() => '')) === mine) await rm(lockPath, { force: true });
      };
    }
    const text = await readIfExists(lockPath);
    if (text === undefined) continue; // released meanwhile: try again
    const owner = parseLock(text);
    if (owner && lockOwnerAlive(owner)) throw inUse(dataDir, lockPath, owner);
    const takeover = `${lockPath}.takeover`;
    if (!(await createLock(takeover, mine))) {
      // Another starter is removing the stale lock: wait a moment, then look again.
      const held = await stat(takeover).catch(() => undefined);
      if (held && Date.now() - held.mtimeMs > TAKEOVER_STALE_MS) await rm(takeover, { force: true });
      await new Promise((r) => setTimeout(r, 10 + Math.random() * 40));
      continue;
    }
    try {
      // Only the takeover's holder removes a lock, and only the stale one judged above: a lock
      // another starter has taken since (its own text) is left alone, and refuses this one next time round.
      if ((await readIfExists(lockPath)) === text) await rm(lockPath, { force: true });
    } finally {
      await rm(takeover, { force: true });
    }
  }
  throw new DatabaseError(`Could not lock the data directory ${dataDir}: the lock file ${lockPath} kept changing (other servers starting on it?).`);
}

/** Creates the lock file holding `text` unless it exists (then false), all at once. */
async function createLock(lockPath: string, text: string): Promise<boolean> {
  const temp = `${lockPath}.${process.pid}-${randomUUID()}.tmp`;
  await writeFile(temp, text);
  try {
    await link(temp, lockPath);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    // A file system without hard links: exclusive create, then write (a reader may see it empty for an instant).
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') throw error;
    try {
      const handle = await open(lockPath, 'wx');
      try {
        await handle.writeFile(text);
      } finally {
        await handle.close();
      }
      return true;
    } catch (fallbackError) {
      if ((fallbackError as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw fallbackError;
    }
  } finally {
    await rm(temp, { force: true });
  }
}

async function readIfExists(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function inUse(dataDir: string, lockPath: string, owner: LockOwner): DatabaseError {
  const who = Number.isInteger(owner.pid) ? `process ${owner.pid}` : 'another process';
  if (owner.host !== undefined && owner.host !== hostname()) {
    return new DatabaseError(
      `The data directory ${dataDir} is in use by ${who} on host ${owner.host} (lock file ${lockPath}). Stop it there; if that machine is gone, delete the lock file.`,
    );
  }
  return new DatabaseError(`The data directory ${dataDir} is in use by ${who} (lock file ${lockPath}). Stop it, or set DATA_DIR to another directory.`);
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
