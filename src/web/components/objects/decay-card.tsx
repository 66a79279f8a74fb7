import { format } from 'date-fns';
import { useId } from 'react';
import { CartesianGrid, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { AXIS_LABEL, AXIS_LINE, AXIS_TICK, GRID_STROKE } from '@/components/sst/chart-card';
import type { ObjectDecayResponse } from '@contracts/object-exports.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ExportCsvButton } from '@/components/ui/export-csv-button';
import { formatUtcDateTime } from '@/lib/conjunction-format';
import type { CsvColumn } from '@/lib/csv';
import { UtcDate } from '@/lib/utc-date';
import { useObjectDecay } from '@/queries/objects';

export const DECAY_CHART_LABEL = 'Mean altitude, perigee and apogee (km) until re-entry, NRLMSISE-00 with Cd·A/m from B*';

const day = (iso: string) => format(new UtcDate(iso), 'yyyy-MM-dd');

/** 'Re-entry between 2025-06-01 and 2026-03-14', or what the runs say when one outlives the cap. */
export function decaySummary(decay: { earliestReentry: string | null; latestReentry: string | null; capYears: number; runs: readonly unknown[] }): string {
  if (decay.runs.length === 0) return 'No forecast';
  if (decay.earliestReentry === null) return `No re-entry within ${decay.capYears} years`;
  if (decay.latestReentry === null) return `Re-entry from ${day(decay.earliestReentry)}, or beyond ${decay.capYears} years`;
  return decay.earliestReentry.slice(0, 10) === decay.latestReentry.slice(0, 10) ? `Re-entry about ${day(decay.earliestReentry)}` : `Re-entry between ${day(decay.earliestReentry)} and ${day(decay.latestReentry)}`;
}

/** The lifetime table's CSV (issue 14): each run with its drag parameter and outcome. */
export const DECAY_RUNS_CSV_COLUMNS: readonly CsvColumn<ObjectDecayResponse['runs'][number]>[] = [
  { header: 'Model', value: (r) => r.model },
  { header: 'Drag from', value: (r) => r.dragBasis },
  { header: 'Cd·A/m (m²/kg)', value: (r) => r.dragParameterM2PerKg },
  { header: 'Status', value: (r) => r.status },
  { header: 'Lifetime', value: (r) => r.lifetimeText },
  { header: 'Re-entry (UTC)', value: (r) => r.reentryTime },
];

/**
 * The object's decay and lifetime forecast (issue 14): the re-entry spread over both atmosphere
 * models and each drag estimate, each run's lifetime, and the decay curve.
 */
export function DecayCard({ norad }: { norad: string }) {
  const titleId = useId();
  const { data, error } = useObjectDecay(norad);
  const points = (data?.curve ?? []).map((p) => ({ at: Date.parse(p.time), altitude: p.altitudeKm, perigee: p.perigeeKm, apogee: p.apogeeKm }));
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 space-y-0 pb-2">
        <div className="space-y-1.5">
          <CardTitle id={titleId}>Decay</CardTitle>
          <CardDescription>{data ? decaySummary(data) : error ? 'The forecast could not be computed.' : 'Integrating the decay...'}</CardDescription>
        </div>
        {data && data.runs.length > 0 && <ExportCsvButton rows={data.runs} columns={DECAY_RUNS_CSV_COLUMNS} name={`object-${norad}-lifetime`} />}
      </CardHeader>
      {data && (
        <CardContent className="space-y-4">
          {data.runs.length > 0 && (
            <table className="w-full text-sm">
              <caption className="sr-only">Lifetime by model and drag estimate</caption>
              <thead className="text-left text-xs text-muted-foreground">
                <tr>
                  <th className="py-1 pr-3 font-normal">Model</th>
                  <th className="py-1 pr-3 font-normal">Drag from</th>
                  <th className="py-1 pr-3 font-normal">Lifetime</th>
                  <th className="py-1 pr-3 font-normal">Re-entry (UTC)</th>
                </tr>
              </thead>
              <tbody>
                {data.runs.map((r) => (
                  <tr key={`${r.model}|${r.dragBasis}`} className="border-t">
                    <td className="py-1 pr-3">{r.model}</td>
                    <td className="py-1 pr-3">{r.dragBasis}</td>
                    <td className="py-1 pr-3">{r.lifetimeText}</td>
                    <td className="py-1 pr-3 font-mono">{r.reentryTime ? formatUtcDateTime(r.reentryTime) : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {points.length > 1 && (
            <figure aria-label={DECAY_CHART_LABEL} className="min-w-0">
              <figcaption className="mb-1 text-xs text-muted-foreground">{DECAY_CHART_LABEL}</figcaption>
              <div style={{ height: 220 }}>
                <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 640, height: 220 }}>
                  <ComposedChart data={points} margin={{ top: 8, right: 8, bottom: 4, left: 8 }}>
                    <CartesianGrid stroke={GRID_STROKE} strokeDasharray="3 3" />
                    <XAxis type="number" dataKey="at" scale="time" domain={['dataMin', 'dataMax']} tickFormatter={(ms: number) => format(new UtcDate(ms), 'yyyy-MM')} tick={AXIS_TICK} stroke={AXIS_LINE} minTickGap={32} />
                    <YAxis type="number" domain={[0, 'auto']} tick={AXIS_TICK} stroke={AXIS_LINE} width={56} label={{ value: 'km', angle: -90, position: 'insideLeft', ...AXIS_LABEL }} />
                    <Tooltip labelFormatter={(ms) => formatUtcDateTime(new Date(Number(ms)).toISOString())} formatter={(v) => `${Number(v).toFixed(1)} km`} />
                    <Line dataKey="apogee" name="Apogee" stroke="#f59e0b" dot={false} isAnimationActive={false} />
                    <Line dataKey="altitude" name="Mean altitude" stroke="#e2e8f0" dot={false} isAnimationActive={false} />
                    <Line dataKey="perigee" name="Perigee" stroke="#60a5fa" dot={false} isAnimationActive={false} />
                  </ComposedChart>
                </ResponsiveContainer>
              </div>
            </figure>
          )}
          <p className="text-xs text-muted-foreground">{data.note}</p>
        </CardContent>
      )}
    </Card>
  );
}
