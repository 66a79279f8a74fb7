import { describe, expect, it } from 'vitest';
import { utcMs } from '../units.ts';
import { formatTleEpoch, tleEpochToUtcMs, tleFullYear, utcMsToTleEpoch } from './tle-epoch.ts';

describe('TLE epochs', () => {
  it('maps two-digit years 57–99 to 19xx and 00–56 to 20xx', () => {
    expect(tleFullYear(57)).toBe(1957);
    expect(tleFullYear(99)).toBe(1999);
    expect(tleFullYear(0)).toBe(2000);
    expect(tleFullYear(56)).toBe(2056);
  });

  it('puts 00179.78495062 (SGP4-VER case 00005) at 2000-06-27 18:50:19.733568 UTC', () => {
    // 0.78495062 d = 67,819.733568 s exactly. tcppver.out prints tsince 360 min of this case as
    // "2000  6 28  0:50:19.733571": the same instant to within the ~40 µs resolution of the
    // Julian-date double its invjday starts from.
    const t = tleEpochToUtcMs(0, 179.78495062);
    expect(t - Date.UTC(2000, 5, 27, 18, 50, 19)).toBeCloseTo(733.568, 4);
    expect(Math.abs(t + 360 * 60_000 - (Date.UTC(2000, 5, 28, 0, 50, 19) + 733.571))).toBeLessThan(0.04);
  });

  it('counts day 1.0 as January 1 0h and handles leap years', () => {
    expect(tleEpochToUtcMs(23, 1)).toBe(Date.UTC(2023, 0, 1));
    expect(tleEpochToUtcMs(24, 60.5)).toBe(Date.UTC(2024, 1, 29, 12));
    expect(tleEpochToUtcMs(23, 282.54072583)).toBeCloseTo(Date.UTC(2023, 9, 9) + 0.54072583 * 86_400_000, 3);
  });

  it('formats the 14-character field and round-trips it', () => {
    for (const field of ['00179.78495062', '23282.54072583', '80230.29629788', '57277.00000000', '56366.99999999']) {
      const t = tleEpochToUtcMs(Number(field.slice(0, 2)), Number(field.slice(2)));
      expect(formatTleEpoch(t)).toBe(field);
    }
    expect(utcMsToTleEpoch(utcMs(Date.UTC(2023, 9, 9, 12)))).toEqual({ year: 2023, twoDigitYear: 23, dayOfYear: 282.5 });
  });

  it('rolls a time that rounds up to midnight on December 31 into day 1 of the next year', () => {
    expect(formatTleEpoch(utcMs(Date.UTC(2024, 0, 1) - 0.1))).toBe('24001.00000000');
    expect(formatTleEpoch(utcMs(Date.UTC(2023, 0, 1) - 0.1))).toBe('23001.00000000');
  });

  it('refuses years a TLE cannot express', () => {
    expect(() => formatTleEpoch(utcMs(Date.UTC(2057, 0, 2)))).toThrow(RangeError);
    expect(() => formatTleEpoch(utcMs(Date.UTC(1956, 5, 1)))).toThrow(RangeError);
  });
});
