import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  eventTypeColour,
  formatDayFromNow,
  formatHoursTick,
  formatMetres,
  formatOneInN,
  formatProbabilityTick,
  formatRcsText,
  formatRiskPercent,
  formatShortUtc,
  formatUtcClock,
  hoursAxis,
  metresAxis,
  niceCeil,
  probabilityAxis,
  titleCase,
} from '@/lib/dashboard-format';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('formatOneInN', () => {
  it("prints N as received after '1:'", () => {
    expect(formatOneInN(3571)).toBe('1:3571');
    expect(formatOneInN(1234567)).toBe('1:1234567');
  });

  it('prints a large N in scientific notation', () => {
    expect(formatOneInN(2.6e20)).toBe('1:2.6e20');
  });

  it("prints '< 1:1e30' at the server's floor (N = 1e30, a Pc below 1e-30) and for no number", () => {
    expect(formatOneInN(1e30)).toBe('< 1:1e30');
    expect(formatOneInN(null)).toBe('< 1:1e30');
    expect(formatOneInN(undefined)).toBe('< 1:1e30');
    expect(formatOneInN(Number.POSITIVE_INFINITY)).toBe('< 1:1e30');
  });
});

describe('formatUtcClock', () => {
  it('prints HH:MM:SS in UTC whatever the time zone', () => {
    for (const tz of ['UTC', 'Asia/Jerusalem', 'America/Los_Angeles', 'Asia/Kolkata']) {
      vi.stubEnv('TZ', tz);
      expect(formatUtcClock('2026-11-21T23:59:58.999Z')).toBe('23:59:58');
      expect(formatUtcClock('2026-11-22T01:02:03+02:00')).toBe('23:02:03');
    }
  });

  it('falls back to the first 16 characters with T replaced by a space (spec §8)', () => {
    expect(formatUtcClock('2026-11-21T23:59:58 nonsense')).toBe('2026-11-21 23:59');
    expect(formatUtcClock('soon')).toBe('soon');
  });
});

describe('titleCase', () => {
  it("turns 'cdm_generated' into 'Cdm Generated'", () => {
    expect(titleCase('cdm_generated')).toBe('Cdm Generated');
    expect(titleCase('maneuver_detected')).toBe('Maneuver Detected');
    expect(titleCase('defunct_satellite')).toBe('Defunct Satellite');
    expect(titleCase('fragment')).toBe('Fragment');
  });
});

describe('number formats', () => {
  it('metres with 1 decimal', () => {
    expect(formatMetres(42.06)).toBe('42.1 m');
    expect(formatMetres(812)).toBe('812.0 m');
  });

  it('risk as a whole percent', () => {
    expect(formatRiskPercent(67.4)).toBe('67%');
    expect(formatRiskPercent(89)).toBe('89%');
  });

  it('days to TCA', () => {
    expect(formatDayFromNow(0)).toBe('today');
    expect(formatDayFromNow(1)).toBe('in 1 day');
    expect(formatDayFromNow(6)).toBe('in 6 days');
  });

  it("RCS: a number in m², a size class as received, '—' when unknown", () => {
    expect(formatRcsText('3.2')).toBe('3.2 m²');
    expect(formatRcsText('1e-2')).toBe('1e-2 m²');
    expect(formatRcsText('SMALL')).toBe('SMALL');
    expect(formatRcsText(null)).toBe('—');
    expect(formatRcsText(' ')).toBe('—');
  });

  it("'MMM d, HH:mm' in UTC whatever the time zone", () => {
    vi.stubEnv('TZ', 'Pacific/Auckland');
    expect(formatShortUtc('2026-03-01T06:30:00Z')).toBe('Mar 1, 06:30');
    expect(formatShortUtc('not a date')).toBe('not a date');
  });
});

describe('eventTypeColour', () => {
  it('gives the five event types their colours and any other type the neutral one', () => {
    expect(eventTypeColour('cdm_generated').text).toBe('text-red-400');
    expect(eventTypeColour('maneuver_detected').text).toBe('text-yellow-400');
    expect(eventTypeColour('radar_update').text).toBe('text-blue-400');
    expect(eventTypeColour('launch_detected').text).toBe('text-green-400');
    expect(eventTypeColour('alert_updated').text).toBe('text-orange-400');
    expect(eventTypeColour('other').text).toBe('text-muted-foreground');
    expect(eventTypeColour('toString').text).toBe('text-muted-foreground');
  });
});

describe('analysis chart axes', () => {
  it("labels hours relative to TCA: '-24h', 'TCA', '+6h'", () => {
    expect([-24, -12, -6, 0, 6].map(formatHoursTick)).toEqual(['-24h', '-12h', '-6h', 'TCA', '+6h']);
  });

  it('keeps the spec time axis when the data fit it', () => {
    expect(hoursAxis([-20, -3.5, 0])).toEqual({ domain: [-24, 6], ticks: [-24, -12, -6, 0, 6] });
    expect(hoursAxis([])).toEqual({ domain: [-24, 6], ticks: [-24, -12, -6, 0, 6] });
  });

  it('widens the time axis with whole-day ticks for an older history', () => {
    expect(hoursAxis([-70, 0])).toEqual({ domain: [-72, 6], ticks: [-72, -48, -24, -12, -6, 0, 6] });
    const week = hoursAxis([-167.2]);
    expect(week.domain[0]).toBe(-168);
    expect(week.ticks.length).toBeLessThanOrEqual(11);
    expect(week.ticks.slice(-5)).toEqual([-24, -12, -6, 0, 6]);
  });

  it('keeps the spec probability axis 1:100 to 1:10,000 for values inside it', () => {
    const axis = probabilityAxis([5e-3, 2e-4]);
    expect(axis.domain).toEqual([1e-4, 1e-2]);
    expect(axis.ticks.map(formatProbabilityTick)).toEqual(['1:10,000', '1:1,000', '1:100']);
  });

  it('widens the probability axis by decades, ignoring zero', () => {
    const axis = probabilityAxis([3e-7, 0, 0.05]);
    expect(axis.domain).toEqual([1e-7, 0.1]);
    expect(axis.ticks.map(formatProbabilityTick)).toEqual(['1:10,000,000', '1:1,000,000', '1:100,000', '1:10,000', '1:1,000', '1:100', '1:10']);
  });

  it('caps the number of probability ticks for a very wide range', () => {
    expect(probabilityAxis([1e-30]).ticks.length).toBeLessThanOrEqual(9);
  });

  it('pads the probability axis by whole decades beyond the values on request, never above 1', () => {
    expect(probabilityAxis([2e-5, 3e-3], { padDecades: 1 })).toEqual({ domain: [1e-6, 1e-1], ticks: [1e-6, 1e-5, 1e-4, 1e-3, 1e-2, 1e-1] });
    // A value on a decade does not sit on the frame.
    expect(probabilityAxis([1e-5], { padDecades: 1 })).toEqual({ domain: [1e-6, 1e-2], ticks: [1e-6, 1e-5, 1e-4, 1e-3, 1e-2] });
    expect(probabilityAxis([0.5, null], { padDecades: 1 })).toEqual({ domain: [1e-4, 1], ticks: [1e-4, 1e-3, 1e-2, 1e-1, 1] });
    expect(probabilityAxis([null], { padDecades: 1 })).toEqual({ domain: [1e-4, 1e-2], ticks: [1e-4, 1e-3, 1e-2] });
    const wide = probabilityAxis([3.8e-168, 1e-5], { padDecades: 1 });
    expect(wide.domain).toEqual([1e-169, 1e-2]);
    expect(wide.ticks.length).toBeLessThanOrEqual(9);
    expect(wide.ticks.at(-1)).toBe(1e-2);
  });

  it('metres axes start at 0 and widen to a round value', () => {
    expect(metresAxis([12, 87], 100)).toEqual([0, 100]);
    expect(metresAxis([140], 100)).toEqual([0, 200]);
    expect(metresAxis([4321], 100)).toEqual([0, 5000]);
    expect(metresAxis([], 100)).toEqual([0, 100]);
    expect(niceCeil(100)).toBe(100);
    expect(niceCeil(101)).toBe(200);
    expect(niceCeil(0)).toBe(0);
  });
});
