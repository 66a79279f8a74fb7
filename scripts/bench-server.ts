/**
 * The real server for benchmarks that need one (bench-operations, bench-globe): `node bin/ssa.js
 * serve` in its own process on a free loopback port with a fresh data directory and the embedded
 * database, as `npm start` runs it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

export interface BenchServer {
  readonly base: string;
  readonly child: ChildProcess;
  /** Stops the server (SIGTERM, waits for it) and removes its data directory. */
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `probe` every 250 ms until it gives a value; fails when the server exits or after `timeoutMs`. */
export async function waitFor<T>(what: string, timeoutMs: number, child: ChildProcess, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} while waiting for ${what}`);
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch {
      // not answering yet
    }
    if (Date.now() > deadline) throw new Error(`timed out after ${Math.round(timeoutMs / 1000)} s waiting for ${what}`);
    await sleep(250);
  }
}

/** Starts the server (demo catalogue on a fresh directory unless `env` says otherwise) and waits for /api/health. */
export async function startBenchServer(prefix: string, env: Record<string, string> = {}): Promise<BenchServer> {
  const dataDir = await mkdtemp(join(tmpdir(), prefix));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['bin/ssa.js', 'serve'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor('/api/health', 5 * 60_000, child, async () => ((await fetch(`${base}/api/health`)).ok ? true : undefined));
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, child, stop };
}

/** User + system CPU seconds so far of a process (a pid) or of one of its threads ('pid/task/tid'), from /proc (Linux); undefined elsewhere. */
export function cpuSeconds(pid: number | string | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}
/** USER_HZ: 100 on every Linux architecture Node runs on. */
const CLOCK_TICKS = 100;
