/**
 * The spaceweather series through the adapter, on SW-All rows copied from
 * shared/reference/spaceweather/SW-All_1998-2026.csv (the last observed days, daily predictions and the first
 * monthly predictions of 2026).
 */
import { describe, expect, it } from 'vitest';
import { createSpaceWeatherSeries, jb2008SpaceWeather, nrlmsiseSpaceWeather, parseSwAllCsv } from '../spaceweather/index.ts';
import { utcMs } from '../units.ts';
import { spaceWeatherFromSeries } from './series-adapter.ts';
import { LONG_TERM_MEAN_SPACE_WEATHER } from './space-weather.ts';

const HEADER =
  'DATE,BSRN,ND,KP1,KP2,KP3,KP4,KP5,KP6,KP7,KP8,KP_SUM,AP1,AP2,AP3,AP4,AP5,AP6,AP7,AP8,AP_AVG,CP,C9,ISN,F10.7_OBS,F10.7_ADJ,F10.7_DATA_TYPE,F10.7_OBS_CENTER81,F10.7_OBS_LAST81,F10.7_ADJ_CENTER81,F10.7_ADJ_LAST81';
const ROWS = [
  '2026-04-25,2628,6,33,10,10,7,10,17,30,30,147,18,4,4,3,4,6,15,15,9,0.5,2,129,148.4,150.2,OBS,127.8,126.3,129.3,125.1',
  '2026-04-26,2628,7,23,33,23,33,13,10,27,27,190,9,18,9,18,5,4,12,12,11,0.6,3,129,156.3,158.3,OBS,127.9,126.2,129.4,125.0',
  '2026-04-27,2628,8,30,20,7,10,10,13,27,27,143,15,7,3,4,4,5,12,12,7,0.4,2,132,153.0,155.0,PRD,127.8,125.9,129.4,124.8',
  '2026-04-28,2628,9,17,17,17,17,17,17,17,17,136,6,6,6,6,6,6,6,6,6,0.3,1,99,148.0,150.0,PRD,127.8,125.7,129.4,124.7',
  '2026-07-01,2630,19,,,,,,,,,,,,,,,,,,,,,94,122.3,126.4,PRM,124.9,127.0,128.7,129.9',
  '2026-08-01,2631,23,,,,,,,,,,,,,,,,,,,,,91,120.3,123.9,PRM,121.7,125.6,125.1,129.4',
];
const series = createSpaceWeatherSeries([parseSwAllCsv([HEADER, ...ROWS].join('\n')).records]);
const at = spaceWeatherFromSeries(series);

describe('spaceWeatherFromSeries', () => {
  it('passes on the NRLMSISE-00 inputs where the series has records; JB2008 indices only when none is a default', () => {
    const t = utcMs(Date.parse('2026-04-27T10:30:00Z'));
    const n = nrlmsiseSpaceWeather(series, t).input;
    // Y10 is taken 5 days earlier, before this sample begins: JB2008's indices include a default here.
    expect(jb2008SpaceWeather(series, t).status).toBe('default');
    expect(at(t)).toEqual({ f107: 156.3, f107A: 127.8, ap: n.ap, apArray: n.apArray });
  });

  it('under monthly predictions keeps the interpolated flux and takes the long-term mean Ap', () => {
    const v = at(utcMs(Date.parse('2026-07-16T00:00:00Z')))!;
    expect(v.f107).toBeGreaterThan(120.3);
    expect(v.f107).toBeLessThan(122.3);
    expect(v.ap).toBe(LONG_TERM_MEAN_SPACE_WEATHER.ap);
    expect(v.apArray).toBeUndefined();
    expect(v.jb2008Indices).toBeUndefined();
  });

  it('has no value past the last prediction, so the lifetime uses its stated default', () => {
    expect(at(utcMs(Date.parse('2027-01-01T00:00:00Z')))).toBeUndefined();
  });
});
