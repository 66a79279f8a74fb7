/**
 * Usage-violation tests of the 2D (conjunction-plane) Pc method: whether a conjunction is too long,
 * too far from TCA, too curved, or has covariance problems for the 2D method to be trusted (Hall,
 * Baars & Casali 2023, "A Multistep Probability of Collision Algorithm", AAS 23-398). Our
 * transcription of NASA CARA_Analysis_Tools' UsageViolationPc2D.m with its default parameters:
 *
 * - NPD: the primary's, secondary's or relative 3×3 position covariance is not positive definite.
 * - Extended: the conjunction lasts too long, Tb − Ta (the span holding 1 − 1e-16 of a
 *   rectilinear encounter's Pc, Coppola 2012b) over the shorter orbital period.
 * - Offset: the conjunction lies too far from TCA, max(|Ta|, |Tb|) over the shorter period.
 * - Inaccurate: 1 − e^(−|ln(Nc2D/Pc2D)|) in the small-HBR limit, the ratio estimated from the
 *   curvilinear modified Mahalanobis distance Q(t) = MD²(t) + ln|A(t)| at the peak overlap point
 *   (peak-overlap.ts) fitted by a parabola around its minimum and compared with the rectilinear
 *   Q(t); a non-convex Q or a failed peak-overlap iteration leaves it undefined.
 *
 * The indicators start from the rectilinear analysis and are replaced by the curvilinear ones when
 * that analysis converges. PcMultiStep.m flags a violation when Extended > 0.02, Offset > 0.01,
 * Inaccurate > 0.02, any NPD, or any indicator undefined. One deviation: where UsageViolationPc2D.m
 * re-estimates the Q minimum outside the sampled range it evaluates the parabola with its
 * coefficients in reverse order (Horner on [c, b, a]); we evaluate c₁t² + c₂t + c₃. That estimate
 * only steers one more refinement step; the final Q is evaluated exactly in both.
 *
 * Inputs in metres, m/s, m² (6×6 covariances).
 */
import { erfcinv } from './erfc-inverse.ts';
import { equinoctialMatrices, MU_M3_S2, orbitPeriod } from './equinoctial.ts';
import { clipEigenvalues, solve3, symmetricEigen, type Matrix, type Vector } from './linear-algebra.ts';
import { peakOverlapMd2, type EpochObject } from './peak-overlap.ts';
import { reorientForRetrograde } from './retrograde.ts';

export interface UsageViolationInput {
  readonly r1M: readonly number[];
  readonly v1MPerS: readonly number[];
  readonly cov1: readonly (readonly number[])[];
  readonly r2M: readonly number[];
  readonly v2MPerS: readonly number[];
  readonly cov2: readonly (readonly number[])[];
  readonly hbrM: number;
}

export interface UsageViolationIndicators {
  /** [primary, secondary, relative] position covariance not positive definite. */
  readonly npd: readonly [boolean, boolean, boolean] | null;
  /** NaN when undefined. */
  readonly extended: number;
  readonly offset: number;
  readonly inaccurate: number;
}

export interface UsageViolationAnalysis {
  readonly indicators: UsageViolationIndicators;
  /** Whether the curvilinear analysis converged (else Inaccurate is undefined). */
  readonly curvilinearConverged: boolean;
  /** ln(Nc2D/Pc2D) in the small-HBR limit; NaN when undefined. */
  readonly logPcCorrectionFactor: number;
  /** Nc2D limits in the small-HBR approximation (CARA Nc2DSmallHBR, Nc2DLoLimit, Nc2DHiLimit); NaN when undefined. */
  readonly nc2dSmallHbr: number;
  readonly nc2dLowLimit: number;
  readonly nc2dHighLimit: number;
  /** Time of the curvilinear (else rectilinear) Q minimum and its 1-σ width, s from TCA. */
  readonly minimumTime: number;
  readonly sigmaTime: number;
  readonly periods: readonly [number, number];
}

/** PcMultiStep.m's default cut-offs. */
export const PC2D_CUTOFFS = { extended: 0.02, offset: 0.01, inaccurate: 0.02 } as const;

const FCLIP = 1e-4;
const GAMMA = 1e-16;
const TIME_SIGMA_DIFF_LIMIT = 2.5;
const Q_DIFF_LIMIT = 1.0;
const MAX_REFINEMENTS = 20;
const ACCEPTABLE_INIT_OFFSET_FACTOR = 10;

/** Parabola c₁t² + c₂t + c₃ through the three points of smallest Q (CARA TimeParabolaFit.m, the full-rank case). */
function parabola(ts: readonly number[], qs: readonly number[]): [number, number, number] {
  const pairs = [...new Map(ts.map((t, i) => [t, qs[i]!])).entries()].sort((a, b) => a[1] - b[1]).slice(0, 3);
  if (pairs.length < 3) return [Number.NaN, Number.NaN, Number.NaN];
  const t = pairs.map((p) => p[0]);
  const q = pairs.map((p) => p[1]);
  const tmin = Math.min(...t);
  const tmax = Math.max(...t);
  const tdel = 0.5 * (tmax - tmin);
  const tmid = 0.5 * (tmax + tmin);
  const z = t.map((x) => (x - tmid) / tdel);
  // Solve [z² z 1] x = q by Cramer's rule (3×3, well conditioned in normalised time).
  const m = z.map((zi) => [zi * zi, zi, 1]);
  const x = solve3(m, q);
  const trat = tmid / tdel;
  const tratx1 = trat * x[0]!;
  return [x[0]! / tdel ** 2, (x[1]! - 2 * tratx1) / tdel, trat * (tratx1 - x[1]!) + x[2]!];
}

function positionNotPositive(c: Matrix): boolean {
  return symmetricEigen(c.slice(0, 3).map((row) => row.slice(0, 3))).values.some((l) => l <= 0);
}

/** The 2D-method usage-violation indicators of one conjunction (6×6 covariances required). */
export function usageViolationsPc2d(input: UsageViolationInput): UsageViolationAnalysis {
  const hbr = input.hbrM;
  let r1: Vector = [...input.r1M];
  let v1: Vector = [...input.v1MPerS];
  let r2: Vector = [...input.r2M];
  let v2: Vector = [...input.v2MPerS];
  let c1: Matrix = input.cov1.map((row) => [...row]);
  let c2: Matrix = input.cov2.map((row) => [...row]);
  const periods: [number, number] = [orbitPeriod(r1, v1, MU_M3_S2), orbitPeriod(r2, v2, MU_M3_S2)];
  const undefinedResult: UsageViolationAnalysis = {
    indicators: { npd: null, extended: Number.NaN, offset: Number.NaN, inaccurate: Number.NaN },
    curvilinearConverged: false,
    logPcCorrectionFactor: Number.NaN,
    nc2dSmallHbr: Number.NaN,
    nc2dLowLimit: Number.NaN,
    nc2dHighLimit: Number.NaN,
    minimumTime: Number.NaN,
    sigmaTime: Number.NaN,
    periods,
  };
  const turned = reorientForRetrograde(r1, v1, c1, r2, v2, c2);
  if (!turned) return undefinedResult;
  ({ r1, v1, c1, r2, v2, c2 } = turned);
  const s1 = equinoctialMatrices(r1, v1, c1);
  const s2 = equinoctialMatrices(r2, v2, c2);
  if (!s1 || !s2) return undefinedResult;
  const hbrKm = hbr / 1e3;

  // Rectilinear encounter: MD²(t) of r + v t under the TCA relative covariance.
  const r = r2.map((x, i) => x - r1[i]!);
  const v = v2.map((x, i) => x - v1[i]!);
  const a = c1.slice(0, 3).map((row, i) => row.slice(0, 3).map((x, j) => x + c2[i]![j]!));
  const clip = clipEigenvalues(a, (FCLIP * hbr) ** 2);
  const relativeNpd = clip.raw.some((l) => l <= 0);
  const ainv = clip.inverse;
  const av = (x: Vector, y: Vector) => x.reduce((s, xi, i) => s + xi * (ainv[i]![0]! * y[0]! + ainv[i]![1]! * y[1]! + ainv[i]![2]! * y[2]!), 0);
  const rAr = av(r, r);
  const rAv = av(r, v);
  const vAv = av(v, v);
  const tRect = rAv === 0 ? 0 : -rAv / vAv;
  const stRect = Math.sqrt(1 / vAv);
  const dt = stRect;
  const t = [tRect - dt, tRect, tRect + dt];
  const logAdet = Math.log(clip.determinant / 1e18);
  const qRect = rAr + 2 * tRect * rAv + tRect * tRect * vAv + logAdet;
  const vtRect = Math.hypot(v[0]!, v[1]!, v[2]!) / 1e3;
  const npd: [boolean, boolean, boolean] = [positionNotPositive(c1), positionNotPositive(c2), relativeNpd];

  const k = Math.SQRT2 * erfcinv(GAMMA);
  const periodMin = Math.min(periods[0], periods[1]);
  let dtau = stRect * k;
  let extended = Math.min(1, (2 * dtau) / periodMin);
  let offset = Math.min(1, Math.max(Math.abs(tRect - dtau), Math.abs(tRect + dtau)) / periodMin);
  const base = { ...undefinedResult, indicators: { npd, extended, offset, inaccurate: Number.NaN }, minimumTime: tRect, sigmaTime: stRect };
  if (!Number.isFinite(stRect)) return base;

  // Curvilinear Q(t) at the peak overlap point.
  const o1: EpochObject = { e0: s1.elements, q0: s1.q };
  const o2: EpochObject = { e0: s2.elements, q0: s2.q };
  const md2At = (time: number) => peakOverlapMd2(time, o1, o2, hbrKm);
  const samples = t.map(md2At);
  if (samples.some((s) => s === null)) return base;
  const tC = [...t];
  const qC = samples.map((s) => s!.q);
  let xu = samples[1]!.xu;
  const qdd = (qC[2]! - 2 * qC[1]! + qC[0]!) / (dt * dt);
  if (!(qdd > 0)) return base;
  const abc = parabola(tC, qC);
  let t0 = -abc[1] / qdd;
  let qt0 = abc[2] - (abc[1] * abc[1]) / abc[0] / 4;
  let acceptable = true;
  const maxShift = ACCEPTABLE_INIT_OFFSET_FACTOR * (tC[2]! - tC[0]!);
  if (t0 < tC[0]! - maxShift) {
    acceptable = false;
    t0 = tC[0]! - maxShift;
    qt0 = abc[0] * t0 * t0 + abc[1] * t0 + abc[2];
  } else if (t0 > tC[2]! + maxShift) {
    acceptable = false;
    t0 = tC[2]! + maxShift;
    qt0 = abc[0] * t0 * t0 + abc[1] * t0 + abc[2];
  }
  let tCurv = t0;
  let qCurv = qt0;
  let stCurv = Math.sqrt(2 / qdd);
  let vtCurv = Math.hypot(xu[3]!, xu[4]!, xu[5]!);
  let converged = true;
  let needsRefinement = acceptable ? Math.abs(tCurv - tRect) >= TIME_SIGMA_DIFF_LIMIT * Math.min(stRect, stCurv) || Math.abs(qCurv - qRect) >= Q_DIFF_LIMIT : true;
  let level = 1;
  while (needsRefinement) {
    level += 1;
    let itMin = 0;
    qC.forEach((q, i) => {
      if (q < qC[itMin]!) itMin = i;
    });
    const tNew = tCurv;
    const s = md2At(tNew);
    if (!s) {
      converged = false;
      const lo = Math.min(...tC);
      const hi = Math.max(...tC);
      const next = tCurv < lo ? (tCurv + lo) / 2 : tCurv > hi ? (tCurv + hi) / 2 : Number.NaN;
      if (Number.isNaN(next) || tC.length > 3 || level >= MAX_REFINEMENTS) {
        needsRefinement = false;
      } else {
        tCurv = next;
        qCurv = Number.NaN;
      }
      continue;
    }
    converged = true;
    const qCut = [...qC].sort((p, q) => p - q)[2]!;
    const decreasing = s.q < qCut;
    tC.push(tNew);
    qC.push(s.q);
    if (decreasing) {
      vtCurv = Math.hypot(s.xu[3]!, s.xu[4]!, s.xu[5]!);
      const yy = parabola(tC, qC);
      if (!(yy[0] > 0)) {
        stCurv = Infinity;
      } else {
        tCurv = -yy[1] / yy[0] / 2;
        qCurv = yy[2] - (yy[1] * yy[1]) / yy[0] / 4;
        stCurv = Math.sqrt(1 / yy[0]);
      }
    } else {
      const prior = tC.slice(0, -1);
      const lo = Math.min(...prior);
      const hi = Math.max(...prior);
      if (tCurv < lo || tCurv > hi) {
        const next = tCurv < lo ? (tCurv + lo) / 2 : (tCurv + hi) / 2;
        const yy = parabola(tC, qC);
        tCurv = next;
        qCurv = yy[0] * next * next + yy[1] * next + yy[2];
      } else {
        tCurv = tC[itMin]!;
        qCurv = qC[itMin]!;
      }
    }
    needsRefinement = false;
    if (Number.isFinite(stCurv) && level < MAX_REFINEMENTS) {
      needsRefinement = Math.abs(tCurv - tC[itMin]!) >= TIME_SIGMA_DIFF_LIMIT * stCurv || Math.abs(qCurv - qC[itMin]!) >= Q_DIFF_LIMIT;
    }
  }
  if (!Number.isFinite(stCurv)) converged = false;
  if (!converged) return base;

  const exact = md2At(tCurv);
  if (!exact) return base;
  qCurv = exact.q;
  xu = exact.xu;
  const logFactor = Math.log(stCurv / stRect) + Math.log(vtCurv / vtRect) + (qRect - qCurv) / 2;
  const hbr2 = hbrKm * hbrKm;
  const coef = (hbr2 * vtCurv * stCurv) / 2;
  const nc2dSmallHbr = Math.min(1, coef * Math.exp(-qCurv / 2));
  const asiru = exact.asInverse.map((row) => row[0]! * xu[0]! + row[1]! * xu[1]! + row[2]! * xu[2]!);
  const aterm = 2 * hbrKm * Math.hypot(asiru[0]!, asiru[1]!, asiru[2]!);
  const qtMax = hbr2 / Math.min(...exact.asEigenvalues) + aterm + qCurv;
  const logAsdet = Math.log(exact.asDeterminant);
  const md2Min = Math.max(0, hbr2 / Math.max(...exact.asEigenvalues) - aterm + (qCurv - logAsdet));
  const qtMin = md2Min + logAsdet;

  dtau = stCurv * k;
  extended = Math.min(1, (2 * dtau) / periodMin);
  offset = Math.min(1, Math.max(Math.abs(tCurv - dtau), Math.abs(tCurv + dtau)) / periodMin);
  return {
    indicators: { npd, extended, offset, inaccurate: 1 - Math.exp(-Math.abs(logFactor)) },
    curvilinearConverged: true,
    logPcCorrectionFactor: logFactor,
    nc2dSmallHbr,
    nc2dLowLimit: Math.min(1, coef * Math.exp(-qtMax / 2)),
    nc2dHighLimit: Math.min(1, coef * Math.exp(-qtMin / 2)),
    minimumTime: tCurv,
    sigmaTime: stCurv,
    periods,
  };
}
