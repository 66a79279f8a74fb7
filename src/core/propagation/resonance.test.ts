/**
 * The carried resonance integrator against satellite.js's own `sgp4`, which integrates from the
 * epoch at every call (it never writes `atime`, so an untouched record always restarts): the
 * positions and velocities must be the same doubles, whatever the order of the calls.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sgp4, type SatRec } from 'satellite.js';
import { describe, expect, it } from 'vitest';
import { parseTleRecords } from '../elements/tle-parse.ts';
import { parseElementSets } from '../elements/parse-element-sets.ts';
import { createSgp4 } from './sgp4.ts';
import { advanceResonance, isResonant, sgp4Continued } from './resonance.ts';
import { SGP4_VER_TLE } from '../../../tests/reference/index.ts';
import { rng as random } from '../../../tests/integration/support/random.ts';
import type { ElementSet } from '../elements/element-set.ts';

const CATALOG = fileURLToPath(new URL('../../../../shared/reference/catalog/full_catalog_3le_2023-10-09.txt', import.meta.url));
const haveCatalog = existsSync(CATALOG);
if (!haveCatalog && process.env.CI === 'true') throw new Error(`[resonance.test] ${CATALOG} is missing`);

/**
 * Instants that exercise every branch: forward runs of samples (the screening's pattern), jumps
 * back past checkpoints, across the epoch, exactly on 720-min steps, and years away.
 */
function instants(seed: number): number[] {
  const next = random(seed);
  const years = 525_960;
  const out: number[] = [0, 720, 1440, -720, 23_040, 23_039.999, 23_040.001, 3 * years, 3 * years - 1, -2 * years];
  let t = 2.9 * years;
  for (let i = 0; i < 200; i += 1) {
    t += next() * 30;
    out.push(t);
  }
  for (let i = 0; i < 100; i += 1) out.push((next() * 2 - 1) * 4 * years);
  for (let i = 0; i < 50; i += 1) out.push(t - next() * 50_000);
  return out;
}

/** Checks every call of `sgp4Continued` on one record against a record that always restarts. */
function checkSameDoubles(set: ElementSet, times: readonly number[]): number {
  const carried = createSgp4(set).satrec;
  const fresh: SatRec = createSgp4(set).satrec;
  let compared = 0;
  for (const t of times) {
    const a = sgp4Continued(carried, t);
    const b = sgp4(fresh, t);
    expect(fresh.atime, 'satellite.js keeps no integrator state').toBe(0);
    expect(carried.error, `${set.norad} at ${t} min`).toBe(fresh.error);
    if (!a || !b) {
      expect(a, `${set.norad} at ${t} min`).toBe(b);
      continue;
    }
    const got = [a.position.x, a.position.y, a.position.z, a.velocity.x, a.velocity.y, a.velocity.z];
    const want = [b.position.x, b.position.y, b.position.z, b.velocity.x, b.velocity.y, b.velocity.z];
    expect(got, `${set.norad} at ${t} min`).toEqual(want);
    for (let i = 0; i < 6; i += 1) if (!Object.is(got[i], want[i])) throw new Error(`${set.norad} at ${t} min: component ${i} ${got[i]} ≠ ${want[i]}`);
    compared += 1;
  }
  return compared;
}

describe('advanceResonance', () => {
  it('gives satellite.js’s doubles on every resonant case of Vallado’s SGP4-VER.TLE, in any call order', () => {
    const { records } = parseTleRecords(readFileSync(SGP4_VER_TLE, 'utf8'));
    const resonant = records.map((r) => r.set).filter((set) => {
      return isResonant(createSgp4(set).satrec);
    });
    const byKind = new Set(resonant.map((set) => createSgp4(set).satrec.irez));
    expect(byKind).toEqual(new Set([1, 2])); // 24-h (GEO) and 12-h (Molniya) resonances both present
    let compared = 0;
    for (const [i, set] of resonant.entries()) compared += checkSameDoubles(set, instants(i + 1));
    expect(compared).toBeGreaterThan(resonant.length * 100);
  }, 60_000);

  it.skipIf(!haveCatalog)('gives satellite.js’s doubles on 60 resonant objects of the real 2023 catalogue, three years past their epochs', () => {
    const { sets } = parseElementSets(readFileSync(CATALOG, 'utf8'));
    const resonant = sets.filter((set) => {
      try {
        return isResonant(createSgp4(set).satrec);
      } catch {
        return false;
      }
    });
    expect(resonant.length).toBeGreaterThan(1000);
    const sample = resonant.filter((_, i) => i % Math.floor(resonant.length / 60) === 0).slice(0, 60);
    let compared = 0;
    for (const [i, set] of sample.entries()) compared += checkSameDoubles(set, instants(100 + i));
    expect(compared).toBeGreaterThan(sample.length * 100);
  }, 120_000);

  it('leaves the record at the last whole step, as Vallado’s dspace does, and ignores orbits without resonance', () => {
    const { records } = parseTleRecords(readFileSync(SGP4_VER_TLE, 'utf8'));
    const geo = records.map((r) => r.set).find((set) => createSgp4(set).satrec.irez === 1)!;
    const s = createSgp4(geo).satrec;
    advanceResonance(s, 10_000);
    expect(s.atime).toBe(9360); // 13 × 720
    advanceResonance(s, -1_000);
    expect(s.atime).toBe(-720);
    advanceResonance(s, 500);
    expect(s.atime).toBe(0);
    const near = records.map((r) => r.set).find((set) => createSgp4(set).satrec.method === 'n')!;
    const n = createSgp4(near).satrec;
    advanceResonance(n, 10_000);
    expect(n.atime).toBe(0);
  });
});
