import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp } from '../browser/harness.ts';
import { DATABASE_URL } from './support/databases.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

function ssa(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, ['bin/ssa.js', ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('ssa arguments', () => {
  it('prints help on stdout with exit 0', () => {
    const r = ssa(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: ssa <command>/);
    expect(r.stdout).toContain('serve');
  });

  it('is the package bin: `npx ssa --help` runs it', () => {
    const r = spawnSync('npx', ['--no-install', 'ssa', '--help'], { cwd: repoRoot, encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^Usage: ssa <command>/);
  });

  it('prints the version', () => {
    expect(ssa(['--version']).stdout.trim()).toBe('0.1.0');
  });

  it.each([
    [[], /missing command/],
    [['frobnicate'], /unknown command 'frobnicate'/],
    [['serve', '--bogus'], /Unknown option '--bogus'/],
    [['serve', '--port', 'abc'], /--port must be a number, got 'abc'/],
    [['serve', 'extra'], /Unexpected argument 'extra'/],
  ])('rejects %j with usage on stderr and exit 2', (args, message) => {
    const r = ssa(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).toMatch(/Usage: ssa/);
    expect(r.stdout).toBe('');
  });

  it.each([
    [{ PORT: 'abc' }, /PORT: must be a port number \(got "abc"\)/],
    [{ DATABASE_URL: 'mysql://localhost/x' }, /DATABASE_URL: must be a postgres/],
  ])('refuses bad configuration %j at start-up with exit 2', (env, message) => {
    const r = ssa(['serve'], env);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/Invalid configuration/);
    expect(r.stderr).toMatch(message);
  });

  it('says clearly when PostgreSQL cannot be reached', () => {
    const r = ssa(['serve'], { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/Cannot connect to PostgreSQL at postgres:\/\/nobody@127\.0\.0\.1:1\/none/);
  });
});

describe('ssa serve on the embedded database', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'dataforge-serve-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  // Two starts, the first generating the 50,000-object demo catalogue (about 15 s on this 2-core
  // machine, 30 s on a loaded day: the test took 57 s then, against the project's 60 s).
  it('keeps its data across a restart and refuses a second server on the same data directory', { timeout: 180_000 }, async () => {
    const first = await startApp({ dataDir });
    try {
      expect(first.output()).toMatch(/database: pglite .*start #1\)/);
      const health = await (await fetch(`${first.baseUrl}/api/health`)).json();
      expect(health).toMatchObject({ status: 'ok', version: '0.1.0', database: 'pglite', catalog: { objects: 50_000, source: 'demo' } });

      const second = ssa(['serve', '--port', '0', '--data-dir', dataDir]);
      expect(second.code).toBe(1);
      expect(second.stderr).toMatch(/is in use by process \d+/);
    } finally {
      await first.close();
    }
    const again = await startApp({ dataDir });
    try {
      expect(again.output()).toMatch(/start #2\)/);
    } finally {
      await again.close();
    }
  });
});

describe.skipIf(!DATABASE_URL)('ssa serve on PostgreSQL (DATABASE_URL)', () => {
  it('reports database "postgres" in /api/health', async () => {
    const app = await startApp({ env: { DATABASE_URL: DATABASE_URL ?? '' } });
    try {
      expect(await (await fetch(`${app.baseUrl}/api/health`)).json()).toMatchObject({ status: 'ok', database: 'postgres' });
    } finally {
      await app.close();
    }
  });
});
