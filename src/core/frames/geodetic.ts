/**
 * Earth-fixed Cartesian ↔ geodetic latitude, longitude and height on the WGS-84 ellipsoid
 * (frames/wgs84.ts, NIMA TR8350.2).
 *
 * ECEF → geodetic is Vallado's iteration (Fundamentals of Astrodynamics and Applications,
 * 4th ed., Algorithm 12, "ECEF to LATLON"): φ ← atan2(z + C e² sin φ, √(x²+y²)) with
 * C = a / √(1 − e² sin²φ), started from the geocentric latitude. Each pass shrinks the error by
 * about e² (≈ 0.0067), so a handful of passes reach 1e-15 rad. The height uses
 * h = p cos φ + z sin φ − a √(1 − e² sin²φ), which (unlike p / cos φ − C) stays exact at the poles.
 */
import { ecefPosition, km, radians, radToDeg, type Degrees, type Ecef, type Frame, type Km, type Position, type Radians } from '../units.ts';
import { WGS84_A, WGS84_E2 } from './wgs84.ts';

export interface Geodetic {
  /** Geodetic latitude, −π/2 … π/2. */
  readonly latitude: Radians;
  /** East longitude, −π … π. */
  readonly longitude: Radians;
  /** Height above the ellipsoid. */
  readonly altitude: Km;
}

const MAX_ITERATIONS = 20;
const TOLERANCE = 1e-15;

function latitudeAndHeight(p: number, z: number): { latitude: number; altitude: number } {
  let phi = Math.atan2(z, p);
  for (let i = 0; i < MAX_ITERATIONS; i += 1) {
    const sin = Math.sin(phi);
    const c = WGS84_A / Math.sqrt(1 - WGS84_E2 * sin * sin);
    const next = Math.atan2(z + c * WGS84_E2 * sin, p);
    const done = Math.abs(next - phi) < TOLERANCE;
    phi = next;
    if (done) break;
  }
  const sin = Math.sin(phi);
  return { latitude: phi, altitude: p * Math.cos(phi) + z * sin - WGS84_A * Math.sqrt(1 - WGS84_E2 * sin * sin) };
}

/** Geodetic coordinates of an Earth-fixed position. */
export function ecefToGeodetic(r: Position<Ecef>): Geodetic {
  const p = Math.hypot(r[0], r[1]);
  const { latitude, altitude } = latitudeAndHeight(p, r[2]);
  return { latitude: radians(latitude), longitude: radians(Math.atan2(r[1], r[0])), altitude: km(altitude) };
}

/** Earth-fixed position of geodetic coordinates (Vallado, Fundamentals, Eq. 3-7 / Algorithm 51). */
export function geodeticToEcef({ latitude, longitude, altitude }: Geodetic): Position<Ecef> {
  const sin = Math.sin(latitude);
  const c = WGS84_A / Math.sqrt(1 - WGS84_E2 * sin * sin);
  const s = c * (1 - WGS84_E2);
  const horizontal = (c + altitude) * Math.cos(latitude);
  return ecefPosition(horizontal * Math.cos(longitude), horizontal * Math.sin(longitude), (s + altitude) * sin);
}

/**
 * Height above the WGS-84 ellipsoid of a TEME or ECEF position. TEME → ECEF is a rotation about
 * the z axis (plus polar motion, < 0.5″), which changes neither √(x²+y²) nor z, so no time is
 * needed; neglecting polar motion moves the height by at most e² a sin 2φ δφ ≈ 0.1 m.
 */
export function ellipsoidAltitude<F extends Frame>(r: Position<F>): Km {
  return km(latitudeAndHeight(Math.hypot(r[0], r[1]), r[2]).altitude);
}

/** Geodetic coordinates with angles in degrees, for display and reports. */
export function geodeticDegrees(g: Geodetic): { readonly latitude: Degrees; readonly longitude: Degrees; readonly altitude: Km } {
  return { latitude: radToDeg(g.latitude), longitude: radToDeg(g.longitude), altitude: g.altitude };
}
