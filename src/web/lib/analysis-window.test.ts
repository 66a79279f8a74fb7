import { describe, expect, it } from 'vitest';
import { defaultAnalysisWindow, inputValueToIso, toUtcInputValue } from '@/lib/analysis-window';

describe('analysis window (spec §9)', () => {
  it('starts now, to the minute, in UTC, and ends 48 hours later', () => {
    expect(defaultAnalysisWindow(Date.parse('2025-03-01T19:04:58.123Z'))).toEqual({ start: '2025-03-01T19:04', end: '2025-03-03T19:04' });
  });

  it('crosses month and year ends', () => {
    expect(defaultAnalysisWindow(Date.parse('2025-12-31T23:59:00Z'))).toEqual({ start: '2025-12-31T23:59', end: '2026-01-02T23:59' });
  });

  it('writes datetime-local values in UTC', () => {
    expect(toUtcInputValue(Date.parse('2025-03-01T00:00:00Z'))).toBe('2025-03-01T00:00');
  });

  it('sends input values as ISO 8601 UTC ending in Z', () => {
    expect(inputValueToIso('2025-03-01T19:04')).toBe('2025-03-01T19:04:00.000Z');
    expect(inputValueToIso('2025-03-01T19:04:30')).toBe('2025-03-01T19:04:30.000Z');
    expect(inputValueToIso('2025-03-01T19:04:30.5')).toBe('2025-03-01T19:04:30.500Z');
  });

  it('sends anything else as typed, for the server to reject with its message', () => {
    expect(inputValueToIso('')).toBe('');
    expect(inputValueToIso('tomorrow')).toBe('tomorrow');
    expect(inputValueToIso('2025-02-30T25:00')).toBe('2025-02-30T25:00');
  });
});
