/**
 * Trajectories about a conjunction, and the change an impulsive burn makes to one.
 *
 * Time is seconds from the conjunction's TCA (t = 0); states are inertial [x, y, z, ẋ, ẏ, ż] in
 * metres and m/s (the probability code's units). A trajectory is a function of time: the numerical
 * one of this file (two-body + J2, dynamics.ts, integrated by Dormand–Prince 8(5,3) with its dense
 * output, dop853.ts) from a state at TCA, as a CDM gives it; or any other reference (SGP4, an
 * operator's ephemeris) a caller wraps.
 *
 * The burn's effect is the difference between the burned and the unburned numerical propagation
 * from the burn epoch, added to the reference (issue 28): the post-burn trajectory then stays the
 * track that found the conjunction, shifted by what the burn changes, whatever force model the
 * reference itself used. The difference is computed with the same integrator settings for both
 * legs, so their truncation errors cancel to first order.
 */
import { rtnAxes } from '../probability/rtn.ts';
import type { Vector3 } from '../probability/vector3.ts';
import { integrateDop853Dense } from './dop853.ts';
import { twoBodyJ2Derivative } from './dynamics.ts';

/** A state at `tS` seconds from TCA: [x, y, z] m, [ẋ, ẏ, ż] m/s. */
export type Trajectory = (tS: number) => Float64Array;

export interface PropagationOptions {
  /** J2 on (default) or two-body only. */
  readonly j2?: boolean;
  /** Integrator tolerances (dop853.ts), on km and km/s. */
  readonly rtol?: number;
  readonly atol?: number;
}

/** Tight enough that the difference of two legs is good to well under a millimetre over days. */
const DEFAULTS = { rtol: 1e-12, atol: 1e-12 };

const toKm = (stateM: ArrayLike<number>) => Float64Array.from([stateM[0]! / 1e3, stateM[1]! / 1e3, stateM[2]! / 1e3, stateM[3]! / 1e3, stateM[4]! / 1e3, stateM[5]! / 1e3]);
const toM = (stateKm: ArrayLike<number>) => Float64Array.from([stateKm[0]! * 1e3, stateKm[1]! * 1e3, stateKm[2]! * 1e3, stateKm[3]! * 1e3, stateKm[4]! * 1e3, stateKm[5]! * 1e3]);

function checkedState(stateM: readonly number[] | Float64Array, what: string): void {
  if (stateM.length !== 6 || !Array.from(stateM).every(Number.isFinite)) throw new RangeError(`${what}: a state must be six finite numbers (m, m/s)`);
}

/**
 * The numerical trajectory through `stateM` at `t0S`, valid on [fromS, toS] (which must hold t0S):
 * dense output of one integration each way from t0S. RangeError outside that span.
 */
export function numericalTrajectory(stateM: readonly number[] | Float64Array, t0S: number, fromS: number, toS: number, options: PropagationOptions = {}): Trajectory {
  checkedState(stateM, 'numericalTrajectory');
  if (!(fromS <= t0S && t0S <= toS) || !Number.isFinite(fromS) || !Number.isFinite(toS)) throw new RangeError(`numericalTrajectory: the span [${fromS}, ${toS}] s must hold the state's time ${t0S} s`);
  const f = twoBodyJ2Derivative({ j2: options.j2 ?? true });
  const tol = { rtol: options.rtol ?? DEFAULTS.rtol, atol: options.atol ?? DEFAULTS.atol };
  const y0 = toKm(stateM);
  const back = fromS < t0S ? integrateDop853Dense(f, t0S, y0, fromS, tol) : null;
  const ahead = toS > t0S ? integrateDop853Dense(f, t0S, y0, toS, tol) : null;
  return (tS: number) => {
    if (!(tS >= fromS - 1e-9 && tS <= toS + 1e-9)) throw new RangeError(`numericalTrajectory: ${tS} s is outside the propagated span [${fromS}, ${toS}] s`);
    if (tS === t0S) return toM(y0);
    return toM(tS < t0S ? back!.at(tS) : ahead!.at(tS));
  };
}

/**
 * What an impulsive Δv (inertial, m/s) applied at `burnS` to the reference changes, as a function of
 * time on [burnS, untilS]: δX(t) = X_burned(t) − X_unburned(t), both propagated numerically from the
 * reference's state at the burn; zero before the burn. Add it to the reference for the post-burn track.
 */
export function burnDelta(reference: Trajectory, burnS: number, dvInertialMps: readonly [number, number, number], untilS: number, options: PropagationOptions = {}): Trajectory {
  return burnDeltas(reference, burnS, [dvInertialMps], untilS, options)[0]!;
}

/**
 * The effects of several Δv (inertial, m/s) applied at the same epoch, sharing one unburned leg:
 * burnDelta for each.
 */
export function burnDeltas(reference: Trajectory, burnS: number, dvsInertialMps: readonly (readonly [number, number, number])[], untilS: number, options: PropagationOptions = {}): Trajectory[] {
  if (!(untilS >= burnS)) throw new RangeError(`burnDeltas: the burn (${burnS} s) must come before the end of the span (${untilS} s)`);
  const at = reference(burnS);
  const plain = numericalTrajectory(at, burnS, burnS, untilS, options);
  return dvsInertialMps.map((dv) => {
    if (!dv.every(Number.isFinite)) throw new RangeError('burnDeltas: Δv must be three finite numbers (m/s)');
    const burned = Float64Array.from(at);
    for (let i = 0; i < 3; i += 1) burned[3 + i]! += dv[i]!;
    const moved = numericalTrajectory(burned, burnS, burnS, untilS, options);
    return (tS: number) => {
      if (tS < burnS) return new Float64Array(6);
      const a = moved(tS);
      const b = plain(tS);
      for (let i = 0; i < 6; i += 1) a[i] = a[i]! - b[i]!;
      return a;
    };
  });
}

/** The trajectory `reference` plus `delta` (a burn's effect). */
export function shifted(reference: Trajectory, delta: Trajectory): Trajectory {
  return (tS: number) => {
    const a = reference(tS);
    const d = delta(tS);
    for (let i = 0; i < 6; i += 1) a[i] = a[i]! + d[i]!;
    return a;
  };
}

/** The R, T, N unit vectors of a state (probability/rtn.ts rtnAxes; RangeError where r × v = 0). */
export function rtnAxesOf(state: ArrayLike<number>): readonly [Vector3, Vector3, Vector3] {
  return rtnAxes([state[0]!, state[1]!, state[2]!], [state[3]!, state[4]!, state[5]!]);
}

/** A vector given in the RTN frame of `state`, in the inertial frame. */
export function rtnToInertialVector(state: ArrayLike<number>, rtn: readonly [number, number, number]): [number, number, number] {
  const [R, T, N] = rtnAxesOf(state);
  return [0, 1, 2].map((i) => R[i]! * rtn[0] + T[i]! * rtn[1] + N[i]! * rtn[2]) as [number, number, number];
}

/** An inertial vector in the RTN frame of `state`. */
export function inertialToRtnVector(state: ArrayLike<number>, v: readonly [number, number, number]): [number, number, number] {
  const axes = rtnAxesOf(state);
  return axes.map((a) => a[0] * v[0] + a[1] * v[1] + a[2] * v[2]) as [number, number, number];
}
