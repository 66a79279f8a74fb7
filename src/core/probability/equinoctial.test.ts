import { describe, expect, it } from 'vitest';
import { cartesianToEquinoctial, eccentricLongitude, equinoctialToCartesian, jacobianEquinoctialToCartesian, orbitPeriod, stateAndJacobianAt } from './equinoctial.ts';

// Vallado, Fundamentals of Astrodynamics and Applications (4th ed.), Example 2-5: r = (6524.834,
// 6862.875, 6448.296) km, v = (4.901327, 5.533756, −1.976341) km/s → a = 36127.343 km, e = 0.832853.
const R = [6524.834, 6862.875, 6448.296];
const V = [4.901327, 5.533756, -1.976341];

describe('equinoctial elements (Vallado & Alfano 2015, CARA OrbitTransformations)', () => {
  it('gives Vallado’s semi-major axis and eccentricity for Example 2-5', () => {
    const eq = cartesianToEquinoctial(R, V)!;
    expect(eq.a).toBeCloseTo(36127.343, 1);
    expect(Math.hypot(eq.elements[1], eq.elements[2])).toBeCloseTo(0.832853, 5);
  });

  it('round-trips Cartesian → equinoctial → Cartesian to round-off, and follows Kepler over a period', () => {
    const eq = cartesianToEquinoctial(R, V)!;
    const back = equinoctialToCartesian(eq.elements, 0);
    [...R, ...V].forEach((x, i) => expect(back[i]).toBeCloseTo(x, 8));
    const period = orbitPeriod(R, V, 398600.4418);
    const later = equinoctialToCartesian(eq.elements, period);
    [...R, ...V].forEach((x, i) => expect(later[i]).toBeCloseTo(x, 6));
  });

  it('has the Jacobian of its own map (central differences)', () => {
    const eq = cartesianToEquinoctial(R, V)!;
    const t = 1234;
    const { x, jacobian } = stateAndJacobianAt(t, eq.elements);
    for (let k = 0; k < 6; k += 1) {
      const h = Math.max(1e-9, Math.abs(eq.elements[k]!) * 1e-7);
      const plus = [...eq.elements] as unknown as [number, number, number, number, number, number];
      const minus = [...eq.elements] as unknown as [number, number, number, number, number, number];
      plus[k]! += h;
      minus[k]! -= h;
      const xp = equinoctialToCartesian(plus, t);
      const xm = equinoctialToCartesian(minus, t);
      for (let i = 0; i < 6; i += 1) {
        const fd = (xp[i]! - xm[i]!) / (2 * h);
        expect(Math.abs(fd - jacobian[i]![k]!), `∂x${i}/∂E${k}`).toBeLessThan(1e-5 * Math.max(1, Math.abs(fd)));
      }
    }
    expect(x[0]).toBeCloseTo(equinoctialToCartesian(eq.elements, t)[0]!, 9);
    expect(jacobianEquinoctialToCartesian(eq.elements, equinoctialToCartesian(eq.elements, 0))).toHaveLength(6);
  });

  it('solves Kepler’s equation in equinoctial form, and refuses unbound orbits', () => {
    const F = eccentricLongitude(1.3, 0.6, 0.3);
    expect(F + 0.3 * Math.cos(F) - 0.6 * Math.sin(F)).toBeCloseTo(1.3, 13);
    expect(cartesianToEquinoctial([7000, 0, 0], [0, 11, 0])).toBeNull();
  });
});
