/**
 * `ssa user` (issue 12) as one process per command, as an administrator runs it, and `ssa serve`'s
 * refusal to expose a server without accounts.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp } from '../browser/harness.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { AuditRepository } from '../../src/server/repositories/audit-repository.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
let dataDir: string;

function ssa(args: string[], options: { input?: string; env?: Record<string, string> } = {}) {
  const result = spawnSync(process.execPath, ['bin/ssa.js', ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...options.env },
    input: options.input ?? '',
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}
const lines = (stdout: string) => stdout.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'dataforge-user-cli-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('ssa user', () => {
  it('adds, lists, changes and removes accounts, never the last admin', () => {
    expect(ssa(['user', 'add', 'Alice', '--role', 'admin', '--password-stdin'], { input: 'alice-password\n' })).toMatchObject({ code: 0 });
    expect(ssa(['user', 'add', 'bob', '--role', 'viewer', '--password-stdin'], { input: 'bob-password\n' }).code).toBe(0);
    // createdVia (issue 30 item 6): where each account came from.
    expect(lines(ssa(['user', 'list']).stdout).map((u) => [u.username, u.role, u.createdVia])).toEqual([
      ['alice', 'admin', 'cli'],
      ['bob', 'viewer', 'cli'],
    ]);

    const duplicate = ssa(['user', 'add', 'BOB', '--role', 'viewer', '--password-stdin'], { input: 'another-one\n' });
    expect(duplicate.code).toBe(2);
    expect(duplicate.stderr).toBe("ssa: A user named 'bob' already exists\n\n");
    const short = ssa(['user', 'add', 'carol', '--role', 'viewer', '--password-stdin'], { input: 'short\n' });
    expect(short.stderr).toBe('ssa: the password must be at least 8 characters\n\n');
    expect(ssa(['user', 'add', 'carol', '--role', 'boss', '--password-stdin'], { input: 'carol-password\n' }).stderr).toBe("ssa: role 'boss' must be one of viewer, operator, admin\n\n");
    expect(ssa(['user', 'add', 'carol', '--role', 'viewer']).stderr).toMatch(/^ssa: no terminal to ask for the password: pipe it in with --password-stdin/);

    expect(lines(ssa(['user', 'role', 'bob', 'operator']).stdout)).toEqual([{ id: 2, username: 'bob', role: 'operator' }]);
    expect(ssa(['user', 'remove', 'alice']).stderr).toBe("ssa: 'alice' is the last admin; make another admin first\n\n");
    expect(ssa(['user', 'role', 'alice', 'viewer']).stderr).toBe("ssa: 'alice' is the last admin; make another admin first\n\n");
    expect(ssa(['user', 'password', 'bob', '--password-stdin'], { input: 'bob-new-password\n' }).code).toBe(0);
  });

  it('makes an API token that is printed once and works as a bearer token; revoked, it does not', async () => {
    const made = ssa(['user', 'token', 'add', 'bob', '--label', 'nightly import']);
    expect(made.code, made.stderr).toBe(0);
    const [token] = lines(made.stdout);
    expect(token).toMatchObject({ username: 'bob', label: 'nightly import', revokedAt: null });
    expect(String(token!.token)).toMatch(/^dft_[A-Za-z0-9_-]{43}$/);
    const listed = ssa(['user', 'token', 'list', 'bob']).stdout;
    expect(listed).not.toContain(String(token!.token));
    expect(lines(listed)).toEqual([expect.objectContaining({ id: token!.id, prefix: String(token!.token).slice(0, 12) })]);

    const app = await startApp({ dataDir, env: { AUTH: 'on', DEMO_CATALOG: 'off', SCREENING: 'off' } });
    try {
      const headers = { authorization: `Bearer ${String(token!.token)}` };
      expect((await fetch(`${app.baseUrl}/api/high-interest-objects`)).status).toBe(401);
      expect((await fetch(`${app.baseUrl}/api/high-interest-objects`, { headers })).status).toBe(200);
      const write = await fetch(`${app.baseUrl}/api/catalog/import`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'text/plain' },
        body: 'ISS (ZARYA)\n1 25544U 98067A   08264.51782528 -.00002182  00000-0 -11606-4 0  2927\n2 25544  51.6416 247.4627 0006703 130.5360 325.0288 15.72125391563537\n',
      });
      expect(write.status).toBe(200);
    } finally {
      await app.close();
    }
    expect(lines(ssa(['user', 'token', 'revoke', String(token!.id)]).stdout)).toEqual([{ revoked: token!.id }]);
    expect(ssa(['user', 'token', 'revoke', String(token!.id)]).stderr).toBe(`ssa: token ${String(token!.id)} is already revoked\n\n`);

    const app2 = await startApp({ dataDir, env: { AUTH: 'on', DEMO_CATALOG: 'off', SCREENING: 'off' } });
    try {
      const res = await fetch(`${app2.baseUrl}/api/high-interest-objects`, { headers: { authorization: `Bearer ${String(token!.token)}` } });
      expect(res.status).toBe(401);
      const audit = await fetch(`${app2.baseUrl}/api/audit`, { headers: { authorization: `Bearer ${String(token!.token)}` } });
      expect(audit.status).toBe(401);
    } finally {
      await app2.close();
    }
  }, 120_000);
});

describe('the audit log of ssa', () => {
  it('records account changes and imports as cli:<os user>, with the command and its files', async () => {
    const file = join(dataDir, 'iss.tle');
    await writeFile(file, '1 25544U 98067A   08264.51782528 -.00002182  00000-0 -11606-4 0  2927\n2 25544  51.6416 247.4627 0006703 130.5360 325.0288 15.72125391563537\n');
    expect(ssa(['catalog', 'import', file]).code).toBe(0);
    const database = await openDatabase({ dataDir });
    try {
      const { entries } = await new AuditRepository(database.db).list({ limit: 100, offset: 0 });
      const actor = `cli:${userInfo().username}`;
      expect(entries.filter((e) => e.via === 'cli').map((e) => [e.actor, e.action, e.status])).toEqual([
        [actor, 'ssa catalog import', 0],
        [actor, 'ssa user token revoke', 0],
        [actor, 'ssa user token add', 0],
        [actor, 'ssa user password', 0],
        [actor, 'ssa user role', 0],
        [actor, 'ssa user add', 0],
        [actor, 'ssa user add', 0],
      ]);
      expect(entries[0]!.detail).toEqual({ files: ['iss.tle'], failed: 0 });
      // The server's own rows for the bearer requests of the token test are there too.
      expect(entries.some((e) => e.via === 'token' && e.actor === 'bob' && e.action === '/api/catalog/import' && e.status === 200)).toBe(true);
    } finally {
      await database.close();
    }
  });
});

describe('ssa serve on the network', () => {
  it.each([
    [{ HOST: '0.0.0.0' }, /^ssa: Refusing to start: HOST=0\.0\.0\.0 is not a loopback address: set AUTH=on/],
    [{ HOST: '0.0.0.0', AUTH: 'on' }, /^ssa: Refusing to start: HOST=0\.0\.0\.0 is not a loopback address: set PUBLIC_ORIGIN/],
    [{ AUTH: 'on', PUBLIC_ORIGIN: 'https://ssa.example.org' }, /^ssa: Refusing to start: PUBLIC_ORIGIN is https but TRUST_PROXY is off/],
  ])('refuses %j with exit 2 and the reason', (env, message) => {
    const r = ssa(['serve', '--port', '0'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
  });

  it('refuses AUTH=on without an admin account', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'dataforge-user-cli-empty-'));
    try {
      const r = ssa(['serve', '--port', '0', '--data-dir', empty], { env: { AUTH: 'on' } });
      expect(r.code).toBe(2);
      expect(r.stderr).toBe("ssa: Refusing to start: AUTH=on but there is no admin account. Create one with 'ssa user add NAME --role admin' (same DATA_DIR or DATABASE_URL).\n");
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});
