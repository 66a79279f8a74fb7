import { describe, expect, it } from 'vitest';
import { parseGroupedNumber, toDisplayUnits } from '@/lib/numeric-input';

describe('parseGroupedNumber', () => {
  it('strips thousands separators', () => {
    expect(parseGroupedNumber('1,500,000')).toBe(1_500_000);
    expect(parseGroupedNumber('100000')).toBe(100_000);
  });

  it('rejects text that is not a number', () => {
    expect(parseGroupedNumber('abc')).toBeNull();
    expect(parseGroupedNumber('100,000a')).toBeNull();
    expect(parseGroupedNumber('Infinity')).toBeNull();
  });

  it('reads an emptied field as 0', () => {
    expect(parseGroupedNumber('')).toBe(0);
  });
});

describe('toDisplayUnits', () => {
  it('shows fractions as percent without binary noise', () => {
    expect(0.07 * 100).not.toBe(7);
    expect(toDisplayUnits(0.07, 100)).toBe('7');
    expect(toDisplayUnits(0.05, 100)).toBe('5');
    expect(toDisplayUnits(0.0725, 100)).toBe('7.25');
    expect(toDisplayUnits(100, 1)).toBe('100');
  });
});
