/**
 * The last stage of the screener: every minimum of the SGP4 distance below the threshold inside
 * a candidate interval that the filters could not rule out.
 *
 * The relative position ρ(t) = r₂ − r₁ is sampled with SGP4 at a step h. Between samples, ρ is
 * bounded by the cubic P through the four nearest samples: for Lagrange interpolation
 *   |ρ(t) − P(t)| ≤ max|ρ⁗|/4! · |Π(t − tᵢ)|
 * (the Lagrange remainder ρ(t) − P(t) = ρ[t₀,…,t₃,t]·Π(t − tᵢ); by the Hermite–Genocchi formula
 * the divided difference is the mean of ρ⁗/4! over a simplex, so the bound holds for the vector
 * norm; |ρ⁗| ≤ |r₁⁗| + |r₂⁗|, each bounded in kepler-bounds.ts). So the distance on a
 * sub-interval is at least min|P| − that bound; a sub-interval whose bound stays at or above the
 * threshold cannot hold an approach below it. Interpolating a sampled ephemeris to locate close
 * approaches is the idea of Casanova et al. 2014 ("Determination of close approaches based on
 * ephemeris smoothing"); here the interpolation error is bounded rather than estimated. Only the
 * velocity-free form is used: SGP4's velocity is not the exact derivative of its position
 * (minimize.ts). A cheaper bound is tried first: a twice-differentiable curve leaves the chord
 * between two samples by at most max|ρ''|·h²/8.
 *
 * Minima are then located among the samples (a sample no farther than its neighbours brackets a
 * minimum, because the step is at most 1/16 of the fastest orbital time scale 2π r_p/v_p, which
 * keeps the distance unimodal over two steps: two extrema of |ρ| are at least about a quarter of
 * the relative motion's period apart) and refined by Brent's method (pair-distance.ts).
 */
import type { Sgp4Model } from '../propagation/sgp4.ts';
import { positionInto, refineMinimum, type EvaluationCounter } from './pair-distance.ts';

export interface IntervalSearch {
  readonly a: Sgp4Model;
  readonly b: Sgp4Model;
  readonly thresholdKm: number;
  /** Largest sampling step, ms. */
  readonly maxStepMs: number;
  /** Bound on |ρ⁗| for the pair, km/s⁴. */
  readonly fourthDerivative: number;
  /** Bound on |ρ''| = |r̈₂ − r̈₁| for the pair, km/s². */
  readonly accelerationBound: number;
  /** Samples never go outside [limitLo, limitHi] (where the models were checked). */
  readonly limitLo: number;
  readonly limitHi: number;
  readonly counter: EvaluationCounter;
}

export interface FoundMinimum {
  readonly t: number;
  readonly distanceKm: number;
}

/** The error factor max|Π(t − tᵢ)| / h⁴ of a cubic through 4 equally spaced points: 9/16 on the middle interval, 1 on the outer ones. */
const MIDDLE_FACTOR = 9 / 16;
const OUTER_FACTOR = 1;
const SCAN = 16;

/** Lagrange basis of 4 nodes (in seconds from the first) evaluated at x. */
function lagrange(nodes: readonly number[], x: number, out: number[]): void {
  for (let i = 0; i < 4; i += 1) {
    let l = 1;
    for (let j = 0; j < 4; j += 1) if (j !== i) l *= (x - nodes[j]!) / (nodes[i]! - nodes[j]!);
    out[i] = l;
  }
}

const basis = [0, 0, 0, 0];
const NODES = [0, 0, 0, 0];
const STENCIL = [0, 0, 0, 0];

/** Distance from the origin to the segment between samples i and i+1 of ρ. */
function segmentDistance(rho: Float64Array, i: number): number {
  const ax = rho[3 * i]!;
  const ay = rho[3 * i + 1]!;
  const az = rho[3 * i + 2]!;
  const dx = rho[3 * i + 3]! - ax;
  const dy = rho[3 * i + 4]! - ay;
  const dz = rho[3 * i + 5]! - az;
  const length2 = dx * dx + dy * dy + dz * dz;
  const f = length2 > 0 ? Math.min(1, Math.max(0, -(ax * dx + ay * dy + az * dz) / length2)) : 0;
  return Math.hypot(ax + f * dx, ay + f * dy, az + f * dz);
}

/** |P(x)| for the cubic P through the stencil's samples of ρ (nodes in seconds). */
function cubicNorm(nodes: readonly number[], rho: Float64Array, idx: readonly number[], x: number): number {
  lagrange(nodes, x, basis);
  let px = 0;
  let py = 0;
  let pz = 0;
  for (let i = 0; i < 4; i += 1) {
    const k = 3 * idx[i]!;
    px += basis[i]! * rho[k]!;
    py += basis[i]! * rho[k + 1]!;
    pz += basis[i]! * rho[k + 2]!;
  }
  return Math.hypot(px, py, pz);
}

/** min over [x0, x1] of |P(x)| for the cubic P through (nodes, values), by a scan and a golden refinement. */
function cubicMinimumNorm(nodes: readonly number[], rho: Float64Array, idx: readonly number[], x0: number, x1: number): number {
  let best = Infinity;
  let bestX = x0;
  for (let s = 0; s <= SCAN; s += 1) {
    const x = x0 + ((x1 - x0) * s) / SCAN;
    const value = cubicNorm(nodes, rho, idx, x);
    if (value < best) {
      best = value;
      bestX = x;
    }
  }
  // Golden-section refinement around the best scan point (the cubic is nearly straight there).
  let lo = Math.max(x0, bestX - (x1 - x0) / SCAN);
  let hi = Math.min(x1, bestX + (x1 - x0) / SCAN);
  for (let k = 0; k < 30 && hi - lo > 1e-6 * (x1 - x0); k += 1) {
    const m1 = hi - 0.6180339887498949 * (hi - lo);
    const m2 = lo + 0.6180339887498949 * (hi - lo);
    const f1 = cubicNorm(nodes, rho, idx, m1);
    const f2 = cubicNorm(nodes, rho, idx, m2);
    if (f1 < best) best = f1;
    if (f2 < best) best = f2;
    if (f1 < f2) hi = m2;
    else lo = m1;
  }
  return best;
}

/**
 * Every local minimum of the SGP4 distance with distance < threshold and time in [lo, hi]
 * (extended by one step on each side, within the limits, so that minima near the ends are
 * bracketed). Instants where SGP4 fails for either object are skipped: a minimum is reported
 * only where both propagate.
 */
export function searchInterval(search: IntervalSearch, lo: number, hi: number): FoundMinimum[] {
  const { a, b, thresholdKm, counter } = search;
  const length = Math.max(hi - lo, 1);
  const segments = Math.max(1, Math.ceil(length / search.maxStepMs));
  const step = length / segments;
  const times: number[] = [];
  for (let k = -1; k <= segments + 1; k += 1) {
    const t = lo + k * step;
    if (t >= search.limitLo && t <= search.limitHi) times.push(t);
  }
  const n = times.length;
  if (n < 3) return [];
  const rho = new Float64Array(3 * n);
  const ra = new Float64Array(3);
  const rb = new Float64Array(3);
  const valid = new Uint8Array(n);
  const distance = new Float64Array(n);
  for (let k = 0; k < n; k += 1) {
    counter.sgp4Calls += 2;
    if (positionInto(a, times[k]!, ra, 0) && positionInto(b, times[k]!, rb, 0)) {
      valid[k] = 1;
      rho[3 * k] = rb[0]! - ra[0]!;
      rho[3 * k + 1] = rb[1]! - ra[1]!;
      rho[3 * k + 2] = rb[2]! - ra[2]!;
      distance[k] = Math.hypot(rho[3 * k]!, rho[3 * k + 1]!, rho[3 * k + 2]!);
    } else distance[k] = Infinity;
  }

  // Lower bound of the distance on each sub-interval [t_i, t_{i+1}]: first the cheap one from the
  // chord (a C² curve leaves its chord by at most max|ρ''|·h²/8, with |ρ''| ≤ |r̈₁| + |r̈₂|), and
  // only where that does not clear the threshold, the cubic one.
  const stepS = step / 1000;
  const errorBase = (search.fourthDerivative / 24) * stepS ** 4;
  const chordSlack = (search.accelerationBound * stepS * stepS) / 8;
  const lower = new Float64Array(n - 1);
  for (let i = 0; i + 1 < n; i += 1) {
    if (!valid[i] || !valid[i + 1]) {
      lower[i] = -Infinity;
      continue;
    }
    const chord = segmentDistance(rho, i) - chordSlack;
    if (chord >= thresholdKm || n < 4) {
      lower[i] = chord;
      continue;
    }
    const first = Math.min(Math.max(i - 1, 0), n - 4);
    if (!valid[first] || !valid[first + 1] || !valid[first + 2] || !valid[first + 3]) {
      lower[i] = chord;
      continue;
    }
    STENCIL[0] = first;
    STENCIL[1] = first + 1;
    STENCIL[2] = first + 2;
    STENCIL[3] = first + 3;
    for (let k = 0; k < 4; k += 1) NODES[k] = (times[first + k]! - times[first]!) / 1000;
    const factor = i === first + 1 ? MIDDLE_FACTOR : OUTER_FACTOR;
    const x0 = (times[i]! - times[first]!) / 1000;
    const x1 = (times[i + 1]! - times[first]!) / 1000;
    lower[i] = Math.max(chord, cubicMinimumNorm(NODES, rho, STENCIL, x0, x1) - errorBase * factor * 1.05);
  }

  const found: FoundMinimum[] = [];
  for (let m = 1; m + 1 < n; m += 1) {
    if (!valid[m] || !valid[m - 1] || !valid[m + 1]) continue;
    if (distance[m]! > distance[m - 1]! || distance[m]! > distance[m + 1]!) continue;
    if (!(lower[m - 1]! < thresholdKm || lower[m]! < thresholdKm)) continue;
    const minimum = refineMinimum(a, b, times[m - 1]!, times[m]!, times[m + 1]!, counter);
    if (minimum && minimum.distanceKm < thresholdKm) found.push(minimum);
  }
  return found;
}
