import { describe, expect, it } from 'vitest';
import { brentMinimum } from './minimize.ts';

describe('brentMinimum (Brent 1973)', () => {
  it('finds the minimum of cos on [2, 4] at π', () => {
    const m = brentMinimum(Math.cos, 2, 4, 3, 1e-9)!;
    // A flat minimum locates to about √ε: 1e-8.
    expect(m.x).toBeCloseTo(Math.PI, 7);
    expect(m.value).toBeCloseTo(-1, 12);
  });

  it('finds the vertex of a hyperbola-like distance √(d² + v²(t − T)²)', () => {
    const f = (t: number) => (0.5 ** 2 + 14 ** 2 * (t - 0.1234567) ** 2);
    const m = brentMinimum(f, -30, 30, 0, 1e-7)!;
    expect(m.x).toBeCloseTo(0.1234567, 6);
    expect(Math.sqrt(m.value)).toBeCloseTo(0.5, 10);
    expect(m.evaluations).toBeLessThan(60);
  });

  it('gives up where the function cannot be evaluated', () => {
    expect(brentMinimum((x) => (x > 0.5 ? undefined : x * x), -1, 1, 0.2, 1e-6)).toBeUndefined();
  });
});
