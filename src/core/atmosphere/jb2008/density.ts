/**
 * JB2008 for a caller that has a UTC instant and a place: the convenience entry point for drag.
 * It forms the subroutine's inputs as the SET stock driver `JB08DRVY2K.for` does: AMJD from the
 * instant, the Sun from SUNPOS, the point's right ascension as THETA (Greenwich) + east
 * longitude, then calls JB2008.
 *
 * Differences from the driver, both deliberate: degrees become radians with the exact π (the
 * driver uses 3.1415927, a 1.5e-8 relative change in the angles), and the right ascension is
 * reduced to [0, 2π) with the exact 2π. Either moves the density by ~1e-8 relative or less.
 * The index lookup (SOLFSMY, DTCVAL: lags of 1, 2 and 5 days, hourly ΔTc) is I/O and stays
 * with the caller, who passes the values in `indices`.
 */
import { degToRad, degrees, type UtcMs } from '../../units.ts';
import { greenwichRightAscension } from './greenwich-angle.ts';
import { jb2008 } from './jb2008.ts';
import { daysSince1950, modifiedJulianDate } from './mjd.ts';
import { sunPosition } from './sun-position.ts';
import type { Jb2008Indices, Jb2008Input } from './types.ts';

export interface Jb2008DensityQuery {
  /** The instant, UTC (used as UT). */
  readonly time: UtcMs;
  /** Geocentric latitude, degrees (the model's SAT(2); geodetic differs by ≤ 0.19°). */
  readonly latitudeDeg: number;
  /** East longitude, degrees. */
  readonly longitudeDeg: number;
  /** Height above the Earth, km (≥ 90). */
  readonly altitudeKm: number;
  readonly indices: Jb2008Indices;
}

export interface Jb2008Density {
  /** Total mass density, kg/m³. */
  readonly densityKgPerM3: number;
  /** Exospheric temperature above the point, K (TEMP(1): without the DTSUB correction). */
  readonly exosphericTemperatureK: number;
  /** Temperature at the point, K (TEMP(2)). */
  readonly temperatureK: number;
  /** The subroutine inputs that were used, for logging and reproduction. */
  readonly input: Jb2008Input;
}

const TWO_PI = 2 * Math.PI;

/** The JB2008 inputs for a place and instant (driver logic, see the file comment). */
export function jb2008InputAt(query: Jb2008DensityQuery): Jb2008Input {
  const amjd = modifiedJulianDate(query.time);
  const sun = sunPosition(amjd);
  const ra = (greenwichRightAscension(daysSince1950(query.time)) + degToRad(degrees(query.longitudeDeg))) % TWO_PI;
  const { f10, f10b, s10, s10b, xm10, xm10b, y10, y10b, dstdtc } = query.indices;
  return {
    f10, f10b, s10, s10b, xm10, xm10b, y10, y10b, dstdtc,
    amjd,
    sun: [sun.rightAscensionRad, sun.declinationRad],
    sat: [ra < 0 ? ra + TWO_PI : ra, degToRad(degrees(query.latitudeDeg)), query.altitudeKm],
  };
}

/** JB2008 total mass density (kg/m³) and temperatures at a place and instant. */
export function jb2008Density(query: Jb2008DensityQuery): Jb2008Density {
  const input = jb2008InputAt(query);
  const { temp, rho } = jb2008(input);
  return { densityKgPerM3: rho, exosphericTemperatureK: temp[0], temperatureK: temp[1], input };
}
