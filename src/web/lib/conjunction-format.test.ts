import { describe, expect, it } from 'vitest';
import {
  formatCloseReason,
  formatEventStatus,
  formatFractionPercent,
  formatMetresValue,
  formatMetresWithUnit,
  formatObjectType,
  formatPc,
  formatPcOneInN,
  formatRelativeTca,
  formatSpeedValue,
  formatUtcDateTime,
  pcMethodBadge,
} from '@/lib/conjunction-format';

const NOW = Date.parse('2025-03-01T12:00:00.000Z');
const at = (ms: number) => new Date(NOW + ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('conjunction formats', () => {
  it('badges each Pc method; an unknown one as received', () => {
    expect(['pc2d', 'nc2d-upper-limit', 'nc2d', 'pc3d', 'sdmc', 'monte-carlo'].map(pcMethodBadge)).toEqual(['2D', '2D-Nc ≤', '2D-Nc', '3D', 'MC', 'monte-carlo']);
  });

  it('writes Pc in scientific notation, 0 as 0, none as —', () => {
    expect([0.021173811560368256, 1.0107e-5, 3.8635e-168, 1, 0, null, Number.NaN].map(formatPc)).toEqual(['2.12e-2', '1.01e-5', '3.86e-168', '1.00e+0', '0', '—', '—']);
  });

  it('writes Pc as 1:N, in full up to a billion', () => {
    expect([0.021173811560368256, 1e-4, 1.0107e-5, 2e-9, 5e-10, 4e-25, 3.8635e-168, 2.7e-314, 0, null].map(formatPcOneInN)).toEqual([
      '1:47',
      '1:10,000',
      '1:98,941',
      '1:500,000,000',
      '1:2.0e+9',
      '1:2.5e+24',
      // Below the floor of 1e-30 (issue 27): no 1:Infinity.
      '< 1:1e30',
      '< 1:1e30',
      '< 1:1e30',
      '—',
    ]);
  });

  it.each([
    [3 * HOUR + 12 * MIN + 30_000, 'in 3 h 12 min'],
    [3 * HOUR, 'in 3 h'],
    [45 * MIN, 'in 45 min'],
    [30_000, 'now'],
    [-30_000, 'now'],
    [-45 * MIN, '45 min ago'],
    [-(5 * HOUR + 1 * MIN), '5 h 1 min ago'],
    [2 * DAY + 5 * HOUR + 59 * MIN, 'in 2 d 5 h'],
    [-2 * DAY, '2 d ago'],
    [-(2 * DAY + 30 * MIN), '2 d ago'],
    [12 * DAY + 5 * HOUR, 'in 12 d'],
    [-812 * DAY, '812 d ago'],
  ])('writes a TCA %d ms away as %s', (offset, text) => {
    expect(formatRelativeTca(at(offset), NOW)).toBe(text);
  });

  it('writes — for a TCA that does not parse', () => {
    expect(formatRelativeTca('soon', NOW)).toBe('—');
  });

  it('prints UTC timestamps whatever the time zone, with milliseconds on request', () => {
    expect(formatUtcDateTime('2021-12-20T01:25:35.287Z')).toBe('2021-12-20 01:25:35');
    expect(formatUtcDateTime('2021-12-20T01:25:35.287Z', { milliseconds: true })).toBe('2021-12-20 01:25:35.287');
    expect(formatUtcDateTime('2021-12-20T03:25:35.287+02:00')).toBe('2021-12-20 01:25:35');
    expect(formatUtcDateTime('not a date')).toBe('not a date');
  });

  it('writes metres with 1 decimal and separators, speed with 3 decimals', () => {
    expect([9422, -9419, 72.14, 0, null].map(formatMetresValue)).toEqual(['9,422.0', '-9,419.0', '72.1', '0.0', '—']);
    expect(formatMetresWithUnit(108.44)).toBe('108.4 m');
    expect(formatMetresWithUnit(undefined)).toBe('—');
    expect([11.0732, 0.011, 0.000312, 0, null].map(formatSpeedValue)).toEqual(['11.073', '0.011', '0.00031', '0.000', '—']);
  });

  it('writes fractions as percentages with 3 significant digits', () => {
    expect([0.35, 0.02, 0.152345, 2.5, 0.000123, null].map(formatFractionPercent)).toEqual(['35 %', '2 %', '15.2 %', '250 %', '0.0123 %', '—']);
  });

  it('writes object types, close reasons and status in words', () => {
    expect(['payload', 'rocket_body', 'debris', ''].map(formatObjectType)).toEqual(['Payload', 'Rocket body', 'Debris', '—']);
    expect(['tca_passed', 'not_found', 'merged', null].map(formatCloseReason)).toEqual(['TCA passed', 'No longer found by screening', 'merged', '—']);
    expect(formatEventStatus('open', null)).toBe('Open');
    expect(formatEventStatus('closed', 'tca_passed')).toBe('Closed (TCA passed)');
    expect(formatEventStatus('closed', null)).toBe('Closed');
  });
});
