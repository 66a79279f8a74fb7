/**
 * The error function and its complement to full double precision, including far into the tail.
 *
 * JavaScript has no Math.erf, and the collision probabilities of the reference cases go down to
 * 4e-168, so erfc must keep its *relative* accuracy where it is tiny. This is W. J. Cody's
 * rational Chebyshev approximation ("Rational Chebyshev approximations for the error function",
 * Mathematics of Computation 23 (1969) 631–637), in the arrangement of his netlib SPECFUN routine
 * CALERF (1990): three intervals, |x| ≤ 0.46875 (erf), 0.46875 < |x| ≤ 4 and |x| > 4 (the scaled
 * complement erfcx(x) = exp(x²) erfc(x)). The coefficients below are Cody's, as printed in
 * CALERF, written as the doubles they round to (his 18-digit decimals are not representable). Relative accuracy is about 1e-16 in every interval (checked against mpmath in
 * erf.test.ts).
 */

// erf(x) = x · P(x²)/Q(x²) for |x| ≤ 0.46875 (CALERF's A, B).
const A = [3.1611237438705655, 113.86415415105016, 377.485237685302, 3209.3775891384694, 0.18577770618460315] as const;
const B = [23.601290952344122, 244.02463793444417, 1282.6165260773723, 2844.236833439171] as const;
// erfcx(x) = P(x)/Q(x) for 0.46875 < x ≤ 4 (CALERF's C, D).
const C = [
  0.5641884969886701, 8.883149794388377, 66.11919063714163, 298.6351381974001, 881.952221241769, 1712.0476126340707,
  2051.0783778260716, 1230.3393547979972, 2.1531153547440383e-8,
] as const;
const D = [
  15.744926110709835, 117.6939508913125, 537.1811018620099, 1621.3895745666903, 3290.7992357334597, 4362.619090143247,
  3439.3676741437216, 1230.3393548037495,
] as const;
// erfcx(x) = (1/√π − x⁻² P(x⁻²)/Q(x⁻²)) / x for x > 4 (CALERF's P, Q).
const P = [0.30532663496123236, 0.36034489994980445, 0.12578172611122926, 0.016083785148742275, 0.0006587491615298378, 0.016315387137302097] as const;
const Q = [2.568520192289822, 1.8729528499234604, 0.5279051029514285, 0.06051834131244132, 0.0023352049762686918] as const;

const ONE_OVER_SQRT_PI = 0.5641895835477563;
const THRESHOLD = 0.46875;

/** erf(x) for |x| ≤ 0.46875. */
function erfSmall(x: number): number {
  const y2 = x * x;
  let num = A[4] * y2;
  let den = y2;
  for (let i = 0; i < 3; i += 1) {
    num = (num + A[i]!) * y2;
    den = (den + B[i]!) * y2;
  }
  return (x * (num + A[3])) / (den + B[3]);
}

/** exp(y²) erfc(y) for y > 0.46875. */
function erfcxLarge(y: number): number {
  if (y <= 4) {
    let num = C[8] * y;
    let den = y;
    for (let i = 0; i < 7; i += 1) {
      num = (num + C[i]!) * y;
      den = (den + D[i]!) * y;
    }
    return (num + C[7]) / (den + D[7]);
  }
  const z = 1 / (y * y);
  let num = P[5] * z;
  let den = z;
  for (let i = 0; i < 4; i += 1) {
    num = (num + P[i]!) * z;
    den = (den + Q[i]!) * z;
  }
  return (ONE_OVER_SQRT_PI - (z * (num + P[4])) / (den + Q[4])) / y;
}

/**
 * exp(−y²) for y ≥ 0, as Cody computes it: y² is split into a part exact in 4 fractional bits and
 * a small remainder, so the rounding error of y² is not amplified by the exponential.
 */
function expMinusSquare(y: number): number {
  const head = Math.trunc(y * 16) / 16;
  const tail = (y - head) * (y + head);
  return Math.exp(-head * head) * Math.exp(-tail);
}

/** The scaled complementary error function exp(x²) erfc(x); finite for every x ≥ −26.6. */
export function erfcx(x: number): number {
  if (Number.isNaN(x)) return Number.NaN;
  const y = Math.abs(x);
  let value: number;
  if (y <= THRESHOLD) value = Math.exp(y * y) * (1 - erfSmall(y));
  else value = erfcxLarge(y);
  if (x >= 0) return value;
  // erfc(−y) = 2 − erfc(y), so erfcx(−y) = 2 exp(y²) − erfcx(y).
  return 2 * Math.exp(y * y) - value;
}

/** The complementary error function 1 − erf(x), with full relative accuracy for large x. */
export function erfc(x: number): number {
  if (Number.isNaN(x)) return Number.NaN;
  const y = Math.abs(x);
  let value: number;
  if (y <= THRESHOLD) return 1 - erfSmall(x);
  if (y >= 27.3) value = 0; // erfc(27.3) < 5e-326: below the smallest double.
  else value = expMinusSquare(y) * erfcxLarge(y);
  return x >= 0 ? value : 2 - value;
}

/** The error function. */
export function erf(x: number): number {
  if (Number.isNaN(x)) return Number.NaN;
  if (Math.abs(x) <= THRESHOLD) return erfSmall(x);
  const complement = Math.abs(x) >= 6 ? 0 : expMinusSquare(Math.abs(x)) * erfcxLarge(Math.abs(x));
  return x > 0 ? 1 - complement : complement - 1;
}

/**
 * ln erfc(x), finite wherever erfc(x) > 0 mathematically (that is, for every finite x): past
 * x ≈ 27 erfc underflows, but ln erfc(x) = −x² + ln erfcx(x) does not.
 */
export function logErfc(x: number): number {
  if (Number.isNaN(x)) return Number.NaN;
  if (x === Number.POSITIVE_INFINITY) return Number.NEGATIVE_INFINITY;
  if (Math.abs(x) <= THRESHOLD) return Math.log1p(-erfSmall(x)); // log1p keeps ln(1 − erf x) accurate near x = 0
  if (x < 0) return Math.log(erfc(x));
  return -x * x + Math.log(erfcxLarge(x));
}
