/**
 * Two bounds on Keplerian motion that the screening filters rely on.
 *
 * 1. The equation of the centre ν − M (true minus mean anomaly) is largest where dν/dM = 1.
 *    With dν/dM = (1 + e cos ν)² / (1 − e²)^{3/2} (Vallado, Fundamentals of Astrodynamics and
 *    Applications, 4th ed., §2.2–2.3: ν̇ = h/r², n = √(μ/a³), r = p/(1 + e cos ν)), that is at
 *    cos ν* = ((1 − e²)^{3/4} − 1)/e; for small e the maximum is about 2e, the leading term of
 *    the classical series ν − M = 2e sin M + (5/4)e² sin 2M + … (kepler-bounds.test.ts).
 *
 * 2. The fourth time derivative of the position. From r̈ = −u r with u = μ/|r|³, differentiating
 *    three times (the Lagrange f and g series, Bate, Mueller & White 1971, §4.6; Vallado §2.3):
 *      r⁗ = u(u + 3q − 15p²) r + 6 u p v,   p = (r·v)/|r|²,  q = |v|²/|r|² − u.
 *    On a circular orbit this is n⁴ r. Its largest norm over the orbit is found by sampling the
 *    eccentric anomaly densely (the expression is smooth in E) and adding 10 %; the interval
 *    search uses it to bound the error of cubic interpolation of the relative position.
 */

/** max over the orbit of |ν − M| (radians) for eccentricity 0 ≤ e < 1. */
export function maxEquationOfCentre(e: number): number {
  if (!(e > 0)) return 0;
  if (e >= 1) return Math.PI;
  const cosNu = (Math.pow(1 - e * e, 0.75) - 1) / e;
  const nu = Math.acos(Math.max(-1, Math.min(1, cosNu)));
  const E = 2 * Math.atan(Math.sqrt((1 - e) / (1 + e)) * Math.tan(nu / 2));
  const M = E - e * Math.sin(E);
  return nu - M;
}

const SAMPLES = 180;

/**
 * An upper bound on |d⁴r/dt⁴| (km/s⁴) over a Keplerian orbit of semi-major axis `aKm` and
 * eccentricity `e`, for gravitational parameter `mu` (km³/s²).
 */
export function fourthDerivativeBound(aKm: number, e: number, mu: number): number {
  let max = 0;
  for (let k = 0; k < SAMPLES; k += 1) {
    const E = (2 * Math.PI * k) / SAMPLES;
    const r = aKm * (1 - e * Math.cos(E));
    const u = mu / (r * r * r);
    const rdot = (Math.sqrt(mu * aKm) * e * Math.sin(E)) / r;
    const v2 = mu * (2 / r - 1 / aKm);
    const p = rdot / r;
    const q = v2 / (r * r) - u;
    const value = Math.abs(u * (u + 3 * q - 15 * p * p)) * r + 6 * u * Math.abs(p) * Math.sqrt(Math.max(0, v2));
    if (value > max) max = value;
  }
  return 1.1 * max;
}
