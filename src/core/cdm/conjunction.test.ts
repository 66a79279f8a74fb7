import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Cdm } from './cdm.ts';
import { CdmError } from './cdm-error.ts';
import { cdmCollisionProbability } from './collision-probability.ts';
import { assessCdm } from './conjunction-assessment.ts';
import { cdmFromConjunction, conjunctionFromCdm, type CdmMessageInfo, type Conjunction } from './conjunction.ts';
import { cdmHardBodyRadius } from './hard-body-radius.ts';
import { readCdmKvn } from './kvn-read.ts';
import { writeCdmKvn } from './kvn-write.ts';
import { readCdm } from './read.ts';
import { relativeStateRtn } from './rtn.ts';
import { readCdmXml } from './xml-read.ts';
import { writeCdmXml } from './xml-write.ts';
import { alfanoMaxPc, riskLevel } from '../probability/index.ts';
import { utcMs } from '../units.ts';

const INFO: CdmMessageInfo = { originator: 'DATA FORGE', messageId: 'DF-0001', creationDate: utcMs(Date.UTC(2024, 0, 1, 12)) };

/** Two LEO objects 800 m apart, crossing at 90°, in TEME, as screening would give them. */
const CONJUNCTION: Conjunction = {
  primary: {
    norad: 25544,
    name: 'ISS (ZARYA)',
    cosparId: '1998-067A',
    objectType: 'PAYLOAD',
    maneuverable: 'YES',
    positionKm: [6778.137, 0, 0],
    velocityKmPerS: [0, 7.668558, 0],
    covarianceRtn: [
      [100, 10, 0, 0.01, 0, 0],
      [10, 2500, 5, 0, 0.02, 0],
      [0, 5, 400, 0, 0, 0.003],
      [0.01, 0, 0, 1e-4, 0, 0],
      [0, 0.02, 0, 0, 4e-4, 0],
      [0, 0, 0.003, 0, 0, 2e-4],
    ],
    covarianceMethod: 'DEFAULT',
  },
  secondary: {
    norad: 48078,
    name: 'COSMOS 1408 DEB',
    objectType: 'DEBRIS',
    positionKm: [6778.537, 0.2, 0.6],
    velocityKmPerS: [0.01, 0, 7.668558],
    covarianceRtn: [
      [400, 0, 0],
      [0, 90000, 0],
      [0, 0, 900],
    ],
    covarianceMethod: 'DEFAULT',
  },
  tca: utcMs(Date.UTC(2024, 0, 3, 4, 5, 6, 789) + 0.25),
  frame: 'TEME',
  missDistanceKm: Math.hypot(0.4, 0.2, 0.6),
  relativeSpeedKmPerS: Math.hypot(0.01, 7.668558, 7.668558),
  collisionProbability: 3.2e-5,
  maxCollisionProbability: 1.1e-4,
  riskLevel: 'high',
  hardBodyRadiusM: 20,
};

const close = (a: number, b: number) => Math.abs(a - b) <= 1e-12 * Math.max(1, Math.abs(b));

function expectSameConjunction(actual: Conjunction, expected: Conjunction): void {
  const walk = (a: unknown, e: unknown, path: string): void => {
    if (typeof e === 'number') {
      expect(typeof a, path).toBe('number');
      expect(close(a as number, e), `${path}: ${String(a)} vs ${e}`).toBe(true);
    } else if (Array.isArray(e)) {
      expect((a as unknown[]).length, path).toBe(e.length);
      e.forEach((x, i) => walk((a as unknown[])[i], x, `${path}[${i}]`));
    } else if (typeof e === 'object' && e !== null) {
      expect(Object.keys(a as object).sort(), path).toEqual(Object.keys(e).sort());
      for (const key of Object.keys(e)) walk((a as Record<string, unknown>)[key], (e as Record<string, unknown>)[key], `${path}.${key}`);
    } else expect(a, path).toBe(e);
  };
  walk(actual, expected, 'conjunction');
}

describe('conjunction → CDM', () => {
  const cdm = cdmFromConjunction(CONJUNCTION, INFO);

  it('writes a complete CDM 1.0 with what 508.0-B-1 asks: units converted, obligatory keywords, TEME said out loud', () => {
    expect(cdm.header).toEqual({ version: '1.0', comments: [], creationDate: INFO.creationDate, originator: 'DATA FORGE', messageId: 'DF-0001' });
    expect(cdm.relative.missDistanceM).toBeCloseTo(Math.hypot(400, 200, 600), 9);
    expect(cdm.relative.relativeSpeedMPerS).toBeCloseTo(1000 * Math.hypot(0.01, 7.668558, 7.668558), 9);
    expect(cdm.relative).toMatchObject({ collisionProbability: 3.2e-5, collisionProbabilityMethod: 'FOSTER-1992' });
    expect(cdm.relative.comments).toEqual(['HBR = 20 [m]', 'MAX_COLLISION_PROBABILITY = 0.00011 (ALFANO-2005)', 'RISK_LEVEL = HIGH']);
    // Relative state from the states, in the primary's RTN frame: R = x, T = y, N = z here.
    expect(cdm.relative.relativePositionRtnM!.map((x) => Math.round(x * 1e6) / 1e6)).toEqual([400, 200, 600]);
    expect(cdm.relative.relativeVelocityRtnMPerS!.map((x) => Math.round(x * 1e6) / 1e6)).toEqual([10, -7668.558, 7668.558]);
    expect(cdm.object1.metadata).toMatchObject({
      object: 'OBJECT1',
      objectDesignator: '25544',
      catalogName: 'SATCAT',
      internationalDesignator: '1998-067A',
      objectType: 'PAYLOAD',
      ephemerisName: 'NONE',
      covarianceMethod: 'DEFAULT',
      maneuverable: 'YES',
      refFrame: 'TEME',
    });
    expect(cdm.object1.metadata.comments[0]).toMatch(/^REF_FRAME TEME: .*not among the GCRF, EME2000 and ITRF of CCSDS 508\.0-B-1 Table 3-3$/);
    expect(cdm.object2.metadata).toMatchObject({ internationalDesignator: 'UNKNOWN', maneuverable: 'N/A' });
    // A 3×3 position covariance becomes a 6×6 with zero velocity rows, which §5.2.8 says to discount.
    expect(cdm.object2.data.covariance.rtn).toHaveLength(6);
    expect(cdm.object2.data.covariance.rtn[1]![1]).toBe(90000);
    expect(cdm.object2.data.covariance.rtn[4]).toEqual([0, 0, 0, 0, 0, 0]);
    expect(cdm.object2.data.covariance.comments[0]).toMatch(/5\.2\.8/);
    expect(cdmHardBodyRadius(cdm)?.hbrM).toBe(20);
  });

  it('round-trips: write → read gives the same CDM in both forms, and the same conjunction back', () => {
    const kvn = writeCdmKvn(cdm);
    const xml = writeCdmXml(cdm);
    expect(readCdmKvn(kvn)).toEqual(cdm);
    expect(readCdmXml(xml)).toEqual(cdm);
    expect(kvn).toMatch(/^TCA\s+= 2024-01-03T04:05:06\.78925$/m);
    expect(kvn).toMatch(/^REF_FRAME\s+= TEME$/m);
    const back = conjunctionFromCdm(readCdmKvn(kvn));
    const expected: Conjunction = {
      ...CONJUNCTION,
      secondary: {
        ...CONJUNCTION.secondary,
        maneuverable: 'N/A',
        covarianceRtn: cdm.object2.data.covariance.rtn,
      },
      collisionProbabilityMethod: 'FOSTER-1992',
      relativePositionRtnKm: relativeStateRtn(
        { position: CONJUNCTION.primary.positionKm, velocity: CONJUNCTION.primary.velocityKmPerS },
        { position: CONJUNCTION.secondary.positionKm, velocity: CONJUNCTION.secondary.velocityKmPerS },
      ).position,
      relativeVelocityRtnKmPerS: relativeStateRtn(
        { position: CONJUNCTION.primary.positionKm, velocity: CONJUNCTION.primary.velocityKmPerS },
        { position: CONJUNCTION.secondary.positionKm, velocity: CONJUNCTION.secondary.velocityKmPerS },
      ).velocity,
    };
    expectSameConjunction(back, expected);
  });

  it('refuses what a CDM cannot carry, naming the keyword', () => {
    const bad: [Partial<Conjunction>, RegExp][] = [
      [{ missDistanceKm: -1 }, /MISS_DISTANCE: miss distance -1 km is negative/],
      [{ collisionProbability: 1.5 }, /COLLISION_PROBABILITY: 1\.5 is not a probability/],
      [{ tca: utcMs(Number.NaN) }, /must be finite/],
      [{ primary: { ...CONJUNCTION.primary, covarianceRtn: [[1, 0], [0, 1]] } }, /primary RTN covariance must be 3×3 or 6×6/],
      [{ primary: { ...CONJUNCTION.primary, norad: 1.5 } }, /OBJECT_DESIGNATOR: primary catalogue number/],
      [{ secondary: { ...CONJUNCTION.secondary, name: ' ' } }, /OBJECT_NAME: secondary object has no name/],
      [{ secondary: { ...CONJUNCTION.secondary, positionKm: [1, Number.POSITIVE_INFINITY, 0] } }, /secondary state must be finite/],
    ];
    for (const [change, message] of bad) expect(() => cdmFromConjunction({ ...CONJUNCTION, ...change }, INFO)).toThrow(message);
    expect(() => cdmFromConjunction({ ...CONJUNCTION, missDistanceKm: -1 }, INFO)).toThrow(CdmError);
    expect(() => writeCdmKvn({ ...cdm, header: { ...cdm.header, originator: ' ' } })).toThrow(/ORIGINATOR: obligatory keyword has no value/);
  });
});

const REFERENCE = fileURLToPath(new URL('../../../../shared/reference/cdm/', import.meta.url));
const CARA = `${REFERENCE}cara_000025994_conj_000037558_20210324_151047_20210323_154356.cdm`;
const ION = `${REFERENCE}orekit_ION_SCV8_vs_STARLINK_1233.txt`;
const present = existsSync(CARA) && existsSync(ION);
if (!present) console.warn(`[cdm conjunction.test] SKIPPED the sample checks: CDM files not found in ${REFERENCE}`);

describe.skipIf(!present)('CDM → conjunction → CDM on real messages', () => {
  it('CARA: the conjunction carries the message values and its HBR; rewritten, the Pc from the covariance is the same', () => {
    const source = readCdm(readFileSync(CARA, 'utf8'));
    const conjunction = conjunctionFromCdm(source);
    expect(conjunction).toMatchObject({
      frame: 'EME2000',
      missDistanceKm: 0.108,
      relativeSpeedKmPerS: 11.073,
      collisionProbability: 2.117e-2,
      collisionProbabilityMethod: 'FOSTER-1992',
      hardBodyRadiusM: 15,
    });
    expect(conjunction.primary).toMatchObject({ norad: 25994, name: 'TERRA', cosparId: '1999-068A', covarianceMethod: 'CALCULATED', maneuverable: 'N/A' });
    expect(conjunction.secondary.norad).toBe(37558);
    const rewritten = cdmFromConjunction(conjunction, { ...INFO, originator: source.header.originator });
    expect(rewritten.object1.data.stateVector).toEqual({ ...source.object1.data.stateVector, comments: [] });
    expect(rewritten.object2.data.covariance.rtn).toEqual(source.object2.data.covariance.rtn);
    const pc = (cdm: Cdm) => cdmCollisionProbability(cdm, { defaultHbrM: 1 }).pc!;
    expect(pc(rewritten)).toBe(pc(source));
  });

  it('ION (ITRF): the conjunction is in TEME; its CDM gives the same Pc as the ITRF original', () => {
    const source = readCdm(readFileSync(ION, 'utf8'));
    const conjunction = conjunctionFromCdm(source);
    expect(conjunction.frame).toBe('TEME');
    expect(conjunction.hardBodyRadiusM).toBeUndefined();
    const rewritten = readCdmXml(writeCdmXml(cdmFromConjunction(conjunction, INFO)));
    expect(rewritten.object1.metadata.refFrame).toBe('TEME');
    const pc = (cdm: Cdm) => cdmCollisionProbability(cdm, { defaultHbrM: 10 }).pc!;
    expect(Math.abs(pc(rewritten) - pc(source)) / pc(source)).toBeLessThan(1e-12);
  });

  it('assesses a CDM: the message Pc, its risk level, Alfano maximum Pc at the HBR used', () => {
    const source = readCdm(readFileSync(CARA, 'utf8'));
    const { conjunction, computed } = assessCdm(source, { defaultHbrM: 20 });
    expect(conjunction.collisionProbability).toBe(2.117e-2);
    expect(conjunction.riskLevel).toBe('critical'); // ≥ 1e-4 (DECISIONS.md §5)
    expect(conjunction.riskLevel).toBe(riskLevel(2.117e-2));
    expect(conjunction.hardBodyRadiusM).toBe(15);
    expect(conjunction.maxCollisionProbability).toBe(alfanoMaxPc(108, 15).pc);
    expect(computed.pc).toBeCloseTo(0.0211738, 6);
    // Without a message Pc, the computed one is used.
    const silent: Cdm = { ...source, relative: { ...source.relative, collisionProbability: undefined, collisionProbabilityMethod: undefined } };
    const assessed = assessCdm(JSON.parse(JSON.stringify(silent)) as Cdm, { defaultHbrM: 20 }).conjunction;
    expect(assessed.collisionProbability).toBe(computed.pc);
    expect(assessed.collisionProbabilityMethod).toBe('FOSTER-1992');
  });
});
