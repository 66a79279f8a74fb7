import { describe, expect, it } from 'vitest';
import { gaussLegendre, sphereRule } from './sphere-quadrature.ts';

describe('unit-sphere quadrature', () => {
  it('has Gauss–Legendre nodes that integrate x^(2n−1)… exactly', () => {
    const { nodes, weights } = gaussLegendre(5);
    const integral = (p: number) => nodes.reduce((s, x, i) => s + weights[i]! * x ** p, 0);
    expect(integral(0)).toBeCloseTo(2, 14);
    expect(integral(8)).toBeCloseTo(2 / 9, 14);
    expect(integral(9)).toBeCloseTo(0, 14);
  });

  it('integrates spherical monomials up to its degree exactly (∫x²dΩ = 4π/3, ∫x²y²z²dΩ = 4π/105)', () => {
    const rule = sphereRule(131);
    expect(rule.count).toBe(66 * 132);
    const sum = (f: (x: number, y: number, z: number) => number) => {
      let s = 0;
      for (let k = 0; k < rule.count; k += 1) s += rule.weights[k]! * f(rule.points[3 * k]!, rule.points[3 * k + 1]!, rule.points[3 * k + 2]!);
      return s;
    };
    expect(sum(() => 1)).toBeCloseTo(4 * Math.PI, 12);
    expect(sum((x) => x * x)).toBeCloseTo((4 * Math.PI) / 3, 12);
    expect(sum((x, y, z) => x * x * y * y * z * z)).toBeCloseTo((4 * Math.PI) / 105, 12);
    // ∫ max(0, −v·r̂) dΩ = π|v|: the collision flux through a sphere in the zero-dispersion limit.
    expect(sum((x, y, z) => Math.max(0, -(0.3 * x - 0.4 * y + 1.2 * z)))).toBeCloseTo(Math.PI * Math.hypot(0.3, 0.4, 1.2), 4);
  });
});
