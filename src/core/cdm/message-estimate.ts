/**
 * A received CDM as a conjunction estimate the product stands behind (issue 11): the message's own
 * states and covariances at TCA, made inertial (inertial-state.ts) and rotated from each object's
 * RTN frame (rtn.ts, CARA RIC2ECI), go through the same method choice as screening (probability/
 * pc-multistep.ts: Foster 2D, the 2D method's usage-violation tests, Hall's 3D-Nc where flagged).
 * The hard-body radius is the message's own (CARA's "COMMENT HBR = … [m]") or the caller's default.
 *
 * The miss vector's R/T/N components are recomputed in the primary's RTN frame from the states
 * (the screening's convention), so an event keeps one convention whatever its source. `swap` makes
 * OBJECT2 the primary, for a message that names the pair the other way round from a stored event.
 */
import { alfanoMaxPc, assessPc, encounterPlane, pc2d, riskLevel, type PcAssessment, type RiskLevel } from '../probability/index.ts';
import { projectCovariance } from '../probability/encounter-plane.ts';
import type { Cdm, CdmObject } from './cdm.ts';
import { cdmHardBodyRadius } from './hard-body-radius.ts';
import { inertialState, type InertialFrame } from './inertial-state.ts';
import { covarianceRtnToInertial, rtnAxes } from './rtn.ts';

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
  readonly maxPc: number;
  readonly riskLevel: RiskLevel;
  readonly hbrM: number;
  readonly hbrSource: 'message' | 'default';
  readonly primary: EstimateObject;
  readonly secondary: EstimateObject;
}

function objectOf(object: CdmObject, cdm: Cdm): EstimateObject {
  const state = inertialState(object, cdm.relative.tca);
  const rM: Xyz = [state.positionKm[0] * 1000, state.positionKm[1] * 1000, state.positionKm[2] * 1000];
  const vMPerS: Xyz = [state.velocityKmPerS[0] * 1000, state.velocityKmPerS[1] * 1000, state.velocityKmPerS[2] * 1000];
  const rtn = object.data.covariance.rtn.slice(0, 6).map((row) => row.slice(0, 6));
  const covariance = covarianceRtnToInertial(rtn, rtnAxes(state.positionKm, state.velocityKmPerS));
  const sd = (i: number) => Math.sqrt(Math.max(0, rtn[i]![i]!));
  const od = object.data.odParameters;
  return {
    rM,
    vMPerS,
    frame: state.frame,
    covariance,
    sigmasM: { radialM: sd(0), inTrackM: sd(1), crossTrackM: sd(2) },
    covarianceMethod: object.metadata.covarianceMethod,
    odEpochMs: od?.timeLastObEnd ?? od?.timeLastObStart ?? null,
  };
}

/** The estimate of a CDM's conjunction. Throws RangeError where the message's numbers cannot be used. */
export function estimateFromCdm(cdm: Cdm, options: { readonly defaultHbrM: number; readonly swap?: boolean }): MessageEstimate {
  const fromMessage = cdmHardBodyRadius(cdm);
  const hbrM = fromMessage?.hbrM ?? options.defaultHbrM;
  const one = objectOf(cdm.object1, cdm);
  const two = objectOf(cdm.object2, cdm);
  const [primary, secondary] = options.swap ? [two, one] : [one, two];
  const assessment = assessPc({ r1M: primary.rM, v1MPerS: primary.vMPerS, cov1: primary.covariance, r2M: secondary.rM, v2MPerS: secondary.vMPerS, cov2: secondary.covariance, hbrM });
  const miss: Xyz = [secondary.rM[0] - primary.rM[0], secondary.rM[1] - primary.rM[1], secondary.rM[2] - primary.rM[2]];
  const axes = rtnAxes(primary.rM, primary.vMPerS);
  const dot = (a: readonly number[], b: readonly number[]) => a[0]! * b[0]! + a[1]! * b[1]! + a[2]! * b[2]!;
  const plane = pc2d({ r1M: primary.rM, v1MPerS: primary.vMPerS, cov1M2: primary.covariance, r2M: secondary.rM, v2MPerS: secondary.vMPerS, cov2M2: secondary.covariance, hbrM });
  const maxPc = alfanoMaxPc(plane.pc === null ? plane.missDistanceM : plane.missInPlaneM, hbrM).pc;
  return {
    tcaMs: cdm.relative.tca,
    missM: Math.hypot(miss[0], miss[1], miss[2]),
    radialM: dot(miss, axes.r),
    inTrackM: dot(miss, axes.t),
    crossTrackM: dot(miss, axes.n),
    relativeSpeedMPerS: Math.hypot(secondary.vMPerS[0] - primary.vMPerS[0], secondary.vMPerS[1] - primary.vMPerS[1], secondary.vMPerS[2] - primary.vMPerS[2]),
    assessment,
    maxPc,
    riskLevel: riskLevel(assessment.collisionProbability ?? maxPc),
    hbrM,
    hbrSource: fromMessage ? 'message' : 'default',
    primary,
    secondary,
  };
}

/**
 * The same estimate with OBJECT2 as the primary (a message naming the pair the other way round
 * from a stored event): Pc and its method do not depend on the order; the miss vector is
 * recomputed in the new primary's RTN frame. No Pc is recomputed.
 */
export function swapEstimate(e: MessageEstimate): MessageEstimate {
  const primary = e.secondary;
  const secondary = e.primary;
  const miss = [secondary.rM[0] - primary.rM[0], secondary.rM[1] - primary.rM[1], secondary.rM[2] - primary.rM[2]];
  const axes = rtnAxes(primary.rM, primary.vMPerS);
  const dot = (a: readonly number[], b: readonly number[]) => a[0]! * b[0]! + a[1]! * b[1]! + a[2]! * b[2]!;
  const npd = e.assessment.indicators?.npd;
  return {
    ...e,
    radialM: dot(miss, axes.r),
    inTrackM: dot(miss, axes.t),
    crossTrackM: dot(miss, axes.n),
    assessment: { ...e.assessment, indicators: e.assessment.indicators && npd ? { ...e.assessment.indicators, npd: [npd[1], npd[0], npd[2]] } : e.assessment.indicators },
    primary,
    secondary,
  };
}

/**
 * The encounter plane at TCA to scale (metres): the projected miss vector, the combined position
 * covariance's 1-sigma ellipse in the plane, the hard-body radius (the convention of
 * shared/reference/pc/README.md: y along the relative velocity, z along r × v, x = y × z).
 */
export function encounterPlaneView(
  r1M: readonly number[],
  v1MPerS: readonly number[],
  cov1: readonly (readonly number[])[],
  r2M: readonly number[],
  v2MPerS: readonly number[],
  cov2: readonly (readonly number[])[],
  hbrM: number,
): { missX: number; missZ: number; sigmaMajor: number; sigmaMinor: number; angle: number; hardBodyRadius: number } | null {
  const v3 = (x: readonly number[]) => [x[0]!, x[1]!, x[2]!] as const;
  const plane = encounterPlane(v3(r1M), v3(v1MPerS), v3(r2M), v3(v2MPerS));
  if (!plane) return null;
  const c = [0, 1, 2].map((i) => [0, 1, 2].map((j) => cov1[i]![j]! + cov2[i]![j]!)) as unknown as Parameters<typeof projectCovariance>[0];
  const { xx, xz, zz } = projectCovariance(c, plane);
  const mean = 0.5 * (xx + zz);
  const radius = Math.hypot(0.5 * (xx - zz), xz);
  const major = mean + radius;
  const minor = Math.max(0, mean - radius);
  if (!(major > 0)) return null;
  return { missX: plane.missInPlane[0], missZ: plane.missInPlane[1], sigmaMajor: Math.sqrt(major), sigmaMinor: Math.sqrt(minor), angle: 0.5 * Math.atan2(2 * xz, xx - zz), hardBodyRadius: hbrM };
}
