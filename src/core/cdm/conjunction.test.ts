import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { STANDARD_REF_FRAMES, type Cdm, type CdmObject, type Vector3 } from './cdm.ts';
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
import { apply } from '../frames/rotation-matrix.ts';
import { temeToEme2000Matrix } from '../frames/teme-eme2000.ts';
import { alfanoMaxPc, riskLevel } from '../probability/index.ts';
import { utcMs } from '../units.ts';
import { CDM_DIR } from '../../../tests/reference/index.ts';

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

const statesOf = (o: CdmObject) => ({ positionKm: o.data.stateVector.positionKm, velocityKmPerS: o.data.stateVector.velocityKmPerS });

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

const minus = (a: Vector3, b: Vector3) => [a[0] - b[0], a[1] - b[1], a[2] - b[2]] as const;
const m = (v: readonly number[]) => v.map((x) => x * 1000);
const gap = (a: readonly number[], b: readonly number[]) => Math.max(...a.map((x, i) => Math.abs(x - b[i]!)));

/** The CDM with its objects' states replaced (e.g. by the TEME originals, REF_FRAME TEME: our extension). */
function withStates(cdm: Cdm, frame: 'TEME', one: Conjunction['primary'], two: Conjunction['secondary']): Cdm {
  const object = (o: CdmObject, c: Conjunction['primary']): CdmObject => ({
    metadata: { ...o.metadata, comments: [], refFrame: frame },
    data: { ...o.data, stateVector: { comments: [], positionKm: c.positionKm, velocityKmPerS: c.velocityKmPerS } },
  });
  return { ...cdm, object1: object(cdm.object1, one), object2: object(cdm.object2, two) };
}

describe('conjunction → CDM', () => {
  const cdm = cdmFromConjunction(CONJUNCTION, INFO);

  it('writes a complete CDM 1.0 with what 508.0-B-1 asks: units converted, obligatory keywords, TEME states in EME2000', () => {
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
      refFrame: 'EME2000',
    });
    // 508.0-B-1 Table 3-3 allows GCRF, EME2000, ITRF: the TEME states were rotated at TCA (frames/teme-eme2000.ts).
    expect(STANDARD_REF_FRAMES).toContain(cdm.object1.metadata.refFrame);
    expect(cdm.object2.metadata.refFrame).toBe('EME2000');
    expect(cdm.object1.metadata.comments[0]).toMatch(/^REF_FRAME EME2000: state converted at TCA from TEME \(SGP4 output\) by IAU-76\/FK5 precession/);
    const rotation = temeToEme2000Matrix(CONJUNCTION.tca);
    expect(cdm.object1.data.stateVector.positionKm).toEqual(apply(rotation, CONJUNCTION.primary.positionKm));
    expect(cdm.object1.data.stateVector.velocityKmPerS).toEqual(apply(rotation, CONJUNCTION.primary.velocityKmPerS));
    expect(cdm.object2.data.stateVector.positionKm).toEqual(apply(rotation, CONJUNCTION.secondary.positionKm));
    // 2024 is 24 years of precession from J2000: ~0.006 rad, i.e. ~40 km at this radius.
    const moved = Math.hypot(...minus(cdm.object1.data.stateVector.positionKm, CONJUNCTION.primary.positionKm));
    expect(moved).toBeGreaterThan(30);
    expect(moved).toBeLessThan(50);
    // The covariances are RTN: the RTN axes turn with the states, so they are written unchanged.
    expect(cdm.object1.data.covariance.rtn).toEqual(CONJUNCTION.primary.covarianceRtn);
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
    expect(kvn).toMatch(/^REF_FRAME\s+= EME2000$/m);
    expect(kvn).not.toMatch(/^REF_FRAME\s+= TEME$/m);
    expect(xml).toContain('<REF_FRAME>EME2000</REF_FRAME>');
    const back = conjunctionFromCdm(readCdmKvn(kvn));
    // The conjunction read back is in the message's frame, EME2000; everything relative is as sent.
    const expected: Conjunction = {
      ...CONJUNCTION,
      frame: 'EME2000',
      primary: { ...CONJUNCTION.primary, ...statesOf(cdm.object1) },
      secondary: {
        ...CONJUNCTION.secondary,
        ...statesOf(cdm.object2),
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

  it('leaves miss distance, relative speed and the relative RTN state unchanged by the TEME → EME2000 rotation (1e-6 m)', () => {
    // A realistic geometry too: the state of Vallado et al. 2006 (AIAA 2006-6753, Appendix C) and a
    // secondary 300 m off, crossing at 10 km/s; TCA in 2025.
    const vallado: Conjunction = {
      ...CONJUNCTION,
      tca: utcMs(Date.UTC(2025, 6, 1, 12, 30, 15, 250)),
      primary: { ...CONJUNCTION.primary, positionKm: [5094.1801621, 6127.6446595, 6380.3445327], velocityKmPerS: [-4.746131487, 0.785818041, 5.531931288] },
      secondary: { ...CONJUNCTION.secondary, positionKm: [5094.3801621, 6127.5446595, 6380.1445327], velocityKmPerS: [3.1, -7.2, 4.05] },
    };
    for (const c of [CONJUNCTION, vallado]) {
      const sent = { ...c, missDistanceKm: Math.hypot(...minus(c.secondary.positionKm, c.primary.positionKm)), relativeSpeedKmPerS: Math.hypot(...minus(c.secondary.velocityKmPerS, c.primary.velocityKmPerS)) };
      const message = readCdmKvn(writeCdmKvn(cdmFromConjunction(sent, INFO)));
      const [one, two] = [message.object1.data.stateVector, message.object2.data.stateVector];
      expect(message.object1.metadata.refFrame).toBe('EME2000');
      // The message carries the relative values of the TEME states, exactly ...
      const teme = relativeStateRtn({ position: c.primary.positionKm, velocity: c.primary.velocityKmPerS }, { position: c.secondary.positionKm, velocity: c.secondary.velocityKmPerS });
      expect(message.relative.relativePositionRtnM).toEqual(m(teme.position));
      expect(message.relative.relativeVelocityRtnMPerS).toEqual(m(teme.velocity));
      // ... and its EME2000 states give the same ones, in RTN axes built from those inertial states.
      const eme = relativeStateRtn({ position: one.positionKm, velocity: one.velocityKmPerS }, { position: two.positionKm, velocity: two.velocityKmPerS });
      expect(gap(m(eme.position), message.relative.relativePositionRtnM!)).toBeLessThan(1e-6);
      expect(gap(m(eme.velocity), message.relative.relativeVelocityRtnMPerS!)).toBeLessThan(1e-6);
      expect(Math.abs(1000 * Math.hypot(...minus(two.positionKm, one.positionKm)) - message.relative.missDistanceM)).toBeLessThan(1e-6);
      expect(Math.abs(1000 * Math.hypot(...minus(two.velocityKmPerS, one.velocityKmPerS)) - message.relative.relativeSpeedMPerS!)).toBeLessThan(1e-6);
      expect(message.relative.missDistanceM).toBe(sent.missDistanceKm * 1000);
      // The Pc from the message's own covariances is that of the TEME states. Only the rotation's
      // rounding differs (≤ 1.5e-9 m in the relative position at 7,000 km): 1e-11 relative on the
      // 2e-2 Pc of the second case, 1.5e-9 on the first's 3e-68, deep in the Gaussian tail.
      const pc = (x: Cdm) => cdmCollisionProbability(x, { defaultHbrM: 20 }).pc!;
      const asTeme = withStates(message, 'TEME', c.primary, c.secondary);
      expect(pc(asTeme)).toBeGreaterThan(0);
      expect(Math.abs(pc(message) - pc(asTeme)) / pc(asTeme)).toBeLessThan(1e-8);
      // Another ΔAT or the kinematic equinox terms move the states (by ≤ cm) but nothing relative.
      const other = cdmFromConjunction(sent, { ...INFO, temeToEme2000: { taiMinusUtcSeconds: 0, equinoxKinematicTerms: true } });
      const shift = Math.hypot(...minus(other.object1.data.stateVector.positionKm, one.positionKm));
      expect(shift).toBeGreaterThan(0);
      expect(shift).toBeLessThan(1e-4);
      expect(other.relative).toEqual(message.relative);
    }
  });

  it('still reads and rewrites a TEME message (our extension) as it is', () => {
    const teme = withStates(cdm, 'TEME', CONJUNCTION.primary, CONJUNCTION.secondary);
    const kvn = writeCdmKvn(teme);
    expect(kvn).toMatch(/^REF_FRAME\s+= TEME$/m);
    expect(readCdmKvn(kvn)).toEqual(teme);
    expect(readCdmXml(writeCdmXml(teme))).toEqual(teme);
    const back = conjunctionFromCdm(readCdmKvn(kvn));
    expect(back.frame).toBe('TEME');
    expect(back.primary.positionKm).toEqual(CONJUNCTION.primary.positionKm);
    // Written again from the conjunction, it becomes EME2000 like any TEME conjunction.
    expect(cdmFromConjunction(back, INFO).object1.data.stateVector).toEqual(cdm.object1.data.stateVector);
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

const CARA = `${CDM_DIR}cara_000025994_conj_000037558_20210324_151047_20210323_154356.cdm`;
const ION = `${CDM_DIR}orekit_ION_SCV8_vs_STARLINK_1233.txt`;

describe('CDM → conjunction → CDM on real messages', () => {
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

  it('ION (ITRF): the conjunction is in TEME; its CDM (EME2000) gives the same Pc as the ITRF original', () => {
    const source = readCdm(readFileSync(ION, 'utf8'));
    const conjunction = conjunctionFromCdm(source);
    expect(conjunction.frame).toBe('TEME');
    expect(conjunction.hardBodyRadiusM).toBeUndefined();
    const rewritten = readCdmXml(writeCdmXml(cdmFromConjunction(conjunction, INFO)));
    expect(rewritten.object1.metadata.refFrame).toBe('EME2000');
    expect(rewritten.object2.metadata.refFrame).toBe('EME2000');
    const pc = (cdm: Cdm) => cdmCollisionProbability(cdm, { defaultHbrM: 10 }).pc!;
    // ITRF → TEME (reading) → EME2000 (writing) are rotations common to both objects: only rounding differs (5e-12).
    expect(Math.abs(pc(rewritten) - pc(source)) / pc(source)).toBeLessThan(1e-10);
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
