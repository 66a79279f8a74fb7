/**
 * TEME ↔ Earth-fixed, after Vallado's teme2ecef/ecef2teme (Vallado et al. 2006,
 * AIAA 2006-6753, §"TEME"; Vallado, "Fundamentals of Astrodynamics and Applications",
 * 4th ed., §3.7 and Eq. 3-90), which is also what satellite.js's eciToEcf does:
 *
 *   r_PEF = R3(θ_GMST) r_TEME,   v_PEF = R3(θ_GMST) v_TEME − ω⊕ × r_PEF,   r_ECEF = W r_PEF
 *
 * with θ_GMST the IAU-82 sidereal time (time/gmst.ts) and W the IAU-76/FK5 polar-motion matrix.
 *
 * What is neglected unless the caller supplies it (`EarthOrientation`):
 * - UT1 − UTC (default 0): up to 0.9 s of Earth rotation, 6.6e-5 rad, i.e. up to 0.42 km
 *   along the equator at the surface and 0.46 km at a 7,000 km orbital radius.
 * - Polar motion xp, yp (default 0): typically ≤ 0.5″ (2.4e-6 rad), i.e. ≤ 15 m at the surface
 *   and ≤ 17 m at 7,000 km. Without it the result is the pseudo-Earth-fixed frame (PEF).
 * - Length-of-day excess (default 0): changes ω⊕ by ~1e-8 relative, ≤ 5e-9 km/s in velocity.
 * Always neglected: the kinematic terms of the equation of the equinoxes that Vallado's
 * teme2ecef adds after 1997 (0.00264″ sin Ω + 0.000063″ sin 2Ω, at most 1.3e-8 rad: ≤ 0.1 m in
 * LEO, ≤ 0.6 m at GEO), as satellite.js does. With UT1 − UTC, xp, yp and LOD supplied, this
 * reproduces Vallado's Example 3-15 PEF and ITRF vectors to 2e-7 km and 1e-9 km/s when started
 * from the book's JD_UT1, and to 1e-5 km from the UTC instant (the book's JD double is 40 µs
 * coarse; see the test).
 */
import { gmst } from '../time/gmst.ts';
import { ecefPosition, ecefVelocity, temePosition, temeVelocity, type Ecef, type Position, type Radians, type Teme, type UtcMs, type Velocity } from '../units.ts';

/** ω⊕ in rad/s as Vallado's teme2ecef uses it (the IERS nominal value, 7.29211514670698e-5). */
export const EARTH_ROTATION_RATE = 7.29211514670698e-5;

/** Earth orientation parameters (IERS Bulletin A/B); every field defaults to 0. */
export interface EarthOrientation {
  /** UT1 − UTC, seconds. */
  readonly ut1MinusUtcSeconds?: number;
  /** Pole coordinates, radians. */
  readonly xp?: Radians;
  readonly yp?: Radians;
  /** Excess length of day, seconds. */
  readonly lodSeconds?: number;
}

export interface State<F extends Teme | Ecef> {
  readonly r: Position<F>;
  readonly v: Velocity<F>;
}

type Xyz = readonly [number, number, number];

/** r_ECEF = W r_PEF, W = transpose of Vallado's polarm(xp, yp, '80'). */
function pefToEcef([x, y, z]: Xyz, xp: number, yp: number): Xyz {
  if (xp === 0 && yp === 0) return [x, y, z];
  const [cx, sx, cy, sy] = [Math.cos(xp), Math.sin(xp), Math.cos(yp), Math.sin(yp)];
  return [cx * x + sx * sy * y + sx * cy * z, cy * y - sy * z, -sx * x + cx * sy * y + cx * cy * z];
}

/** r_PEF = polarm(xp, yp, '80') r_ECEF. */
function ecefToPef([x, y, z]: Xyz, xp: number, yp: number): Xyz {
  if (xp === 0 && yp === 0) return [x, y, z];
  const [cx, sx, cy, sy] = [Math.cos(xp), Math.sin(xp), Math.cos(yp), Math.sin(yp)];
  return [cx * x - sx * z, sx * sy * x + cy * y + cx * sy * z, sx * cy * x - sy * y + cx * cy * z];
}

function rotationRate(eop: EarthOrientation): number {
  return EARTH_ROTATION_RATE * (1 - (eop.lodSeconds ?? 0) / 86400);
}

/** Position TEME → ECEF at instant `t` (UTC). */
export function temeToEcef(r: Position<Teme>, t: UtcMs, eop: EarthOrientation = {}): Position<Ecef> {
  const theta = gmst(t, eop.ut1MinusUtcSeconds ?? 0);
  const [c, s] = [Math.cos(theta), Math.sin(theta)];
  const pef: Xyz = [c * r[0] + s * r[1], -s * r[0] + c * r[1], r[2]];
  const [x, y, z] = pefToEcef(pef, eop.xp ?? 0, eop.yp ?? 0);
  return ecefPosition(x, y, z);
}

/** Position and velocity TEME → ECEF; the velocity is relative to the rotating Earth. */
export function temeToEcefState(state: State<Teme>, t: UtcMs, eop: EarthOrientation = {}): State<Ecef> {
  const theta = gmst(t, eop.ut1MinusUtcSeconds ?? 0);
  const [c, s] = [Math.cos(theta), Math.sin(theta)];
  const { r, v } = state;
  const rPef: Xyz = [c * r[0] + s * r[1], -s * r[0] + c * r[1], r[2]];
  const w = rotationRate(eop);
  // v_PEF = R3(θ) v_TEME − ω × r_PEF, with ω × r = (−ω y, ω x, 0).
  const vPef: Xyz = [c * v[0] + s * v[1] + w * rPef[1], -s * v[0] + c * v[1] - w * rPef[0], v[2]];
  const xp = eop.xp ?? 0;
  const yp = eop.yp ?? 0;
  const [rx, ry, rz] = pefToEcef(rPef, xp, yp);
  const [vx, vy, vz] = pefToEcef(vPef, xp, yp);
  return { r: ecefPosition(rx, ry, rz), v: ecefVelocity(vx, vy, vz) };
}

/** Position and velocity ECEF → TEME (the inverse of temeToEcefState). */
export function ecefToTemeState(state: State<Ecef>, t: UtcMs, eop: EarthOrientation = {}): State<Teme> {
  const xp = eop.xp ?? 0;
  const yp = eop.yp ?? 0;
  const rPef = ecefToPef(state.r, xp, yp);
  const vPef = ecefToPef(state.v, xp, yp);
  const w = rotationRate(eop);
  const vInertial: Xyz = [vPef[0] - w * rPef[1], vPef[1] + w * rPef[0], vPef[2]];
  const theta = gmst(t, eop.ut1MinusUtcSeconds ?? 0);
  const [c, s] = [Math.cos(theta), Math.sin(theta)];
  return {
    r: temePosition(c * rPef[0] - s * rPef[1], s * rPef[0] + c * rPef[1], rPef[2]),
    v: temeVelocity(c * vInertial[0] - s * vInertial[1], s * vInertial[0] + c * vInertial[1], vInertial[2]),
  };
}
