/**
 * Proof of recall (issue 4 item 2): on the real 2023-10-09 catalogue, ten primaries in every
 * orbit regime, 48 h from 2023-10-09T00:00Z, the screener (filters + interval search, on the
 * worker pool) must find exactly the close approaches of the brute-force reference
 * (core/screening/brute-force.ts: every object sampled every 60 s with satellite.js's WASM
 * BulkPropagator, every sample closer than D + 22.4 km/s · 30 s that is a local minimum refined),
 * with TCA within 10 ms and miss distance within 1 m. Thresholds by regime, for a healthy number
 * of events each: 20 km in LEO, 100 km for the GTO, 500 km for GEO, GNSS and Molniya (whose
 * neighbours are sparse).
 *
 * One exception to the 10 ms, stated and counted: where the relative speed is so small that the
 * distance is flat to within SGP4's own numerical noise (objects docked to the ISS drift apart
 * at < 2 m/s), the minimum is only defined to ±√(2 d ε)/v, with ε = 1e-8 km the position noise of
 * SGP4's double-precision Kepler solution (tolerance 1e-12 on a 1e4 km orbit). There the TCA
 * tolerance is twice that (both screeners' miss distances still agree to 1 m).
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
if (!present) console.warn(`[screening-recall.test] SKIPPED: the reference catalogue ${CATALOG} is absent (../shared/reference not beside the repository)`);

const START = '2023-10-09T00:00:00.000Z';
const END = '2023-10-11T00:00:00.000Z';

const GROUPS = [
  {
    thresholdKm: 20,
    primaries: [
      { norad: 25544, regime: 'LEO low: ISS (ZARYA), 415 km, 51.6°' },
      { norad: 44713, regime: 'Starlink shell: STARLINK-1007, 547 km, 53.1°' },
      { norad: 25397, regime: 'sun-synchronous: TECHSAT 1B, 812 km, 98.9°' },
      { norad: 54880, regime: 'retrograde: EROS C3, 459–473 km, 139.4°' },
      { norad: 19904, regime: 'LEO high: COSMOS 2010, 1,424–1,471 km, 74°' },
    ],
  },
  {
    thresholdKm: 100,
    primaries: [
      { norad: 6058, regime: 'GTO: ATLAS CENTAUR R/B, 470 × 36,355 km, 26.1°' },
    ],
  },
  {
    thresholdKm: 500,
    primaries: [
      { norad: 40294, regime: 'MEO/GNSS: NAVSTAR 72, 20,051–20,312 km, 56.2°' },
      { norad: 32794, regime: 'GEO: AMOS 3, 0.0°' },
      { norad: 28132, regime: 'inclined GEO: AMOS 2, 6.1°' },
      { norad: 7780, regime: 'Molniya/HEO: MOLNIYA 1-29, 2,330 × 38,025 km, 63.4°' },
    ],
  },
] as const;

/** SGP4's position noise, km (see the header). */
const POSITION_NOISE_KM = 1e-8;

function tcaTolerance(a: CloseApproach): { ms: number; conditioned: boolean } {
  const flat = (2 * Math.sqrt(2 * a.missDistanceKm * POSITION_NOISE_KM)) / a.relativeSpeedKmS;
  return flat * 1000 > 10 ? { ms: flat * 1000, conditioned: false } : { ms: 10, conditioned: true };
}

describe.skipIf(!present)('screening recall against brute force, real catalogue, 48 h', () => {
  let pool: ScreeningPool;
  let catalog: CatalogVersion;
  let brute: CloseApproach[] = [];

  beforeAll(async () => {
    catalog = catalogVersionOf(parseElementSets(readFileSync(CATALOG, 'utf8')).sets);
    pool = new ScreeningPool();
    await pool.loadCatalog(catalog.version, catalog.sets);
    const t = performance.now();
    const all = GROUPS.flatMap((g) => g.primaries.map((p) => p.norad));
    const result = await pool.bruteForce(all, START, END, Math.max(...GROUPS.map((g) => g.thresholdKm)), BRUTE_FORCE_STEP_MS);
    brute = result.approaches;
    console.log(
      `[screening-recall.test] brute force: ${catalog.sets.length} objects × ${all.length} primaries, ${result.propagations.toLocaleString('en-US')} WASM propagations, ` +
        `${result.sgp4Calls.toLocaleString('en-US')} JS SGP4 calls, ${((performance.now() - t) / 1000).toFixed(1)} s on ${pool.size} workers`,
    );
  }, 900_000);

  afterAll(async () => {
    await pool?.close();
  });

  for (const group of GROUPS) {
    it(`finds every approach below ${group.thresholdKm} km of ${group.primaries.map((p) => p.norad).join(', ')}`, async () => {
      const ids = group.primaries.map((p) => p.norad);
      const t = performance.now();
      const { result } = await pool.screen(screeningJob(catalog, ids, START, END, group.thresholdKm));
      const fastMs = performance.now() - t;
      const expected = brute.filter((a) => (ids as readonly number[]).includes(a.primary) && a.missDistanceKm < group.thresholdKm);
      const fast = result.approaches;

      const used = new Set<number>();
      const missing: string[] = [];
      let worstTcaMs = 0;
      let worstMissM = 0;
      let flat = 0;
      let worstFlatMs = 0;
      for (const b of expected) {
        const i = fast.findIndex((f, k) => !used.has(k) && f.primary === b.primary && f.secondary === b.secondary && Math.abs(f.tca - b.tca) < 1000);
        if (i < 0) {
          missing.push(`${b.primary}–${b.secondary} at ${new Date(b.tca).toISOString()}, ${b.missDistanceKm.toFixed(3)} km`);
          continue;
        }
        used.add(i);
        const f = fast[i]!;
        const dt = Math.abs(f.tca - b.tca);
        const tolerance = tcaTolerance(b);
        if (tolerance.conditioned) worstTcaMs = Math.max(worstTcaMs, dt);
        else {
          flat += 1;
          worstFlatMs = Math.max(worstFlatMs, dt);
        }
        expect(dt, `TCA ${b.primary}–${b.secondary} at ${new Date(b.tca).toISOString()} (v = ${b.relativeSpeedKmS} km/s)`).toBeLessThanOrEqual(tolerance.ms);
        worstMissM = Math.max(worstMissM, Math.abs(f.missDistanceKm - b.missDistanceKm) * 1000);
      }
      const extra = fast.filter((_, k) => !used.has(k)).map((f) => `${f.primary}–${f.secondary} at ${new Date(f.tca).toISOString()}, ${f.missDistanceKm.toFixed(3)} km`);

      const perPrimary = group.primaries.map((p) => {
        const events = expected.filter((a) => a.primary === p.norad || a.secondary === p.norad);
        return `  ${String(p.norad).padStart(5)} ${p.regime}: ${events.length} events, ${new Set(events.map((a) => `${a.primary}-${a.secondary}`)).size} pairs`;
      });
      console.log(
        [
          `[screening-recall.test] threshold ${group.thresholdKm} km: screener ${fast.length} events (${(fastMs / 1000).toFixed(2)} s), brute force ${expected.length}, ` +
            `${new Set(expected.map((a) => `${a.primary}-${a.secondary}`)).size} pairs; missing ${missing.length}, extra ${extra.length}`,
          `  worst |ΔTCA| ${worstTcaMs.toFixed(3)} ms, worst |Δmiss| ${worstMissM.toExponential(2)} m; ${flat} flat minima (relative speed < ~2 m/s) within ${worstFlatMs.toFixed(1)} ms`,
          `  filters: ${result.stats.pairs} pairs → ${result.stats.pairsAfterApsisFilter} after apogee/perigee → ${result.stats.pairsWithCandidates} with candidate intervals ` +
            `(${result.stats.candidateIntervals} intervals, ${result.stats.coplanarPairs} near-coplanar pairs) → ${fast.length} approaches`,
          ...perPrimary,
        ].join('\n'),
      );
      expect(missing).toEqual([]);
      expect(extra).toEqual([]);
      expect(expected.length).toBeGreaterThan(10);
      expect(worstMissM).toBeLessThan(1);
      for (const p of group.primaries) expect(expected.some((a) => a.primary === p.norad || a.secondary === p.norad), `events of ${p.norad}`).toBe(true);
    }, 300_000);
  }
});
