import type { RoiInputs, RoiResult } from '@core/finance/index.ts';
import { formatUsd } from '@/lib/format';

/*
 * The Key Insights sentences. The spec names the card but not its text, so
 * every sentence here only restates numbers the calculator computed; nothing
 * is estimated or assumed beyond them.
 */

const SAVINGS_PARTS = [
  { key: 'replacementSavings', name: 'Replacement savings' },
  { key: 'insuranceReduction', name: 'Insurance reduction' },
  { key: 'fuelSavings', name: 'Fuel savings' },
  { key: 'revenueProtected', name: 'Revenue protected' },
] as const;

export function roiInsights(inputs: RoiInputs, result: RoiResult): string[] {
  const insights: string[] = [];
  const cost = inputs.dataServiceCost;

  if (result.netGain > 0) {
    insights.push(`Annual savings exceed the data service cost by ${formatUsd(result.netGain)}.`);
  } else if (result.netGain < 0) {
    insights.push(`Annual savings fall short of the data service cost by ${formatUsd(-result.netGain)}.`);
  } else {
    insights.push('Annual savings exactly cover the data service cost.');
  }

  if (cost > 0 && Number.isFinite(result.paybackMonths)) {
    insights.push(`The data service pays for itself in ${result.paybackMonths.toFixed(1)} months.`);
    insights.push(`Each $1 spent on the data service returns $${(result.totalSavings / cost).toFixed(2)} in annual savings.`);
  } else if (cost > 0) {
    insights.push('With these parameters the data service never pays for itself.');
  }

  if (result.totalSavings > 0) {
    const largest = SAVINGS_PARTS.reduce((best, part) => (result[part.key] > result[best.key] ? part : best));
    const share = (result[largest.key] / result.totalSavings) * 100;
    insights.push(`${largest.name} is the largest saving: ${formatUsd(result[largest.key])} (${share.toFixed(1)}% of total savings).`);
  }

  return insights;
}
