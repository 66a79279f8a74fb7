import { describe, expect, it } from 'vitest';
import {
  formatInclination,
  formatKm,
  formatLatitude,
  formatLongitude,
  formatMass,
  formatPeriod,
  formatRcs,
  formatUtcTimestamp,
  formatVelocity,
} from '@/lib/satellite-format';

describe('satellite field formats', () => {
  it('writes latitude and longitude with 2 decimals and a hemisphere letter', () => {
    expect(formatLatitude('32.0853')).toBe('32.09° N');
    expect(formatLatitude('-12.5')).toBe('12.50° S');
    expect(formatLongitude('34.7818')).toBe('34.78° E');
    expect(formatLongitude('-75.25')).toBe('75.25° W');
    expect(formatLatitude('-0.001')).toBe('0.00° N');
    expect(formatLatitude('abc')).toBe('—');
  });

  it('writes kilometres, speeds, periods and inclinations', () => {
    expect(formatKm('512.345')).toBe('512.3 km');
    expect(formatKm(35786)).toBe('35,786.0 km');
    expect(formatKm('')).toBe('—');
    expect(formatVelocity(7.612)).toBe('7.61 km/s');
    expect(formatVelocity(null)).toBe('—');
    expect(formatPeriod(1436.08)).toBe('1,436.1 min');
    expect(formatInclination(142.1)).toBe('142.10°');
  });

  it("writes RCS and mass, or '—' when the server has none", () => {
    expect(formatRcs(1.2)).toBe('1.2 m²');
    expect(formatRcs(0.01234)).toBe('0.0123 m²');
    expect(formatRcs(null)).toBe('—');
    expect(formatMass(6500)).toBe('6,500 kg');
    expect(formatMass(4.5)).toBe('4.5 kg');
    expect(formatMass(null)).toBe('—');
  });

  it("writes timestamps as 'MMM d, yyyy HH:mm UTC' in UTC", () => {
    expect(formatUtcTimestamp('2025-03-01T06:30:00.000Z')).toBe('Mar 1, 2025 06:30 UTC');
    expect(formatUtcTimestamp('2025-12-31T23:59:59+02:00')).toBe('Dec 31, 2025 21:59 UTC');
    expect(formatUtcTimestamp('not a date')).toBe('not a date');
  });
});
