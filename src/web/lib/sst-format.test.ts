import { describe, expect, it } from 'vitest';
import {
  formatDistanceKm,
  formatProbabilityPercent,
  formatRelativeVelocity,
  formatTimeToTca,
  hoursUntil,
  pairLabel,
  parseTca,
} from '@/lib/sst-format';

const NOW = Date.parse('2025-03-01T12:00:00.000Z');
const at = (hours: number) => new Date(NOW + hours * 3_600_000).toISOString();

describe('formatTimeToTca (spec §9)', () => {
  it("shows whole days ago, 'д назад', more than 24 h in the past", () => {
    expect(formatTimeToTca(at(-24.01), NOW)).toBe('1д назад');
    expect(formatTimeToTca(at(-50), NOW)).toBe('2д назад');
    expect(formatTimeToTca(at(-24 * 7 - 5), NOW)).toBe('7д назад');
  });

  it("shows whole hours ago, 'ч назад', 0-24 h in the past", () => {
    expect(formatTimeToTca(at(-24), NOW)).toBe('24ч назад');
    expect(formatTimeToTca(at(-5.5), NOW)).toBe('5ч назад');
    expect(formatTimeToTca(at(-0.2), NOW)).toBe('0ч назад');
  });

  it("shows hours, 'ч', under 24 h ahead", () => {
    expect(formatTimeToTca(at(0), NOW)).toBe('0ч');
    expect(formatTimeToTca(at(7.9), NOW)).toBe('7ч');
    expect(formatTimeToTca(at(23.99), NOW)).toBe('23ч');
  });

  it("shows days and hours, 'д ч', 24 h or more ahead", () => {
    expect(formatTimeToTca(at(24), NOW)).toBe('1д 0ч');
    expect(formatTimeToTca(at(29.5), NOW)).toBe('1д 5ч');
    expect(formatTimeToTca(at(47.99), NOW)).toBe('1д 23ч');
    expect(formatTimeToTca(at(24 * 6 + 3), NOW)).toBe('6д 3ч');
  });

  it("reads a TCA ending in '+00:00Z' as UTC", () => {
    expect(parseTca('2025-03-01T18:00:00+00:00Z')).toBe(Date.parse('2025-03-01T18:00:00Z'));
    expect(formatTimeToTca('2025-03-01T18:00:00+00:00Z', NOW)).toBe('6ч');
  });

  it('falls back to the first 16 characters with T as a space when the TCA does not parse (spec §8)', () => {
    expect(formatTimeToTca('2025-13-45T25:61:00Z', NOW)).toBe('2025-13-45 25:61');
    expect(formatTimeToTca('soon', NOW)).toBe('soon');
    expect(hoursUntil('soon', NOW)).toBeNull();
  });
});

describe('SST number formats (spec §9)', () => {
  it('gives distance and velocity 2 decimals', () => {
    expect(formatDistanceKm(1.2345)).toBe('1.23 km');
    expect(formatDistanceKm(0)).toBe('0.00 km');
    expect(formatRelativeVelocity(14.5167)).toBe('14.52 km/s');
  });

  it('gives probability in percent with 3 decimals; missing counts as 0', () => {
    expect(formatProbabilityPercent(0.000123456)).toBe('0.012%');
    expect(formatProbabilityPercent(0.5)).toBe('50.000%');
    expect(formatProbabilityPercent(undefined)).toBe('0.000%');
    expect(formatProbabilityPercent(null)).toBe('0.000%');
    expect(formatProbabilityPercent(Number.NaN)).toBe('0.000%');
  });

  it("joins the pair with '↔'", () => {
    expect(pairLabel({ primary_object: 'OFEQ-16', secondary_object: 'COSMOS 2542' })).toBe('OFEQ-16 ↔ COSMOS 2542');
  });
});
