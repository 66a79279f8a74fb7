/**
 * Greenwich Mean Sidereal Time, IAU-82 model, as Vallado's `gstime`
 * (Vallado, "Fundamentals of Astrodynamics and Applications", 4th ed., Eq. 3-47 and
 * Algorithm 15; the same function seeds SGP4's deep-space terms in Vallado et al. 2006,
 * AIAA 2006-6753, and satellite.js's `gstime`):
 *
 *   θ_GMST = 67310.54841 s + (876600 h + 8640184.812866 s)·T_UT1 + 0.093104 s·T_UT1² − 6.2e-6 s·T_UT1³
 *
 * with T_UT1 the Julian centuries of UT1 since 2000-01-01 12:00 UT1, then 1 s = 1/240°.
 */
import { radians, type Radians, type UtcMs } from '../units.ts';
import { J2000_UTC_MS, JD_J2000, MS_PER_DAY } from './julian.ts';

const TWO_PI = 2 * Math.PI;
const DAYS_PER_JULIAN_CENTURY = 36525;

function gmstFromCenturies(tUt1: number): Radians {
  const seconds =
    -6.2e-6 * tUt1 * tUt1 * tUt1 + 0.093104 * tUt1 * tUt1 + (876600 * 3600 + 8640184.812866) * tUt1 + 67310.54841;
  // 360° per 86400 s → 1/240 degree per second of time, then to radians; fmod keeps the sign, so fold negatives.
  const angle = ((seconds * Math.PI) / 180 / 240) % TWO_PI;
  return radians(angle < 0 ? angle + TWO_PI : angle);
}

/** GMST (0 ≤ θ < 2π) from a Julian date on the UT1 scale: exactly Vallado's gstime(jdut1). */
export function gmstFromJulianDateUt1(jdUt1: number): Radians {
  return gmstFromCenturies((jdUt1 - JD_J2000) / DAYS_PER_JULIAN_CENTURY);
}

/**
 * GMST at a UTC instant. UT1 = UTC + `ut1MinusUtcSeconds` (IERS Bulletin A's DUT1; default 0).
 * Leaving DUT1 at 0 rotates Earth-fixed results by up to 0.9 s × 7.29e-5 rad/s = 6.6e-5 rad
 * (≈ 0.42 km at the equator, 0.46 km at a 7,000 km orbital radius).
 * The centuries are formed from milliseconds since J2000 rather than from a JD double, which
 * keeps about 0.2 µs of resolution instead of 40 µs.
 */
export function gmst(t: UtcMs, ut1MinusUtcSeconds = 0): Radians {
  const daysSinceJ2000 = (t + ut1MinusUtcSeconds * 1000 - J2000_UTC_MS) / MS_PER_DAY;
  return gmstFromCenturies(daysSinceJ2000 / DAYS_PER_JULIAN_CENTURY);
}
