import { describe, expect, it } from 'vitest';
import { oneInN, riskLevel } from './risk.ts';

describe('riskLevel and oneInN (DECISIONS.md §5)', () => {
  it('puts each threshold in the higher level: critical ≥ 1e-4, high ≥ 1e-5, medium ≥ 1e-7', () => {
    expect(riskLevel(1)).toBe('critical');
    expect(riskLevel(1e-4)).toBe('critical');
    expect(riskLevel(9.99e-5)).toBe('high');
    expect(riskLevel(1e-5)).toBe('high');
    expect(riskLevel(9.99e-6)).toBe('medium');
    expect(riskLevel(1e-7)).toBe('medium');
    expect(riskLevel(9.99e-8)).toBe('low');
    expect(riskLevel(0)).toBe('low');
  });

  it('writes Pc as 1 in round(1/Pc)', () => {
    expect(oneInN(1e-4)).toBe(10_000);
    expect(oneInN(0.021173811560368256)).toBe(47); // 47.23 (the TERRA CDM case)
    expect(oneInN(3e-3)).toBe(333);
    expect(oneInN(1)).toBe(1);
    // Floored at a Pc of 1e-30: an underflowed Pc (0, or a subnormal whose 1/Pc is Infinity) still has a finite N.
    expect(oneInN(0)).toBe(1e30);
    expect(oneInN(2.7e-314)).toBe(1e30);
    expect(oneInN(5e-324)).toBe(1e30);
    expect(oneInN(3.9e-168)).toBe(1e30);
    expect(oneInN(2e-29)).toBe(Math.round(1 / 2e-29));
    expect(oneInN(1e-30)).toBe(1e30);
  });

  it('refuses values that are not probabilities', () => {
    for (const bad of [-1e-9, 1.5, Number.NaN]) {
      expect(() => riskLevel(bad)).toThrow(RangeError);
      expect(() => oneInN(bad)).toThrow(RangeError);
    }
  });
});
