/**
 * The screener against SGP4 directly (satellite.js `propagate`, outside code verified against
 * Vallado's tcppver.out in propagation/vallado.test.ts):
 * - a pair of real element sets: the approach it reports is the minimum of the satellite.js
 *   distance found by an independent scan (1 s steps, then golden-section search);
 * - a sample of the real catalogue: the same approaches as the brute-force reference.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { propagate } from 'satellite.js';
import { describe, expect, it } from 'vitest';
import { parseElementSets } from '../elements/parse-element-sets.ts';
import { parseTleRecords } from '../elements/tle-parse.ts';
import { createSgp4, type Sgp4Model } from '../propagation/sgp4.ts';
import { utcMs } from '../units.ts';
import { bruteForce } from './brute-force.ts';
import { screen, ScreeningCancelled } from './screen.ts';
import { SGP4_VER_TLE as SGP4_VER } from '../../../tests/reference/index.ts';
import { TECHSAT_PAIR_3LE } from './techsat-pair.test-support.ts';

const CATALOG = fileURLToPath(new URL('../../../../shared/reference/catalog/full_catalog_3le_2023-10-09.txt', import.meta.url));
const present = existsSync(CATALOG);
if (!present) console.warn(`[screen.test] SKIPPED (catalogue sample): ${CATALOG} not found`);

const THREE_LE = TECHSAT_PAIR_3LE;

const subjects = (sets: ReturnType<typeof parseElementSets>['sets']) => sets.map((set) => ({ norad: set.norad, model: createSgp4(set) }));
const day = (h: number) => utcMs(Date.UTC(2023, 9, 9, h));

/** Distance by satellite.js at t (whole ms: propagate() takes a Date). */
function satelliteJsDistance(a: Sgp4Model, b: Sgp4Model, t: number): number {
  const pa = propagate(a.satrec, new Date(t)) as { position: { x: number; y: number; z: number } };
  const pb = propagate(b.satrec, new Date(t)) as { position: { x: number; y: number; z: number } };
  return Math.hypot(pb.position.x - pa.position.x, pb.position.y - pa.position.y, pb.position.z - pa.position.z);
}

describe('screen', () => {
  it('finds the TECHSAT 1B / NOAA 16 DEB approach where an independent SGP4 scan finds it', () => {
    const [a, b] = subjects(parseElementSets(THREE_LE).sets);
    const out = screen({ primaries: [a!], secondaries: [b!], window: { start: day(0), end: day(6) }, thresholdKm: 10 });
    // Independent: scan at 1 s, then golden-section search on whole-ms satellite.js calls.
    let best = { t: 0, d: Infinity };
    for (let t: number = day(0); t < day(6); t += 1000) {
      const d = satelliteJsDistance(a!.model, b!.model, t);
      if (d < best.d) best = { t, d };
    }
    let lo = best.t - 1000;
    let hi = best.t + 1000;
    const f = (t: number) => satelliteJsDistance(a!.model, b!.model, Math.round(t));
    while (hi - lo > 1) {
      const m1 = hi - 0.618 * (hi - lo);
      const m2 = lo + 0.618 * (hi - lo);
      if (f(m1) < f(m2)) hi = m2;
      else lo = m1;
    }
    const nearest = out.approaches.reduce((x, y) => (Math.abs(y.tca - lo) < Math.abs(x.tca - lo) ? y : x));
    expect(Math.abs(nearest.tca - lo)).toBeLessThan(2);
    expect(Math.abs(nearest.missDistanceKm - f(lo))).toBeLessThan(0.001);
    expect(nearest.missDistanceKm).toBeLessThan(10);
    // Every reported approach is a local minimum of the satellite.js distance below the threshold.
    for (const ap of out.approaches) {
      expect(ap.missDistanceKm).toBeLessThan(10);
      expect(satelliteJsDistance(a!.model, b!.model, Math.round(ap.tca) - 500)).toBeGreaterThan(ap.missDistanceKm);
      expect(satelliteJsDistance(a!.model, b!.model, Math.round(ap.tca) + 500)).toBeGreaterThan(ap.missDistanceKm);
      expect(Math.hypot(ap.missRtnKm.radial, ap.missRtnKm.inTrack, ap.missRtnKm.crossTrack)).toBeCloseTo(ap.missDistanceKm, 9);
    }
  }, 30_000);

  it('reports progress in its two stages and stops when asked', () => {
    const list = subjects(parseElementSets(THREE_LE).sets);
    const seen = new Set<string>();
    screen({ primaries: [list[0]!], secondaries: list, window: { start: day(0), end: day(2) }, thresholdKm: 5, onProgress: (stage) => seen.add(stage) });
    expect([...seen]).toEqual(['orbits', 'detect']);
    expect(() => screen({ primaries: [list[0]!], secondaries: list, window: { start: day(0), end: day(2) }, thresholdKm: 5, shouldStop: () => true })).toThrow(ScreeningCancelled);
  });

  it("moves 'orbits' on while the primaries' tracks are built, and never back", () => {
    // The catalogue-wide path makes every object a primary: before, 'orbits' stood still from the
    // quick ranges (0.3) until the primaries' tracks were all built.
    const list = subjects(parseElementSets(THREE_LE).sets);
    const orbits: number[] = [];
    const stages: string[] = [];
    screen({
      primaries: list,
      secondaries: list,
      window: { start: day(0), end: day(2) },
      thresholdKm: 5,
      onProgress: (stage, fraction) => {
        stages.push(stage);
        if (stage === 'orbits') orbits.push(fraction);
      },
    });
    expect(orbits).toEqual([...orbits].sort((a, b) => a - b));
    expect(new Set(orbits.filter((f) => f > 0.3 && f < 1)).size).toBeGreaterThanOrEqual(list.length);
    expect(orbits.at(-1)).toBe(1);
    expect(stages.lastIndexOf('orbits')).toBeLessThan(stages.indexOf('detect'));
  });

  it('screens objects whose SGP4 fails during the window without failing itself', () => {
    // Vallado's error cases (tests/reference/sgp4/README.md): 29141 decays (error 6) at 440 min,
    // 22312 reaches error 1 at 494 min, 28872 decays at 55 min, 33334 fails at once (error 3).
    const { records } = parseTleRecords(readFileSync(SGP4_VER, 'utf8'), { checksum: 'ignore' });
    const pick = (n: number) => records.find((r) => r.set.norad === n)!.set;
    const list = subjects([pick(29141), pick(22312), pick(28872), pick(33334)]);
    const epoch = list[0]!.model.epoch;
    const window = { start: utcMs(epoch - 3_600_000), end: utcMs(epoch + 86_400_000) };
    const out = screen({ primaries: [list[0]!], secondaries: list, window, thresholdKm: 2000 });
    expect(out.stats.irregularObjects).toBeGreaterThanOrEqual(1);
    expect(out.skipped.map((s) => s.norad)).toContain(33334);
    // Every approach reported is where both objects still propagate, and the brute force agrees.
    const brute = bruteForce({ primaries: [list[0]!], secondaries: list, window, thresholdKm: 2000 });
    expect(out.approaches.map((a) => [a.secondary, Math.round(a.tca)])).toEqual(brute.approaches.map((a) => [a.secondary, Math.round(a.tca)]));
    for (const a of out.approaches) expect(a.tca).toBeLessThan(epoch + 440 * 60_000);
  });

  it('gives no secondary a track for a primary that cannot be screened in the window', () => {
    // Vallado's 33334 fails at once (error 3): it is skipped, and must not keep every object of
    // the catalogue in the apogee/perigee filter. AMOS 5 (GEO, 2023-10-09 catalogue) is far from
    // TECHSAT 1B's 800 km, so only the LEO pair gets tracks.
    const { records } = parseTleRecords(readFileSync(SGP4_VER, 'utf8'), { checksum: 'ignore' });
    const failing = subjects([records.find((r) => r.set.norad === 33334)!.set])[0]!;
    const amos5 = parseElementSets(
      '1 37950U 11074A   23282.53581084  .00000089  00000-0  00000-0 0  9995\n2 37950   6.4453  71.0102 0003960  56.1677 139.2922  1.00173289 43151\n',
    ).sets;
    const [techsat, debris] = subjects(parseElementSets(THREE_LE).sets);
    const geo = subjects(amos5)[0]!;
    const out = screen({ primaries: [failing, techsat!], secondaries: [techsat!, debris!, geo], window: { start: day(0), end: day(6) }, thresholdKm: 10 });
    expect(out.skipped.map((s) => s.norad)).toEqual([33334]);
    // 33334 itself, TECHSAT 1B and the debris: not AMOS 5.
    expect(out.stats.tracks).toBe(3);
    expect(out.approaches.length).toBeGreaterThan(0);
  });

  it('filters by its radius range a primary whose SGP4 fails during the window, and screens it', () => {
    // Vallado's 29141 decays (error 6) at 440 min: no quick range, no track; AMOS 5 (GEO) is far
    // from its range and gets no track, the decaying object's own LEO neighbour from the same file does.
    const { records } = parseTleRecords(readFileSync(SGP4_VER, 'utf8'), { checksum: 'ignore' });
    const pick = (n: number) => subjects([records.find((r) => r.set.norad === n)!.set])[0]!;
    const [decaying, neighbour] = [pick(29141), pick(28872)];
    const geo = subjects(
      parseElementSets('1 37950U 11074A   23282.53581084  .00000089  00000-0  00000-0 0  9995\n2 37950   6.4453  71.0102 0003960  56.1677 139.2922  1.00173289 43151\n').sets,
    )[0]!;
    const epoch = decaying.model.epoch;
    const window = { start: utcMs(epoch - 3_600_000), end: utcMs(epoch + 86_400_000) };
    const out = screen({ primaries: [decaying], secondaries: [neighbour, geo], window, thresholdKm: 2000 });
    expect(out.stats.irregularObjects).toBeGreaterThanOrEqual(1);
    expect(out.stats.tracks).toBe(2);
    const brute = bruteForce({ primaries: [decaying], secondaries: [neighbour, geo], window, thresholdKm: 2000 });
    expect(out.approaches.map((a) => [a.secondary, Math.round(a.tca)])).toEqual(brute.approaches.map((a) => [a.secondary, Math.round(a.tca)]));
  });

  it.skipIf(!present)('finds the same approaches as the brute force on a sample of the real catalogue', () => {
    const { sets } = parseElementSets(readFileSync(CATALOG, 'utf8'));
    const sample = sets.filter((s, i) => i % 40 === 0 || s.norad === 25397 || s.norad === 40021);
    const all = sample.flatMap((set) => {
      try {
        return [{ norad: set.norad, model: createSgp4(set) }];
      } catch {
        return [];
      }
    });
    const primaries = all.filter((s) => s.norad === 25397 || s.norad === 40021);
    const window = { start: day(0), end: day(24) };
    const fast = screen({ primaries, secondaries: all, window, thresholdKm: 60 });
    const brute = bruteForce({ primaries, secondaries: all, window, thresholdKm: 60 });
    console.log(`[screen.test] sample of ${all.length} objects: ${fast.approaches.length} approaches below 60 km, brute force ${brute.approaches.length}`);
    expect(fast.approaches.length).toBeGreaterThan(5);
    expect(fast.approaches.map((a) => `${a.primary}-${a.secondary}`)).toEqual(brute.approaches.map((a) => `${a.primary}-${a.secondary}`));
    fast.approaches.forEach((a, i) => {
      expect(Math.abs(a.tca - brute.approaches[i]!.tca)).toBeLessThan(10);
      expect(Math.abs(a.missDistanceKm - brute.approaches[i]!.missDistanceKm)).toBeLessThan(0.001);
    });
  }, 30_000);
});
