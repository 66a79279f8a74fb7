/**
 * Hall's 2D-Nc collision probability (Hall, Baars & Casali 2023, "A Multistep Probability of
 * Collision Algorithm", AAS 23-398; an extension of the 3D-Nc method of D. T. Hall, "Expected
 * Collision Rates for Tracked Satellites", J. Spacecraft and Rockets 58(3) 715–728, 2021). The
 * 3D-Nc time integral ∫ Ṅc(t) dt of one temporally isolated conjunction is evaluated analytically:
 * for each point H r̂ of the hard-body sphere, the modified Mahalanobis distance
 * Q_R(t) = MD²(t) + ln|A_s(t)| at the peak overlap point is expanded to second order in time about
 * the minimum of the zero-HBR curve Q₀(t), which makes the time integral Gaussian; what remains is
 * one integral over the unit sphere:
 *
 *   Nc2D = H² / (2π)^(3/2) ∮ exp(−Q*_R/2) · ν(r̂)√(2π) · S*_R dΩ,
 *   Q*_R = Q_R − Q̇_R²/(2 Q̈_R),  S*_R = √(2/Q̈_R),
 *
 * with ν(r̂) the Coppola (2012, AAS 12-247) inflow factor of the conditional relative velocity.
 *
 * Our transcription of NASA CARA_Analysis_Tools' Pc2D_Hall.m (DistributedMatlab/
 * ProbabilityOfCollision; with Utils/MD2MinRefine.m, Utils/PeakOverlapMD2.m,
 * Utils/PeakOverlapPos.m via peak-overlap.ts, Utils/EquinoctialMatrices.m via equinoctial.ts,
 * Utils/RetrogradeReorientation.m via retrograde.ts, and Utils/AugmentedMath/
 * shift_bisect_minsearch.m) with its default parameters: Fclip 1e-4, POP up to 100 iterations,
 * retrograde reorientation mode 1, no equinoctial covariance remediation, Pc_tiny 1e-300, the MD²
 * minimum searched to 1e-2 σ_t / 1e-3 in Q, then refined by MD2MinRefine (ttol 1e-3, 15 iterations;
 * again with 3e-3, 20 iterations if that fails), conjunction times computed (CalcConjTimes).
 * Deviations, all stated:
 * - The unit-sphere integral uses product Gauss–Legendre × trapezoid rules on hemispheres whose
 *   pole lies along the conditional relative velocity (sphere-quadrature.ts), doubled until two
 *   successive sums agree to 1e-7, instead of CARA's 5810-point Lebedev rule followed, when needed,
 *   by MATLAB quad2d at a Pc-dependent tolerance (1e-3 … 1e-6). Both approximate the same integral;
 *   ours is the more accurate, so the Lebedev-versus-conjunction-plane switch (RelDifConjPlane,
 *   ForceQuad2dPcCutoff, the 2.5 % significant-point cut) is not needed. The conjunction-plane
 *   estimate (PcCircle at the effective TCA, here pc2d.ts) is still computed, and taken as CARA
 *   does when the unit-sphere value is undefined or above 1. CARA's other method-1 branch (too few
 *   significant Lebedev points while PcCircle clipped its integration bounds) has no counterpart.
 * - The search for the MD² minimum starts, as in CARA, from UsageViolationPc2D's curvilinear
 *   minimum time and σ_t (usage-violations.ts), but on CARA's fresh five-point grid around it
 *   without adopting UsageViolationPc2D's own sample points (which in CARA only saves evaluations);
 *   when that analysis did not converge the full search runs (Newton steps from TCA, then
 *   shift_bisect_minsearch from the rectilinear estimate); CARA's last resort there, MATLAB's
 *   fminsearch, is not transcribed: MD2MinRefine then searches from the rectilinear estimate, as
 *   CARA does when fminsearch fails too.
 * - No covariance cross-correlation (DCP) correction: messages carry no DCP sensitivity vectors.
 *
 * Units in: metres, m/s, m² (6×6 covariances, x y z vx vy vz), as pc3d.ts. Internally km and s, as
 * CARA. Ta/Tb are UsageViolationPc2D's conjunction bounds (curvilinear minimum ± √2·erfcinv(1e-16)
 * σ_t, else rectilinear), s from TCA.
 */
import { erfc } from './erf.ts';
import { erfcinv } from './erfc-inverse.ts';
import { equinoctialMatrices, type EquinoctialState } from './equinoctial.ts';
import { checkedMatrix6, checkedVector3, clipEigenvalues, multiplyVector, poleFrame, type Matrix, type Vector } from './linear-algebra.ts';
import { pc2d } from './pc2d.ts';
import type { Pc3dInput } from './pc3d.ts';
import { peakOverlapPosition, popObjectAt, type EpochObject } from './peak-overlap.ts';
import { reorientForRetrograde } from './retrograde.ts';
import { hemisphereRule, type SphereRule } from './sphere-quadrature.ts';
import { usageViolationsPc2d, type UsageViolationAnalysis } from './usage-violations.ts';

/** Both states and 6×6 covariances at TCA and the combined hard-body radius, as 3D-Nc takes them (> 0; Infinity gives 1). */
export type Pc2dHallInput = Pc3dInput;

/** Which estimate `pc` is (CARA's out.Pcmethod 2/3 → 'unit-sphere', 1 → 'conjunction-plane'). */
export type Pc2dHallMethod = 'unit-sphere' | 'conjunction-plane' | 'infinite-hbr';

export type Pc2dHallReason = 'undefined-elements' | 'retrograde-unresolved' | 'zero-relative-velocity' | 'md2-search-unconverged' | 'integrand-undefined';

export interface Pc2dHallResult {
  /** Nc2D = Pc, 0 … 1; null when undefined (CARA's NaN). */
  readonly pc: number | null;
  readonly converged: boolean;
  readonly method: Pc2dHallMethod | null;
  readonly reason?: Pc2dHallReason;
  /** Unit-sphere estimate (CARA out.PcUS) and effective conjunction-plane estimate (out.PcCP); NaN when undefined. */
  readonly pcUnitSphere: number;
  readonly pcConjunctionPlane: number;
  /** Conjunction time bounds, s from TCA (CARA UsageViolationPc2D out.Ta / out.Tb); NaN when undefined. */
  readonly ta: number;
  readonly tb: number;
  /** Refined zero-HBR Q minimum: time (s from TCA), value, σ_t (s) (CARA out.TQ0min, Q0min, SigmaQ0min). */
  readonly tq0Min: number;
  readonly q0Min: number;
  readonly sigmaQ0Min: number;
  /** Hard-body sphere traversal time over σ_t (CARA out.HBRTimeRatio). */
  readonly hbrTimeRatio: number;
  /** Peak collision-rate time and its 1-σ width, s (CARA out.TMeanRate, out.TSigmaRate). */
  readonly meanRateTime: number;
  readonly sigmaRateTime: number;
  /** Effective TCA (s from the Q₀ minimum time), miss vector (m), relative velocity (m/s) (CARA out.TCAeff, rCAeff, vCAeff). */
  readonly effectiveTca: number;
  readonly effectiveMissM: readonly number[];
  readonly effectiveVelocityMPerS: readonly number[];
  /** How the MD² minimum was found (CARA out.MD2SearchConvergence: 1 from the usage-violation analysis, 2 full search, 4 refinement only; 0 failed). */
  readonly md2Search: number;
  /** Sphere points with negative modified MD² or non-positive Q̈ (CARA MRstarNegativesB, SRstarImaginariesB). */
  readonly mrStarNegatives: number;
  readonly srStarImaginaries: number;
  /** Points of the final sphere rule. */
  readonly spherePoints: number;
  readonly reoriented: boolean;
}

/** Pc2D_Hall.m defaults. */
const FCLIP = 1e-4;
const PC_TINY = 1e-300;
/** UsageViolationPc2D.m's ConjDurationGamma. */
const GAMMA = 1e-16;
/** Our sphere rules: (Gauss–Legendre nodes per hemisphere, trapezoid angles), doubled until converged. */
const SPHERE_LADDER: readonly (readonly [number, number])[] = [
  [12, 24],
  [24, 48],
  [48, 96],
  [96, 192],
  [192, 384],
];
const SPHERE_REL_TOL = 1e-7;
const SQRT2 = Math.SQRT2;
const SQRT_PI = Math.sqrt(Math.PI);
const SQRT_2PI = Math.sqrt(2 * Math.PI);

/** PeakOverlapMD2.m output at one time. */
interface Md2Point {
  /** MD², plus ln|As| when `modified` (EMD2 = 1). */
  readonly y: number;
  readonly md2Actual: number;
  /** Relative mode state (km, km/s), combined 6×6 covariance, clipped |As| and As⁻¹. */
  readonly xu: Vector;
  readonly ps: Matrix;
  readonly asDet: number;
  readonly asInv: Matrix;
}

/** CARA PeakOverlapMD2.m (no DCP correction): Q(t) at the peak overlap point, or null when the POP does not converge. */
function peakOverlapMd2Full(t: number, o1: EpochObject, o2: EpochObject, hbrKm: number, modified: boolean): Md2Point | null {
  const pop = peakOverlapPosition(t, popObjectAt(t, o1), popObjectAt(t, o2), hbrKm);
  const { xu1, xu2, ps1, ps2 } = pop;
  if (!(pop.converged > 0) || !xu1 || !xu2 || !ps1 || !ps2) return null;
  const xu: Vector = xu2.map((x, i) => x - xu1[i]!);
  const ps: Matrix = ps1.map((row, i) => row.map((x, j) => x + ps2[i]![j]!));
  const clip = clipEigenvalues(
    ps.slice(0, 3).map((row) => row.slice(0, 3)),
    (FCLIP * hbrKm) ** 2,
  );
  const ru = xu.slice(0, 3);
  const md2Actual = quad3(ru, clip.inverse, ru);
  const y = modified ? md2Actual + Math.log(clip.determinant) : md2Actual;
  if (!Number.isFinite(y)) return null;
  return { y, md2Actual, xu, ps, asDet: clip.determinant, asInv: clip.inverse };
}

function quad3(x: readonly number[], m: Matrix, y: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < 3; i += 1) s += x[i]! * (m[i]![0]! * y[0]! + m[i]![1]! * y[1]! + m[i]![2]! * y[2]!);
  return s;
}

/** CARA shift_bisect_minsearch.m: a five-point shifting and bisecting search for one minimum of f. */
function shiftBisectMinSearch(
  f: (x: number) => number,
  x0: readonly number[],
  y0: readonly number[],
  nBisectMax: number,
  nShiftMax: number,
  tolX: number,
  tolY: number,
): { xmin: number; ymin: number; converged: boolean } {
  const n0 = x0.length;
  let nmin = 0;
  if (Math.max(...y0) !== Math.min(...y0)) {
    y0.forEach((y, i) => {
      if (y < y0[nmin]!) nmin = i;
    });
  } else {
    nmin = Math.round((n0 - 1) / 2);
  }
  const n1 = nmin < 2 ? 0 : nmin > n0 - 3 ? n0 - 5 : nmin - 2;
  let x = x0.slice(n1, n1 + 5);
  let y = y0.slice(n1, n1 + 5);
  let c = [false, false, false, false, false];
  let converged = false;
  let nShift = 0;
  let nBisect = 0;
  let xmin: number;
  let ymin: number;
  for (;;) {
    for (let n = 0; n < 5; n += 1) {
      if (c[n]) {
        y[n] = f(x[n]!);
        c[n] = false;
      }
    }
    let im = 0;
    for (let n = 1; n < 5; n += 1) if (y[n]! < y[im]!) im = n;
    ymin = y[im]!;
    if (ymin === Math.max(...y)) im = 2;
    xmin = x[im]!;
    const xn = [0, 0, 0, 0, 0];
    const yn = [0, 0, 0, 0, 0];
    const cn = [true, true, true, true, true];
    if (im === 0) {
      for (let n = 1; n < 5; n += 1) {
        xn[n] = x[n - 1]!;
        yn[n] = y[n - 1]!;
        cn[n] = false;
      }
      xn[0] = x[0]! - (x[1]! - x[0]!);
      nShift += 1;
    } else if (im === 4) {
      for (let n = 0; n < 4; n += 1) {
        xn[n] = x[n + 1]!;
        yn[n] = y[n + 1]!;
        cn[n] = false;
      }
      xn[4] = x[4]! + (x[4]! - x[3]!);
      nShift += 1;
    } else {
      const lo = im - 1;
      const hi = im + 1;
      const dx = Math.max(Math.abs(x[im]! - x[lo]!), Math.abs(x[im]! - x[hi]!));
      // MATLAB eps(x): the spacing of doubles at x.
      const epsX = Math.abs(x[im]!) > 0 ? 2 ** (Math.floor(Math.log2(Math.abs(x[im]!))) - 52) : Number.MIN_VALUE;
      if (dx < tolX || dx < 10 * epsX) {
        converged = true;
      } else if (Math.max(y[lo]! - y[im]!, y[hi]! - y[im]!) < tolY) {
        converged = true;
      }
      if (!converged) {
        xn[0] = x[lo]!;
        yn[0] = y[lo]!;
        cn[0] = false;
        xn[1] = (x[lo]! + x[im]!) / 2;
        xn[2] = x[im]!;
        yn[2] = y[im]!;
        cn[2] = false;
        xn[3] = (x[hi]! + x[im]!) / 2;
        xn[4] = x[hi]!;
        yn[4] = y[hi]!;
        cn[4] = false;
        nBisect += 1;
      }
    }
    if (y.some((v) => Number.isNaN(v)) || nBisect > nBisectMax || nShift > nShiftMax) break;
    if (converged) break;
    x = xn;
    y = yn;
    c = cn;
  }
  return { xmin, ymin, converged };
}

/** CARA MD2MinRefine.m: the Q(t) minimum's time, value and numerical derivatives. */
interface Md2Refinement {
  tmd: number;
  tsg: number;
  delt: number;
  ydot: number;
  ydotdot: number;
  converged: boolean;
  lo: Md2Point | null;
  md: Md2Point | null;
  hi: Md2Point | null;
}

function md2MinRefine(tmd0: number, tsg0: number, dtsg: number, ttol: number, iterMax: number, findMin: boolean, f: (t: number) => Md2Point | null): Md2Refinement {
  const iterMin = Math.min(2, iterMax);
  const iterMed = Math.min(4, iterMax);
  const out: Md2Refinement = { tmd: tmd0, tsg: tsg0, delt: Number.NaN, ydot: Number.NaN, ydotdot: Number.NaN, converged: false, lo: null, md: null, hi: null };
  let iter = 0;
  for (;;) {
    iter += 1;
    const tmdOld = out.tmd;
    const tsgOld = out.tsg;
    out.delt = out.tsg * dtsg;
    out.lo = f(out.tmd - out.delt);
    if (iter === 1 || findMin) out.md = f(out.tmd);
    out.hi = f(out.tmd + out.delt);
    if (!out.lo || !out.md || !out.hi) return out;
    out.ydot = (out.hi.y - out.lo.y) / (2 * out.delt);
    out.ydotdot = (out.hi.y - 2 * out.md.y + out.lo.y) / out.delt ** 2;
    out.tsg = Math.sqrt(2 / Math.max(0, out.ydotdot));
    let cnvg: boolean;
    if (findMin) {
      out.tmd = out.tmd - out.ydot / out.ydotdot;
      cnvg = Math.abs(out.tmd - tmdOld) < ttol * out.tsg;
    } else {
      cnvg = Math.abs(out.tsg - tsgOld) < ttol * out.tsg;
    }
    if (!cnvg && iter >= (findMin ? iterMed : iterMin)) {
      const c1 = 1 - out.lo.md2Actual / out.md.md2Actual;
      const c2 = 1 - out.hi.md2Actual / out.md.md2Actual;
      if (Math.max(Math.abs(c1), Math.abs(c2)) < ttol) cnvg = true;
    }
    if (!Number.isFinite(out.tsg)) return out;
    if (cnvg && iter >= iterMin) {
      out.converged = true;
      return out;
    }
    if (!(iter <= iterMax)) return out;
  }
}

/** Everything the 2D-Nc integrand needs (Pc2D_Hall.m runit_integrand's arguments), km and s. */
interface IntegrandTerms {
  readonly r: number;
  readonly ru: Vector;
  readonly vu: Vector;
  readonly bs: Matrix;
  readonly csp: Matrix;
  readonly asInv: Matrix;
  readonly asInvDot: Matrix;
  readonly asInvDotDot: Matrix;
  readonly logAsDet: number;
  readonly ruDot: Vector;
  readonly ruDotDot: Vector;
  readonly q0: number;
  readonly q0Dot: number;
  readonly q0DotDot: number;
  readonly tmin: number;
}

interface SphereSums {
  /** Σ w f, Σ w f T*, Σ w f (T*² + S*²). */
  readonly sum0: number;
  readonly sum1: number;
  readonly sum2: number;
  readonly mrStarNegatives: number;
  readonly srStarImaginaries: number;
}

/**
 * Pc2D_Hall.m runit_integrand (vectorised form) summed with a sphere rule: for each unit vector r̂,
 * the inflow factor ν√(2π) (Coppola 2012 with the conditional velocity v_u + b_s(H r̂ − r_u) and
 * variance r̂ᵀC's r̂; max(0, −r̂·v)√(2π) when that variance is not positive), Q_R(t) and its first
 * two time derivatives from those of r_u and A_s⁻¹, Q*_R = Q_R − Q̇_R²/(2Q̈_R) floored at ln|A_s|
 * (MD² = 0), S*_R = √(2/Q̈_R) (NaN for Q̈_R ≤ 0), and f = exp(−Q*_R/2) ν√(2π) S*_R.
 */
function sphereSums(rule: SphereRule, frame: Matrix, k: IntegrandTerms): SphereSums {
  const { r, ru, vu, bs, csp, asInv, asInvDot, asInvDotDot } = k;
  const r2 = r * r;
  const twoR = 2 * r;
  // Vectors that do not depend on r̂.
  const w0 = vu.map((x, i) => x - (bs[i]![0]! * ru[0]! + bs[i]![1]! * ru[1]! + bs[i]![2]! * ru[2]!));
  const aRu = multiplyVector(asInv, ru);
  const g1 = multiplyVector(asInvDot, ru).map((x, i) => x + (asInv[i]![0]! * k.ruDot[0]! + asInv[i]![1]! * k.ruDot[1]! + asInv[i]![2]! * k.ruDot[2]!));
  const g2 = multiplyVector(asInvDotDot, ru).map((x, i) => x + 2 * (asInvDot[i]![0]! * k.ruDot[0]! + asInvDot[i]![1]! * k.ruDot[1]! + asInvDot[i]![2]! * k.ruDot[2]!) + (asInv[i]![0]! * k.ruDotDot[0]! + asInv[i]![1]! * k.ruDotDot[1]! + asInv[i]![2]! * k.ruDotDot[2]!));
  const { points, weights, count } = rule;
  const rhat = [0, 0, 0];
  let sum0 = 0;
  let sum1 = 0;
  let sum2 = 0;
  let mrStarNegatives = 0;
  let srStarImaginaries = 0;
  for (let n = 0; n < count; n += 1) {
    const px = points[3 * n]!;
    const py = points[3 * n + 1]!;
    const pz = points[3 * n + 2]!;
    for (let i = 0; i < 3; i += 1) rhat[i] = frame[i]![0]! * px + frame[i]![1]! * py + frame[i]![2]! * pz;
    // vup = vu + bs (R r̂ − ru); r̂·vup.
    let rv = 0;
    for (let i = 0; i < 3; i += 1) rv += rhat[i]! * (w0[i]! + r * (bs[i]![0]! * rhat[0]! + bs[i]![1]! * rhat[1]! + bs[i]![2]! * rhat[2]!));
    const snu2 = quad3(rhat, csp, rhat);
    let nuSqrt2Pi: number;
    if (snu2 <= 0) {
      nuSqrt2Pi = Math.max(0, -rv) * SQRT_2PI;
    } else {
      const snu = Math.sqrt(snu2);
      const nus = rv / snu / SQRT2;
      nuSqrt2Pi = snu * (Math.exp(-nus * nus) - SQRT_PI * nus * erfc(nus));
    }
    const rAr = quad3(rhat, asInv, rhat);
    const rAdr = quad3(rhat, asInvDot, rhat);
    const rAddr = quad3(rhat, asInvDotDot, rhat);
    const qrt = k.q0 - twoR * (rhat[0]! * aRu[0]! + rhat[1]! * aRu[1]! + rhat[2]! * aRu[2]!) + r2 * rAr;
    const qrtDot = k.q0Dot - twoR * (rhat[0]! * g1[0]! + rhat[1]! * g1[1]! + rhat[2]! * g1[2]!) + r2 * rAdr;
    const qrtDotDot = k.q0DotDot - twoR * (rhat[0]! * g2[0]! + rhat[1]! * g2[1]! + rhat[2]! * g2[2]!) + r2 * rAddr;
    let qrStar = qrt - (0.5 * qrtDot * qrtDot) / qrtDotDot;
    if (qrStar - k.logAsDet < 0) {
      mrStarNegatives += 1;
      qrStar = k.logAsDet;
    }
    let srStar2: number;
    if (qrtDotDot <= 0) {
      srStarImaginaries += 1;
      srStar2 = Number.NaN;
    } else {
      srStar2 = 2 / qrtDotDot;
    }
    const f = Math.exp(-0.5 * qrStar) * nuSqrt2Pi * Math.sqrt(srStar2);
    const wf = weights[n]! * f;
    const tStar = k.tmin - qrtDot / qrtDotDot;
    sum0 += wf;
    if (wf !== 0) {
      sum1 += wf * tStar;
      sum2 += wf * (tStar * tStar + srStar2);
    }
  }
  return { sum0, sum1, sum2, mrStarNegatives, srStarImaginaries };
}

const ladderRules: (SphereRule | undefined)[] = [];

/** Hall's 2D-Nc Pc of one conjunction, from both objects' states and 6×6 covariances at TCA (CARA Pc2D_Hall.m). Throws RangeError for malformed input. */
export function pc2dHall(input: Pc2dHallInput, options: { readonly usage?: UsageViolationAnalysis } = {}): Pc2dHallResult {
  let r1 = checkedVector3(input.r1M, 'pc2dHall', 'r1M');
  let v1 = checkedVector3(input.v1MPerS, 'pc2dHall', 'v1MPerS');
  let r2 = checkedVector3(input.r2M, 'pc2dHall', 'r2M');
  let v2 = checkedVector3(input.v2MPerS, 'pc2dHall', 'v2MPerS');
  let c1 = checkedMatrix6(input.cov1, 'pc2dHall', 'cov1');
  let c2 = checkedMatrix6(input.cov2, 'pc2dHall', 'cov2');
  const hbr = input.hbrM;
  // Pc2D_Hall.m: "Combined HBR value must be positive."
  if (typeof hbr !== 'number' || !(hbr > 0)) throw new RangeError(`pc2dHall: hbrM must be positive, got ${String(hbr)}`);

  const base = {
    pcUnitSphere: Number.NaN,
    pcConjunctionPlane: Number.NaN,
    ta: Number.NaN,
    tb: Number.NaN,
    tq0Min: Number.NaN,
    q0Min: Number.NaN,
    sigmaQ0Min: Number.NaN,
    hbrTimeRatio: Number.NaN,
    meanRateTime: Number.NaN,
    sigmaRateTime: Number.NaN,
    effectiveTca: Number.NaN,
    effectiveMissM: [Number.NaN, Number.NaN, Number.NaN],
    effectiveVelocityMPerS: [Number.NaN, Number.NaN, Number.NaN],
    md2Search: 0,
    mrStarNegatives: 0,
    srStarImaginaries: 0,
    spherePoints: 0,
    reoriented: false,
  };
  if (hbr === Infinity) return { ...base, pc: 1, converged: true, method: 'infinite-hbr' };
  const fail = (reason: Pc2dHallReason, extra: Partial<Pc2dHallResult> = {}): Pc2dHallResult => ({ ...base, pc: null, converged: false, method: null, reason, ...extra });

  // UsageViolationPc2D.m: its curvilinear Q minimum seeds the search, its Ta/Tb are reported
  // (PcMultiStep passes the analysis it already made, AccelerateNc2DCalculation; the same input gives the same analysis).
  const uv = options.usage ?? usageViolationsPc2d({ r1M: r1, v1MPerS: v1, cov1: c1, r2M: r2, v2MPerS: v2, cov2: c2, hbrM: hbr });
  const dtau = SQRT2 * erfcinv(GAMMA) * uv.sigmaTime;
  const bounds = { ta: uv.minimumTime - dtau, tb: uv.minimumTime + dtau };

  const turned = reorientForRetrograde(r1, v1, c1, r2, v2, c2);
  if (!turned) return fail('retrograde-unresolved', bounds);
  ({ r1, v1, c1, r2, v2, c2 } = turned);
  const reoriented = turned.reoriented;
  const s1: EquinoctialState | null = equinoctialMatrices(r1, v1, c1);
  const s2: EquinoctialState | null = equinoctialMatrices(r2, v2, c2);
  if (!s1 || !s2) return fail('undefined-elements', { ...bounds, reoriented });
  const hbrKm = hbr / 1e3;
  const o1: EpochObject = { e0: s1.elements, q0: s1.q };
  const o2: EpochObject = { e0: s2.elements, q0: s2.q };
  const emd2 = (t: number) => peakOverlapMd2Full(t, o1, o2, hbrKm, true);
  const emd2Value = (t: number) => emd2(t)?.y ?? Number.NaN;

  // The time of minimum effective MD², starting from UsageViolationPc2D's curvilinear estimate.
  let md2Search = 0;
  let tmin = Number.NaN;
  let tsg = Number.NaN;
  let findMin = true;
  let needFullSearch = true;
  if (uv.curvilinearConverged && Number.isFinite(uv.sigmaTime)) {
    const xtol = 1e-2 * uv.sigmaTime;
    const nsig0 = Math.abs(uv.minimumTime) / uv.sigmaTime;
    const nsig = Math.min(Math.max(1, nsig0), 10);
    const ts = uv.minimumTime;
    const ws = nsig * uv.sigmaTime;
    const nShiftMax = Math.max(100, 3 * Math.round((nsig0 + 1) / nsig));
    const grid = [ts - ws, ts - ws / 2, ts, ts + ws / 2, ts + ws];
    const values = grid.map(emd2Value);
    if (!values.some((v) => Number.isNaN(v))) {
      const s = shiftBisectMinSearch(emd2Value, grid, values, 100, nShiftMax, xtol, 1e-3);
      if (s.converged) {
        needFullSearch = false;
        md2Search = 1;
        findMin = false; // UVPc2D.Qconverged
        tmin = s.xmin;
        tsg = uv.sigmaTime;
      }
    }
  }

  if (needFullSearch) {
    // Newton steps on MD²(t) (EMD2 = 0) from TCA.
    let t = 0;
    let sT = Number.NaN;
    let converged = false;
    for (let iter = 1; ; iter += 1) {
      const p = peakOverlapMd2Full(t, o1, o2, hbrKm, false);
      if (!p) break;
      const ru = p.xu.slice(0, 3);
      const vu = p.xu.slice(3, 6);
      const acoef = quad3(vu, p.asInv, vu);
      const bhalf = quad3(vu, p.asInv, ru);
      const dT = -bhalf / acoef;
      sT = Math.sqrt(1 / acoef);
      if (Number.isNaN(dT)) break;
      if (Math.abs(dT) < 1e-1 * sT && iter >= 2) {
        converged = true;
        break;
      }
      if (iter >= 25) break;
      t += dT;
    }
    if (converged) {
      md2Search = 1;
      tmin = t;
      tsg = sT;
      findMin = true;
    } else {
      // Rectilinear estimate from the TCA relative state, then the shift-and-bisect search.
      const cRem = c1.slice(0, 3).map((row, i) => row.slice(0, 3).map((x, j) => x + c2[i]![j]!));
      const ainv = clipEigenvalues(cRem, (FCLIP * hbr) ** 2).inverse;
      const r = r2.map((x, i) => x - r1[i]!);
      const v = v2.map((x, i) => x - v1[i]!);
      const acoef = quad3(v, ainv, v);
      if (acoef === 0) return fail('zero-relative-velocity', { ...bounds, reoriented });
      const bhalf = quad3(v, ainv, r);
      const tMdMin0 = -bhalf / acoef;
      const sigmaT0 = Math.sqrt(1 / acoef);
      const nsig0 = Math.abs(tMdMin0) / sigmaT0;
      const nsig = Math.min(Math.max(1, nsig0), 10);
      const ws = nsig * sigmaT0;
      const nShiftMax = Math.max(100, 3 * Math.round((nsig0 + 1) / nsig));
      const grid = [-ws, -0.5 * ws, 0, 0.5 * ws, ws];
      const values = grid.map(emd2Value);
      if (values.some((x) => Number.isNaN(x))) return fail('md2-search-unconverged', { ...bounds, reoriented });
      const s = shiftBisectMinSearch(emd2Value, grid, values, 100, nShiftMax, 1e-2 * sigmaT0, 1e-3);
      if (s.converged) {
        tmin = s.xmin;
        findMin = false;
        md2Search = 2;
      } else {
        // CARA tries fminsearch here; we go on as CARA does when that fails too.
        tmin = tMdMin0;
        findMin = true;
      }
      tsg = sigmaT0;
    }
  }

  // MD2MinRefine.m, stringent then relaxed.
  let ms = md2MinRefine(tmin, tsg, 1, 1e-3, 15, findMin, emd2);
  if (!ms.converged) ms = md2MinRefine(tmin, tsg, 1, 3e-3, 20, findMin, emd2);
  if (!ms.converged || !ms.lo || !ms.md || !ms.hi) return fail('md2-search-unconverged', { ...bounds, reoriented });
  if (md2Search === 0) md2Search = 4;

  tmin = ms.tmd;
  const mid = ms.md;
  const ru = mid.xu.slice(0, 3);
  const vu = mid.xu.slice(3, 6);
  const asInv = mid.asInv;
  const logAsDet = Math.log(mid.asDet);
  const delt = ms.delt;
  const ruDot = [0, 1, 2].map((i) => (ms.hi!.xu[i]! - ms.lo!.xu[i]!) / (2 * delt));
  const ruDotDot = [0, 1, 2].map((i) => (ms.hi!.xu[i]! - 2 * ru[i]! + ms.lo!.xu[i]!) / delt ** 2);
  const asInvDot = asInv.map((row, i) => row.map((_, j) => (ms.hi!.asInv[i]![j]! - ms.lo!.asInv[i]![j]!) / (2 * delt)));
  const asInvDotDot = asInv.map((row, i) => row.map((x, j) => (ms.hi!.asInv[i]![j]! - 2 * x + ms.lo!.asInv[i]![j]!) / delt ** 2));
  const q0 = mid.y;
  const q0Dot = ms.ydot;
  const q0DotDot = ms.ydotdot;
  const tq0Min = tmin - q0Dot / q0DotDot;
  const q0Min = q0 - (q0Dot * q0Dot) / q0DotDot / 2;
  const sigmaQ0Min = Math.sqrt(2 / q0DotDot);
  const hbrTime = hbrKm / Math.hypot(ruDot[0]!, ruDot[1]!, ruDot[2]!);
  const hbrTimeRatio = sigmaQ0Min === hbrTime ? 1 : hbrTime / sigmaQ0Min;

  // Conditional velocity statistics: bs = Bs As⁻¹, C's = Cs − bs Bsᵀ.
  const ps = mid.ps;
  const bsBlock = ps.slice(3, 6).map((row) => row.slice(0, 3));
  const cs = ps.slice(3, 6).map((row) => row.slice(3, 6));
  const bs = bsBlock.map((row) => [0, 1, 2].map((j) => row[0]! * asInv[0]![j]! + row[1]! * asInv[1]![j]! + row[2]! * asInv[2]![j]!));
  const csp = cs.map((row, i) => row.map((x, j) => x - (bs[i]![0]! * bsBlock[j]![0]! + bs[i]![1]! * bsBlock[j]![1]! + bs[i]![2]! * bsBlock[j]![2]!)));

  // Effective conjunction-plane estimate (PcCircle at the effective TCA).
  const vup = vu.map((x, i) => x - (bs[i]![0]! * ru[0]! + bs[i]![1]! * ru[1]! + bs[i]![2]! * ru[2]!));
  const vv = vup[0]! ** 2 + vup[1]! ** 2 + vup[2]! ** 2;
  const effectiveTca = -(ru[0]! * vup[0]! + ru[1]! * vup[1]! + ru[2]! * vup[2]!) / vv;
  const effectiveMissM = ru.map((x, i) => (x + vup[i]! * effectiveTca) * 1e3);
  const effectiveVelocityMPerS = vup.map((x) => x * 1e3);
  const covEff = ps.slice(0, 3).map((row) => row.slice(0, 3).map((x) => x * 1e6));
  const zero3 = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ];
  let pcConjunctionPlane = Number.NaN;
  if (effectiveMissM.every(Number.isFinite) && effectiveVelocityMPerS.every(Number.isFinite)) {
    const cp = pc2d({
      r1M: [0, 0, 0],
      v1MPerS: [0, 0, 0],
      cov1M2: zero3,
      r2M: effectiveMissM as [number, number, number],
      v2MPerS: effectiveVelocityMPerS as [number, number, number],
      cov2M2: covEff,
      hbrM: hbr,
    });
    pcConjunctionPlane = cp.pc ?? Number.NaN;
  }

  // Unit-sphere integral, the rule doubled until converged.
  const terms: IntegrandTerms = { r: hbrKm, ru, vu, bs, csp, asInv, asInvDot, asInvDotDot, logAsDet, ruDot, ruDotDot, q0, q0Dot, q0DotDot, tmin };
  const frame = poleFrame(vup);
  let sums: SphereSums | null = null;
  let spherePoints = 0;
  for (let i = 0; i < SPHERE_LADDER.length; i += 1) {
    const [nU, nPhi] = SPHERE_LADDER[i]!;
    const rule = (ladderRules[i] ??= hemisphereRule(nU, nPhi));
    const next = sphereSums(rule, frame, terms);
    spherePoints = rule.count;
    const previous = sums;
    sums = next;
    if (Number.isNaN(next.sum0)) break;
    if (previous && Math.abs(next.sum0 - previous.sum0) <= SPHERE_REL_TOL * Math.abs(next.sum0)) break;
  }
  const s = sums!;
  const pcUnitSphere = ((hbrKm * hbrKm) / SQRT_2PI ** 3) * s.sum0;
  const meanRateTime = s.sum1 / s.sum0;
  const sigmaRateTime = Math.sqrt(s.sum2 / s.sum0 - meanRateTime * meanRateTime);
  const common = {
    ...bounds,
    pcUnitSphere,
    pcConjunctionPlane,
    tq0Min,
    q0Min,
    sigmaQ0Min,
    hbrTimeRatio,
    meanRateTime,
    sigmaRateTime,
    effectiveTca,
    effectiveMissM,
    effectiveVelocityMPerS,
    md2Search,
    mrStarNegatives: s.mrStarNegatives,
    srStarImaginaries: s.srStarImaginaries,
    spherePoints,
    reoriented,
  };
  // Pc2D_Hall.m's choice of estimate: no Pc from an undefined unit-sphere integrand; the
  // conjunction-plane estimate when the unit-sphere value is above 1 (large HBR, small covariance).
  if (Number.isNaN(pcUnitSphere)) return { ...common, pc: null, converged: false, method: null, reason: 'integrand-undefined' };
  if (pcUnitSphere > PC_TINY && pcUnitSphere > 1 && !Number.isNaN(pcConjunctionPlane)) {
    return { ...common, pc: Math.min(1, pcConjunctionPlane), converged: true, method: 'conjunction-plane' };
  }
  return { ...common, pc: Math.min(1, pcUnitSphere), converged: true, method: 'unit-sphere' };
}
