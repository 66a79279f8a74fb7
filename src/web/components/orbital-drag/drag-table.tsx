import { ArrowDown, ArrowUp, ChevronsDown, ChevronsUp, Minus, TrendingDown, TrendingUp } from 'lucide-react';
import type { RealtimeResponse } from '@contracts/orbital-drag.ts';
import { ObjectLink } from '@/components/objects/object-link';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ExportCsvButton } from '@/components/ui/export-csv-button';
import type { CsvColumn } from '@/lib/csv';
import { formatNewtons, trend24h, trend7d, type Trend7d } from '@/lib/drag-format';

type Row = RealtimeResponse['drag_data'][number];

const TREND_ICON: Record<Trend7d, { Icon: typeof ArrowUp; className: string }> = {
  'strong increase': { Icon: ChevronsUp, className: 'text-red-400' },
  increase: { Icon: TrendingUp, className: 'text-orange-400' },
  'slight increase': { Icon: ArrowUp, className: 'text-yellow-400' },
  stable: { Icon: Minus, className: 'text-slate-400' },
  'slight decrease': { Icon: ArrowDown, className: 'text-sky-400' },
  decrease: { Icon: TrendingDown, className: 'text-blue-400' },
  'strong decrease': { Icon: ChevronsDown, className: 'text-green-400' },
};

export function TrendIcon({ trend }: { trend: Trend7d }) {
  const { Icon, className } = TREND_ICON[trend];
  return <Icon className={`size-4 ${className}`} role="img" aria-label={trend} />;
}

function Trend24({ change }: { change: number }) {
  const trend = trend24h(change);
  const Icon = trend === 'up' ? ArrowUp : trend === 'down' ? ArrowDown : Minus;
  return <Icon className="size-4 text-slate-300" role="img" aria-label={trend} />;
}

function pct(value: number): string {
  return `${value > 0 ? '+' : ''}${value.toFixed(1)}%`;
}

/** The table's CSV (issue 14): its columns in full, the changes' percentages and the 7-day band. */
export const DRAG_TABLE_CSV_COLUMNS: readonly CsvColumn<Row>[] = [
  { header: 'Satellite', value: (r) => r.satellite },
  { header: 'NORAD ID', value: (r) => r.norad_id },
  { header: 'Altitude (km)', value: (r) => r.altitude },
  { header: 'Current drag (N)', value: (r) => r.current_drag },
  { header: '24h forecast (N)', value: (r) => r.predicted_24h },
  { header: '24h change (%)', value: (r) => r.change_24h_percent },
  { header: '7d forecast (N)', value: (r) => r.predicted_7d },
  { header: '7d change (%)', value: (r) => r.change_7d_percent },
  { header: 'Status', value: (r) => trend7d(r.change_7d_percent) },
];

/** Spec §2 Predictions: current drag, 24h and 7d forecasts with trend arrows (§9 bands), status; names linked, Export CSV. */
export function DragTable({ rows }: { rows: readonly Row[] }) {
  return (
    <Card aria-label="Satellite Drag Forecast">
      <CardHeader className="flex-row items-center justify-between gap-2 space-y-0">
        <CardTitle className="text-base">Satellite Drag Forecast</CardTitle>
        <ExportCsvButton rows={rows} columns={DRAG_TABLE_CSV_COLUMNS} name="drag-forecast" />
      </CardHeader>
      <CardContent className="overflow-x-auto">
        <table className="w-full text-sm">
          <thead className="text-left text-xs text-muted-foreground">
            <tr>
              <th className="py-2 pr-3">Satellite</th>
              <th className="py-2 pr-3">Altitude</th>
              <th className="py-2 pr-3">Current Drag</th>
              <th className="py-2 pr-3">24h Forecast</th>
              <th className="py-2 pr-3">7d Forecast</th>
              <th className="py-2">Status</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const trend = trend7d(row.change_7d_percent);
              return (
                <tr key={row.norad_id} className="border-t border-border">
                  <td className="py-2 pr-3 font-medium">
                    <ObjectLink norad={row.norad_id} name={row.satellite} />
                  </td>
                  <td className="py-2 pr-3">{`${row.altitude.toFixed(1)} km`}</td>
                  <td className="py-2 pr-3">{formatNewtons(row.current_drag)}</td>
                  <td className="py-2 pr-3">
                    <span className="inline-flex items-center gap-1">
                      <Trend24 change={row.change_24h_percent} />
                      {`${formatNewtons(row.predicted_24h)} (${pct(row.change_24h_percent)})`}
                    </span>
                  </td>
                  <td className="py-2 pr-3">
                    <span className="inline-flex items-center gap-1">
                      <TrendIcon trend={trend} />
                      {`${formatNewtons(row.predicted_7d)} (${pct(row.change_7d_percent)})`}
                    </span>
                  </td>
                  <td className="py-2 capitalize">{trend}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}

const LEGEND: ReadonlyArray<[Trend7d, string]> = [
  ['strong increase', 'Strong increase (> 15%)'],
  ['increase', 'Increase (5–15%)'],
  ['slight increase', 'Slight increase (1–5%)'],
  ['stable', 'Stable (< 1%)'],
  ['slight decrease', 'Slight decrease (1–5%)'],
  ['decrease', 'Decrease (5–15%)'],
  ['strong decrease', 'Strong decrease (> 15%)'],
];

/** Spec §2: the legend of change indicators (7-day change against current drag, §9). */
export function TrendLegend() {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Change Indicators</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2 text-sm sm:grid-cols-2">
          {LEGEND.map(([trend, text]) => (
            <li key={trend} className="flex items-center gap-2">
              <TrendIcon trend={trend} />
              {text}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
