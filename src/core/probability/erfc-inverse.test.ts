import { describe, expect, it } from 'vitest';
import { erfc } from './erf.ts';
import { erfcinv } from './erfc-inverse.ts';

describe('erfcinv', () => {
  it('matches known values (Abramowitz & Stegun 7.1; scipy.special.erfcinv(1e-16) = 5.87237009045396)', () => {
    expect(erfcinv(1)).toBe(0);
    expect(erfcinv(0.5)).toBeCloseTo(0.4769362762044699, 14);
    expect(erfcinv(1e-16)).toBeCloseTo(5.872370090453963, 12);
    expect(erfcinv(1.5)).toBeCloseTo(-0.4769362762044699, 14);
  });

  it('inverts erfc across the range, tails included', () => {
    for (const y of [1e-300, 1e-100, 1e-20, 1e-6, 0.01, 0.3, 0.99, 1.01, 1.7, 1.999999]) {
      expect(Math.abs(erfc(erfcinv(y)) / y - 1), String(y)).toBeLessThan(1e-12);
    }
    expect(erfcinv(0)).toBe(Infinity);
    expect(erfcinv(2)).toBe(-Infinity);
    expect(erfcinv(3)).toBeNaN();
  });
});
