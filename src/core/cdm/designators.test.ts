/**
 * Object designators of a CDM (CCSDS 508.0-B-1 Table 3-3): OBJECT_DESIGNATOR as CARA writes it
 * (nine digits, '000025994' for TERRA, shared/reference/cdm/README.md) and as Alpha-5 (Space-Track's
 * TLE format note: a letter for the first digit, A = 10 … Z = 33 without I and O, so 'A0000' =
 * 100,000, 'T0000' = 270,000 and 'Z9999' = 339,999); INTERNATIONAL_DESIGNATOR, which Table 3-3 lets
 * be UNKNOWN.
 */
import { describe, expect, it } from 'vitest';
import { internationalDesignatorOf, noradIdOf } from './designators.ts';

describe('designators', () => {
  it('reads a catalogue number written as digits or Alpha-5', () => {
    expect(noradIdOf('000025994')).toBe(25994);
    expect(noradIdOf(' 43302 ')).toBe(43302);
    expect(noradIdOf('A0000')).toBe(100000);
    expect(noradIdOf('T0000')).toBe(270000);
    expect(noradIdOf('Z9999')).toBe(339999);
    for (const text of ['', 'OBJECT1', 'I0000', 'O1234', 'A000', '12A45', '1e5']) expect(noradIdOf(text), text).toBeNull();
  });

  it('takes UNKNOWN and blank international designators as none', () => {
    expect(internationalDesignatorOf('1999-068A')).toBe('1999-068A');
    for (const text of [undefined, '', '  ', 'UNKNOWN', 'unknown']) expect(internationalDesignatorOf(text)).toBeNull();
  });
});
