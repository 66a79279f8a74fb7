/**
 * The avoidance trade space of one conjunction (issue 28; after CARA's Maneuver Trade-Space Tool
 * and the commercial services' burn-time × Δv maps): for each burn time, the Pc and miss distance
 * of burns of given sizes in a direction, and the smallest burn that brings the Pc to a target.
 *
 * Per burn time the effect of a Δv on the primary's track is linear in Δv to ~(|Δv|/v)² (1e-9 for
 * 0.2 m/s in LEO; the tests hold it to evaluateBurn's full propagation): three propagations per
 * burn time (unit Δv along R, T, N, sharing one unburned leg) give every cell's track as the
 * reference plus their combination, and each cell is then a closest-approach search and the
 * product's Pc (assessPc) of the new encounter, as evaluateBurn does for a single burn.
 *
 * Directions: ±R, ±T, ±N of the primary's RTN frame at the burn, or 'best': for a given |Δv| the
 * direction that maximises the Mahalanobis distance of the miss in the encounter plane, d²(x) =
 * (m₀ + Bx)ᵀ C⁻¹ (m₀ + Bx) over |x| = δ (B: the linear map from Δv to the in-plane miss at TCA, C the
 * combined in-plane covariance). That is a trust-region subproblem, solved through the
 * eigen-decomposition of A = BᵀC⁻¹B (Moré & Sorensen 1983, "Computing a trust region step";
 * Nocedal & Wright, Numerical Optimization, §4.3): x = −(A − μI)⁻¹ b, b = BᵀC⁻¹m₀, with μ > λ_max
 * chosen so that |x| = δ (the "hard case" b ⊥ e_max handled as they describe).
 *
 * The minimum Δv for a target Pc is found per burn time by a root search on the size along the
 * direction (bisection on Pc ≤ target after the first size that reaches it, to 1e-4 relative), not
 * read off the grid. Units: s, m, m/s.
 */
import { symmetricEigen } from '../probability/linear-algebra.ts';
import { encounterPlane } from '../probability/encounter-plane.ts';
import type { PcMethod } from '../probability/pc-multistep.ts';
import type { Vector3 } from '../probability/vector3.ts';
import { encounterAfter, evaluateBurn, type AvoidanceModel, type BurnOutcome } from './plan.ts';
import { burnDeltas, rtnAxesOf, type Trajectory } from './trajectory.ts';

export type BurnDirection = 'R' | 'T' | 'N' | '-R' | '-T' | '-N' | 'best';
export const BURN_DIRECTIONS: readonly BurnDirection[] = ['R', 'T', 'N', '-R', '-T', '-N', 'best'];

/** CARA's usual remediation threshold, and the levels operators also aim for. */
export const DEFAULT_TARGET_PC = 1e-4;
export const TARGET_PC_LEVELS = [1e-4, 1e-6, 1e-7] as const;

/** The linearisation step: far inside the linear regime, far above round-off of the differences. */
const BASIS_DV_MPS = 0.01;

/** One burn epoch's linear map from Δv (RTN, m/s) to the primary's track. */
export interface LeadBasis {
  readonly leadS: number;
  /** δX(t) per 1 m/s along R, T, N. */
  readonly perMps: readonly [Trajectory, Trajectory, Trajectory];
  /** The R, T, N axes at the burn (inertial). */
  readonly axes: readonly [Vector3, Vector3, Vector3];
}

export function leadBasis(model: AvoidanceModel, leadS: number): LeadBasis {
  if (!(leadS > 0) || -leadS < model.fromS + 60 - 1e-9) throw new RangeError(`the burn must come between 0 and ${-(model.fromS + 60)} s before TCA, got ${leadS} s`);
  const axes = rtnAxesOf(model.primary(-leadS));
  const deltas = burnDeltas(model.primary, -leadS, axes.map((a) => [a[0] * BASIS_DV_MPS, a[1] * BASIS_DV_MPS, a[2] * BASIS_DV_MPS] as [number, number, number]), model.toS, model.propagation);
  const perMps = deltas.map((d) => (tS: number) => {
    const x = d(tS);
    for (let i = 0; i < 6; i += 1) x[i] = x[i]! / BASIS_DV_MPS;
    return x;
  }) as unknown as [Trajectory, Trajectory, Trajectory];
  return { leadS, perMps, axes };
}

/** The primary's track after a burn of `dvRtnMps` (m/s, RTN at the burn) at the basis' epoch. */
export function trackOf(model: AvoidanceModel, basis: LeadBasis, dvRtnMps: Vector3): Trajectory {
  return (tS: number) => {
    const x = model.primary(tS);
    if (tS < -basis.leadS) return x;
    for (let k = 0; k < 3; k += 1) {
      const c = dvRtnMps[k]!;
      if (c === 0) continue;
      const d = basis.perMps[k]!(tS);
      for (let i = 0; i < 6; i += 1) x[i] = x[i]! + c * d[i]!;
    }
    return x;
  };
}

const UNIT: Record<Exclude<BurnDirection, 'best'>, Vector3> = { R: [1, 0, 0], T: [0, 1, 0], N: [0, 0, 1], '-R': [-1, 0, 0], '-T': [0, -1, 0], '-N': [0, 0, -1] };

/**
 * The RTN unit direction of a burn of size `dvMps`: a fixed axis, or the one that maximises the
 * Mahalanobis miss in the encounter plane (see the file's comment).
 */
export function directionFor(model: AvoidanceModel, basis: LeadBasis, direction: BurnDirection, dvMps: number): Vector3 {
  if (direction !== 'best') return UNIT[direction];
  const { a, b } = mahalanobisQuadratic(model, basis);
  return maximiseOnSphere(a, b, Math.max(dvMps, 1e-9));
}

/** A = BᵀC⁻¹B and b = BᵀC⁻¹m₀ of the in-plane miss as a function of Δv (RTN, m/s), at the old TCA. */
export function mahalanobisQuadratic(model: AvoidanceModel, basis: LeadBasis): { a: number[][]; b: number[] } {
  const e = model.encounter;
  const plane = encounterPlane(e.primary.rM, e.primary.vMPerS, e.secondary.rM, e.secondary.vMPerS);
  if (!plane) throw new RangeError('no encounter plane: the relative velocity is zero');
  const axes = [plane.x, plane.z];
  // The miss is r₂ − r₁; a primary displacement δr₁ changes it by −δr₁.
  const m0 = axes.map((u) => u[0] * plane.relativePosition[0] + u[1] * plane.relativePosition[1] + u[2] * plane.relativePosition[2]);
  const cols = basis.perMps.map((d) => d(0));
  const bm = axes.map((u) => cols.map((c) => -(u[0] * c[0]! + u[1] * c[1]! + u[2] * c[2]!)));
  const cc = (i: number, j: number) => e.primary.cov[i]![j]! + e.secondary.cov[i]![j]!;
  const proj = (u: Vector3, w: Vector3) => {
    let s = 0;
    for (let i = 0; i < 3; i += 1) for (let j = 0; j < 3; j += 1) s += u[i]! * cc(i, j) * w[j]!;
    return s;
  };
  const c = [
    [proj(axes[0]!, axes[0]!), proj(axes[0]!, axes[1]!)],
    [proj(axes[1]!, axes[0]!), proj(axes[1]!, axes[1]!)],
  ];
  const det = c[0]![0]! * c[1]![1]! - c[0]![1]! * c[1]![0]!;
  if (!(det > 0)) throw new RangeError('the combined covariance in the encounter plane is not positive definite');
  const ci = [
    [c[1]![1]! / det, -c[0]![1]! / det],
    [-c[1]![0]! / det, c[0]![0]! / det],
  ];
  const cib = [0, 1].map((i) => [0, 1, 2].map((k) => ci[i]![0]! * bm[0]![k]! + ci[i]![1]! * bm[1]![k]!));
  const a = [0, 1, 2].map((k) => [0, 1, 2].map((l) => bm[0]![k]! * cib[0]![l]! + bm[1]![k]! * cib[1]![l]!));
  const cim0 = [0, 1].map((i) => ci[i]![0]! * m0[0]! + ci[i]![1]! * m0[1]!);
  const b = [0, 1, 2].map((k) => bm[0]![k]! * cim0[0]! + bm[1]![k]! * cim0[1]!);
  return { a, b };
}

/** argmax over |x| = δ of xᵀAx + 2bᵀx (A symmetric positive semi-definite), as a unit vector. */
export function maximiseOnSphere(a: number[][], b: number[], delta: number): Vector3 {
  const { values, vectors } = symmetricEigen(a);
  // vectors[i] is the eigenvector of values[i]; project b on them.
  const order = values.map((v, i) => [v, i] as const).sort((p, q) => q[0] - p[0]);
  const lam = order.map(([v]) => v);
  const ev = order.map(([, i]) => [vectors[0]![i]!, vectors[1]![i]!, vectors[2]![i]!]);
  const bp = ev.map((e) => e[0]! * b[0]! + e[1]! * b[1]! + e[2]! * b[2]!);
  const scaleB = Math.hypot(...bp);
  const norm = (mu: number) => Math.hypot(...bp.map((bi, i) => bi / (mu - lam[i]!)));
  const x = [0, 0, 0];
  const lmax = lam[0]!;
  const tiny = 1e-12 * (Math.abs(lmax) + scaleB / delta + 1e-300);
  if (Math.abs(bp[0]!) <= tiny && norm(lmax + Math.max(tiny, 1e-300)) <= delta) {
    // Hard case (b ⊥ e_max): x = −Σ_{i>0} bᵢ/(λᵢ − λmax) eᵢ + τ e_max, |x| = δ.
    let rest = 0;
    for (let i = 1; i < 3; i += 1) {
      const coef = lam[i]! === lmax ? 0 : bp[i]! / (lmax - lam[i]!);
      for (let k = 0; k < 3; k += 1) x[k]! += coef * ev[i]![k]!;
      rest += coef * coef;
    }
    const tau = Math.sqrt(Math.max(0, delta * delta - rest));
    for (let k = 0; k < 3; k += 1) x[k]! += tau * ev[0]![k]!;
  } else {
    // |x(μ)| falls from ∞ to 0 as μ rises past λmax: bisect on μ.
    let lo = lmax;
    let hi = lmax + scaleB / delta + Math.abs(lmax) + 1e-300;
    while (norm(hi) > delta) hi = lmax + 2 * (hi - lmax);
    for (let i = 0; i < 200 && hi - lo > 1e-15 * Math.max(1, Math.abs(hi)); i += 1) {
      const mid = 0.5 * (lo + hi);
      if (norm(mid) > delta) lo = mid;
      else hi = mid;
    }
    const mu = hi;
    for (let i = 0; i < 3; i += 1) {
      const coef = bp[i]! / (mu - lam[i]!);
      for (let k = 0; k < 3; k += 1) x[k]! += coef * ev[i]![k]!;
    }
  }
  const n = Math.hypot(x[0]!, x[1]!, x[2]!);
  return n > 0 ? [x[0]! / n, x[1]! / n, x[2]! / n] : [0, 1, 0];
}

export interface TradeCell {
  readonly pc: number | null;
  readonly pcMethod: PcMethod;
  readonly missM: number;
  /** The direction used (RTN unit vector). */
  readonly directionRtn: Vector3;
}

export interface MinimumDv {
  readonly leadS: number;
  readonly targetPc: number;
  /** The smallest |Δv| reaching the target (m/s), 0 when the Pc is already there, null when maxDv does not reach it. */
  readonly dvMps: number | null;
  readonly directionRtn: Vector3 | null;
  /** The outcome of that burn. */
  readonly pc: number | null;
  readonly missM: number | null;
}

export interface TradeSpace {
  readonly leadTimesS: readonly number[];
  readonly dvMagnitudesMps: readonly number[];
  readonly direction: BurnDirection;
  /** cells[i][j]: burn at leadTimesS[i] of size dvMagnitudesMps[j]. */
  readonly cells: readonly (readonly TradeCell[])[];
  /** Per target level and burn time, the minimum Δv. */
  readonly minimumDv: readonly MinimumDv[];
}

/** The outcome of a burn of size `dvMps` in `direction` at the basis' epoch. */
export function outcomeOf(model: AvoidanceModel, basis: LeadBasis, direction: BurnDirection, dvMps: number): { outcome: Omit<BurnOutcome, 'dvInertialMps'>; directionRtn: Vector3 } {
  const u = directionFor(model, basis, direction, dvMps);
  const dv: Vector3 = [u[0] * dvMps, u[1] * dvMps, u[2] * dvMps];
  return { outcome: encounterAfter(model, trackOf(model, basis, dv)), directionRtn: u };
}

/**
 * The smallest |Δv| in `direction` at the basis' epoch whose Pc is at most `targetPc`, searching
 * (0, maxDvMps]: sizes in `steps` even steps until one reaches the target, then bisection between it
 * and the one before to a relative 1e-4.
 */
export function minimumDv(model: AvoidanceModel, basis: LeadBasis, direction: BurnDirection, targetPc: number, maxDvMps: number, steps = 24, scan?: readonly { readonly dvMps: number; readonly pc: number | null }[]): MinimumDv {
  if (!(targetPc > 0 && targetPc < 1)) throw new RangeError('the target Pc must lie between 0 and 1');
  if (!(maxDvMps > 0) || !Number.isFinite(maxDvMps)) throw new RangeError('the largest Δv must be a positive number of m/s');
  const pcOf = (dv: number) => outcomeOf(model, basis, direction, dv);
  const ok = (pc: number | null) => pc !== null && pc <= targetPc;
  const zero = encounterAfter(model, model.primary);
  if (ok(zero.assessment.collisionProbability)) return { leadS: basis.leadS, targetPc, dvMps: 0, directionRtn: null, pc: zero.assessment.collisionProbability, missM: zero.missM };
  let lo = 0;
  let hiRun: ReturnType<typeof pcOf> | null = null;
  let hi = 0;
  // The sizes to try in order: a grid row already computed (`scan`, sizes ascending), else even steps.
  const sizes = scan ? scan.filter((c) => c.dvMps > 0 && c.dvMps <= maxDvMps) : Array.from({ length: steps }, (_, i) => ({ dvMps: (maxDvMps * (i + 1)) / steps, pc: undefined as number | null | undefined }));
  for (const size of sizes) {
    if (size.pc !== undefined && !ok(size.pc)) {
      lo = size.dvMps;
      continue;
    }
    const run = pcOf(size.dvMps);
    if (ok(run.outcome.assessment.collisionProbability)) {
      hi = size.dvMps;
      hiRun = run;
      break;
    }
    lo = size.dvMps;
  }
  if (hiRun === null) return { leadS: basis.leadS, targetPc, dvMps: null, directionRtn: null, pc: null, missM: null };
  // Illinois regula falsi on g = ln Pc − ln target (smooth in the size: the Pc falls about as a
  // Gaussian of the miss), bisection where a side's Pc is 0 or undefined; the size that reaches the
  // target is always kept as `hi`.
  const g = (pc: number | null) => (pc !== null && pc > 0 ? Math.log(pc) - Math.log(targetPc) : Number.NaN);
  let glo = lo === 0 ? g(encounterAfter(model, model.primary).assessment.collisionProbability) : g(pcOf(lo).outcome.assessment.collisionProbability);
  let ghi = g(hiRun.outcome.assessment.collisionProbability);
  let side = 0;
  for (let i = 0; i < 60 && hi - lo > 1e-4 * hi; i += 1) {
    const secant = Number.isFinite(glo) && Number.isFinite(ghi) && glo !== ghi ? (lo * ghi - hi * glo) / (ghi - glo) : Number.NaN;
    // Keep the new point well inside the bracket so that it always shrinks.
    const margin = 1e-3 * (hi - lo);
    const mid = Number.isFinite(secant) ? Math.min(hi - margin, Math.max(lo + margin, secant)) : 0.5 * (lo + hi);
    const run = pcOf(mid);
    const gm = g(run.outcome.assessment.collisionProbability);
    if (ok(run.outcome.assessment.collisionProbability)) {
      hi = mid;
      hiRun = run;
      ghi = gm;
      if (side === 1) glo /= 2;
      side = 1;
    } else {
      lo = mid;
      glo = gm;
      if (side === -1) ghi /= 2;
      side = -1;
    }
    // Close enough to the target from the safe side: done.
    if (Number.isFinite(ghi) && ghi > -1e-6) break;
  }
  return { leadS: basis.leadS, targetPc, dvMps: hi, directionRtn: hiRun.directionRtn, pc: hiRun.outcome.assessment.collisionProbability, missM: hiRun.outcome.missM };
}

/**
 * A minimum Δv found on the linear basis, polished on the full propagation (evaluateBurn) in the
 * same direction: the smallest size whose fully propagated outcome reaches the target, by bisection
 * to 1e-5 relative inside a bracket grown from ±1 % of the basis' answer. What a single plan then
 * reports is exactly at the target.
 */
export function polishMinimumDv(model: AvoidanceModel, found: MinimumDv): MinimumDv & { readonly outcome: BurnOutcome | null } {
  if (found.dvMps === null || found.dvMps === 0 || found.directionRtn === null) return { ...found, outcome: null };
  const u = found.directionRtn;
  const run = (dv: number) => evaluateBurn(model, { leadS: found.leadS, dvRtnMps: [u[0] * dv, u[1] * dv, u[2] * dv] });
  const ok = (o: BurnOutcome) => o.assessment.collisionProbability !== null && o.assessment.collisionProbability <= found.targetPc;
  let hi = found.dvMps * 1.01;
  let hiRun = run(hi);
  for (let i = 0; i < 20 && !ok(hiRun); i += 1) {
    hi *= 1.1;
    hiRun = run(hi);
  }
  if (!ok(hiRun)) return { ...found, outcome: null };
  let lo = found.dvMps * 0.99;
  for (let i = 0; i < 20 && ok(run(lo)); i += 1) {
    hi = lo;
    lo *= 0.9;
  }
  hiRun = run(hi);
  while (hi - lo > 1e-5 * hi) {
    const mid = 0.5 * (lo + hi);
    const r = run(mid);
    if (ok(r)) {
      hi = mid;
      hiRun = r;
    } else lo = mid;
  }
  return { ...found, dvMps: hi, pc: hiRun.assessment.collisionProbability, missM: hiRun.missM, outcome: hiRun };
}

/** The grid and the minimum-Δv curve for each target level. */
export function tradeSpace(model: AvoidanceModel, request: { readonly leadTimesS: readonly number[]; readonly dvMagnitudesMps: readonly number[]; readonly direction: BurnDirection; readonly targets?: readonly number[] }): TradeSpace {
  const { leadTimesS, dvMagnitudesMps, direction } = request;
  if (leadTimesS.length === 0 || dvMagnitudesMps.length === 0) throw new RangeError('the trade space needs at least one burn time and one Δv');
  if (!dvMagnitudesMps.every((x) => x >= 0 && Number.isFinite(x))) throw new RangeError('Δv magnitudes must be finite and ≥ 0 m/s');
  const targets = request.targets ?? [DEFAULT_TARGET_PC];
  const maxDv = Math.max(...dvMagnitudesMps);
  const cells: TradeCell[][] = [];
  const minimum: MinimumDv[] = [];
  for (const leadS of leadTimesS) {
    const basis = leadBasis(model, leadS);
    cells.push(
      dvMagnitudesMps.map((dv) => {
        const { outcome, directionRtn } = outcomeOf(model, basis, direction, dv);
        return { pc: outcome.assessment.collisionProbability, pcMethod: outcome.assessment.method, missM: outcome.missM, directionRtn };
      }),
    );
    // The row brackets each root; bisection then refines it.
    const row = dvMagnitudesMps.map((dvMps, j) => ({ dvMps, pc: cells[cells.length - 1]![j]!.pc })).sort((x, y) => x.dvMps - y.dvMps);
    if (maxDv > 0) for (const t of targets) minimum.push(minimumDv(model, basis, direction, t, maxDv, undefined, row));
  }
  return { leadTimesS, dvMagnitudesMps, direction, cells, minimumDv: minimum };
}
