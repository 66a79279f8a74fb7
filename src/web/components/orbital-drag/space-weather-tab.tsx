import type { SpaceWeatherForecastResponse } from '@contracts/orbital-drag.ts';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ExportCsvButton } from '@/components/ui/export-csv-button';
import type { CsvColumn } from '@/lib/csv';
import { alertColour, formatReading, impactLevel, type ImpactLevel } from '@/lib/drag-format';

const ALERT_CLASS = {
  red: 'border-red-500/60 bg-red-500/10 text-red-300',
  orange: 'border-orange-500/60 bg-orange-500/10 text-orange-300',
  yellow: 'border-yellow-500/60 bg-yellow-500/10 text-yellow-300',
} as const;

const IMPACT_VARIANT: Record<ImpactLevel, 'red' | 'yellow' | 'blue' | 'green'> = {
  Critical: 'red',
  High: 'yellow',
  Moderate: 'blue',
  Minimal: 'green',
};

/** Spec §9: alert colours Major red, High orange, else yellow. */
export function AlertList({ alerts }: { alerts: SpaceWeatherForecastResponse['alerts'] }) {
  if (alerts.length === 0) return <p className="text-sm text-muted-foreground">No active alerts</p>;
  return (
    <ul className="space-y-2">
      {alerts.map((alert, i) => {
        const colour = alertColour(alert.level);
        return (
          <li key={`${alert.type}-${i}`} data-colour={colour} className={`rounded-md border p-2 text-sm ${ALERT_CLASS[colour]}`}>
            <p className="font-medium">{`${alert.type} — ${alert.level}${alert.scale ? ` (${alert.scale})` : ''}`}</p>
            <p>{alert.message}</p>
            <p className="text-xs opacity-80">{alert.impact}</p>
          </li>
        );
      })}
    </ul>
  );
}

/** The forecast list's CSV (issue 14): each parameter now and in 24 h, in full, with its impact. */
export const FORECAST_CSV_COLUMNS: readonly CsvColumn<SpaceWeatherForecastResponse['forecast'][number]>[] = [
  { header: 'Parameter', value: (f) => f.parameter },
  { header: 'Unit', value: (f) => f.unit },
  { header: 'Current', value: (f) => f.current },
  { header: 'Current status', value: (f) => f.status },
  { header: '24h forecast', value: (f) => f.forecast },
  { header: 'Forecast status', value: (f) => f.forecast_status },
  { header: 'Change (%)', value: (f) => f.change_percent },
  { header: 'Drag factor', value: (f) => f.drag_factor },
  { header: 'Impact', value: (f) => impactLevel(f.drag_factor) },
  { header: 'Description', value: (f) => f.description },
];

/** Spec §2 Space Weather tab: forecast parameters (impact levels by drag factor, §9) and active alerts. */
export function SpaceWeatherTab({ data }: { data: SpaceWeatherForecastResponse | undefined }) {
  if (!data) return <p className="text-sm text-muted-foreground">Loading orbital drag data...</p>;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card aria-label="Space Weather Forecast">
        <CardHeader className="flex-row items-center justify-between gap-2 space-y-0">
          <CardTitle className="text-base">Space Weather Forecast</CardTitle>
          <ExportCsvButton rows={data.forecast} columns={FORECAST_CSV_COLUMNS} name="space-weather-forecast" />
        </CardHeader>
        <CardContent>
          <ul className="space-y-3">
            {data.forecast.map((item) => {
              const level = impactLevel(item.drag_factor);
              return (
                <li key={item.parameter} className="rounded-md border border-border p-3 text-sm">
                  <div className="flex items-center justify-between gap-2">
                    <span className="font-medium">{item.parameter}</span>
                    <Badge variant={IMPACT_VARIANT[level]}>{level}</Badge>
                  </div>
                  <p className="text-muted-foreground">{item.description}</p>
                  <p>{`Current: ${formatReading(item.current)} ${item.unit} → 24h: ${formatReading(item.forecast)} ${item.unit} (${item.change})`}</p>
                  <p className="text-xs text-muted-foreground">{`Drag factor ${item.drag_factor.toFixed(2)}×`}</p>
                </li>
              );
            })}
          </ul>
          <p className="mt-2 text-xs text-muted-foreground">{`Source: ${data.data_source}`}</p>
        </CardContent>
      </Card>
      <Card aria-label="Space Weather Alerts">
        <CardHeader>
          <CardTitle className="text-base">Active Alerts</CardTitle>
        </CardHeader>
        <CardContent>
          <AlertList alerts={data.alerts} />
        </CardContent>
      </Card>
    </div>
  );
}
