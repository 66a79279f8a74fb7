import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Vector3 } from './cdm.ts';
import { inertialState } from './inertial-state.ts';
import { readCdm } from './read.ts';
import { covarianceRtnToInertial, fromRtn, relativeStateRtn, rtnAxes, toRtn } from './rtn.ts';
import { EARTH_ROTATION_RATE } from '../frames/teme-ecef.ts';
import { CDM_DIR, PC_CASES_JSON } from '../../../tests/reference/index.ts';

const CARA_FILE = `${CDM_DIR}cara_000025994_conj_000037558_20210324_151047_20210323_154356.cdm`;
const ION_FILE = `${CDM_DIR}orekit_ION_SCV8_vs_STARLINK_1233.txt`;
const CASES_FILE = PC_CASES_JSON;

interface PcCase {
  id: string;
  r1: Vector3;
  v1: Vector3;
  C1: number[][];
  C1_rtn: number[][];
  r2: Vector3;
  v2: Vector3;
  C2: number[][];
  C2_rtn: number[][];
}

const maxAbs = (m: readonly (readonly number[])[]) => Math.max(...m.flat().map(Math.abs));
const maxDiff = (a: readonly (readonly number[])[], b: readonly (readonly number[])[]) => Math.max(...a.flatMap((row, i) => row.map((x, j) => Math.abs(x - b[i]![j]!))));
const mps = (v: Vector3): Vector3 => [v[0] * 1000, v[1] * 1000, v[2] * 1000];

describe('RTN frame (CCSDS 508.0-B-1 Annex E1)', () => {
  it('builds R outward, N along r × v, T = N × R, and converts vectors both ways', () => {
    const axes = rtnAxes([7000, 0, 0], [0, 7.5, 0.1]);
    expect(axes.r).toEqual([1, 0, 0]);
    expect(axes.t[1]).toBeCloseTo(7.5 / Math.hypot(7.5, 0.1), 15);
    expect(axes.n[2]).toBeCloseTo(7.5 / Math.hypot(7.5, 0.1), 15);
    const v: Vector3 = [1, -2, 3];
    const back = fromRtn(toRtn(v, axes), axes);
    back.forEach((x, i) => expect(x).toBeCloseTo(v[i]!, 14));
    expect(() => rtnAxes([7000, 0, 0], [1, 0, 0])).toThrow(RangeError);
  });

  it('rotates rows 7–9 (drag, SRP, thrust) as scalars and their cross terms as vectors', () => {
    const axes = rtnAxes([0, 7000, 0], [-7.5, 0, 0]); // R = +y, T = −x, N = +z
    const c = Array.from({ length: 9 }, (_, i) => Array.from({ length: 9 }, (_, j) => (i === j ? 10 + i : 0)));
    c[6]![0] = c[0]![6] = 2; // DRG × R
    const inertial = covarianceRtnToInertial(c, axes);
    expect(inertial[6]![6]).toBe(16);
    expect(inertial[8]![8]).toBe(18);
    expect(inertial[6]!.slice(0, 3).map((x) => x + 0)).toEqual([0, 2, 0]);
    expect(inertial[1]![1]).toBe(10); // R variance on y
  });
});

describe('RTN against the references', () => {
  const cases = (JSON.parse(readFileSync(CASES_FILE, 'utf8')) as { cases: PcCase[] }).cases;

  it("rotates the CARA CDM covariances into EME2000 as CARA's RIC2ECI does (pc_cases.json C1, C2 from C1_rtn, C2_rtn)", () => {
    const cdmCases = cases.filter((c) => c.id.startsWith('cara_cdm_'));
    expect(cdmCases).toHaveLength(27);
    for (const c of cdmCases) {
      for (const [rtn, eci, r, v] of [
        [c.C1_rtn, c.C1, c.r1, c.v1],
        [c.C2_rtn, c.C2, c.r2, c.v2],
      ] as const) {
        const ours = covarianceRtnToInertial(rtn, rtnAxes(r, v));
        expect(maxDiff(ours, eci) / maxAbs(eci), c.id).toBeLessThan(1e-12);
      }
    }
  });

  it('reproduces the CARA message relative position and velocity from its states (Table 3-2 values are rounded to 0.1)', () => {
    const cdm = readCdm(readFileSync(CARA_FILE, 'utf8'));
    const s = (o: typeof cdm.object1) => ({ position: mps(o.data.stateVector.positionKm), velocity: mps(o.data.stateVector.velocityKmPerS) });
    const rel = relativeStateRtn(s(cdm.object1), s(cdm.object2));
    rel.position.forEach((x, i) => expect(Math.abs(x - cdm.relative.relativePositionRtnM![i]!)).toBeLessThanOrEqual(0.05));
    rel.velocity.forEach((x, i) => expect(Math.abs(x - cdm.relative.relativeVelocityRtnMPerS![i]!)).toBeLessThanOrEqual(0.05));
  });

  it('makes ITRF states inertial with the Earth-rotation term: only then do the ION CDM relative RTN values come out', () => {
    const cdm = readCdm(readFileSync(ION_FILE, 'utf8'));
    const raw = (o: typeof cdm.object1) => ({ position: mps(o.data.stateVector.positionKm), velocity: mps(o.data.stateVector.velocityKmPerS) });
    const inertial = (o: typeof cdm.object1) => {
      const state = inertialState(o, cdm.relative.tca);
      expect(state.frame).toBe('TEME');
      // A rotation keeps lengths: |r| is unchanged and |v_inertial| = |v_ITRF + ω⊕ × r_ITRF| (Vallado Eq. 3-90).
      const [x, y, z] = o.data.stateVector.positionKm;
      const [vx, vy, vz] = o.data.stateVector.velocityKmPerS;
      expect(Math.hypot(...state.positionKm)).toBeCloseTo(Math.hypot(x, y, z), 9);
      expect(Math.hypot(...state.velocityKmPerS)).toBeCloseTo(Math.hypot(vx - EARTH_ROTATION_RATE * y, vy + EARTH_ROTATION_RATE * x, vz), 12);
      expect(Math.abs(Math.hypot(...state.velocityKmPerS) - Math.hypot(vx, vy, vz))).toBeGreaterThan(0.05);
      return { position: mps(state.positionKm), velocity: mps(state.velocityKmPerS) };
    };
    const good = relativeStateRtn(inertial(cdm.object1), inertial(cdm.object2));
    good.position.forEach((x, i) => expect(Math.abs(x - cdm.relative.relativePositionRtnM![i]!)).toBeLessThanOrEqual(0.05));
    good.velocity.forEach((x, i) => expect(Math.abs(x - cdm.relative.relativeVelocityRtnMPerS![i]!)).toBeLessThanOrEqual(0.05));
    // With the Earth-fixed velocities the RTN axes tilt by ~4°: T comes out −12.3 m instead of −15.2 m.
    const wrong = relativeStateRtn(raw(cdm.object1), raw(cdm.object2));
    expect(Math.abs(wrong.position[1] - cdm.relative.relativePositionRtnM![1])).toBeGreaterThan(2.5);
    expect(Math.abs(wrong.velocity[2] - cdm.relative.relativeVelocityRtnMPerS![2])).toBeGreaterThan(500);
  });
});
