import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { positionBlock } from './matrix3.ts';
import { inertialCovarianceToRtn, rtnAxes, rtnCovarianceToInertial, rtnToInertial } from './rtn.ts';
import type { Vector3 } from './vector3.ts';
import { PC_CASES_JSON as FILE } from '../../../tests/reference/index.ts';

describe('RTN frame', () => {
  it('is R = r/|r|, T = N × R, N = r × v/|r × v| (an equatorial circular orbit gives x, y, z)', () => {
    const same = (a: Vector3, b: Vector3) => a.forEach((x, i) => expect(x).toBeCloseTo(b[i]!, 15));
    const [x, y, z] = rtnAxes([7_000_000, 0, 0], [0, 7500, 0]);
    same(x, [1, 0, 0]);
    same(y, [0, 1, 0]);
    same(z, [0, 0, 1]);
    // Over the north pole moving along −x: R = +z, N = r × v/|r × v| = −y, T = N × R = −x (along v).
    const [R, T, N] = rtnAxes([0, 0, 7e6], [-7500, 0, 0]);
    same(R, [0, 0, 1]);
    same(N, [0, -1, 0]);
    same(T, [-1, 0, 0]);
    expect(() => rtnAxes([1, 0, 0], [2, 0, 0])).toThrow(RangeError);
  });

  it('turns RTN sigmas into an inertial covariance: in-track variance along the velocity', () => {
    const c = rtnToInertial({ radialM: 100, inTrackM: 1000, crossTrackM: 50 }, [0, 0, 7e6], [-7500, 0, 0]);
    expect(c[0][0]).toBeCloseTo(1e6, 6); // in-track = −x
    expect(c[1][1]).toBeCloseTo(2500, 6); // cross-track = −y
    expect(c[2][2]).toBeCloseTo(1e4, 6); // radial = z
    expect(Math.abs(c[0][1]) + Math.abs(c[0][2]) + Math.abs(c[1][2])).toBeLessThan(1e-9);
  });

  it('reproduces the EME2000 covariances of the CARA CDM cases from their RTN covariances (CARA RIC2ECI)', () => {
    const { cases } = JSON.parse(readFileSync(FILE, 'utf8')) as { cases: { id: string; r1: Vector3; v1: Vector3; C1: number[][]; C1_rtn?: number[][]; r2: Vector3; v2: Vector3; C2: number[][]; C2_rtn?: number[][] }[] };
    let worst = 0;
    let n = 0;
    for (const c of cases) {
      for (const [r, v, eci, rtn] of [
        [c.r1, c.v1, c.C1, c.C1_rtn],
        [c.r2, c.v2, c.C2, c.C2_rtn],
      ] as const) {
        if (!rtn) continue;
        n += 1;
        const want = positionBlock(eci);
        const got = rtnCovarianceToInertial(positionBlock(rtn), r, v);
        const back = inertialCovarianceToRtn(got, r, v);
        const scale = Math.max(...want.flat().map(Math.abs));
        for (let i = 0; i < 3; i += 1) {
          for (let j = 0; j < 3; j += 1) {
            worst = Math.max(worst, Math.abs(got[i]![j]! - want[i]![j]!) / scale);
            expect(Math.abs(back[i]![j]! - rtn[i]![j]!) / scale).toBeLessThan(1e-12);
          }
        }
      }
    }
    console.log(`[rtn.test] ${n} CDM covariances: worst |ΔC|/max|C| = ${worst.toExponential(2)}`);
    expect(n).toBe(54);
    expect(worst).toBeLessThan(1e-12);
  });
});
