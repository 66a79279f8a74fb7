import { describe, expect, it } from 'vitest';
import { gaussLegendre, hemisphereRule } from './sphere-quadrature.ts';

describe('unit-sphere quadrature', () => {
  it('has Gauss–Legendre nodes that integrate x^(2n−1)… exactly', () => {
    const { nodes, weights } = gaussLegendre(5);
    const integral = (p: number) => nodes.reduce((s, x, i) => s + weights[i]! * x ** p, 0);
    expect(integral(0)).toBeCloseTo(2, 14);
    expect(integral(8)).toBeCloseTo(2 / 9, 14);
    expect(integral(9)).toBeCloseTo(0, 14);
  });

  it('integrates spherical monomials exactly (∫dΩ = 4π, ∫x²dΩ = 4π/3, ∫x²y²z²dΩ = 4π/105), and the polar flux kink too', () => {
    // The 8712-point rule pc3d.ts uses for moderately peaked Gaussians.
    const rule = hemisphereRule(33, 132);
    expect(rule.count).toBe(2 * 33 * 132);
    const sum = (f: (x: number, y: number, z: number) => number) => {
      let s = 0;
      for (let k = 0; k < rule.count; k += 1) s += rule.weights[k]! * f(rule.points[3 * k]!, rule.points[3 * k + 1]!, rule.points[3 * k + 2]!);
      return s;
    };
    expect(sum(() => 1)).toBeCloseTo(4 * Math.PI, 11);
    expect(sum((x) => x * x)).toBeCloseTo((4 * Math.PI) / 3, 12);
    expect(sum((x, y, z) => x * x * y * y * z * z)).toBeCloseTo((4 * Math.PI) / 105, 12);
    // ∫ max(0, −v·r̂) dΩ = π|v|: the collision flux through a sphere in the zero-dispersion limit.
    // With v along the pole the kink is the equator, where the rule splits: exact.
    expect(sum((_x, _y, z) => Math.max(0, -1.3 * z))).toBeCloseTo(Math.PI * 1.3, 11);
    // Off the pole it is only approximated (why pc3d.ts rotates each integrand).
    expect(sum((x, y, z) => Math.max(0, -(0.3 * x - 0.4 * y + 1.2 * z)))).toBeCloseTo(Math.PI * Math.hypot(0.3, 0.4, 1.2), 3);
  });
});
