/**
 * Where an inertial (TEME) position is over the Earth, as the density models want it, and the velocity of a
 * satellite relative to the air.
 *
 * The atmosphere is taken to co-rotate with the Earth (Vallado §8.6; Montenbruck & Gill §3.5):
 * v_rel = v − ω⊕ × r. Winds are neglected (they change v_rel by ~0.1 km/s at most, ≲ 3 % of the drag).
 */
import { ecefToGeodetic, geodeticToEcef } from '../frames/geodetic.ts';
import { temeToEcef } from '../frames/teme-ecef.ts';
import { degrees, degToRad, km, temePosition, type UtcMs } from '../units.ts';
import { EARTH_ROTATION_RAD_PER_S } from './constants.ts';
import type { DensityPoint } from './density.ts';
import type { Vector3 } from './mean-orbit.ts';

const DEG = 180 / Math.PI;

/** Geodetic and geocentric latitude, longitude and height above the ellipsoid of a TEME position (km) at `time`. */
export function densityPointFromTeme(r: Vector3, time: UtcMs): DensityPoint {
  const g = ecefToGeodetic(temeToEcef(temePosition(r[0], r[1], r[2]), time));
  return {
    time,
    latitudeDeg: g.latitude * DEG,
    geocentricLatitudeDeg: Math.atan2(r[2], Math.hypot(r[0], r[1])) * DEG,
    longitudeDeg: g.longitude * DEG,
    altitudeKm: g.altitude,
  };
}

/**
 * A place given by WGS-84 geodetic latitude, east longitude (degrees) and height above the ellipsoid (km), as the
 * density models want it: the geocentric latitude (JB2008's) is that of the place's Earth-fixed position
 * (frames/geodetic.ts), atan2(z, √(x² + y²)).
 */
export function densityPointAtGeodetic(time: UtcMs, latitudeDeg: number, longitudeDeg: number, altitudeKm: number): DensityPoint {
  const r = geodeticToEcef({ latitude: degToRad(degrees(latitudeDeg)), longitude: degToRad(degrees(longitudeDeg)), altitude: km(altitudeKm) });
  return { time, latitudeDeg, geocentricLatitudeDeg: (Math.atan2(r[2], Math.hypot(r[0], r[1])) * 180) / Math.PI, longitudeDeg, altitudeKm };
}

/** v − ω⊕ × r with ω⊕ along z, in the units of v (r in km, v in km/s → km/s). */
export function velocityRelativeToAtmosphere(r: Vector3, v: Vector3): Vector3 {
  const w = EARTH_ROTATION_RAD_PER_S;
  return [v[0] + w * r[1], v[1] - w * r[0], v[2]];
}
