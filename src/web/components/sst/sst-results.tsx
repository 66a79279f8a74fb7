import { lazy, Suspense } from 'react';
import type { SstResult } from '@contracts/conjunctions.ts';
import { ConjunctionResultsCard } from '@/components/sst/conjunction-results-card';
import { RiskCountCards } from '@/components/sst/risk-count-cards';
import { StaleNotice } from '@/components/sst/stale-notice';
import { useNow } from '@/components/sst/use-now';
import { countByRisk } from '@/lib/risk-levels';

// Recharts is large; only this page's results need it.
const SstCharts = lazy(() => import('@/components/sst/sst-charts').then((module) => ({ default: module.SstCharts })));

/** Holds the charts' place while their code loads, so the list below does not jump. */
function ChartsPlaceholder() {
  return <div className="h-[41rem] rounded-lg border bg-card md:h-[20.5rem]" aria-hidden="true" />;
}

/**
 * The right column (spec §2): with a result, the four risk counts and, when
 * there is at least one conjunction, the four charts; always the detailed
 * results card. Relative times count from when the result arrived and tick on.
 */
export function SstResults({ result }: { result: SstResult | null }) {
  const now = useNow();
  return (
    <div className="space-y-6">
      {result && <RiskCountCards counts={countByRisk(result.conjunctions)} />}
      {result && result.conjunctions.length > 0 && (
        <Suspense fallback={<ChartsPlaceholder />}>
          <SstCharts conjunctions={result.conjunctions} now={now} />
        </Suspense>
      )}
      {result?.stale_objects && <StaleNotice stale={result.stale_objects} />}
      <ConjunctionResultsCard result={result} now={now} />
    </div>
  );
}
