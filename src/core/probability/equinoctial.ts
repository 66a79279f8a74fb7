/**
 * Two-body motion in equinoctial elements, as the 3D-Nc collision probability method uses it
 * (Hall 2021, JSR 58(3); Vallado & Alfano 2015, AAS 15-537, "Updated Analytical Partials for
 * Covariance Transformations and Optimization"; Broucke & Cefola 1972, Celestial Mechanics 5).
 * Written after NASA CARA_Analysis_Tools' convert_cartesian_to_equinoctial.m,
 * convert_equinoctial_to_cartesian.m, jacobian_equinoctial_to_cartesian.m,
 * jacobian_E0_to_Xt.m, EquinoctialMatrices.m and orbit_period.m (DistributedMatlab/Utils/
 * OrbitTransformations and ProbabilityOfCollision/Utils).
 *
 * Elements E = (n, af, ag, χ, ψ, λM): mean motion (rad/s), eccentricity vector components in the
 * equinoctial frame, the node/inclination pair χ = tan(i/2) sin Ω, ψ = tan(i/2) cos Ω (prograde,
 * retrograde factor fr = +1), and the mean longitude. Units are the caller's through μ; the
 * 3D-Nc code uses km and km/s with μ = 398600.4418 km³/s² (EGM-96, as CARA).
 */
import { congruence, inverse, scale, type Matrix, type Vector } from './linear-algebra.ts';

/** Earth's μ, km³/s² (EGM-96), CARA's default for these routines. */
export const MU_KM3_S2 = 3.986004418e5;
export const MU_M3_S2 = 3.986004418e14;

export type Equinoctial = readonly [n: number, af: number, ag: number, chi: number, psi: number, lambdaM: number];

export interface EquinoctialResult {
  readonly a: number;
  readonly elements: Equinoctial;
  /** Eccentric longitude F. */
  readonly F: number;
}

const TWO_PI = 2 * Math.PI;

/** x mod 2π in [0, 2π), as MATLAB's mod. */
export function mod2pi(x: number): number {
  const m = x - TWO_PI * Math.floor(x / TWO_PI);
  return m >= TWO_PI ? 0 : m;
}

/**
 * Cartesian (r, v) → equinoctial elements (Vallado & Alfano 2015 eq. 9). Undefined (null) for
 * unbound orbits (a ≤ 1e-5 or infinite, e ≥ 1) and for exactly retrograde equatorial orbits,
 * the cases where CARA's routine returns empty.
 */
export function cartesianToEquinoctial(r: Vector, v: Vector, mu: number = MU_KM3_S2): EquinoctialResult | null {
  const rMag = Math.sqrt(r[0]! * r[0]! + r[1]! * r[1]! + r[2]! * r[2]!);
  const v2 = v[0]! * v[0]! + v[1]! * v[1]! + v[2]! * v[2]!;
  const a = (mu * rMag) / (2 * mu - v2 * rMag);
  if (!(a > 1e-5) || a === Infinity) return null;
  const rdv = r[0]! * v[0]! + r[1]! * v[1]! + r[2]! * v[2]!;
  const h = [r[1]! * v[2]! - r[2]! * v[1]!, r[2]! * v[0]! - r[0]! * v[2]!, r[0]! * v[1]! - r[1]! * v[0]!];
  const n = Math.sqrt(mu / (a * a * a));
  const k = v2 - mu / rMag;
  const e = [0, 1, 2].map((i) => (k * r[i]! - rdv * v[i]!) / mu);
  if (e[0]! * e[0]! + e[1]! * e[1]! + e[2]! * e[2]! >= 1) return null;
  const hMag = Math.sqrt(h[0]! * h[0]! + h[1]! * h[1]! + h[2]! * h[2]!);
  const w = h.map((x) => x / hMag);
  if (w[2]! + 1 <= 1e-10) return null;
  const den = 1 + w[2]!;
  const chi = w[0]! / den;
  const psi = -w[1]! / den;
  const chi2 = chi * chi;
  const psi2 = psi * psi;
  const C = 1 + chi2 + psi2;
  const f = [(1 - chi2 + psi2) / C, (2 * chi * psi) / C, (-2 * chi) / C];
  const g = [(2 * chi * psi) / C, (1 + chi2 - psi2) / C, (2 * psi) / C];
  const af = f[0]! * e[0]! + f[1]! * e[1]! + f[2]! * e[2]!;
  const ag = g[0]! * e[0]! + g[1]! * e[1]! + g[2]! * e[2]!;
  const af2 = af * af;
  const ag2 = ag * ag;
  if (af2 + ag2 >= 1) return null;
  const X = f[0]! * r[0]! + f[1]! * r[1]! + f[2]! * r[2]!;
  const Y = g[0]! * r[0]! + g[1]! * r[1]! + g[2]! * r[2]!;
  const B = Math.sqrt(1 - ag2 - af2);
  const b = 1 / (1 + B);
  const Fden = a * B;
  const bagaf = b * ag * af;
  const sinF = ag + ((1 - ag2 * b) * Y - bagaf * X) / Fden;
  const cosF = af + ((1 - af2 * b) * X - bagaf * Y) / Fden;
  const F = Math.atan2(sinF, cosF);
  const lambdaM = F + ag * cosF - af * sinF;
  return { a, elements: [n, af, ag, chi, psi, lambdaM], F };
}

/** Semi-major axis from the mean motion: a³ = μ/n². */
export function semiMajorAxis(n: number, mu: number = MU_KM3_S2): number {
  return Math.cbrt(mu / (n * n));
}

/**
 * Kepler's equation in equinoctial elements, λ = F + ag cos F − af sin F (Vallado & Alfano 2015
 * eq. 10, Newton iteration as CARA's equinoctial_kepeq); bisection on the monotone function
 * where Newton fails (CARA falls back to fminbnd). Throws RangeError for e ≥ 1.
 */
export function eccentricLongitude(lambda: number, af: number, ag: number): number {
  const lam = mod2pi(lambda);
  if (af * af + ag * ag >= 1) throw new RangeError('eccentricLongitude: eccentricity must be below 1');
  const tol = 100 * Number.EPSILON * 4; // CARA: 100·eps(2π); eps(2π) = 4·eps(1)·… ≈ 8.9e-16
  let F = lam;
  for (let iter = 0; iter <= 100; iter += 1) {
    const cF = Math.cos(F);
    const sF = Math.sin(F);
    const d = (F + ag * cF - af * sF - lam) / (1 - ag * sF - af * cF);
    F -= d;
    if (Math.abs(d) < tol) return F;
    if (Math.abs(d) >= Math.PI) break;
  }
  // K(F) = F + ag cos F − af sin F − λ is increasing (K' = 1 − e cos(·) > 0) on [λ − 1, λ + 1].
  let lo = lam - 1;
  let hi = lam + 1;
  for (let i = 0; i < 200 && hi - lo > tol; i += 1) {
    const mid = 0.5 * (lo + hi);
    if (mid + ag * Math.cos(mid) - af * Math.sin(mid) - lam > 0) hi = mid;
    else lo = mid;
  }
  return 0.5 * (lo + hi);
}

/** Cartesian state (6) at time offset t (s) from the epoch of the elements. */
export function equinoctialToCartesian(e: Equinoctial, t: number, mu: number = MU_KM3_S2): Vector {
  const [n, af, ag, chi, psi, lam0] = e;
  const a = semiMajorAxis(n, mu);
  const na = n * a;
  const ag2 = ag * ag;
  const af2 = af * af;
  const B = Math.sqrt(1 - ag2 - af2);
  const b = 1 / (1 + B);
  const omag2b = 1 - ag2 * b;
  const omaf2b = 1 - af2 * b;
  const afagb = af * ag * b;
  const chi2 = chi * chi;
  const psi2 = psi * psi;
  const C = 1 + chi2 + psi2;
  const f = [(1 - chi2 + psi2) / C, (2 * chi * psi) / C, (-2 * chi) / C];
  const g = [(2 * chi * psi) / C, (1 + chi2 - psi2) / C, (2 * psi) / C];
  const F = eccentricLongitude(lam0 + n * t, af, ag);
  const cF = Math.cos(F);
  const sF = Math.sin(F);
  const X = a * (omag2b * cF + afagb * sF - af);
  const Y = a * (omaf2b * sF + afagb * cF - ag);
  const k = na / (1 - af * cF - ag * sF);
  const Xd = k * (afagb * cF - omag2b * sF);
  const Yd = k * (omaf2b * cF - afagb * sF);
  return [X * f[0]! + Y * g[0]!, X * f[1]! + Y * g[1]!, X * f[2]! + Y * g[2]!, Xd * f[0]! + Yd * g[0]!, Xd * f[1]! + Yd * g[1]!, Xd * f[2]! + Yd * g[2]!];
}

/** J = ∂X/∂E at the state X of elements E (Vallado & Alfano 2015, appendix "Equinoctial to Cartesian"). */
export function jacobianEquinoctialToCartesian(e: Equinoctial, x: Vector, mu: number = MU_KM3_S2): Matrix {
  const [n, af, ag, chi, psi] = e;
  const r = [x[0]!, x[1]!, x[2]!];
  const v = [x[3]!, x[4]!, x[5]!];
  const r2 = r[0]! * r[0]! + r[1]! * r[1]! + r[2]! * r[2]!;
  const r3 = r2 * Math.sqrt(r2);
  const a3 = mu / (n * n);
  const a = Math.cbrt(a3);
  const A = n * a * a;
  const B = Math.sqrt(1 - ag * ag - af * af);
  const chi2 = chi * chi;
  const psi2 = psi * psi;
  const C = 1 + chi2 + psi2;
  const f = [(1 - chi2 + psi2) / C, (2 * chi * psi) / C, (-2 * chi) / C];
  const g = [(2 * chi * psi) / C, (1 + chi2 - psi2) / C, (2 * psi) / C];
  const w = [(2 * chi) / C, (-2 * psi) / C, (1 - chi2 - psi2) / C];
  const dot = (p: number[], q: number[]) => p[0]! * q[0]! + p[1]! * q[1]! + p[2]! * q[2]!;
  const X = dot(f, r);
  const Y = dot(g, r);
  const Xd = dot(f, v);
  const Yd = dot(g, v);
  const AB = A * B;
  const Bp1 = B + 1;
  const nBp1 = n * Bp1;
  const Aor3 = A / r3;
  const dXdaf = (ag * Xd) / nBp1 + a * ((Y * Xd) / AB - 1);
  const dYdaf = (ag * Yd) / nBp1 - a * ((X * Xd) / AB);
  const dXdag = (-af * Xd) / nBp1 + a * ((Y * Yd) / AB);
  const dYdag = (-af * Yd) / nBp1 - a * ((X * Yd) / AB + 1);
  const dXddaf = (a * Xd * Yd) / AB - Aor3 * ((a * ag * X) / Bp1 + (X * Y) / B);
  const dYddaf = (-a * Xd * Xd) / AB - Aor3 * ((a * ag * Y) / Bp1 - (X * X) / B);
  const dXddag = (a * Yd * Yd) / AB + Aor3 * ((a * af * X) / Bp1 - (Y * Y) / B);
  const dYddag = (-a * Xd * Yd) / AB + Aor3 * ((a * af * Y) / Bp1 + (X * Y) / B);
  const cv = 1 / (3 * n);
  const cr = -2 * cv;
  const cc = 2 / C;
  const ln = (-n * a3) / r3;
  const J: Matrix = [];
  for (let i = 0; i < 3; i += 1) {
    J.push([
      cr * r[i]!,
      dXdaf * f[i]! + dYdaf * g[i]!,
      dXdag * f[i]! + dYdag * g[i]!,
      cc * (psi * (Y * f[i]! - X * g[i]!) - X * w[i]!),
      cc * (chi * (X * g[i]! - Y * f[i]!) + Y * w[i]!),
      v[i]! / n,
    ]);
  }
  for (let i = 0; i < 3; i += 1) {
    J.push([
      cv * v[i]!,
      dXddaf * f[i]! + dYddaf * g[i]!,
      dXddag * f[i]! + dYddag * g[i]!,
      cc * (psi * (Yd * f[i]! - Xd * g[i]!) - Xd * w[i]!),
      cc * (chi * (Xd * g[i]! - Yd * f[i]!) + Yd * w[i]!),
      ln * r[i]!,
    ]);
  }
  return J;
}

/**
 * The state X(t) of elements E0 at offset t and the Jacobian ∂X(t)/∂E0 = J(t) Φ(t), Φ the
 * two-body equinoctial transition (only λM depends on n: ∂λ/∂n = t) (CARA jacobian_E0_to_Xt.m).
 */
export function stateAndJacobianAt(t: number, e0: Equinoctial, mu: number = MU_KM3_S2): { x: Vector; jacobian: Matrix } {
  const x = equinoctialToCartesian(e0, t, mu);
  const et: Equinoctial = [e0[0], e0[1], e0[2], e0[3], e0[4], e0[5] + t * e0[0]];
  const j = jacobianEquinoctialToCartesian(et, x, mu);
  // J·Φ with Φ = I except Φ[5][0] = t: column 0 gains t × column 5.
  for (const row of j) row[0] = row[0]! + t * row[5]!;
  return { x, jacobian: j };
}

/** Two-body orbital period, s, of a state (r in the units of μ; CARA orbit_period.m). */
export function orbitPeriod(r: Vector, v: Vector, mu: number): number {
  const r0 = Math.sqrt(r[0]! * r[0]! + r[1]! * r[1]! + r[2]! * r[2]!);
  const v02 = v[0]! * v[0]! + v[1]! * v[1]! + v[2]! * v[2]!;
  const beta = (2 * mu) / r0 - v02;
  return TWO_PI * mu * beta ** -1.5;
}

/** The equinoctial description of one object's TCA state and covariance (CARA EquinoctialMatrices.m, no remediation). */
export interface EquinoctialState {
  readonly elements: Equinoctial;
  /** Equinoctial covariance K P Kᵀ, K = (∂X/∂E)⁻¹ (km, s). */
  readonly q: Matrix;
}

/** Equinoctial elements and covariance of a state in metres (r m, v m/s, C m² …), or null for an unbound orbit. */
export function equinoctialMatrices(rM: Vector, vMPerS: Vector, covM: Matrix): EquinoctialState | null {
  const x = [...rM, ...vMPerS].map((c) => c / 1e3);
  const eq = cartesianToEquinoctial(x.slice(0, 3), x.slice(3));
  if (!eq) return null;
  const elements: Equinoctial = [eq.elements[0], eq.elements[1], eq.elements[2], eq.elements[3], eq.elements[4], mod2pi(eq.elements[5])];
  let inverseJacobian: Matrix;
  try {
    inverseJacobian = inverse(jacobianEquinoctialToCartesian(elements, x));
  } catch {
    return null;
  }
  return { elements, q: congruence(inverseJacobian, scale(covM, 1e-6)) };
}
