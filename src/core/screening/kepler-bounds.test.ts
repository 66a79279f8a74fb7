import { describe, expect, it } from 'vitest';
import { fourthDerivativeBound, maxEquationOfCentre } from './kepler-bounds.ts';

const MU = 398600.8;

/** Kepler's equation by Newton (independent of the code under test). */
function eccentricAnomaly(M: number, e: number): number {
  let E = e < 0.8 ? M : Math.PI;
  for (let k = 0; k < 100; k += 1) {
    const step = (E - e * Math.sin(E) - M) / (1 - e * Math.cos(E));
    E -= step;
    if (Math.abs(step) < 1e-15) break;
  }
  return E;
}

/** Position on a Keplerian ellipse in its plane at time t (s) from perigee. */
function keplerPosition(a: number, e: number, t: number): [number, number] {
  const n = Math.sqrt(MU / a ** 3);
  const E = eccentricAnomaly(n * t, e);
  return [a * (Math.cos(E) - e), a * Math.sqrt(1 - e * e) * Math.sin(E)];
}

describe('maxEquationOfCentre', () => {
  it('matches the brute-force maximum of ν − M over a dense grid of mean anomalies', () => {
    const centre = (M: number, e: number) => {
      const E = eccentricAnomaly(M, e);
      return 2 * Math.atan2(Math.sqrt(1 + e) * Math.sin(E / 2), Math.sqrt(1 - e) * Math.cos(E / 2)) - M;
    };
    for (const e of [0.001, 0.01, 0.1, 0.3, 0.6, 0.72, 0.9]) {
      // Scan M over (0, π), then a golden-section search around the best point.
      let best = 0;
      for (let k = 1; k < 20_000; k += 1) if (centre((Math.PI * k) / 20_000, e) > centre((Math.PI * best) / 20_000, e)) best = k;
      let lo = (Math.PI * (best - 1)) / 20_000;
      let hi = (Math.PI * (best + 1)) / 20_000;
      for (let k = 0; k < 80; k += 1) {
        const m1 = hi - 0.618 * (hi - lo);
        const m2 = lo + 0.618 * (hi - lo);
        if (centre(m1, e) > centre(m2, e)) hi = m2;
        else lo = m1;
      }
      expect(maxEquationOfCentre(e)).toBeCloseTo(centre(lo, e), 9);
    }
  });

  it('is 2e to first order (the series 2e sin M + (5/4)e² sin 2M + …)', () => {
    expect(maxEquationOfCentre(1e-4) / 2e-4).toBeCloseTo(1, 6);
    expect(maxEquationOfCentre(0)).toBe(0);
  });
});

describe('fourthDerivativeBound', () => {
  it('is n⁴r (plus its 10 % margin) on a circular orbit', () => {
    const a = 7000;
    const n = Math.sqrt(MU / a ** 3);
    expect(fourthDerivativeBound(a, 0, MU)).toBeCloseTo(1.1 * n ** 4 * a, 20);
  });

  it('bounds the fourth finite difference of Keplerian motion on eccentric orbits', () => {
    for (const [a, e] of [[7000, 0.001], [8000, 0.1], [24_500, 0.72], [26_600, 0.74]] as const) {
      const bound = fourthDerivativeBound(a, e, MU);
      const period = 2 * Math.PI * Math.sqrt(a ** 3 / MU);
      // A step large enough that rounding (1e-16 of 1e4 km over h⁴) stays far below the derivative.
      const h = period / 500;
      let max = 0;
      for (let t = -period / 2; t < period / 2; t += period / 4000) {
        const p = [-2, -1, 0, 1, 2].map((k) => keplerPosition(a, e, t + k * h));
        const d4 = [0, 1].map((c) => (p[0]![c]! - 4 * p[1]![c]! + 6 * p[2]![c]! - 4 * p[3]![c]! + p[4]![c]!) / h ** 4);
        max = Math.max(max, Math.hypot(d4[0]!, d4[1]!));
      }
      expect(max, `a ${a} e ${e}`).toBeLessThan(bound);
      expect(max, `a ${a} e ${e}: the bound is not loose`).toBeGreaterThan(bound / 3);
    }
  });
});
