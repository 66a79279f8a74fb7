/**
 * The circular orbit the drag calculator assumes: the satellite is at the given latitude, longitude and
 * altitude at the given instant, on a circular orbit of that altitude and a given inclination, on the
 * northbound (ascending) half of its track.
 *
 * Altitude: the orbit's radius is a = R_eq + altitude (equatorial radius, constants.ts), the usual meaning of
 * "a circular orbit at 400 km"; the density at the point itself is taken at the altitude as entered. The
 * geometry: with the point's geocentric latitude φ and right ascension α, sin u = sin φ / sin i picks the
 * argument of latitude on the ascending half (cos u ≥ 0) and tan(α − Ω) = cos i tan u the node (the right
 * spherical triangle of node, satellite and the equator below it). A point is reachable only if |φ| ≤ i
 * (prograde) or |φ| ≤ 180° − i (retrograde).
 */
import { geodeticToEcef } from '../frames/geodetic.ts';
import { ecefToTemeState } from '../frames/teme-ecef.ts';
import { degToRad, degrees, ecefVelocity, km, type UtcMs } from '../units.ts';
import { EARTH_EQUATORIAL_RADIUS_KM } from './constants.ts';
import { stateAtEccentricAnomaly, type MeanOrbit, type OrbitState } from './mean-orbit.ts';

export interface CircularOrbitQuery {
  readonly time: UtcMs;
  /** Geodetic latitude, degrees. */
  readonly latitudeDeg: number;
  /** East longitude, degrees. */
  readonly longitudeDeg: number;
  /** Height of the orbit (and of the point) above the equatorial radius / ellipsoid, km. */
  readonly altitudeKm: number;
  readonly inclinationDeg: number;
}

export interface CircularOrbitAtPoint {
  readonly orbit: MeanOrbit;
  /** Argument of latitude of the satellite at `time` (= eccentric anomaly, ω = 0), radians. */
  readonly argumentOfLatitudeRad: number;
  /** The satellite's inertial (TEME) state there. */
  readonly state: OrbitState;
}

/**
 * Whether an orbit of inclination `inclinationDeg` reaches geodetic latitude `latitudeDeg`. Checked on the
 * geodetic latitude, which is never smaller than the geocentric one the geometry uses (by ≤ 0.19°), so a
 * point that passes is always reachable.
 */
export function inclinationReaches(inclinationDeg: number, latitudeDeg: number): boolean {
  return Math.abs(latitudeDeg) <= Math.min(inclinationDeg, 180 - inclinationDeg);
}

/** The circular orbit through the point (see the file comment); RangeError if the inclination cannot reach it. */
export function circularOrbitThroughPoint(query: CircularOrbitQuery): CircularOrbitAtPoint {
  const i = degToRad(degrees(query.inclinationDeg));
  const ecef = geodeticToEcef({
    latitude: degToRad(degrees(query.latitudeDeg)),
    longitude: degToRad(degrees(query.longitudeDeg)),
    altitude: km(query.altitudeKm),
  });
  const { r } = ecefToTemeState({ r: ecef, v: ecefVelocity(0, 0, 0) }, query.time);
  const phi = Math.atan2(r[2], Math.hypot(r[0], r[1]));
  const alpha = Math.atan2(r[1], r[0]);
  let u: number;
  let raan: number;
  if (Math.abs(Math.sin(i)) < 1e-12) {
    // Equatorial orbit: no node; measure u from the x axis (i = 0) or against it (i = 180°).
    if (Math.abs(phi) > 1e-12) throw new RangeError(`an equatorial orbit never reaches latitude ${query.latitudeDeg}°`);
    raan = 0;
    u = Math.cos(i) > 0 ? alpha : -alpha;
  } else {
    const sinU = Math.sin(phi) / Math.sin(i);
    if (!(Math.abs(sinU) <= 1 + 1e-12)) {
      throw new RangeError(`an orbit inclined ${query.inclinationDeg}° never reaches latitude ${query.latitudeDeg}°`);
    }
    u = Math.asin(Math.max(-1, Math.min(1, sinU)));
    raan = alpha - Math.atan2(Math.cos(i) * Math.sin(u), Math.cos(u));
  }
  const orbit: MeanOrbit = {
    semiMajorAxisKm: EARTH_EQUATORIAL_RADIUS_KM + query.altitudeKm,
    eccentricity: 0,
    inclinationRad: i,
    raanRad: raan,
    argPerigeeRad: 0,
  };
  return { orbit, argumentOfLatitudeRad: u, state: stateAtEccentricAnomaly(orbit, u) };
}
