/**
 * The cubic-spline routines of the temperature profiles: SPLINE, SPLINT (adapted by the NRL
 * release from Press et al., Numerical Recipes) and SPLINI, the integral of the spline used for
 * the hydrostatic density. Ported from the NRL Fortran and Brodowski's C release (nrlmsise-00.c)
 * with the same arithmetic order, so results agree to rounding.
 */

/**
 * SPLINE: second derivatives of the cubic spline through (x[i], y[i]), x ascending.
 * `yp1`, `ypn` are the first derivatives at the ends; a value above 0.99e30 asks for a natural
 * end (zero second derivative) instead.
 */
export function spline(x: readonly number[], y: readonly number[], yp1: number, ypn: number): number[] {
  const n = x.length;
  const y2 = new Array<number>(n).fill(0);
  const u = new Array<number>(n).fill(0);
  if (yp1 > 0.99e30) {
    y2[0] = 0;
    u[0] = 0;
  } else {
    const h = x[1]! - x[0]!;
    y2[0] = -0.5;
    u[0] = (3.0 / h) * ((y[1]! - y[0]!) / h - yp1);
  }
  for (let i = 1; i < n - 1; i += 1) {
    const sig = (x[i]! - x[i - 1]!) / (x[i + 1]! - x[i - 1]!);
    const p = sig * y2[i - 1]! + 2.0;
    y2[i] = (sig - 1.0) / p;
    u[i] =
      ((6.0 * ((y[i + 1]! - y[i]!) / (x[i + 1]! - x[i]!) - (y[i]! - y[i - 1]!) / (x[i]! - x[i - 1]!))) / (x[i + 1]! - x[i - 1]!) -
        sig * u[i - 1]!) /
      p;
  }
  let qn = 0;
  let un = 0;
  if (!(ypn > 0.99e30)) {
    const h = x[n - 1]! - x[n - 2]!;
    qn = 0.5;
    un = (3.0 / h) * (ypn - (y[n - 1]! - y[n - 2]!) / h);
  }
  y2[n - 1] = (un - qn * u[n - 2]!) / (qn * y2[n - 2]! + 1.0);
  for (let k = n - 2; k >= 0; k -= 1) y2[k] = y2[k]! * y2[k + 1]! + u[k]!;
  return y2;
}

/** SPLINT: the spline value at `x` (bisection for the bracketing interval). */
export function splint(xa: readonly number[], ya: readonly number[], y2a: readonly number[], x: number): number {
  let klo = 0;
  let khi = xa.length - 1;
  while (khi - klo > 1) {
    const k = (khi + klo) >> 1;
    if (xa[k]! > x) khi = k;
    else klo = k;
  }
  const h = xa[khi]! - xa[klo]!;
  const a = (xa[khi]! - x) / h;
  const b = (x - xa[klo]!) / h;
  return a * ya[klo]! + b * ya[khi]! + (((a * a * a - a) * y2a[klo]! + (b * b * b - b) * y2a[khi]!) * h * h) / 6.0;
}

/**
 * SPLINI: the integral of the spline from xa[0] to `x`, interval by interval (the last interval
 * is integrated to `x` even beyond xa[n-1], as in the original).
 */
export function splini(xa: readonly number[], ya: readonly number[], y2a: readonly number[], x: number): number {
  const n = xa.length;
  let yi = 0;
  let klo = 0;
  let khi = 1;
  while (x > xa[klo]! && khi < n) {
    let xx = x;
    if (khi < n - 1) xx = x < xa[khi]! ? x : xa[khi]!;
    const h = xa[khi]! - xa[klo]!;
    const a = (xa[khi]! - xx) / h;
    const b = (xx - xa[klo]!) / h;
    const a2 = a * a;
    const b2 = b * b;
    yi +=
      (((1.0 - a2) * ya[klo]!) / 2.0 +
        (b2 * ya[khi]!) / 2.0 +
        (((-(1.0 + a2 * a2) / 4.0 + a2 / 2.0) * y2a[klo]! + ((b2 * b2) / 4.0 - b2 / 2.0) * y2a[khi]!) * h * h) / 6.0) *
      h;
    klo += 1;
    khi += 1;
  }
  return yi;
}
