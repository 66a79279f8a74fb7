/**
 * States and covariances of an OEM segment at any instant of its useable span.
 *
 * The state: CCSDS 502.0-B-2/B-3 Table 5-3 lets the producer recommend a method (INTERPOLATION:
 * HERMITE, LAGRANGE, LINEAR) and a degree (INTERPOLATION_DEGREE) but does not say how many samples a
 * degree means for Hermite; we read it as Orekit does (OemSegment.getInterpolationSamples: degree + 1
 * samples for every method) and take those N + 1 data lines around t, centred on t as far as the segment
 * allows (N odd: as many before t as after; near an end the window slides inward, never past it).
 *  - LAGRANGE: the Lagrange polynomial of degree N through the positions (R. L. Burden & J. D. Faires,
 *    Numerical Analysis, 9th ed., 2011, §3.1, Theorem 3.2: P(t) = Σ f(tⱼ) Lⱼ(t),
 *    Lⱼ(t) = ∏ₖ≠ⱼ (t − tₖ)/(tⱼ − tₖ)); the velocities given are interpolated with the same weights, each
 *    component as its own function, rather than by differentiating the position polynomial, which
 *    would lose an order of accuracy.
 *  - HERMITE: the Hermite polynomial through the positions with the velocities as its derivatives, of
 *    degree 2N + 1 (Burden & Faires §3.4, Theorem 3.9; built as Newton divided differences on doubled
 *    nodes, Algorithm 3.3); the velocity is its derivative.
 *  - LINEAR: LAGRANGE of degree 1.
 * With no INTERPOLATION keyword we use LAGRANGE of degree 5. The standard leaves the choice to the user
 * (both keywords are optional, Table 5-3). Degree 5 (six samples, ±2.5 steps) makes the truncation error
 * of a LEO ephemeris sampled every 60 s a few millimetres (the error term f⁽⁶⁾(ξ)/6! ∏(t − tₖ), Burden &
 * Faires Theorem 3.3, with |f⁽⁶⁾| ≈ r ω⁶, r ≈ 6,800 km, ω ≈ 1.16e-3 rad/s: ≈ 4 mm at a mid-point of a
 * centred window, ≈ 1.5 cm between the first or last two samples; the tests measure both) — far below
 * the metre-level position uncertainty screening works with — while the short window keeps the
 * interpolation local and its amplification of rounding in the data small (the Lebesgue constant of
 * equispaced nodes grows exponentially with the degree). Degree 3 would be metres off at 60 s. The
 * error grows as the sixth power of the step (≈ 3 m at 180 s): a producer of a coarser ephemeris
 * should name its interpolation, and one that names it is followed.
 *
 * The covariance: the standard gives no interpolation method for covariance matrices (INTERPOLATION
 * speaks of the ephemeris data lines). We report the last matrix given at or before t, in its own
 * COV_REF_FRAME, with its epoch and age, rather than interpolating between the two around t, because
 *  - two consecutive matrices may be in different frames (an RTN one beside an EME2000 one), which no
 *    element-wise interpolation can mix;
 *  - even in one frame, RTN axes turn with the orbit, and the true covariance between two epochs follows
 *    the dynamics (in-track variance grows faster than linearly), not a straight line between them;
 *    a linear blend would claim an accuracy it does not have;
 *  - a matrix the producer gave is a statement of the producer's; the age says how stale it is, and a
 *    caller that needs it at t can propagate it with its own dynamics.
 */
import { formatUtc } from '../time/iso-time.ts';
import type { UtcMs } from '../units.ts';
import type { OemCovariance, OemSegment, OemState } from './oem-model.ts';

export type OemInterpolationMethod = 'LAGRANGE' | 'HERMITE';

/** The method and degree used when a segment has no INTERPOLATION keyword (see the file comment). */
export const DEFAULT_OEM_INTERPOLATION = { method: 'LAGRANGE', degree: 5 } as const;

export interface OemInterpolatedState {
  readonly epoch: UtcMs;
  /** km, in `frame`. */
  readonly r: readonly [number, number, number];
  /** km/s, in `frame`. */
  readonly v: readonly [number, number, number];
  /** The segment's REF_FRAME, upper case. */
  readonly frame: string;
  readonly method: OemInterpolationMethod;
  readonly degree: number;
}

export interface OemCovarianceAt extends OemCovariance {
  /** t − epoch of the matrix, ms (≥ 0). */
  readonly ageMs: number;
}

/**
 * The interpolation a segment asks for: INTERPOLATION (LINEAR read as LAGRANGE of degree 1) and
 * INTERPOLATION_DEGREE, or DEFAULT_OEM_INTERPOLATION when INTERPOLATION is absent (LAGRANGE, of the
 * INTERPOLATION_DEGREE if one is given alone). A method given without a degree takes the default degree.
 * Throws a RangeError for a method it does not know.
 */
export function oemSegmentInterpolation(segment: OemSegment): { readonly method: OemInterpolationMethod; readonly degree: number } {
  const method = segment.metadata.INTERPOLATION?.trim().toUpperCase();
  const given = segment.metadata.INTERPOLATION_DEGREE;
  const degree = given === undefined ? DEFAULT_OEM_INTERPOLATION.degree : Number(given);
  if (!(Number.isInteger(degree) && degree >= 1)) throw new RangeError(`INTERPOLATION_DEGREE '${given}' is not a positive whole number`);
  if (method === undefined) return { method: DEFAULT_OEM_INTERPOLATION.method, degree };
  if (method === 'LINEAR') return { method: 'LAGRANGE', degree: 1 };
  if (method === 'LAGRANGE' || method === 'HERMITE') return { method, degree };
  throw new RangeError(`INTERPOLATION ${segment.metadata.INTERPOLATION} is not supported: LAGRANGE, HERMITE or LINEAR`);
}

function checkInUseableSpan(segment: OemSegment, t: UtcMs): void {
  const { useableStart, useableStop } = segment.span;
  if (!(t >= useableStart && t <= useableStop)) {
    throw new RangeError(`${formatUtc(t, 3)} is outside the segment's useable span ${formatUtc(useableStart, 3)} … ${formatUtc(useableStop, 3)}`);
  }
}

/** Index of the last state at or before t (states in increasing time order, t ≥ the first epoch). */
function lastAtOrBefore(states: readonly OemState[], t: number): number {
  let lo = 0;
  let hi = states.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (states[mid]!.epoch <= t) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Lagrange basis values Lⱼ(s) at the nodes (Burden & Faires Theorem 3.2). */
function lagrangeWeights(nodes: readonly number[], s: number): number[] {
  return nodes.map((sj, j) => {
    let w = 1;
    for (let k = 0; k < nodes.length; k += 1) if (k !== j) w *= (s - nodes[k]!) / (sj - nodes[k]!);
    return w;
  });
}

/**
 * The Hermite polynomial H with H(sᵢ) = fᵢ, H′(sᵢ) = dᵢ, and H′, at s: Newton's divided differences on
 * the doubled nodes z₂ᵢ = z₂ᵢ₊₁ = sᵢ (Burden & Faires Algorithm 3.3), evaluated by Horner's rule with its
 * derivative.
 */
function hermite(nodes: readonly number[], f: readonly number[], d: readonly number[], s: number): [number, number] {
  const m = 2 * nodes.length;
  const z = new Array<number>(m);
  const q = new Array<number>(m); // one column of the divided-difference table at a time
  for (let i = 0; i < nodes.length; i += 1) {
    z[2 * i] = nodes[i]!;
    z[2 * i + 1] = nodes[i]!;
    q[2 * i] = f[i]!;
    q[2 * i + 1] = f[i]!;
  }
  const coefficients = [q[0]!];
  // Column 1: f[z₂ᵢ, z₂ᵢ₊₁] = dᵢ; f[z₂ᵢ₋₁, z₂ᵢ] = (f(sᵢ) − f(sᵢ₋₁)) / (sᵢ − sᵢ₋₁).
  for (let i = m - 1; i >= 1; i -= 1) q[i] = i % 2 === 1 ? d[(i - 1) / 2]! : (q[i]! - q[i - 1]!) / (z[i]! - z[i - 1]!);
  coefficients.push(q[1]!);
  for (let j = 2; j < m; j += 1) {
    for (let i = m - 1; i >= j; i -= 1) q[i] = (q[i]! - q[i - 1]!) / (z[i]! - z[i - j]!);
    coefficients.push(q[j]!);
  }
  let p = coefficients[m - 1]!;
  let dp = 0;
  for (let i = m - 2; i >= 0; i -= 1) {
    dp = dp * (s - z[i]!) + p;
    p = p * (s - z[i]!) + coefficients[i]!;
  }
  return [p, dp];
}

/**
 * Position and velocity at `t` by the segment's interpolation (see the file comment), in its REF_FRAME.
 * Throws a RangeError when t is outside USEABLE_START_TIME … USEABLE_STOP_TIME (START_TIME … STOP_TIME
 * when absent) or outside the data lines, when the segment has fewer data lines than the degree needs,
 * or when its method is unknown.
 */
export function interpolateOemSegment(segment: OemSegment, t: UtcMs): OemInterpolatedState {
  const { method, degree } = oemSegmentInterpolation(segment);
  checkInUseableSpan(segment, t);
  const { states } = segment;
  const count = degree + 1;
  if (states.length < count) throw new RangeError(`${method} of degree ${degree} needs ${count} data lines, the segment has ${states.length}`);
  if (!(t >= states[0]!.epoch && t <= states.at(-1)!.epoch)) throw new RangeError(`${formatUtc(t, 3)} is outside the segment's data lines (${formatUtc(states[0]!.epoch, 3)} … ${formatUtc(states.at(-1)!.epoch, 3)})`);
  const k = lastAtOrBefore(states, t);
  const first = Math.min(Math.max(k - Math.floor(degree / 2), 0), states.length - count);
  const window = states.slice(first, first + count);
  // Seconds from the first sample of the window: small, well-scaled abscissae.
  const t0 = window[0]!.epoch;
  const nodes = window.map((s) => (s.epoch - t0) / 1000);
  // A strict read guarantees increasing epochs; a lenient one does not, and equal nodes would divide by zero.
  if (nodes.some((x, j) => j > 0 && !(x > nodes[j - 1]!))) throw new RangeError(`the data lines around ${formatUtc(t, 3)} are not in increasing time order`);
  const s = (t - t0) / 1000;
  const r = [0, 0, 0];
  const v = [0, 0, 0];
  if (method === 'LAGRANGE') {
    const w = lagrangeWeights(nodes, s);
    for (let c = 0; c < 3; c += 1) {
      for (let j = 0; j < count; j += 1) {
        r[c]! += w[j]! * window[j]!.r[c]!;
        v[c]! += w[j]! * window[j]!.v[c]!;
      }
    }
  } else {
    for (let c = 0; c < 3; c += 1) {
      [r[c], v[c]] = hermite(
        nodes,
        window.map((x) => x.r[c]!),
        window.map((x) => x.v[c]!),
        s,
      );
    }
  }
  return { epoch: t, r: [r[0]!, r[1]!, r[2]!], v: [v[0]!, v[1]!, v[2]!], frame: (segment.metadata.REF_FRAME ?? '').trim().toUpperCase(), method, degree };
}

/**
 * The covariance at `t`: the last matrix given at or before t, in its own COV_REF_FRAME, with its age
 * (see the file comment for why it is not interpolated); undefined when the segment gives none at or
 * before t. Throws a RangeError when t is outside the segment's useable span.
 */
export function interpolateOemCovariance(segment: OemSegment, t: UtcMs): OemCovarianceAt | undefined {
  checkInUseableSpan(segment, t);
  let best: OemCovariance | undefined;
  for (const c of segment.covarianceMatrices) if (c.epoch <= t && (best === undefined || c.epoch >= best.epoch)) best = c;
  return best === undefined ? undefined : { ...best, matrix: best.matrix.map((row) => [...row]), ageMs: t - best.epoch };
}
