/**
 * The standard normal distribution in the forms the disk integral needs: its log density, and the
 * log of the probability of an interval, Φ(u) − Φ(l), kept accurate when both ends are deep in
 * the same tail (where Φ(u) − Φ(l) would cancel to zero).
 *
 * Three forms, each used where it does not cancel:
 * - a short interval (half-width h ≤ ½ and |midpoint m|·h ≤ 1), the case of a hard-body disk much
 *   smaller than the covariance: Φ(u) − Φ(l) = φ(m) ∫_{−h}^{h} exp(−m s − s²/2) ds, by 8-point
 *   Gauss–Legendre (Abramowitz & Stegun, Handbook of Mathematical Functions, §25.4, Gauss'
 *   formula, its error term and Table 25.4). The integrand is positive and its 16th derivative is
 *   tiny on such an interval, so the rule is exact to rounding (the error term is below 1e-16
 *   relative under these bounds);
 * - 0 ≤ l < u otherwise: Φ(x) = ½ erfc(−x/√2) (A&S ch. 26 and 7.1), so
 *   Φ(u) − Φ(l) = ½ erfc(l/√2) · (1 − exp(ln erfc(u/√2) − ln erfc(l/√2))), evaluated with expm1
 *   and the scaled erfcx, which keeps both ends deep in the tail representable;
 * - l < 0 < u: Φ(u) − Φ(l) = ½ [erf(u/√2) + erf(−l/√2)], a sum of two positive terms.
 * Intervals entirely below zero are mirrored into the upper tail.
 */
import { erf, erfcx, logErfc } from './erf.ts';

const SQRT_HALF = Math.SQRT1_2;
const LOG_SQRT_2PI = 0.5 * Math.log(2 * Math.PI);
const LOG_HALF = Math.log(0.5);

// 8-point Gauss–Legendre nodes (positive half) and weights on [−1, 1] (A&S Table 25.4, n = 8).
const GL_X = [0.1834346424956498, 0.525532409916329, 0.7966664774136267, 0.9602898564975363] as const;
const GL_W = [0.362683783378362, 0.31370664587788727, 0.22238103445337448, 0.10122853629037626] as const;

/** ln of the standard normal density at z. */
export function logNormalDensity(z: number): number {
  return -0.5 * z * z - LOG_SQRT_2PI;
}

/**
 * ln(erfc(q) / erfc(p)) for 0 ≤ p ≤ q, as −(q − p)(q + p) + ln(erfcx(q) / erfcx(p)), which keeps
 * its relative accuracy when q is close to p (the first term is exact to rounding).
 */
function logErfcRatio(p: number, q: number): number {
  return -(q - p) * (q + p) + Math.log(erfcx(q) / erfcx(p));
}

/** ln(Φ(u) − Φ(l)) for the standard normal Φ and l ≤ u; −∞ when the interval is empty. */
export function logNormalIntervalProbability(lower: number, upper: number): number {
  if (!(upper > lower)) return Number.NEGATIVE_INFINITY;
  const h = 0.5 * (upper - lower);
  const m = 0.5 * (upper + lower);
  if (h <= 0.5 && Math.abs(m) * h <= 1) {
    let sum = 0;
    for (let i = 0; i < 4; i += 1) {
      const s = h * GL_X[i]!;
      sum += GL_W[i]! * (Math.exp(-m * s) + Math.exp(m * s)) * Math.exp(-0.5 * s * s);
    }
    return logNormalDensity(m) + Math.log(sum * h);
  }
  // Mirror an interval below zero into the upper tail: Φ(u) − Φ(l) = Φ(−l) − Φ(−u).
  const [l, u] = upper <= 0 ? [-upper, -lower] : [lower, upper];
  if (l >= 0) {
    const p = l * SQRT_HALF;
    if (u === Number.POSITIVE_INFINITY) return LOG_HALF + logErfc(p);
    const q = u * SQRT_HALF;
    return LOG_HALF + logErfc(p) + Math.log(-Math.expm1(logErfcRatio(p, q)));
  }
  const high = u === Number.POSITIVE_INFINITY ? 1 : erf(u * SQRT_HALF);
  const low = l === Number.NEGATIVE_INFINITY ? 1 : erf(-l * SQRT_HALF);
  return Math.log(0.5 * (high + low));
}
