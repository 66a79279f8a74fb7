/**
 * Catalogue-wide screening (all-pairs.ts) against the brute-force reference (brute-force.ts,
 * every pair sampled every 60 s), on samples of the real 2023-10-09 catalogue and Vallado's
 * failing element sets. The 1,320-object recall test on the worker pool is
 * tests/integration/all-pairs-recall.test.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseElementSets } from '../elements/parse-element-sets.ts';
import { parseTleRecords } from '../elements/tle-parse.ts';
import { createSgp4 } from '../propagation/sgp4.ts';
import { utcMs } from '../units.ts';
import { screenAllPairs } from './all-pairs.ts';
import { bruteForce } from './brute-force.ts';
import type { CloseApproach } from './close-approach.ts';
import { ScreeningCancelled, type ScreeningSubject } from './screen.ts';
import { SGP4_VER_TLE as SGP4_VER } from '../../../tests/reference/index.ts';

const CATALOG = fileURLToPath(new URL('../../../../shared/reference/catalog/full_catalog_3le_2023-10-09.txt', import.meta.url));
const present = existsSync(CATALOG);
if (!present) console.warn(`[all-pairs.test] SKIPPED (catalogue sample): ${CATALOG} not found`);

const hour = (h: number) => utcMs(Date.UTC(2023, 9, 9) + h * 3_600_000);
const key = (a: CloseApproach) => `${a.primary}-${a.secondary}`;

function sample(every: number): ScreeningSubject[] {
  const { sets } = parseElementSets(readFileSync(CATALOG, 'utf8'));
  return sets
    .filter((s) => s.norad % every === 0)
    .flatMap((set) => {
      try {
        return [{ norad: set.norad, model: createSgp4(set) }];
      } catch {
        return [];
      }
    });
}

function expectSame(fast: readonly CloseApproach[], brute: readonly CloseApproach[]): void {
  expect(fast.map(key)).toEqual(brute.map(key));
  fast.forEach((a, i) => {
    expect(Math.abs(a.tca - brute[i]!.tca), `TCA of ${key(a)}`).toBeLessThan(10);
    expect(Math.abs(a.missDistanceKm - brute[i]!.missDistanceKm)).toBeLessThan(0.001);
  });
}

describe('screenAllPairs', () => {
  it.skipIf(!present)('finds every approach of every pair that the brute force finds, each pair once, on a sample of the real catalogue', () => {
    const all = sample(97);
    const window = { start: hour(0), end: hour(12) };
    const fast = screenAllPairs({ subjects: all, window, thresholdKm: 50 });
    const brute = bruteForce({ primaries: all, secondaries: all, window, thresholdKm: 50 });
    console.log(`[all-pairs.test] ${all.length} objects, ${fast.stats.pairs} pairs: ${fast.approaches.length} approaches below 50 km, brute force ${brute.approaches.length}`);
    expect(fast.stats.pairs).toBe((all.length * (all.length - 1)) / 2);
    expect(brute.approaches.length).toBeGreaterThan(20);
    expectSame(fast.approaches, brute.approaches);
    expect(fast.approaches.every((a) => a.primary < a.secondary)).toBe(true);
  }, 60_000);

  it.skipIf(!present)('gives the same approaches in time slices on one grid as over the whole window', () => {
    const all = sample(131);
    const whole = screenAllPairs({ subjects: all, window: { start: hour(0), end: hour(9) }, thresholdKm: 60 });
    const bounds = [0, 2.5, 6, 9];
    const slices = bounds.slice(1).map((end, i) => screenAllPairs({ subjects: all, window: { start: hour(bounds[i]!), end: hour(end) }, gridOrigin: hour(0), thresholdKm: 60 }).approaches);
    expect(slices.length).toBe(3);
    expect(whole.approaches.length).toBeGreaterThan(5);
    expectSame(slices.flat(), whole.approaches);
  }, 60_000);

  it('screens objects whose SGP4 fails during the window with the per-pair screener', () => {
    // Vallado's error cases (tests/reference/sgp4/README.md): 29141 decays (error 6) at 440 min,
    // 22312 reaches error 1 at 494 min, 28872 decays at 55 min, 33334 fails at once (error 3).
    const { records } = parseTleRecords(readFileSync(SGP4_VER, 'utf8'), { checksum: 'ignore' });
    const pick = (n: number) => records.find((r) => r.set.norad === n)!.set;
    const list = [pick(29141), pick(22312), pick(28872), pick(33334)].map((set) => ({ norad: set.norad, model: createSgp4(set) }));
    const epoch = list[0]!.model.epoch;
    const window = { start: utcMs(epoch - 3_600_000), end: utcMs(epoch + 86_400_000) };
    const out = screenAllPairs({ subjects: list, window, thresholdKm: 2000 });
    expect(out.stats.irregularObjects).toBeGreaterThanOrEqual(1);
    expect(out.skipped.map((s) => s.norad)).toContain(33334);
    const brute = bruteForce({ primaries: list, secondaries: list, window, thresholdKm: 2000 });
    expect(out.approaches.map((a) => [key(a), Math.round(a.tca)])).toEqual(brute.approaches.map((a) => [key(a), Math.round(a.tca)]));
  });

  it('refuses a bad window or threshold and stops when asked', () => {
    const { sets } = parseElementSets(
      [
        '1 25397U 98043D   23282.40800592  .00000298  00000-0  14973-3 0  9991',
        '2 25397  98.8835 240.9209 0001852 130.1863 229.9477 14.23921734311587',
        '1 41423U 00055LC  23282.47316215  .00006455  00000-0  29287-2 0  9990',
        '2 41423  98.7184 359.2968 0015511 170.8000 189.3465 14.22121175397230',
      ].join('\n'),
    );
    const list = sets.map((set) => ({ norad: set.norad, model: createSgp4(set) }));
    expect(() => screenAllPairs({ subjects: list, window: { start: hour(1), end: hour(1) }, thresholdKm: 5 })).toThrow(RangeError);
    expect(() => screenAllPairs({ subjects: list, window: { start: hour(0), end: hour(1) }, thresholdKm: 0 })).toThrow(/threshold/);
    expect(() => screenAllPairs({ subjects: list, window: { start: hour(0), end: hour(1) }, thresholdKm: 5, shouldStop: () => true })).toThrow(ScreeningCancelled);
    const seen = new Set<string>();
    screenAllPairs({ subjects: list, window: { start: hour(0), end: hour(1) }, thresholdKm: 5, onProgress: (stage) => seen.add(stage) });
    expect([...seen]).toEqual(['orbits', 'detect']);
  });
});
