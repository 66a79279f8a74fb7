import { describe, expect, it } from 'vitest';
import { utcMs } from '../units.ts';
import { trackingStatus } from './tracking-status.ts';

// Product spec §4: minutes since lastObservation ≤ 1.5 × trackingFrequency on-track, ≤ 3 × delayed, beyond overdue.
const MIN = 60_000;
const NOW = utcMs(Date.UTC(2026, 10, 21, 12, 0, 0));
const ago = (minutes: number) => utcMs(NOW - minutes * MIN);

describe('trackingStatus (product spec §4)', () => {
  it('every 60 min: on-track up to exactly 90 min, delayed up to exactly 180 min, overdue beyond', () => {
    expect(trackingStatus(ago(0), 60, NOW)).toBe('on-track');
    expect(trackingStatus(ago(60), 60, NOW)).toBe('on-track');
    expect(trackingStatus(ago(90), 60, NOW)).toBe('on-track');
    expect(trackingStatus(utcMs(NOW - 90 * MIN - 1), 60, NOW)).toBe('delayed');
    expect(trackingStatus(ago(180), 60, NOW)).toBe('delayed');
    expect(trackingStatus(utcMs(NOW - 180 * MIN - 1), 60, NOW)).toBe('overdue');
    expect(trackingStatus(ago(10_000), 60, NOW)).toBe('overdue');
  });

  it('every 10 min: 15 min on-track, 30 min delayed, 31 min overdue', () => {
    expect(trackingStatus(ago(15), 10, NOW)).toBe('on-track');
    expect(trackingStatus(ago(30), 10, NOW)).toBe('delayed');
    expect(trackingStatus(ago(31), 10, NOW)).toBe('overdue');
  });

  it('no observation is overdue; an observation after now is on-track', () => {
    expect(trackingStatus(null, 60, NOW)).toBe('overdue');
    expect(trackingStatus(utcMs(NOW + 5 * MIN), 60, NOW)).toBe('on-track');
  });

  it('rejects a frequency that is not positive', () => {
    expect(() => trackingStatus(ago(1), 0, NOW)).toThrow(RangeError);
    expect(() => trackingStatus(ago(1), -5, NOW)).toThrow(RangeError);
    expect(() => trackingStatus(ago(1), Number.NaN, NOW)).toThrow(RangeError);
  });
});
