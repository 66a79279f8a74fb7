import { describe, expect, it } from 'vitest';
import { hasValidChecksum, tleChecksum } from './checksum.ts';

// Lines from the Space-Track 3LE catalogue of 2023-10-09 and from SGP4-VER.TLE.
const VANGUARD_1 = '1 00005U 58002B   23282.54072583  .00000274  00000-0  37082-3 0  9997';
const VANGUARD_1_L2 = '2 00005  34.2426 102.8218 1844295  34.3480 336.3609 10.85092911336586';
const WITH_MINUS = '1 04632U 70093B   04031.91070959 -.00000084  00000-0  10000-3 0  9955';

describe('TLE checksum', () => {
  it('sums digits mod 10 with minus signs counting 1', () => {
    expect(tleChecksum(VANGUARD_1)).toBe(7);
    expect(tleChecksum(VANGUARD_1_L2)).toBe(6);
    expect(tleChecksum(WITH_MINUS)).toBe(5);
    expect(tleChecksum(`${'-'.repeat(13)}${' '.repeat(55)}`)).toBe(3);
    expect(tleChecksum('1+2.3ABC')).toBe(6); // '+', '.', letters count 0
  });

  it('validates column 69 only', () => {
    expect(hasValidChecksum(VANGUARD_1)).toBe(true);
    expect(hasValidChecksum(`${VANGUARD_1.slice(0, 68)}8`)).toBe(false);
    expect(hasValidChecksum(VANGUARD_1.slice(0, 68))).toBe(false);
    expect(hasValidChecksum(`${VANGUARD_1.slice(0, 68)} `)).toBe(false);
    expect(hasValidChecksum(`${VANGUARD_1_L2}     0.00      4320.0        360.00`)).toBe(true);
  });
});
