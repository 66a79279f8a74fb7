import { describe, expect, it } from 'vitest';
import { elementSetCovariance6 } from './element-set-covariance.ts';
import type { Matrix3 } from './matrix3.ts';
import { inertialCovarianceToRtn } from './rtn.ts';
import type { Vector3 } from './vector3.ts';

const rtnSigmas = (p: number[][], r: Vector3, v: Vector3) => {
  const m = inertialCovarianceToRtn(p.slice(0, 3).map((row) => row.slice(0, 3)) as unknown as Matrix3, r, v);
  return [Math.sqrt(m[0][0]), Math.sqrt(m[1][1]), Math.sqrt(m[2][2])];
};

describe('6×6 covariance of an element set (equinoctial element errors)', () => {
  it('reproduces the model’s radial, in-track and cross-track sigmas in LEO, GEO and a Molniya orbit', () => {
    const orbits: { r: Vector3; v: Vector3; s: [number, number, number] }[] = [
      { r: [7000e3, 0, 0], v: [0, 7546 * Math.cos(0.9), 7546 * Math.sin(0.9)], s: [100, 1000, 200] },
      { r: [42164e3, 0, 0], v: [0, 3074.7, 10], s: [500, 5000, 500] },
      { r: [7000e3, 0, 0], v: [0, 9900 * Math.cos(1.1), 9900 * Math.sin(1.1)], s: [300, 3000, 300] },
    ];
    for (const o of orbits) {
      const p = elementSetCovariance6({ radialM: o.s[0], inTrackM: o.s[1], crossTrackM: o.s[2] }, o.r, o.v);
      const got = rtnSigmas(p, o.r, o.v);
      got.forEach((g, i) => expect(Math.abs(g / o.s[i]! - 1)).toBeLessThan(1e-9));
      // Symmetric, and velocity errors of orbital size (≈ n·σ, well under 10 m/s).
      for (let i = 0; i < 6; i += 1) for (let j = 0; j < 6; j += 1) expect(p[i]![j]).toBe(p[j]![i]);
      for (const i of [3, 4, 5]) expect(Math.sqrt(p[i]![i]!)).toBeLessThan(10);
    }
  });

  it('refuses an unbound orbit', () => {
    expect(() => elementSetCovariance6({ radialM: 1, inTrackM: 1, crossTrackM: 1 }, [7000e3, 0, 0], [0, 12000, 0])).toThrow(RangeError);
  });
});
