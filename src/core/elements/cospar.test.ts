import { describe, expect, it } from 'vitest';
import { cosparFromTle, cosparToTle, isCosparId } from './cospar.ts';

describe('international designators', () => {
  it('normalise the TLE field to the OMM form', () => {
    expect(cosparFromTle('58002B  ')).toBe('1958-002B');
    expect(cosparFromTle('23027A  ')).toBe('2023-027A');
    expect(cosparFromTle('98067ABC')).toBe('1998-067ABC');
    expect(cosparFromTle('70025   ')).toBe('1970-025'); // analyst sets in the 2023 catalogue carry no piece
    expect(cosparFromTle('        ')).toBeUndefined();
    expect(cosparFromTle('5800#B  ')).toBeNull();
  });

  it('write the TLE field back', () => {
    expect(cosparToTle('1958-002B')).toBe('58002B  ');
    expect(cosparToTle(undefined)).toBe('        ');
    expect(cosparToTle('2060-001A')).toBe('        '); // beyond the two-digit-year window
    expect(isCosparId('1998-067A')).toBe(true);
    expect(isCosparId('UNKNOWN')).toBe(false);
  });
});
