import { BarChart3, LoaderCircle } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { CartesianGrid, ComposedChart, Line, ReferenceLine, ResponsiveContainer, Scatter, Tooltip, XAxis, YAxis } from 'recharts';
import type { ConjunctionAnalysis } from '@contracts/operations.ts';
import { ObjectLink } from '@/components/objects/object-link';
import { AXIS_LABEL, AXIS_LINE, AXIS_TICK, GRID_STROKE } from '@/components/sst/chart-card';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  formatHoursTick,
  formatMetres,
  formatOneInN,
  formatProbabilityTick,
  formatRcsText,
  formatShortUtc,
  hoursAxis,
  metresAxis,
  probabilityAxis,
} from '@/lib/dashboard-format';
import { errorMessage } from '@/lib/error-message';
import { formatKm, formatMass, NO_VALUE } from '@/lib/satellite-format';
import { useConjunctionAnalysis, useSelectedConjunction } from '@/queries/conjunctions';

/** Spec §4: the analysis chart modes, default probability. */
export type ChartMode = 'probability' | 'distance' | 'covariance';

export const CHART_MODES: readonly { mode: ChartMode; label: string }[] = [
  { mode: 'probability', label: 'Probability' },
  { mode: 'distance', label: 'Miss Distance' },
  { mode: 'covariance', label: 'Covariance' },
];

/** What each mode plots, for the chart's accessible name and the empty text. */
export const CHART_DESCRIPTIONS: Record<ChartMode, string> = {
  probability: 'Collision probability (1:N, log scale) by hours to TCA',
  distance: 'Miss distance (m) by hours to TCA',
  covariance: 'Combined position uncertainty, 1σ (m), by hours to TCA',
};

/** Shown for a 404 (no stored conjunction has the id) or a null answer (for the default id, none is stored yet). */
export const NO_CONJUNCTION_TEXT = 'No stored conjunction to analyse yet';

const HISTORY_COLOUR = '#60a5fa';
const PROJECTION_COLOUR = '#f59e0b';
const CHART_HEIGHT = 240;

/**
 * Spec §2 Conjunction Analysis: the stored conjunction 'CNJ-2024-001' (or
 * the one picked in Critical Conjunctions; the server resolves the default id
 * to the open conjunction of highest risk when none has it, DECISIONS.md §1),
 * its estimate history and projection on a chart with three modes, and the
 * Primary / Secondary object panels. A spinner only while loading (spec §2).
 */
export function ConjunctionAnalysisCard() {
  const titleId = useId();
  const [conjunctionId] = useSelectedConjunction();
  const [mode, setMode] = useState<ChartMode>('probability');
  const { data, isPending, error } = useConjunctionAnalysis(conjunctionId);
  const resolved = data && data.conjunctionId !== data.requestedId;
  return (
    <Card aria-labelledby={titleId} className="flex h-full flex-col">
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div>
            <CardTitle id={titleId} className="flex items-center gap-2">
              <BarChart3 className="size-5 text-blue-400" aria-hidden="true" />
              Conjunction Analysis
            </CardTitle>
            <CardDescription className="mt-1 font-mono">
              {resolved ? `${data.requestedId} → ${data.conjunctionId}` : (data?.conjunctionId ?? conjunctionId)}
            </CardDescription>
          </div>
          <div role="group" aria-label="Chart mode" className="flex gap-1">
            {CHART_MODES.map((option) => (
              <Button
                key={option.mode}
                type="button"
                size="sm"
                variant={mode === option.mode ? 'default' : 'outline'}
                aria-pressed={mode === option.mode}
                onClick={() => setMode(option.mode)}
              >
                {option.label}
              </Button>
            ))}
          </div>
        </div>
        {resolved && (
          <p className="text-xs text-muted-foreground">
            {`No stored conjunction has the id ${data.requestedId}; showing the open conjunction of highest risk, ${data.conjunctionId}.`}
          </p>
        )}
      </CardHeader>
      <CardContent className="flex min-h-0 flex-1 flex-col gap-4">
        {isPending ? (
          <div role="status" aria-label="Loading conjunction analysis" className="flex flex-1 items-center justify-center py-8">
            <LoaderCircle className="size-8 animate-spin text-muted-foreground" aria-hidden="true" />
          </div>
        ) : error ? (
          <p role="alert" className="text-sm text-muted-foreground">
            {error.message.startsWith('404:') ? NO_CONJUNCTION_TEXT : `Error: ${errorMessage(error) ?? 'Unknown error'}`}
          </p>
        ) : data ? (
          <AnalysisBody analysis={data} mode={mode} />
        ) : (
          // null: nothing stored yet (before the first screening run); no chart (spec §7).
          <p className="text-sm text-muted-foreground">{NO_CONJUNCTION_TEXT}</p>
        )}
      </CardContent>
    </Card>
  );
}

function AnalysisBody({ analysis, mode }: { analysis: ConjunctionAnalysis; mode: ChartMode }) {
  const { conjunction } = analysis;
  return (
    <>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-xs sm:grid-cols-4">
        <PanelField label="TCA (UTC)" value={formatShortUtc(conjunction.tca)} />
        <PanelField label="Miss Distance" value={formatMetres(conjunction.missDistance)} />
        <PanelField label="Probability" value={formatOneInN(conjunction.probability)} />
        <PanelField label="Rel. Velocity" value={`${conjunction.relativeVelocity.toFixed(2)} km/s`} />
      </dl>
      <AnalysisChart analysis={analysis} mode={mode} />
      <div className="grid gap-3 sm:grid-cols-2">
        <ObjectPanel title="Primary Object" object={analysis.primaryObject} />
        <ObjectPanel title="Secondary Object" object={analysis.secondaryObject} />
      </div>
    </>
  );
}

interface ChartPoint {
  x: number;
  y: number;
}

/** The plotted value of a point in `mode`, or null when it has none (a Pc of 0 cannot sit on a log axis). */
function valueOf(point: ConjunctionAnalysis['points'][number], mode: ChartMode): number | null {
  const value = mode === 'probability' ? point.probability : mode === 'distance' ? point.missDistance : point.sigma;
  if (value === null || !Number.isFinite(value)) return null;
  return mode === 'probability' && value <= 0 ? null : value;
}

function seriesOf(analysis: ConjunctionAnalysis, mode: ChartMode, kind: 'history' | 'projection'): ChartPoint[] {
  return analysis.points
    .filter((point) => point.kind === kind)
    .flatMap((point) => {
      const y = valueOf(point, mode);
      return y === null ? [] : [{ x: point.hoursToTca, y }];
    })
    .sort((a, b) => a.x - b.x);
}

function formatValue(value: number, mode: ChartMode): string {
  return mode === 'probability' ? formatProbabilityTick(value) : formatMetres(value);
}

/**
 * Probability: a line per series on a log axis (spec §9: 1:100 to 1:10,000,
 * widened to fit). Miss distance (spec §9: 0–100 m, widened) and covariance
 * (1σ, m): the real estimates as points, no line (spec §2).
 */
function AnalysisChart({ analysis, mode }: { analysis: ConjunctionAnalysis; mode: ChartMode }) {
  const history = seriesOf(analysis, mode, 'history');
  const projection = seriesOf(analysis, mode, 'projection');
  const all = [...history, ...projection];
  const xAxis = hoursAxis(analysis.points.map((point) => point.hoursToTca));
  const yValues = all.map((point) => point.y);
  const yAxis = mode === 'probability' ? probabilityAxis(yValues) : metresTicks(metresAxis(yValues, 100));
  const description = CHART_DESCRIPTIONS[mode];
  return (
    <figure aria-label={description} className="min-w-0">
      <figcaption className="mb-1 flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
        <span>{description}</span>
        <ul aria-label="Legend" className="flex gap-3">
          <LegendEntry colour={HISTORY_COLOUR} label="History" line={mode === 'probability'} />
          <LegendEntry colour={PROJECTION_COLOUR} label="Projection" line={mode === 'probability'} dashed />
        </ul>
      </figcaption>
      {all.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">
          {mode === 'probability' ? 'No estimate with a non-zero probability yet (1:∞)' : 'No estimates for this conjunction yet'}
        </p>
      ) : null}
      <div style={{ height: CHART_HEIGHT }} className={all.length === 0 ? 'hidden' : undefined}>
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 480, height: CHART_HEIGHT }}>
          <ComposedChart margin={{ top: 16, right: 16, bottom: 4, left: 8 }}>
            <CartesianGrid stroke={GRID_STROKE} strokeDasharray="3 3" />
            <XAxis
              type="number"
              dataKey="x"
              domain={xAxis.domain}
              ticks={xAxis.ticks}
              tickFormatter={formatHoursTick}
              tick={AXIS_TICK}
              stroke={AXIS_LINE}
              allowDataOverflow
            />
            {mode === 'probability' ? (
              <YAxis
                type="number"
                dataKey="y"
                scale="log"
                domain={yAxis.domain}
                ticks={yAxis.ticks}
                tickFormatter={formatProbabilityTick}
                tick={AXIS_TICK}
                stroke={AXIS_LINE}
                width={64}
                allowDataOverflow
              />
            ) : (
              <YAxis
                type="number"
                dataKey="y"
                domain={yAxis.domain}
                ticks={yAxis.ticks}
                tick={AXIS_TICK}
                stroke={AXIS_LINE}
                width={56}
                label={{ value: 'm', angle: -90, position: 'insideLeft', ...AXIS_LABEL }}
              />
            )}
            <ReferenceLine x={0} stroke="#f87171" strokeDasharray="4 4" label={{ value: 'TCA', position: 'top', fill: '#f87171', fontSize: 11 }} />
            <Tooltip
              formatter={(value: unknown) => (typeof value === 'number' ? formatValue(value, mode) : String(value))}
              labelFormatter={(label: unknown) => (typeof label === 'number' ? `${label.toFixed(1)} h to TCA` : String(label))}
              contentStyle={{ background: '#0f172a', border: '1px solid #334155', fontSize: 12 }}
            />
            {mode === 'probability' ? (
              <>
                <Line data={history} dataKey="y" name="History" stroke={HISTORY_COLOUR} dot={{ r: 2 }} isAnimationActive={false} />
                <Line data={projection} dataKey="y" name="Projection" stroke={PROJECTION_COLOUR} strokeDasharray="5 4" dot={false} isAnimationActive={false} />
              </>
            ) : (
              <>
                <Scatter data={history} dataKey="y" name="History" fill={HISTORY_COLOUR} isAnimationActive={false} />
                <Scatter data={projection} dataKey="y" name="Projection" fill={PROJECTION_COLOUR} shape="diamond" isAnimationActive={false} />
              </>
            )}
          </ComposedChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

/** A metres axis in five equal steps (0–100 m: every 20 m). */
function metresTicks(domain: [number, number]): { domain: [number, number]; ticks: number[] } {
  return { domain, ticks: [0, 1, 2, 3, 4, 5].map((step) => (domain[1] * step) / 5) };
}

function LegendEntry({ colour, label, line, dashed = false }: { colour: string; label: string; line: boolean; dashed?: boolean }) {
  return (
    <li className="flex items-center gap-1.5">
      {line ? (
        <span className="inline-block w-4 border-t-2" style={{ borderColor: colour, borderStyle: dashed ? 'dashed' : 'solid' }} aria-hidden="true" />
      ) : (
        <span className="inline-block size-2 rounded-full" style={{ background: colour }} aria-hidden="true" />
      )}
      {label}
    </li>
  );
}

function ObjectPanel({ title, object }: { title: string; object: ConjunctionAnalysis['primaryObject'] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-md border p-3">
      <h3 id={headingId} className="mb-2 text-sm font-semibold">
        {title}
      </h3>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
        <PanelField label="Name" value={<ObjectLink norad={object.noradId} name={object.name} />} />
        <PanelField label="COSPAR ID" value={object.cosparId ?? NO_VALUE} />
        <PanelField label="Mass" value={formatMass(object.mass)} />
        <PanelField label="RCS" value={formatRcsText(object.rcs)} />
        <PanelField label="Altitude" value={object.altitude === null ? NO_VALUE : formatKm(object.altitude)} />
      </dl>
    </section>
  );
}

function PanelField({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="truncate font-medium">{value}</dd>
    </div>
  );
}
