/**
 * 3D collision probability, Hall's 3D-Nc method (D. T. Hall, "Expected Collision Rates for Tracked
 * Satellites", J. Spacecraft and Rockets 58(3) 715–728, 2021; Coppola 2012a/b, AAS 12-247 and
 * 12-248): the expected number of collisions Nc = ∫ Ṅc(t) dt, with both trajectories moved by
 * two-body motion in equinoctial elements (so curved), their TCA covariances carried as
 * equinoctial covariances, the collision rate Ṅc at each time integrated over the hard-body
 * sphere around the peak overlap point of the two position distributions. For a single isolated
 * conjunction Nc = Pc. Unlike the 2D method it holds for slow, long and non-linear encounters.
 *
 * This is our transcription of NASA CARA_Analysis_Tools' Pc3D_Hall.m with its default parameters
 * (default_params_Pc3D_Hall.m: γ = 1e-16, 101 ephemeris points over Coppola's bounds, ephemeris
 * refinement over the encounter segment bounded by the two-body relative-distance maxima, up to 250
 * refinements, POP up to 100 iterations, eigenvalue clipping at (1e-4·HBR)², retrograde frame
 * reorientation, no equinoctial covariance remediation). Differences, all stated:
 * - The unit-sphere integral uses product Gauss rules on hemispheres aligned with the relative
 *   velocity (sphere-quadrature.ts), 576 to 28,800 points by how peaked the Gaussian is on the
 *   sphere (SPHERE_TIERS), instead of CARA's 5810-point Lebedev rule.
 * - No covariance cross-correlation (DCP) correction: messages carry no DCP sensitivity vectors.
 * - If the fixed reorientation still leaves a retrograde orbit (CARA then tries random rotations),
 *   a few fixed alternative rotations are tried.
 *
 * Units in: metres, m/s, m² (6×6 covariances, x y z vx vy vz). Internally km and s, as CARA.
 */
import { erfc, erfcx } from './erf.ts';
import { erfcinv } from './erfc-inverse.ts';
import { equinoctialMatrices, equinoctialToCartesian, MU_M3_S2, orbitPeriod, stateAndJacobianAt, type EquinoctialState } from './equinoctial.ts';
import { extrema, refineMaxima } from './extrema.ts';
import { checkedMatrix6, checkedVector3, clipEigenvalues, congruence, multiply, poleFrame, transpose, type Matrix, type Vector } from './linear-algebra.ts';
import { coppolaBounds } from './coppola-bounds.ts';
import { peakOverlapPosition } from './peak-overlap.ts';
import { reorientForRetrograde } from './retrograde.ts';
import { hemisphereRule, type SphereRule } from './sphere-quadrature.ts';

export interface Pc3dInput {
  readonly r1M: readonly number[];
  readonly v1MPerS: readonly number[];
  /** 6×6 position-velocity covariance, m², m²/s, m²/s². */
  readonly cov1: readonly (readonly number[])[];
  readonly r2M: readonly number[];
  readonly v2MPerS: readonly number[];
  readonly cov2: readonly (readonly number[])[];
  /** Combined hard-body radius, m (> 0; Infinity gives 1). */
  readonly hbrM: number;
}

export interface Pc3dOptions {
  /**
   * Initial time bounds relative to TCA (s). Default: Coppola's linear-conjunction bounds.
   * `'segment'`: the whole encounter segment (CARA's Tmin_initial = −Inf, Tmax_initial = Inf,
   * which PcMultiStep uses for extended or offset encounters).
   */
  readonly initialBounds?: 'coppola' | 'segment' | { readonly min: number; readonly max: number };
  /** Ephemeris points over the initial bounds (CARA Neph, default 101). */
  readonly ephemerisPoints?: number;
  /** Explicit encounter-segment limits (s rel. to TCA), as CARA's Tmin_limit / Tmax_limit. */
  readonly segmentLimits?: { readonly min: number; readonly max: number };
}

export interface Pc3dResult {
  /** Nc3D = Pc, 0 … 1; null when the calculation did not converge. */
  readonly pc: number | null;
  readonly converged: boolean;
  /** The unclipped time integral (also when not converged). */
  readonly nc: number;
  /** Coppola's bounds (γ = 1e-16), s from TCA. */
  readonly tau0: number;
  readonly tau1: number;
  /** Encounter segment limits (relative-distance maxima or ± half the shorter period), s. */
  readonly segmentMin: number;
  readonly segmentMax: number;
  /** Span holding appreciable collision rate (CARA's TaConj, TbConj), s; NaN when not converged. */
  readonly conjunctionStart: number;
  readonly conjunctionEnd: number;
  /** Time of peak collision rate, s. */
  readonly peakTime: number;
  readonly ephemerisPoints: number;
  readonly refinements: number;
  /**
   * Average share of the unit-sphere rule's points carrying the integral (CARA's AvgLebNumb over the
   * Lebedev rule's size; here a share because the rule's size varies from step to step); NaN if none.
   */
  readonly averageSphereShare: number;
  readonly periods: readonly [number, number];
  /** Whether the frame was reoriented to avoid a retrograde orbit. */
  readonly reoriented: boolean;
  /** Why the result is undefined, when it is. */
  readonly reason?: string;
}

const GAMMA = 1e-16;
const NEPH = 101;
const FCLIP = 1e-4;
const MD2_CUT = 1491;
const NCDOT_TINY = 1e-300;
const PC_TINY = 1e-300;
const N_REFINE_MAX = 250;
const TWO_PI = 2 * Math.PI;
const SQRT2 = Math.SQRT2;
const SQRT_PI = Math.sqrt(Math.PI);
const SQRT_2PI = Math.sqrt(2 * Math.PI);

/**
 * Spread of MD² over the hard-body sphere, 2H·|A⁻¹μ| + H²·λmax(A⁻¹), up to which each rule is used:
 * beyond `fineMax` the Gaussian is sharply peaked on the sphere. Calibrated on the reference cases
 * against a 28800-point rule everywhere (agreement 8e-5).
 */

export const SPHERE_TIERS = { coarseMax: 4, mediumMax: 25, fineMax: 100 };

/**
 * The hemisphere-pair rules of the tiers (Gauss–Legendre nodes per hemisphere, angles): 576 points
 * for a Gaussian that varies gently over the hard-body sphere, 3072, 8712 (exact to degree 65 in
 * u, 131 in φ), and 28,800 for one sharply peaked on it (hard-body radius large for the covariance).
 */
const TIER_RULES = [
  [12, 24],
  [24, 64],
  [33, 132],
  [60, 240],
] as const;
const tierRules: (SphereRule | undefined)[] = [];

/** The rule for a spread of MD² over the sphere, built on first use. */
function sphereRuleFor(spread: number): SphereRule {
  const tier = spread <= SPHERE_TIERS.coarseMax ? 0 : spread <= SPHERE_TIERS.mediumMax ? 1 : spread <= SPHERE_TIERS.fineMax ? 2 : 3;
  const [nU, nPhi] = TIER_RULES[tier]!;
  return (tierRules[tier] ??= hemisphereRule(nU, nPhi));
}

/** Squared distance (km²) between the two objects' two-body positions at offset t. */
function distanceSquared(t: number, s1: EquinoctialState, s2: EquinoctialState): number {
  const a = equinoctialToCartesian(s1.elements, t);
  const b = equinoctialToCartesian(s2.elements, t);
  return (b[0]! - a[0]!) ** 2 + (b[1]! - a[1]!) ** 2 + (b[2]! - a[2]!) ** 2;
}

function linspace(a: number, b: number, n: number): number[] {
  if (n === 1) return [b];
  return Array.from({ length: n }, (_, i) => (i === n - 1 ? b : a + ((b - a) * i) / (n - 1)));
}

/** The encounter segment: the two-body relative-distance maxima bracketing TCA (or Coppola's midpoint). */
function encounterSegment(s1: EquinoctialState, s2: EquinoctialState, periods: readonly [number, number], taum: number): { min: number; max: number } {
  const period0 = Math.min(periods[0], periods[1]);
  const half = 0.5 * period0;
  const ns = 51;
  const span = Math.min(1.1 * Math.max(periods[0], periods[1]), 2.2 * Math.min(periods[0], periods[1]));
  const ts = linspace(-span, span, ns);
  const dr2 = ts.map((t) => distanceSquared(t, s1, s2));
  const { maxima } = extrema(dr2, false, true);
  const below = maxima.filter((i) => ts[i]! < Math.min(0, taum));
  const above = maxima.filter((i) => ts[i]! > Math.max(0, taum));
  if (below.length === 0 || above.length === 0) return { min: -half, max: half };
  let ia = Math.max(...below);
  let ib = Math.min(...above);
  if (ia === 0 || ib === ns - 1) return { min: -half, max: half };
  ia -= 1;
  ib += 1;
  const refined = refineMaxima(
    (t) => distanceSquared(t, s1, s2),
    ts.slice(ia, ib + 1),
    dr2.slice(ia, ib + 1),
    period0 / 100,
  );
  if (refined.maxima.length < 2) return { min: -half, max: half };
  return { min: Math.min(...refined.maxima), max: Math.max(...refined.maxima) };
}

interface EphemerisPoint {
  t: number;
  x1: Vector;
  j1: Matrix;
  x2: Vector;
  j2: Matrix;
  computed: boolean;
  popConverged: boolean;
  popFailure: number;
  ncdot: number;
  md2: number;
  ms2: number;
  sphereShare: number;
}

/**
 * The Ṅc integrand over the unit sphere (Pc3D_Hall.m, Ncdot_integrand, fast form): for each unit
 * vector r̂, the relative-velocity flux factor ν(r̂) through the sphere point H r̂ (C12a eqs. 31,
 * 36, 37; eq. 39 when the conditional velocity variance vanishes) times the Gaussian density of
 * the relative position there. Returns Σ wᵢ fᵢ and the number of points above 1e-3 of the largest.
 *
 * Every term is a quadratic form in r̂, so the matrices are folded once per call: MD² =
 * H² r̂ᵀA⁻¹r̂ − 2H r̂ᵀA⁻¹μ + μᵀA⁻¹μ, ν₀ = r̂·(v − Q1 μ) + H r̂ᵀQ1 r̂, σ² = r̂ᵀQ2 r̂. Points whose
 * density is below e⁻⁶⁰ of the sphere's largest are skipped (their share is < 1e-26).
 */
let scratch = new Float64Array(0);
let scratchValues = new Float64Array(0);

function sphereIntegral(rule: SphereRule, mur: Vector, muv: Vector, ainv: Matrix, h: number, q1: Matrix, q2: Matrix, logZ: number): { sum: number; points: number } {
  const { points, weights, count } = rule;
  const zeroSig2 = q2.every((row) => row.every((x) => x === 0));
  const sym = (m: Matrix) => [m[0]![0]!, m[1]![1]!, m[2]![2]!, m[0]![1]! + m[1]![0]!, m[0]![2]! + m[2]![0]!, m[1]![2]! + m[2]![1]!];
  const [a00, a11, a22, a01, a02, a12] = sym(ainv) as [number, number, number, number, number, number];
  const [p00, p11, p22, p01, p02, p12] = sym(q1) as [number, number, number, number, number, number];
  const [s00, s11, s22, s01, s02, s12] = sym(q2) as [number, number, number, number, number, number];
  const aMu = [0, 1, 2].map((i) => ainv[i]![0]! * mur[0]! + ainv[i]![1]! * mur[1]! + ainv[i]![2]! * mur[2]!);
  const muAmu = mur[0]! * aMu[0]! + mur[1]! * aMu[1]! + mur[2]! * aMu[2]!;
  const w = [0, 1, 2].map((i) => muv[i]! - (q1[i]![0]! * mur[0]! + q1[i]![1]! * mur[1]! + q1[i]![2]! * mur[2]!));
  const [w0, w1, w2] = w as [number, number, number];
  const [b0, b1, b2] = aMu as [number, number, number];
  const [u0, u1, u2] = muv as [number, number, number];
  const h2 = h * h;
  // Pass 1: MD² at every point and its minimum (scratch buffers reused between calls).
  if (scratch.length < count) {
    scratch = new Float64Array(count);
    scratchValues = new Float64Array(count);
  }
  const md2 = scratch;
  let md2Min = Infinity;
  for (let k = 0; k < count; k += 1) {
    const x = points[3 * k]!;
    const y = points[3 * k + 1]!;
    const z = points[3 * k + 2]!;
    const quad = a00 * x * x + a11 * y * y + a22 * z * z + a01 * x * y + a02 * x * z + a12 * y * z;
    const m = h2 * quad - 2 * h * (x * b0 + y * b1 + z * b2) + muAmu;
    md2[k] = m;
    if (m < md2Min) md2Min = m;
  }
  // Pass 2: the integrand where the density matters.
  const cutoff = md2Min + 120;
  const values = scratchValues;
  let max = 0;
  let sum = 0;
  for (let k = 0; k < count; k += 1) {
    const m = md2[k]!;
    if (m > cutoff) {
      values[k] = 0;
      continue;
    }
    const x = points[3 * k]!;
    const y = points[3 * k + 1]!;
    const z = points[3 * k + 2]!;
    let nu: number;
    const sig2 = zeroSig2 ? 0 : s00 * x * x + s11 * y * y + s22 * z * z + s01 * x * y + s02 * x * z + s12 * y * z;
    if (zeroSig2 || sig2 <= 0) {
      nu = Math.max(0, -(u0 * x + u1 * y + u2 * z));
    } else {
      const sig = Math.sqrt(sig2);
      const nu0 = x * w0 + y * w1 + z * w2 + h * (p00 * x * x + p11 * y * y + p22 * z * z + p01 * x * y + p02 * x * z + p12 * y * z);
      const nus = nu0 / (sig * SQRT2);
      // H(s) = exp(−s²) − √π s erfc(s): −2√π s below s = −6 (the rest is < e⁻³⁶ of it), 0 above 27,
      // exp(−s²)(1 − √π s erfcx(s)) for s > 0 to keep the tail.
      const hf = nus < -6 ? -2 * SQRT_PI * nus : nus > 27 ? 0 : nus > 0 ? Math.exp(-nus * nus) * Math.max(0, 1 - SQRT_PI * nus * erfcx(nus)) : Math.exp(-nus * nus) - SQRT_PI * nus * erfc(nus);
      nu = (sig * hf) / SQRT_2PI;
    }
    const f = nu * Math.exp(-(logZ + 0.5 * m));
    values[k] = f;
    if (f > max) max = f;
    sum += weights[k]! * f;
  }
  let significant = 0;
  const cut = 1e-3 * max;
  for (let k = 0; k < count; k += 1) if (values[k]! > cut) significant += 1;
  return { sum, points: significant };
}

function trapezoid(t: readonly number[], y: readonly number[]): number[] {
  const out = [0];
  for (let i = 1; i < t.length; i += 1) out.push(out[i - 1]! + 0.5 * (t[i]! - t[i - 1]!) * (y[i]! + y[i - 1]!));
  return out;
}

/** Hall's 3D-Nc Pc of one conjunction, from both objects' states and 6×6 covariances at TCA. */
export function pc3d(input: Pc3dInput, options: Pc3dOptions = {}): Pc3dResult {
  let r1 = checkedVector3(input.r1M, 'pc3d', 'r1M');
  let v1 = checkedVector3(input.v1MPerS, 'pc3d', 'v1MPerS');
  let r2 = checkedVector3(input.r2M, 'pc3d', 'r2M');
  let v2 = checkedVector3(input.v2MPerS, 'pc3d', 'v2MPerS');
  let c1 = checkedMatrix6(input.cov1, 'pc3d', 'cov1');
  let c2 = checkedMatrix6(input.cov2, 'pc3d', 'cov2');
  const hbr = input.hbrM;
  if (!(hbr > 0)) throw new RangeError(`pc3d: hbrM must be positive, got ${hbr}`);
  const periods: [number, number] = [orbitPeriod(r1, v1, MU_M3_S2), orbitPeriod(r2, v2, MU_M3_S2)];
  const undefinedResult = (reason: string, extra: Partial<Pc3dResult> = {}): Pc3dResult => ({
    pc: null,
    converged: false,
    nc: Number.NaN,
    tau0: Number.NaN,
    tau1: Number.NaN,
    segmentMin: Number.NaN,
    segmentMax: Number.NaN,
    conjunctionStart: Number.NaN,
    conjunctionEnd: Number.NaN,
    peakTime: Number.NaN,
    ephemerisPoints: 0,
    refinements: 0,
    averageSphereShare: Number.NaN,
    periods,
    reoriented: false,
    reason,
    ...extra,
  });
  if (hbr === Infinity) return { ...undefinedResult(''), pc: 1, converged: true, nc: 1, reason: undefined };

  const h = hbr / 1e3;
  const h2 = h * h;
  const lClip = (FCLIP * h) ** 2;

  const turned = reorientForRetrograde(r1, v1, c1, r2, v2, c2);
  if (!turned) return undefinedResult('no frame avoids a retrograde equatorial orbit');
  ({ r1, v1, c1, r2, v2, c2 } = turned);
  const reoriented = turned.reoriented;

  const s1 = equinoctialMatrices(r1, v1, c1);
  const s2 = equinoctialMatrices(r2, v2, c2);
  if (!s1 || !s2) return undefinedResult('an orbit is unbound or its equinoctial elements are undefined', { reoriented });

  const r = r2.map((x, i) => x - r1[i]!);
  const v = v2.map((x, i) => x - v1[i]!);
  const c = c1.map((row, i) => row.map((x, j) => x + c2[i]![j]!));
  const { tau0, tau1 } = coppolaBounds(GAMMA, hbr, r, v, c);
  if (Number.isNaN(tau0) || Number.isNaN(tau1) || (Number.isFinite(tau0) && Number.isFinite(tau1) && tau0 >= tau1)) {
    return undefinedResult('Coppola conjunction bounds are undefined (relative position covariance not positive definite)', { reoriented, tau0, tau1 });
  }
  const taum = (tau0 + tau1) / 2;

  const segment = options.segmentLimits ?? encounterSegment(s1, s2, periods, Number.isFinite(taum) ? taum : 0);
  const tminLimit = segment.min;
  const tmaxLimit = segment.max;
  const bounds = options.initialBounds ?? 'coppola';
  const tminInitial = bounds === 'segment' ? tminLimit : bounds === 'coppola' ? tau0 : bounds.min;
  const tmaxInitial = bounds === 'segment' ? tmaxLimit : bounds === 'coppola' ? tau1 : bounds.max;
  const nephParam = options.ephemerisPoints ?? NEPH;
  let neph = nephParam;
  let tmin = tminInitial;
  let tmax = tmaxInitial;
  if (tmax <= tminLimit || tmin >= tmaxLimit) {
    tmin = tminLimit;
    tmax = tmaxLimit;
  } else {
    tmin = Math.max(tmin, tminLimit);
    tmax = Math.min(tmax, tmaxLimit);
  }
  const nRefine0 = N_REFINE_MAX / 3;
  const dTeph0 = Math.max((tmax - tmin) / 2, Math.abs(tminLimit) / nRefine0, Math.abs(tmaxLimit) / nRefine0);
  const ncdotTol = 2e-1;
  const ncSumTol = 2e-2;
  const ncdotGam = Math.max(1e-6, GAMMA);
  const ncdotGamNeph = Math.max(51, Math.round((nephParam - 1) / 2));
  const xg = SQRT2 * erfcinv(ncdotGam);
  const ncdotRed = Math.exp((-xg * xg) / 2) / SQRT_2PI;

  const e1 = { e0: s1.elements, q0: s1.q };
  const e2 = { e0: s2.elements, q0: s2.q };
  const makePoint = (t: number): EphemerisPoint => {
    const a = stateAndJacobianAt(t, e1.e0);
    const b = stateAndJacobianAt(t, e2.e0);
    return { t, x1: a.x, j1: a.jacobian, x2: b.x, j2: b.jacobian, computed: false, popConverged: true, popFailure: 0, ncdot: Number.NaN, md2: Number.NaN, ms2: Number.NaN, sphereShare: Number.NaN };
  };
  let eph = linspace(tmin, tmax, neph).map(makePoint);

  const evaluate = (p: EphemerisPoint) => {
    p.computed = true;
    const pop = peakOverlapPosition(p.t, { x: p.x1, jacobian: p.j1, e0: e1.e0, q0: e1.q0 }, { x: p.x2, jacobian: p.j2, e0: e2.e0, q0: e2.q0 }, h);
    p.popConverged = pop.converged > 0;
    p.popFailure = pop.failure;
    if (!p.popConverged || !pop.js1 || !pop.js2 || !pop.xu1 || !pop.xu2) return;
    const ps1 = congruence(pop.js1, e1.q0);
    const ps2 = congruence(pop.js2, e2.q0);
    const ru = [0, 1, 2].map((i) => pop.xu2![i]! - pop.xu1![i]!);
    const vu = [3, 4, 5].map((i) => pop.xu2![i]! - pop.xu1![i]!);
    const ps = ps1.map((row, i) => row.map((x, j) => x + ps2[i]![j]!));
    const as = ps.slice(0, 3).map((row) => row.slice(0, 3));
    const bs = ps.slice(3, 6).map((row) => row.slice(0, 3));
    const cs = ps.slice(3, 6).map((row) => row.slice(3, 6));
    const clip = clipEigenvalues(as, lClip);
    const asInv = clip.inverse;
    const ns0 = 1 / Math.sqrt(TWO_PI ** 3 * clip.determinant);
    const bsq = multiply(bs, asInv);
    const csp = cs.map((row, i) => row.map((x, j) => x - (bsq[i]![0]! * bs[j]![0]! + bsq[i]![1]! * bs[j]![1]! + bsq[i]![2]! * bs[j]![2]!)));
    const asInvRu = asInv.map((row) => row[0]! * ru[0]! + row[1]! * ru[1]! + row[2]! * ru[2]!);
    const ms = ru[0]! * asInvRu[0]! + ru[1]! * asInvRu[1]! + ru[2]! * asInvRu[2]!;
    p.md2 = ms;
    p.ms2 = ms - 2 * h * Math.hypot(asInvRu[0]!, asInvRu[1]!, asInvRu[2]!);
    if (p.ms2 > MD2_CUT) {
      p.ncdot = 0;
      return;
    }
    // Rotate the integrand so the rule's pole lies along the relative velocity (the kink of ν on the equator).
    const frame = poleFrame(vu);
    const rot = (m: Matrix) => multiply(multiply(transpose(frame), m), frame);
    const lin = (x: Vector) => [0, 1, 2].map((j) => frame[0]![j]! * x[0]! + frame[1]![j]! * x[1]! + frame[2]![j]! * x[2]!);
    const asInvLocal = rot(asInv);
    const spread = 2 * h * Math.hypot(asInvRu[0]!, asInvRu[1]!, asInvRu[2]!) + h2 * Math.max(...clip.clipped.map((l) => 1 / l));
    const rule = sphereRuleFor(spread);
    const integral = sphereIntegral(rule, lin(ru), lin(vu), asInvLocal, h, rot(bsq), rot(csp), -Math.log(ns0));
    p.ncdot = h2 * integral.sum;
    p.sphereShare = integral.points / rule.count;
    if (p.ncdot <= NCDOT_TINY) p.ncdot = 0;
  };

  const addTimes = (times: number[]) => {
    const existing = new Set(eph.map((p) => p.t));
    const fresh = [...new Set(times)].filter((t) => !existing.has(t));
    if (fresh.length === 0) return;
    eph = [...eph, ...fresh.map(makePoint)].sort((a, b) => a.t - b.t);
  };

  let nRefine = 0;
  let refining = true;
  while (refining) {
    for (const p of eph) if (!p.computed) evaluate(p);
    const n = eph.length;
    const ncdot = eph.map((p) => p.ncdot);
    if (!eph.some((p) => p.popConverged)) {
      if (tmin <= tminLimit && tmax >= tmaxLimit) {
        if (neph <= 8 * nephParam) neph *= 2;
        else refining = false;
      } else if (nRefine === 0 && bounds === 'coppola') {
        const stevi = Math.max(Math.abs(tau0), Math.abs(tau1), tau1 - tau0);
        tmin = Math.max(-stevi, tminLimit);
        tmax = Math.min(stevi, tmaxLimit);
      } else {
        tmin = tminLimit;
        tmax = tmaxLimit;
      }
      if (refining) eph = linspace(tmin, tmax, neph).map(makePoint);
    } else {
      let ncdotMax = -Infinity;
      let nmax = 0;
      ncdot.forEach((x, i) => {
        if (x > ncdotMax) {
          ncdotMax = x;
          nmax = i;
        }
      });
      const ncdotCut = ncdotMax * ncdotRed;
      let md2Min = Infinity;
      if (ncdotMax === 0) {
        eph.forEach((p, i) => {
          if (p.md2 < md2Min) {
            md2Min = p.md2;
            nmax = i;
          }
        });
      }
      const first = eph[0]!;
      const last = eph[n - 1]!;
      if (nmax === 0 && first.t > tminLimit) {
        addTimes([Math.max(first.t - dTeph0, tminLimit)]);
      } else if (nmax === n - 1 && last.t < tmaxLimit) {
        addTimes([Math.min(last.t + dTeph0, tmaxLimit)]);
      } else if (first.ncdot > ncdotCut && first.t > tminLimit) {
        addTimes([Math.max(first.t - dTeph0, tminLimit)]);
      } else if (last.ncdot > ncdotCut && last.t < tmaxLimit) {
        addTimes([Math.min(last.t + dTeph0, tmaxLimit)]);
      } else if (ncdotMax === 0) {
        // Bisect towards the Mahalanobis-distance minimum until MD² settles.
        const nmd = Math.max(1, Math.min(n - 2, nmax));
        const nlo = nmd - 1;
        const nhi = nmd + 1;
        const [nbs, nas] = eph[nlo]!.md2 > eph[nhi]!.md2 ? [nlo, nhi] : [nhi, nlo];
        const dTbs = Math.abs(eph[nmd]!.t - eph[nbs]!.t);
        const dTas = Math.abs(eph[nmd]!.t - eph[nas]!.t);
        if (dTas > 3 * dTbs) {
          addTimes([(eph[nmd]!.t + eph[nas]!.t) / 2]);
        } else {
          const dMd2 = Math.abs(eph[nbs]!.md2 - eph[nmd]!.md2);
          if ((dMd2 < 1e-2 || dMd2 < 1e-2 * md2Min) && dTbs < 1e-1 * (tmax - tmin)) refining = false;
          else addTimes([(eph[nmd]!.t + eph[nbs]!.t) / 2]);
        }
      } else {
        // Peaks of Ṅc that still need bisection (the four tallest).
        let peaks: number[] = [];
        for (let i = 0; i < n; i += 1) {
          const dm = i === 0 ? Infinity : ncdot[i]! - ncdot[i - 1]!;
          const dp = i === n - 1 ? Infinity : ncdot[i]! - ncdot[i + 1]!;
          if (ncdot[i]! > 0 && dm > 0 && dp > 0) peaks.push(i);
        }
        if (peaks.length > 4) peaks = peaks.map((i, k) => ({ i, k })).sort((a, b) => ncdot[b.i]! - ncdot[a.i]! || a.k - b.k).slice(0, 4).map((p) => p.i);
        const fresh: number[] = [];
        for (const ipk of peaks) {
          const tol = ncdotTol * ncdot[ipk]!;
          const t = (i: number) => eph[i]!.t;
          if (ipk > 0) {
            const ibs = ipk - 1;
            if (ncdot[ipk]! - ncdot[ibs]! > tol) fresh.push((t(ipk) + t(ibs)) / 2);
            else if (ipk < n - 1 && t(ipk) - t(ipk - 1) >= 2 * (t(ipk + 1) - t(ipk))) fresh.push((t(ipk) + t(ibs)) / 2);
          }
          if (ipk < n - 1) {
            const ibs = ipk + 1;
            if (ncdot[ipk]! - ncdot[ibs]! > tol) fresh.push((t(ipk) + t(ibs)) / 2);
            else if (ipk > 0 && t(ipk + 1) - t(ipk) >= 2 * (t(ipk) - t(ipk - 1))) fresh.push((t(ipk) + t(ibs)) / 2);
          }
        }
        if (fresh.length > 0) {
          addTimes(fresh);
        } else {
          // Large trapezoid contributions to the integral are bisected.
          const dt = eph.map((_, i) => (i === 0 ? eph[1]!.t - eph[0]!.t : i === n - 1 ? eph[n - 1]!.t - eph[n - 2]!.t : eph[i + 1]!.t - eph[i - 1]!.t) / 2);
          const st = ncdot.map((x, i) => dt[i]! * (Number.isNaN(x) ? 0 : x));
          const sf = st.reduce((s, x) => s + x, 0);
          const large = st.map((x, i) => (x > ncSumTol * sf ? i : -1)).filter((i) => i >= 0);
          if (large.length > 0) {
            const more: number[] = [];
            for (const i of large) {
              if (i === 0) {
                if (eph[0]!.t > tminLimit) more.push(eph[0]!.t - dTeph0);
                more.push(0.5 * (eph[1]!.t + eph[0]!.t));
              } else if (i === n - 1) {
                if (eph[n - 1]!.t < tmaxLimit) more.push(eph[n - 1]!.t + dTeph0);
                more.push(0.5 * (eph[n - 2]!.t + eph[n - 1]!.t));
              } else {
                more.push(0.5 * (eph[i - 1]!.t + eph[i]!.t));
                more.push(0.5 * (eph[i + 1]!.t + eph[i]!.t));
              }
            }
            addTimes(more);
          } else {
            // Resolve the span above the Ṅc cut-off with at least ~51 steps.
            let idx = ncdot.map((x, i) => (x > ncdotCut ? i : -1)).filter((i) => i >= 0);
            const more: number[] = [];
            if (idx.length > 0) {
              if (idx[0]! > 0) idx = [idx[0]! - 1, ...idx];
              if (idx[idx.length - 1]! < n - 1) idx = [...idx, idx[idx.length - 1]! + 1];
              const ts = idx.map((i) => eph[i]!.t);
              const dtMax = (Math.max(...ts) - Math.min(...ts)) / ncdotGamNeph;
              for (const i of idx) {
                if (i > 0 && eph[i]!.t - eph[i - 1]!.t > dtMax) more.push((eph[i]!.t + eph[i - 1]!.t) / 2);
                if (i < n - 1 && eph[i + 1]!.t - eph[i]!.t > dtMax) more.push((eph[i + 1]!.t + eph[i]!.t) / 2);
              }
            }
            if (more.length === 0) refining = false;
            else addTimes(more);
          }
        }
      }
    }
    if (refining) nRefine += 1;
    if (nRefine > N_REFINE_MAX) refining = false;
  }

  const times = eph.map((p) => p.t);
  const ncdt = eph.map((p) => (Number.isNaN(p.ncdot) ? 0 : p.ncdot));
  const cumulative = trapezoid(times, ncdt);
  let nc = cumulative[cumulative.length - 1]!;
  if (nc <= PC_TINY) nc = 0;
  const pop = eph.map((p) => p.popConverged);
  const ncdotMax = Math.max(...eph.map((p) => (Number.isNaN(p.ncdot) ? -Infinity : p.ncdot)));
  const ms2Min = Math.min(...eph.map((p) => (Number.isNaN(p.ms2) ? Infinity : p.ms2)));
  let converged: boolean;
  if (pop.every(Boolean)) {
    converged = Number.isFinite(ncdotMax);
  } else if (!pop.some(Boolean)) {
    converged = false;
  } else if (!Number.isFinite(ncdotMax) || eph.some((p) => p.popFailure >= 100)) {
    converged = false;
  } else if (ncdotMax === 0) {
    converged = ms2Min > MD2_CUT || options.segmentLimits !== undefined;
  } else {
    const cut = ncdotMax * ncdotRed;
    converged = true;
    eph.forEach((p, i) => {
      if (!(p.ncdot >= cut)) return;
      if ((i > 0 && !pop[i - 1]) || (i < eph.length - 1 && !pop[i + 1])) converged = false;
    });
  }
  converged = converged && nRefine < N_REFINE_MAX;

  let averageSphereShare = Number.NaN;
  if (converged && nc > 0) {
    averageSphereShare = trapezoid(times, ncdt.map((x, i) => x * (Number.isNaN(eph[i]!.sphereShare) ? 0 : eph[i]!.sphereShare))).at(-1)! / nc;
  }

  // Conjunction duration: samples with appreciable Ṅc, widened to where the cumulative Nc lies
  // between γ and 1 − γ (CARA TaConj, TbConj with γ = 1e-6).
  let conjunctionStart = Number.NaN;
  let conjunctionEnd = Number.NaN;
  let peakTime = Number.NaN;
  if (converged) {
    const cut = Math.max(...ncdt) * ncdotRed;
    const above = ncdt.map((x, i) => (x >= cut ? i : -1)).filter((i) => i >= 0);
    if (above.length > 0) {
      conjunctionStart = times[above[0]!]!;
      conjunctionEnd = times[above[above.length - 1]!]!;
    }
    if (nc > 0) {
      const frac = cumulative.map((x) => x / nc).map((f) => (f > 0.5 ? 1 - f : f));
      const idx = frac.map((f, i) => (f > ncdotGam ? i : -1)).filter((i) => i >= 0);
      if (idx.length > 0) {
        const lo = idx[0]! > 0 ? idx[0]! - 1 : idx[0]!;
        const hi = idx[idx.length - 1]! < times.length - 1 ? idx[idx.length - 1]! + 1 : idx[idx.length - 1]!;
        conjunctionStart = Number.isNaN(conjunctionStart) ? times[lo]! : Math.min(conjunctionStart, times[lo]!);
        conjunctionEnd = Number.isNaN(conjunctionEnd) ? times[hi]! : Math.max(conjunctionEnd, times[hi]!);
      }
      let best = 0;
      ncdt.forEach((x, i) => {
        if (x > ncdt[best]!) best = i;
      });
      peakTime = times[best]!;
    }
  }

  return {
    pc: converged ? Math.min(1, nc) : null,
    converged,
    nc,
    tau0,
    tau1,
    segmentMin: tminLimit,
    segmentMax: tmaxLimit,
    conjunctionStart,
    conjunctionEnd,
    peakTime,
    ephemerisPoints: eph.length,
    refinements: nRefine,
    averageSphereShare,
    periods,
    reoriented,
    ...(converged ? {} : { reason: 'the collision-rate integration did not converge' }),
  };
}
