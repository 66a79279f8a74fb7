import { lazy, Suspense, type ComponentProps } from 'react';
import { Badge } from '@/components/ui/badge';
import { isLiveData, type DensityRow } from '@/lib/drag-format';

/*
 * The Orbital Drag charts load lazily so Recharts stays out of every other page's bundle
 * (as on /sst). Until a chart arrives its place is held at the chart height.
 */

const Charts = {
  Density: lazy(() => import('@/components/orbital-drag/density-chart').then((module) => ({ default: module.DensityChart }))),
  Temperature: lazy(() => import('@/components/orbital-drag/density-chart').then((module) => ({ default: module.TemperatureChart }))),
  Composition: lazy(() => import('@/components/orbital-drag/density-chart').then((module) => ({ default: module.CompositionChart }))),
  Decay: lazy(() => import('@/components/orbital-drag/decay-chart').then((module) => ({ default: module.DecayChart }))),
};

function ChartPlaceholder() {
  return <div className="h-[320px] rounded-lg border bg-card" aria-hidden="true" />;
}

/** Spec §2/§9: the density chart with LIVE DATA when the data source names NRLMSISE-00, and its source label (§8). */
export function DensityPanel({ rows, source, sourceLabel }: { rows: readonly DensityRow[]; source: string; sourceLabel: string }) {
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
        {isLiveData(source) && <Badge variant="green">LIVE DATA</Badge>}
        <span>{`Data source: ${sourceLabel}`}</span>
      </div>
      <Suspense fallback={<ChartPlaceholder />}>
        <Charts.Density rows={rows} />
      </Suspense>
    </div>
  );
}

export function TemperatureChart(props: ComponentProps<typeof Charts.Temperature>) {
  return (
    <Suspense fallback={<ChartPlaceholder />}>
      <Charts.Temperature {...props} />
    </Suspense>
  );
}

export function DecayChart(props: ComponentProps<typeof Charts.Decay>) {
  return (
    <Suspense fallback={<ChartPlaceholder />}>
      <Charts.Decay {...props} />
    </Suspense>
  );
}

export function CompositionChart(props: ComponentProps<typeof Charts.Composition>) {
  return (
    <Suspense fallback={<ChartPlaceholder />}>
      <Charts.Composition {...props} />
    </Suspense>
  );
}
