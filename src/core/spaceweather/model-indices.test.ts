/**
 * NRLMSISE-00's and JB2008's inputs formed from real SW-All rows around the Halloween storm of
 * 2003 (shared/reference/spaceweather/SW-All_1957-2024.csv lines 16827–16832), at 2003-10-30
 * 07:30 UT; and from the typical level, checked against the moderate-case densities of
 * shared/reference/atmosphere/README.md.
 */
import { describe, expect, it } from 'vitest';
import { nrlmsiseDensity } from '../atmosphere/nrlmsise00/index.ts';
import { utcMs } from '../units.ts';
import { parseSwAllCsv } from './celestrak-csv.ts';
import { jb2008SpaceWeather } from './jb2008-indices.ts';
import { nrlmsiseSpaceWeather } from './nrlmsise-indices.ts';
import { createSpaceWeatherSeries } from './series.ts';
import { stormTemperatureFromAp } from './storm-temperature.ts';

const HEADER =
  'DATE,BSRN,ND,KP1,KP2,KP3,KP4,KP5,KP6,KP7,KP8,KP_SUM,AP1,AP2,AP3,AP4,AP5,AP6,AP7,AP8,AP_AVG,CP,C9,ISN,F10.7_OBS,F10.7_ADJ,F10.7_DATA_TYPE,F10.7_OBS_CENTER81,F10.7_OBS_LAST81,F10.7_ADJ_CENTER81,F10.7_ADJ_LAST81';
const ROWS = [
  '2003-10-25,2323,23,40,27,27,23,43,37,13,27,237,27,12,12,9,32,22,5,12,16,0.9,4,132,221.5,219.0,OBS,146.8,120.2,145.1,121.4',
  '2003-10-26,2323,24,23,20,17,20,10,10,33,37,170,9,7,6,7,4,4,18,22,10,0.5,2,133,298.3,294.7,OBS,147.0,122.3,145.2,123.4',
  '2003-10-27,2323,25,37,33,33,20,20,23,13,10,190,22,18,18,7,7,9,5,4,11,0.6,3,199,257.2,254.0,OBS,147.1,123.8,145.3,124.8',
  '2003-10-28,2323,26,30,47,37,47,27,40,33,40,300,15,39,22,39,12,27,18,27,25,1.2,6,247,274.4,270.9,OBS,147.0,125.6,145.1,126.5',
  '2003-10-29,2323,27,47,40,90,80,77,77,87,87,583,39,27,400,207,179,179,300,300,204,2.1,9,250,291.7,287.7,OBS,146.8,127.6,144.8,128.4',
  '2003-10-30,2324,1,87,73,53,47,50,70,90,90,560,300,154,56,39,48,132,400,400,191,2.1,9,250,271.4,267.6,OBS,146.5,129.3,144.6,130.0',
];
const series = createSpaceWeatherSeries([parseSwAllCsv([HEADER, ...ROWS].join('\n')).records]);
const t = utcMs(Date.parse('2003-10-30T07:30:00Z'));

describe('nrlmsiseSpaceWeather', () => {
  it('takes the previous day’s observed F10.7, the day’s centred mean, the daily Ap and the ap history', () => {
    const n = nrlmsiseSpaceWeather(series, t);
    expect(n.f107).toMatchObject({ value: 291.7, status: 'observed', date: '2003-10-29' });
    // This sample ends on Oct 30, so the centred window of Oct 30 holds days it has no observation
    // for: the reader marks the mean predicted (the full file has it observed).
    expect(n.f107A).toMatchObject({ value: 146.5, status: 'predicted', date: '2003-10-30' });
    expect(n.status).toBe('predicted');
    expect(n.apArray.every((v) => v.status === 'observed')).toBe(true);
    expect(n.ap.value).toBe(191);
    // [daily Ap; ap 06–09 UT Oct 30; 03–06; 00–03; Oct 29 21–24;
    //  mean of Oct 28 21–24 … Oct 29 18–21 (t − 33 h … t − 12 h): (27+39+27+400+207+179+179+300)/8;
    //  mean of Oct 27 21–24 … Oct 28 18–21 (t − 57 h … t − 36 h): (4+15+39+22+39+12+27+18)/8]
    expect(n.input.apArray).toEqual([191, 56, 154, 300, 300, 169.75, 22]);
    expect(n.apArray[5].date).toBe('2003-10-28T21:00Z/+3h … 2003-10-29T18:00Z/+3h');
    expect(n.apArray[6].method).toBe('mean of the eight 3-hour ap from 36 to 57 h before');
    expect(n.input).toMatchObject({ f107: 291.7, f107A: 146.5, ap: 191 });
  });

  it('a history reaching before the data is a default, and says so', () => {
    const early = nrlmsiseSpaceWeather(series, utcMs(Date.parse('2003-10-25T06:00:00Z')));
    expect(early.apArray[1].status).toBe('observed');
    expect(early.apArray[6].status).toBe('default');
    expect(early.apArray[6].method).toContain('(some of them defaults)');
    expect(early.status).toBe('default');
  });

  it('the typical level reproduces the README’s moderate-case NRLMSISE-00 densities', () => {
    const n = nrlmsiseSpaceWeather(createSpaceWeatherSeries([]), t);
    expect(n.input).toEqual({ f107: 150, f107A: 150, ap: 15, apArray: [15, 15, 15, 15, 15, 15, 15] });
    expect(n.status).toBe('default');
    // Day 80, 12:00 UT, 0°, 0°: README table (gtd7d, daily Ap).
    const time = utcMs(Date.parse('2001-03-21T12:00:00Z'));
    for (const [altitudeKm, rho] of [[200, 3.347e-10], [400, 6.775e-12], [600, 3.885e-13]] as const) {
      const { densityKgPerM3 } = nrlmsiseDensity({ time, latitudeDeg: 0, longitudeDeg: 0, altitudeKm, f107: n.input.f107, f107A: n.input.f107A, ap: n.input.ap });
      expect(densityKgPerM3 / rho - 1).toBeLessThan(5e-4);
      expect(densityKgPerM3 / rho - 1).toBeGreaterThan(-5e-4);
    }
  });
});

describe('jb2008SpaceWeather', () => {
  it('takes F10/S10 1 day, M10 2 days and Y10 5 days earlier, each with its centred mean, and ΔTc from ap 6.7 h earlier', () => {
    const j = jb2008SpaceWeather(series, t);
    expect(j.indices).toEqual({
      f10: 291.7, // Oct 29
      f10b: 146.8,
      s10: 291.7,
      s10b: 146.8,
      xm10: 274.4, // Oct 28
      xm10b: 147.0,
      y10: 221.5, // Oct 25
      y10b: 146.8,
      dstdtc: stormTemperatureFromAp(300), // 00:48 UT Oct 30: AP1 = 300
    });
    expect(j.status).toBe('predicted'); // the centred means, as above
    expect(j.components.f10.status).toBe('observed');
    expect(j.components.dstdtc.date).toBe('2003-10-30T00:00Z/+3h');
    expect(j.components.s10.method).toContain('S10 proxy');
    expect(j.components.f10.method).toBeUndefined();
    expect(j.method).toContain('S10 = M10 = Y10 = observed F10.7');
  });

  it('ΔTc from ap reproduces the quiet-time DTCFILE values of shared/reference/atmosphere/jb2008_cases.json', () => {
    // DSTDTC of stock02-* (2009-05-18, ap 4), syn-015 (ap 0), syn-020 (ap 15), syn-024 (ap 22); DTCFILE holds whole kelvins.
    expect([4, 0, 15, 22].map((ap) => Math.round(stormTemperatureFromAp(ap)))).toEqual([31, 0, 85, 105]);
  });
});
