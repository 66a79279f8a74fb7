/**
 * Two-body (Keplerian) propagation of a state by the universal variable χ, for every conic: D. A.
 * Vallado, Fundamentals of Astrodynamics and Applications, 4th ed. (2013), §2.3, Algorithm 8
 * (KEPLER) with the Stumpff functions c₂, c₃ of Algorithm 1 (FINDC2C3), and the f and g functions
 * of eqs. 2-67 and 2-69 (R. R. Bate, D. D. Mueller & J. E. White, Fundamentals of Astrodynamics,
 * 1971, §4.4).
 *
 * Written for the Monte Carlo inner loop (pc-monte-carlo.ts): no allocation per call. An orbit is a
 * Float64Array of ORBIT_SIZE numbers (its state at t = 0 and three derived constants, set by
 * `setOrbit`) plus the last solution, from which the next call starts Newton's iteration (times
 * that follow each other need two or three iterations).
 *
 * Units: metres, seconds, μ in m³/s².
 */

/** Layout of an orbit buffer. */
const X = 0; // x, y, z, vx, vy, vz at t = 0: 0 … 5
const R0 = 6; // |r₀|
const SIGMA0 = 7; // r₀·v₀ / √μ
const ALPHA = 8; // 1/a = 2/|r₀| − v₀²/μ
const LAST_T = 9; // time and χ of the last solution, and its |r|
const LAST_CHI = 10;
const LAST_R = 11;
const SQRT_MU = 12;
export const ORBIT_SIZE = 13;

/** Sets `orbit` to the state (r, v) at t = 0 under gravitational parameter μ. */
export function setOrbit(orbit: Float64Array, x: number, y: number, z: number, vx: number, vy: number, vz: number, mu: number): void {
  orbit[X] = x;
  orbit[X + 1] = y;
  orbit[X + 2] = z;
  orbit[X + 3] = vx;
  orbit[X + 4] = vy;
  orbit[X + 5] = vz;
  const r0 = Math.sqrt(x * x + y * y + z * z);
  const sqrtMu = Math.sqrt(mu);
  orbit[R0] = r0;
  orbit[SIGMA0] = (x * vx + y * vy + z * vz) / sqrtMu;
  orbit[ALPHA] = 2 / r0 - (vx * vx + vy * vy + vz * vz) / mu;
  orbit[LAST_T] = 0;
  orbit[LAST_CHI] = 0;
  orbit[LAST_R] = r0;
  orbit[SQRT_MU] = sqrtMu;
}

let c2 = 0.5;
let c3 = 1 / 6;

/** Stumpff c₂(ψ), c₃(ψ) into c2, c3: series below |ψ| = 0.25 (no cancellation), closed forms beyond. */
function stumpff(psi: number): void {
  if (psi > 0.25) {
    const s = Math.sqrt(psi);
    const h = Math.sin(0.5 * s);
    c2 = (2 * h * h) / psi; // (1 − cos s)/ψ without the cancellation
    c3 = (s - Math.sin(s)) / (psi * s);
  } else if (psi < -0.25) {
    const s = Math.sqrt(-psi);
    c2 = (1 - Math.cosh(s)) / psi;
    c3 = (Math.sinh(s) - s) / (-psi * s);
  } else {
    // c₂ = Σ (−ψ)ᵏ/(2k+2)!, c₃ = Σ (−ψ)ᵏ/(2k+3)!; eight terms leave < 1e-20 at |ψ| = 0.25.
    c2 = 1 / 2 + psi * (-1 / 24 + psi * (1 / 720 + psi * (-1 / 40320 + psi * (1 / 3628800 + psi * (-1 / 479001600 + psi * (1 / 87178291200 + psi * (-1 / 20922789888000)))))));
    c3 = 1 / 6 + psi * (-1 / 120 + psi * (1 / 5040 + psi * (-1 / 362880 + psi * (1 / 39916800 + psi * (-1 / 6227020800 + psi * (1 / 1307674368000 + psi * (-1 / 355687428096000)))))));
  }
}

/**
 * The state at time t (s from the orbit's epoch) into out[offset … offset + 5] (x y z vx vy vz).
 * Returns false if Newton's iteration did not converge (it always does for bound orbits).
 */
export function propagateOrbit(orbit: Float64Array, t: number, out: Float64Array, offset: number): boolean {
  const r0 = orbit[R0]!;
  const sigma0 = orbit[SIGMA0]!;
  const alpha = orbit[ALPHA]!;
  const sqrtMu = orbit[SQRT_MU]!;
  const target = sqrtMu * t;
  // Start from the last solution: dχ/dt = √μ / r.
  let chi = orbit[LAST_CHI]! + (sqrtMu * (t - orbit[LAST_T]!)) / orbit[LAST_R]!;
  let converged = false;
  for (let i = 0; i < 40; i += 1) {
    const chi2 = chi * chi;
    const psi = chi2 * alpha;
    stumpff(psi);
    const r = chi2 * c2 + sigma0 * chi * (1 - psi * c3) + r0 * (1 - psi * c2);
    const step = (target - chi2 * chi * c3 - sigma0 * chi2 * c2 - r0 * chi * (1 - psi * c3)) / r;
    chi += step;
    if (Math.abs(step) <= 1e-10 * (1 + Math.abs(chi))) {
      converged = true;
      break;
    }
  }
  const chi2 = chi * chi;
  const psi = chi2 * alpha;
  stumpff(psi);
  const r = chi2 * c2 + sigma0 * chi * (1 - psi * c3) + r0 * (1 - psi * c2);
  const f = 1 - (chi2 / r0) * c2;
  const g = t - (chi2 * chi * c3) / sqrtMu;
  const gDot = 1 - (chi2 / r) * c2;
  const fDot = (sqrtMu / (r * r0)) * chi * (psi * c3 - 1);
  const x = orbit[X]!;
  const y = orbit[X + 1]!;
  const z = orbit[X + 2]!;
  const vx = orbit[X + 3]!;
  const vy = orbit[X + 4]!;
  const vz = orbit[X + 5]!;
  out[offset] = f * x + g * vx;
  out[offset + 1] = f * y + g * vy;
  out[offset + 2] = f * z + g * vz;
  out[offset + 3] = fDot * x + gDot * vx;
  out[offset + 4] = fDot * y + gDot * vy;
  out[offset + 5] = fDot * z + gDot * vz;
  orbit[LAST_T] = t;
  orbit[LAST_CHI] = chi;
  orbit[LAST_R] = r;
  return converged;
}
