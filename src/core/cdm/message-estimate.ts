/**
 * A received CDM as a conjunction estimate the product stands behind (issue 11): the message's own
 * states and covariances at TCA, made inertial (inertial-state.ts) and rotated from each object's
 * RTN frame (rtn.ts, CARA RIC2ECI) by collision-probability.ts's inertialInputs, go through the same
 * method choice as screening (probability/pc-multistep.ts: Foster 2D, the 2D method's
 * usage-violation tests, Hall's 3D-Nc where flagged). The hard-body radius is the message's own
 * (CARA's "COMMENT HBR = … [m]", hard-body-radius.ts) or the caller's default.
 *
 * The miss vector's R/T/N components are recomputed in the primary's RTN frame from the states
 * (relativeStateRtn, rtn.ts: the screening's convention), so an event keeps one convention
 * whatever its source. swapEstimate makes OBJECT2 the primary, for a message that names the pair
 * the other way round from a stored event. The 2D run of the assessment is used again, not
 * repeated, for Alfano's maximum Pc and the encounter-plane view.
 */
import { assessPc, encounterPlane, pc2d, riskLevel, type Pc2dResult, type PcAssessment, type PcAssessmentOptions, type RiskLevel } from '../probability/index.ts';
import { maximumPc, type MaximumPcKind } from '../probability/pc-multistep.ts';
import type { Cdm, CdmObject } from './cdm.ts';
import { inertialInputs } from './collision-probability.ts';
import { cdmHardBodyRadius } from './hard-body-radius.ts';
import type { InertialFrame } from './inertial-state.ts';
import { relativeStateRtn } from './rtn.ts';

type Xyz = [number, number, number];

export interface EstimateObject {
  /** Inertial state at TCA, m and m/s, and its frame. */
  readonly rM: Xyz;
  readonly vMPerS: Xyz;
  readonly frame: InertialFrame;
  /** 6×6 position-velocity covariance in that frame, m², m²/s, m²/s². */
  readonly covariance: number[][];
  /** 1-sigma position uncertainty along the object's own R, T, N axes, m. */
  readonly sigmasM: { readonly radialM: number; readonly inTrackM: number; readonly crossTrackM: number };
  readonly covarianceMethod: string;
  /** The OD epoch of the state (TIME_LASTOB_END, else none). */
  readonly odEpochMs: number | null;
}

export interface MessageEstimate {
  readonly tcaMs: number;
  readonly missM: number;
  readonly radialM: number;
  readonly inTrackM: number;
  readonly crossTrackM: number;
  readonly relativeSpeedMPerS: number;
  readonly assessment: PcAssessment;
  /** Alfano's maximum Pc (probability maximumPc) and how it was found. */
  readonly maxPc: number;
  readonly maxPcKind: MaximumPcKind;
  readonly riskLevel: RiskLevel;
  readonly hbrM: number;
  readonly hbrSource: 'message' | 'default';
  readonly primary: EstimateObject;
  readonly secondary: EstimateObject;
  /** The encounter plane at TCA to scale (encounterPlaneView) from the assessment's own 2D run; null where there is none (zero relative velocity, no positive projected covariance). */
  readonly encounterPlane: EncounterPlaneView | null;
}

/** The encounter plane at TCA to scale, metres and radians (encounterPlaneView). */
export interface EncounterPlaneView {
  /** The miss vector projected on the plane, along its x and z axes (z is 0 by construction). */
  readonly missX: number;
  readonly missZ: number;
  /** 1-sigma semi-axes of the combined position covariance projected on the plane. */
  readonly sigmaMajor: number;
  readonly sigmaMinor: number;
  /** From the plane's x axis to the major axis. */
  readonly angle: number;
  readonly hardBodyRadius: number;
}

function objectOf(object: CdmObject, cdm: Cdm): EstimateObject {
  const { rM, vMPerS, frame, covarianceM2 } = inertialInputs(object, cdm);
  const rtn = object.data.covariance.rtn;
  const sd = (i: number) => Math.sqrt(Math.max(0, rtn[i]![i]!));
  const od = object.data.odParameters;
  return {
    rM,
    vMPerS,
    frame,
    covariance: covarianceM2,
    sigmasM: { radialM: sd(0), inTrackM: sd(1), crossTrackM: sd(2) },
    covarianceMethod: object.metadata.covarianceMethod,
    odEpochMs: od?.timeLastObEnd ?? od?.timeLastObStart ?? null,
  };
}

/** Object2's position relative to Object1, in Object1's RTN frame (rtn.ts), m. */
function missRtn(primary: EstimateObject, secondary: EstimateObject): { radialM: number; inTrackM: number; crossTrackM: number } {
  const [radialM, inTrackM, crossTrackM] = relativeStateRtn({ position: primary.rM, velocity: primary.vMPerS }, { position: secondary.rM, velocity: secondary.vMPerS }).position;
  return { radialM, inTrackM, crossTrackM };
}

/** The estimate of a CDM's conjunction. Throws RangeError where the message's numbers cannot be used. */
export function estimateFromCdm(cdm: Cdm, options: { readonly defaultHbrM: number; readonly pc?: PcAssessmentOptions }): MessageEstimate {
  const fromMessage = cdmHardBodyRadius(cdm);
  const hbrM = fromMessage?.hbrM ?? options.defaultHbrM;
  const primary = objectOf(cdm.object1, cdm);
  const secondary = objectOf(cdm.object2, cdm);
  const input = { r1M: primary.rM, v1MPerS: primary.vMPerS, cov1: primary.covariance, r2M: secondary.rM, v2MPerS: secondary.vMPerS, cov2: secondary.covariance, hbrM };
  const assessment = assessPc(input, options.pc);
  const { pc: maxPc, kind: maxPcKind } = maximumPc(assessment, input);
  return {
    tcaMs: cdm.relative.tca,
    missM: Math.hypot(secondary.rM[0] - primary.rM[0], secondary.rM[1] - primary.rM[1], secondary.rM[2] - primary.rM[2]),
    ...missRtn(primary, secondary),
    relativeSpeedMPerS: Math.hypot(secondary.vMPerS[0] - primary.vMPerS[0], secondary.vMPerS[1] - primary.vMPerS[1], secondary.vMPerS[2] - primary.vMPerS[2]),
    assessment,
    maxPc,
    maxPcKind,
    riskLevel: riskLevel(assessment.collisionProbability ?? maxPc),
    hbrM,
    hbrSource: fromMessage ? 'message' : 'default',
    primary,
    secondary,
    encounterPlane: encounterPlaneView(primary.rM, primary.vMPerS, primary.covariance, secondary.rM, secondary.vMPerS, secondary.covariance, hbrM, assessment.pc2dResult ?? undefined),
  };
}

/**
 * The same estimate with OBJECT2 as the primary (a message naming the pair the other way round
 * from a stored event). Pc and its method do not depend on the order and are not recomputed; the
 * miss vector is recomputed in the new primary's RTN frame. Exchanging the objects negates
 * r2 − r1 and v2 − v1, which leaves the encounter plane's z axis (along r × v) as it was and negates
 * its x and y axes (encounter-plane.ts): the in-plane miss (r·x) is unchanged, the z component and
 * the covariance's x-z term change sign, and with the latter the major axis's angle from x.
 */
export function swapEstimate(e: MessageEstimate): MessageEstimate {
  const primary = e.secondary;
  const secondary = e.primary;
  const npd = e.assessment.indicators?.npd;
  const two = e.assessment.pc2dResult;
  const plane = e.encounterPlane;
  return {
    ...e,
    ...missRtn(primary, secondary),
    assessment: {
      ...e.assessment,
      indicators: e.assessment.indicators && npd ? { ...e.assessment.indicators, npd: [npd[1], npd[0], npd[2]] } : e.assessment.indicators,
      pc2dResult: two !== null && two.pc !== null ? { ...two, majorAxisAngleRad: -two.majorAxisAngleRad, meanMinorM: -two.meanMinorM } : two,
    },
    primary,
    secondary,
    encounterPlane: plane && { ...plane, missZ: -plane.missZ, angle: -plane.angle },
  };
}

/**
 * The encounter plane at TCA to scale (metres): the projected miss vector, the combined position
 * covariance's 1-sigma ellipse in the plane, the hard-body radius (the convention of
 * shared/reference/pc/README.md: y along the relative velocity, z along r × v, x = y × z). The
 * ellipse is pc2d.ts's principal axes (its eigen-decomposition keeps the minor axis accurate when it
 * is much the smaller, and clips it as CARA's PcCircle does, so the ellipse drawn is the one the Pc
 * used), taken from `computed` when the caller has that 2D run, else from a run here. Null where
 * pc2d gives none (zero relative velocity, no positive projected covariance); RangeError for input
 * pc2d refuses.
 */
export function encounterPlaneView(
  r1M: readonly number[],
  v1MPerS: readonly number[],
  cov1: readonly (readonly number[])[],
  r2M: readonly number[],
  v2MPerS: readonly number[],
  cov2: readonly (readonly number[])[],
  hbrM: number,
  computed?: Pc2dResult,
): EncounterPlaneView | null {
  const v3 = (x: readonly number[]) => [x[0]!, x[1]!, x[2]!] as const;
  const plane = encounterPlane(v3(r1M), v3(v1MPerS), v3(r2M), v3(v2MPerS));
  if (!plane) return null;
  const two = computed ?? pc2d({ r1M: v3(r1M), v1MPerS: v3(v1MPerS), cov1M2: cov1, r2M: v3(r2M), v2MPerS: v3(v2MPerS), cov2M2: cov2, hbrM });
  if (two.pc === null) return null;
  return { missX: plane.missInPlane[0], missZ: plane.missInPlane[1], sigmaMajor: two.sigmaMajorM, sigmaMinor: two.sigmaMinorM, angle: two.majorAxisAngleRad, hardBodyRadius: hbrM };
}
