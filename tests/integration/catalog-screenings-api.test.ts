/**
 * Catalogue-wide screening runs through the HTTP API (issue 13 item 4), on the embedded database
 * and the server's worker threads: start a run, follow its shards, page through its conjunctions
 * sorted and filtered, cancel a run, and refuse bad input with a 4xx naming the problem.
 *
 * The catalogue: the objects of the real 2023-10-09 catalogue whose NORAD id is a multiple of 20,
 * plus the ISS and its docked vehicles (1,320 objects), so runs take seconds.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { CatalogConjunctionPage, CatalogScreening, CatalogStaleObject } from '../../src/contracts/catalog-screenings.ts';
import { screeningJob, type ScreeningConjunction } from '../../src/server/screening/run-screening.ts';
import { CATALOG_CSV_COLUMNS } from '../../src/server/services/catalog-screening/conjunction-csv.ts';
import { useTestApp } from './support/app.ts';
import { catalogSubset2023 } from './support/reference.ts';

const CATALOG = fileURLToPath(new URL('../../../shared/reference/catalog/full_catalog_3le_2023-10-09.txt', import.meta.url));
const present = existsSync(CATALOG);
if (!present) console.warn(`[catalog-screenings-api.test] SKIPPED: ${CATALOG} is absent`);


const write = { 'content-type': 'application/json' };

describe.skipIf(!present)('catalogue-wide screening runs through the API', () => {
  const t = useTestApp({
    name: 'catalog-screenings',
    env: { DEMO_CATALOG: 'off', SCREENING: 'off', CATALOG_SCREENING_HOURS: '0' },
    prepare: async (ctx) => {
      await ctx.services.catalog.initialise(new Date());
      await ctx.services.catalog.importElementSets(catalogSubset2023(), { source: 'file', label: 'subset of the 2023-10-09 catalogue' }, new Date());
    },
  });

  const get = async <T>(url: string): Promise<T> => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  };
  const until = async (id: string, done: (r: CatalogScreening) => boolean): Promise<CatalogScreening> => {
    for (let i = 0; i < 1200; i += 1) {
      const run = await get<CatalogScreening>(`/api/catalog-screenings/${id}`);
      if (done(run)) return run;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`run ${id} did not get there`);
  };

  it.each([
    ['an end before the start', { start: '2023-10-09T06:00:00Z', end: '2023-10-09T00:00:00Z', threshold_km: 5 }, /end: must be after start/],
    ['a window over 7 days', { start: '2023-10-09T00:00:00Z', end: '2023-10-17T00:00:00Z', threshold_km: 5 }, /at most 7 days/],
    ['a zero threshold', { start: '2023-10-09T00:00:00Z', end: '2023-10-10T00:00:00Z', threshold_km: 0 }, /threshold_km: must be greater than 0/],
    ['a threshold over 100 km', { start: '2023-10-09T00:00:00Z', end: '2023-10-10T00:00:00Z', threshold_km: 101 }, /threshold_km: must be at most 100/],
    ['a start that is no date', { start: 'yesterday', end: '2023-10-10T00:00:00Z', threshold_km: 5 }, /start: must be an ISO 8601/],
    ['a missing end', { start: '2023-10-09T00:00:00Z', threshold_km: 5 }, /end/],
  ])('refuses %s with a 400 naming it', async (_, body, message) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/catalog-screenings', headers: write, payload: body });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
  });

  it('runs every pair of the catalogue, shard by shard, and stores the conjunctions the screener finds', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/catalog-screenings', headers: write, payload: { start: '2023-10-09T00:00:00Z', end: '2023-10-09T06:00:00Z', threshold_km: 20 } });
    expect(response.statusCode, response.body).toBe(202);
    const { id } = response.json() as { id: string };
    // One run at a time.
    const second = await t.app.inject({ method: 'POST', url: '/api/catalog-screenings', headers: write, payload: { start: '2023-10-09T00:00:00Z', end: '2023-10-09T01:00:00Z', threshold_km: 5 } });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toMatch(/already (queued|running)/);

    const run = await until(id, (r) => r.status !== 'queued' && r.status !== 'running');
    expect(run.status, run.error ?? '').toBe('completed');
    const objects = t.ctx.services.screening.catalogVersion().sets.length;
    expect(run).toMatchObject({ reason: 'manual', execution: 'threads', objects, thresholdKm: 20, start: '2023-10-09T00:00:00.000Z', end: '2023-10-09T06:00:00.000Z' });
    expect(run.progress.fraction).toBe(1);
    expect(run.progress.shards.length).toBeGreaterThanOrEqual(2);
    for (const s of run.progress.shards) {
      expect(s).toMatchObject({ status: 'done', fraction: 1, attempts: 1 });
      // CATALOG_SCREENING_THREADS (default 1): the geometry on one worker thread, which takes every shard.
      expect(s.worker).toBe('server:thread-0');
      expect(s.ms).not.toBeNull();
    }
    // The slices tile the window.
    expect(run.progress.shards[0]!.start).toBe(run.start);
    expect(run.progress.shards.at(-1)!.end).toBe(run.end);
    expect(run.summary!.pairs).toBe((objects * (objects - 1)) / 2);
    expect(run.summary!.conjunctions).toBeGreaterThan(50);
    expect(Object.values(run.summary!.byRisk).reduce((a, b) => a + b, 0)).toBe(run.summary!.conjunctions);
    expect(Object.values(run.summary!.byRegime).reduce((a, b) => a + b, 0)).toBe(run.summary!.conjunctions);
    expect(run.summary!.perDay).toEqual([{ day: '2023-10-09', conjunctions: run.summary!.conjunctions }]);
    expect(run.timings.screening).toBeGreaterThan(0);

    // The same as screening the same catalogue version directly (the shards merged exactly).
    const version = t.ctx.services.screening.catalogVersion();
    const direct = await t.ctx.services.screening.runJob(screeningJob(version, 'all', run.start, run.end, 20, 30), version);
    expect(run.summary!.conjunctions).toBe(direct.conjunctions.length);

    // Stale element sets (issue 30 item 7; MAX_ELEMENT_AGE_DAYS, default 30): the objects whose
    // epoch is more than 30 days from the window are listed with their age, oldest first, and
    // are in no conjunction.
    const DAY = 86_400_000;
    const [from, to] = [Date.parse(run.start), Date.parse(run.end)];
    const ageOf = (epoch: number) => (epoch < from ? (from - epoch) / DAY : epoch > to ? (epoch - to) / DAY : 0);
    const expectedStale = version.sets.filter((s) => ageOf(s.epoch) > 30);
    expect(expectedStale.length).toBeGreaterThan(0);
    expect(run.summary!.staleObjects).toBe(expectedStale.length);
    expect(run.summary!.maxElementAgeDays).toBe(30);
    const stale = await get<CatalogStaleObject[]>(`/api/catalog-screenings/${id}/stale`);
    expect(stale.map((s) => s.noradId).sort((a, b) => a - b)).toEqual(expectedStale.map((s) => s.norad).sort((a, b) => a - b));
    for (const s of stale) {
      const set = expectedStale.find((e) => e.norad === s.noradId)!;
      expect(s.epoch).toBe(new Date(set.epoch).toISOString());
      expect(s.ageDays).toBeCloseTo(ageOf(set.epoch), 2);
    }
    expect(stale.map((s) => s.ageDays)).toEqual([...stale.map((s) => s.ageDays)].sort((a, b) => b - a));
    const staleIds = new Set(stale.map((s) => s.noradId));
    expect(direct.conjunctions.filter((c) => staleIds.has(c.approach.primary) || staleIds.has(c.approach.secondary))).toEqual([]);
    // Screened anyway (no limit), some of them meet something: the list is not empty for nothing.
    const unlimited = await t.ctx.services.screening.runJob(screeningJob(version, 'all', run.start, run.end, 20), version);
    expect(unlimited.conjunctions.length).toBeGreaterThanOrEqual(direct.conjunctions.length);
    expect((await t.app.inject({ method: 'GET', url: '/api/catalog-screenings/no-such-run/stale' })).statusCode).toBe(404);
    expect(run.summary!.proximities).toBe(direct.proximities.length);
    // The ISS and its docked vehicles stay together: proximities, not conjunctions.
    expect(direct.proximities.some((p) => p.primary === 25544 || p.secondary === 25544)).toBe(true);

    const byTca = await get<CatalogConjunctionPage>(`/api/catalog-screenings/${id}/conjunctions?sort=tca&limit=500`);
    expect(byTca.total).toBe(run.summary!.conjunctions);
    const expected = direct.conjunctions.slice(0, 500);
    expect(byTca.items.map((c) => [c.primary.noradId, c.secondary.noradId, c.tca])).toEqual(
      expected.map((c) => [c.approach.primary, c.approach.secondary, new Date(c.approach.tca).toISOString()]),
    );
    expect(byTca.items.every((c) => c.primary.noradId < c.secondary.noradId)).toBe(true);

    // The CSV export: every row the sort and filters select, the page's values in full precision.
    const csvRes = await t.app.inject({ method: 'GET', url: `/api/catalog-screenings/${id}/conjunctions.csv?sort=tca` });
    expect(csvRes.statusCode).toBe(200);
    expect(csvRes.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csvRes.headers['content-disposition']).toBe(`attachment; filename="catalog-screening-${id.slice(0, 8)}.csv"`);
    const parsed = Papa.parse<Record<string, string>>(csvRes.body, { header: true, skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.meta.fields).toEqual([...CATALOG_CSV_COLUMNS]);
    expect(parsed.data).toHaveLength(run.summary!.conjunctions);
    byTca.items.forEach((c, i) => {
      const row = parsed.data[i]!;
      expect([row['Primary NORAD ID'], row['Secondary NORAD ID'], row['TCA (UTC)'], Number(row['Miss (km)']), Number(row.Pc), row.Risk]).toEqual([
        String(c.primary.noradId),
        String(c.secondary.noradId),
        c.tca,
        c.missDistanceKm,
        c.collisionProbability,
        c.riskLevel,
      ]);
    });
    // Every stored row is the direct screening's conjunction, in order: the run's risk step and
    // storing went chunk by chunk and the proximities' approaches were removed at the end (issue 30 item 8).
    const rowKey = (r: Record<string, string>) => [Number(r['Primary NORAD ID']), Number(r['Secondary NORAD ID']), r['TCA (UTC)'], Number(r['Miss (km)']), Number(r.Pc), r.Risk];
    const directKey = (c: ScreeningConjunction) => [c.approach.primary, c.approach.secondary, new Date(c.approach.tca).toISOString(), c.approach.missDistanceKm, c.risk.pc ?? 0, c.risk.riskLevel];
    expect(parsed.data.map(rowKey)).toEqual(direct.conjunctions.map(directKey));
    // The same streamed in chunks of 16, over 5 shards: the chunks handed on in the run's order, and
    // the proximities (the ISS and its docked vehicles, whose approaches fall in several shards and chunks) as found on the whole list.
    const handed: ScreeningConjunction[] = [];
    const threads = new Set<number>();
    const streamed = await t.ctx.services.screening.runJobStreamed(
      screeningJob(version, 'all', run.start, run.end, 20, 30),
      version,
      async (chunk) => {
        expect(chunk.length).toBeLessThanOrEqual(16);
        handed.push(...chunk);
      },
      { streamChunk: 16, shardsPerWorker: 5, geometryWorkers: 2, onShard: (e) => threads.add(e.worker) },
    );
    // Two geometry threads where the pool has two: each took shards.
    expect(threads.size).toBe(Math.min(2, t.ctx.services.screening.poolSize));
    expect(handed.length).toBe(streamed.conjunctions);
    expect(streamed.proximities).toEqual(direct.proximities);
    expect(streamed.folded.length).toBe(handed.length - direct.conjunctions.length);
    const folded = new Set(streamed.folded);
    // The approaches held back for the proximity check come last: the same conjunctions, in TCA order once sorted.
    const inOrder = handed.filter((_, i) => !folded.has(i)).sort((x, y) => x.approach.tca - y.approach.tca || x.approach.primary - y.approach.primary || x.approach.secondary - y.approach.secondary);
    expect(inOrder.map(directKey)).toEqual(direct.conjunctions.map(directKey));

    const debrisCsv = await t.app.inject({ method: 'GET', url: `/api/catalog-screenings/${id}/conjunctions.csv?type=debris` });
    const debrisPage = await get<CatalogConjunctionPage>(`/api/catalog-screenings/${id}/conjunctions?type=debris&limit=1`);
    expect(Papa.parse(debrisCsv.body, { header: true, skipEmptyLines: true }).data).toHaveLength(debrisPage.total);
    expect((await t.app.inject({ method: 'GET', url: `/api/catalog-screenings/${id}/conjunctions.csv?limit=5` })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/catalog-screenings/no-such-run/conjunctions.csv' })).statusCode).toBe(404);

    // Sorting.
    const byMiss = await get<CatalogConjunctionPage>(`/api/catalog-screenings/${id}/conjunctions?sort=miss&limit=100`);
    const miss = byMiss.items.map((c) => c.missDistanceKm);
    expect(miss).toEqual([...miss].sort((a, b) => a - b));
    expect(miss[0]).toBe(Math.min(...direct.conjunctions.map((c) => c.approach.missDistanceKm)));
    const byPc = await get<CatalogConjunctionPage>(`/api/catalog-screenings/${id}/conjunctions?sort=pc&limit=100`);
    const pcs = byPc.items.map((c) => c.collisionProbability);
    expect(pcs).toEqual([...pcs].sort((a, b) => b - a));
    const byMaxPc = await get<CatalogConjunctionPage>(`/api/catalog-screenings/${id}/conjunctions?sort=maxpc&limit=100`);
    const maxPcs = byMaxPc.items.map((c) => c.maxCollisionProbability);
    expect(maxPcs).toEqual([...maxPcs].sort((a, b) => b - a));

    // Filters: object type, risk, text; pagination.
    const debris = await get<CatalogConjunctionPage>(`/api/catalog-screenings/${id}/conjunctions?type=debris&limit=500`);
    expect(debris.total).toBeGreaterThan(0);
    expect(debris.total).toBeLessThan(run.summary!.conjunctions);
    expect(debris.items.every((c) => c.primary.objectType === 'debris' || c.secondary.objectType === 'debris')).toBe(true);
    const low = await get<CatalogConjunctionPage>(`/api/catalog-screenings/${id}/conjunctions?risk=low&limit=1`);
    expect(low.total).toBe(run.summary!.byRisk.low);
    const name = byTca.items[0]!.secondary.name;
    const named = await get<CatalogConjunctionPage>(`/api/catalog-screenings/${id}/conjunctions?q=${encodeURIComponent(name)}&limit=500`);
    expect(named.items.every((c) => c.primary.name.includes(name) || c.secondary.name.includes(name))).toBe(true);
    const page2 = await get<CatalogConjunctionPage>(`/api/catalog-screenings/${id}/conjunctions?sort=tca&limit=10&offset=10`);
    expect(page2.items.map((c) => c.tca)).toEqual(byTca.items.slice(10, 20).map((c) => c.tca));
    const wildcard = await get<CatalogConjunctionPage>(`/api/catalog-screenings/${id}/conjunctions?q=%25`);
    expect(wildcard.total).toBe(0);

    // The dashboard's Daily Screens counts the pairs the run screened.
    let daily = 0;
    for (let i = 0; i < 50 && daily < run.summary!.pairs; i += 1) {
      daily = (await get<{ dailyScreens: number }>('/api/dashboard/stats')).dailyScreens;
      if (daily < run.summary!.pairs) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(daily).toBe(run.summary!.pairs);

    const list = await get<CatalogScreening[]>('/api/catalog-screenings?limit=5');
    expect(list[0]!.id).toBe(id);
  }, 300_000);

  it('cancels a running run, and answers 404, 409 and 400 where it should', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/catalog-screenings', headers: write, payload: { start: '2023-10-09T00:00:00Z', end: '2023-10-16T00:00:00Z', threshold_km: 20 } });
    expect(response.statusCode, response.body).toBe(202);
    const { id } = response.json() as { id: string };
    await until(id, (r) => r.status === 'running');
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/catalog-screenings/${id}/cancel` });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ id, status: 'cancelled' });
    const after = await until(id, (r) => r.status === 'cancelled');
    expect(after.summary).toBeNull();
    // Issue 30 item 4: an ended run's shards end with it; none is left running or queued.
    const shardStates = after.progress.shards.map((s) => s.status);
    expect(shardStates.filter((s) => s !== 'done' && s !== 'cancelled')).toEqual([]);
    expect(shardStates).toContain('cancelled');
    const again = await t.app.inject({ method: 'POST', url: `/api/catalog-screenings/${id}/cancel` });
    expect(again.statusCode).toBe(409);
    // The pool is free again: a new run may start.
    const next = await t.app.inject({ method: 'POST', url: '/api/catalog-screenings', headers: write, payload: { start: '2023-10-09T00:00:00Z', end: '2023-10-09T00:30:00Z', threshold_km: 5 } });
    expect(next.statusCode, next.body).toBe(202);
    expect((await until(next.json().id, (r) => r.status !== 'queued' && r.status !== 'running')).status).toBe('completed');

    expect((await t.app.inject({ method: 'GET', url: '/api/catalog-screenings/00000000-0000-0000-0000-000000000000' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/catalog-screenings/not%20an%20id' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/catalog-screenings/${id}/conjunctions?sort=size` })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/catalog-screenings/${id}/conjunctions?limit=0` })).json().message).toMatch(/limit/);
  }, 300_000);
});
