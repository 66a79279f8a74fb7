/**
 * The daily digest with accounts (AUTH=on): any signed-in role reads it (a viewer too, the JSON and
 * the PDF), nobody signed out does. As users reach such a server: over HTTPS through its proxy.
 */
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './support/app.ts';

const VIA_PROXY = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'ssa.example.org' };

const server = useTestApp({
  name: 'digest-auth',
  env: { DEMO_CATALOG: 'off', SCREENING: 'off', AUTH: 'on', TRUST_PROXY: '127.0.0.1', PUBLIC_ORIGIN: 'https://ssa.example.org', OPERATOR_LABEL: 'DIGEST AUTH OPS' },
  prepare: async (ctx) => {
    const now = new Date();
    await ctx.services.accounts.addUser({ username: 'ada', password: 'admin-password', role: 'admin' }, now);
    await ctx.services.accounts.addUser({ username: 'vera', password: 'viewer-password', role: 'viewer' }, now);
  },
});

const sessionOf = (res: LightMyRequestResponse) => {
  const cookie = res.cookies.find((c) => c.name === 'dataforge_session');
  if (!cookie) throw new Error('no session cookie');
  return `dataforge_session=${cookie.value}`;
};

describe('GET /api/digest/daily(.pdf) with AUTH=on', () => {
  it('needs a sign-in', async () => {
    for (const url of ['/api/digest/daily?date=2026-12-06', '/api/digest/daily.pdf?date=2026-12-06']) {
      const res = await server.app.inject({ url, headers: VIA_PROXY });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ message: 'Sign in required' });
    }
  });

  it('is read by a viewer: an empty day reads as such', async () => {
    const login = await server.app.inject({ method: 'POST', url: '/api/auth/login', headers: VIA_PROXY, payload: { username: 'vera', password: 'viewer-password' } });
    expect(login.statusCode).toBe(200);
    const headers = { ...VIA_PROXY, cookie: sessionOf(login) };
    const json = await server.app.inject({ url: '/api/digest/daily?date=2026-12-06', headers });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toMatchObject({
      date: '2026-12-06',
      windowStart: '2026-12-06T06:00:00.000Z',
      operatorLabel: 'DIGEST AUTH OPS',
      alerts: { open: 0, atOrAboveLevel: [], others: [], othersTotal: 0 },
      cdms: { total: 0, items: [] },
      decisions: [],
      catalogRun: null,
    });
    const pdf = await server.app.inject({ url: '/api/digest/daily.pdf?date=2026-12-06', headers });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="data-forge-digest-2026-12-06.pdf"');
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
