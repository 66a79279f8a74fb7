import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A PostgreSQL server of a test's own, on a free port, that the test may stop and start (the shared
 * DATABASE_URL server of .ci/run must stay up for the other suites). Same binaries and settings as
 * .ci/postgres.sh: trust auth, loopback only; as root the server runs as the postgres user, since
 * PostgreSQL refuses to run as root.
 */
export interface PostgresServer {
  readonly url: string;
  readonly port: number;
  stop(): void;
  start(): void;
  destroy(): void;
}

/** The newest installed server's bin directory, or undefined when PostgreSQL is not installed. */
export function postgresBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))).sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  return newest === undefined ? undefined : join(root, newest, 'bin');
}

const isRoot = () => process.getuid?.() === 0;

function run(bin: string, tool: string, args: string[]): void {
  const [command, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]] : [join(bin, tool), args];
  execFileSync(command, argv, { stdio: 'pipe', timeout: 60_000 });
}

/** A port nothing listens on just now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Initialises a cluster in a temporary directory and starts it. */
export async function startPostgresServer(bin: string): Promise<PostgresServer> {
  const dir = mkdtempSync(join(tmpdir(), 'dataforge-pg-'));
  if (isRoot()) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  run(bin, 'initdb', ['-D', data, '-U', 'postgres', '--auth=trust']);
  const port = await freePort();
  const start = () => run(bin, 'pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-w', '-o', `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir}`, 'start']);
  const stop = () => run(bin, 'pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    destroy() {
      try {
        stop();
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
