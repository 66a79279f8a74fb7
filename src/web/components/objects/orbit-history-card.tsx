import { format } from 'date-fns';
import { useId } from 'react';
import { CartesianGrid, ComposedChart, Line, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis, type TooltipContentProps } from 'recharts';
import type { ObjectHistoryResponse } from '@contracts/object-exports.ts';
import { AXIS_LABEL, AXIS_LINE, AXIS_TICK, GRID_STROKE, TOOLTIP_CLASS } from '@/components/sst/chart-card';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ExportCsvButton } from '@/components/ui/export-csv-button';
import { formatUtcDateTime } from '@/lib/conjunction-format';
import type { CsvColumn } from '@/lib/csv';
import { UtcDate } from '@/lib/utc-date';

export const ORBIT_HISTORY_LABEL = 'Perigee and apogee height (km) and inclination (°) of every element set, by epoch (UTC)';

const PERIGEE = '#60a5fa';
const APOGEE = '#f59e0b';
const INCLINATION = '#a78bfa';
const MANEUVER = '#f87171';
const CHART_HEIGHT = 280;
const BSTAR_HEIGHT = 140;
const BSTAR = '#34d399';
export const BSTAR_HISTORY_LABEL = 'B* drag term (1/earth radii) of every element set, by epoch (UTC)';

interface Point {
  readonly at: number;
  readonly perigee: number;
  readonly apogee: number;
  readonly inclination: number;
  readonly bstar: number;
  readonly source: string;
}

function PointTooltip({ active, payload }: TooltipContentProps) {
  const p = payload?.[0]?.payload as Point | undefined;
  if (!active || !p) return null;
  return (
    <div className={TOOLTIP_CLASS}>
      <p className="font-medium">{`${formatUtcDateTime(new Date(p.at).toISOString())} UTC`}</p>
      <p>{`Perigee ${p.perigee.toFixed(1)} km · apogee ${p.apogee.toFixed(1)} km`}</p>
      <p>{`Inclination ${p.inclination.toFixed(4)}° · B* ${p.bstar.toExponential(4)}`}</p>
      <p>{`Source: ${p.source}`}</p>
    </div>
  );
}

/** The element-set history's CSV (issue 14): every stored set, oldest first, in full. */
export const ELEMENT_SETS_CSV_COLUMNS: readonly CsvColumn<ObjectHistoryResponse['items'][number]>[] = [
  { header: 'Epoch (UTC)', value: (i) => i.epoch },
  { header: 'Perigee height (km)', value: (i) => i.perigeeKm },
  { header: 'Apogee height (km)', value: (i) => i.apogeeKm },
  { header: 'Inclination (deg)', value: (i) => i.inclinationDeg },
  { header: 'Mean motion (rev/day)', value: (i) => i.meanMotionRevPerDay },
  { header: 'B* (1/earth radii)', value: (i) => i.bstar },
  { header: 'Source', value: (i) => i.source },
];

/** The manoeuvres table's CSV. */
export const HISTORY_MANEUVERS_CSV_COLUMNS: readonly CsvColumn<ObjectHistoryResponse['maneuvers'][number]>[] = [
  { header: 'Time (UTC)', value: (m) => m.maneuverTime },
  { header: 'Detected (UTC)', value: (m) => m.detectionTime },
  { header: 'Type', value: (m) => m.maneuverType },
  { header: 'Direction', value: (m) => m.direction },
  { header: 'Delta-v (m/s)', value: (m) => m.deltaV },
  { header: 'Confidence (0-1)', value: (m) => m.confidence },
];

/**
 * An object's element-set history (issue 14): perigee and apogee heights (left axis) and
 * inclination (right axis) of every stored set, and below on the same time axis its B*, with
 * each detected manoeuvre marked at its estimated time; both the sets and the manoeuvres as CSV.
 */
export function OrbitHistoryCard({ norad, history }: { norad: number; history: ObjectHistoryResponse }) {
  const titleId = useId();
  const points: Point[] = history.items.map((i) => ({ at: Date.parse(i.epoch), perigee: i.perigeeKm, apogee: i.apogeeKm, inclination: i.inclinationDeg, bstar: i.bstar, source: i.source }));
  const first = points[0]?.at ?? 0;
  const last = points.at(-1)?.at ?? 0;
  const pad = Math.max((last - first) * 0.02, 3_600_000);
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 space-y-0 pb-2">
        <div className="space-y-1.5">
          <CardTitle id={titleId}>Element-Set History</CardTitle>
          <CardDescription>
            {`${points.length} ${points.length === 1 ? 'element set' : 'element sets'} · ${history.maneuvers.length} ${history.maneuvers.length === 1 ? 'manoeuvre' : 'manoeuvres'} detected`}
          </CardDescription>
        </div>
        <div className="flex flex-wrap gap-2">
          <ExportCsvButton rows={history.items} columns={ELEMENT_SETS_CSV_COLUMNS} name={`object-${norad}-element-sets`} />
          {history.maneuvers.length > 0 && (
            <ExportCsvButton rows={history.maneuvers} columns={HISTORY_MANEUVERS_CSV_COLUMNS} name={`object-${norad}-manoeuvres`} label="Export manoeuvres CSV" />
          )}
        </div>
      </CardHeader>
      <CardContent>
        <figure aria-label={ORBIT_HISTORY_LABEL} className="min-w-0">
          <figcaption className="mb-1 text-xs text-muted-foreground">{ORBIT_HISTORY_LABEL}</figcaption>
          {points.length === 0 ? (
            <p className="py-6 text-center text-sm text-muted-foreground">No element sets stored</p>
          ) : (
            <div style={{ height: CHART_HEIGHT }}>
              <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 640, height: CHART_HEIGHT }}>
                <ComposedChart data={points} margin={{ top: 12, right: 8, bottom: 4, left: 8 }}>
                  <CartesianGrid stroke={GRID_STROKE} strokeDasharray="3 3" />
                  <XAxis type="number" dataKey="at" scale="time" domain={[first - pad, last + pad]} tickFormatter={(ms: number) => format(new UtcDate(ms), 'yyyy-MM-dd')} tick={AXIS_TICK} stroke={AXIS_LINE} minTickGap={32} />
                  <YAxis yAxisId="km" type="number" domain={['auto', 'auto']} tick={AXIS_TICK} stroke={AXIS_LINE} width={64} label={{ value: 'km', angle: -90, position: 'insideLeft', ...AXIS_LABEL }} />
                  <YAxis yAxisId="deg" orientation="right" type="number" domain={['auto', 'auto']} tick={AXIS_TICK} stroke={AXIS_LINE} width={56} label={{ value: '°', angle: 90, position: 'insideRight', ...AXIS_LABEL }} />
                  <Tooltip content={PointTooltip} />
                  <Line yAxisId="km" dataKey="perigee" name="Perigee" stroke={PERIGEE} dot={{ r: 2 }} isAnimationActive={false} />
                  <Line yAxisId="km" dataKey="apogee" name="Apogee" stroke={APOGEE} dot={{ r: 2 }} isAnimationActive={false} />
                  <Line yAxisId="deg" dataKey="inclination" name="Inclination" stroke={INCLINATION} strokeDasharray="4 3" dot={false} isAnimationActive={false} />
                  {history.maneuvers.map((m) => (
                    <ReferenceLine key={m.id} yAxisId="km" x={Date.parse(m.maneuverTime)} stroke={MANEUVER} strokeDasharray="2 2" />
                  ))}
                </ComposedChart>
              </ResponsiveContainer>
            </div>
          )}
          {points.length > 0 && (
            <figure aria-label={BSTAR_HISTORY_LABEL} className="mt-3 min-w-0">
              <figcaption className="mb-1 text-xs text-muted-foreground">{BSTAR_HISTORY_LABEL}</figcaption>
              <div style={{ height: BSTAR_HEIGHT }}>
                <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 640, height: BSTAR_HEIGHT }}>
                  <ComposedChart data={points} margin={{ top: 8, right: 64, bottom: 4, left: 8 }}>
                    <CartesianGrid stroke={GRID_STROKE} strokeDasharray="3 3" />
                    <XAxis type="number" dataKey="at" scale="time" domain={[first - pad, last + pad]} tickFormatter={(ms: number) => format(new UtcDate(ms), 'yyyy-MM-dd')} tick={AXIS_TICK} stroke={AXIS_LINE} minTickGap={32} />
                    <YAxis type="number" domain={['auto', 'auto']} tick={AXIS_TICK} stroke={AXIS_LINE} width={64} tickFormatter={(v: number) => v.toExponential(1)} />
                    <Tooltip content={PointTooltip} />
                    <Line dataKey="bstar" name="B*" stroke={BSTAR} dot={{ r: 2 }} isAnimationActive={false} />
                    {history.maneuvers.map((m) => (
                      <ReferenceLine key={m.id} x={Date.parse(m.maneuverTime)} stroke={MANEUVER} strokeDasharray="2 2" />
                    ))}
                  </ComposedChart>
                </ResponsiveContainer>
              </div>
            </figure>
          )}
          <ul aria-label="Legend" className="mt-2 flex flex-wrap gap-3 text-xs text-muted-foreground">
            {[
              [PERIGEE, 'Perigee'],
              [APOGEE, 'Apogee'],
              [INCLINATION, 'Inclination'],
              [BSTAR, 'B*'],
              [MANEUVER, 'Manoeuvre'],
            ].map(([colour, label]) => (
              <li key={label} className="flex items-center gap-1.5">
                <span className="inline-block w-4 border-t-2" style={{ borderColor: colour }} aria-hidden="true" />
                {label}
              </li>
            ))}
          </ul>
        </figure>
        {history.maneuvers.length > 0 && (
          <table className="mt-4 w-full text-sm">
            <caption className="sr-only">Manoeuvres detected</caption>
            <thead className="text-left text-xs text-muted-foreground">
              <tr>
                <th className="py-1 font-normal">Time (UTC)</th>
                <th className="py-1 font-normal">Type</th>
                <th className="py-1 font-normal">Δv</th>
                <th className="py-1 font-normal">Confidence</th>
              </tr>
            </thead>
            <tbody>
              {history.maneuvers.map((m) => (
                <tr key={m.id} className="border-t">
                  <td className="py-1 font-mono">{formatUtcDateTime(m.maneuverTime)}</td>
                  <td className="py-1">{`${m.maneuverType.replace(/_/g, ' ')} (${m.direction})`}</td>
                  <td className="py-1">{`${m.deltaV.toFixed(2)} m/s`}</td>
                  <td className="py-1">{`${Math.round(m.confidence * 100)} %`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}
