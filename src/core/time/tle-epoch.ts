/**
 * TLE epochs: a two-digit year and a fractional day of the year (columns 19–32 of
 * line 1, "YYDDD.DDDDDDDD"), day 1.0 being January 1 at 0h UTC.
 *
 * Two-digit years follow the Space-Track/NORAD convention used by Vallado's twoline2rv
 * (Vallado et al. 2006, AIAA 2006-6753): 57–99 → 1957–1999, 00–56 → 2000–2056.
 */
import { utcMs, type UtcMs } from '../units.ts';
import { MS_PER_DAY } from './julian.ts';

/** First and last years a TLE epoch can express. */
export const TLE_FIRST_YEAR = 1957;
export const TLE_LAST_YEAR = 2056;

/** Full year of a TLE two-digit year (0–99). */
export function tleFullYear(twoDigitYear: number): number {
  return twoDigitYear < 57 ? 2000 + twoDigitYear : 1900 + twoDigitYear;
}

/** Days in a Gregorian year. */
export function daysInYear(year: number): number {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 366 : 365;
}

/** The instant of a TLE epoch. `dayOfYear` is 1-based and fractional (1.5 = Jan 1, 12:00). */
export function tleEpochToUtcMs(twoDigitYear: number, dayOfYear: number): UtcMs {
  return utcMs(Date.UTC(tleFullYear(twoDigitYear), 0, 1) + (dayOfYear - 1) * MS_PER_DAY);
}

export interface TleEpoch {
  /** Full year, 1957–2056. */
  readonly year: number;
  /** Two-digit year as written in the TLE. */
  readonly twoDigitYear: number;
  /** 1-based fractional day of the year. */
  readonly dayOfYear: number;
}

/** Year and fractional day of the year of an instant (no rounding). */
export function utcMsToTleEpoch(t: UtcMs): TleEpoch {
  const year = new Date(t).getUTCFullYear();
  return { year, twoDigitYear: year % 100, dayOfYear: (t - Date.UTC(year, 0, 1)) / MS_PER_DAY + 1 };
}

/**
 * The 14-character TLE epoch field "YYDDD.DDDDDDDD", rounded to 1e-8 day (0.864 ms) as the
 * format allows; an instant that rounds up to the next January 1 is written as day 1 of that year.
 * Throws a RangeError outside 1957–2056.
 */
export function formatTleEpoch(t: UtcMs): string {
  const epoch = utcMsToTleEpoch(t);
  let year = epoch.year;
  let text = epoch.dayOfYear.toFixed(8);
  if (Number.parseInt(text, 10) > daysInYear(year)) {
    year += 1;
    text = ((t - Date.UTC(year, 0, 1)) / MS_PER_DAY + 1).toFixed(8);
  }
  if (year < TLE_FIRST_YEAR || year > TLE_LAST_YEAR) throw new RangeError(`epoch year ${year} is outside the TLE range 1957–2056`);
  return `${String(year % 100).padStart(2, '0')}${text.padStart(12, '0')}`;
}
