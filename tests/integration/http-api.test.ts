import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { createAppContext } from '../../src/server/app-context.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase, type Database } from '../../src/server/db/database.ts';
import { VERSION } from '../../src/server/version.ts';

// The HTTP contract of issue 2 through Fastify's inject (no socket), on PGlite.
let dir: string;
let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dataforge-http-'));
  const webDir = join(dir, 'web');
  await mkdir(join(webDir, 'assets'), { recursive: true });
  await writeFile(join(webDir, 'index.html'), '<!doctype html><title>Data Forge</title><div id="root"></div>');
  await writeFile(join(webDir, 'assets', 'app-1234.js'), 'console.log(1)');
  const config = loadConfig({ DATA_DIR: join(dir, 'data'), OPERATOR_LABEL: 'Ops Shift B', LOG_LEVEL: 'silent' });
  database = await openDatabase({ dataDir: config.DATA_DIR });
  app = await buildApp(createAppContext(config, database, VERSION), { webDir });
  // A route that fails, to check that a server error never leaks its stack.
  app.get('/api/test/explode', async () => {
    throw new Error('secret internal detail at /srv/data-forge/src/x.ts:12');
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('GET /api/health', () => {
  it('answers 200 with status, version and database kind', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      version: '0.1.0',
      database: 'pglite',
      databaseStatus: 'ok',
      catalog: { objects: 0, source: 'empty', newest_epoch: null },
    });
  });

  it('sends security headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });
});

describe('GET /api/app-info', () => {
  it('gives the operator label from OPERATOR_LABEL', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/app-info' });
    expect(res.json()).toEqual({ name: 'Data Forge', version: '0.1.0', operatorLabel: 'Ops Shift B' });
  });
});

describe('errors', () => {
  it('answers an unknown API path with a JSON 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/no-such-thing?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ message: 'Not found: GET /api/no-such-thing' });
  });

  it('answers invalid input with a 400 naming the field', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/calculator/roi',
      payload: {
        satellites: 100,
        costPerSatellite: 'lots',
        annualLossRate: 0.05,
        preventionRate: 0.1,
        annualInsurance: 1e6,
        insuranceDiscount: 0.05,
        annualFuelSavings: 1e4,
        annualRevenueAtRisk: 1e6,
        preventedDowntime: 0.1,
        dataServiceCost: 150000,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Invalid request: body\.costPerSatellite: .*expected number/);
  });

  it('answers a negative value with a 400 naming the field', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/calculator/roi', payload: { ...defaults(), dataServiceCost: -1 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/body\.dataServiceCost/);
  });

  it('answers malformed JSON with a 400', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/calculator/roi',
      headers: { 'content-type': 'application/json' },
      payload: '{"satellites": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/not valid JSON/);
  });

  it('answers an unsupported content type with a 415', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/calculator/roi', headers: { 'content-type': 'text/csv' }, payload: 'a,b' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toHaveProperty('message');
  });

  it('never sends a stack trace or internal detail with a 500', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/explode' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Internal server error' });
    expect(res.body).not.toContain('secret');
  });
});

describe('POST /api/calculator/roi', () => {
  it('computes the spec defaults', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/calculator/roi', payload: defaults() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ totalSavings: 210000, netGain: 60000, roiPercent: 40, paybackMonths: 8.6, protectedAssets: 10000000 });
  });

  it('reports a payback that never comes as null', async () => {
    const zero = { ...defaults(), satellites: 0, annualInsurance: 0, annualFuelSavings: 0, annualRevenueAtRisk: 0 };
    const res = await app.inject({ method: 'POST', url: '/api/calculator/roi', payload: zero });
    expect(res.json().paybackMonths).toBeNull();
  });
});

describe('OpenAPI', () => {
  it('documents the routes at /api/docs/json', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/app-info', '/api/calculator/roi']));
    expect(doc.paths['/api/calculator/roi'].post.requestBody).toBeDefined();
  });

  it('serves the documentation UI at /api/docs', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('the web app', () => {
  it.each(['/', '/dashboard', '/calc', '/sst', '/no/such/page'])('serves index.html for %s (client routing)', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves fingerprinted assets with a long cache and 404s a missing one', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await app.inject({ method: 'GET', url: '/assets/gone.js' });
    expect(missing.statusCode).toBe(404);
  });
});

function defaults() {
  return {
    satellites: 100,
    costPerSatellite: 100000,
    annualLossRate: 0.05,
    preventionRate: 0.1,
    annualInsurance: 1000000,
    insuranceDiscount: 0.05,
    annualFuelSavings: 10000,
    annualRevenueAtRisk: 1000000,
    preventedDowntime: 0.1,
    dataServiceCost: 150000,
  };
}
