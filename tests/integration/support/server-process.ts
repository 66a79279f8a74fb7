/**
 * The real server as a process (`node bin/ssa.js serve`, as `npm start` and tests/browser/harness.ts
 * run it), for tests that kill it: crash tests SIGKILL it at a chosen moment, then start it again on
 * the same store and look at what is stored.
 *
 * A store is a data directory, and with DATABASE_URL set a fresh PostgreSQL database of its own
 * (created through DATABASE_URL as databases.ts does, dropped by `destroy`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase, type Database } from '../../../src/server/db/database.ts';
import { DATABASE_URL } from './databases.ts';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

export interface ServerStore {
  readonly kind: 'pglite' | 'postgres';
  readonly dataDir: string;
  /** The PostgreSQL database's URL; undefined on PGlite. */
  readonly databaseUrl: string | undefined;
  /** Opens the store in this process (on PGlite only while no server runs on it: the data directory is locked). */
  open(): Promise<Database>;
  /** Opens the store, runs `work` and closes it again. */
  inspect<T>(work: (database: Database) => Promise<T>): Promise<T>;
  destroy(): Promise<void>;
}

/** The stores crash tests run on: PGlite always, PostgreSQL too when DATABASE_URL is set. */
export const storeKinds: ServerStore['kind'][] = ['pglite', ...(DATABASE_URL ? (['postgres'] as const) : [])];

export async function createServerStore(kind: ServerStore['kind'], name: string): Promise<ServerStore> {
  const dataDir = await mkdtemp(join(tmpdir(), `dataforge-${name}-`));
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (kind === 'postgres') {
    if (!DATABASE_URL) throw new Error('a PostgreSQL store needs DATABASE_URL');
    const admin = DATABASE_URL;
    const database = `dataforge_test_${randomBytes(6).toString('hex')}`;
    await adminQuery(admin, `CREATE DATABASE ${database}`);
    const url = new URL(admin);
    url.pathname = `/${database}`;
    databaseUrl = url.toString();
    dropDatabase = () => adminQuery(admin, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  }
  const open = () => openDatabase({ databaseUrl, dataDir });
  return {
    kind,
    dataDir,
    databaseUrl,
    open,
    async inspect(work) {
      const database = await open();
      try {
        return await work(database);
      } finally {
        await database.close();
      }
    },
    async destroy() {
      await dropDatabase();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface ServerProcess {
  readonly baseUrl: string;
  readonly pid: number;
  /** Everything the process wrote (stdout and stderr: pino's JSON lines at LOG_LEVEL=info). */
  output(): string;
  /** Resolves when a line of the output matches `pattern` (also one written before the call). */
  waitForLog(pattern: RegExp, timeoutMs?: number): Promise<void>;
  /** Resolves when GET /api/health answers 200. */
  waitForHealth(timeoutMs?: number): Promise<void>;
  /** SIGKILL: no shutdown code runs, as in a crash or a power cut of the process. Resolves once it has exited. */
  kill9(): Promise<void>;
  /** SIGTERM (the server's own shutdown), then waits for the exit. */
  stop(): Promise<void>;
}

/**
 * Starts `node bin/ssa.js serve` on a free loopback port with the store (LOG_LEVEL=info, so its
 * log says what it is doing); does not wait for it to be ready.
 */
export async function spawnServer(store: ServerStore, env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const childEnv: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: store.dataDir,
    LOG_LEVEL: 'info',
    AUTH: 'off',
    ...env,
  };
  if (store.databaseUrl) childEnv.DATABASE_URL = store.databaseUrl;
  else delete childEnv.DATABASE_URL;
  const child: ChildProcess = spawn(process.execPath, ['bin/ssa.js', 'serve'], { cwd: repoRoot, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const until = async (what: string, timeoutMs: number, done: () => Promise<boolean> | boolean) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (await done()) return;
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited (${child.exitCode ?? child.signalCode}) while waiting for ${what}:\n${log}`);
      if (Date.now() > deadline) throw new Error(`server: no ${what} within ${timeoutMs} ms:\n${log}`);
      await sleep(50);
    }
  };
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
    await exited;
  };
  return {
    baseUrl,
    pid: child.pid!,
    output: () => log,
    waitForLog: (pattern, timeoutMs = 90_000) => until(`log line ${pattern}`, timeoutMs, () => log.split('\n').some((line) => pattern.test(line))),
    waitForHealth: (timeoutMs = 120_000) =>
      until('healthy /api/health', timeoutMs, async () => {
        try {
          return (await fetch(`${baseUrl}/api/health`)).ok;
        } catch {
          return false;
        }
      }),
    kill9: () => signal('SIGKILL'),
    stop: () => signal('SIGTERM'),
  };
}
