/**
 * Orbit size and shape from mean motion and eccentricity (two-body relations: Vallado,
 * "Fundamentals of Astrodynamics and Applications", 4th ed., §2.2: n = √(μ/a³), T = 2π/n).
 *
 * Which μ: by default WGS-72 (398,600.8 km³/s²), the constant SGP4 elements are fitted with.
 * Space-Track's GP records (SEMIMAJOR_AXIS, PERIOD, APOAPSIS, PERIAPSIS) use μ = 398,600.4418
 * with the WGS-72 radius 6,378.135 km; pass `{ mu: SPACE_TRACK_MU }` to reproduce them (their
 * semi-major axes are ~2 m smaller than ours in LEO).
 *
 * Which mean motion: the Kozai mean motion as published, so a = (μ/n²)^(1/3) directly, as
 * Space-Track does. SGP4 internally converts to the Brouwer mean motion first (satrec.a), whose
 * semi-major axis is larger by a J2 term: 0.50 km for the ISS.
 *
 * Apogee and perigee "altitudes" are a(1 ± e) − R with R the equatorial radius: heights above a
 * sphere, not above the ellipsoid (use frames/geodetic.ts `ellipsoidAltitude` for a position).
 */
import type { ElementSet } from '../elements/element-set.ts';
import { km, minutes, type Degrees, type Km, type Minutes } from '../units.ts';
import { WGS72_MU, WGS72_RADIUS } from './wgs72.ts';

export interface OrbitConstants {
  /** km³/s²; default WGS-72. */
  readonly mu?: number;
  /** Equatorial radius for apsis altitudes; default WGS-72 6,378.135 km. */
  readonly earthRadius?: Km;
}

const SECONDS_PER_DAY = 86400;

/** a = (μ / n²)^(1/3), n in rad/s. */
export function semiMajorAxis(meanMotionRevPerDay: number, mu = WGS72_MU): Km {
  const n = (meanMotionRevPerDay * 2 * Math.PI) / SECONDS_PER_DAY;
  return km(Math.cbrt(mu / (n * n)));
}

/** Period in minutes: 1440 / n (independent of μ). */
export function periodMinutes(meanMotionRevPerDay: number): Minutes {
  return minutes(1440 / meanMotionRevPerDay);
}

export interface OrbitSummary {
  readonly semiMajorAxis: Km;
  readonly apogeeAltitude: Km;
  readonly perigeeAltitude: Km;
  readonly period: Minutes;
  readonly eccentricity: number;
  readonly inclination: Degrees;
}

/** Size, shape, period and inclination of an element set's mean orbit. */
export function orbitSummary(set: ElementSet, constants: OrbitConstants = {}): OrbitSummary {
  const a = semiMajorAxis(set.meanMotion, constants.mu ?? WGS72_MU);
  const radius = constants.earthRadius ?? WGS72_RADIUS;
  return {
    semiMajorAxis: a,
    apogeeAltitude: km(a * (1 + set.eccentricity) - radius),
    perigeeAltitude: km(a * (1 - set.eccentricity) - radius),
    period: periodMinutes(set.meanMotion),
    eccentricity: set.eccentricity,
    inclination: set.inclination,
  };
}
