/**
 * Accounts, roles and closed doors (issue 12), through the real Fastify app: sign-in with the
 * session cookie, CSRF on cookie writes, roles, bearer tokens, rate limits, Host and Origin checks,
 * HSTS behind a proxy, the audit log; and the loopback default without accounts, unchanged except
 * that cross-origin writes and foreign Host names are refused there too.
 */
import { connect } from 'node:net';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { configurationProblem, exposureProblem, loadConfig } from '../../src/server/config.ts';
import { useTestApp } from './support/app.ts';

const TLE = [
  'ISS (ZARYA)',
  '1 25544U 98067A   08264.51782528 -.00002182  00000-0 -11606-4 0  2927',
  '2 25544  51.6416 247.4627 0006703 130.5360 325.0288 15.72125391563537',
].join('\n');

const sessionCookie = (res: LightMyRequestResponse) => {
  const cookie = res.cookies.find((c) => c.name === 'dataforge_session');
  if (!cookie) throw new Error(`no session cookie in ${JSON.stringify(res.headers['set-cookie'])}`);
  return cookie;
};

/** As users reach the AUTH=on suite's server: over HTTPS through its proxy (TRUST_PROXY=127.0.0.1: inject's address), so the Secure cookie is set. */
const VIA_PROXY = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'ssa.example.org' };

async function signIn(app: FastifyInstance, username: string, password: string) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', headers: VIA_PROXY, payload: { username, password } });
  expect(res.statusCode, res.body).toBe(200);
  const cookie = sessionCookie(res);
  return { cookie: `dataforge_session=${cookie.value}`, csrf: (res.json() as { csrfToken: string }).csrfToken, raw: cookie };
}

describe('a loopback server without accounts (the default)', () => {
  const server = useTestApp({ name: 'auth-off', env: { DEMO_CATALOG: 'off', SCREENING: 'off' } });

  it('reads and writes without sign-in, with the operator label, as before', async () => {
    const session = await server.app.inject({ url: '/api/auth/session' });
    expect(session.json()).toEqual({ authRequired: false, user: { username: 'SDA Operations Center', role: 'admin', via: 'local' }, csrfToken: null });
    expect((await server.app.inject({ url: '/api/app-info' })).json()).toMatchObject({ operatorLabel: 'SDA Operations Center' });
    const imported = await server.app.inject({ method: 'POST', url: '/api/catalog/import', headers: { 'content-type': 'text/plain' }, payload: TLE });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ setsAdded: 1 });
  });

  it('refuses a cross-origin text/plain POST to both imports (no preflight protects them)', async () => {
    for (const url of ['/api/catalog/import', '/api/space-weather/import']) {
      const res = await server.app.inject({ method: 'POST', url, headers: { 'content-type': 'text/plain', origin: 'https://evil.example' }, payload: TLE });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: "Cross-origin write refused: origin 'https://evil.example' is not this server's" });
      const fetchSite = await server.app.inject({ method: 'POST', url, headers: { 'content-type': 'text/plain', 'sec-fetch-site': 'cross-site' }, payload: TLE });
      expect(fetchSite.statusCode).toBe(403);
    }
    // The same origin is welcome (what a browser sends from the app itself).
    const own = await server.app.inject({ method: 'POST', url: '/api/catalog/import', headers: { 'content-type': 'text/plain', origin: 'http://localhost:80', 'sec-fetch-site': 'same-origin' }, payload: TLE });
    expect(own.statusCode, own.body).toBe(200);
  });

  it('answers only for its own host names (DNS rebinding reaches nothing)', async () => {
    const rebound = await server.app.inject({ url: '/api/high-interest-objects', headers: { host: 'attacker.example:5000' } });
    expect(rebound.statusCode).toBe(421);
    expect(rebound.json().message).toBe("This server does not answer for host 'attacker.example:5000' (set PUBLIC_ORIGIN to serve it)");
    // Without TRUST_PROXY a forwarded host is not believed.
    const forwarded = await server.app.inject({ url: '/api/high-interest-objects', headers: { host: 'attacker.example:5000', 'x-forwarded-host': 'localhost' } });
    expect(forwarded.statusCode).toBe(421);
    for (const host of ['localhost:5000', '127.0.0.1:5000', '[::1]:5000', 'LOCALHOST', '127.0.0.1']) {
      expect((await server.app.inject({ url: '/api/health', headers: { host } })).statusCode, host).not.toBe(421);
    }
    // Issue 30 item 5: a Host value is `uri-host [":" port]` (RFC 9110 §7.2); anything else names no host of ours.
    for (const host of ['127.0.0.1:5083@evil.example', '127.0.0.1:5083 evil.example', 'localhost:5000:80', 'localhost:http', 'localhost@127.0.0.1', '[::1', 'local host']) {
      expect((await server.app.inject({ url: '/api/health', headers: { host } })).statusCode, host).toBe(421);
    }
  });

  it('lets no cache keep an API answer its route does not mark cacheable', async () => {
    for (const url of ['/api/audit?limit=1', '/api/health', '/api/auth/session']) {
      expect((await server.app.inject({ url })).headers['cache-control'], url).toBe('no-store');
    }
  });

  it('sends no CORS headers to another origin', async () => {
    const res = await server.app.inject({ url: '/api/high-interest-objects', headers: { origin: 'https://evil.example' } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await server.app.inject({ method: 'OPTIONS', url: '/api/catalog/import', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('records every write in the audit log as the local operator', async () => {
    const res = await server.app.inject({ url: '/api/audit?limit=50' });
    expect(res.statusCode).toBe(200);
    const entries = (res.json() as { entries: { actor: string; via: string; action: string; status: number }[] }).entries;
    expect(entries.filter((e) => e.action === '/api/catalog/import' && e.status === 200)).toEqual([
      expect.objectContaining({ actor: 'SDA Operations Center', via: 'local' }),
      expect.objectContaining({ actor: 'SDA Operations Center', via: 'local' }),
    ]);
    expect(entries.filter((e) => e.status === 403).length).toBe(4);
  });

  // Issue 30 item 2: the audit's copy of this body overflowed the stack and the row was not written.
  it('audits a refused write whatever its body: JSON nested 10,000 deep', async () => {
    const payload = `{"thresholdKm":${'['.repeat(10_000)}5${']'.repeat(10_000)}}`;
    const res = await server.app.inject({ method: 'PATCH', url: '/api/settings', headers: { 'content-type': 'application/json' }, payload });
    expect(res.statusCode).toBe(400);
    const { entries } = (await server.app.inject({ url: '/api/audit?limit=1' })).json() as { entries: { action: string; status: number; detail: unknown }[] };
    expect(entries[0]).toMatchObject({ action: '/api/settings', status: 400 });
    expect(JSON.stringify(entries[0]!.detail)).toContain('[cut: nested deeper than 8 levels]');
  });

  // Issue 30 item 6: while AUTH is off any local process can make accounts; they are marked so.
  it('marks accounts and tokens made through the API while AUTH is off, also those made before the mark (from the audit)', async () => {
    const made = await server.app.inject({ method: 'POST', url: '/api/users', payload: { username: 'mallory', password: 'mallory-password', role: 'admin' } });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ username: 'mallory', createdVia: 'api_auth_off' });
    const token = await server.app.inject({ method: 'POST', url: `/api/users/${(made.json() as { id: number }).id}/tokens`, payload: { label: 'backdoor' } });
    expect(token.statusCode, token.body).toBe(201);
    expect(token.json()).toMatchObject({ record: { username: 'mallory', label: 'backdoor', createdVia: 'api_auth_off' } });
    await server.ctx.services.accounts.addUser({ username: 'carol', password: 'carol-password', role: 'viewer' }, new Date());
    const open = await server.ctx.services.accounts.madeWhileAuthOff();
    expect(open.users.map((u) => u.username)).toEqual(['mallory']);
    expect(open.tokens.map((t) => t.label)).toEqual(['backdoor']);

    // Rows made before the column existed get it from the audit row of their creation (migration 0016).
    const db = server.ctx.database.db;
    await db.execute(sql`UPDATE users SET created_via = NULL`);
    await db.execute(sql`UPDATE api_tokens SET created_via = NULL`);
    const migration = await readFile(new URL('../../drizzle/0016_account_origin.sql', import.meta.url), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint').filter((s) => /^\s*(--.*\n)*\s*UPDATE/.test(s))) await db.execute(sql.raw(statement));
    const users = await server.ctx.services.accounts.listUsers();
    expect(users.map((u) => [u.username, u.createdVia])).toEqual([
      ['carol', null],
      ['mallory', 'api_auth_off'],
    ]);
    expect((await server.ctx.services.accounts.madeWhileAuthOff()).tokens.map((t) => t.label)).toEqual(['backdoor']);
  });

  // Issue 30 item 1: year 0000 reached PostgreSQL as an out-of-range timestamp (a 500). PostgreSQL
  // has no year 0 and does not read JavaScript's "+010000-…" (manual §8.5), so the filters take 0001–9999 UTC.
  it('refuses filter dates the database cannot hold with a 400 naming the field and the range', async () => {
    for (const [path, field] of [['/api/conjunctions?status=all&', 'tcaFrom'], ['/api/conjunctions?status=all&', 'tcaTo'], ['/api/audit?', 'from'], ['/api/audit?', 'to']] as const) {
      for (const value of ['0000-06-15T00:00:00Z', '0001-01-01T00:00:00+05:00', '9999-12-31T23:59:59-05:00', '10000-01-01T00:00:00Z', '+010000-01-01T00:00:00.000Z']) {
        const res = await server.app.inject({ url: `${path}${field}=${encodeURIComponent(value)}` });
        expect(res.statusCode, `${field}=${value}`).toBe(400);
        const { message } = res.json() as { message: string };
        expect(message, `${field}=${value}`).toContain(field);
        if (!value.startsWith('1') && !value.startsWith('+')) expect(message).toContain('between 0001-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z');
      }
      for (const value of ['0001-01-01T00:00:00Z', '1900-01-01T00:00:00Z', '9999-12-31T23:59:59Z']) {
        expect((await server.app.inject({ url: `${path}${field}=${encodeURIComponent(value)}` })).statusCode, `${field}=${value}`).toBe(200);
      }
    }
  });
});

describe('a flood of refused writes', () => {
  const server = useTestApp({ name: 'auth-flood', env: { DEMO_CATALOG: 'off', SCREENING: 'off' } });

  it('leaves at most 30 audit rows a minute per address', async () => {
    for (let i = 0; i < 45; i++) {
      const res = await server.app.inject({ method: 'POST', url: `/api/catalog/import?name=${'x'.repeat(400)}${i}`, remoteAddress: '10.9.9.9', headers: { 'content-type': 'text/plain', origin: 'https://evil.example' }, payload: TLE });
      expect(res.statusCode).toBe(403);
    }
    const { entries } = (await server.app.inject({ url: '/api/audit?limit=1000' })).json() as { entries: { ip: string; status: number }[] };
    expect(entries.filter((e) => e.ip === '10.9.9.9').length).toBe(30);
  });
});

describe('a server with accounts (AUTH=on)', () => {
  const server = useTestApp({
    name: 'auth-on',
    env: { DEMO_CATALOG: 'off', SCREENING: 'off', AUTH: 'on', LOGIN_ATTEMPTS_PER_15_MIN: '5', WRITES_PER_MINUTE: '30', TRUST_PROXY: '127.0.0.1', PUBLIC_ORIGIN: 'https://ssa.example.org' },
    prepare: async (ctx) => {
      const now = new Date();
      await ctx.services.accounts.addUser({ username: 'ada', password: 'admin-password', role: 'admin' }, now);
      await ctx.services.accounts.addUser({ username: 'otto', password: 'operator-password', role: 'operator' }, now);
      await ctx.services.accounts.addUser({ username: 'vera', password: 'viewer-password', role: 'viewer' }, now);
    },
  });

  it('demands a sign-in for the API and the OpenAPI UI, not for the page shell and health', async () => {
    for (const url of ['/api/high-interest-objects', '/api/dashboard/stats', '/api/docs', '/api/docs/json', '/api/users']) {
      const res = await server.app.inject({ url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ message: 'Sign in required' });
    }
    expect((await server.app.inject({ url: '/api/health' })).statusCode).not.toBe(401);
    expect((await server.app.inject({ url: '/api/auth/session' })).json()).toEqual({ authRequired: true, user: null, csrfToken: null });
  });

  it('decides from the route matched, not the spelling of the path: encoded and absolute-form targets get no further', async () => {
    for (const [method, url] of [
      ['GET', '/%61pi/high-interest-objects'],
      ['POST', '/%61pi/catalog/import'],
      ['POST', '/api/%63atalog/import'],
    ] as const) {
      const res = await server.app.inject({ method, url, headers: { 'content-type': 'text/plain' }, ...(method === 'POST' ? { payload: TLE } : {}) });
      expect(res.statusCode, url).toBe(401);
    }
    // An absolute-form request line, over a real socket (inject always sends a path).
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const port = new URL(address).port;
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(`POST http://localhost/api/catalog/import HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(TLE)}\r\nConnection: close\r\n\r\n${TLE}`);
      });
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('The request target must be a path starting with /');
  });

  it('signs in with an HttpOnly, SameSite=Strict session cookie, Secure behind the HTTPS proxy', async () => {
    const wrong = await server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'otto', password: 'not-it' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Wrong username or password' });
    const unknown = await server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'nobody', password: 'not-it' } });
    expect(unknown.json()).toEqual({ message: 'Wrong username or password' });

    const res = await server.app.inject({ method: 'POST', url: '/api/auth/login', headers: VIA_PROXY, payload: { username: 'OTTO', password: 'operator-password' } });
    expect(res.statusCode, res.body).toBe(200);
    const cookie = sessionCookie(res);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', secure: true, path: '/' });
    expect(res.json()).toMatchObject({ authRequired: true, user: { username: 'otto', role: 'operator', via: 'session' } });
    const me = await server.app.inject({ url: '/api/app-info', headers: { cookie: `dataforge_session=${cookie.value}` } });
    expect(me.json()).toMatchObject({ operatorLabel: 'otto' });
  });

  it('sends HSTS only on requests that came over HTTPS through the trusted proxy', async () => {
    const https = await server.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'ssa.example.org' } });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect((await server.app.inject({ url: '/api/health' })).headers['strict-transport-security']).toBeUndefined();
  });

  it('needs the CSRF token for cookie writes, and refuses other origins even with it', async () => {
    const otto = await signIn(server.app, 'otto', 'operator-password');
    const post = (headers: Record<string, string>) =>
      server.app.inject({ method: 'POST', url: '/api/catalog/import', headers: { cookie: otto.cookie, 'content-type': 'text/plain', ...headers }, payload: TLE });
    const without = await post({});
    expect(without.statusCode).toBe(403);
    expect(without.json()).toEqual({ message: 'CSRF token missing or invalid: send the x-csrf-token header given by GET /api/auth/session' });
    expect((await post({ 'x-csrf-token': 'forged' })).statusCode).toBe(403);
    expect((await post({ 'x-csrf-token': otto.csrf, origin: 'https://evil.example' })).statusCode).toBe(403);
    const ok = await post({ 'x-csrf-token': otto.csrf });
    expect(ok.statusCode, ok.body).toBe(200);
    // The configured public origin is this server's too.
    expect((await post({ 'x-csrf-token': otto.csrf, origin: 'https://ssa.example.org' })).statusCode).toBe(200);
    // GET /api/auth/session gives the same session a token that works.
    const session = (await server.app.inject({ url: '/api/auth/session', headers: { cookie: otto.cookie } })).json() as { csrfToken: string };
    expect((await post({ 'x-csrf-token': session.csrfToken })).statusCode).toBe(200);
  });

  it('lets a viewer read and nothing more; an operator write; only an admin manage accounts', async () => {
    const vera = await signIn(server.app, 'vera', 'viewer-password');
    expect((await server.app.inject({ url: '/api/high-interest-objects', headers: { cookie: vera.cookie } })).statusCode).toBe(200);
    const write = await server.app.inject({ method: 'POST', url: '/api/catalog/import', headers: { cookie: vera.cookie, 'x-csrf-token': vera.csrf, 'content-type': 'text/plain' }, payload: TLE });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toEqual({ message: "This needs the operator role; 'vera' is a viewer" });
    // A calculation that stores nothing is open to a viewer (spec §6's ROI example: 100 satellites at $50M).
    const roi = await server.app.inject({
      method: 'POST',
      url: '/api/calculator/roi',
      headers: { cookie: vera.cookie, 'x-csrf-token': vera.csrf },
      payload: { satellites: 100, costPerSatellite: 5e7, annualLossRate: 0.02, preventionRate: 0.3, annualInsurance: 1e8, insuranceDiscount: 0.05, annualFuelSavings: 2e6, annualRevenueAtRisk: 5e8, preventedDowntime: 0.01, dataServiceCost: 5e5 },
    });
    expect(roi.statusCode, roi.body).toBe(200);

    const otto = await signIn(server.app, 'otto', 'operator-password');
    const users = await server.app.inject({ url: '/api/users', headers: { cookie: otto.cookie } });
    expect(users.statusCode).toBe(403);
    expect(users.json()).toEqual({ message: "This needs the admin role; 'otto' is an operator" });

    const ada = await signIn(server.app, 'ada', 'admin-password');
    const list = await server.app.inject({ url: '/api/users', headers: { cookie: ada.cookie } });
    // Issue 30 item 5: authenticated answers are kept by no cache.
    for (const url of ['/api/users', '/api/audit?limit=1', '/api/tokens', '/api/auth/session']) {
      expect((await server.app.inject({ url, headers: { cookie: ada.cookie } })).headers['cache-control'], url).toBe('no-store');
    }
    expect((list.json() as { users: { username: string; role: string }[] }).users.map((u) => [u.username, u.role])).toEqual([
      ['ada', 'admin'],
      ['otto', 'operator'],
      ['vera', 'viewer'],
    ]);
    const duplicate = await server.app.inject({ method: 'POST', url: '/api/users', headers: { cookie: ada.cookie, 'x-csrf-token': ada.csrf }, payload: { username: 'Vera', password: 'whatever-1', role: 'viewer' } });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ message: "A user named 'vera' already exists" });
    const short = await server.app.inject({ method: 'POST', url: '/api/users', headers: { cookie: ada.cookie, 'x-csrf-token': ada.csrf }, payload: { username: 'newbie', password: 'short', role: 'viewer' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain('body.password');
    const lastAdmin = await server.app.inject({ method: 'PATCH', url: '/api/users/1', headers: { cookie: ada.cookie, 'x-csrf-token': ada.csrf }, payload: { role: 'viewer' } });
    expect(lastAdmin.statusCode).toBe(409);
    expect(lastAdmin.json()).toEqual({ message: "'ada' is the last admin; make another admin first" });
  });

  it('gives scripts bearer tokens: shown once, stored hashed, no CSRF needed, dead when revoked', async () => {
    const ada = await signIn(server.app, 'ada', 'admin-password');
    const created = await server.app.inject({ method: 'POST', url: '/api/users/2/tokens', headers: { cookie: ada.cookie, 'x-csrf-token': ada.csrf }, payload: { label: 'nightly import' } });
    expect(created.statusCode, created.body).toBe(201);
    const { token, record } = created.json() as { token: string; record: { id: number; prefix: string; username: string } };
    expect(token).toMatch(/^dft_[A-Za-z0-9_-]{43}$/);
    expect(record).toMatchObject({ prefix: token.slice(0, 12), username: 'otto' });
    const listed = await server.app.inject({ url: '/api/tokens', headers: { cookie: ada.cookie } });
    expect(listed.body).not.toContain(token);

    const bearer = { authorization: `Bearer ${token}` };
    const imported = await server.app.inject({ method: 'POST', url: '/api/catalog/import', headers: { ...bearer, 'content-type': 'text/plain' }, payload: TLE });
    expect(imported.statusCode, imported.body).toBe(200);
    expect((await server.app.inject({ url: '/api/users', headers: bearer })).statusCode).toBe(403);

    const revoked = await server.app.inject({ method: 'DELETE', url: `/api/tokens/${record.id}`, headers: { cookie: ada.cookie, 'x-csrf-token': ada.csrf } });
    expect(revoked.statusCode).toBe(204);
    const after = await server.app.inject({ url: '/api/high-interest-objects', headers: bearer });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: 'The API token is unknown or revoked' });
    expect((await server.app.inject({ url: '/api/health', headers: { authorization: 'Basic abc' } })).statusCode).toBe(401);
  });

  it("ends a user's sessions when an admin sets a new password, and audits the role change, never the password", async () => {
    const vera = await signIn(server.app, 'vera', 'viewer-password');
    const ada = await signIn(server.app, 'ada', 'admin-password');
    const reset = await server.app.inject({ method: 'PATCH', url: '/api/users/3', headers: { cookie: ada.cookie, 'x-csrf-token': ada.csrf }, payload: { password: 'viewer-password-2' } });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await server.app.inject({ url: '/api/high-interest-objects', headers: { cookie: vera.cookie } })).statusCode).toBe(401);
    const back = await server.app.inject({ method: 'PATCH', url: '/api/users/3', headers: { cookie: ada.cookie, 'x-csrf-token': ada.csrf }, payload: { password: 'viewer-password', role: 'viewer' } });
    expect(back.statusCode).toBe(200);
    const { entries } = (await server.app.inject({ url: '/api/audit?limit=5', headers: { cookie: ada.cookie } })).json() as { entries: { action: string; detail: unknown }[] };
    const patches = entries.filter((e) => e.action === '/api/users/:id');
    expect(patches.map((e) => e.detail)).toEqual([{ params: { id: 3 }, body: { role: 'viewer' } }, { params: { id: 3 } }]);
    expect(JSON.stringify(entries)).not.toContain('viewer-password');
  });

  it('keeps one admin when two are removed at once', async () => {
    const now = new Date();
    const a = await server.ctx.services.accounts.addUser({ username: 'admin-a', password: 'admin-a-password', role: 'admin' }, now);
    const results = await Promise.allSettled([server.ctx.services.accounts.removeUser('ada'), server.ctx.services.accounts.removeUser(a.id)]);
    // ada and admin-a were the two admins: one removal passes, the other meets the guard.
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(await server.ctx.services.accounts.countAdmins()).toBe(1);
    // Put ada back if she was the one removed, for the tests after this one.
    if (!(await server.ctx.services.accounts.findUser('ada'))) {
      await server.ctx.services.accounts.addUser({ username: 'ada', password: 'admin-password', role: 'admin' }, now);
    }
  });

  it('signs out: the session is gone on the server, the old cookie opens nothing', async () => {
    const vera = await signIn(server.app, 'vera', 'viewer-password');
    const out = await server.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: vera.cookie, 'x-csrf-token': vera.csrf } });
    expect(out.statusCode).toBe(204);
    expect((await server.app.inject({ url: '/api/high-interest-objects', headers: { cookie: vera.cookie } })).statusCode).toBe(401);
  });

  it("ends a removed user's sessions at once", async () => {
    const ada = await signIn(server.app, 'ada', 'admin-password');
    const created = await server.app.inject({ method: 'POST', url: '/api/users', headers: { cookie: ada.cookie, 'x-csrf-token': ada.csrf }, payload: { username: 'temp', password: 'temporary-1', role: 'viewer' } });
    expect(created.statusCode).toBe(201);
    const temp = await signIn(server.app, 'temp', 'temporary-1');
    expect((await server.app.inject({ url: '/api/high-interest-objects', headers: { cookie: temp.cookie } })).statusCode).toBe(200);
    const removed = await server.app.inject({ method: 'DELETE', url: `/api/users/${(created.json() as { id: number }).id}`, headers: { cookie: ada.cookie, 'x-csrf-token': ada.csrf } });
    expect(removed.statusCode).toBe(204);
    expect((await server.app.inject({ url: '/api/high-interest-objects', headers: { cookie: temp.cookie } })).statusCode).toBe(401);
  });

  it('limits sign-in attempts per account and address, and writes per user', async () => {
    const attempt = (ip: string) => server.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: ip, payload: { username: 'ada', password: 'guess' } });
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await attempt('10.0.0.7')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const limited = await attempt('10.0.0.7');
    expect(limited.json().message).toMatch(/^Too many requests: at most 5 in 15 minutes; try again in \d+ s$/);
    // Another address may still try the account; the right password from it works.
    expect((await attempt('10.0.0.8')).statusCode).toBe(401);
    // One address trying many accounts meets its own limit: 10 × 5 attempts in 15 minutes.
    const spread: number[] = [];
    for (let i = 0; i < 51; i++) {
      spread.push((await server.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: '10.0.0.9', payload: { username: `someone${i}`, password: 'guess' } })).statusCode);
    }
    expect(spread.slice(0, 50).every((s) => s === 401)).toBe(true);
    expect(spread[50]).toBe(429);

    const otto = await signIn(server.app, 'otto', 'operator-password');
    const codes: number[] = [];
    for (let i = 0; i < 32; i++) {
      const res = await server.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: 'dataforge_session=none' } });
      codes.push(res.statusCode);
    }
    expect(codes).toContain(204);
    const writes: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await server.app.inject({ method: 'POST', url: '/api/catalog/import', headers: { cookie: otto.cookie, 'x-csrf-token': otto.csrf, 'content-type': 'text/plain' }, payload: TLE });
      writes.push(res.statusCode);
    }
    expect(writes.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(writes.slice(0, 20).every((s) => s === 200)).toBe(true);
  });

  it('shows admins the audit log: who, what, when, and how it ended', async () => {
    const ada = await signIn(server.app, 'ada', 'admin-password');
    const res = await server.app.inject({ url: '/api/audit?actor=otto&limit=1000', headers: { cookie: ada.cookie } });
    expect(res.statusCode).toBe(200);
    const { entries } = res.json() as { entries: { actor: string; via: string; role: string; method: string; action: string; status: number; at: string }[] };
    expect(entries.some((e) => e.action === '/api/catalog/import' && e.status === 200 && e.via === 'session' && e.role === 'operator')).toBe(true);
    expect(entries.some((e) => e.action === '/api/catalog/import' && e.status === 200 && e.via === 'token')).toBe(true);
    expect(entries.some((e) => e.action === '/api/catalog/import' && e.status === 403)).toBe(true);
    expect(entries.some((e) => e.action === '/api/auth/login' && e.status === 401)).toBe(true);
    // A failed sign-in names an account only when it exists (people type passwords into the username field).
    const all = (await server.app.inject({ url: '/api/audit?limit=1000', headers: { cookie: ada.cookie } })).json() as { entries: { actor: string; action: string }[] };
    expect(all.entries.some((e) => e.action === '/api/auth/login' && e.actor === 'nobody')).toBe(false);
    expect(all.entries.some((e) => e.action === '/api/auth/login' && e.actor === '(unknown user)')).toBe(true);
    expect(entries.every((e) => Date.now() - Date.parse(e.at) < 10 * 60_000)).toBe(true);
    const vera = await signIn(server.app, 'vera', 'viewer-password');
    expect((await server.app.inject({ url: '/api/audit', headers: { cookie: vera.cookie } })).statusCode).toBe(403);
  });
});

describe('exposure rules', () => {
  it('refuse a non-loopback HOST without accounts and a public origin, and an https origin without a trusted proxy', () => {
    expect(exposureProblem(loadConfig({ HOST: '127.0.0.1' }))).toBeUndefined();
    expect(exposureProblem(loadConfig({ HOST: '0.0.0.0' }))).toMatch(/^HOST=0\.0\.0\.0 is not a loopback address: set AUTH=on/);
    expect(exposureProblem(loadConfig({ HOST: '0.0.0.0', AUTH: 'on' }))).toMatch(/set PUBLIC_ORIGIN/);
    expect(exposureProblem(loadConfig({ HOST: '0.0.0.0', AUTH: 'on', PUBLIC_ORIGIN: 'http://10.1.2.3:5000' }))).toBeUndefined();
    expect(configurationProblem(loadConfig({ AUTH: 'on', PUBLIC_ORIGIN: 'https://ssa.example.org' }))).toMatch(/TRUST_PROXY is off/);
    expect(() => loadConfig({ PUBLIC_ORIGIN: 'https://ssa.example.org/path' })).toThrow(/PUBLIC_ORIGIN: 'https:\/\/ssa.example.org\/path' must be an origin/);
    // Behind a proxy, or named by a public origin, a loopback server serves the network too.
    expect(exposureProblem(loadConfig({ TRUST_PROXY: '127.0.0.1' }))).toMatch(/^TRUST_PROXY is set/);
    expect(exposureProblem(loadConfig({ PUBLIC_ORIGIN: 'http://ssa.ops.lan:5000' }))).toMatch(/^PUBLIC_ORIGIN http:\/\/ssa.ops.lan:5000 is not a loopback address: set AUTH=on/);
    expect(exposureProblem(loadConfig({ PUBLIC_ORIGIN: 'http://localhost:5000' }))).toBeUndefined();
    // Only named proxies are trusted: a hop count or "on" would believe any client's X-Forwarded-*.
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY: must be off, or the proxy addresses/);
    expect(() => loadConfig({ TRUST_PROXY: 'on' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(configurationProblem(loadConfig({ PUBLIC_ORIGIN: 'https://a.example.org,http://b.example.org' }))).toMatch(/mixes http and https/);
  });
});
