/**
 * UTC date-time text ↔ UtcMs, for OMM epochs (CCSDS 502.0-B-3 §7.5.10 / CCSDS 301.0-B-4
 * ASCII time code A "YYYY-MM-DDThh:mm:ss.d…" and code B "YYYY-DDDThh:mm:ss.d…").
 *
 * Written by hand because `Date.parse` reads a date-time without a zone designator as
 * local time (ECMA-262 §21.4.3.2), which would make the result depend on the host, and it
 * drops digits below the millisecond. A trailing "Z" is accepted; other offsets are not
 * (OMM epochs are in the message's TIME_SYSTEM, UTC for SGP4 elements).
 */
import { utcMs, type UtcMs } from '../units.ts';
import { daysInYear } from './tle-epoch.ts';
import { MS_PER_DAY } from './julian.ts';

const CALENDAR = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?)?Z?$/;
const ORDINAL = /^(\d{4})-(\d{3})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?)?Z?$/;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function timeOfDayMs(hh = '0', mm = '0', ss = '0', fraction = ''): number | undefined {
  const h = Number(hh);
  const m = Number(mm);
  const s = Number(ss);
  // Second 60 (a leap second) has no UtcMs: the millisecond count skips it.
  if (h > 23 || m > 59 || s > 59) return undefined;
  return ((h * 60 + m) * 60 + s) * 1000 + (fraction ? Number(`0${fraction}`) * 1000 : 0);
}

/** The instant of a UTC date-time text, or undefined if the text is not a valid date-time. */
export function parseUtc(text: string): UtcMs | undefined {
  const value = text.trim();
  const calendar = CALENDAR.exec(value);
  if (calendar) {
    const [, y, mo, d, hh, mm, ss, fraction] = calendar;
    const year = Number(y);
    const month = Number(mo);
    const day = Number(d);
    if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
    const time = timeOfDayMs(hh, mm, ss, fraction);
    return time === undefined ? undefined : utcMs(Date.UTC(year, month - 1, day) + time);
  }
  const ordinal = ORDINAL.exec(value);
  if (ordinal) {
    const [, y, doy, hh, mm, ss, fraction] = ordinal;
    const year = Number(y);
    const dayOfYear = Number(doy);
    if (dayOfYear < 1 || dayOfYear > daysInYear(year)) return undefined;
    const time = timeOfDayMs(hh, mm, ss, fraction);
    return time === undefined ? undefined : utcMs(Date.UTC(year, 0, 1) + (dayOfYear - 1) * MS_PER_DAY + time);
  }
  return undefined;
}

/** "YYYY-MM-DDThh:mm:ss.ffffff" (no zone letter, as CelesTrak writes OMM epochs), rounded to `fractionDigits` (0–6). */
export function formatUtc(t: UtcMs, fractionDigits = 6): string {
  const scale = 10 ** fractionDigits;
  const units = Math.round((t / 1000) * scale); // whole units of 10^-fractionDigits s
  const wholeSeconds = Math.floor(units / scale);
  const fraction = units - wholeSeconds * scale;
  const iso = new Date(wholeSeconds * 1000).toISOString().slice(0, 19);
  return fractionDigits > 0 ? `${iso}.${String(fraction).padStart(fractionDigits, '0')}` : iso;
}
