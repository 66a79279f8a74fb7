/**
 * One avoidance burn and what it does to a conjunction (issue 28): an impulsive Δv in the primary's
 * RTN frame at `leadS` seconds before TCA changes the primary's trajectory (trajectory.ts, the
 * burned minus the unburned numerical propagation added to the reference), the closest approach is
 * searched again near the old TCA (closest-approach.ts), and the new encounter is assessed by the
 * product's own method choice (probability assessPc: CARA's 2D Pc / 2D-Nc / 3D-Nc), so that a plan
 * and an alert are judged alike.
 *
 * Covariances are carried unchanged in each object's RTN frame (CARA's Maneuver Trade-Space Tool
 * does the same: the burn moves the mean, not the uncertainty) and rotated to the new states at
 * the new TCA. An optional execution error (1-σ magnitude as a fraction of |Δv|, 1-σ pointing angle)
 * adds J Σ_Δv Jᵀ to the primary's covariance at TCA, J = ∂X(TCA)/∂Δv by finite differences of the
 * propagation (the burn's effect is linear in Δv to ~(|Δv|/v)², 1e-9 for 0.2 m/s in LEO).
 * Units: s, m, m/s, m².
 */
import { congruence } from '../probability/linear-algebra.ts';
import { assessPc, type PcAssessment, type PcAssessmentOptions } from '../probability/pc-multistep.ts';
import type { Vector3 } from '../probability/vector3.ts';
import { closestApproach } from './closest-approach.ts';
import { MU_EARTH_KM3_S2 } from './dynamics.ts';
import { burnDelta, burnDeltas, inertialToRtnVector, numericalTrajectory, rtnAxesOf, rtnToInertialVector, shifted, type PropagationOptions, type Trajectory } from './trajectory.ts';

type Matrix = number[][];

export interface EncounterObject {
  /** Inertial state at TCA, m and m/s. */
  readonly rM: Vector3;
  readonly vMPerS: Vector3;
  /** 6×6 position-velocity covariance at TCA in the same frame, m², m²/s, m²/s². */
  readonly cov: readonly (readonly number[])[];
}

/** A conjunction as the planner takes it: both objects at TCA (t = 0) and the combined hard-body radius. */
export interface AvoidanceEncounter {
  readonly primary: EncounterObject;
  readonly secondary: EncounterObject;
  readonly hbrM: number;
}

/** The encounter with its two reference trajectories over the span a plan can need. */
export interface AvoidanceModel {
  readonly encounter: AvoidanceEncounter;
  readonly primary: Trajectory;
  readonly secondary: Trajectory;
  /** The span the trajectories cover, s from TCA. */
  readonly fromS: number;
  readonly toS: number;
  /** The primary's two-body period, s. */
  readonly periodS: number;
  /** Half the window searched for the new TCA, s. */
  readonly searchHalfWindowS: number;
  readonly propagation: PropagationOptions;
}

export interface Burn {
  /** Seconds before TCA (> 0). */
  readonly leadS: number;
  /** Δv in the primary's RTN frame at the burn, m/s. */
  readonly dvRtnMps: Vector3;
}

export interface ExecutionError {
  /** 1-σ magnitude error, fraction of |Δv| (0.05 = 5 %). */
  readonly magnitudeFraction: number;
  /** 1-σ pointing error, radians. */
  readonly pointingRad: number;
}

export interface BurnOutcome {
  /** The new TCA, s from the old one. */
  readonly tcaShiftS: number;
  readonly missM: number;
  /** The secondary's position relative to the primary in the primary's RTN frame at the new TCA, m. */
  readonly missRtnM: Vector3;
  readonly relativeSpeedMPerS: number;
  /** Both states at the new TCA (m, m/s) and the covariances used. */
  readonly primary: EncounterObject;
  readonly secondary: EncounterObject;
  readonly dvInertialMps: Vector3;
  /** The product's assessment of the new encounter (its collisionProbability and method). */
  readonly assessment: PcAssessment;
  /** False when the nearest point is an end of the searched window (the pair no longer meets near the old TCA). */
  readonly interior: boolean;
}

/** Two-body period of a state (m, m/s), s; Infinity for an unbound one. */
export function periodOf(rM: Vector3, vMPerS: Vector3): number {
  const r = Math.hypot(...rM) / 1e3;
  const v2 = (vMPerS[0] ** 2 + vMPerS[1] ** 2 + vMPerS[2] ** 2) / 1e6;
  const a = 1 / (2 / r - v2 / MU_EARTH_KM3_S2);
  return a > 0 ? 2 * Math.PI * Math.sqrt(a ** 3 / MU_EARTH_KM3_S2) : Infinity;
}

/**
 * The planner's model of an encounter: both objects propagated numerically from their TCA states
 * (two-body + J2) over [−maxLeadS − margin, +window]. The new TCA is searched within ±1/8 of the
 * primary's period of the old one (a burn of cm/s to m/s moves it by seconds in LEO).
 */
export function avoidanceModel(encounter: AvoidanceEncounter, options: { readonly maxLeadS: number; readonly propagation?: PropagationOptions }): AvoidanceModel {
  const periodS = periodOf(encounter.primary.rM, encounter.primary.vMPerS);
  if (!Number.isFinite(periodS)) throw new RangeError('avoidanceModel: the primary is not on a closed orbit');
  if (!(options.maxLeadS > 0) || !Number.isFinite(options.maxLeadS)) throw new RangeError('avoidanceModel: maxLeadS must be a positive number of seconds');
  const searchHalfWindowS = periodS / 8;
  const fromS = -Math.max(options.maxLeadS, searchHalfWindowS) - 60;
  const toS = searchHalfWindowS + 60;
  const propagation = options.propagation ?? {};
  const state = (o: EncounterObject) => [...o.rM, ...o.vMPerS];
  return {
    encounter,
    primary: numericalTrajectory(state(encounter.primary), 0, fromS, toS, propagation),
    secondary: numericalTrajectory(state(encounter.secondary), 0, fromS, toS, propagation),
    fromS,
    toS,
    periodS,
    searchHalfWindowS,
    propagation,
  };
}

/** C₆ rotated from the RTN frame of `from` to that of `to`: M C Mᵀ with M = blockdiag(m, m), m = Bᵀ A (A, B the axes as rows). */
function carryRtn(cov: readonly (readonly number[])[], from: ArrayLike<number>, to: ArrayLike<number>): Matrix {
  const a = rtnAxesOf(from);
  const b = rtnAxesOf(to);
  const m3 = [0, 1, 2].map((i) => [0, 1, 2].map((j) => b[0][i]! * a[0][j]! + b[1][i]! * a[1][j]! + b[2][i]! * a[2][j]!));
  const m = [0, 1, 2, 3, 4, 5].map((i) => [0, 1, 2, 3, 4, 5].map((j) => (Math.floor(i / 3) === Math.floor(j / 3) ? m3[i % 3]![j % 3]! : 0)));
  return congruence(m, cov.map((row) => [...row]));
}

/** The new encounter of the primary on `primary` (a post-burn track) with the model's secondary. */
export function encounterAfter(model: AvoidanceModel, primary: Trajectory, pcOptions?: PcAssessmentOptions, extraPrimaryCov?: (tS: number) => Matrix | null): Omit<BurnOutcome, 'dvInertialMps'> {
  // A burn of cm/s to m/s moves the TCA of a fast encounter by seconds: search ±60 s first, and the
  // whole window only where the minimum is not inside that (slow encounters, large shifts).
  const near = Math.min(60, model.searchHalfWindowS);
  let ca = closestApproach(primary, model.secondary, 0, near, 32);
  if (!ca.interior && near < model.searchHalfWindowS) ca = closestApproach(primary, model.secondary, 0, model.searchHalfWindowS);
  const p = ca.primary;
  const s = ca.secondary;
  const enc = model.encounter;
  const p0 = [...enc.primary.rM, ...enc.primary.vMPerS];
  const s0 = [...enc.secondary.rM, ...enc.secondary.vMPerS];
  let cov1 = carryRtn(enc.primary.cov, p0, p);
  const extra = extraPrimaryCov?.(ca.tS) ?? null;
  if (extra) cov1 = cov1.map((row, i) => row.map((x, j) => x + extra[i]![j]!));
  const cov2 = carryRtn(enc.secondary.cov, s0, s);
  const r1: Vector3 = [p[0]!, p[1]!, p[2]!];
  const v1: Vector3 = [p[3]!, p[4]!, p[5]!];
  const r2: Vector3 = [s[0]!, s[1]!, s[2]!];
  const v2: Vector3 = [s[3]!, s[4]!, s[5]!];
  const assessment = assessPc({ r1M: r1, v1MPerS: v1, cov1, r2M: r2, v2MPerS: v2, cov2, hbrM: enc.hbrM }, pcOptions);
  return {
    tcaShiftS: ca.tS,
    missM: ca.missM,
    missRtnM: inertialToRtnVector(p, [r2[0] - r1[0], r2[1] - r1[1], r2[2] - r1[2]]),
    relativeSpeedMPerS: Math.hypot(v2[0] - v1[0], v2[1] - v1[1], v2[2] - v1[2]),
    primary: { rM: r1, vMPerS: v1, cov: cov1 },
    secondary: { rM: r2, vMPerS: v2, cov: cov2 },
    assessment,
    interior: ca.interior,
  };
}

/** The burn's Δv in inertial axes (the primary's RTN at the burn epoch), m/s. */
export function burnDvInertial(model: AvoidanceModel, burn: Burn): Vector3 {
  checkBurn(model, burn);
  return rtnToInertialVector(model.primary(-burn.leadS), burn.dvRtnMps);
}

function checkBurn(model: AvoidanceModel, burn: Burn): void {
  if (!(burn.leadS > 0) || -burn.leadS < model.fromS + 60 - 1e-9 || !Number.isFinite(burn.leadS)) throw new RangeError(`the burn must come between 0 and ${-(model.fromS + 60)} s before TCA, got ${burn.leadS} s`);
  if (!burn.dvRtnMps.every(Number.isFinite)) throw new RangeError('Δv must be three finite numbers (m/s)');
}

/** What one burn does to the encounter (see the file's comment). */
export function evaluateBurn(model: AvoidanceModel, burn: Burn, options: { readonly executionError?: ExecutionError; readonly pc?: PcAssessmentOptions } = {}): BurnOutcome {
  const dv = burnDvInertial(model, burn);
  const burnS = -burn.leadS;
  const delta = burnDelta(model.primary, burnS, dv, model.toS, model.propagation);
  const track = shifted(model.primary, delta);
  const err = options.executionError;
  let extra: ((tS: number) => Matrix | null) | undefined;
  if (err && (err.magnitudeFraction > 0 || err.pointingRad > 0)) {
    if (!(err.magnitudeFraction >= 0) || !(err.pointingRad >= 0) || !Number.isFinite(err.magnitudeFraction) || !Number.isFinite(err.pointingRad)) throw new RangeError('execution error: the 1-σ magnitude fraction and pointing angle must be finite and ≥ 0');
    const size = Math.hypot(...dv);
    if (size > 0) {
      // J = ∂X(t)/∂Δv, by central differences of the burned propagation (step 1 mm/s: linear regime).
      const eps = 1e-3;
      const shiftedDv = (k: number, sign: number): [number, number, number] => [dv[0] + (k === 0 ? sign * eps : 0), dv[1] + (k === 1 ? sign * eps : 0), dv[2] + (k === 2 ? sign * eps : 0)];
      const legs = burnDeltas(model.primary, burnS, [0, 1, 2].flatMap((k) => [shiftedDv(k, 1), shiftedDv(k, -1)]), model.toS, model.propagation);
      const columns = [0, 1, 2].map((k) => (tS: number) => {
        const x = legs[2 * k]!(tS);
        const y = legs[2 * k + 1]!(tS);
        return Array.from({ length: 6 }, (_, i) => (x[i]! - y[i]!) / (2 * eps));
      });
      // Σ_Δv = σ_m² ûûᵀ + σ_p² (I − ûûᵀ): magnitude along the burn, pointing across it.
      const u = dv.map((x) => x / size);
      const sm2 = (err.magnitudeFraction * size) ** 2;
      const sp2 = (Math.tan(err.pointingRad) * size) ** 2;
      const sigma = [0, 1, 2].map((i) => [0, 1, 2].map((j) => sm2 * u[i]! * u[j]! + sp2 * ((i === j ? 1 : 0) - u[i]! * u[j]!)));
      extra = (tS: number) => {
        const jac = columns.map((c) => c(tS));
        return Array.from({ length: 6 }, (_, i) => Array.from({ length: 6 }, (__, j) => {
          let s = 0;
          for (let k = 0; k < 3; k += 1) for (let l = 0; l < 3; l += 1) s += jac[k]![i]! * sigma[k]![l]! * jac[l]![j]!;
          return s;
        }));
      };
    }
  }
  return { ...encounterAfter(model, track, options.pc, extra), dvInertialMps: dv };
}
