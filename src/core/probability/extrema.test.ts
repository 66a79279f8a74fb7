import { describe, expect, it } from 'vitest';
import { extrema, refineMaxima } from './extrema.ts';

describe('extrema (CARA extrema.m)', () => {
  it('finds interior maxima and minima, a flat peak at its middle, NaNs ignored', () => {
    expect(extrema([0, 2, 1, 3, 3, 3, 0, Number.NaN, 1], false)).toEqual({ maxima: [1, 4], minima: [2, 6] });
  });

  it('adds the end points when asked and sorts by value', () => {
    const e = extrema([5, 1, 4, 2, 6], true, true);
    expect(e.maxima).toEqual([4, 0, 2]);
    expect(e.minima).toEqual([1, 3]);
  });

  it('refines a maximum to the tolerance by bisection', () => {
    const f = (t: number) => -((t - 0.3217) ** 2);
    const t = [-1, -0.5, 0, 0.5, 1];
    const { maxima, converged } = refineMaxima(f, t, t.map(f), 1e-4);
    expect(converged).toBe(true);
    expect(maxima).toHaveLength(1);
    expect(Math.abs(maxima[0]! - 0.3217)).toBeLessThan(2e-4);
  });
});
