/**
 * The 27 real NASA CARA CDMs (tests/reference/cdm/cara, the events of pc/pc_cases.json) as the
 * product reads them: Pc from the message's own states and RTN covariances with its own HBR
 * comment, chosen as CARA's PcMultiStep chooses. Where CARA flags the 2D method the chosen value is
 * CARA's 3D-Nc Pc (within 1e-3), elsewhere CARA's 2D Pc (within 1e-6); the miss vector's R/T/N
 * parts match the message's RELATIVE_POSITION_R/T/N (written to 0.1 m).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Cdm } from './cdm.ts';
import { encounterPlaneView, estimateFromCdm, swapEstimate } from './message-estimate.ts';
import { readCdm } from './read.ts';
import { CARA_CDM_DIR as DIR, caraPcChoice, PC_CASES_JSON as CASES, type CaraUsageViolations } from '../../../tests/reference/index.ts';

interface Case {
  id: string;
  expected: { pc2d: number; pc3d: number; nc2d_hall: number; cara_usage_violations: CaraUsageViolations };
}
const cases: Case[] = (JSON.parse(readFileSync(CASES, 'utf8')) as { cases: Case[] }).cases.filter((c) => c.id.startsWith('cara_cdm_'));

describe('estimateFromCdm on the CARA CDMs', () => {
  it('gives CARA’s chosen Pc for each of the 27 events, from the message alone', () => {
    expect(cases).toHaveLength(27);
    for (const c of cases) {
      const cdm = readCdm(readFileSync(`${DIR}${c.id.slice('cara_cdm_'.length)}.cdm`, 'utf8'));
      const e = estimateFromCdm(cdm, { defaultHbrM: 20 });
      expect(e.hbrSource, c.id).toBe('message');
      const cara = caraPcChoice(c.expected);
      expect(e.assessment.method, c.id).toBe(cara.method);
      expect(Math.abs(e.assessment.collisionProbability! / cara.pc - 1), c.id).toBeLessThan(cara.tolerance);
      const rel = cdm.relative;
      const rtn = rel.relativePositionRtnM!;
      expect(rtn, c.id).toBeDefined();
      expect(Math.abs(e.radialM - rtn[0]), `${c.id} R`).toBeLessThan(0.1);
      expect(Math.abs(e.inTrackM - rtn[1]), `${c.id} T`).toBeLessThan(0.1);
      expect(Math.abs(e.crossTrackM - rtn[2]), `${c.id} N`).toBeLessThan(0.1);
      expect(Math.abs(e.missM - rel.missDistanceM), c.id).toBeLessThan(1);
    }
  });

  it('swapEstimate equals the estimate of the message with OBJECT1 and OBJECT2 exchanged, and keeps CARA’s Pc', () => {
    // Every number within round-off (relative 1e-9): the Pc methods see the same pair, one order or the other.
    const compare = (x: unknown, y: unknown, path: string): void => {
      if (typeof x === 'number' && typeof y === 'number') {
        expect(Math.abs(x - y), path).toBeLessThanOrEqual(1e-9 * Math.max(Math.abs(x), Math.abs(y)));
      } else if (typeof x === 'object' && x !== null && typeof y === 'object' && y !== null) {
        expect(Object.keys(x).sort(), path).toEqual(Object.keys(y).sort());
        for (const key of Object.keys(x)) compare((x as Record<string, unknown>)[key], (y as Record<string, unknown>)[key], `${path}.${key}`);
      } else expect(x, path).toEqual(y);
    };
    for (const c of cases) {
      const cdm = readCdm(readFileSync(`${DIR}${c.id.slice('cara_cdm_'.length)}.cdm`, 'utf8'));
      const exchanged: Cdm = { ...cdm, object1: cdm.object2, object2: cdm.object1 };
      const swapped = swapEstimate(estimateFromCdm(cdm, { defaultHbrM: 20 }));
      const direct = estimateFromCdm(exchanged, { defaultHbrM: 20 });
      compare(swapped, direct, c.id);
      // The Pc does not depend on the order: still CARA's chosen value.
      const cara = caraPcChoice(c.expected);
      expect(Math.abs(direct.assessment.collisionProbability! / cara.pc - 1), c.id).toBeLessThan(cara.tolerance);
      // CARA's RELATIVE_POSITION is OBJECT2 in OBJECT1's frame; the swapped miss is OBJECT1 in OBJECT2's frame: the same length.
      expect(Math.hypot(swapped.radialM, swapped.inTrackM, swapped.crossTrackM), c.id).toBeCloseTo(Math.hypot(...cdm.relative.relativePositionRtnM!), 0);
    }
  });

  it('draws the encounter plane to scale, with the ellipse of the combined covariance projected on it', () => {
    const cdm = readCdm(readFileSync(`${DIR}000025994_conj_000037558_20210324_151047_20210323_154356.cdm`, 'utf8'));
    const a = estimateFromCdm(cdm, { defaultHbrM: 20 });
    const view = encounterPlaneView(a.primary.rM, a.primary.vMPerS, a.primary.covariance, a.secondary.rM, a.secondary.vMPerS, a.secondary.covariance, a.hbrM)!;
    // The estimate carries the view of its own 2D run.
    expect(a.encounterPlane).toEqual(view);
    // The projected miss is the whole miss here (the states are at TCA), with the HBR of the comment.
    expect(Math.hypot(view.missX, view.missZ)).toBeCloseTo(a.missM, 0);
    expect(view.hardBodyRadius).toBe(15);
    expect(view.sigmaMajor).toBeGreaterThanOrEqual(view.sigmaMinor);
    // The ellipse against the projection's invariants, computed here from the combined covariance C and
    // y, the unit relative velocity (the plane's normal): trace = tr C − yᵀCy, determinant = yᵀ adj(C) y.
    const C = [0, 1, 2].map((i) => [0, 1, 2].map((j) => a.primary.covariance[i]![j]! + a.secondary.covariance[i]![j]!));
    const dv = [0, 1, 2].map((i) => a.secondary.vMPerS[i]! - a.primary.vMPerS[i]!);
    const y = dv.map((x) => x / Math.hypot(...dv));
    const quad = (m: number[][]) => [0, 1, 2].reduce((s, i) => s + [0, 1, 2].reduce((t, j) => t + y[i]! * m[i]![j]! * y[j]!, 0), 0);
    const cof = (i: number, j: number) => {
      const [r0, r1] = [0, 1, 2].filter((k) => k !== i);
      const [c0, c1] = [0, 1, 2].filter((k) => k !== j);
      return (-1) ** (i + j) * (C[r0!]![c0!]! * C[r1!]![c1!]! - C[r0!]![c1!]! * C[r1!]![c0!]!);
    };
    const adj = [0, 1, 2].map((i) => [0, 1, 2].map((j) => cof(j, i)));
    const trace = C[0]![0]! + C[1]![1]! + C[2]![2]! - quad(C);
    expect(Math.abs((view.sigmaMajor ** 2 + view.sigmaMinor ** 2) / trace - 1)).toBeLessThan(1e-9);
    expect(Math.abs((view.sigmaMajor * view.sigmaMinor) ** 2 / quad(adj) - 1)).toBeLessThan(1e-6);
  });
});
