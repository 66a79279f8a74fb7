/**
 * Julian dates and the UTC millisecond clock.
 *
 * Instants in Data Forge are `UtcMs`: milliseconds since 1970-01-01T00:00Z as
 * `Date.UTC` counts them (86,400,000 ms per day, leap seconds not counted). A
 * Julian date (JD) here is on the same UTC day count; functions that need UT1
 * take the UT1−UTC difference as an argument (|UT1−UTC| < 0.9 s).
 */
import { minutes, utcMs, type Minutes, type UtcMs } from '../units.ts';

export const MS_PER_SECOND = 1000;
export const MS_PER_MINUTE = 60_000;
export const MS_PER_DAY = 86_400_000;
export const MINUTES_PER_DAY = 1440;

/** Julian date of 1970-01-01T00:00Z (Vallado, "Fundamentals of Astrodynamics", 4th ed., §3.5.1). */
export const JD_UNIX_EPOCH = 2440587.5;
/** Julian date of the J2000.0 epoch, 2000-01-01 12:00. */
export const JD_J2000 = 2451545.0;
/** 2000-01-01T12:00Z as UtcMs: lets callers form "days since J2000" without the rounding of a 7-digit JD. */
export const J2000_UTC_MS = utcMs(Date.UTC(2000, 0, 1, 12));

/** Julian date of an instant (same time scale as the instant). */
export function julianDate(t: UtcMs): number {
  return JD_UNIX_EPOCH + t / MS_PER_DAY;
}

/** The instant of a Julian date. A JD double resolves about 40 µs near the present epoch. */
export function fromJulianDate(jd: number): UtcMs {
  return utcMs((jd - JD_UNIX_EPOCH) * MS_PER_DAY);
}

/**
 * Julian date of a calendar date and time: Vallado's `jday` (Fundamentals, 4th ed.,
 * Algorithm 14, valid 1900–2100 because it ignores the 1900/2100 leap-year exceptions),
 * kept to check against his worked examples.
 */
export function julianDateFromCalendar(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  return (
    367 * year -
    Math.floor((7 * (year + Math.floor((month + 9) / 12))) * 0.25) +
    Math.floor((275 * month) / 9) +
    day +
    1721013.5 +
    ((second / 60 + minute) / 60 + hour) / 24
  );
}

/** `to − from` in minutes (SGP4's `tsince` when `from` is the element-set epoch). */
export function minutesBetween(from: UtcMs, to: UtcMs): Minutes {
  return minutes((to - from) / MS_PER_MINUTE);
}

/** The instant `m` minutes after `t`. */
export function addMinutes(t: UtcMs, m: Minutes): UtcMs {
  return utcMs(t + m * MS_PER_MINUTE);
}
