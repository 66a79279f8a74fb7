import { describe, expect, it } from 'vitest';
import { dragAlertLevel, impactOf, percentChange, shortTrendOf, trendOf } from './drag-bands.ts';

// Product spec §9: "under 1% stable; above 15% strong increase; 5-15% increase; 0-5% slight increase; same bands for
// decreases. 24-hour forecast shows only up, down or stable." and "Impact levels: Critical 3-5x drag, High 2-3x,
// Moderate 1.5-2x, otherwise Minimal. Alert level colours: Major red, High orange, else yellow."
describe('the spec §9 bands', () => {
  it('label a 7-day change: under 1 % stable, 1–5 % slight, 5–15 %, over 15 % strong, both ways', () => {
    expect([0, 0.99, -0.99, 1, 4.9, 5, 15, 15.1, -3, -10, -40].map(trendOf)).toEqual([
      'stable',
      'stable',
      'stable',
      'slight increase',
      'slight increase',
      'increase',
      'increase',
      'strong increase',
      'slight decrease',
      'decrease',
      'strong decrease',
    ]);
  });

  it('label a 24-hour change only up, down or stable', () => {
    expect([0, 0.5, -0.99, 1, -1, 30].map(shortTrendOf)).toEqual(['stable', 'stable', 'stable', 'up', 'down', 'up']);
  });

  it('label a drag multiple: Critical 3–5×, High 2–3×, Moderate 1.5–2×, otherwise Minimal, with the alert colours', () => {
    expect([0.5, 1.49, 1.5, 1.99, 2, 2.99, 3, 5, 8].map(impactOf)).toEqual(['Minimal', 'Minimal', 'Moderate', 'Moderate', 'High', 'High', 'Critical', 'Critical', 'Critical']);
    expect([1.2, 1.5, 2, 3.5].map(dragAlertLevel)).toEqual([undefined, 'Moderate', 'High', 'Major']);
  });

  it('take changes in percent of the first value, 0 when it is not positive', () => {
    expect(percentChange(200, 250)).toBe(25);
    expect(percentChange(4, 3)).toBe(-25);
    expect(percentChange(0, 3)).toBe(0);
  });
});
