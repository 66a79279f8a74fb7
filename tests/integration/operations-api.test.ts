import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ActiveConjunctionsResponse,
  ConjunctionAnalysis,
  DashboardStats,
  EventsResponse,
  HighInterestObject,
  HighInterestObjectsResponse,
  RecentManeuversResponse,
  RiskItemsResponse,
  ThreatAssessmentsResponse,
  ThreatSummary,
} from '../../src/contracts/operations.ts';
import { ADVERSARIES } from '../../src/core/catalog/index.ts';
import { formatTleText, parseElementSets } from '../../src/core/elements/index.ts';
import { utcMs } from '../../src/core/units.ts';
import { buildApp } from '../../src/server/app.ts';
import { createAppContext, type AppContext } from '../../src/server/app-context.ts';
import { loadConfig } from '../../src/server/config.ts';
import type { Database } from '../../src/server/db/database.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { HighInterestService, priorityFromMultiplier } from '../../src/server/services/high-interest-service.ts';
import { VERSION } from '../../src/server/version.ts';
import { databaseTargets, type TestStore } from './support/databases.ts';

// The operations API of issue 6 through Fastify's inject: the polled lists with
// their ETags, the Conjunction Analysis card, CDMs of stored events, and the
// high-interest objects (demo seeding on the demo catalogue; create, edit and
// remove with every validation error on PGlite and, with DATABASE_URL, PostgreSQL).

const MINUTE = 60_000;

/** The endpoints the dashboard polls, each with its contract. */
const POLLED: [string, z.ZodType][] = [
  ['/api/conjunctions/active', ActiveConjunctionsResponse],
  ['/api/events', EventsResponse],
  ['/api/dashboard/stats', DashboardStats],
  ['/api/maneuvers/recent', RecentManeuversResponse],
  ['/api/analytics/threat-summary', ThreatSummary],
  ['/api/threat-assessments', ThreatAssessmentsResponse],
  ['/api/high-interest-objects', HighInterestObjectsResponse],
  ['/api/conjunctions/adversary-risk', RiskItemsResponse],
  ['/api/conjunctions/debris-risk', RiskItemsResponse],
];

async function closeAll(app: FastifyInstance | undefined, ctx: AppContext | undefined, database: Database | undefined): Promise<void> {
  await app?.close();
  await ctx?.services.operations.stop();
  await ctx?.services.screening.close();
  await database?.close();
}

describe('the operations API on the demo catalogue (PGlite)', () => {
  let dir: string;
  let database: Database;
  let ctx: AppContext;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dataforge-ops-api-'));
    // Continuous screening off: the test runs one screening itself and waits for it.
    const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', SCREENING: 'off' });
    database = await openDatabase({ dataDir: config.DATA_DIR });
    ctx = createAppContext(config, database, VERSION);
    const now = new Date();
    await ctx.services.catalog.initialise(now);
    await ctx.services.operations.initialise(now);
    await ctx.services.highInterest.initialise(now);
    app = await buildApp(ctx);
    await app.ready();
    const outcome = await ctx.services.operations.runNow('test');
    expect(outcome.status).toBe('completed');
    await ctx.services.operations.whenIdle();
  }, 600_000);

  afterAll(async () => {
    await closeAll(app, ctx, database);
    await rm(dir, { recursive: true, force: true });
  });

  describe.each(POLLED)('GET %s', (url, schema) => {
    it('answers 200 with the contract shape, an ETag and no-cache', async () => {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
      expect(() => schema.parse(res.json())).not.toThrow();
    });

    it('answers 304 with no body when If-None-Match names the current ETag (alone, weak, or in a list)', async () => {
      const etag = (await app.inject({ url })).headers.etag as string;
      for (const ifNoneMatch of [etag, `W/${etag}`, `"stale", ${etag}`, '*']) {
        const res = await app.inject({ url, headers: { 'if-none-match': ifNoneMatch } });
        expect(res.statusCode, ifNoneMatch).toBe(304);
        expect(res.payload).toBe('');
        expect(res.headers.etag).toBe(etag);
        expect(res.headers['content-type']).toBeUndefined();
      }
      const stale = await app.inject({ url, headers: { 'if-none-match': '"not-the-current-one"' } });
      expect(stale.statusCode).toBe(200);
      expect(stale.headers.etag).toBe(etag);
    });
  });

  it('sends large lists compressed (once per snapshot) as the client accepts, the same JSON as uncompressed', async () => {
    const plain = await app.inject({ url: '/api/conjunctions/active' });
    expect(plain.payload.length).toBeGreaterThan(4096);
    const gz = await app.inject({ url: '/api/conjunctions/active', headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.payload);
    const br = await app.inject({ url: '/api/conjunctions/active', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.payload);
    const refused = await app.inject({ url: '/api/conjunctions/active', headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.payload).toBe(plain.payload);
  });

  it('keeps GET /api/satellites on the same ETag path', async () => {
    const res = await app.inject({ url: '/api/satellites' });
    expect(res.statusCode).toBe(200);
    const again = await app.inject({ url: '/api/satellites', headers: { 'if-none-match': `W/${res.headers.etag as string}` } });
    expect(again.statusCode).toBe(304);
  });

  it('documents every operations route in the OpenAPI document', async () => {
    const doc = (await app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, { tags?: string[]; responses: object }>> };
    for (const [url] of POLLED) {
      expect(doc.paths[url]?.get?.tags?.length, url).toBeGreaterThan(0);
      expect(Object.keys(doc.paths[url]!.get!.responses), url).toEqual(['200', '304']);
    }
    expect(Object.keys(doc.paths['/api/conjunction/analyze']?.post?.responses ?? {})).toEqual(['200', '400', '404']);
    expect(Object.keys(doc.paths['/api/high-interest-objects']?.post?.responses ?? {})).toEqual(['201', '400', '409']);
    for (const method of ['get', 'patch', 'delete']) expect(doc.paths['/api/high-interest-objects/{id}']?.[method], method).toBeDefined();
  });

  it('reports the screening in the dashboard stats', async () => {
    const stats = DashboardStats.parse((await app.inject({ url: '/api/dashboard/stats' })).json());
    expect(stats.trackedObjects).toBe(50_000);
    expect(stats.lastScreening).not.toBeNull();
    expect(stats.screeningStatus).toBe('idle');
    expect(stats.dailyScreens).toBeGreaterThan(0);
    const active = ActiveConjunctionsResponse.parse((await app.inject({ url: '/api/conjunctions/active' })).json());
    expect(active.length).toBeGreaterThan(0);
    expect(stats.activeAlerts).toBe(active.filter((c) => c.riskLevel === 'high' || c.riskLevel === 'critical').length);
  });

  it('gives every open conjunction a finite 1:N, the Pc floored at 1e-30 (issue 27: underflowed Pcs were sent as null)', async () => {
    const raw = (await app.inject({ url: '/api/conjunctions/active' })).json() as { collisionProbability: number; probability: unknown }[];
    expect(raw.length).toBeGreaterThan(0);
    for (const c of raw) {
      expect(typeof c.probability, JSON.stringify(c)).toBe('number');
      expect(Number.isFinite(c.probability as number)).toBe(true);
      expect(c.probability as number).toBeLessThanOrEqual(1e30);
      expect(c.probability).toBe(c.collisionProbability <= 1e-30 ? 1e30 : Math.round(1 / c.collisionProbability));
    }
  });

  describe('POST /api/conjunction/analyze', () => {
    const analyze = (payload: unknown) => app.inject({ method: 'POST', url: '/api/conjunction/analyze', payload: payload as object });

    it("analyses the open event of highest risk for the card's default id CNJ-2024-001", async () => {
      const res = await analyze({ conjunctionId: 'CNJ-2024-001' });
      expect(res.statusCode).toBe(200);
      const analysis = ConjunctionAnalysis.parse(res.json());
      expect(analysis.requestedId).toBe('CNJ-2024-001');
      expect(analysis.conjunctionId).toMatch(/^CNJ-\d{4}-\d+$/);
      expect(analysis.conjunction.conjunctionId).toBe(analysis.conjunctionId);
      expect(analysis.primaryObject.noradId).toBe(analysis.conjunction.primaryObject.noradId);
      expect(analysis.secondaryObject.noradId).toBe(analysis.conjunction.secondaryObject.noradId);
      expect(analysis.points.length).toBeGreaterThan(0);

      const direct = await analyze({ conjunctionId: analysis.conjunctionId });
      expect(direct.statusCode).toBe(200);
      expect(ConjunctionAnalysis.parse(direct.json()).conjunction.id).toBe(analysis.conjunction.id);
    });

    it('answers 404 naming an unknown id', async () => {
      const res = await analyze({ conjunctionId: 'CNJ-1999-9999' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toContain('CNJ-1999-9999');
    });

    it.each([[{}], [{ conjunctionId: '' }], [{ conjunctionId: 'CNJ-2024-001', extra: 1 }], [{ conjunctionId: 42 }]])('answers 400 to %j', async (body) => {
      const res = await analyze(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^Invalid request: body/);
    });
  });

  describe('GET /api/conjunctions/cdm/:id of a stored event', () => {
    it('sends the CDM of an event over the alert threshold, KVN and XML; 404 for an unknown CNJ id', async () => {
      const active = ActiveConjunctionsResponse.parse((await app.inject({ url: '/api/conjunctions/active' })).json());
      const alerted = active.find((c) => c.cdmUrl !== null);
      expect(alerted).toBeDefined();
      const kvn = await app.inject({ url: alerted!.cdmUrl! });
      expect(kvn.statusCode).toBe(200);
      expect(kvn.headers['content-type']).toMatch(/^text\/plain/);
      expect(kvn.payload).toMatch(/CCSDS_CDM_VERS\s*=\s*1\.0/);
      expect(kvn.payload).toContain(String(alerted!.primaryObject.noradId));
      const xml = await app.inject({ url: `${alerted!.cdmUrl!}?format=xml` });
      expect(xml.statusCode).toBe(200);
      expect(xml.headers['content-type']).toMatch(/^application\/xml/);
      expect(xml.payload).toContain('<cdm');
      const missing = await app.inject({ url: '/api/conjunctions/cdm/CNJ-1999-9999' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toContain('CNJ-1999-9999');
    });
  });

  describe('the demo watch list', () => {
    it('holds the adversary satellites of the catalogue, prioritised by their risk multiplier', async () => {
      const list = HighInterestObjectsResponse.parse((await app.inject({ url: '/api/high-interest-objects' })).json());
      const present = ADVERSARIES.filter((a) => ctx.services.catalog.entry(a.norad));
      expect(present).toHaveLength(12);
      expect(list.map((o) => o.satelliteId).sort()).toEqual(present.map((a) => a.norad).sort());
      for (const adversary of present) {
        const hio = list.find((o) => o.satelliteId === adversary.norad)!;
        const epoch = ctx.services.catalog.entry(adversary.norad)!.set.epoch;
        expect(hio).toMatchObject({
          satelliteName: adversary.name,
          priority: priorityFromMultiplier(adversary.riskMultiplier),
          reason: adversary.description,
          addedBy: 'Demo catalogue',
          trackingFrequency: 720,
          lastObservation: new Date(epoch).toISOString(),
        });
      }
      expect(list.find((o) => o.satelliteId === 44797)?.priority).toBe('critical'); // ×1.8
      expect(list.find((o) => o.satelliteId === 40258)?.priority).toBe('high'); // ×1.5
      expect(list.find((o) => o.satelliteId === 59065)?.priority).toBe('medium'); // ×1.0
      expect(list.find((o) => o.satelliteId === 61072)?.priority).toBe('low'); // ×0.9
    });

    it('is seeded once: a removed entry stays removed, and the stats count follows', async () => {
      const list = HighInterestObjectsResponse.parse((await app.inject({ url: '/api/high-interest-objects' })).json());
      const removed = list[0]!;
      expect((await app.inject({ method: 'DELETE', url: `/api/high-interest-objects/${removed.id}` })).statusCode).toBe(204);
      await ctx.services.operations.whenIdle();
      const stats = DashboardStats.parse((await app.inject({ url: '/api/dashboard/stats' })).json());
      expect(stats.highInterestObjects).toBe(list.length - 1);

      // A later start: a new service on the same database does not put it back.
      const restarted = new HighInterestService(
        ctx.repositories.highInterestObjects,
        ctx.repositories.appMeta,
        ctx.services.catalog,
        { highInterestChanged: () => undefined },
        { operatorLabel: 'x', demo: true },
      );
      await restarted.initialise(new Date());
      const after = (await restarted.list(new Date())).body;
      expect(after).toHaveLength(list.length - 1);
      expect(after.some((o) => o.satelliteId === removed.satelliteId)).toBe(false);
    });
  });
});

/** Element sets of three test objects with epochs chosen relative to now. */
function testCatalogue(now: number): { text: string; epochs: Record<number, number> } {
  const [iss] = parseElementSets(`ISS (ZARYA)
1 25544U 98067A   08264.51782528 -.00002182  00000-0 -11606-4 0  2927
2 25544  51.6416 247.4627 0006703 130.5360 325.0288 15.72125391563537`).sets;
  const epochs: Record<number, number> = { 90001: now - 600 * MINUTE, 90002: now - 60 * MINUTE, 90003: now - 2 * 24 * 60 * MINUTE };
  const sets = Object.entries(epochs).map(([norad, epoch], i) => ({
    ...iss!,
    norad: Number(norad),
    name: `TEST OBJECT ${i + 1}`,
    cosparId: `2026-900${String.fromCharCode(65 + i)}`,
    epoch: utcMs(epoch),
  }));
  return { text: formatTleText(sets, '3le'), epochs };
}

describe.each(databaseTargets)('high-interest objects on $name', (target) => {
  let store: TestStore;
  let database: Database;
  let ctx: AppContext;
  let app: FastifyInstance;
  let epochs: Record<number, number>;

  beforeAll(async () => {
    store = await target.createStore();
    database = await store.open();
    const config = loadConfig({ DATA_DIR: '/nonexistent', LOG_LEVEL: 'silent', DEMO_CATALOG: 'off', SCREENING: 'off', OPERATOR_LABEL: 'Ops Shift B' });
    ctx = createAppContext(config, database, VERSION);
    const now = new Date();
    await ctx.services.catalog.initialise(now);
    const catalogue = testCatalogue(now.getTime());
    epochs = catalogue.epochs;
    await ctx.services.catalog.importElementSets(catalogue.text, { source: 'import', label: 'test objects' }, now);
    await ctx.services.operations.initialise(now);
    app = await buildApp(ctx);
    await app.ready();
  }, 120_000);

  afterAll(async () => {
    await closeAll(app, ctx, database);
    await store?.destroy();
  });

  const list = async () => {
    const res = await app.inject({ url: '/api/high-interest-objects' });
    expect(res.statusCode).toBe(200);
    return HighInterestObjectsResponse.parse(res.json());
  };
  /** The stored fields (the tracking status moves with the clock). */
  const stored = async () => (await list()).map(({ trackingStatus: _status, ...rest }) => rest);
  const create = (payload: object) => app.inject({ method: 'POST', url: '/api/high-interest-objects', payload });
  const patch = (id: number | string, payload: object) => app.inject({ method: 'PATCH', url: `/api/high-interest-objects/${id}`, payload });
  const valid = { satelliteId: 90001, priority: 'high', reason: 'Unannounced manoeuvres near the fleet', trackingFrequency: 405 };

  let first: HighInterestObject;

  it('starts empty (no demo catalogue, nothing seeded)', async () => {
    expect(await list()).toEqual([]);
  });

  it("answers null to the analysis card's default id while no conjunction is stored (no chart), 404 to any other", async () => {
    const card = await app.inject({ method: 'POST', url: '/api/conjunction/analyze', payload: { conjunctionId: 'CNJ-2024-001' } });
    expect(card.statusCode).toBe(200);
    expect(card.json()).toBeNull();
    const other = await app.inject({ method: 'POST', url: '/api/conjunction/analyze', payload: { conjunctionId: 'CNJ-2026-001' } });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toContain('CNJ-2026-001');
  });

  it('creates an entry: 201 with the object, addedBy the operator label, lastObservation the newest element-set epoch', async () => {
    const before = Date.now();
    const res = await create({ ...valid, specialInstructions: 'Task the radar at each pass' });
    expect(res.statusCode).toBe(201);
    first = HighInterestObject.parse(res.json());
    expect(first).toMatchObject({
      satelliteId: 90001,
      satelliteName: 'TEST OBJECT 1',
      priority: 'high',
      reason: valid.reason,
      specialInstructions: 'Task the radar at each pass',
      addedBy: 'Ops Shift B',
      trackingFrequency: 405,
      lastObservation: new Date(ctx.services.catalog.entry(90001)!.set.epoch).toISOString(),
    });
    expect(Math.abs(Date.parse(first.lastObservation!) - epochs[90001]!)).toBeLessThan(5);
    expect(Date.parse(first.addedDate)).toBeGreaterThanOrEqual(before - 1000);
    expect((await list()).map((o) => o.id)).toEqual([first.id]);
    const one = await app.inject({ url: `/api/high-interest-objects/${first.id}` });
    expect(one.statusCode).toBe(200);
    expect(HighInterestObject.parse(one.json())).toMatchObject({ id: first.id, satelliteId: 90001 });
  });

  it('takes addedBy from the request when given', async () => {
    const res = await create({ satelliteId: 90002, priority: 'low', reason: 'Watch', trackingFrequency: 60, addedBy: 'Analyst K' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ addedBy: 'Analyst K', specialInstructions: null });
  });

  describe('refuses bad input and keeps what is stored', () => {
    let before: Awaited<ReturnType<typeof stored>>;
    beforeAll(async () => {
      before = await stored();
    });

    it.each([
      ['an unknown satelliteId', { ...valid, satelliteId: 999_999 }, 400, /satelliteId.*999999/],
      ['a bad priority', { ...valid, satelliteId: 90003, priority: 'urgent' }, 400, /body\.priority/],
      ['trackingFrequency 0', { ...valid, satelliteId: 90003, trackingFrequency: 0 }, 400, /body\.trackingFrequency/],
      ['trackingFrequency -5', { ...valid, satelliteId: 90003, trackingFrequency: -5 }, 400, /body\.trackingFrequency/],
      ["trackingFrequency 'abc'", { ...valid, satelliteId: 90003, trackingFrequency: 'abc' }, 400, /body\.trackingFrequency/],
      ['an unknown field', { ...valid, satelliteId: 90003, colour: 'red' }, 400, /colour/],
      ['a missing reason', { satelliteId: 90003, priority: 'low', trackingFrequency: 60 }, 400, /body\.reason/],
      ['a satellite already listed', { ...valid, satelliteId: 90001 }, 409, /satelliteId: 90001 is already a high-interest object/],
    ])('POST with %s → %i', async (_what, body, status, message) => {
      const res = await create(body);
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toMatch(message);
      expect(await stored()).toEqual(before);
    });

    it.each([
      ['an unknown satelliteId', { satelliteId: 999_999 }, 400, /satelliteId.*999999/],
      ['a bad priority', { priority: 'urgent' }, 400, /body\.priority/],
      ['trackingFrequency 0', { trackingFrequency: 0 }, 400, /body\.trackingFrequency/],
      ['trackingFrequency -5', { trackingFrequency: -5 }, 400, /body\.trackingFrequency/],
      ["trackingFrequency 'abc'", { trackingFrequency: 'abc' }, 400, /body\.trackingFrequency/],
      ['an unknown field', { colour: 'red' }, 400, /colour/],
      ['an empty patch', {}, 400, /at least one field/],
      ['the satellite of another entry', { satelliteId: 90002 }, 409, /satelliteId: 90002 is already a high-interest object/],
    ])('PATCH with %s → %i', async (_what, body, status, message) => {
      const res = await patch(first.id, body);
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toMatch(message);
      expect(await stored()).toEqual(before);
    });

    it('answers 404 for an unknown id on GET, PATCH and DELETE, 400 for a malformed one', async () => {
      for (const res of [
        await app.inject({ url: '/api/high-interest-objects/424242' }),
        await patch(424242, { priority: 'low' }),
        await app.inject({ method: 'DELETE', url: '/api/high-interest-objects/424242' }),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toContain('424242');
      }
      expect((await patch('abc', { priority: 'low' })).statusCode).toBe(400);
      expect((await app.inject({ method: 'DELETE', url: '/api/high-interest-objects/-1' })).statusCode).toBe(400);
      // Past PostgreSQL's integer range no row can exist: a 400 naming the id, not the database's overflow (was a 500).
      for (const res of [
        await app.inject({ url: '/api/high-interest-objects/2147483648' }),
        await patch(99999999999, { priority: 'low' }),
        await app.inject({ method: 'DELETE', url: '/api/high-interest-objects/99999999999' }),
      ]) {
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toMatch(/id/);
      }
      expect(await stored()).toEqual(before);
    });
  });

  it('updates only the fields sent; specialInstructions null clears them', async () => {
    const res = await patch(first.id, { priority: 'critical', specialInstructions: null });
    expect(res.statusCode).toBe(200);
    const updated = HighInterestObject.parse(res.json());
    expect(updated).toMatchObject({ ...first, priority: 'critical', specialInstructions: null, trackingStatus: updated.trackingStatus });
    expect((await list()).find((o) => o.id === first.id)).toMatchObject({ priority: 'critical', specialInstructions: null, reason: first.reason });
  });

  it('derives the tracking status from minutes since the last observation (≤ 1.5× on-track, ≤ 3× delayed, beyond overdue)', async () => {
    // The last observation of 90001 is 600 minutes old (plus the seconds this test has run).
    const cases: [number, string][] = [
      [600 / 1.5 + 5, 'on-track'], // 1.5 × 405 = 607.5 min ≥ 600
      [600 / 1.5 - 5, 'delayed'], // 1.5 × 395 = 592.5 min < 600 ≤ 3 × 395
      [600 / 3 + 3, 'delayed'], // 3 × 203 = 609 min ≥ 600
      [600 / 3 - 3, 'overdue'], // 3 × 197 = 591 min < 600
      [10_000, 'on-track'],
    ];
    for (const [trackingFrequency, status] of cases) {
      const res = await patch(first.id, { trackingFrequency });
      expect(res.statusCode).toBe(200);
      expect(res.json().trackingStatus, `trackingFrequency ${trackingFrequency}`).toBe(status);
      expect((await list()).find((o) => o.id === first.id)?.trackingStatus, `list, trackingFrequency ${trackingFrequency}`).toBe(status);
    }
    // An observation 2 days old against 720 minutes: 2880 min = 4× → overdue; against 1000: 2.88× → delayed.
    const old = await create({ satelliteId: 90003, priority: 'medium', reason: 'Old elements', trackingFrequency: 720 });
    expect(old.json()).toMatchObject({ trackingStatus: 'overdue', lastObservation: new Date(ctx.services.catalog.entry(90003)!.set.epoch).toISOString() });
    expect((await patch(old.json().id, { trackingFrequency: 1000 })).json().trackingStatus).toBe('delayed');
  });

  it('serves the list with an ETag that changes with the list', async () => {
    const a = await app.inject({ url: '/api/high-interest-objects' });
    const etag = a.headers.etag as string;
    expect((await app.inject({ url: '/api/high-interest-objects', headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    expect((await patch(first.id, { reason: 'Changed' })).statusCode).toBe(200);
    const b = await app.inject({ url: '/api/high-interest-objects', headers: { 'if-none-match': etag } });
    expect(b.statusCode).toBe(200);
    expect(b.headers.etag).not.toBe(etag);
    expect(HighInterestObjectsResponse.parse(b.json()).find((o) => o.id === first.id)?.reason).toBe('Changed');
  });

  it('moves an entry to another catalogue object', async () => {
    const other = await create({ satelliteId: 25544, priority: 'low', reason: 'x', trackingFrequency: 60 });
    expect(other.statusCode).toBe(400); // ISS is not in this test catalogue
    const list1 = await list();
    const entry = list1.find((o) => o.satelliteId === 90003)!;
    expect((await app.inject({ method: 'DELETE', url: `/api/high-interest-objects/${entry.id}` })).statusCode).toBe(204);
    const moved = await patch(first.id, { satelliteId: 90003 });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ satelliteId: 90003, satelliteName: 'TEST OBJECT 3' });
  });

  it('deletes: 204, then gone (404); the dashboard count follows', async () => {
    const res = await app.inject({ method: 'DELETE', url: `/api/high-interest-objects/${first.id}` });
    expect(res.statusCode).toBe(204);
    expect(res.payload).toBe('');
    expect((await app.inject({ url: `/api/high-interest-objects/${first.id}` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'DELETE', url: `/api/high-interest-objects/${first.id}` })).statusCode).toBe(404);
    const remaining = await list();
    expect(remaining.map((o) => o.satelliteId)).toEqual([90002]);
    await ctx.services.operations.whenIdle();
    expect(DashboardStats.parse((await app.inject({ url: '/api/dashboard/stats' })).json()).highInterestObjects).toBe(1);
  });
});
