/**
 * The universal-variable propagator against an independent two-body solution, the equinoctial
 * propagation of 3D-Nc (equinoctial.ts: Kepler's equation in the eccentric longitude), on a LEO, a
 * Molniya-like and a GEO orbit over several revolutions, and a hyperbolic orbit against the
 * conservation of energy and angular momentum.
 */
import { describe, expect, it } from 'vitest';
import { cartesianToEquinoctial, equinoctialToCartesian, MU_KM3_S2, MU_M3_S2 } from './equinoctial.ts';
import { ORBIT_SIZE, propagateOrbit, setOrbit } from './two-body-universal.ts';
import { stateFromElements } from './regimes.test-support.ts';

function universal(r: readonly number[], v: readonly number[], times: readonly number[]): number[][] {
  const orbit = new Float64Array(ORBIT_SIZE);
  setOrbit(orbit, r[0]!, r[1]!, r[2]!, v[0]!, v[1]!, v[2]!, MU_M3_S2);
  const out = new Float64Array(6);
  return times.map((t) => {
    expect(propagateOrbit(orbit, t, out, 0)).toBe(true);
    return [...out];
  });
}

describe('two-body propagation by the universal variable (Vallado Algorithm 8)', () => {
  const cases = [
    ['LEO', stateFromElements(7_000e3, 0.001, 98, 30, 40, 10)],
    ['HEO e = 0.72', stateFromElements(26_600e3, 0.72, 63.4, 120, 270, 20)],
    ['GEO', stateFromElements(42_164e3, 0.0002, 0.05, 80, 0, 0)],
  ] as const;

  for (const [name, s] of cases) {
    it(`agrees with the equinoctial two-body solution to a millimetre over ±3 revolutions (${name})`, () => {
      const eq = cartesianToEquinoctial(
        s.r.map((x) => x / 1e3),
        s.v.map((x) => x / 1e3),
        MU_KM3_S2,
      )!;
      const period = (2 * Math.PI) / eq.elements[0];
      // Forward and backward in one sequence, as the Monte Carlo's warm starts see them, and one jump.
      const times = [0, 1, 10, 0.37 * period, period, 3 * period, -0.5 * period, -3 * period, 1234.5];
      const ours = universal(s.r, s.v, times);
      times.forEach((t, k) => {
        const ref = equinoctialToCartesian(eq.elements, t, MU_KM3_S2).map((x) => x * 1e3);
        const dr = Math.hypot(ours[k]![0]! - ref[0]!, ours[k]![1]! - ref[1]!, ours[k]![2]! - ref[2]!);
        const dv = Math.hypot(ours[k]![3]! - ref[3]!, ours[k]![4]! - ref[4]!, ours[k]![5]! - ref[5]!);
        expect(dr, `${name} t=${t}`).toBeLessThan(1e-3);
        expect(dv, `${name} t=${t}`).toBeLessThan(1e-6);
      });
    });
  }

  it('keeps energy and angular momentum on a hyperbolic orbit', () => {
    const r = [7_000e3, 0, 0];
    const v = [0, 12_000, 1_000];
    const energy = (x: readonly number[]) => 0.5 * (x[3]! ** 2 + x[4]! ** 2 + x[5]! ** 2) - MU_M3_S2 / Math.hypot(x[0]!, x[1]!, x[2]!);
    const h = (x: readonly number[]) => [x[1]! * x[5]! - x[2]! * x[4]!, x[2]! * x[3]! - x[0]! * x[5]!, x[0]! * x[4]! - x[1]! * x[3]!];
    const e0 = energy([...r, ...v]);
    const h0 = h([...r, ...v]);
    for (const x of universal(r, v, [100, 1000, 5000, -2000])) {
      expect(Math.abs(energy(x) / e0 - 1)).toBeLessThan(1e-10);
      h(x).forEach((c, i) => expect(Math.abs(c - h0[i]!)).toBeLessThan(1e-9 * Math.hypot(...h0)));
    }
  });
});
