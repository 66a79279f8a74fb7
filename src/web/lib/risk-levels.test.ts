import { describe, expect, it } from 'vitest';
import { countByRisk, riskStyle } from '@/lib/risk-levels';

describe('risk levels (spec §9)', () => {
  it('count conjunctions by risk_level', () => {
    const levels = ['critical', 'high', 'high', 'low', 'medium', 'low', 'low'].map((risk_level) => ({ risk_level }));
    expect(countByRisk(levels)).toEqual({ critical: 1, high: 2, medium: 1, low: 3 });
    expect(countByRisk([])).toEqual({ critical: 0, high: 0, medium: 0, low: 0 });
  });

  it('ignore a level outside the four', () => {
    expect(countByRisk([{ risk_level: 'extreme' }])).toEqual({ critical: 0, high: 0, medium: 0, low: 0 });
  });

  it('colour critical red, high orange, medium yellow, low green, anything else neutral', () => {
    expect(riskStyle('critical').badge).toContain('bg-red-600');
    expect(riskStyle('high').badge).toContain('bg-orange-500');
    expect(riskStyle('medium').badge).toContain('bg-yellow-500');
    expect(riskStyle('low').badge).toContain('bg-green-600');
    expect(riskStyle('extreme').badge).toContain('bg-secondary');
    expect([riskStyle('critical').chart, riskStyle('high').chart, riskStyle('medium').chart, riskStyle('low').chart]).toEqual([
      '#dc2626',
      '#f97316',
      '#eab308',
      '#16a34a',
    ]);
  });
});
