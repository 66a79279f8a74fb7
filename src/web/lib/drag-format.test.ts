import { describe, expect, it } from 'vitest';
import {
  alertColour,
  changePercent,
  DEFAULT_DENSITY,
  densitySourceLabel,
  fallbackProfile,
  formatLifetime,
  formatNewtons,
  formatReading,
  impactLevel,
  isLiveData,
  modelReadings,
  modelSpread,
  spreadLevel,
  trend24h,
  trend7d,
} from '@/lib/drag-format';

describe('trend7d (spec §9 bands of the 7-day change)', () => {
  it.each([
    [0, 'stable'],
    [0.99, 'stable'],
    [-0.99, 'stable'],
    [1, 'slight increase'],
    [4.9, 'slight increase'],
    [5, 'increase'],
    [15, 'increase'],
    [15.01, 'strong increase'],
    [-1, 'slight decrease'],
    [-5, 'decrease'],
    [-15, 'decrease'],
    [-15.01, 'strong decrease'],
  ])('%s%% → %s', (change, trend) => {
    expect(trend7d(change)).toBe(trend);
  });
});

describe('trend24h', () => {
  it('is only up, down or stable', () => {
    expect(trend24h(0.5)).toBe('stable');
    expect(trend24h(30)).toBe('up');
    expect(trend24h(-2)).toBe('down');
  });
  it('changePercent is 0 against a zero current value', () => {
    expect(changePercent(0, 5)).toBe(0);
    expect(changePercent(2, 3)).toBeCloseTo(50);
  });
});

describe('model spread (spec §9)', () => {
  it('is (max − min) / (2 × mean)', () => {
    expect(modelSpread([1, 3])).toBeCloseTo(0.5);
    expect(modelSpread([2, 2, 2])).toBe(0);
    expect(modelSpread([])).toBe(0);
  });
  it('is red over 25 %, yellow over 15 %, else green', () => {
    expect(spreadLevel(0.2501)).toBe('red');
    expect(spreadLevel(0.25)).toBe('yellow');
    expect(spreadLevel(0.1501)).toBe('yellow');
    expect(spreadLevel(0.15)).toBe('green');
    expect(spreadLevel(0)).toBe('green');
  });
});

describe('impact levels and alert colours (spec §9)', () => {
  it.each([
    [5, 'Critical'],
    [3, 'Critical'],
    [2.99, 'High'],
    [2, 'High'],
    [1.5, 'Moderate'],
    [1.49, 'Minimal'],
    [5.5, 'Minimal'],
  ])('drag factor %s → %s', (factor, level) => {
    expect(impactLevel(factor)).toBe(level);
  });
  it('Major red, High orange, else yellow', () => {
    expect(alertColour('Major')).toBe('red');
    expect(alertColour('High')).toBe('orange');
    expect(alertColour('Moderate')).toBe('yellow');
    expect(alertColour('Advisory')).toBe('yellow');
  });
});

describe('model readings (spec §9 multipliers)', () => {
  it('scales the NRLMSISE-00 density and temperature', () => {
    const readings = modelReadings(1e-12, 1000);
    expect(readings.map((r) => r.model)).toEqual(['NRLMSISE-00', 'JB2008', 'DTM-2020', 'TIE-GCM', 'MSIS-86']);
    expect(readings.map((r) => r.density / 1e-12)).toEqual([1, 1.15, 1.08, 1.25, 0.92].map((m) => expect.closeTo(m, 10)));
    expect(readings.map((r) => r.temperature)).toEqual([1000, 1120, 1060, 1220, 950].map((t) => expect.closeTo(t, 6)));
  });
  it('takes 2.8e-12 when the density is missing', () => {
    expect(modelReadings(undefined, undefined)[0]).toEqual({ model: 'NRLMSISE-00', density: DEFAULT_DENSITY, temperature: null });
    expect(DEFAULT_DENSITY).toBe(2.8e-12);
  });
});

describe('density-profile labels (spec §8/§9)', () => {
  it('LIVE DATA when the source text contains NRLMSISE-00', () => {
    expect(isLiveData('NRLMSISE-00 with CelesTrak')).toBe(true);
    expect(isLiveData('nrlmsise')).toBe(false);
    expect(isLiveData(undefined)).toBe(false);
  });
  it("names the agency feed, else 'Simulated'; 'Fallback' for the built-in data", () => {
    expect(densitySourceLabel('NRLMSISE-00 with CelesTrak SW-All', false)).toBe('NRLMSISE-00 with CelesTrak SW-All');
    expect(densitySourceLabel('NOAA SWPC', false)).toBe('NOAA SWPC');
    expect(densitySourceLabel('typical level', false)).toBe('Simulated');
    expect(densitySourceLabel('NOAA SWPC', true)).toBe('Fallback');
  });
  it('the fallback profile has 13 altitudes from 100 to 600 km', () => {
    const rows = fallbackProfile();
    expect(rows).toHaveLength(13);
    expect(rows[0]!.altitude).toBe(100);
    expect(rows.at(-1)!.altitude).toBe(600);
    expect(rows.find((r) => r.altitude === 400)!.nrlmsise).toBe(2.8e-12);
  });
});

describe('formats', () => {
  it('drag force in N and lifetime in days and years', () => {
    expect(formatNewtons(1.234e-5)).toBe('1.23e-5 N');
    expect(formatLifetime(730.5, 2)).toBe('731 days (2.0 years)');
    expect(formatLifetime(3652.5, undefined)).toBe('3,653 days (10.0 years)');
    expect(formatLifetime(undefined, undefined)).toBeNull();
  });
  it('forecast values: scientific below 0.01, else one decimal at most', () => {
    expect(formatReading(946.7231626408918)).toBe('946.7');
    expect(formatReading(150)).toBe('150');
    expect(formatReading(0)).toBe('0');
    expect(formatReading(3.589545542068819e-12)).toBe('3.59e-12');
  });
});
