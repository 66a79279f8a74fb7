import type { RealtimeResponse, SpaceWeatherForecastResponse } from '@contracts/orbital-drag.ts';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { AlertList } from '@/components/orbital-drag/space-weather-tab';
import { CompositionChart, TemperatureChart } from '@/components/orbital-drag/lazy-charts';
import { ConstellationSketch, SensorUnitTable } from '@/components/orbital-drag/sensor-network';
import type { DensityRow } from '@/lib/drag-format';
import type { ReactNode } from 'react';

const METHODS = [
  ['Mass spectrometry', '±10%', 'primary'],
  ['UV/VIS absorption', '±15%', 'secondary'],
  ['Retarding potential', '±20%', 'active'],
  ['Laser DIAL', '±12%', 'research'],
] as const;

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-right font-medium">{children}</dd>
    </div>
  );
}

/**
 * Spec §2 Real-Time tab: the sensor network (Demo data: the network is illustrative; its unit values
 * are NRLMSISE-00 and say so), the NRLMSISE-00 composition chart, then the three status cards.
 */
export function RealtimeTab({
  realtime,
  spaceWeather,
  rows,
}: {
  realtime: RealtimeResponse;
  spaceWeather: SpaceWeatherForecastResponse | undefined;
  rows: readonly DensityRow[];
}) {
  const sw = realtime.space_weather;
  const hasComposition = rows.some((row) => row.composition);
  return (
    <div className="space-y-4">
      <Card aria-label="Atmospheric Sensor Network">
        <CardHeader className="flex flex-row items-center justify-between">
          <CardTitle className="text-base">Atmospheric Sensor Network</CardTitle>
          <Badge variant="outline">Demo data</Badge>
        </CardHeader>
        <CardContent className="grid gap-4 md:grid-cols-3">
          <dl className="space-y-1">
            <Field label="Active units">4</Field>
            <Field label="Altitude range">300-600 km</Field>
            <Field label="Cadence">5.2 s</Field>
          </dl>
          <dl className="space-y-1" aria-label="Coverage">
            <Field label="Coverage">89.2%</Field>
            <Field label="Data points/day">16,847</Field>
            <Field label="Latency">{'< 5.2 s'}</Field>
            <Field label="Uptime">99.7%</Field>
          </dl>
          <ul className="space-y-1 text-sm" aria-label="Measurement methods">
            {METHODS.map(([name, accuracy, role]) => (
              <li key={name} className="flex justify-between gap-2">
                <span>{name}</span>
                <span className="text-muted-foreground">{`${accuracy} ${role}`}</span>
              </li>
            ))}
          </ul>
          <div className="md:col-span-2">
            <SensorUnitTable rows={rows} />
          </div>
          <ConstellationSketch />
        </CardContent>
      </Card>
      {/* Spec §2 Real-Time: composition-by-altitude and temperature charts, side by side. */}
      <div className="grid gap-4 lg:grid-cols-2">
        {hasComposition ? (
          <CompositionChart rows={rows} />
        ) : (
          <p className="text-sm text-muted-foreground">Composition by altitude: no NRLMSISE-00 profile available.</p>
        )}
        <TemperatureChart rows={rows} />
      </div>
      <div className="grid gap-4 md:grid-cols-3">
        <Card aria-label="System Status">
          <CardHeader>
            <CardTitle className="text-base">System Status</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="space-y-1">
              <Field label="Status">
                <Badge variant={realtime.systemStatus === 'Operational' ? 'green' : 'yellow'}>{realtime.systemStatus}</Badge>
              </Field>
              <Field label="Data source">{sw.data_source}</Field>
              <Field label="Latency">{realtime.dataLatency}</Field>
              <Field label="Last update">{new Date(realtime.lastUpdate).toISOString().slice(0, 19).replace('T', ' ') + ' UTC'}</Field>
            </dl>
          </CardContent>
        </Card>
        <Card aria-label="Atmospheric Conditions">
          <CardHeader>
            <CardTitle className="text-base">Atmospheric Conditions</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="space-y-1">
              <Field label="F10.7">{`${sw.f107.toFixed(1)} sfu`}</Field>
              <Field label="F10.7 (81-day)">{`${sw.f107a.toFixed(1)} sfu`}</Field>
              <Field label="Kp index">{sw.kp_index.toFixed(1)}</Field>
              <Field label="Ap">{sw.ap.toFixed(0)}</Field>
            </dl>
            <p className="mt-2 text-xs text-muted-foreground">{`Source: ${sw.data_source} (${sw.status})`}</p>
          </CardContent>
        </Card>
        <Card aria-label="Active Alerts">
          <CardHeader>
            <CardTitle className="text-base">Active Alerts</CardTitle>
          </CardHeader>
          <CardContent>
            {spaceWeather ? <AlertList alerts={spaceWeather.alerts} /> : <p className="text-sm text-muted-foreground">No active alerts</p>}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
