import type { SstConjunction } from '@contracts/conjunctions.ts';
import { MissDistanceChart } from '@/components/sst/miss-distance-chart';
import { ProbabilityVelocityChart } from '@/components/sst/probability-velocity-chart';
import { RiskDistributionChart } from '@/components/sst/risk-distribution-chart';
import { TimeToConjunctionChart } from '@/components/sst/time-to-conjunction-chart';
import { missDistanceBars, probabilityVelocityPoints, riskDistribution, timeToConjunction } from '@/lib/sst-chart-data';

/**
 * Spec §2: the four charts shown when a result has at least one conjunction.
 * The page loads this module lazily so Recharts stays out of every other page's bundle.
 */
export function SstCharts({ conjunctions, now }: { conjunctions: readonly SstConjunction[]; now: number }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <RiskDistributionChart slices={riskDistribution(conjunctions)} />
      <MissDistanceChart series={missDistanceBars(conjunctions)} />
      <ProbabilityVelocityChart series={probabilityVelocityPoints(conjunctions)} />
      <TimeToConjunctionChart series={timeToConjunction(conjunctions, now)} />
    </div>
  );
}
