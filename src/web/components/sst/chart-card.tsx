import { useId, type ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/*
 * Shared frame and dark-theme styling of the SST charts. SVG presentation
 * attributes do not read CSS variables everywhere, so axis colours are the
 * palette's values written out (slate-400 text, slate-700 grid).
 */

export const CHART_HEIGHT = 240;
export const AXIS_TICK = { fill: '#94a3b8', fontSize: 11 };
export const AXIS_LINE = '#475569';
export const GRID_STROKE = '#334155';
export const AXIS_LABEL = { fill: '#94a3b8', fontSize: 11 };
/** Recharts' default tooltip throttle is one animation frame, the spec's ~16.7 ms (§9). */
export const TOOLTIP_CLASS = 'rounded-md border bg-card px-3 py-2 text-xs text-card-foreground shadow-md';

/** A chart in a card named by its title; `note` says when the chart shows a subset of the result. */
export function ChartCard({ title, note, children }: { title: string; note?: string | undefined; children: ReactNode }) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader className="pb-2">
        <CardTitle id={titleId} className="text-base">
          {title}
        </CardTitle>
        {note && <CardDescription className="text-xs">{note}</CardDescription>}
      </CardHeader>
      <CardContent>
        <div style={{ height: CHART_HEIGHT }}>{children}</div>
      </CardContent>
    </Card>
  );
}
