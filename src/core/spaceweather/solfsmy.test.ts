/**
 * SET's SOLFSMY.TXT reader and JB2008's use of it. The rows below are laid out as SET's file
 * (header comments, then YYYY DDD JulianDay F10 F81c S10 S81c M10 M81c Y10 Y81c Ssrc); their
 * numbers are made up so that each index of each day is different and a wrong column or lag shows.
 * The real values are checked in tests/integration/spaceweather-set-files.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { utcMs } from '../units.ts';
import { JB2008_LAG_DAYS, JB2008_PROXY_METHOD, JB2008_SOLFSMY_METHOD, jb2008SpaceWeather } from './jb2008-indices.ts';
import { createSpaceWeatherSeries } from './series.ts';
import { looksLikeSolfsmy, parseSolfsmy, type SolarIndicesDay } from './solfsmy.ts';
import { dayNumber } from './time-keys.ts';

const HEADER = ['# SOLFSMY.TXT', '# Created 2024 123 (synthetic test rows)', '#', '# YYYY DDD   JulianDay  F10   F81c  S10   S81c  M10   M81c  Y10   Y81c  Ssrc', '# (1) (2)   (3)        (4)   (5)   (6)   (7)   (8)   (9)  (10)  (11)  (12)'];
/** Day d of October 2003 (doy 273 + d), value base 100 + d: F10 = base, F81c = base + .1, S10 = base + .2, … Y81c = base + .7. */
const row = (d: number) => {
  const doy = 273 + d;
  const jd = 2452913.0 + d; // 2003-10-01 12:00 UT is JD 2452914.0, so day d is 2452913.0 + d
  const b = 100 + d;
  return `  2003 ${doy} ${jd.toFixed(1)} ${[0, 1, 2, 3, 4, 5, 6, 7].map((k) => (b + k / 10).toFixed(1)).join(' ')} 4F4F`;
};
const FILE = [...HEADER, ...[20, 21, 22, 23, 24, 25, 26, 27, 28, 29].map(row)].join('\n');

describe('parseSolfsmy', () => {
  it('reads every row: the day, the eight indices in file order, and the line it came from', () => {
    const parsed = parseSolfsmy(FILE, { source: 'SET SOLFSMY test.txt' });
    expect(parsed.rejected).toEqual([]);
    expect(parsed.days).toHaveLength(10);
    expect(parsed.firstDate).toBe('2003-10-20');
    expect(parsed.lastDate).toBe('2003-10-29');
    expect(parsed.days[0]).toEqual({
      day: dayNumber(utcMs(Date.parse('2003-10-20T00:00:00Z'))),
      f10: 120,
      f81c: 120.1,
      s10: 120.2,
      s81c: 120.3,
      m10: 120.4,
      m81c: 120.5,
      y10: 120.6,
      y81c: 120.7,
      source: 'SET SOLFSMY test.txt line 6',
    });
  });

  it('drops an index and its mean together when either is below 40 sfu, as SET’s SOLFSMY routine does', () => {
    const parsed = parseSolfsmy([...HEADER, '  2003 293 2452933.0  120.0 120.1   0.0 120.3 120.4 39.9 120.6 120.7 4F4F'].join('\n'), { source: 's' });
    expect(parsed.days[0]).toMatchObject({ f10: 120, f81c: 120.1, s10: null, s81c: null, m10: null, m81c: null, y10: 120.6, y81c: 120.7 });
  });

  it('rejects each bad row with its line and reason, and keeps the good ones', () => {
    const bad = [
      '  2003 294 2452934.0  120.0 120.1 120.2',
      '  1850 001 2396759.0  120.0 120.1 120.2 120.3 120.4 120.5 120.6 120.7 4F4F',
      '  2003 366 2453006.0  120.0 120.1 120.2 120.3 120.4 120.5 120.6 120.7 4F4F',
      '  2003 295 2452999.0  120.0 120.1 120.2 120.3 120.4 120.5 120.6 120.7 4F4F',
      '  2003 296 2452936.0  120.0 abc 120.2 120.3 120.4 120.5 120.6 120.7 4F4F',
      '  2003 297 2452937.0  120.0 120.1 120.2 120.3 120.4 120.5 9999 120.7 4F4F',
      row(20),
    ];
    const parsed = parseSolfsmy([row(20), ...bad].join('\n'), { source: 's' });
    expect(parsed.days).toHaveLength(1);
    expect(parsed.rejected).toEqual([
      { line: 2, reason: 'expected 11 numbers (YYYY DDD JulianDay F10 F81c S10 S81c M10 M81c Y10 Y81c), got 6 fields' },
      { line: 3, reason: "year '1850' is not a year from 1900 to 2100" },
      { line: 4, reason: "day of year '366' is not within 1–365 of 2003" },
      { line: 5, reason: "Julian date '2452999.0' is not that of 2003 day 295 (2452935)" },
      { line: 6, reason: "F81C 'abc' is not a number" },
      { line: 7, reason: 'Y10 9999 sfu is beyond any solar flux index (> 1000)' },
      { line: 8, reason: '2003 day 293 appears twice; the first row is kept' },
    ]);
  });

  it('accepts a Julian date of 0 h as well as SET’s noon', () => {
    expect(parseSolfsmy('2003 293 2452932.5 120 120 120 120 120 120 120 120', { source: 's' }).days).toHaveLength(1);
  });

  it('is told apart from a SW-All CSV', () => {
    expect(looksLikeSolfsmy(FILE)).toBe(true);
    expect(looksLikeSolfsmy(row(20))).toBe(true);
    expect(looksLikeSolfsmy('DATE,BSRN,ND,KP1,KP2\n2003-10-25,2323,23,40,27')).toBe(false);
    expect(looksLikeSolfsmy('')).toBe(false);
  });
});

describe('jb2008SpaceWeather with SOLFSMY', () => {
  const solar = new Map<number, SolarIndicesDay>(parseSolfsmy(FILE, { source: 'SET SOLFSMY test.txt' }).days.map((d) => [d.day, d]));
  const series = createSpaceWeatherSeries([]);
  const t = utcMs(Date.parse('2003-10-29T07:30:00Z'));

  it('reads F10/S10 of 1 day, M10 of 2 days and Y10 of 5 days before, each with its 81-day mean (JB2008.for argument notes)', () => {
    expect(JB2008_LAG_DAYS).toEqual({ f10: 1, s10: 1, xm10: 2, y10: 5 });
    const j = jb2008SpaceWeather(series, t, { solar });
    // Oct 28 → base 128; Oct 27 → 127; Oct 24 → 124.
    expect(j.indices).toMatchObject({ f10: 128, f10b: 128.1, s10: 128.2, s10b: 128.3, xm10: 127.4, xm10b: 127.5, y10: 124.6, y10b: 124.7 });
    expect(j.components.xm10).toEqual({ value: 127.4, status: 'observed', date: '2003-10-27', source: 'SET SOLFSMY test.txt line 13' });
    expect(j.method.startsWith(`${JB2008_SOLFSMY_METHOD}.`)).toBe(true);
    // DSTDTC is not in SOLFSMY: still from ap (the default here).
    expect(j.components.dstdtc.status).toBe('default');
  });

  it('stands in the F10.7 proxy for the days the file lacks, and says how many came from the file', () => {
    const early = jb2008SpaceWeather(series, utcMs(Date.parse('2003-10-22T12:00:00Z')), { solar });
    // Oct 21 and Oct 20 are in the file; Oct 17 (Y10's day) is not.
    expect(early.indices).toMatchObject({ f10: 121, s10: 121.2, xm10: 120.4, y10: 150, y10b: 150 });
    expect(early.components.y10.method).toContain('Y10 proxy');
    expect(early.method).toContain('(6 of 8)');
    expect(jb2008SpaceWeather(series, t).method.startsWith(JB2008_PROXY_METHOD)).toBe(true);
  });
});
