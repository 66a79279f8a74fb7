/**
 * The apogee/perigee pads measured against SGP4 on the whole real catalogue: for every object,
 * SGP4's radius over the 48 h window stays inside the track's [radiusMin, radiusMax], and that
 * range inside the cheap first range of `quickRadiusRange`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sgp4 } from 'satellite.js';
import { describe, expect, it } from 'vitest';
import { parseElementSets } from '../elements/parse-element-sets.ts';
import { createSgp4 } from '../propagation/sgp4.ts';
import { utcMs } from '../units.ts';
import { isDecayed } from './mean-orbit.ts';
import { buildTrack, gridTimes, interpolationMargin, quickRadiusRange } from './object-track.ts';
import { nearEarthConstants } from './near-earth-init.ts';

const CATALOG = fileURLToPath(new URL('../../../../shared/reference/catalog/full_catalog_3le_2023-10-09.txt', import.meta.url));
const present = existsSync(CATALOG);
if (!present) console.warn(`[object-track.test] SKIPPED (catalogue): ${CATALOG} not found`);

describe('interpolationMargin', () => {
  it('is 3/8 of the second difference: three times the linear-interpolation error of a parabola', () => {
    // f(t) = t² on a unit grid: second difference 2, largest interpolation error between nodes 1/4.
    expect(interpolationMargin([0, 1, 4, 9, 16])).toBeCloseTo(0.75, 12);
    expect(interpolationMargin([3, 5, 7, 9])).toBe(0);
  });
});

describe.skipIf(!present)('radius ranges on the 2023-10-09 catalogue', () => {
  const { sets } = parseElementSets(present ? readFileSync(CATALOG, 'utf8') : '');
  const window = { start: utcMs(Date.UTC(2023, 9, 9)), end: utcMs(Date.UTC(2023, 9, 11)) };
  const times = gridTimes(window);

  it('the quick range holds the tabulated range of every object', () => {
    const outside: string[] = [];
    let compared = 0;
    for (const set of sets) {
      const subject = { norad: set.norad, model: createSgp4(set) };
      const quick = quickRadiusRange(subject, times);
      const built = buildTrack(subject, times);
      if (!quick || built.kind !== 'regular') continue;
      compared += 1;
      if (quick.min > built.track.radiusMin || quick.max < built.track.radiusMax) outside.push(`NORAD ${set.norad}`);
    }
    expect(compared).toBeGreaterThan(25_000);
    expect(outside).toEqual([]);
  }, 30_000);

  it('an object given by its near-Earth constants gets its model’s quick range and track, bit for bit, without its model', () => {
    const differences: string[] = [];
    let viaConstants = 0;
    let modelsRead = 0;
    for (const set of sets) {
      const model = createSgp4(set);
      const constants = nearEarthConstants(set);
      if (!constants) continue;
      let read = false;
      const lazy = {
        norad: set.norad,
        constants,
        get model() {
          read = true;
          return model;
        },
      };
      const direct = { norad: set.norad, model };
      const [q1, q2] = [quickRadiusRange(lazy, times), quickRadiusRange(direct, times)];
      if (!Object.is(q1?.min, q2?.min) || !Object.is(q1?.max, q2?.max)) differences.push(`${set.norad} quick range`);
      const [b1, b2] = [buildTrack(lazy, times), buildTrack(direct, times)];
      if (read && b1.kind === 'regular') modelsRead += 1;
      if (b1.kind !== b2.kind) differences.push(`${set.norad} ${b1.kind} ≠ ${b2.kind}`);
      else if (b1.kind === 'regular' && b2.kind === 'regular') {
        // Every field (the subject aside: one is lazy, one is not) and the lazily computed bound.
        for (const [key, value] of [...Object.entries(b2.track), ['fourthDerivative', b2.track.fourthDerivative] as const]) {
          const other = key === 'fourthDerivative' ? b1.track.fourthDerivative : (b1.track as unknown as Record<string, unknown>)[key];
          const same = value instanceof Float64Array ? other instanceof Float64Array && value.every((v, k) => Object.is(v, other[k])) : key === 'subject' || Object.is(value, other);
          if (!same) differences.push(`${set.norad} ${key}`);
        }
        viaConstants += 1;
      }
    }
    expect(differences.slice(0, 10)).toEqual([]);
    expect(viaConstants).toBeGreaterThan(20_000);
    // SGP4 decides only near its failures (decaying objects): a handful of the catalogue.
    expect(modelsRead).toBeLessThan(100);
  }, 60_000);

  it('SGP4’s radius every 10 minutes stays inside the tabulated range (every 4th object)', () => {
    let worst = Infinity;
    const outside: string[] = [];
    for (let i = 0; i < sets.length; i += 4) {
      const model = createSgp4(sets[i]!);
      const built = buildTrack({ norad: model.norad, model }, times);
      if (built.kind !== 'regular') continue;
      const { radiusMin, radiusMax } = built.track;
      for (let t = times[0]!; t <= times[times.length - 1]!; t += 600_000) {
        const pv = sgp4(model.satrec, (t - model.epoch) / 60_000);
        if (!pv || isDecayed(model.satrec, pv.meanElements.am)) continue;
        const r = Math.hypot(pv.position.x, pv.position.y, pv.position.z);
        worst = Math.min(worst, r - radiusMin, radiusMax - r);
        if (r < radiusMin || r > radiusMax) outside.push(`NORAD ${model.norad} at ${new Date(t).toISOString()}: ${r} not in [${radiusMin}, ${radiusMax}]`);
      }
    }
    console.log(`[object-track.test] closest approach of SGP4's radius to a range edge: ${worst.toFixed(3)} km`);
    expect(outside).toEqual([]);
  }, 30_000);
});
