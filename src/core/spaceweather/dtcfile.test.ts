/**
 * SET's DTCFILE.TXT reader and ΔTc at an instant as SET's DTCVAL gives it (JB08DRVY2K.for). The
 * first row is the "NEW" format example of DTCVAL's comments (1997 day 51); the others are made
 * up so that a wrong hour or day shows.
 */
import { describe, expect, it } from 'vitest';
import { utcMs } from '../units.ts';
import { dtcAt, looksLikeDtcfile, parseDtcfile, type StormTemperatureDay } from './dtcfile.ts';
import { JB2008_DTCFILE_METHOD, jb2008SpaceWeather } from './jb2008-indices.ts';
import { createSpaceWeatherSeries } from './series.ts';

const SET_EXAMPLE = 'DTC 1997  51   17  17  17  17  31  31  31  31  31  31  44  44  44  31  31  31  31  31  31  38  38  38  24  24';
const NEXT_DAY = `DTC 1997  52 ${Array.from({ length: 24 }, (_, h) => String(100 + h).padStart(4)).join('')}`;
const FILE = [SET_EXAMPLE, NEXT_DAY].join('\n');
const at = (iso: string) => utcMs(Date.parse(iso));

describe('parseDtcfile', () => {
  it('reads SET’s example row: the day and its 24 hourly values', () => {
    const parsed = parseDtcfile(FILE, { source: 'SET DTCFILE test.txt' });
    expect(parsed.rejected).toEqual([]);
    expect(parsed.firstDate).toBe('1997-02-20');
    expect(parsed.lastDate).toBe('1997-02-21');
    expect(parsed.days[0]).toEqual({
      day: Date.UTC(1997, 1, 20) / 86_400_000,
      hourly: [17, 17, 17, 17, 31, 31, 31, 31, 31, 31, 44, 44, 44, 31, 31, 31, 31, 31, 31, 38, 38, 38, 24, 24],
      source: 'SET DTCFILE test.txt line 1',
    });
  });

  it('rejects each bad row with its line and reason', () => {
    const values = (v: string) => Array.from({ length: 24 }, () => v).join(' ');
    const parsed = parseDtcfile(
      [`XYZ 1997 53 ${values('10')}`, `DTC 1997 54 ${values('10')} 10`, `DTC 1997 400 ${values('10')}`, `DTC 1997 55 ${values('1.5')}`, `DTC 1997 56 ${values('2001')}`, SET_EXAMPLE, SET_EXAMPLE].join('\n'),
      { source: 's' },
    );
    expect(parsed.days).toHaveLength(1);
    expect(parsed.rejected).toEqual([
      { line: 1, reason: "a row starts with 'DTC', not 'XYZ'" },
      { line: 2, reason: 'expected DTC, year, day of year and 24 hourly values, got 28 fields' },
      { line: 3, reason: "day of year '400' is not within 1–365 of 1997" },
      { line: 4, reason: "the 0 h value '1.5' is not a whole number of kelvin" },
      { line: 5, reason: "the 0 h value 2001 K is SET's mark of a missing value (> 2000)" },
      { line: 7, reason: '1997 day 51 appears twice; the first row is kept' },
    ]);
  });

  it('cuts SET’s fixed-width rows by column, where a storm value runs into the one before it', () => {
    const values = [500, 1000, ...Array.from({ length: 22 }, () => 20)];
    const row = `DTC 2003 302 ${values.map((v) => String(v).padStart(4)).join('')}`;
    expect(row).toContain(' 5001000  20');
    expect(parseDtcfile(row, { source: 's' }).days[0]?.hourly).toEqual(values);
    const missing = `DTC 2003 303 ${[9999, ...Array.from({ length: 23 }, () => 20)].map((v) => String(v).padStart(4)).join('')}`;
    expect(parseDtcfile(missing, { source: 's' }).rejected).toEqual([{ line: 1, reason: "the 0 h value 9999 K is SET's mark of a missing value (> 2000)" }]);
  });

  it('is told apart from SOLFSMY and SW-All', () => {
    expect(looksLikeDtcfile(FILE)).toBe(true);
    expect(looksLikeDtcfile('  2003 293 2452933.0 120 120 120 120 120 120 120 120')).toBe(false);
    expect(looksLikeDtcfile('DATE,BSRN,ND\n2003-10-25,2323,23')).toBe(false);
  });
});

describe('dtcAt (SET’s DTCVAL)', () => {
  const days = new Map<number, StormTemperatureDay>(parseDtcfile(FILE, { source: 'SET DTCFILE test.txt' }).days.map((d) => [d.day, d]));

  it('takes value i at (i − 1) h, linear between hours, rounded half up; the file’s first value as it is', () => {
    expect(dtcAt(days, at('1997-02-20T00:00:00Z'))?.value).toBe(17);
    // DTCVAL: IF (INDX.EQ.1) IDTCVAL = IDTC(1): no interpolation in the file's first hour.
    const rising = new Map<number, StormTemperatureDay>([[0, { day: 0, hourly: [17, 31, ...Array.from({ length: 22 }, () => 31)], source: 's' }]]);
    expect(dtcAt(rising, at('1970-01-01T00:30:00Z'))?.value).toBe(17);
    expect(dtcAt(rising, at('1970-01-01T01:30:00Z'))?.value).toBe(31);
    // 03 h 17 K → 04 h 31 K: at 03:30, 17 + 0.5 × 14 + 0.5 = 24.5 → 24; at 03:45, 27.5 + 0.5 → 28.
    expect(dtcAt(days, at('1997-02-20T03:30:00Z'))?.value).toBe(24);
    expect(dtcAt(days, at('1997-02-20T03:45:00Z'))?.value).toBe(28);
    expect(dtcAt(days, at('1997-02-20T10:00:00Z'))).toMatchObject({ value: 44, hour: 10, source: 'SET DTCFILE test.txt line 1' });
  });

  it('runs across midnight into the next day’s first value, holds the last covered hour, and has nothing outside', () => {
    // 23 h of day 51 is 24 K, 00 h of day 52 is 100 K: at 23:30, 24 + 38 + 0.5 → 62.
    expect(dtcAt(days, at('1997-02-20T23:30:00Z'))?.value).toBe(62);
    expect(dtcAt(days, at('1997-02-21T23:30:00Z'))?.value).toBe(123);
    expect(dtcAt(days, at('1997-02-22T00:00:00Z'))).toBeUndefined();
    expect(dtcAt(days, at('1997-02-19T23:59:00Z'))).toBeUndefined();
  });

  it('is JB2008’s DSTDTC where the file covers the instant, and ΔTc from ap elsewhere', () => {
    const series = createSpaceWeatherSeries([]);
    const j = jb2008SpaceWeather(series, at('1997-02-20T03:45:00Z'), { storm: days });
    expect(j.components.dstdtc).toEqual({ value: 28, status: 'observed', date: '1997-02-20T03:00Z/+1h', source: 'SET DTCFILE test.txt line 1' });
    expect(j.method).toContain(JB2008_DTCFILE_METHOD);
    const outside = jb2008SpaceWeather(series, at('1997-03-01T00:00:00Z'), { storm: days });
    expect(outside.components.dstdtc.status).toBe('default');
    expect(outside.method).not.toContain(JB2008_DTCFILE_METHOD);
  });
});
