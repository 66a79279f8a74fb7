/**
 * The keys space-weather values are stored under: the UTC day and the 3-hour interval of the
 * planetary indices (00–03, 03–06, …, 21–24 UT: the Kp/ap intervals of Bartels 1957, as
 * SW-All's KP1…KP8 and AP1…AP8 columns give them). Both are whole numbers counted from
 * 1970-01-01T00:00Z, so a look-up is a Map get and a lag is a subtraction.
 */
import { MS_PER_DAY } from '../time/julian.ts';
import type { UtcMs } from '../units.ts';

export const MS_PER_3H = 3 * 3_600_000;
export const INTERVALS_PER_DAY = 8;

/** UTC day number: whole days since 1970-01-01 (negative before). */
export const dayNumber = (time: UtcMs): number => Math.floor(time / MS_PER_DAY);

/** 3-hour interval number: whole 3-hour intervals since 1970-01-01T00:00Z. */
export const intervalNumber = (time: UtcMs): number => Math.floor(time / MS_PER_3H);

/**
 * The UTC day number of a year and day of year as SET's files write them (YYYY DDD), or the
 * reason they are not one.
 */
export function dayOfYearNumber(yearText: string, doyText: string): { day: number; year: number; doy: number } | { reason: string } {
  const year = Number(yearText);
  const doy = Number(doyText);
  if (!/^\d{4}$/.test(yearText) || year < 1900 || year > 2100) return { reason: `year '${yearText}' is not a year from 1900 to 2100` };
  const days = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 366 : 365;
  if (!/^\d{1,3}$/.test(doyText) || doy < 1 || doy > days) return { reason: `day of year '${doyText}' is not within 1–${days} of ${year}` };
  return { day: Math.round(Date.UTC(year, 0, doy) / MS_PER_DAY), year, doy };
}

/**
 * A function of a day or interval number, cached: the last value made for each of `slots` slots
 * (key modulo slots). A drag lifetime asks a series tens of thousands of times, mostly for the
 * days and intervals it asked for a step earlier, and each answer carries labels and provenance
 * text: made afresh every time, they took most of a 2-s drag calculation. A hit returns what the
 * miss made from the same key, so callers see the same values (`make` must depend on the key
 * only, and what it returns must not be changed).
 */
export function keyCache<T>(make: (key: number) => T, slots = 4096): (key: number) => T {
  const keys = new Float64Array(slots).fill(Number.NaN);
  const values = new Array<T | undefined>(slots).fill(undefined);
  return (key) => {
    const slot = ((key % slots) + slots) % slots | 0;
    if (keys[slot] === key) return values[slot]!;
    const value = make(key);
    keys[slot] = key;
    values[slot] = value;
    return value;
  };
}

/** "YYYY-MM-DD" of a day number. */
export const dayLabel: (day: number) => string = keyCache((day) => new Date(day * MS_PER_DAY).toISOString().slice(0, 10));

/** "YYYY-MM-DDThh:00Z/+3h" of a 3-hour interval number. */
export const intervalLabel: (interval: number) => string = keyCache((interval) => `${new Date(interval * MS_PER_3H).toISOString().slice(0, 13)}:00Z/+3h`);
