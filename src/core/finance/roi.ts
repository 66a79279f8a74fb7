/**
 * Savings calculator for space-weather data services (product spec §9,
 * "Calculator formulas"). Pure arithmetic; rounding for display is the
 * caller's business except where the spec fixes it (ROI and payback to 1 decimal).
 *
 * Rates are fractions (0.05 = 5 %), money is US dollars.
 */
export interface RoiInputs {
  /** Number of satellites in the fleet. */
  satellites: number;
  /** Replacement cost of one satellite, USD. */
  costPerSatellite: number;
  /** Fraction of the fleet lost per year to space-weather events. */
  annualLossRate: number;
  /** Fraction of those losses the data service prevents. */
  preventionRate: number;
  /** Annual insurance premium, USD. */
  annualInsurance: number;
  /** Premium discount earned by using the service (fraction). */
  insuranceDiscount: number;
  /** Annual fuel savings, USD (entered directly). */
  annualFuelSavings: number;
  /** Annual revenue exposed to outages, USD. */
  annualRevenueAtRisk: number;
  /** Fraction of outage downtime the service prevents. */
  preventedDowntime: number;
  /** Annual cost of the data service, USD. */
  dataServiceCost: number;
}

export interface RoiResult {
  replacementSavings: number;
  insuranceReduction: number;
  fuelSavings: number;
  revenueProtected: number;
  totalSavings: number;
  netGain: number;
  /** ROI in percent, rounded to 1 decimal; 0 when the service costs nothing (no investment to return on). */
  roiPercent: number;
  /** Months for the savings to pay for the service, 1 decimal; 0 when the service cost is not above 0 (spec §9). */
  paybackMonths: number;
  protectedAssets: number;
}

/** Spec §9 "Calculator defaults", rates as fractions. */
export const ROI_DEFAULTS: Readonly<RoiInputs> = Object.freeze({
  satellites: 100,
  costPerSatellite: 100_000,
  annualLossRate: 0.05,
  preventionRate: 0.1,
  annualInsurance: 1_000_000,
  insuranceDiscount: 0.05,
  annualFuelSavings: 10_000,
  annualRevenueAtRisk: 1_000_000,
  preventedDowntime: 0.1,
  dataServiceCost: 150_000,
});

/** Round half away from zero to `decimals` places, robust to binary artefacts such as 8.5714…. */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.sign(value) * Math.round(Math.abs(value) * factor + Number.EPSILON * factor) / factor;
}

export function calculateRoi(input: RoiInputs): RoiResult {
  const replacementSavings = input.satellites * input.costPerSatellite * input.annualLossRate * input.preventionRate;
  const insuranceReduction = input.annualInsurance * input.insuranceDiscount;
  const fuelSavings = input.annualFuelSavings;
  const revenueProtected = input.annualRevenueAtRisk * input.preventedDowntime;
  const totalSavings = replacementSavings + insuranceReduction + fuelSavings + revenueProtected;
  const netGain = totalSavings - input.dataServiceCost;
  const hasCost = input.dataServiceCost > 0;
  // ROI = net gain / service cost × 100. With no cost there is nothing to
  // return on; report 0 rather than ±Infinity/NaN so the UI stays finite.
  const roiPercent = hasCost ? roundTo((netGain / input.dataServiceCost) * 100, 1) : 0;
  // Payback = cost / total savings × 12; "0 if service cost is not above 0".
  // Savings of zero or less never pay back: Infinity, which the UI shows as "Never".
  const paybackMonths = !hasCost ? 0 : totalSavings > 0 ? roundTo((input.dataServiceCost / totalSavings) * 12, 1) : Number.POSITIVE_INFINITY;
  return {
    replacementSavings,
    insuranceReduction,
    fuelSavings,
    revenueProtected,
    totalSavings,
    netGain,
    roiPercent,
    paybackMonths,
    protectedAssets: input.satellites * input.costPerSatellite,
  };
}
