import { describe, expect, it } from 'vitest';
import { calculateRoi, ROI_DEFAULTS } from '@core/finance/index.ts';
import { roiInsights } from '@/lib/roi-insights';

describe('roiInsights', () => {
  it('restates the default results', () => {
    expect(roiInsights(ROI_DEFAULTS, calculateRoi(ROI_DEFAULTS))).toEqual([
      'Annual savings exceed the data service cost by $60,000.',
      'The data service pays for itself in 8.6 months.',
      'Each $1 spent on the data service returns $1.40 in annual savings.',
      'Revenue protected is the largest saving: $100,000 (47.6% of total savings).',
    ]);
  });

  it('reports a shortfall and no payback when nothing is saved', () => {
    const inputs = { ...ROI_DEFAULTS, annualLossRate: 0, insuranceDiscount: 0, annualFuelSavings: 0, preventedDowntime: 0 };
    expect(roiInsights(inputs, calculateRoi(inputs))).toEqual([
      'Annual savings fall short of the data service cost by $150,000.',
      'With these parameters the data service never pays for itself.',
    ]);
  });

  it('says nothing about payback when the service is free', () => {
    const inputs = { ...ROI_DEFAULTS, dataServiceCost: 0 };
    const insights = roiInsights(inputs, calculateRoi(inputs));
    expect(insights[0]).toBe('Annual savings exceed the data service cost by $210,000.');
    expect(insights.some((s) => s.includes('pays for itself'))).toBe(false);
  });
});
