/**
 * The 2D probability of collision from a CDM's own states and covariances (508.0-B-1 Annex D,
 * CDM-P14: the message carries what a recipient needs to compute Pc itself).
 *
 * Each object's state is made inertial (inertial-state.ts: ITRF → TEME with the Earth-rotation
 * term in velocity), its RTN covariance rotated into that frame with its own RTN axes (rtn.ts,
 * CARA's RIC2ECI convention), and both go to the Foster/Chan circle method of
 * src/core/probability (pc2d, metres). Pc does not depend on which inertial frame is used, only
 * that both objects share it. The hard-body radius is the message's own (CARA's "HBR = … [m]"
 * comment, hard-body-radius.ts) unless the caller overrides it, else the caller's default:
 * CDM 1.0 has no HBR keyword.
 */
import type { Cdm, CdmObject } from './cdm.ts';
import { cdmHardBodyRadius } from './hard-body-radius.ts';
import { inertialState, type InertialFrame } from './inertial-state.ts';
import { covarianceRtnToInertial, rtnAxes } from './rtn.ts';
import type { EarthOrientation } from '../frames/teme-ecef.ts';
import { pc2d, type Pc2dUndefinedReason } from '../probability/index.ts';
import type { Vector3 } from './cdm.ts';

export interface CdmPcOptions {
  /** Combined HBR, m, used when the message gives none (e.g. DEFAULT_COMBINED_HBR_M of src/core/probability). */
  readonly defaultHbrM: number;
  /** Combined HBR, m, used whatever the message says. */
  readonly hbrM?: number;
  /** Earth orientation for ITRF states (default: none, see inertial-state.ts). */
  readonly eop?: EarthOrientation;
}

export type HbrSource = 'message' | 'default' | 'override';

export interface CdmPc {
  /** Probability of collision, or null when the 2D method is undefined (see `undefinedReason`). */
  readonly pc: number | null;
  readonly undefinedReason?: Pc2dUndefinedReason;
  /** The method: Foster/Chan circle (COLLISION_PROBABILITY_METHOD FOSTER-1992). */
  readonly method: 'FOSTER-1992';
  readonly hbrM: number;
  readonly hbrSource: HbrSource;
  /** Inertial frame the computation ran in. */
  readonly frame: InertialFrame;
  /** |r2 − r1| and |v2 − v1| from the message's states, m and m/s. */
  readonly missDistanceM: number;
  readonly relativeSpeedMPerS: number;
}

/** One object of a CDM as the Pc methods take it: inertial state at TCA in m, m/s, and its 6×6 position-velocity covariance in that frame, m², m²/s, m²/s². */
export interface InertialInputs {
  readonly frame: InertialFrame;
  readonly rM: [number, number, number];
  readonly vMPerS: [number, number, number];
  readonly covarianceM2: number[][];
}

const metres = (v: Vector3): [number, number, number] => [v[0] * 1000, v[1] * 1000, v[2] * 1000];

/**
 * An object's state made inertial at TCA (inertial-state.ts) and its RTN covariance's 6×6 block
 * rotated into that frame with the object's own RTN axes (rtn.ts): the inputs of every Pc computed
 * from a message (here and message-estimate.ts).
 */
export function inertialInputs(object: CdmObject, cdm: Cdm, eop: EarthOrientation = {}): InertialInputs {
  const state = inertialState(object, cdm.relative.tca, eop);
  const rtn6 = object.data.covariance.rtn.slice(0, 6).map((row) => row.slice(0, 6));
  const covariance = covarianceRtnToInertial(rtn6, rtnAxes(state.positionKm, state.velocityKmPerS));
  return { frame: state.frame, rM: metres(state.positionKm), vMPerS: metres(state.velocityKmPerS), covarianceM2: covariance };
}

/** Pc of the conjunction a CDM describes, from its own covariances. Throws RangeError for unusable input (e.g. HBR < 0). */
export function cdmCollisionProbability(cdm: Cdm, options: CdmPcOptions): CdmPc {
  const fromMessage = cdmHardBodyRadius(cdm);
  const [hbrM, hbrSource]: [number, HbrSource] =
    options.hbrM !== undefined ? [options.hbrM, 'override'] : fromMessage ? [fromMessage.hbrM, 'message'] : [options.defaultHbrM, 'default'];
  const eop = options.eop ?? {};
  const one = inertialInputs(cdm.object1, cdm, eop);
  const two = inertialInputs(cdm.object2, cdm, eop);
  const result = pc2d({ r1M: one.rM, v1MPerS: one.vMPerS, cov1M2: one.covarianceM2, r2M: two.rM, v2MPerS: two.vMPerS, cov2M2: two.covarianceM2, hbrM });
  const common = { method: 'FOSTER-1992' as const, hbrM, hbrSource, frame: one.frame, missDistanceM: result.missDistanceM, relativeSpeedMPerS: result.relativeSpeedMPerS };
  return result.pc === null ? { pc: null, undefinedReason: result.reason, ...common } : { pc: result.pc, ...common };
}
