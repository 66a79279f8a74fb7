import { describe, expect, it } from 'vitest';
import { calculateRoi, ROI_DEFAULTS, roundTo } from './roi.ts';

// Expected figures are worked by hand from the formulas of product spec §9.
describe('calculateRoi', () => {
  it('gives the spec defaults: $210,000 savings, $60,000 net, 40.0 % ROI, 8.6 months, $10M protected', () => {
    const r = calculateRoi(ROI_DEFAULTS);
    expect(r.replacementSavings).toBeCloseTo(50_000, 6); // 100 × 100,000 × 0.05 × 0.10
    expect(r.insuranceReduction).toBeCloseTo(50_000, 6); // 1,000,000 × 0.05
    expect(r.fuelSavings).toBe(10_000);
    expect(r.revenueProtected).toBeCloseTo(100_000, 6); // 1,000,000 × 0.10
    expect(r.totalSavings).toBeCloseTo(210_000, 6);
    expect(r.netGain).toBeCloseTo(60_000, 6);
    expect(r.roiPercent).toBe(40.0);
    expect(r.paybackMonths).toBe(8.6); // 150,000 / 210,000 × 12 = 8.571…
    expect(r.protectedAssets).toBe(10_000_000);
  });

  it('gives payback 0 when the service costs nothing', () => {
    const r = calculateRoi({ ...ROI_DEFAULTS, dataServiceCost: 0 });
    expect(r.paybackMonths).toBe(0);
    expect(r.netGain).toBeCloseTo(210_000, 6);
    expect(Number.isFinite(r.roiPercent)).toBe(true);
  });

  it('reports a negative ROI when the service costs more than it saves', () => {
    const r = calculateRoi({ ...ROI_DEFAULTS, dataServiceCost: 420_000 });
    expect(r.netGain).toBeCloseTo(-210_000, 6);
    expect(r.roiPercent).toBe(-50.0);
    expect(r.paybackMonths).toBe(24.0);
  });

  it('never pays back when there are no savings', () => {
    const r = calculateRoi({
      ...ROI_DEFAULTS,
      satellites: 0,
      annualInsurance: 0,
      annualFuelSavings: 0,
      annualRevenueAtRisk: 0,
    });
    expect(r.totalSavings).toBe(0);
    expect(r.paybackMonths).toBe(Number.POSITIVE_INFINITY);
    expect(r.roiPercent).toBe(-100.0);
  });
});

describe('roundTo', () => {
  it('rounds halves away from zero despite binary representation', () => {
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(8.5714285, 1)).toBe(8.6);
    expect(roundTo(-2.25, 1)).toBe(-2.3);
  });
});
