/**
 * `SUNPOS` of the JB2008 stock driver (SET `JB08DRVY2K.for`; provenance in index.ts): the Sun's
 * right ascension and declination from the low-precision formulae of The Astronomical Almanac
 * (page C24; "accurate to 0.01 degrees between the years 1950 through 2050"):
 *
 *   n = MJD − 51544.5, g = 357.528° + 0.9856003°·n, L = 280.460° + 0.9856474°·n,
 *   λ = L + 1.915°·sin g + 0.020°·sin 2g, ε = 23.439° − 0.0000004°·n,
 *   α = λ − tan²(ε/2)·sin 2λ + ½·tan⁴(ε/2)·sin 4λ, δ = asin(sin ε · sin λ).
 *
 * The driver writes 0.9856003, 0.9856474 and 0.0000004 as default-REAL literals, so they are
 * float32 values in the compiled code (Math.fround here): the reference inputs' SUN values
 * (shared/reference/atmosphere/jb2008_cases.json) come from that code. The difference from the
 * decimal values is below 3e-8°/day · n, far inside the formula's 0.01°.
 */

const DEGRAD = Math.PI / 180;
const TWOPI = 2 * Math.PI;
/** MJD of J2000.0 (2000-01-01 12:00). */
const MJD_J2000 = 51544.5;

const MEAN_ANOMALY_RATE = Math.fround(0.9856003);
const MEAN_LONGITUDE_RATE = Math.fround(0.9856474);
const OBLIQUITY_RATE = Math.fround(0.0000004);

export interface SunPosition {
  /** Right ascension of date, radians, 0 ≤ α ≤ 2π. */
  readonly rightAscensionRad: number;
  /** Declination, radians. */
  readonly declinationRad: number;
}

/** The Sun's right ascension and declination at modified Julian date `amjd` (UT). */
export function sunPosition(amjd: number): SunPosition {
  const d2000 = amjd - MJD_J2000;
  const solan = (357.528 + MEAN_ANOMALY_RATE * d2000) * DEGRAD;
  let solon = (280.46 + MEAN_LONGITUDE_RATE * d2000) % 360;
  if (solon < 0) solon += 360;
  const eclon = (solon + 1.915 * Math.sin(solan) + 0.02 * Math.sin(2 * solan)) * DEGRAD;
  const eps = (23.439 - OBLIQUITY_RATE * d2000) * DEGRAD;

  const sin1l = Math.sin(eclon);
  const sin2l = Math.sin(2 * eclon);
  const sin4l = Math.sin(4 * eclon);
  const t1 = Math.tan(0.5 * eps);
  const t2 = t1 * t1;
  const t4 = t2 * t2;

  let ra = eclon - t2 * sin2l + 0.5 * t4 * sin4l;
  if (ra < 0) ra += TWOPI;
  else if (ra > TWOPI) ra -= TWOPI;
  return { rightAscensionRad: ra, declinationRad: Math.asin(Math.sin(eps) * sin1l) };
}
