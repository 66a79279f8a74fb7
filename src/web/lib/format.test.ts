import { describe, expect, it } from 'vitest';
import { formatGrouped, formatUsd, formatUtcTime } from '@/lib/format';

describe('formats', () => {
  it('formats US dollars without decimals', () => {
    expect(formatUsd(210_000)).toBe('$210,000');
    expect(formatUsd(10_000_000)).toBe('$10,000,000');
    expect(formatUsd(-150_000)).toBe('-$150,000');
    expect(formatUsd(70_000.00000000001)).toBe('$70,000');
  });

  it('groups thousands for editable money fields', () => {
    expect(formatGrouped(1_500_000)).toBe('1,500,000');
    expect(formatGrouped(0)).toBe('0');
  });

  it('shows the time of day in UTC whatever the local zone', () => {
    expect(formatUtcTime(new Date('2025-03-01T19:04:58.900Z'))).toBe('19:04:58');
    expect(formatUtcTime(new Date('2025-03-01T23:59:59+02:00'))).toBe('21:59:59');
  });
});
