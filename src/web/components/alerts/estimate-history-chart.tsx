import { format } from 'date-fns';
import { useId } from 'react';
import { CartesianGrid, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis, type TooltipContentProps } from 'recharts';
import type { ConjunctionEstimate } from '@contracts/conjunction-events.ts';
import { AXIS_LABEL, AXIS_LINE, AXIS_TICK, GRID_STROKE, TOOLTIP_CLASS } from '@/components/sst/chart-card';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatMetresWithUnit, formatPc, formatUtcDateTime, pcMethodBadge } from '@/lib/conjunction-format';
import { metresAxis, probabilityAxis } from '@/lib/dashboard-format';
import { formatDecadeTick, historyPoints, timeDomain, type HistoryPoint } from '@/lib/estimate-history';
import { UtcDate } from '@/lib/utc-date';

export const HISTORY_CHART_LABEL = 'Pc (log scale) and miss distance (m) by estimate time (UTC)';

const PC_COLOUR = '#60a5fa';
const MISS_COLOUR = '#f59e0b';
const CHART_HEIGHT = 260;

function formatTimeTick(ms: number): string {
  return format(new UtcDate(ms), 'MMM d HH:mm');
}

function HistoryTooltip({ active, payload }: TooltipContentProps) {
  const point = payload?.[0]?.payload as HistoryPoint | undefined;
  if (!active || !point) return null;
  return (
    <div className={TOOLTIP_CLASS}>
      <p className="font-medium">{`${formatUtcDateTime(new Date(point.at).toISOString())} UTC`}</p>
      <p>{`Pc: ${formatPc(point.pc)}${point.pcMethod ? ` (${pcMethodBadge(point.pcMethod)})` : ''}`}</p>
      <p>{`Miss distance: ${formatMetresWithUnit(point.miss)}`}</p>
      <p>{`Source: ${point.source}`}</p>
    </div>
  );
}

function LegendEntry({ colour, label, dashed = false }: { colour: string; label: string; dashed?: boolean }) {
  return (
    <li className="flex items-center gap-1.5">
      <span className="inline-block w-4 border-t-2" style={{ borderColor: colour, borderStyle: dashed ? 'dashed' : 'solid' }} aria-hidden="true" />
      {label}
    </li>
  );
}

/**
 * The event's estimates over time (issue 11): Pc on a log axis (left) and miss
 * distance (right) at each estimate's time, the source of each in the tooltip.
 */
export function EstimateHistoryCard({ history }: { history: readonly ConjunctionEstimate[] }) {
  const titleId = useId();
  const points = historyPoints(history);
  // The dashboard's Pc axis (the spec's 1e-4 to 1e-2 at least, so charts of events read alike), with a decade to spare so no point sits on the frame.
  const pcAxis = probabilityAxis(
    points.map((point) => point.pc),
    { padDecades: 1 },
  );
  const missDomain = metresAxis(
    points.map((point) => point.miss),
    10,
  );
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader className="pb-2">
        <CardTitle id={titleId}>Estimate History</CardTitle>
        <CardDescription>{`${points.length} ${points.length === 1 ? 'estimate' : 'estimates'}`}</CardDescription>
      </CardHeader>
      <CardContent>
        <figure aria-label={HISTORY_CHART_LABEL} className="min-w-0">
          <figcaption className="mb-1 flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
            <span>{HISTORY_CHART_LABEL}</span>
            <ul aria-label="Legend" className="flex gap-3">
              <LegendEntry colour={PC_COLOUR} label="Pc" />
              <LegendEntry colour={MISS_COLOUR} label="Miss distance" dashed />
            </ul>
          </figcaption>
          {points.length === 0 ? (
            <p className="py-6 text-center text-sm text-muted-foreground">No estimates yet</p>
          ) : (
            <div style={{ height: CHART_HEIGHT }}>
              <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 520, height: CHART_HEIGHT }}>
                <ComposedChart data={points} margin={{ top: 12, right: 8, bottom: 4, left: 8 }}>
                  <CartesianGrid stroke={GRID_STROKE} strokeDasharray="3 3" />
                  <XAxis
                    type="number"
                    dataKey="at"
                    scale="time"
                    domain={timeDomain(points)}
                    tickFormatter={formatTimeTick}
                    tick={AXIS_TICK}
                    stroke={AXIS_LINE}
                    minTickGap={24}
                  />
                  <YAxis
                    yAxisId="pc"
                    type="number"
                    scale="log"
                    domain={pcAxis.domain}
                    ticks={pcAxis.ticks}
                    tickFormatter={formatDecadeTick}
                    tick={AXIS_TICK}
                    stroke={AXIS_LINE}
                    width={56}
                    allowDataOverflow
                    label={{ value: 'Pc', angle: -90, position: 'insideLeft', ...AXIS_LABEL }}
                  />
                  <YAxis
                    yAxisId="miss"
                    orientation="right"
                    type="number"
                    domain={missDomain}
                    tick={AXIS_TICK}
                    stroke={AXIS_LINE}
                    width={56}
                    label={{ value: 'm', angle: 90, position: 'insideRight', ...AXIS_LABEL }}
                  />
                  <Tooltip content={HistoryTooltip} />
                  <Line yAxisId="pc" dataKey="pc" name="Pc" stroke={PC_COLOUR} dot={{ r: 3 }} isAnimationActive={false} connectNulls />
                  <Line yAxisId="miss" dataKey="miss" name="Miss distance" stroke={MISS_COLOUR} strokeDasharray="5 4" dot={{ r: 3 }} isAnimationActive={false} />
                </ComposedChart>
              </ResponsiveContainer>
            </div>
          )}
        </figure>
      </CardContent>
    </Card>
  );
}
