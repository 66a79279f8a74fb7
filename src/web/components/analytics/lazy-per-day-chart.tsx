import { lazy, Suspense, type ComponentProps } from 'react';
import { CHART_HEIGHT } from '@/components/sst/chart-card';

/* The chart loads lazily so Recharts stays out of every other page's bundle (as on /sst and /orbital-drag). */

const Chart = lazy(() => import('@/components/analytics/per-day-chart').then((module) => ({ default: module.PerDayChart })));

export function LazyPerDayChart(props: ComponentProps<typeof Chart>) {
  return (
    <Suspense fallback={<div className="rounded-lg border bg-card" style={{ height: CHART_HEIGHT + 72 }} aria-hidden="true" />}>
      <Chart {...props} />
    </Suspense>
  );
}
