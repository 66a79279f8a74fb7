/**
 * Time: the public API of src/core/time (see src/core/README.md), re-exports only. Instants are `UtcMs`
 * (ms since 1970-01-01Z, UTC).
 *
 * - `julian.ts`: Julian dates ↔ `UtcMs`, Vallado's `jday`, minutes between instants, and the one definition
 *   of `MS_PER_DAY` (with `MS_PER_SECOND`, `MS_PER_MINUTE`, `MINUTES_PER_DAY`).
 * - `tle-epoch.ts`: TLE epochs (two-digit year, fractional day of year) ↔ `UtcMs`.
 * - `gmst.ts`: GMST, IAU-82 (Vallado `gstime`).
 * - `iso-time.ts`: UTC date-time text ↔ `UtcMs`.
 */
export {
  addMinutes,
  fromJulianDate,
  J2000_UTC_MS,
  JD_J2000,
  JD_UNIX_EPOCH,
  julianDate,
  julianDateFromCalendar,
  MINUTES_PER_DAY,
  minutesBetween,
  MS_PER_DAY,
  MS_PER_MINUTE,
  MS_PER_SECOND,
} from './julian.ts';
export { daysInYear, formatTleEpoch, tleEpochToUtcMs, tleFullYear, TLE_FIRST_YEAR, TLE_LAST_YEAR, utcMsToTleEpoch, type TleEpoch } from './tle-epoch.ts';
export { gmst, gmstFromJulianDateUt1 } from './gmst.ts';
export { formatUtc, parseUtc } from './iso-time.ts';
