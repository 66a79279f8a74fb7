/**
 * Equations of motion of a satellite in an Earth-centred inertial frame: two-body gravity plus the
 * J2 zonal harmonic (Earth's oblateness), for numerical integration by DOP853 (dop853.ts).
 * State [x, y, z, ẋ, ẏ, ż] in km and km/s, time in s; z along the Earth's rotation axis.
 *
 * Acceleration (D. A. Vallado, Fundamentals of Astrodynamics and Applications, 4th ed. (2013),
 * eq. 8-30; H. D. Curtis, Orbital Mechanics for Engineering Students, eq. 12.30), the
 * gradient of U_J2 = (μ/r) J2 (R/r)² (3 z²/r² − 1)/2:
 *   a = −μ r/r³ − (3/2) J2 μ R² / r⁴ · [(1 − 5 z²/r²) x/r, (1 − 5 z²/r²) y/r, (3 − 5 z²/r²) z/r].
 *
 * Constants: EGM-96 / WGS-84. μ = 398,600.4418 km³/s² and R = 6,378.137 km (NIMA TR8350.2, 3rd ed.,
 * Table 3.1, the WGS-84 GM and semi-major axis; frames/wgs84.ts); J2 = −√5 C̄₂₀ = 1.08262668e-3
 * from the EGM-96 normalised C̄₂₀ = −0.484165371736e-3 (Lemoine et al. 1998, NASA/TP-1998-206861;
 * Vallado 4th ed., Appendix D). EGM-96 scales C̄₂₀ with R = 6,378.1363 km; using 6,378.137 km
 * changes J2 R² by 2e-7 relative, far below anything J2 alone models.
 */
import { integrateDop853, type Derivative } from './dop853.ts';
import { WGS84_A } from '../frames/wgs84.ts';

/** Earth's gravitational parameter μ, km³/s² (EGM-96 / WGS-84; NIMA TR8350.2 Table 3.1). */
export const MU_EARTH_KM3_S2 = 398600.4418;
/** Earth's equatorial radius R, km (WGS-84 semi-major axis; NIMA TR8350.2 Table 3.1). */
export const EARTH_RADIUS_KM: number = WGS84_A;
/** Second zonal harmonic J2 (EGM-96: −√5 C̄₂₀, C̄₂₀ = −0.484165371736e-3). */
export const J2_EARTH = 1.08262668e-3;

export interface DynamicsOptions {
  /** Include the J2 term (default true); false gives two-body motion. */
  j2?: boolean;
}

export interface PropagateStateOptions extends DynamicsOptions {
  /** DOP853 relative tolerance (default 1e-11). */
  rtol?: number;
  /** DOP853 absolute tolerance, km and km/s (default 1e-9). */
  atol?: number;
}

/** Defaults of propagateState: a local error below 0.1 mm per step on a LEO state (rtol × 7000 km = 7e-8 km). */
const DEFAULT_RTOL = 1e-11;
const DEFAULT_ATOL = 1e-9;

/** y′ = f(t, y) for y = [x, y, z, ẋ, ẏ, ż] (km, km/s) under two-body gravity and, by default, J2. */
export function twoBodyJ2Derivative(options: DynamicsOptions = {}): Derivative {
  const withJ2 = options.j2 ?? true;
  // (3/2) J2 μ R², the coefficient of eq. 8-30.
  const kJ2 = 1.5 * J2_EARTH * MU_EARTH_KM3_S2 * EARTH_RADIUS_KM * EARTH_RADIUS_KM;
  return (_t, y, dydt) => {
    const x = y[0]!;
    const yy = y[1]!;
    const z = y[2]!;
    const r2 = x * x + yy * yy + z * z;
    const r = Math.sqrt(r2);
    const kepler = -MU_EARTH_KM3_S2 / (r2 * r);
    let ax = kepler * x;
    let ay = kepler * yy;
    let az = kepler * z;
    if (withJ2) {
      // −(3/2) J2 μ R²/r⁴ · (…)/r = −kJ2/r⁵ · (…), with (…) the bracket of eq. 8-30 times r.
      const k = -kJ2 / (r2 * r2 * r);
      const z2r2 = (5 * z * z) / r2;
      ax += k * (1 - z2r2) * x;
      ay += k * (1 - z2r2) * yy;
      az += k * (3 - z2r2) * z;
    }
    dydt[0] = y[3]!;
    dydt[1] = y[4]!;
    dydt[2] = y[5]!;
    dydt[3] = ax;
    dydt[4] = ay;
    dydt[5] = az;
  };
}

/**
 * The state `dtS` seconds after (negative: before) `stateKmKmS` = [x, y, z, ẋ, ẏ, ż] (km, km/s),
 * integrated by DOP853. RangeError for a state that is not six finite numbers, a position at the
 * origin, or a non-finite dtS.
 */
export function propagateState(stateKmKmS: readonly number[] | Float64Array, dtS: number, options: PropagateStateOptions = {}): Float64Array {
  if (stateKmKmS.length !== 6 || !stateKmKmS.every(Number.isFinite)) throw new RangeError('propagateState: the state must be six finite numbers (km, km/s)');
  if (!(Math.hypot(stateKmKmS[0]!, stateKmKmS[1]!, stateKmKmS[2]!) > 0)) throw new RangeError('propagateState: the position is at the origin');
  if (!Number.isFinite(dtS)) throw new RangeError(`propagateState: dtS must be finite (got ${dtS})`);
  const f = twoBodyJ2Derivative({ j2: options.j2 ?? true });
  const tol = { rtol: options.rtol ?? DEFAULT_RTOL, atol: options.atol ?? DEFAULT_ATOL };
  return integrateDop853(f, 0, Float64Array.from(stateKmKmS), dtS, tol).y;
}
