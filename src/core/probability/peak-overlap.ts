/**
 * The peak overlap point (POP) of the primary's and secondary's position distributions at a time
 * t, for states whose uncertainty is Gaussian in equinoctial elements at TCA and moves by
 * two-body motion (Hall 2021, JSR 58(3), §III; Coppola 2012a, AAS 12-247). Written after NASA
 * CARA_Analysis_Tools' PeakOverlapPos.m and PeakOverlapMD2.m (DistributedMatlab/
 * ProbabilityOfCollision/Utils): the same iteration, averaging, oscillation and convergence
 * rules, the same failure codes (10/01/11 unbound energy, 1000/0100/1100 undefined elements).
 *
 * Units: km, km/s, s; μ = 398600.4418 km³/s².
 */
import { cartesianToEquinoctial, mod2pi, stateAndJacobianAt, type Equinoctial } from './equinoctial.ts';
import { clipEigenvalues, congruence, inverse, multiplyVector, quadraticForm, type Matrix, type Vector } from './linear-algebra.ts';
import { MU_KM3_S2 } from './equinoctial.ts';

export interface PeakOverlapOptions {
  /** Maximum iterations (CARA default 100; ≤ 1 gives Coppola 2012's single step). */
  readonly maxIterations?: number;
  /** Eigenvalue clipping factor: position covariance eigenvalues below (Fclip·HBR)² are raised to it (1e-4). */
  readonly clipFactor?: number;
}

/** One object's description at TCA for the POP iteration. */
export interface PopObject {
  /** Mean state at t (km, km/s). */
  readonly x: Vector;
  /** ∂X(t)/∂E0 at the mean state. */
  readonly jacobian: Matrix;
  /** Equinoctial elements and covariance at TCA (t0 = 0). */
  readonly e0: Equinoctial;
  readonly q0: Matrix;
}

export interface PeakOverlap {
  /** 0: not converged; 1: converged; 0.5 or 0.1…0.35: accepted after oscillation or slow convergence (CARA's codes, all truthy). */
  readonly converged: number;
  readonly iterations: number;
  /** CARA's failure code (0 none). */
  readonly failure: number;
  /** Expansion-centre states, Jacobians and epoch elements of both objects. */
  readonly xs1?: Vector;
  readonly js1?: Matrix;
  readonly xs2?: Vector;
  readonly js2?: Matrix;
  /** Offset (mode) states xs + Js·ΔE. */
  readonly xu1?: Vector;
  readonly xu2?: Vector;
  /** The Cartesian covariances of the last iteration's expansion centres. */
  readonly ps1?: Matrix;
  readonly ps2?: Matrix;
}

const MD2_TOLERANCE: readonly [number, number] = [1e-6, 1e-3];

function eDifference(eb: Equinoctial, es: Equinoctial, sinLb: number, cosLb: number): Vector {
  return [eb[0] - es[0], eb[1] - es[1], eb[2] - es[2], eb[3] - es[3], eb[4] - es[4], Math.asin(sinLb * Math.cos(es[5]) - cosLb * Math.sin(es[5]))];
}

function addVectors(a: Vector, b: Vector): Vector {
  return a.map((x, i) => x + b[i]!);
}

function position(x: Vector): Vector {
  return [x[0]!, x[1]!, x[2]!];
}

function velocity(x: Vector): Vector {
  return [x[3]!, x[4]!, x[5]!];
}

/**
 * Peak overlap position at offset t (s) from TCA, both objects' equinoctial epochs at TCA.
 * `hbrKm`: combined hard-body radius in km.
 */
export function peakOverlapPosition(t: number, o1: PopObject, o2: PopObject, hbrKm: number, options: PeakOverlapOptions = {}): PeakOverlap {
  try {
    return iterate(t, o1, o2, hbrKm, options);
  } catch (error) {
    // A singular overlap covariance or an undefined orbit on the way: this time point has no POP
    // (CARA's routine would fail there too), which the callers treat as non-convergence.
    if (error instanceof RangeError) return { converged: 0, iterations: 0, failure: 10_000 };
    throw error;
  }
}

function iterate(t: number, o1: PopObject, o2: PopObject, hbrKm: number, options: PeakOverlapOptions): PeakOverlap {
  const maxIterations = options.maxIterations ?? 100;
  const clipFactor = options.clipFactor ?? 1e-4;
  const avgIter = Math.min(35, Math.round(maxIterations * 0.35));
  const accIter = Math.min(25, Math.round(maxIterations * 0.25));
  const oscIter = Math.min(15, Math.round(maxIterations * 0.15));
  const lClip = (hbrKm * clipFactor) ** 2;
  const h2 = hbrKm * hbrKm;
  const sinLb1 = Math.sin(o1.e0[5]);
  const cosLb1 = Math.cos(o1.e0[5]);
  const sinLb2 = Math.sin(o2.e0[5]);
  const cosLb2 = Math.cos(o2.e0[5]);

  let xs1 = o1.x;
  let js1 = o1.jacobian;
  let es1 = o1.e0;
  let xs2 = o2.x;
  let js2 = o2.jacobian;
  let es2 = o2.e0;
  let iteration = 0;
  let converged = 0;
  let failure = 0;
  let mupOld: Vector | null = null;
  let mupOld2: Vector | null = null;
  let ps1: Matrix;
  let ps2: Matrix;

  for (;;) {
    let xu1 = xs1;
    let xu2 = xs2;
    if (iteration > 0) {
      xu1 = addVectors(xs1, multiplyVector(js1, eDifference(o1.e0, es1, sinLb1, cosLb1)));
      xu2 = addVectors(xs2, multiplyVector(js2, eDifference(o2.e0, es2, sinLb2, cosLb2)));
    }
    const ru1 = position(xu1);
    const ru2 = position(xu2);
    const vu1 = velocity(xu1);
    const vu2 = velocity(xu2);
    ps1 = congruence(js1, o1.q0);
    ps2 = congruence(js2, o2.q0);
    const as1 = ps1.slice(0, 3).map((row) => row.slice(0, 3));
    const bs1 = ps1.slice(3, 6).map((row) => row.slice(0, 3));
    const as2 = ps2.slice(0, 3).map((row) => row.slice(0, 3));
    const bs2 = ps2.slice(3, 6).map((row) => row.slice(0, 3));
    const as1inv = clipEigenvalues(as1, lClip).inverse;
    const as2inv = clipEigenvalues(as2, lClip).inverse;
    const sigpInv = as1inv.map((row, i) => row.map((v, j) => v + as2inv[i]![j]!));
    const sigp = inverse(sigpInv);
    let mup = multiplyVector(sigp, addVectors(multiplyVector(as1inv, ru1), multiplyVector(as2inv, ru2)));
    // Convergence is measured with Σp convolved with the HBR sphere (CARA's "SIGMAp remediation").
    const sigpRemInv = inverse(sigp.map((row, i) => row.map((v, j) => v + (i === j ? h2 : 0))));

    if (maxIterations <= 1) {
      converged = 1;
      break;
    }
    if (iteration > avgIter && mupOld) mup = mup.map((v, i) => 0.5 * (v + mupOld![i]!));
    const vu1p = addVectors(vu1, multiplyVector(bs1, multiplyVector(as1inv, mup.map((v, i) => v - ru1[i]!))));
    const vu2p = addVectors(vu2, multiplyVector(bs2, multiplyVector(as2inv, mup.map((v, i) => v - ru2[i]!))));
    const energy0 = -MU_KM3_S2 / Math.hypot(mup[0]!, mup[1]!, mup[2]!);
    const energy1 = 0.5 * (vu1p[0]! ** 2 + vu1p[1]! ** 2 + vu1p[2]! ** 2) + energy0;
    const energy2 = 0.5 * (vu2p[0]! ** 2 + vu2p[1]! ** 2 + vu2p[2]! ** 2) + energy0;
    if (energy1 >= 0 || energy2 >= 0 || !Number.isFinite(energy1) || !Number.isFinite(energy2)) {
      converged = 0;
      failure = 10 * Number(!(energy1 < 0)) + Number(!(energy2 < 0));
      break;
    }
    xs1 = [...mup, ...vu1p];
    xs2 = [...mup, ...vu2p];
    let stop = false;
    if (iteration > 0 && mupOld) {
      const d = mupOld.map((v, i) => v - mup[i]!);
      const dMd2 = quadraticForm(d, sigpRemInv);
      if (dMd2 <= MD2_TOLERANCE[0]) {
        stop = true;
        converged = 1;
      } else if (iteration >= maxIterations) {
        stop = true;
        converged = 0;
      } else if (iteration > oscIter && mupOld2) {
        const dOsc = mupOld2.map((v, i) => v - mup[i]!);
        if (quadraticForm(dOsc, sigpRemInv) <= MD2_TOLERANCE[0]) {
          stop = true;
          converged = 0.5;
        } else {
          let cut: number;
          let omfrc: number;
          if (iteration > avgIter) {
            cut = MD2_TOLERANCE[1];
            omfrc = 0;
          } else if (iteration <= accIter) {
            cut = MD2_TOLERANCE[0];
            omfrc = 1;
          } else {
            const frc = (iteration - accIter) / (avgIter - accIter);
            omfrc = 1 - frc;
            cut = Math.exp(omfrc * Math.log(MD2_TOLERANCE[0]) + frc * Math.log(MD2_TOLERANCE[1]));
          }
          if (dMd2 <= cut) {
            stop = true;
            converged = 0.1 + omfrc / 4;
          }
        }
      }
    }
    const q1 = cartesianToEquinoctial(position(xs1), velocity(xs1));
    const q2 = cartesianToEquinoctial(position(xs2), velocity(xs2));
    if (!q1 || !q2) {
      converged = 0;
      failure = 1000 * Number(!q1) + 100 * Number(!q2);
      break;
    }
    es1 = [q1.elements[0], q1.elements[1], q1.elements[2], q1.elements[3], q1.elements[4], mod2pi(q1.elements[5] - q1.elements[0] * t)];
    es2 = [q2.elements[0], q2.elements[1], q2.elements[2], q2.elements[3], q2.elements[4], mod2pi(q2.elements[5] - q2.elements[0] * t)];
    js1 = stateAndJacobianAt(t, es1).jacobian;
    js2 = stateAndJacobianAt(t, es2).jacobian;
    if (stop) break;
    mupOld2 = mupOld;
    mupOld = mup;
    iteration += 1;
  }

  if (!(converged > 0)) return { converged, iterations: iteration, failure };
  const xu1 = maxIterations <= 1 ? o1.x : addVectors(xs1, multiplyVector(js1, eDifference(o1.e0, es1, sinLb1, cosLb1)));
  const xu2 = maxIterations <= 1 ? o2.x : addVectors(xs2, multiplyVector(js2, eDifference(o2.e0, es2, sinLb2, cosLb2)));
  return { converged, iterations: iteration, failure, xs1, js1, xs2, js2, xu1, xu2, ps1, ps2 };
}

/** The modified Mahalanobis distance Q(t) = MD²(t) + ln|As(t)| of the POP-corrected relative position (CARA PeakOverlapMD2.m, EMD2 = 1). */
export interface PeakOverlapMd2 {
  readonly q: number;
  /** Relative (secondary − primary) mode state, km and km/s. */
  readonly xu: Vector;
  readonly asDeterminant: number;
  readonly asInverse: Matrix;
  readonly asEigenvalues: Vector;
}

/** Objects described only by their TCA elements and covariance (their mean state at t is propagated here). */
export interface EpochObject {
  readonly e0: Equinoctial;
  readonly q0: Matrix;
}

export function popObjectAt(t: number, o: EpochObject): PopObject {
  const { x, jacobian } = stateAndJacobianAt(t, o.e0);
  return { x, jacobian, e0: o.e0, q0: o.q0 };
}

export function peakOverlapMd2(t: number, o1: EpochObject, o2: EpochObject, hbrKm: number, options: PeakOverlapOptions = {}): PeakOverlapMd2 | null {
  const pop = peakOverlapPosition(t, popObjectAt(t, o1), popObjectAt(t, o2), hbrKm, options);
  if (!(pop.converged > 0) || !pop.xu1 || !pop.xu2 || !pop.ps1 || !pop.ps2) return null;
  const xu = pop.xu2.map((v, i) => v - pop.xu1![i]!);
  const as = pop.ps1.slice(0, 3).map((row, i) => row.slice(0, 3).map((v, j) => v + pop.ps2![i]![j]!));
  const clip = clipEigenvalues(as, ((options.clipFactor ?? 1e-4) * hbrKm) ** 2);
  const ru = xu.slice(0, 3);
  return { q: quadraticForm(ru, clip.inverse) + Math.log(clip.determinant), xu, asDeterminant: clip.determinant, asInverse: clip.inverse, asEigenvalues: clip.clipped };
}
