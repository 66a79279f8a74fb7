/**
 * The two day counts JB2008 and its driver use, from a UTC instant (`UtcMs`, see units.ts):
 * AMJD, the modified Julian date (JD − 2400000.5), and D1950, days since 1950 January 0.0
 * (1949-12-31T00:00Z), related by AMJD = D1950 + 33281 (SET JB08DRVY2K.for and JB2008.for).
 */
import { MS_PER_DAY } from '../../time/julian.ts';
import { utcMs, type UtcMs } from '../../units.ts';

/** 1949-12-31T00:00Z ("1950 January 0.0"), ms since 1970. */
const EPOCH_1950_JAN_0_MS = Date.UTC(1949, 11, 31);
/** MJD of 1970-01-01T00:00Z. */
const MJD_UNIX_EPOCH = 40587;
/** MJD of 1950 January 0.0. */
export const MJD_1950_JAN_0 = 33281;

/** Days since 1950 January 0.0 UT. */
export function daysSince1950(t: UtcMs): number {
  return (t - EPOCH_1950_JAN_0_MS) / MS_PER_DAY;
}

/** Modified Julian date, formed as the driver forms it: D1950 + 33281. */
export function modifiedJulianDate(t: UtcMs): number {
  return daysSince1950(t) + MJD_1950_JAN_0;
}

/** The instant of a modified Julian date. */
export function fromModifiedJulianDate(amjd: number): UtcMs {
  return utcMs((amjd - MJD_UNIX_EPOCH) * MS_PER_DAY);
}
