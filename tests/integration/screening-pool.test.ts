/**
 * The screening worker pool: progress in the six SST stages, cancellation through an
 * AbortSignal (and the pool still usable afterwards), and shards that partition the work
 * exactly (any split into NORAD ranges and time slices gives the same close approaches).
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseElementSets } from '../../src/core/elements/index.ts';
import type { Matrix3 } from '../../src/core/probability/index.ts';
import { SCREENING_STAGES, type ScreeningProgress } from '../../src/core/screening/index.ts';
import { catalogVersionOf, type CatalogVersion } from '../../src/server/screening/catalog-version.ts';
import { runScreening, screeningJob } from '../../src/server/screening/run-screening.ts';
import { ScreeningPool } from '../../src/server/workers/screening/screening-pool.ts';

const CATALOG = fileURLToPath(new URL('../../../shared/reference/catalog/full_catalog_3le_2023-10-09.txt', import.meta.url));
const present = existsSync(CATALOG);
if (!present) console.warn(`[screening-pool.test] SKIPPED: the reference catalogue ${CATALOG} is absent`);

const START = '2023-10-09T00:00:00.000Z';
const END = '2023-10-11T00:00:00.000Z';
/** The fleet of the benchmark (scripts/bench-screening.ts). */
const FLEET = [25397, 28132, 32794, 39237, 37950, 40021, 29079, 42901, 44479, 54880];

describe.skipIf(!present)('screening pool', () => {
  let pool: ScreeningPool;
  let catalog: CatalogVersion;

  beforeAll(async () => {
    catalog = catalogVersionOf(parseElementSets(readFileSync(CATALOG, 'utf8')).sets);
    pool = new ScreeningPool(2);
    await pool.loadCatalog(catalog.version, catalog.sets);
  }, 120_000);

  afterAll(async () => {
    await pool?.close();
  });

  it('reports the six SST stages in order, with a rising fraction, and risk for every conjunction', async () => {
    const seen: ScreeningProgress[] = [];
    const report = await runScreening(pool, catalog, screeningJob(catalog, FLEET, START, END, 5), { onProgress: (p) => seen.push(p) });
    const stages = seen.map((p) => p.stage).filter((s, i, all) => all[i - 1] !== s);
    expect(stages).toEqual(SCREENING_STAGES.map((s) => s.id));
    seen.forEach((p, i) => i > 0 && expect(p.fraction).toBeGreaterThanOrEqual(seen[i - 1]!.fraction - 1e-12));
    expect(seen.at(-1)!.fraction).toBeCloseTo(1, 9);
    expect(report.totalObjects).toBe(26_140);
    expect(report.conjunctions.length).toBeGreaterThan(10);
    for (const c of report.conjunctions) {
      expect(c.approach.missDistanceKm).toBeLessThan(5);
      expect(['critical', 'high', 'medium', 'low']).toContain(c.risk.riskLevel);
      expect(c.risk.maxPc).toBeGreaterThanOrEqual(0);
    }
    console.log(`[screening-pool.test] fleet at 5 km: ${report.conjunctions.length} conjunctions; stage ms ${JSON.stringify(report.timings, (_, v: unknown) => (typeof v === 'number' ? Math.round(v) : v))}`);
  }, 120_000);

  it('takes covariances from a CovarianceSource instead of the default model when given one', async () => {
    const tenMetres: Matrix3 = [
      [100, 0, 0],
      [0, 100, 0],
      [0, 0, 100],
    ];
    const report = await runScreening(pool, catalog, screeningJob(catalog, FLEET, START, END, 5), {
      covariances: () => ({ primaryM2: tenMetres, secondaryM2: tenMetres, source: 'test CDM' }),
      objectType: () => 'debris',
    });
    expect(report.conjunctions.length).toBeGreaterThan(10);
    for (const c of report.conjunctions) {
      expect(c.risk.covariance).toBe('test CDM');
      // Two debris objects: 2 × √(1 m²/π), the MEDIUM RCS class bound (probability/hard-body-radius.ts).
      expect(c.risk.hbrM).toBeCloseTo(2 * Math.sqrt(1 / Math.PI), 9);
    }
  }, 120_000);

  it('stops when the signal aborts, and screens the next job normally', async () => {
    const controller = new AbortController();
    const job = screeningJob(catalog, FLEET, START, END, 5);
    let aborted = false;
    const run = runScreening(pool, catalog, job, {
      signal: controller.signal,
      onProgress: (p) => {
        if (p.stage === 'orbits' && !aborted) {
          aborted = true;
          controller.abort();
        }
      },
    });
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    const again = await runScreening(pool, catalog, screeningJob(catalog, FLEET, START, END, 5), { objectType: (norad) => (FLEET.includes(norad) ? 'payload' : 'debris') });
    expect(again.conjunctions.length).toBeGreaterThan(10);
    // Object types reach the workers' risk step: a payload (10 m) and debris (0.56 m).
    for (const c of again.conjunctions) expect(c.risk.hbrM).toBeCloseTo(FLEET.includes(c.approach.secondary) ? 20 : 10 + Math.sqrt(1 / Math.PI), 9);
  }, 120_000);

  it('gives the same close approaches however the job is split into shards', async () => {
    const job = screeningJob(catalog, [25544, 25397, 32794], START, END, 20);
    const whole = await pool.screen(job, { shardsPerWorker: 1 });
    const split = await pool.screen(job, { shardsPerWorker: 5, timeSlices: 7 });
    // Same pairs in the same order; the same TCA (a different bracket may end Brent's search at
    // another point of a flat minimum: docked ISS vehicles drift apart at < 2 m/s) and distance.
    expect(split.result.approaches.map((a) => `${a.primary}-${a.secondary}`)).toEqual(whole.result.approaches.map((a) => `${a.primary}-${a.secondary}`));
    split.result.approaches.forEach((a, i) => {
      const b = whole.result.approaches[i]!;
      expect(Math.abs(a.tca - b.tca), `${a.primary}-${a.secondary} at ${new Date(a.tca).toISOString()}, ${a.relativeSpeedKmS} km/s`).toBeLessThan(a.relativeSpeedKmS > 0.01 ? 1 : 100);
      expect(Math.abs(a.missDistanceKm - b.missDistanceKm)).toBeLessThan(1e-6);
    });
    expect(whole.result.approaches.length).toBeGreaterThan(50);
    // Shards are plain data: a JSON round trip of the merged result changes nothing.
    expect(JSON.parse(JSON.stringify(whole.result))).toEqual(whole.result);
  }, 120_000);

  it("warms up on a sample of the catalogue's file when asked, then screens exactly as a cold worker", async () => {
    const job = screeningJob(catalog, FLEET, START, END, 5);
    const cold = await pool.screen(job, { shardsPerWorker: 1 });
    const warm = new ScreeningPool(1, { warmUp: { catalogPath: CATALOG, start: START, end: END, thresholdKm: 5 } });
    try {
      await warm.loadCatalog(catalog.version, catalog.sets);
      // The warm-up runs before the worker reads the catalogue's message: its report came first.
      expect(warm.warmUps).toHaveLength(1);
      const [report] = warm.warmUps;
      expect(report).not.toHaveProperty('error');
      // About 1,000 of the 26,140 objects (every 26th record), six primaries of every regime, screened to the end.
      expect(report!.objects).toBeGreaterThan(990);
      expect(report!.objects).toBeLessThan(1010);
      expect(report!.primaries).toBe(6);
      expect(report!.approaches).toBeGreaterThanOrEqual(0);
      // The same two shards as the cold pool's (two workers, one each; statistics count per shard).
      const after = await warm.screen(job, { shardsPerWorker: 2 });
      // Nothing of the sample stayed behind: the same approaches, bit for bit, and the same statistics.
      expect(after.result.approaches).toEqual(cold.result.approaches);
      expect(after.result.stats).toEqual(cold.result.stats);
    } finally {
      await warm.close();
    }
    // A pool not asked to warm up does not.
    expect(pool.warmUps).toEqual([]);
  }, 120_000);
});
