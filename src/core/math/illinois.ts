/**
 * A root of a function of one variable on a bracket by the Illinois method, the modified regula
 * falsi of M. Dowell & P. Jarratt, "A modified regula falsi method for computing the root of an
 * equation", BIT 11 (1971) 168–174. Each step is the secant through the bracket's ends
 * x = (a·f(b) − b·f(a)) / (f(b) − f(a)); the end whose value has the sign of f(x) is replaced by x,
 * and when the same end is kept twice running, the value kept there is halved. Plain regula falsi
 * keeps one end for ever once f is convex or concave on the bracket and converges only linearly;
 * the halving moves the secant past the root, and the method converges with order 3^(1/3) ≈ 1.442
 * (shown by Dowell & Jarratt) while the bracket, like bisection's, always holds the root.
 *
 * Shared by the closest-approach searches (core/avoidance/closest-approach.ts and
 * core/screening/screen-near.ts), whose f is the range rate Δr·Δv between two tracks.
 */

/**
 * A root of f in [a, b] (a < b) given fa = f(a) and fb = f(b) of opposite signs (or one of them 0),
 * to an absolute tolerance `tol` in x: the search stops when the bracket is no wider than tol, f is
 * exactly 0 at an iterate, or after `maxIter` evaluations of f. Returns:
 * - a or b when fa or fb is 0 (f is not called);
 * - b when b − a ≤ tol already (f is not called);
 * - otherwise the last iterate (within tol of the root once the bracket has closed; the iterates
 *   always lie in the bracket), or undefined when f returns NaN at an iterate (f has no value there:
 *   the search stops, as a caller's f that records its samples may want).
 * RangeError when a, b, fa, fb are not numbers with a < b, tol is negative or NaN, or fa and fb
 * have the same sign (no bracket).
 */
export function illinoisRoot(f: (x: number) => number, a: number, b: number, fa: number, fb: number, tol: number, maxIter = 100): number | undefined {
  if (!(a < b) || !Number.isFinite(a) || !Number.isFinite(b)) throw new RangeError(`illinoisRoot: the bracket [${a}, ${b}] must be finite with a < b`);
  if (Number.isNaN(fa) || Number.isNaN(fb)) throw new RangeError('illinoisRoot: f has no value at an end of the bracket');
  if (!(tol >= 0)) throw new RangeError(`illinoisRoot: the tolerance must be 0 or more, got ${tol}`);
  if (fa === 0) return a;
  if (fb === 0) return b;
  if (fa < 0 === fb < 0) throw new RangeError(`illinoisRoot: f(a) = ${fa} and f(b) = ${fb} have the same sign: no root is bracketed`);
  // The sign of f at lo, fixed: the halved value kept there could underflow to 0.
  const negativeAtLo = fa < 0;
  let lo = a;
  let flo = fa;
  let hi = b;
  let fhi = fb;
  // Which end the last step replaced: −1 lo, +1 hi, 0 none yet.
  let side = 0;
  let x = b;
  for (let i = 0; i < maxIter && hi - lo > tol; i += 1) {
    const secant = (lo * fhi - hi * flo) / (fhi - flo);
    // The secant lies in [lo, hi] in exact arithmetic; clamp its round-off, and bisect should it overflow.
    x = Number.isFinite(secant) ? Math.min(hi, Math.max(lo, secant)) : 0.5 * (lo + hi);
    const fx = f(x);
    if (Number.isNaN(fx)) return undefined;
    if (fx === 0) return x;
    if (fx < 0 === negativeAtLo) {
      lo = x;
      flo = fx;
      if (side === -1) fhi /= 2;
      side = -1;
    } else {
      hi = x;
      fhi = fx;
      if (side === 1) flo /= 2;
      side = 1;
    }
  }
  return x;
}
