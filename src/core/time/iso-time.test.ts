import { describe, expect, it } from 'vitest';
import { utcMs } from '../units.ts';
import { formatUtc, parseUtc } from './iso-time.ts';

describe('UTC date-time text', () => {
  it('reads CelesTrak OMM epochs with microseconds, with or without Z, as UTC', () => {
    expect(parseUtc('2026-07-10T03:44:00.383136')).toBeCloseTo(Date.UTC(2026, 6, 10, 3, 44, 0) + 383.136, 6);
    expect(parseUtc('2026-07-10T03:44:00.383136Z')).toBe(parseUtc('2026-07-10T03:44:00.383136'));
    expect(parseUtc('2023-10-09')).toBe(Date.UTC(2023, 9, 9));
  });

  it('reads the CCSDS day-of-year form', () => {
    expect(parseUtc('2024-060T12:00:00')).toBe(Date.UTC(2024, 1, 29, 12));
  });

  it('rejects malformed or impossible dates', () => {
    for (const bad of ['2023-02-29T00:00:00', '2023-13-01', '2023-10-09T24:00:00', '2023-10-09T12:00:60', '2023-366T00:00', '2023-10-09T12:00:00+02:00', 'yesterday', '']) {
      expect(parseUtc(bad), bad).toBeUndefined();
    }
  });

  it('writes microseconds and round-trips', () => {
    const text = '2000-06-27T18:50:19.733571';
    expect(formatUtc(parseUtc(text)!)).toBe(text);
    expect(formatUtc(utcMs(Date.UTC(2023, 9, 9, 12)), 0)).toBe('2023-10-09T12:00:00');
    expect(formatUtc(utcMs(Date.UTC(2023, 9, 9) - 0.0001))).toBe('2023-10-09T00:00:00.000000');
  });
});
