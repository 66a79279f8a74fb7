import { describe, expect, it } from 'vitest';
import { minutes, utcMs } from '../units.ts';
import { addMinutes, fromJulianDate, julianDate, julianDateFromCalendar, JD_UNIX_EPOCH, minutesBetween } from './julian.ts';

describe('Julian dates', () => {
  it('puts the Unix epoch at JD 2440587.5', () => {
    expect(julianDate(utcMs(0))).toBe(JD_UNIX_EPOCH);
  });

  it('reproduces Vallado Example 3-4: 1996-10-26 14:20:00 UT is JD 2450383.09722222', () => {
    // Vallado, Fundamentals of Astrodynamics and Applications, 4th ed., Example 3-4.
    expect(julianDateFromCalendar(1996, 10, 26, 14, 20, 0)).toBeCloseTo(2450383.09722222, 8);
    expect(julianDate(utcMs(Date.UTC(1996, 9, 26, 14, 20)))).toBeCloseTo(2450383.09722222, 8);
  });

  it('agrees with the calendar formula across 1957–2056 and inverts to within 40 µs', () => {
    for (const [y, m, d, h] of [
      [1957, 10, 4, 19],
      [2000, 2, 29, 12],
      [2023, 10, 9, 12],
      [2056, 12, 31, 23],
    ] as const) {
      const t = utcMs(Date.UTC(y, m - 1, d, h));
      expect(julianDate(t)).toBeCloseTo(julianDateFromCalendar(y, m, d, h), 9);
      expect(Math.abs(fromJulianDate(julianDate(t)) - t)).toBeLessThan(0.04);
    }
  });

  it('measures minutes between instants', () => {
    const t0 = utcMs(Date.UTC(2023, 9, 9));
    expect(minutesBetween(t0, utcMs(Date.UTC(2023, 9, 10)))).toBe(1440);
    expect(addMinutes(t0, minutes(-90))).toBe(Date.UTC(2023, 9, 8, 22, 30));
  });
});
