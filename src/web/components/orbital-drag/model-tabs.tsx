import type { DecayForecast, NrlmsiseRealResponse, PredictionsResponse } from '@contracts/orbital-drag.ts';
import { ObjectLink } from '@/components/objects/object-link';
import { DecayChart, TemperatureChart } from '@/components/orbital-drag/lazy-charts';
import { MODEL_LINES } from '@/components/orbital-drag/model-lines';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ExportCsvButton } from '@/components/ui/export-csv-button';
import type { CsvColumn } from '@/lib/csv';
import { formatSci, modelReadings, spreadLevel, type DensityRow } from '@/lib/drag-format';
import { READING_POSITIONS } from '@/queries/orbital-drag';
import type { ReactNode } from 'react';

/** Spec §2 Atmospheric tab: temperature profile and the density list for 200 to 600 km. */
export function AtmosphericTab({ rows, sourceLabel }: { rows: readonly DensityRow[]; sourceLabel: string }) {
  const list = rows.filter((row) => row.altitude >= 200 && row.altitude <= 600);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <TemperatureChart rows={rows} />
      <Card aria-label="Density by Altitude">
        <CardHeader>
          <CardTitle className="text-base">Density by Altitude</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="space-y-1 text-sm">
            {list.map((row) => (
              <li key={row.altitude} className="flex justify-between">
                <span>{`${row.altitude} km`}</span>
                <span className="font-mono">{`${formatSci(row.nrlmsise)} kg/m³`}</span>
              </li>
            ))}
          </ul>
          <p className="mt-2 text-xs text-muted-foreground">{`NRLMSISE-00 · ${sourceLabel}`}</p>
        </CardContent>
      </Card>
    </div>
  );
}


/** The Model Spread list's CSV (issue 14): each satellite's 30-day losses by both models and their spread. */
export const MODEL_SPREAD_CSV_COLUMNS: readonly CsvColumn<DecayForecast>[] = [
  { header: 'Satellite', value: (s) => s.satellite },
  { header: 'NORAD ID', value: (s) => s.norad_id },
  { header: 'Elements epoch (UTC)', value: (s) => s.elements_epoch },
  { header: 'Initial altitude (km)', value: (s) => s.initial_altitude },
  { header: 'Decay rate (km/day)', value: (s) => s.decay_rate },
  { header: '30-day altitude loss NRLMSISE-00 (km)', value: (s) => s.altitude_loss_30d },
  { header: '30-day altitude loss JB2008 (km)', value: (s) => s.jb2008_altitude_loss_30d },
  { header: 'Model spread (fraction)', value: (s) => (s.jb2008_altitude_loss_30d === null ? null : s.model_spread.value) },
  { header: 'Re-entry day', value: (s) => s.reentry_day },
];

/** The Model Comparison table's CSV: density of each model by altitude. */
export const MODEL_COMPARISON_CSV_COLUMNS: readonly CsvColumn<DensityRow>[] = [
  { header: 'Altitude (km)', value: (row) => row.altitude },
  ...MODEL_LINES.map((m) => ({ header: `${m.name} (kg/m³)`, value: (row: DensityRow) => row[m.key] })),
];

/** Spec §2 Orbit Decay tab: the 30-day decay chart, computed, so it names its source instead of Demo data. */
export function OrbitDecayTab({ data }: { data: PredictionsResponse | undefined }) {
  if (!data) return <p className="text-sm text-muted-foreground">Loading orbital drag data...</p>;
  const names = data.satellites.map((s) => s.satellite);
  return (
    <div className="space-y-4">
      <DecayChart chart={data.chart} satellites={names} note={`${data.model} · ${data.source}`} />
      <Card aria-label="Model Spread">
        <CardHeader className="flex-row items-center justify-between gap-2 space-y-0">
          <CardTitle className="text-base">Model Spread</CardTitle>
          <ExportCsvButton rows={data.satellites} columns={MODEL_SPREAD_CSV_COLUMNS} name="decay-model-spread" />
        </CardHeader>
        <CardContent>
          <ul className="space-y-1 text-sm">
            {data.satellites.map((s) => (
              <li key={s.norad_id} className="flex items-center justify-between gap-2">
                <span>
                  <ObjectLink norad={s.norad_id} name={s.satellite} />
                  {`: ${s.altitude_loss_30d.toFixed(2)} km (NRLMSISE-00), ${s.jb2008_altitude_loss_30d === null ? 'no JB2008 value (no density at this flux and height)' : `${s.jb2008_altitude_loss_30d.toFixed(2)} km (JB2008)`} in 30 days`}
                </span>
                {s.jb2008_altitude_loss_30d === null ? (
                  // One model only: no spread to colour (0 would read as perfect agreement).
                  <Badge variant="outline">no spread</Badge>
                ) : (
                  <Badge variant={spreadLevel(s.model_spread.value)}>{`${(s.model_spread.value * 100).toFixed(1)}%`}</Badge>
                )}
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
      <div className="grid gap-4 md:grid-cols-2">
        <TextCard title="About the model spread">
          <p>
            The badge beside each satellite is the model spread of its two 30-day altitude losses (NRLMSISE-00 and JB2008):
            (max − min) / (2 × mean). It is red over 25%, yellow over 15% and green otherwise. A wide spread means the models
            disagree about the density along the orbit, so the decay forecast is less certain.
          </p>
        </TextCard>
        <TextCard title="Storm impact">
          <p>
            Geomagnetic storms heat the thermosphere, mainly at high latitudes, and it expands: the density at a fixed LEO altitude
            rises. A severe storm (Kp 7-9) can raise LEO density several-fold within hours, raising drag and the decay rate and
            degrading orbit predictions until the storm subsides. The models follow storms only through their geomagnetic inputs
            (Ap for NRLMSISE-00, Dst for JB2008), so forecasts made during a storm are less certain.
          </p>
        </TextCard>
      </div>
    </div>
  );
}

/** A titled card of static explanatory text. */
function TextCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card aria-label={title}>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-2 text-sm text-muted-foreground">{children}</CardContent>
    </Card>
  );
}

/** Spec §2 Models tab: the five-model comparison table and the current-model readings (§9 multipliers). */
export function ModelsTab({ rows, readings }: { rows: readonly DensityRow[]; readings: ReadonlyArray<NrlmsiseRealResponse | undefined> }) {
  return (
    <div className="space-y-4">
      <Card aria-label="Model Comparison">
        <CardHeader className="flex-row items-center justify-between gap-2 space-y-0">
          <CardTitle className="text-base">Model Comparison</CardTitle>
          <ExportCsvButton rows={rows} columns={MODEL_COMPARISON_CSV_COLUMNS} name="density-models" />
        </CardHeader>
        <CardContent className="overflow-x-auto">
          <table className="w-full text-sm">
            <thead className="text-left text-xs text-muted-foreground">
              <tr>
                <th className="py-2 pr-3">Altitude</th>
                {MODEL_LINES.map((m) => (
                  <th key={m.key} className="py-2 pr-3">
                    {m.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.altitude} className="border-t border-border font-mono">
                  <td className="py-1 pr-3">{`${row.altitude} km`}</td>
                  {MODEL_LINES.map((m) => (
                    <td key={m.key} className="py-1 pr-3">
                      {formatSci(row[m.key])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-2 text-xs text-muted-foreground">DTM-2020, TIE-GCM and MSIS-86 are 1.08, 1.25 and 0.92 × NRLMSISE-00 (not implemented).</p>
        </CardContent>
      </Card>
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
        {READING_POSITIONS.map((position, i) => {
          const reading = readings[i];
          return (
            <Card key={position.satellite} aria-label={`${position.satellite} readings`}>
              <CardHeader>
                <CardTitle className="text-base">{position.satellite}</CardTitle>
              </CardHeader>
              <CardContent>
                <p className="mb-2 text-xs text-muted-foreground">{`${position.alt} km, ${position.lat}° N ${position.lon}° E`}</p>
                <ul className="space-y-1 text-sm">
                  {modelReadings(reading?.density, reading?.temperature).map((r) => (
                    <li key={r.model} className="flex justify-between gap-2">
                      <span>{r.model}</span>
                      <span className="font-mono">{`${formatSci(r.density)}${r.temperature === null ? '' : ` · ${r.temperature.toFixed(0)} K`}`}</span>
                    </li>
                  ))}
                </ul>
                <p className="mt-2 text-xs text-muted-foreground">
                  {reading ? `NRLMSISE-00 · ${reading.data_source}; others are spec multiples` : 'No reading: default density 2.8e-12'}
                </p>
              </CardContent>
            </Card>
          );
        })}
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <TextCard title="Model differences">
          <p>
            NRLMSISE-00 (Picone et al., 2002) is an empirical model of temperature and composition from the ground to the exosphere,
            driven by the F10.7 solar flux (daily and 81-day mean) and the Ap geomagnetic index.
          </p>
          <p>
            JB2008 (Bowman et al., 2008) is a Jacchia-based model built for satellite drag. It uses the solar indices S10, M10 and
            Y10 besides F10.7, and Dst for geomagnetic storms.
          </p>
          <p>
            DTM-2020, TIE-GCM and MSIS-86 are not run here: their values are the spec’s fixed multiples of NRLMSISE-00 (1.08, 1.25
            and 0.92).
          </p>
        </TextCard>
        <TextCard title="Guidelines">
          <p>
            For drag and decay, prefer JB2008 when its solar and storm indices are available: it was fitted to satellite drag data.
            Use NRLMSISE-00 when composition or temperature is needed, or when only F10.7 and Ap are available.
          </p>
          <p>
            No single model is right in all conditions. Operators should compare the models and watch the model spread: a wide
            spread, or a geomagnetic storm, calls for wider margins and more frequent orbit updates.
          </p>
        </TextCard>
      </div>
    </div>
  );
}
