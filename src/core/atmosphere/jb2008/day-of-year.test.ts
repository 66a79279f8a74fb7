/** TMOUTD against the calendar: day of year (with fraction) of known UTC instants. */
import { describe, expect, it } from 'vitest';
import { utcMs } from '../../units.ts';
import { yearDayFromD1950 } from './day-of-year.ts';
import { daysSince1950 } from './mjd.ts';

const at = (y: number, m: number, d: number, h = 0) => yearDayFromD1950(daysSince1950(utcMs(Date.UTC(y, m - 1, d) + h * 3_600_000)));

describe('yearDayFromD1950 (TMOUTD)', () => {
  it('counts 1.0 at January 1 00:00 and carries the fraction of the day', () => {
    expect(at(1950, 1, 1)).toEqual({ twoDigitYear: 50, dayOfYear: 1 });
    expect(at(2008, 1, 1, 18).dayOfYear).toBeCloseTo(1.75, 12);
  });

  it('handles leap years: 2000 and 2004 have 366 days, 1999 and 2001 have 365', () => {
    expect(at(1999, 12, 31)).toEqual({ twoDigitYear: 99, dayOfYear: 365 });
    expect(at(2000, 3, 1)).toEqual({ twoDigitYear: 0, dayOfYear: 61 });
    expect(at(2000, 12, 31)).toEqual({ twoDigitYear: 0, dayOfYear: 366 });
    expect(at(2001, 1, 1)).toEqual({ twoDigitYear: 1, dayOfYear: 1 });
    expect(at(2004, 12, 31, 12)).toEqual({ twoDigitYear: 4, dayOfYear: 366.5 });
    expect(at(2017, 7, 15)).toEqual({ twoDigitYear: 17, dayOfYear: 196 });
  });
});
