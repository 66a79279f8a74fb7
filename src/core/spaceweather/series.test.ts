/**
 * Look-ups of the series: the values of real SW-All rows (shared/reference/spaceweather/
 * SW-All_1957-2024.csv, line numbers in comments) read back at instants, the lags, the
 * interpolation between monthly predictions, the precedence between sources and the fall-backs
 * of DECISIONS.md §8.
 */
import { describe, expect, it } from 'vitest';
import { utcMs } from '../units.ts';
import { parseSwAllCsv } from './celestrak-csv.ts';
import { createSpaceWeatherSeries } from './series.ts';
import { parseSwpcPlanetaryKIndex } from './swpc-json.ts';
import { dayNumber, intervalNumber } from './time-keys.ts';
import { TYPICAL_SPACE_WEATHER } from './typical-level.ts';
import { EMPTY_RECORDS, type DailyFluxRecord, type SpaceWeatherRecords } from './types.ts';

const HEADER =
  'DATE,BSRN,ND,KP1,KP2,KP3,KP4,KP5,KP6,KP7,KP8,KP_SUM,AP1,AP2,AP3,AP4,AP5,AP6,AP7,AP8,AP_AVG,CP,C9,ISN,F10.7_OBS,F10.7_ADJ,F10.7_DATA_TYPE,F10.7_OBS_CENTER81,F10.7_OBS_LAST81,F10.7_ADJ_CENTER81,F10.7_ADJ_LAST81';
const HALLOWEEN = [
  '2003-10-29,2323,27,47,40,90,80,77,77,87,87,583,39,27,400,207,179,179,300,300,204,2.1,9,250,291.7,287.7,OBS,146.8,127.6,144.8,128.4', // 16831
  '2003-10-30,2324,1,87,73,53,47,50,70,90,90,560,300,154,56,39,48,132,400,400,191,2.1,9,250,271.4,267.6,OBS,146.5,129.3,144.6,130.0', // 16832
];
const END = [
  '2024-03-18,2599,21,3,3,7,0,7,3,20,27,70,2,2,3,0,3,2,7,12,4,0.1,0,125,177.4,175.8,OBS,159.4,161.0,158.0,156.9', // 24277
  '2024-03-19,2599,22,27,20,20,20,13,13,20,20,153,12,7,7,7,5,5,7,7,7,0.4,2,136,171.5,170.0,PRD,159.0,161.4,157.6,157.3', // 24278
  '2024-05-02,2601,12,22,22,22,22,22,22,22,22,176,8,8,8,8,8,8,8,8,8,0.4,2,130,157.5,160.0,PRD,154.2,157.4,156.4,156.5', // 24322
  '2024-06-01,2602,15,,,,,,,,,,,,,,,,,,,,,130,150.8,155.1,PRM,151.7,154.6,155.6,156.0', // 24323
  '2024-07-01,2603,18,,,,,,,,,,,,,,,,,,,,,130,150.0,155.0,PRM,150.3,152.3,155.0,155.8', // 24324
];
const csv = (rows: string[]) => parseSwAllCsv([HEADER, ...rows].join('\n'), { source: 'SW-All' }).records;
const at = (iso: string) => utcMs(Date.parse(iso));
const fluxRecord = (iso: string, observed: number, status: 'observed' | 'predicted', source: string): DailyFluxRecord => ({
  day: dayNumber(at(`${iso}T00:00:00Z`)),
  observed,
  adjusted: observed,
  status,
  cadence: 'daily',
  source,
});
const only = (records: Partial<SpaceWeatherRecords>): SpaceWeatherRecords => ({ ...EMPTY_RECORDS, ...records });

describe('createSpaceWeatherSeries look-ups', () => {
  const series = createSpaceWeatherSeries([csv([...HALLOWEEN, ...END])]);
  const t = at('2003-10-30T07:30:00Z');

  it('reads the instant’s day, the lagged day, observed or adjusted flux and the 81-day centred mean', () => {
    expect(series.f107(t)).toEqual({ value: 271.4, status: 'observed', date: '2003-10-30', source: 'SW-All line 3 (OBS)' });
    expect(series.f107(t, { lagDays: 1 })).toMatchObject({ value: 291.7, date: '2003-10-29', source: 'SW-All line 2 (OBS)' });
    expect(series.f107(t, { kind: 'adjusted' }).value).toBe(267.6);
    expect(series.f107Mean81(t)).toMatchObject({ value: 146.5, status: 'observed', date: '2003-10-30' });
    expect(series.f107Mean81(t, { kind: 'adjusted', lagDays: 1 }).value).toBe(144.8);
  });

  it('reads daily Ap and the 3-hour ap and Kp of the interval holding the instant', () => {
    expect(series.apDaily(t)).toMatchObject({ value: 191, status: 'observed', date: '2003-10-30' });
    // 07:30 is in 06–09 UT: AP3 = 56, KP3 = 53 (5+).
    expect(series.ap3h(t)).toMatchObject({ value: 56, status: 'observed', date: '2003-10-30T06:00Z/+3h' });
    expect(series.kp3h(t).value).toBe(16 / 3);
    expect(series.ap3h(at('2003-10-30T06:00:00Z')).value).toBe(56);
    expect(series.ap3h(at('2003-10-30T05:59:59.999Z')).value).toBe(154);
  });

  it('marks predictions, and interpolates between monthly predictions', () => {
    expect(series.f107(at('2024-03-19T12:00:00Z'))).toMatchObject({ value: 171.5, status: 'predicted' });
    expect(series.ap3h(at('2024-03-19T00:00:00Z'))).toMatchObject({ value: 12, status: 'predicted' });
    const mid = series.f107(at('2024-06-16T00:00:00Z'));
    expect(mid.value).toBeCloseTo(150.8 + (15 / 30) * (150.0 - 150.8), 12);
    expect(mid).toMatchObject({ status: 'predicted', date: '2024-06-16' });
    expect(mid.method).toBe('linear interpolation between 2024-06-01 (150.8) and 2024-07-01 (150)');
    // From the last daily prediction to the first monthly one.
    expect(series.f107(at('2024-05-20T00:00:00Z')).value).toBeCloseTo(157.5 + (18 / 30) * (150.8 - 157.5), 12);
    expect(series.f107Mean81(at('2024-06-16T00:00:00Z')).value).toBeCloseTo(151.7 + 0.5 * (150.3 - 151.7), 12);
  });

  it('falls back to the newest imported observed value, labelled default (DECISIONS.md §8)', () => {
    const late = at('2042-01-01T00:00:00Z');
    const f = series.f107(late);
    expect(f).toMatchObject({ value: 177.4, status: 'default', date: '2024-03-18', source: 'SW-All line 4 (OBS)' });
    expect(f.method).toBe('no observed F10.7 for 2042-01-01: the newest imported observed value (DECISIONS.md §8 offline default)');
    // The newest observed centred mean is that of 2003-10-30: the one of 2024-03-18 includes predictions.
    expect(series.f107Mean81(late)).toMatchObject({ value: 146.5, status: 'default', date: '2003-10-30' });
    expect(series.apDaily(late)).toMatchObject({ value: 4, status: 'default', date: '2024-03-18' });
    // A 3-hour value falls back to the newest daily Ap (a steady level), Kp by Bartels' table.
    expect(series.ap3h(late)).toMatchObject({ value: 4, status: 'default', date: '2024-03-18' });
    expect(series.kp3h(late)).toMatchObject({ value: 1, status: 'default' });
    // Between the 2003 and 2024 rows there is nothing within 62 days to interpolate from.
    expect(series.f107(at('2010-01-01T00:00:00Z')).status).toBe('default');
  });

  it('without observations falls back to the newest prediction; without anything to the typical level', () => {
    const predicted = createSpaceWeatherSeries([csv(END.slice(1))]);
    expect(predicted.f107(at('2050-01-01T00:00:00Z'))).toMatchObject({ value: 150.0, status: 'default', date: '2024-07-01' });
    const empty = createSpaceWeatherSeries([]);
    for (const v of [empty.f107(t), empty.f107Mean81(t), empty.f107(t, { kind: 'adjusted' })]) {
      expect(v).toMatchObject({ value: 150, status: 'default', date: null, source: TYPICAL_SPACE_WEATHER.source });
    }
    expect(empty.apDaily(t).value).toBe(15);
    expect(empty.ap3h(t).value).toBe(15);
    expect(empty.kp3h(t).value).toBe(3);
    expect(empty.coverage()).toEqual({ firstDate: null, lastDate: null, lastObservedFluxDate: null, lastObservedApInterval: null });
  });

  it('reports its coverage', () => {
    expect(series.coverage()).toEqual({
      firstDate: '2003-10-29',
      lastDate: '2024-07-01',
      lastObservedFluxDate: '2024-03-18',
      lastObservedApInterval: '2024-03-18T21:00Z/+3h',
    });
  });
});

describe('createSpaceWeatherSeries precedence and derived values', () => {
  const swAll = csv(END);
  const swpc = only({ flux: [fluxRecord('2024-03-19', 180.0, 'observed', 'SWPC'), fluxRecord('2024-03-18', 177.0, 'observed', 'SWPC')] });

  it('takes an observed value over a predicted one whatever the order, and the first source between equals', () => {
    for (const sets of [[swAll, swpc], [swpc, swAll]]) {
      expect(createSpaceWeatherSeries(sets).f107(at('2024-03-19T12:00:00Z'))).toMatchObject({ value: 180.0, status: 'observed', source: 'SWPC' });
    }
    expect(createSpaceWeatherSeries([swAll, swpc]).f107(at('2024-03-18T12:00:00Z')).value).toBe(177.4);
    expect(createSpaceWeatherSeries([swpc, swAll]).f107(at('2024-03-18T12:00:00Z')).value).toBe(177.0);
  });

  it('forms daily Ap from a complete day of 3-hour ap, and not from a partial one', () => {
    const rows = (n: number) => Array.from({ length: n }, (_, k) => ({ time_tag: `2024-03-20T${String(3 * k).padStart(2, '0')}:00:00`, Kp: 2, a_running: 7 + k }));
    const full = createSpaceWeatherSeries([swAll, parseSwpcPlanetaryKIndex(rows(8)).records]);
    const ap = full.apDaily(at('2024-03-20T12:00:00Z'));
    expect(ap).toMatchObject({ value: (7 + 8 + 9 + 10 + 11 + 12 + 13 + 14) / 8, status: 'observed', method: 'mean of the day’s eight 3-hour ap' });
    const partial = createSpaceWeatherSeries([parseSwpcPlanetaryKIndex(rows(5)).records]);
    expect(partial.apDaily(at('2024-03-20T12:00:00Z'))).toMatchObject({ value: 11, status: 'default' });
  });

  it('forms the 81-day centred mean from 81 known daily values when no source gives it', () => {
    const start = dayNumber(at('2020-01-01T00:00:00Z'));
    const flux = Array.from({ length: 81 }, (_, k) => ({ ...fluxRecord('2020-01-01', 100 + k, 'observed', `d${k}`), day: start + k }));
    const s = createSpaceWeatherSeries([only({ flux })]);
    const centre = utcMs((start + 40) * 86_400_000);
    const mean = s.f107Mean81(centre);
    expect(mean).toMatchObject({ value: 140, status: 'observed', source: 'd0 … d80' });
    expect(mean.method).toContain('mean of the 81 daily observed F10.7 values 2020-01-01 … 2020-03-21');
    // A day later the window lacks a day, and no mean was ever imported: the typical level.
    expect(s.f107Mean81(utcMs(centre + 86_400_000))).toMatchObject({ value: 150, status: 'default', date: null });
  });

  it('keys 3-hour records by interval number', () => {
    expect(intervalNumber(at('1970-01-01T03:00:00Z'))).toBe(1);
    expect(intervalNumber(at('1969-12-31T23:59:59Z'))).toBe(-1);
  });
});

describe('createSpaceWeatherSeries look-ups are cached per day and interval (time-keys.ts keyCache)', () => {
  it('answers the same whatever was asked before: a 25-year walk forward equals the same walk on a fresh series backward', () => {
    // A drag lifetime's pattern: every look-up of a step, every 7 h from 2003 through 2028 (about
    // 31,000 instants, past the caches' 4096 slots, so slots are reused by days far apart).
    const records = csv([...HALLOWEEN, ...END]);
    const instants = Array.from({ length: 31_300 }, (_, k) => at('2003-10-01T00:00:00Z') + k * 7 * 3_600_000);
    const lookUps = (series: ReturnType<typeof createSpaceWeatherSeries>, t: number) => [
      series.f107(utcMs(t), { kind: 'observed', lagDays: 1 }),
      series.f107(utcMs(t), { kind: 'adjusted' }),
      series.f107Mean81(utcMs(t), { kind: 'observed', lagDays: 5 }),
      series.apDaily(utcMs(t)),
      series.ap3h(utcMs(t)),
      series.ap3h(utcMs(t - 6.7 * 3_600_000)),
      series.kp3h(utcMs(t)),
    ];
    const forward = createSpaceWeatherSeries([records]);
    const backward = createSpaceWeatherSeries([records]);
    const walked = instants.map((t) => lookUps(forward, t));
    const fresh = [...instants].reverse().map((t) => lookUps(backward, t)).reverse();
    expect(walked).toEqual(fresh);
    // Spot values from the rows: the Halloween storm's 3-hour ap and a monthly prediction.
    expect(forward.ap3h(at('2003-10-29T06:30:00Z')).value).toBe(400);
    expect(forward.f107(at('2024-06-01T12:00:00Z')).value).toBe(150.8);
  });
});
