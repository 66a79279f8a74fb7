/**
 * Proof of recall of the catalogue-wide screening (issue 13 item 1): on a subset of the real
 * 2023-10-09 catalogue, every pair screened by core/screening/all-pairs.ts (spatial grid of 60 s
 * path boxes, then the interval search; on the worker pool in time slices) must find exactly the
 * close approaches of the brute-force reference (core/screening/brute-force.ts: every pair
 * sampled every 60 s with satellite.js's WASM BulkPropagator, every sample closer than
 * D + 22.4 km/s · 30 s that is a local minimum refined), with TCA within 10 ms (or the flat-minimum
 * tolerance of screening-recall.test.ts) and miss distance within 1 m.
 *
 * The subset: every object whose NORAD id is a multiple of 20 (1,307 objects in every regime), the
 * crewed stations with their docked vehicles and debris (ISS and CSS: co-located objects, the
 * proximities that must still be found as approaches here and folded later), and the four
 * objects whose SGP4 fails inside the window (decaying: NUSAT-11, OBJECT DC, COSMOS 1408 DEB, SLS
 * DEB), which all-pairs.ts hands to the per-pair screener (no pair of theirs comes within 20 km in
 * the reference). 24 h from 2023-10-09T00:00Z at 20 km
 * (the subset is 20× sparser than the catalogue, so 5 km would leave few events).
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseElementSets } from '../../src/core/elements/index.ts';
import { BRUTE_FORCE_STEP_MS, type CloseApproach } from '../../src/core/screening/index.ts';
import { catalogVersionOf, type CatalogVersion } from '../../src/server/screening/catalog-version.ts';
import { screeningJob } from '../../src/server/screening/run-screening.ts';
import { ScreeningPool } from '../../src/server/workers/screening/screening-pool.ts';

const CATALOG = fileURLToPath(new URL('../../../shared/reference/catalog/full_catalog_3le_2023-10-09.txt', import.meta.url));
const present = existsSync(CATALOG);
if (!present) console.warn(`[all-pairs-recall.test] SKIPPED: the reference catalogue ${CATALOG} is absent (../shared/reference not beside the repository)`);

const START = '2023-10-09T00:00:00.000Z';
const END = '2023-10-10T00:00:00.000Z';
const THRESHOLD_KM = 20;
const STATIONS = [25544, 49044, 55560, 55688, 55740, 56740, 57161, 57162, 57163, 57212, 57488, 57691, 57697, 57799, 57862, 48274, 53239, 54216, 54237, 56446];
const FAILING = [46829, 51082, 52518, 57689];

/** SGP4's position noise, km (screening-recall.test.ts). */
const POSITION_NOISE_KM = 1e-8;
function tcaToleranceMs(a: CloseApproach): number {
  return Math.max(10, (2000 * Math.sqrt(2 * a.missDistanceKm * POSITION_NOISE_KM)) / a.relativeSpeedKmS);
}
const iso = (t: number) => new Date(t).toISOString();

describe.skipIf(!present)('catalogue-wide screening recall against brute force, real catalogue subset, 24 h', () => {
  let pool: ScreeningPool;
  let catalog: CatalogVersion;

  beforeAll(async () => {
    const all = catalogVersionOf(parseElementSets(readFileSync(CATALOG, 'utf8')).sets);
    const keep = new Set([...STATIONS, ...FAILING]);
    catalog = catalogVersionOf(all.sets.filter((s) => s.norad % 20 === 0 || keep.has(s.norad)));
    pool = new ScreeningPool();
    await pool.loadCatalog(catalog.version, catalog.sets);
  }, 120_000);

  afterAll(async () => {
    await pool?.close();
  });

  it('finds every approach of every pair, each pair once, lower NORAD id first', async () => {
    let t = performance.now();
    const { result } = await pool.screen(screeningJob(catalog, 'all', START, END, THRESHOLD_KM));
    const fastMs = performance.now() - t;
    t = performance.now();
    const ids = catalog.sets.map((s) => s.norad);
    const brute = (await pool.bruteForce(ids, START, END, THRESHOLD_KM, BRUTE_FORCE_STEP_MS)).approaches;
    const bruteMs = performance.now() - t;
    const fast = result.approaches;

    const used = new Set<number>();
    const missing: string[] = [];
    let worstTcaMs = 0;
    let worstMissM = 0;
    for (const b of brute) {
      const i = fast.findIndex((f, k) => !used.has(k) && f.primary === b.primary && f.secondary === b.secondary && Math.abs(f.tca - b.tca) < 1000);
      if (i < 0) {
        missing.push(`${b.primary}–${b.secondary} at ${iso(b.tca)}, ${b.missDistanceKm.toFixed(3)} km`);
        continue;
      }
      used.add(i);
      const f = fast[i]!;
      const dt = Math.abs(f.tca - b.tca);
      expect(dt, `TCA ${b.primary}–${b.secondary} at ${iso(b.tca)} (v = ${b.relativeSpeedKmS} km/s)`).toBeLessThanOrEqual(tcaToleranceMs(b));
      worstTcaMs = Math.max(worstTcaMs, dt);
      worstMissM = Math.max(worstMissM, Math.abs(f.missDistanceKm - b.missDistanceKm) * 1000);
    }
    const extra = fast.filter((_, k) => !used.has(k)).map((f) => `${f.primary}–${f.secondary} at ${iso(f.tca)}, ${f.missDistanceKm.toFixed(3)} km`);
    const pairs = new Set(brute.map((a) => `${a.primary}-${a.secondary}`));
    console.log(
      [
        `[all-pairs-recall.test] ${catalog.sets.length} objects, ${result.stats.pairs.toLocaleString('en-US')} pairs, ${THRESHOLD_KM} km: all-pairs ${fast.length} approaches in ${(fastMs / 1000).toFixed(1)} s, ` +
          `brute force ${brute.length} (${pairs.size} pairs) in ${(bruteMs / 1000).toFixed(1)} s; missing ${missing.length}, extra ${extra.length}`,
        `  worst |ΔTCA| ${worstTcaMs.toFixed(3)} ms, worst |Δmiss| ${worstMissM.toExponential(2)} m; box pairs ${result.stats.pairsAfterApsisFilter.toLocaleString('en-US')}, ` +
          `pairs searched ${result.stats.pairsWithCandidates}, irregular objects ${result.stats.irregularObjects}, skipped ${result.stats.skippedObjects}`,
      ].join('\n'),
    );
    expect(missing).toEqual([]);
    expect(extra).toEqual([]);
    expect(brute.length).toBeGreaterThan(300);
    expect(worstMissM).toBeLessThan(1);
    // Each pair once, the lower id as primary; the statistics count every unordered pair.
    expect(fast.every((a) => a.primary < a.secondary)).toBe(true);
    expect(new Set(fast.map((a) => `${a.primary}-${a.secondary}-${a.tca}`)).size).toBe(fast.length);
    expect(result.stats.pairs).toBe((catalog.sets.length * (catalog.sets.length - 1)) / 2);
    // The hard cases: co-located station modules are in the reference (and so found); the objects
    // SGP4 fails for went to the per-pair screener (none of their pairs comes within 20 km).
    expect(brute.some((a) => a.primary === 25544 && a.secondary === 49044)).toBe(true);
    expect(result.stats.irregularObjects).toBeGreaterThanOrEqual(FAILING.length);
  }, 600_000);
});
