import { describe, expect, it } from 'vitest';
import { utcMs } from '../units.ts';
import { formatDouble, formatInteger, formatTime, parseDouble, parseInteger, parseTime } from './values.ts';

describe('CDM values (CCSDS 508.0-B-1 §6.3.2)', () => {
  it('reads the fixed and floating forms of the standard and of real files', () => {
    expect(parseDouble('715')).toBe(715);
    expect(parseDouble('-14692.0')).toBe(-14692);
    expect(parseDouble('4.835E-05')).toBe(4.835e-5);
    expect(parseDouble('2.117e-02')).toBe(0.02117);
    expect(parseDouble('3.146975532131119380e+01')).toBe(31.46975532131119380);
    expect(parseDouble('+1.0')).toBe(1);
    for (const bad of ['', 'abc', '1.2.3', '1 000', 'NaN', '1e999', '0x10']) expect(parseDouble(bad), bad).toBeUndefined();
  });

  it('reads 32-bit integers with leading zeros (§6.3.2.1) and refuses the rest', () => {
    expect(parseInteger('000592')).toBe(592);
    expect(parseInteger('-2147483648')).toBe(-2_147_483_648);
    expect(parseInteger('2147483648')).toBeUndefined();
    expect(parseInteger('59.0')).toBeUndefined();
  });

  it('reads both time forms of §6.3.2.6: Table 3-1 gives 2010-03-12T22:31:12.000 and 2010-071T22:31:12.000 as examples of one date', () => {
    const calendar = parseTime('2010-03-12T22:31:12.000');
    expect(calendar).toBe(Date.UTC(2010, 2, 12, 22, 31, 12));
    expect(parseTime('2010-071T22:31:12.000')).toBe(calendar);
    expect(parseTime('2010-03-12T22:31:12.000Z')).toBe(calendar);
    expect(parseTime('2023-07-05T14:13:59.000000')).toBe(Date.UTC(2023, 6, 5, 14, 13, 59));
    expect(parseTime('2010-02-30T00:00:00')).toBeUndefined();
  });

  it('writes times without Z, to the microsecond, at least milliseconds', () => {
    expect(formatTime(parseTime('2010-03-13T22:37:52.618')!)).toBe('2010-03-13T22:37:52.618');
    expect(formatTime(parseTime('2023-07-04T14:13:59.004000')!)).toBe('2023-07-04T14:13:59.004');
    expect(formatTime(parseTime('2000-06-27T18:50:19.733571')!)).toBe('2000-06-27T18:50:19.733571');
    expect(formatTime(utcMs(Date.UTC(2021, 2, 23, 15, 43, 56)))).toBe('2021-03-23T15:43:56.000');
  });

  it('writes doubles that read back exactly, with an exponent only when fixed point would be long', () => {
    expect(formatDouble(715)).toBe('715');
    expect(formatDouble(-7.2)).toBe('-7.2');
    expect(formatDouble(4.835e-5)).toBe('0.00004835');
    expect(formatDouble(1e-7)).toBe('1.0E-7');
    expect(formatDouble(-0)).toBe('0');
    expect(formatDouble(2.0510486415534043e-2)).toBe('2.0510486415534043E-2');
    expect(formatDouble(1.5e300)).toBe('1.5E+300');
    // Every written double reads back bit for bit.
    let x = 0.123456789;
    for (let i = 0; i < 2000; i += 1) {
      x = (x * 9301 + 49297) % 233280;
      const value = (x / 233280 - 0.5) * 10 ** ((i % 40) - 20);
      expect(parseDouble(formatDouble(value))).toBe(value);
    }
    expect(() => formatDouble(Number.NaN)).toThrow(RangeError);
    expect(formatInteger(592)).toBe('592');
    expect(() => formatInteger(1.5)).toThrow(RangeError);
  });
});
