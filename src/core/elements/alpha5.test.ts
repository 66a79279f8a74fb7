import { describe, expect, it } from 'vitest';
import { decodeAlpha5, encodeAlpha5 } from './alpha5.ts';

describe('Alpha-5 catalogue numbers', () => {
  it('decodes digits and the documented Alpha-5 examples', () => {
    expect(decodeAlpha5('00005')).toBe(5);
    expect(decodeAlpha5('    5')).toBe(5);
    expect(decodeAlpha5('99999')).toBe(99_999);
    expect(decodeAlpha5('A0000')).toBe(100_000);
    expect(decodeAlpha5('H9999')).toBe(179_999);
    expect(decodeAlpha5('J0000')).toBe(180_000); // I is skipped
    expect(decodeAlpha5('P0000')).toBe(230_000); // O is skipped
    expect(decodeAlpha5('T0000')).toBe(270_000);
    expect(decodeAlpha5('T0288')).toBe(270_288);
    expect(decodeAlpha5('Z9999')).toBe(339_999);
  });

  it('rejects I, O, lower case and malformed fields', () => {
    for (const bad of ['I0000', 'O0000', 'a0000', 'A000', 'AB000', '1234X', '', '     ', '12 34']) {
      expect(decodeAlpha5(bad), bad).toBeUndefined();
    }
  });

  it('encodes and round-trips every letter', () => {
    expect(encodeAlpha5(5)).toBe('00005');
    expect(encodeAlpha5(100_000)).toBe('A0000');
    expect(encodeAlpha5(270_000)).toBe('T0000');
    expect(encodeAlpha5(339_999)).toBe('Z9999');
    for (let n = 100_000; n <= 339_999; n += 9_999) expect(decodeAlpha5(encodeAlpha5(n))).toBe(n);
    expect(() => encodeAlpha5(340_000)).toThrow(RangeError);
    expect(() => encodeAlpha5(-1)).toThrow(RangeError);
  });
});
