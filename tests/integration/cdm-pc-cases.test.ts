/**
 * The whole CDM path on NASA CARA's real conjunctions (tests/reference/pc/pc_cases.json, the 27
 * "cara_cdm_*" cases: states and the RTN covariances exactly as in the CARA CDMs): conjunction →
 * CDM (KVN and XML) → text → read → RTN covariance rotated to EME2000 → Foster 2D Pc, against
 * CARA's Pc2D (expected.pc2d, tolerance.pc2d_rel of each case), and the message values against the
 * miss distance and relative speed CARA computed.
 */
import { describe, expect, it } from 'vitest';
import {
  cdmCollisionProbability,
  cdmFromConjunction,
  readCdmKvn,
  readCdmXml,
  writeCdmKvn,
  writeCdmXml,
  type Conjunction,
  type Vector3,
} from '../../src/core/cdm/index.ts';
import { parseUtc } from '../../src/core/time/index.ts';
import { utcMs } from '../../src/core/units.ts';
import { readVendored } from '../reference/index.ts';

interface PcCase {
  id: string;
  tca_utc: string;
  r1: Vector3;
  v1: Vector3;
  C1_rtn: number[][];
  r2: Vector3;
  v2: Vector3;
  C2_rtn: number[][];
  hbr_m: number;
  expected: { pc2d: number; miss_distance_m: number; relative_speed_mps: number; cdm_collision_probability?: number };
  tolerance: { pc2d_rel: number };
}

const km = (v: Vector3): Vector3 => [v[0] / 1000, v[1] / 1000, v[2] / 1000];

describe('CDM round trip and Pc on the CARA conjunctions of pc_cases.json', () => {
  const cases = (JSON.parse(readVendored('pc/pc_cases.json')) as { cases: PcCase[] }).cases.filter((c) => c.id.startsWith('cara_cdm_'));

  it('has the 27 CARA CDM cases', () => {
    expect(cases).toHaveLength(27);
  });

  it("reproduces CARA's Pc2D for every case through KVN and XML messages", () => {
    let worst = 0;
    for (const c of cases) {
      const [primaryId, secondaryId] = /^cara_cdm_(\d+)_conj_(\d+)_/.exec(c.id)!.slice(1) as [string, string];
      const conjunction: Conjunction = {
        primary: { norad: Number(primaryId), name: `OBJECT ${primaryId}`, positionKm: km(c.r1), velocityKmPerS: km(c.v1), covarianceRtn: c.C1_rtn, covarianceMethod: 'CALCULATED' },
        secondary: { norad: Number(secondaryId), name: `OBJECT ${secondaryId}`, positionKm: km(c.r2), velocityKmPerS: km(c.v2), covarianceRtn: c.C2_rtn, covarianceMethod: 'CALCULATED' },
        tca: parseUtc(c.tca_utc)!,
        frame: 'EME2000',
        missDistanceKm: c.expected.miss_distance_m / 1000,
        relativeSpeedKmPerS: c.expected.relative_speed_mps / 1000,
        ...(c.expected.cdm_collision_probability !== undefined ? { collisionProbability: c.expected.cdm_collision_probability } : {}),
        hardBodyRadiusM: c.hbr_m,
      };
      const cdm = cdmFromConjunction(conjunction, { originator: 'TEST', messageId: c.id.slice(9), creationDate: utcMs(0) });
      const fromKvn = readCdmKvn(writeCdmKvn(cdm));
      const fromXml = readCdmXml(writeCdmXml(cdm));
      expect(fromKvn, c.id).toEqual(cdm);
      expect(fromXml, c.id).toEqual(cdm);
      // The HBR travels in the message ("COMMENT HBR = … [m]"): the default below is never used.
      const result = cdmCollisionProbability(fromKvn, { defaultHbrM: Number.NaN });
      expect(result.hbrSource, c.id).toBe('message');
      expect(result.hbrM, c.id).toBe(c.hbr_m);
      expect(result.pc, c.id).not.toBeNull();
      const error = Math.abs(result.pc! - c.expected.pc2d) / c.expected.pc2d;
      expect(error, `${c.id}: ${result.pc} vs ${c.expected.pc2d}`).toBeLessThan(c.tolerance.pc2d_rel);
      worst = Math.max(worst, error);
      expect(Math.abs(result.missDistanceM - c.expected.miss_distance_m) / c.expected.miss_distance_m, c.id).toBeLessThan(1e-9);
      expect(Math.abs(result.relativeSpeedMPerS - c.expected.relative_speed_mps) / c.expected.relative_speed_mps, c.id).toBeLessThan(1e-9);
    }
    console.info(`[cdm-pc-cases] 27 CARA CDM cases: worst relative Pc2D difference ${worst.toExponential(2)}`);
  });
});
