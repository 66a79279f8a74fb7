import { describe, expect, it } from 'vitest';
import { integrate } from './quadrature.ts';

describe('adaptive Gauss–Kronrod quadrature', () => {
  it('is exact for polynomials up to degree 22 on one panel (Kronrod 15 points)', () => {
    // ∫_0^1 x^22 dx = 1/23
    const r = integrate((x) => x ** 22, [0, 1], { relativeTolerance: 1, maxPanels: 1 });
    expect(r.value).toBeCloseTo(1 / 23, 15);
  });

  it('reaches 1e-14 on smooth, peaked and endpoint-singular integrands', () => {
    // ∫_0^π sin = 2; ∫ of a narrow Gaussian = √(2π)·σ; ∫_0^1 √x = 2/3.
    expect(integrate(Math.sin, [0, Math.PI], { relativeTolerance: 1e-14 }).value).toBeCloseTo(2, 14);
    const s = 1e-3;
    const g = integrate((x) => Math.exp(-0.5 * ((x - 0.3) / s) ** 2), [-1, 0.3, 1], { relativeTolerance: 1e-13 });
    expect(g.value / (Math.sqrt(2 * Math.PI) * s) - 1).toBeLessThan(1e-12);
    expect(integrate(Math.sqrt, [0, 1], { relativeTolerance: 1e-12 }).value).toBeCloseTo(2 / 3, 11);
  });

  it('returns 0 for a degenerate interval', () => {
    expect(integrate((x) => x, [1, 1], { relativeTolerance: 1e-12 }).value).toBe(0);
  });
});
