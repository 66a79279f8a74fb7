/**
 * The exact (Clopper–Pearson) confidence interval of a binomial proportion: k hits in n trials give
 * the interval [B(α/2; k, n − k + 1), B(1 − α/2; k + 1, n − k)], where B(q; a, b) is the q-quantile
 * of the Beta(a, b) distribution (C. J. Clopper and E. S. Pearson, "The use of confidence or
 * fiducial limits illustrated in the case of the binomial", Biometrika 26 (1934) 404–413). This is
 * what MATLAB's binofit returns, which CARA's Pc_SDMC.m reports as the Monte Carlo Pc's interval.
 *
 * The regularised incomplete beta function I_x(a, b) is evaluated by its continued fraction with
 * the modified Lentz method (W. H. Press et al., Numerical Recipes, 3rd ed., §6.4, eq. 6.4.5 and
 * betacf; §5.2 for Lentz), its prefactor x^a (1 − x)^b / B(a, b) in Stirling's form (logBetaFront)
 * so that counts up to 1e9 keep their accuracy. Quantiles are found by
 * bisection on x (in log x below 1e-3), to 1e-12 relative.
 */

const LN_SQRT_2PI = 0.5 * Math.log(2 * Math.PI);

/** ln Γ(x) for x > 0: recurrence up to x ≥ 15, then Stirling's series to x⁻⁹ (A&S 6.1.40; error < 1e-16 relative there). */
export function logGamma(x: number): number {
  if (!(x > 0)) throw new RangeError(`logGamma: x must be positive, got ${x}`);
  let shift = 0;
  let y = x;
  while (y < 15) {
    shift += Math.log(y);
    y += 1;
  }
  const inv = 1 / y;
  const inv2 = inv * inv;
  // Bernoulli terms B₂ₖ / (2k (2k − 1) y^(2k−1)): 1/12, −1/360, 1/1260, −1/1680, 1/1188.
  const series = inv * (1 / 12 + inv2 * (-1 / 360 + inv2 * (1 / 1260 + inv2 * (-1 / 1680 + inv2 * (1 / 1188)))));
  return (y - 0.5) * Math.log(y) - y + LN_SQRT_2PI + series - shift;
}

/** Stirling's correction δ(z) = ln Γ(z) − [(z − ½) ln z − z + ½ ln 2π] (A&S 6.1.40 series from z = 15, direct below). */
function stirlingCorrection(z: number): number {
  if (z < 15) return logGamma(z) - ((z - 0.5) * Math.log(z) - z + LN_SQRT_2PI);
  const inv = 1 / z;
  const inv2 = inv * inv;
  return inv * (1 / 12 + inv2 * (-1 / 360 + inv2 * (1 / 1260 + inv2 * (-1 / 1680 + inv2 * (1 / 1188)))));
}

/**
 * ln[x^a (1 − x)^b / B(a, b)] without the cancellation of ln Γ's of counts up to 1e9 (whose
 * absolute rounding, ~1e-5 at 4e9, would be the prefactor's relative error): with d = a − (a + b)x,
 * it is a ln(1 − d/a) + b ln(1 + d/b) + ½ ln(ab/(a + b)) − ½ ln 2π − δ(a) − δ(b) + δ(a + b)
 * (the form of DiDonato & Morris, ACM TOMS 18 (1992) 360, routine BRCOMP).
 */
function logBetaFront(x: number, a: number, b: number): number {
  const d = a - (a + b) * x;
  return a * Math.log1p(-d / a) + b * Math.log1p(d / b) + 0.5 * Math.log((a * b) / (a + b)) - LN_SQRT_2PI - stirlingCorrection(a) - stirlingCorrection(b) + stirlingCorrection(a + b);
}

/** Continued fraction of I_x(a, b) (Numerical Recipes betacf), modified Lentz. */
function betaContinuedFraction(a: number, b: number, x: number): number {
  const tiny = 1e-300;
  const qab = a + b;
  const qap = a + 1;
  const qam = a - 1;
  let c = 1;
  let d = 1 - (qab * x) / qap;
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  // Converges in O(√max(a, b)) terms; 1e9 trials need about 1e5 at worst.
  for (let m = 1; m <= 1_000_000; m += 1) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((qam + m2) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (qab + m) * x) / ((a + m2) * (qap + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < 1e-15) return h;
  }
  return h;
}

/** The regularised incomplete beta function I_x(a, b), a, b > 0, 0 ≤ x ≤ 1. */
export function regularizedIncompleteBeta(x: number, a: number, b: number): number {
  if (!(a > 0) || !(b > 0)) throw new RangeError(`regularizedIncompleteBeta: a and b must be positive, got ${a}, ${b}`);
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const lnFront = logBetaFront(x, a, b);
  // The fraction converges fast for x < (a + 1)/(a + b + 2); use the symmetry I_x(a,b) = 1 − I_{1−x}(b,a) beyond.
  if (x < (a + 1) / (a + b + 2)) return (Math.exp(lnFront) * betaContinuedFraction(a, b, x)) / a;
  return 1 - (Math.exp(lnFront) * betaContinuedFraction(b, a, 1 - x)) / b;
}

/** The q-quantile of Beta(a, b) by bisection (monotone in x), to 1e-12 relative. */
export function betaQuantile(q: number, a: number, b: number): number {
  if (q <= 0) return 0;
  if (q >= 1) return 1;
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 400; i += 1) {
    // Bisect geometrically while the bracket spans decades near zero, arithmetically otherwise.
    const mid = lo > 0 && hi / lo > 1e3 ? Math.sqrt(lo * hi) : lo === 0 && hi < 1e-3 ? hi * 1e-3 : 0.5 * (lo + hi);
    if (regularizedIncompleteBeta(mid, a, b) < q) lo = mid;
    else hi = mid;
    if (hi - lo <= 1e-12 * hi || hi < 1e-300) break;
  }
  return 0.5 * (lo + hi);
}

/** The Clopper–Pearson interval of k hits in n trials at a confidence level (default 95 %). */
export function clopperPearson(hits: number, trials: number, confidence = 0.95): readonly [number, number] {
  if (!Number.isInteger(hits) || !Number.isInteger(trials) || hits < 0 || trials <= 0 || hits > trials) {
    throw new RangeError(`clopperPearson: need integers 0 ≤ hits ≤ trials, trials > 0; got ${hits}, ${trials}`);
  }
  if (!(confidence > 0 && confidence < 1)) throw new RangeError(`clopperPearson: confidence must lie in (0, 1), got ${confidence}`);
  const alpha = 1 - confidence;
  // Closed forms at the ends (the Beta(1, n) and Beta(n, 1) quantiles).
  const lower = hits === 0 ? 0 : hits === trials ? (alpha / 2) ** (1 / trials) : betaQuantile(alpha / 2, hits, trials - hits + 1);
  const upper = hits === trials ? 1 : hits === 0 ? -Math.expm1(Math.log(alpha / 2) / trials) : betaQuantile(1 - alpha / 2, hits + 1, trials - hits);
  return [lower, upper];
}
