/**
 * The SW-All CSV reader on lines copied byte for byte from
 * shared/reference/spaceweather/SW-All_1957-2024.csv (its line numbers in comments), and on
 * damaged copies of them. The whole files are read in tests/integration/spaceweather-celestrak.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { utcMs } from '../units.ts';
import { parseSwAllCsv } from './celestrak-csv.ts';
import { dayNumber } from './time-keys.ts';

const HEADER =
  'DATE,BSRN,ND,KP1,KP2,KP3,KP4,KP5,KP6,KP7,KP8,KP_SUM,AP1,AP2,AP3,AP4,AP5,AP6,AP7,AP8,AP_AVG,CP,C9,ISN,F10.7_OBS,F10.7_ADJ,F10.7_DATA_TYPE,F10.7_OBS_CENTER81,F10.7_OBS_LAST81,F10.7_ADJ_CENTER81,F10.7_ADJ_LAST81';
const ROWS = {
  // line 2
  obs: '1957-10-01,1700,19,43,40,30,20,37,23,43,37,273,32,27,15,7,22,9,32,22,21,1.1,5,334,269.3,269.8,OBS,266.6,230.9,266.8,235.5',
  // line 87
  int: '1957-12-25,1703,23,13,33,37,27,30,23,37,37,237,5,18,22,12,15,9,22,22,16,0.9,4,503,369.2,357.1,INT,267.0,276.0,258.9,270.4',
  // line 24277: the last OBS row
  lastObs: '2024-03-18,2599,21,3,3,7,0,7,3,20,27,70,2,2,3,0,3,2,7,12,4,0.1,0,125,177.4,175.8,OBS,159.4,161.0,158.0,156.9',
  // line 24281: a daily prediction with Kp codes that are not thirds
  prd: '2024-03-22,2599,25,30,22,22,22,22,22,22,22,184,15,8,8,8,8,8,8,8,8,0.5,2,128,163.2,162.0,PRD,157.7,162.4,156.7,158.5',
  // line 24323: a monthly prediction, no Kp/Ap
  prm: '2024-06-01,2602,15,,,,,,,,,,,,,,,,,,,,,130,150.8,155.1,PRM,151.7,154.6,155.6,156.0',
};
const day = (iso: string) => dayNumber(utcMs(Date.parse(`${iso}T00:00:00Z`)));

describe('parseSwAllCsv', () => {
  it('reads OBS, INT, PRD and PRM rows into records with their status and line', () => {
    const text = [HEADER, ROWS.obs, ROWS.int, ROWS.lastObs, ROWS.prd, ROWS.prm, ''].join('\n');
    const r = parseSwAllCsv(text, { source: 'sample.csv' });
    expect(r.rejected).toEqual([]);
    expect(r.rows).toBe(5);
    expect(r.counts).toEqual({ OBS: 2, INT: 1, PRD: 1, PRM: 1 });
    expect([r.firstDate, r.lastDate, r.lastObservedDate]).toEqual(['1957-10-01', '2024-06-01', '2024-03-18']);

    const [obs, int, , prd, prm] = r.records.flux;
    expect(obs).toEqual({ day: day('1957-10-01'), observed: 269.3, adjusted: 269.8, status: 'observed', cadence: 'daily', source: 'sample.csv line 2 (OBS)' });
    expect(int).toMatchObject({ observed: 369.2, adjusted: 357.1, status: 'observed', source: 'sample.csv line 3 (INT)' });
    expect(prd).toMatchObject({ observed: 163.2, adjusted: 162.0, status: 'predicted', cadence: 'daily' });
    expect(prm).toMatchObject({ observed: 150.8, adjusted: 155.1, status: 'predicted', cadence: 'monthly' });

    // 3-hour values: KP1 = 43 is 4+ (13/3), AP1 = 32; interval numbers count from 1970.
    const first = r.records.threeHourly.filter((t) => Math.floor(t.interval / 8) === day('1957-10-01'));
    expect(first.map((t) => t.ap)).toEqual([32, 27, 15, 7, 22, 9, 32, 22]);
    expect(first.map((t) => t.kp)).toEqual([13 / 3, 4, 3, 2, 11 / 3, 7 / 3, 13 / 3, 11 / 3]);
    expect(first[0]!.interval).toBe(day('1957-10-01') * 8);
    const predicted = r.records.threeHourly.filter((t) => Math.floor(t.interval / 8) === day('2024-03-22'));
    expect(predicted.map((t) => t.kp)).toEqual([3, 2.2, 2.2, 2.2, 2.2, 2.2, 2.2, 2.2]);
    expect(predicted.every((t) => t.status === 'predicted')).toBe(true);
    // The PRM row has no Kp/Ap: 8 intervals each for OBS, INT, OBS, PRD.
    expect(r.records.threeHourly).toHaveLength(32);
    expect(r.records.dailyAp.map((d) => d.ap)).toEqual([21, 16, 4, 8]);
  });

  it('marks a centred 81-day mean within 40 days of the last observed day as predicted', () => {
    const r = parseSwAllCsv([HEADER, ROWS.obs, ROWS.lastObs, ROWS.prd, ROWS.prm].join('\n'));
    const [old, last, prd, prm] = r.records.fluxMeans;
    expect(old).toMatchObject({ observedCentred81: 266.6, adjustedCentred81: 266.8, observedTrailing81: 230.9, adjustedTrailing81: 235.5, status: 'observed' });
    expect(old).not.toHaveProperty('method');
    expect(last).toMatchObject({ observedCentred81: 159.4, status: 'predicted' });
    expect(last!.method).toContain('2024-03-18');
    expect(prd).toMatchObject({ status: 'predicted', cadence: 'daily' });
    expect(prm).toMatchObject({ observedCentred81: 151.7, status: 'predicted', cadence: 'monthly' });
  });

  it('reads by header name: shuffled columns, CRLF line ends and a BOM give the same records', () => {
    const plain = parseSwAllCsv([HEADER, ROWS.obs, ROWS.prd, ROWS.prm].join('\n'), { source: 's' });
    const names = HEADER.split(',');
    const order = names.map((_, i) => i).reverse();
    const shuffle = (line: string) => {
      const f = line.split(',');
      return order.map((i) => f[i]).join(',');
    };
    const shuffled = parseSwAllCsv(`\uFEFF${[HEADER, ROWS.obs, ROWS.prd, ROWS.prm].map(shuffle).join('\r\n')}\r\n`, { source: 's' });
    expect(shuffled.rejected).toEqual([]);
    expect(shuffled.records).toEqual(plain.records);
  });

  it('rejects a bad row with its line and reason and keeps the others', () => {
    const bad = [
      ROWS.obs.replace('1957-10-01', '1957-02-30'), // line 3
      ROWS.obs.replace('1957-10-01', '1957-10-05').replace(',OBS,', ',XYZ,'), // line 4
      ROWS.obs.replace('1957-10-01', '1957-10-06').replace(',43,40,30,', ',43,4x,30,'), // line 5
      ROWS.obs.replace('1957-10-01', '1957-10-07').replace(',43,40,30,', ',43,95,30,'), // line 6
      ROWS.obs.replace('1957-10-01', '1957-10-08').replace(',269.3,', ',-269.3,'), // line 7
      `${ROWS.obs.replace('1957-10-01', '1957-10-09')},extra`, // line 8
      ROWS.obs, // line 9: repeats line 2
      '1957-10-10,1700,19,,,,,,,,,,,,,,,,,,,,,,,,OBS,,,,', // line 10
      ROWS.obs.replace('1957-10-01', '1957-10-11').replace(',43,40,30,', ',43,4.5,30,'), // line 11
    ];
    const r = parseSwAllCsv([HEADER, ROWS.obs, ...bad, ROWS.prd].join('\n'));
    expect(r.rows).toBe(2);
    expect(r.records.flux.map((f) => f.observed)).toEqual([269.3, 163.2]);
    expect(r.rejected.map(({ line, reason }) => [line, reason])).toEqual([
      [3, "DATE '1957-02-30' is not a calendar date YYYY-MM-DD"],
      [4, "F10.7_DATA_TYPE 'XYZ' is not OBS, INT, PRD or PRM"],
      [5, "KP2 is not a number: '4x'"],
      [6, 'KP2 = 95 is outside the whole numbers 0…90'],
      [7, 'F10.7_OBS = -269.3 is outside 0…2000'],
      [8, 'has 32 fields, the header has 31'],
      [9, 'DATE 1957-10-01 repeats line 2'],
      [10, 'has no values'],
      [11, 'KP2 = 4.5 is outside the whole numbers 0…90'],
    ]);
    expect(r.rejected[0]!.text).toBe(bad[0]);
  });

  it('keeps blank values as missing (the format leaves missing values blank)', () => {
    const r = parseSwAllCsv([HEADER, ROWS.obs.replace(',43,40,30,', ',43,,30,').replace(',32,27,15,', ',32,,15,')].join('\n'));
    expect(r.rejected).toEqual([]);
    expect(r.records.threeHourly).toHaveLength(7);
  });

  it('rejects a text without the DATE or F10.7_DATA_TYPE column at line 1', () => {
    expect(parseSwAllCsv('').rejected).toEqual([{ line: 1, reason: 'no header line (the text is empty)', text: '' }]);
    const r = parseSwAllCsv('OBJECT_NAME,NORAD_CAT_ID\nISS,25544\n');
    expect(r.rows).toBe(0);
    expect(r.rejected).toEqual([{ line: 1, reason: 'the header has no DATE or F10.7_DATA_TYPE column: not SW-All CSV', text: 'OBJECT_NAME,NORAD_CAT_ID' }]);
  });
});
