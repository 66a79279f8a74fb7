import { describe, expect, it } from 'vitest';
import { logNormalDensity, logNormalIntervalProbability } from './normal.ts';

// ln(Φ(u) − Φ(l)) from mpmath 1.3 at 60 digits (ncdf, or ½(erfc − erfc) in the tails), printed to 17.
const REFERENCE: readonly (readonly [number, number, number])[] = [
  [-1, 1, -0.38171514630212605],
  [0, 1e-6, -14.734449091169115],
  [5, 5.000001, -27.234451591028293],
  [-40.000001, -40, -814.7344690936271], // 1.46e-354: below the smallest double
  [10, 11, -53.23131022558312],
  [30, 40, -454.3212439563432],
  [-3, 2.5, -0.007588281680015025],
  [0.3, 0.31, -5.570624998249641],
  [3, Number.POSITIVE_INFINITY, -6.607726221510349],
];

describe('logNormalIntervalProbability', () => {
  it('matches mpmath to 1e-13 relative, also where Φ(u) − Φ(l) cancels or underflows', () => {
    for (const [l, u, logP] of REFERENCE) {
      // Absolute error in ln P is relative error in P.
      expect(Math.abs(logNormalIntervalProbability(l, u) - logP), `[${l}, ${u}]`).toBeLessThan(1e-13);
    }
  });

  it('is −∞ for an empty interval and symmetric under mirroring', () => {
    expect(logNormalIntervalProbability(1, 1)).toBe(Number.NEGATIVE_INFINITY);
    expect(logNormalIntervalProbability(2, 1)).toBe(Number.NEGATIVE_INFINITY);
    expect(logNormalIntervalProbability(-7, -6)).toBeCloseTo(logNormalIntervalProbability(6, 7), 13);
  });

  it('has the normal density', () => {
    expect(Math.exp(logNormalDensity(0))).toBeCloseTo(1 / Math.sqrt(2 * Math.PI), 15);
    expect(logNormalDensity(3)).toBeCloseTo(-4.5 - 0.5 * Math.log(2 * Math.PI), 14);
  });
});
