/**
 * The probability step of screening, kept apart from the geometry (close-approach.ts) so that a
 * covariance from elsewhere (an imported CDM) can replace the default model without touching the
 * screener: `assessRisk` takes the covariances through a `CovarianceSource`.
 *
 * - Pc: chosen as NASA CARA's PcMultiStep chooses (probability/pc-multistep.ts): the Foster 2D Pc,
 *   the 2D method's usage-violation tests, and Hall's 3D-Nc Pc where the 2D method is flagged. Each
 *   object's covariance is the default element-set model (probability/default-covariance.ts: by
 *   orbit regime, object type and element-set age at TCA) as a 6×6 of equinoctial element errors
 *   (probability/element-set-covariance.ts), unless the source gives one (3×3 or 6×6).
 * - Max Pc: Alfano's worst case for the in-plane miss distance (probability/alfano-max.ts).
 * - Hard-body radius: the default combined HBR of the two objects' types
 *   (probability/hard-body-radius.ts); 3LE/OMM carry no size.
 * - Risk level from Pc (DECISIONS.md §5, probability/risk.ts). When Pc is undefined (zero
 *   relative velocity: no encounter plane) the level is taken from the maximum Pc, the
 *   conservative choice.
 */
import type { ObjectType } from '../catalog/satcat.ts';
import type { ElementSet } from '../elements/element-set.ts';
import { objectTypeFromName } from '../catalog/satcat.ts';
import {
  alfanoMaxPc,
  assessPc,
  combinedHardBodyRadiusM,
  defaultCovarianceForElementSet,
  elementSetCovariance6,
  riskLevel,
  type PcMethod,
  type PcViolation,
  type RiskLevel,
  type RtnSigmasM,
  type Vector3,
} from '../probability/index.ts';
import { maximumPc, type MaximumPcKind, type PcAssessmentOptions } from '../probability/pc-multistep.ts';
import { utcMs } from '../units.ts';
import type { CloseApproach } from './close-approach.ts';

/** What the risk step needs to know about each object. */
export interface RiskSubject {
  readonly elementSet: ElementSet;
  readonly objectType: ObjectType;
}

/** Covariances (3×3 position or 6×6 position-velocity, m, m/s, in the TEME frame of the states) of both objects at TCA. */
export interface ProvidedCovariances {
  readonly primaryM2: readonly (readonly number[])[];
  readonly secondaryM2: readonly (readonly number[])[];
  /** Where they came from, e.g. "CDM 2023-10-09T01:42Z". */
  readonly source: string;
}

/** Covariances for an approach, or undefined to use the default model. */
export type CovarianceSource = (approach: CloseApproach) => ProvidedCovariances | undefined;

export interface RiskAssessment {
  /** The chosen Pc (`pcMethod`), or null when no method gives one (then the level comes from the maximum Pc). */
  readonly pc: number | null;
  /** Foster 2D Pc (null when undefined: zero relative velocity, unusable covariance). */
  readonly pc2d: number | null;
  /** Hall 2D-Nc Pc, where the 2D method was flagged (or the encounter is slow) and 2D-Nc gave a value. */
  readonly nc2d: number | null;
  /** Hall 3D-Nc Pc, where 2D-Nc was flagged too (or the encounter is slow) and 3D-Nc converged. */
  readonly pc3d: number | null;
  readonly pcMethod: PcMethod;
  /** What the usage-violation tests found. */
  readonly violations: readonly PcViolation[];
  /** Why a method could not run, if one could not. */
  readonly pcNote: string | null;
  /** Alfano's maximum Pc (pc-multistep.ts maximumPc) and how it was found. */
  readonly maxPc: number;
  readonly maxPcKind: MaximumPcKind;
  readonly riskLevel: RiskLevel;
  /** Combined hard-body radius used, m. */
  readonly hbrM: number;
  /** 'default' (the element-set model) or the provided source's name. */
  readonly covariance: string;
  /** The default model's RTN sigmas at TCA, m (absent when covariances were provided). */
  readonly primarySigmasM?: RtnSigmasM;
  readonly secondarySigmasM?: RtnSigmasM;
}

const toMetres = (v: readonly [number, number, number]): Vector3 => [v[0] * 1000, v[1] * 1000, v[2] * 1000];

/** Pc, maximum Pc and risk level of one close approach. */
/**
 * `pcOptions`: what assessPc may run beyond the analytic methods (the Monte Carlo's budget where its
 * method choice calls for one; screening workers lend AUTOMATIC_MONTE_CARLO, the event loop none).
 */
export function assessRisk(approach: CloseApproach, primary: RiskSubject, secondary: RiskSubject, covariances?: CovarianceSource, hbrM?: number, pcOptions?: PcAssessmentOptions): RiskAssessment {
  const r1 = toMetres(approach.primaryState.r);
  const v1 = toMetres(approach.primaryState.v);
  const r2 = toMetres(approach.secondaryState.r);
  const v2 = toMetres(approach.secondaryState.v);
  const hbr = hbrM ?? combinedHardBodyRadiusM({ objectType: primary.objectType }, { objectType: secondary.objectType });
  const provided = covariances?.(approach);
  let cov1: readonly (readonly number[])[];
  let cov2: readonly (readonly number[])[];
  let sigmas: { primarySigmasM: RtnSigmasM; secondarySigmasM: RtnSigmasM } | undefined;
  if (provided) {
    cov1 = provided.primaryM2;
    cov2 = provided.secondaryM2;
  } else {
    const at = utcMs(approach.tca);
    const s1 = defaultCovarianceForElementSet(primary.elementSet, primary.objectType, at).sigmas;
    const s2 = defaultCovarianceForElementSet(secondary.elementSet, secondary.objectType, at).sigmas;
    cov1 = elementSetCovariance6(s1, r1, v1);
    cov2 = elementSetCovariance6(s2, r2, v2);
    sigmas = { primarySigmasM: s1, secondarySigmasM: s2 };
  }
  const input = { r1M: r1, v1MPerS: v1, cov1, r2M: r2, v2MPerS: v2, cov2, hbrM: hbr };
  const assessed = assessPc(input, pcOptions);
  // The in-plane miss of the assessment's own 2D run (not a second pc2d).
  const { pc: maxPc, kind: maxPcKind } = maximumPc(assessed, input);
  return {
    pc: assessed.collisionProbability,
    pc2d: assessed.pc2d,
    nc2d: assessed.nc2d,
    pc3d: assessed.pc3d,
    pcMethod: assessed.method,
    violations: assessed.violations,
    pcNote: assessed.note,
    maxPc,
    maxPcKind,
    riskLevel: riskLevel(assessed.collisionProbability ?? maxPc),
    hbrM: hbr,
    covariance: provided ? provided.source : 'default',
    ...sigmas,
  };
}

/**
 * assessRisk, or — for an input the probability code refuses (it throws RangeError for a state or
 * orbit it cannot use) — no Pc, Alfano's maximum for the miss distance and the level from it, so
 * that one odd element set cannot fail a whole screening.
 */
export function assessRiskWithFallback(approach: CloseApproach, primary: RiskSubject, secondary: RiskSubject, covariances?: CovarianceSource, pcOptions?: PcAssessmentOptions): RiskAssessment {
  try {
    return assessRisk(approach, primary, secondary, covariances, undefined, pcOptions);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    const hbrM = combinedHardBodyRadiusM({ objectType: primary.objectType }, { objectType: secondary.objectType });
    const maxPc = alfanoMaxPc(approach.missDistanceKm * 1000, hbrM).pc;
    const pcNote = `No Pc: ${error.message}`;
    return { pc: null, pc2d: null, nc2d: null, pc3d: null, pcMethod: 'pc2d', violations: [], pcNote, maxPc, maxPcKind: 'assumed-shape', riskLevel: riskLevel(maxPc), hbrM, covariance: `unavailable: ${error.message}` };
  }
}

/** The risk subject of an element set: its object type when known (a SATCAT), else guessed from its name (catalog/satcat.ts; 3LE and OMM carry no type). */
export function riskSubjectOf(elementSet: ElementSet, objectType?: ObjectType): RiskSubject {
  return { elementSet, objectType: objectType ?? objectTypeFromName(elementSet.name ?? '') };
}
