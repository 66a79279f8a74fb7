import { useId, type ReactNode } from 'react';
import type { CatalogScreeningSummary } from '@contracts/catalog-screenings.ts';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { regimeCounts } from '@/lib/catalog-screening';
import { formatGrouped } from '@/lib/format';
import { RISK_LABELS, RISK_LEVELS, riskStyle } from '@/lib/risk-levels';
import { cn } from '@/lib/utils';

function CountTile({ label, count, className }: { label: string; count: number; className?: string }) {
  return (
    <div className="min-w-0 rounded-md border bg-background/40 px-3 py-2">
      <dt className="truncate text-xs text-muted-foreground" title={label}>
        {label}
      </dt>
      <dd className={cn('truncate text-xl font-bold tabular-nums', className)}>{formatGrouped(count)}</dd>
    </div>
  );
}

function CountCard({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader className="pb-3">
        <CardTitle id={titleId} className="text-base">
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-2">{children}</dl>
      </CardContent>
    </Card>
  );
}

/** A completed run's totals: objects, pairs, conjunctions, proximities (kept apart) and objects SGP4 could not propagate. */
export function RunTotalsCard({ summary }: { summary: CatalogScreeningSummary }) {
  return (
    <CountCard title="Run totals">
      <CountTile label="Objects" count={summary.objects} />
      <CountTile label="Conjunctions" count={summary.conjunctions} />
      <CountTile label="Proximities" count={summary.proximities} />
      <CountTile label="Skipped objects" count={summary.skippedObjects} />
      {summary.staleObjects !== undefined && <CountTile label="Stale element sets" count={summary.staleObjects} />}
    </CountCard>
  );
}

/** A completed run's conjunctions per risk level, coloured as everywhere (spec §9). */
export function RiskCountsCard({ byRisk }: { byRisk: Record<string, number> }) {
  return (
    <CountCard title="Conjunctions by risk">
      {RISK_LEVELS.map((level) => (
        <CountTile key={level} label={RISK_LABELS[level]} count={byRisk[level] ?? 0} className={riskStyle(level).text} />
      ))}
    </CountCard>
  );
}

/** A completed run's conjunctions per regime of the encounter (altitude at TCA): LEO, MEO, GEO, HEO. */
export function RegimeCountsCard({ byRegime }: { byRegime: Record<string, number> }) {
  return (
    <CountCard title="Conjunctions by regime">
      {regimeCounts(byRegime).map(([regime, count]) => (
        <CountTile key={regime} label={regime} count={count} />
      ))}
    </CountCard>
  );
}
