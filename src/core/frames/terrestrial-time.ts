/**
 * Terrestrial Time from UTC, for the precession and nutation angles (which are functions of TT:
 * Vallado, "Fundamentals of Astrodynamics and Applications", 4th ed., §3.5; Vallado et al. 2006,
 * AIAA 2006-6753, teme2eci takes `ttt`, Julian centuries of TT):
 *
 *   TAI = UTC + ΔAT,   TT = TAI + 32.184 s   (IAU 1991 Resolution A4, Recommendation IV; SOFA iauUtctai, iauTaitt)
 *
 * ΔAT (TAI − UTC, the leap-second count) comes from the caller or from the table below, which is
 * IERS Bulletin C as SOFA's iauDat lists it (release 2023-10-11): 10 s from 1972-01-01, then one
 * step per leap second to 37 s from 2017-01-01. No leap second has been inserted since; a later
 * one must be added here (or passed as `taiMinusUtcSeconds`).
 *
 * How much ΔAT matters here: the angles move by at most 1.5e-11 rad per second of TT (precession
 * 5029″/century plus the fastest nutation terms), so a whole second wrong moves a LEO position by
 * 1e-7 km and even ignoring TT − UTC altogether (69.184 s today) by 7 mm. Before 1972 UTC ran at
 * offset rates (TAI − UTC 1.4 s to 10 s, Bulletin C); there the table's first value, 10 s, is
 * used, an error under 9 s, i.e. under 1e-6 km.
 */
import type { UtcMs } from '../units.ts';
import { J2000_UTC_MS, MS_PER_DAY } from '../time/julian.ts';

/** TT − TAI, seconds (IAU 1991 Resolution A4, Recommendation IV). */
export const TT_MINUS_TAI_SECONDS = 32.184;

/** [year, month (1–12), TAI − UTC in seconds from the first of that month 0h UTC]: IERS Bulletin C / SOFA iauDat. */
const LEAP_SECONDS: readonly (readonly [number, number, number])[] = [
  [1972, 1, 10],
  [1972, 7, 11],
  [1973, 1, 12],
  [1974, 1, 13],
  [1975, 1, 14],
  [1976, 1, 15],
  [1977, 1, 16],
  [1978, 1, 17],
  [1979, 1, 18],
  [1980, 1, 19],
  [1981, 7, 20],
  [1982, 7, 21],
  [1983, 7, 22],
  [1985, 7, 23],
  [1988, 1, 24],
  [1990, 1, 25],
  [1991, 1, 26],
  [1992, 7, 27],
  [1993, 7, 28],
  [1994, 7, 29],
  [1996, 1, 30],
  [1997, 7, 31],
  [1999, 1, 32],
  [2006, 1, 33],
  [2009, 1, 34],
  [2012, 7, 35],
  [2015, 7, 36],
  [2017, 1, 37],
];

const STEPS = LEAP_SECONDS.map(([year, month, seconds]) => ({ from: Date.UTC(year, month - 1, 1), seconds }));

/** TAI − UTC (ΔAT) in seconds at a UTC instant, from the table above (10 s before 1972, see the file comment). */
export function taiMinusUtcSeconds(t: UtcMs): number {
  let seconds = STEPS[0]!.seconds;
  for (const step of STEPS) {
    if (t < step.from) break;
    seconds = step.seconds;
  }
  return seconds;
}

/**
 * Julian centuries of TT since J2000.0 (2000-01-01 12:00 TT) at a UTC instant: Vallado's `ttt`.
 * Formed from milliseconds rather than from a Julian-date double, which keeps ~0.2 µs resolution.
 * `taiMinusUtc` overrides the table (seconds).
 */
export function terrestrialTimeCenturies(t: UtcMs, taiMinusUtc: number = taiMinusUtcSeconds(t)): number {
  const ttMs = t + (taiMinusUtc + TT_MINUS_TAI_SECONDS) * 1000;
  return (ttMs - J2000_UTC_MS) / MS_PER_DAY / 36525;
}
