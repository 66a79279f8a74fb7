/**
 * Brent's method for the minimum of a function of one variable on a bracket: golden-section
 * steps safeguarding parabolic interpolation (R. P. Brent, "Algorithms for Minimization without
 * Derivatives", Prentice-Hall 1973, ch. 5; the procedure `localmin`, as in Press et al.,
 * Numerical Recipes, 3rd ed., §10.3 `Brent`). It needs only function values, which is why the
 * time of closest approach is found from SGP4 positions alone: SGP4's velocity is not exactly
 * the derivative of its position (for strongly decaying orbits the difference reaches 0.1 km/s),
 * so the zero of ρ·ρ̇ would not be the minimum of |ρ|.
 */

const GOLDEN = 0.3819660112501051; // (3 − √5)/2
const MAX_ITERATIONS = 200;

export interface Minimum {
  readonly x: number;
  readonly value: number;
  readonly evaluations: number;
}

/**
 * The minimum of f on [lo, hi], starting from `start` in (lo, hi) (ideally with f(start) below
 * f at both ends), to an absolute tolerance `tolerance` in x. Returns undefined when f returns
 * undefined (the caller's function cannot be evaluated there).
 */
export function brentMinimum(f: (x: number) => number | undefined, lo: number, hi: number, start: number, tolerance: number): Minimum | undefined {
  let a = lo;
  let b = hi;
  let x = start;
  let w = start;
  let v = start;
  const fStart = f(start);
  if (fStart === undefined) return undefined;
  let fx = fStart;
  let fw = fx;
  let fv = fx;
  let d = 0;
  let e = 0;
  let evaluations = 1;
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration += 1) {
    const mid = 0.5 * (a + b);
    const tol1 = tolerance;
    const tol2 = 2 * tol1;
    if (Math.abs(x - mid) <= tol2 - 0.5 * (b - a)) break;
    let golden = true;
    if (Math.abs(e) > tol1) {
      // Parabola through x, w, v.
      const r = (x - w) * (fx - fv);
      let q = (x - v) * (fx - fw);
      let p = (x - v) * q - (x - w) * r;
      q = 2 * (q - r);
      if (q > 0) p = -p;
      q = Math.abs(q);
      const eOld = e;
      e = d;
      if (Math.abs(p) < Math.abs(0.5 * q * eOld) && p > q * (a - x) && p < q * (b - x)) {
        d = p / q;
        const u = x + d;
        if (u - a < tol2 || b - u < tol2) d = mid - x >= 0 ? tol1 : -tol1;
        golden = false;
      }
    }
    if (golden) {
      e = x >= mid ? a - x : b - x;
      d = GOLDEN * e;
    }
    const u = Math.abs(d) >= tol1 ? x + d : x + (d >= 0 ? tol1 : -tol1);
    const fuValue = f(u);
    evaluations += 1;
    if (fuValue === undefined) return undefined;
    const fu = fuValue;
    if (fu <= fx) {
      if (u >= x) a = x;
      else b = x;
      [v, w, x] = [w, x, u];
      [fv, fw, fx] = [fw, fx, fu];
    } else {
      if (u < x) a = u;
      else b = u;
      if (fu <= fw || w === x) {
        [v, w] = [w, u];
        [fv, fw] = [fw, fu];
      } else if (fu <= fv || v === x || v === w) {
        v = u;
        fv = fu;
      }
    }
  }
  return { x, value: fx, evaluations };
}
