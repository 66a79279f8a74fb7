/**
 * The SWPC JSON readers on responses built in the products' published shapes (see swpc-json.ts
 * for the field lists and where they are documented), with the values of real days: the F10.7
 * of 2024-03-17/18 and the Kp of 2003-10-29 (the Halloween storm) as
 * shared/reference/spaceweather/SW-All_1957-2024.csv gives them (lines 24276–24277, 16831).
 */
import { describe, expect, it } from 'vitest';
import { utcMs } from '../units.ts';
import { parseSwpcF107Flux, parseSwpcKIndex1m, parseSwpcPlanetaryKIndex, SwpcFormatError } from './swpc-json.ts';
import { dayNumber, intervalNumber } from './time-keys.ts';

const at = (iso: string) => utcMs(Date.parse(iso));
const reading = (time_tag: string, flux: number, reporting_schedule: string, mean: number | null = null) => ({
  time_tag,
  frequency: 2800,
  flux,
  reporting_schedule,
  avg_begin_date: mean === null ? null : '2023-12-19T20:00:00',
  ninety_day_mean: mean,
  rec_count: mean === null ? null : 90,
});

describe('parseSwpcF107Flux', () => {
  // Newest first, as the feed lists them; three readings a day.
  const feed = [
    reading('2024-03-18T22:00:00', 180.1, 'Afternoon'),
    reading('2024-03-18T20:00:00', 177.4, 'Noon', 157.0),
    reading('2024-03-18T17:00:00', 175.2, 'Morning'),
    reading('2024-03-17T23:00:00', 150.9, 'Afternoon'),
    reading('2024-03-17T18:00:00', 152.0, 'Morning'),
  ];

  it('takes the Noon reading as the day’s observed flux and adjusts it to 1 AU', () => {
    const { records, rejected } = parseSwpcF107Flux(feed);
    expect(rejected).toEqual([]);
    const day18 = records.flux.find((f) => f.day === dayNumber(at('2024-03-18T00:00:00Z')))!;
    expect(day18).toMatchObject({ observed: 177.4, status: 'observed', cadence: 'daily' });
    expect(day18.source).toBe('NOAA SWPC f107_cm_flux.json 2024-03-18T20:00:00 (Noon reading; preliminary)');
    // SW-All line 24277 gives F10.7_ADJ = 175.8 for F10.7_OBS = 177.4.
    expect(day18.adjusted).toBeCloseTo(175.8, 1);
    expect(day18.adjustedMethod).toContain('r²');
    expect(records.fluxMeans).toEqual([]); // the 90-day trailing mean is not the models' 81-day centred mean
  });

  it('without a Noon reading takes the one nearest 20:00 UT, and says so', () => {
    const day17 = parseSwpcF107Flux(feed).records.flux.find((f) => f.day === dayNumber(at('2024-03-17T00:00:00Z')))!;
    expect(day17.observed).toBe(152.0); // 18:00 is 2 h from 20:00, 23:00 is 3 h
    expect(day17.source).toContain('no Noon reading that day: the Morning reading, nearest 20:00 UT');
  });

  it('rejects a reading without a time or flux, keeping the rest, and refuses a non-array', () => {
    const { records, rejected } = parseSwpcF107Flux([
      reading('2024-03-18T20:00:00', 177.4, 'Noon'),
      { ...reading('2024-03-19T20:00:00', 0, 'Noon'), flux: null },
      reading('yesterday', 170, 'Noon'),
      'text',
    ]);
    expect(records.flux).toHaveLength(1);
    expect(rejected.map((r) => [r.index, r.reason])).toEqual([
      [1, 'flux null is not a number'],
      [2, 'time_tag "yesterday" is not a UTC date-time'],
      [3, 'is not an object'],
    ]);
    expect(() => parseSwpcF107Flux({ error: 'down' })).toThrow(SwpcFormatError);
  });
});

describe('parseSwpcPlanetaryKIndex', () => {
  // 2003-10-29, SW-All line 16831: KP 47,40,90,80,77,77,87,87 (5−,4o,9o,8o,8−,8−,9−,9−), AP 39,27,400,207,179,179,300,300.
  const kp = ['4.67', '4.00', '9.00', '8.00', '7.67', '7.67', '8.67', '8.67'];
  const ap = ['39', '27', '400', '207', '179', '179', '300', '300'];
  const table = [
    ['time_tag', 'Kp', 'a_running', 'station_count'],
    ...kp.map((k, n) => [`2003-10-29 ${String(3 * n).padStart(2, '0')}:00:00.000`, k, ap[n], '8']),
  ];
  const objects = kp.map((k, n) => ({ time_tag: `2003-10-29T${String(3 * n).padStart(2, '0')}:00:00`, Kp: Number(k), a_running: Number(ap[n]), station_count: 8 }));

  it('reads the table form (header row, string values) and the object form alike', () => {
    const a = parseSwpcPlanetaryKIndex(table);
    const b = parseSwpcPlanetaryKIndex(objects);
    expect(a.rejected).toEqual([]);
    expect(b.rejected).toEqual([]);
    const first = intervalNumber(at('2003-10-29T00:00:00Z'));
    expect(a.records.threeHourly.map((r) => r.interval)).toEqual(Array.from({ length: 8 }, (_, n) => first + n));
    expect(a.records.threeHourly.map((r) => r.kp)).toEqual([14, 12, 27, 24, 23, 23, 26, 26].map((n) => n / 3));
    expect(a.records.threeHourly.map((r) => r.ap)).toEqual([39, 27, 400, 207, 179, 179, 300, 300]);
    expect(b.records.threeHourly.map((r) => [r.kp, r.ap])).toEqual(a.records.threeHourly.map((r) => [r.kp, r.ap]));
    expect(a.records.threeHourly.every((r) => r.status === 'observed')).toBe(true);
  });

  it('takes ap from Kp by Bartels’ table when a_running is absent; rejects bad rows', () => {
    const { records, rejected } = parseSwpcPlanetaryKIndex([
      { time_tag: '2003-10-29T00:00:00', Kp: 4.33 },
      { time_tag: '2003-10-29T01:00:00', Kp: 4 },
      { time_tag: '2003-10-29T06:00:00', Kp: 12 },
      { time_tag: '2003-10-29T09:00:00', Kp: 'high' },
    ]);
    expect(records.threeHourly.map((r) => [r.kp, r.ap])).toEqual([[13 / 3, 32]]);
    expect(records.threeHourly[0]!.source).toContain('ap from Kp by Bartels’ table');
    expect(rejected.map((r) => [r.index, r.reason])).toEqual([
      [1, 'time_tag 2003-10-29T01:00:00 does not start a 3-hour interval'],
      [2, 'Kp = 12 is outside 0…9'],
      [3, 'Kp "high" is not a number'],
    ]);
    // Table rows are numbered as in the response (the header is element 0).
    const t = parseSwpcPlanetaryKIndex([table[0], table[1], ['2003-10-29 03:00:00.000', 'x', '5', '8']]);
    expect(t.rejected.map((r) => r.index)).toEqual([2]);
    expect(() => parseSwpcPlanetaryKIndex([['Kp', 'a_running']])).toThrow(SwpcFormatError);
  });
});

describe('parseSwpcKIndex1m', () => {
  it('keeps the latest 1-minute estimate of each 3-hour interval, at its nearest third', () => {
    const { records, rejected } = parseSwpcKIndex1m([
      { time_tag: '2024-05-10T18:00:00', kp_index: 5, estimated_kp: 5.33, kp: '5P' },
      { time_tag: '2024-05-10T20:59:00', kp_index: 7, estimated_kp: 7.67, kp: '8M' },
      { time_tag: '2024-05-10T20:58:00', kp_index: 7, estimated_kp: 7.33, kp: '7P' },
      { time_tag: '2024-05-10T21:01:00', kp_index: 8, kp: '8Z' },
      { time_tag: '2024-05-10T21:02:00', kp_index: null, estimated_kp: null },
    ]);
    expect(records.threeHourly.map((r) => [r.interval - intervalNumber(at('2024-05-10T18:00:00Z')), r.kp, r.ap])).toEqual([
      [0, 23 / 3, 179], // 8−
      [1, 8, 207], // 8o, from kp_index when there is no estimate
    ]);
    expect(records.threeHourly[0]!.source).toContain('2024-05-10T20:59:00 (1-minute estimate');
    expect(rejected.map((r) => [r.index, r.reason])).toEqual([[4, 'kp_index null is not a number']]);
  });
});
