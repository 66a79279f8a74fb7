/**
 * Our conjunction (what screening finds: the two objects, TCA, miss distance, relative velocity,
 * both states and RTN covariances at TCA, Pc) ↔ a complete CDM (CCSDS 508.0-B-1).
 *
 * The states are inertial at TCA, in TEME as SGP4 gives them, or EME2000/GCRF. 508.0-B-1 Table 3-3
 * allows REF_FRAME GCRF, EME2000 and ITRF only, so a TEME conjunction is written in EME2000: both
 * states are rotated at TCA by frames/teme-eme2000.ts (IAU-76/FK5 precession, the 106-term IAU-80
 * nutation and the equation of the equinoxes Δψ cos ε̄, as teme2eci of Vallado et al. 2006, AIAA
 * 2006-6753), and each object's metadata says so in a COMMENT. One rotation, common to both
 * objects, so everything relative is unchanged: the RTN axes are built from the rotated inertial
 * states and turn with them, which leaves the RTN covariances, the relative position and velocity
 * in Object1's RTN frame, the miss distance and the relative speed as they were (to rounding,
 * ~1e-9 m; the relative values written are those of the conjunction itself, or computed from its
 * own TEME states). Reading keeps a message's frame: TEME and EME2000/GCRF as they are, ITRF made
 * TEME (inertial-state.ts).
 *
 * Items without a CDM 1.0 keyword travel as relative-data comments, in forms our readers read
 * back: "HBR = 20 [m]" (NASA CARA's convention, hard-body-radius.ts), "MAX_COLLISION_PROBABILITY = …"
 * and "RISK_LEVEL = …".
 *
 * Units: km and km/s here (as screening and the SST API use them); the CDM's m, m/s are converted.
 * Covariances are in the CDM's own units (m**2, m**2/s, m**2/s**2), in each object's RTN frame.
 */
import {
  CDM_VERSION,
  type Cdm,
  type CdmObject,
  type CdmObjectType,
  type CovarianceMethod,
  type Maneuverable,
  type SymmetricMatrix,
  type Vector3,
} from './cdm.ts';
import { CdmError } from './cdm-error.ts';
import { internationalDesignatorOf, noradIdOf } from './designators.ts';
import { cdmHardBodyRadius } from './hard-body-radius.ts';
import { inertialState, type InertialFrame } from './inertial-state.ts';
import { relativeStateRtn } from './rtn.ts';
import { apply, type Matrix3 } from '../frames/rotation-matrix.ts';
import type { EarthOrientation } from '../frames/teme-ecef.ts';
import { temeToEme2000Matrix, type TemeEme2000Options } from '../frames/teme-eme2000.ts';
import type { RiskLevel } from '../probability/index.ts';
import { formatDouble } from './values.ts';
import type { UtcMs } from '../units.ts';

const RISK_LEVELS: readonly RiskLevel[] = ['critical', 'high', 'medium', 'low'];

export interface ConjunctionObject {
  /** Satellite catalogue number (OBJECT_DESIGNATOR). */
  readonly norad: number;
  /** OBJECT_NAME. */
  readonly name: string;
  /** International designator "YYYY-NNNP{PP}" (INTERNATIONAL_DESIGNATOR; UNKNOWN when absent). */
  readonly cosparId?: string;
  readonly objectType?: CdmObjectType;
  /** MANEUVERABLE; 'N/A' when absent. */
  readonly maneuverable?: Maneuverable;
  /** State at TCA in the conjunction's frame. */
  readonly positionKm: Vector3;
  readonly velocityKmPerS: Vector3;
  /**
   * RTN covariance at TCA: 6×6 (m**2, m**2/s, m**2/s**2), or 3×3 position only (m**2), which is
   * written as a 6×6 with zero velocity rows: 508.0-B-1 §5.2.8 says rows with a zero diagonal
   * are to be discounted.
   */
  readonly covarianceRtn: SymmetricMatrix;
  /** CALCULATED (from an orbit determination) or DEFAULT (a covariance model, e.g. for element sets). */
  readonly covarianceMethod: CovarianceMethod;
}

export interface Conjunction {
  readonly primary: ConjunctionObject;
  readonly secondary: ConjunctionObject;
  /** Time of closest approach, UTC. */
  readonly tca: UtcMs;
  /** Inertial frame of both states. */
  readonly frame: InertialFrame;
  readonly missDistanceKm: number;
  readonly relativeSpeedKmPerS: number;
  /** Secondary relative to primary in the primary's RTN frame; computed from the states when absent. */
  readonly relativePositionRtnKm?: Vector3;
  readonly relativeVelocityRtnKmPerS?: Vector3;
  readonly collisionProbability?: number;
  /** COLLISION_PROBABILITY_METHOD; FOSTER-1992 when a Pc is given without one. */
  readonly collisionProbabilityMethod?: string;
  /** Alfano's maximum Pc (ALFANO-2005, as SOCRATES reports it). */
  readonly maxCollisionProbability?: number;
  readonly riskLevel?: RiskLevel;
  /** Combined hard-body radius used for the Pc, m. */
  readonly hardBodyRadiusM?: number;
}

/** What the message says about itself; passed in, since core has no clock. */
export interface CdmMessageInfo {
  readonly originator: string;
  readonly messageId: string;
  readonly creationDate: UtcMs;
  readonly messageFor?: string;
  /** CATALOG_NAME of both objects; SATCAT when absent. */
  readonly catalogName?: string;
  /** Header comments. */
  readonly comments?: readonly string[];
  /** How a TEME conjunction is turned into EME2000 (ΔAT, equation-of-equinoxes form); defaults of frames/teme-eme2000.ts. */
  readonly temeToEme2000?: TemeEme2000Options;
}

const FROM_TEME_COMMENT =
  'REF_FRAME EME2000: state converted at TCA from TEME (SGP4 output) by IAU-76/FK5 precession, IAU-80 nutation (106 terms) and the equation of the equinoxes dpsi cos(eps), as teme2eci of Vallado et al. 2006, AIAA 2006-6753';
const POSITION_ONLY_COMMENT = 'Only the 3x3 position covariance is known: the velocity rows are zero and are to be discounted (CCSDS 508.0-B-1 section 5.2.8)';
const MAX_PC_COMMENT = /^MAX_COLLISION_PROBABILITY\s*=\s*(\S+)/i;
const RISK_COMMENT = /^RISK_LEVEL\s*=\s*([A-Za-z]+)/i;

function finite(values: readonly number[], what: string): void {
  if (!values.every((x) => typeof x === 'number' && Number.isFinite(x))) throw new CdmError(`${what} must be finite numbers`);
}

/** A 3×3 or 6×6 RTN covariance as the CDM's 6×6. */
function covariance6(c: SymmetricMatrix, who: string): { rtn: number[][]; positionOnly: boolean } {
  const n = c.length;
  if ((n !== 3 && n !== 6) || c.some((row) => row.length !== n)) throw new CdmError(`${who} RTN covariance must be 3×3 or 6×6, got ${n} rows`);
  finite(c.flat(), `${who} RTN covariance`);
  const rtn = Array.from({ length: 6 }, (_, i) => Array.from({ length: 6 }, (_, j) => (i < n && j < n ? 0.5 * (c[i]![j]! + c[j]![i]!) : 0)));
  return { rtn, positionOnly: n === 3 };
}

/**
 * One object of the message. `fromTeme` is the TEME → EME2000 rotation at TCA when the conjunction
 * is in TEME (the message frame is then EME2000), else undefined.
 */
function cdmObject(object: ConjunctionObject, which: 'OBJECT1' | 'OBJECT2', frame: InertialFrame, catalogName: string, fromTeme?: Matrix3): CdmObject {
  const who = which === 'OBJECT1' ? 'primary' : 'secondary';
  if (!Number.isInteger(object.norad) || object.norad < 0) throw new CdmError(`${who} catalogue number must be a non-negative integer, got ${object.norad}`, { keyword: 'OBJECT_DESIGNATOR' });
  if (object.name.trim() === '') throw new CdmError(`${who} object has no name`, { keyword: 'OBJECT_NAME' });
  finite([...object.positionKm, ...object.velocityKmPerS], `${who} state`);
  const { rtn, positionOnly } = covariance6(object.covarianceRtn, who);
  const [positionKm, velocityKmPerS]: [Vector3, Vector3] = fromTeme
    ? [apply(fromTeme, object.positionKm), apply(fromTeme, object.velocityKmPerS)]
    : [[...object.positionKm], [...object.velocityKmPerS]];
  return {
    metadata: {
      comments: fromTeme ? [FROM_TEME_COMMENT] : [],
      object: which,
      objectDesignator: String(object.norad),
      catalogName,
      objectName: object.name.trim(),
      internationalDesignator: object.cosparId?.trim() || 'UNKNOWN',
      ...(object.objectType ? { objectType: object.objectType } : {}),
      ephemerisName: 'NONE',
      covarianceMethod: object.covarianceMethod,
      maneuverable: object.maneuverable ?? 'N/A',
      refFrame: fromTeme ? 'EME2000' : frame,
    },
    data: {
      comments: [],
      stateVector: { comments: [], positionKm, velocityKmPerS },
      covariance: { comments: positionOnly ? [POSITION_ONLY_COMMENT] : [], rtn },
    },
  };
}

/**
 * A complete CDM 1.0 of a conjunction, REF_FRAME as 508.0-B-1 allows it (a TEME conjunction is written
 * in EME2000, see above). Throws a CdmError for values a CDM cannot carry.
 */
export function cdmFromConjunction(conjunction: Conjunction, info: CdmMessageInfo): Cdm {
  const c = conjunction;
  finite([c.tca, c.missDistanceKm, c.relativeSpeedKmPerS], 'TCA, miss distance and relative speed');
  if (c.missDistanceKm < 0) throw new CdmError(`miss distance ${c.missDistanceKm} km is negative`, { keyword: 'MISS_DISTANCE' });
  if (c.collisionProbability !== undefined && !(c.collisionProbability >= 0 && c.collisionProbability <= 1)) {
    throw new CdmError(`${c.collisionProbability} is not a probability`, { keyword: 'COLLISION_PROBABILITY' });
  }
  const catalogName = info.catalogName ?? 'SATCAT';
  // Relative values from the conjunction's own states: the same in any inertial frame (see above).
  const computed = relativeStateRtn(
    { position: c.primary.positionKm, velocity: c.primary.velocityKmPerS },
    { position: c.secondary.positionKm, velocity: c.secondary.velocityKmPerS },
  );
  const toM = (v: Vector3): Vector3 => [v[0] * 1000, v[1] * 1000, v[2] * 1000];
  const fromTeme = c.frame === 'TEME' ? temeToEme2000Matrix(c.tca, info.temeToEme2000) : undefined;
  const comments = [
    ...(c.hardBodyRadiusM !== undefined ? [`HBR = ${formatDouble(c.hardBodyRadiusM)} [m]`] : []),
    ...(c.maxCollisionProbability !== undefined ? [`MAX_COLLISION_PROBABILITY = ${formatDouble(c.maxCollisionProbability)} (ALFANO-2005)`] : []),
    ...(c.riskLevel !== undefined ? [`RISK_LEVEL = ${c.riskLevel.toUpperCase()}`] : []),
  ];
  return {
    header: {
      version: CDM_VERSION,
      comments: [...(info.comments ?? [])],
      creationDate: info.creationDate,
      originator: info.originator,
      ...(info.messageFor !== undefined ? { messageFor: info.messageFor } : {}),
      messageId: info.messageId,
    },
    relative: {
      comments,
      tca: c.tca,
      missDistanceM: c.missDistanceKm * 1000,
      relativeSpeedMPerS: c.relativeSpeedKmPerS * 1000,
      relativePositionRtnM: toM(c.relativePositionRtnKm ?? computed.position),
      relativeVelocityRtnMPerS: toM(c.relativeVelocityRtnKmPerS ?? computed.velocity),
      ...(c.collisionProbability !== undefined
        ? { collisionProbability: c.collisionProbability, collisionProbabilityMethod: c.collisionProbabilityMethod ?? 'FOSTER-1992' }
        : {}),
    },
    object1: cdmObject(c.primary, 'OBJECT1', c.frame, catalogName, fromTeme),
    object2: cdmObject(c.secondary, 'OBJECT2', c.frame, catalogName, fromTeme),
  };
}

/** The catalogue number of an OBJECT_DESIGNATOR (designators.ts: digits or Alpha-5); a conjunction needs one. */
function noradOf(designator: string): number {
  const n = noradIdOf(designator);
  if (n === null) throw new CdmError(`'${designator}' is not a catalogue number`, { keyword: 'OBJECT_DESIGNATOR' });
  return n;
}

function conjunctionObject(object: CdmObject, tca: UtcMs, eop: EarthOrientation): ConjunctionObject {
  const { metadata: m, data } = object;
  const state = inertialState(object, tca, eop);
  const cosparId = internationalDesignatorOf(m.internationalDesignator);
  return {
    norad: noradOf(m.objectDesignator),
    name: m.objectName,
    ...(cosparId !== null ? { cosparId } : {}),
    ...(m.objectType ? { objectType: m.objectType } : {}),
    maneuverable: m.maneuverable,
    positionKm: state.positionKm,
    velocityKmPerS: state.velocityKmPerS,
    covarianceRtn: data.covariance.rtn.slice(0, 6).map((row) => row.slice(0, 6)),
    covarianceMethod: m.covarianceMethod,
  };
}

/**
 * The conjunction a CDM describes. ITRF states are turned inertial (TEME, inertial-state.ts);
 * the covariances keep their 6×6 RTN block. Relative speed and RTN components the message leaves
 * out are computed from the states; HBR, maximum Pc and risk level are read from comments when
 * present.
 */
export function conjunctionFromCdm(cdm: Cdm, eop: EarthOrientation = {}): Conjunction {
  const { relative } = cdm;
  const primary = conjunctionObject(cdm.object1, relative.tca, eop);
  const secondary = conjunctionObject(cdm.object2, relative.tca, eop);
  const frame = inertialState(cdm.object1, relative.tca, eop).frame;
  const computed = relativeStateRtn(
    { position: primary.positionKm, velocity: primary.velocityKmPerS },
    { position: secondary.positionKm, velocity: secondary.velocityKmPerS },
  );
  const toKm = (v: Vector3): Vector3 => [v[0] / 1000, v[1] / 1000, v[2] / 1000];
  const hbr = cdmHardBodyRadius(cdm);
  let maxCollisionProbability: number | undefined;
  let riskLevel: RiskLevel | undefined;
  for (const comment of relative.comments) {
    const max = MAX_PC_COMMENT.exec(comment);
    if (max && Number.isFinite(Number(max[1]))) maxCollisionProbability = Number(max[1]);
    const risk = RISK_COMMENT.exec(comment)?.[1]?.toLowerCase();
    if (risk && (RISK_LEVELS as readonly string[]).includes(risk)) riskLevel = risk as RiskLevel;
  }
  const speed = Math.hypot(...computed.velocity);
  return {
    primary,
    secondary,
    tca: relative.tca,
    frame,
    missDistanceKm: relative.missDistanceM / 1000,
    relativeSpeedKmPerS: relative.relativeSpeedMPerS !== undefined ? relative.relativeSpeedMPerS / 1000 : speed,
    relativePositionRtnKm: relative.relativePositionRtnM ? toKm(relative.relativePositionRtnM) : computed.position,
    relativeVelocityRtnKmPerS: relative.relativeVelocityRtnMPerS ? toKm(relative.relativeVelocityRtnMPerS) : computed.velocity,
    ...(relative.collisionProbability !== undefined ? { collisionProbability: relative.collisionProbability } : {}),
    ...(relative.collisionProbabilityMethod !== undefined ? { collisionProbabilityMethod: relative.collisionProbabilityMethod } : {}),
    ...(maxCollisionProbability !== undefined ? { maxCollisionProbability } : {}),
    ...(riskLevel !== undefined ? { riskLevel } : {}),
    ...(hbr ? { hardBodyRadiusM: hbr.hbrM } : {}),
  };
}
