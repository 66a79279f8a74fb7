import { describe, expect, it } from 'vitest';
import { gstime, jday } from 'satellite.js';
import { radToDeg, utcMs } from '../units.ts';
import { gmst, gmstFromJulianDateUt1 } from './gmst.ts';
import { julianDate } from './julian.ts';

describe('GMST (IAU-82, Vallado gstime)', () => {
  it('reproduces Vallado Example 3-5: 1992-08-20 12:14 UT1 → 152.578787886°', () => {
    // Vallado, Fundamentals of Astrodynamics and Applications, 4th ed., Example 3-5.
    // The book's 9 decimals come from a rounded T_UT1; both routes land within 1e-7° (0.4 mas).
    expect(Math.abs(radToDeg(gmst(utcMs(Date.UTC(1992, 7, 20, 12, 14)))) - 152.578787886)).toBeLessThan(1e-7);
    expect(Math.abs(radToDeg(gmstFromJulianDateUt1(2448855.009722222)) - 152.578787886)).toBeLessThan(1e-7);
  });

  it('matches satellite.js gstime to the resolution of its Julian-date double', () => {
    for (const t of [Date.UTC(1957, 9, 4), Date.UTC(2000, 0, 1, 12), Date.UTC(2023, 9, 9, 12), Date.UTC(2056, 11, 31, 23, 59)]) {
      const jd = jday(new Date(t));
      expect(gmstFromJulianDateUt1(jd)).toBeCloseTo(gstime(jd), 12);
      expect(gmst(utcMs(t))).toBeCloseTo(gstime(julianDate(utcMs(t))), 8);
    }
  });

  it('applies UT1 − UTC', () => {
    const t = utcMs(Date.UTC(2004, 3, 6, 7, 51, 28) + 386.009);
    const earthRate = 7.29211514670698e-5; // rad per UT1 second (Vallado, teme2ecef)
    expect(gmst(t, -0.4399619) - gmst(t)).toBeCloseTo(-0.4399619 * earthRate, 10);
  });
});
