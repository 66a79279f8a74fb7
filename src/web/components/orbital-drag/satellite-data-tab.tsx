import { CircleAlert, LoaderCircle } from 'lucide-react';
import { useId, useState } from 'react';
import type { DragCalculationResult } from '@contracts/orbital-drag.ts';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ExportCsvButton } from '@/components/ui/export-csv-button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import {
  applyPreset,
  CALCULATOR_MODEL_OPTIONS,
  canCalculate,
  INITIAL_FORM,
  PRESETS,
  toRequest,
  type CalculatorModel,
  type DragForm,
} from '@/lib/drag-calculator-form';
import type { CsvColumn } from '@/lib/csv';
import { formatLifetime, formatNewtons, formatSci } from '@/lib/drag-format';
import { useDragCalculation } from '@/queries/orbital-drag';

/** Spec §4/§9: results accumulate; the last 3 are shown. */
export const RESULTS_SHOWN = 3;

type TextField = Exclude<keyof DragForm, 'model'>;

const FIELDS: ReadonlyArray<{ key: TextField; label: string; type: 'text' | 'number'; step?: string }> = [
  { key: 'name', label: 'Satellite Name', type: 'text' },
  { key: 'mass', label: 'Mass (kg)', type: 'number' },
  { key: 'crossSectionalArea', label: 'Cross-sectional Area (m²)', type: 'number', step: '0.1' },
  { key: 'dragCoefficient', label: 'Drag Coefficient', type: 'number', step: '0.1' },
  { key: 'altitude', label: 'Altitude (km)', type: 'number' },
];

/** The calculations' CSV (issue 14): every calculation of this visit (not only the 3 shown), oldest first. */
export const CALCULATIONS_CSV_COLUMNS: readonly CsvColumn<DragCalculationResult>[] = [
  { header: 'Calculated (UTC)', value: (r) => r.createdAt },
  { header: 'Satellite', value: (r) => r.satellite },
  { header: 'Model', value: (r) => r.model },
  { header: 'Drag force (N)', value: (r) => r.dragForce },
  { header: 'Atmospheric density (kg/m³)', value: (r) => r.atmosphericDensity },
  { header: 'Orbit decay rate (km/day)', value: (r) => r.orbitDecayRate },
  { header: 'Confidence (%)', value: (r) => r.confidence },
  { header: 'Lifetime (days)', value: (r) => r.lifetimeEstimate },
  { header: 'Lifetime (years)', value: (r) => r.lifetimeYears },
  { header: 'Lifetime', value: (r) => r.lifetimeText },
  { header: 'Period change (s/day)', value: (r) => r.periodChangeSecondsPerDay },
  { header: 'Model spread (fraction)', value: (r) => r.modelSpread.value },
  { header: 'Source', value: (r) => r.source },
];

function ResultCard({ result }: { result: DragCalculationResult }) {
  const lifetime = formatLifetime(result.lifetimeEstimate, result.lifetimeYears);
  const rows: Array<[string, string]> = [
    ['Satellite', result.satellite],
    ['Model', result.model],
    ['Drag Force', formatNewtons(result.dragForce)],
    ['Atmospheric Density', `${formatSci(result.atmosphericDensity)} kg/m³`],
    ['Orbit Decay Rate', `${result.orbitDecayRate.toFixed(4)} km/day`],
    ['Confidence', `${result.confidence.toFixed(1)}%`],
  ];
  if (lifetime) rows.push(['Lifetime Estimate', lifetime]);
  return (
    <li className="rounded-md border border-border p-3" aria-label={`${result.satellite} calculation`}>
      <dl className="space-y-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="text-right font-medium">{value}</dd>
          </div>
        ))}
      </dl>
      {!lifetime && <p className="mt-1 text-xs text-muted-foreground">{result.lifetimeText}</p>}
    </li>
  );
}

/** Spec §2 Satellite Data tab: the custom satellite form (§3, §5), the results panel and the note. */
export function SatelliteDataTab() {
  const id = useId();
  const [form, setForm] = useState<DragForm>(INITIAL_FORM);
  const [preset, setPreset] = useState<string>('');
  const [results, setResults] = useState<DragCalculationResult[]>([]);
  const calculation = useDragCalculation((result) => setResults((previous) => [...previous, result]));
  const shown = results.slice(-RESULTS_SHOWN).reverse();

  const setField = (key: TextField, value: string) => setForm((previous) => ({ ...previous, [key]: value }));

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card aria-label="Custom Satellite Analysis">
        <CardHeader>
          <CardTitle className="text-base">Custom Satellite Analysis</CardTitle>
        </CardHeader>
        <CardContent className="space-y-3">
          <div className="space-y-1">
            <Label id={`${id}-preset`}>Preset</Label>
            <Select
              value={preset}
              onValueChange={(value) => {
                setPreset(value);
                setForm((previous) => applyPreset(previous, value));
              }}
            >
              <SelectTrigger aria-labelledby={`${id}-preset`}>
                <SelectValue placeholder="Select a preset" />
              </SelectTrigger>
              <SelectContent>
                {PRESETS.map((p) => (
                  <SelectItem key={p.name} value={p.name}>
                    {p.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          {FIELDS.map((field) => (
            <div key={field.key} className="space-y-1">
              <Label htmlFor={`${id}-${field.key}`}>{field.label}</Label>
              <Input
                id={`${id}-${field.key}`}
                type={field.type}
                step={field.step}
                value={form[field.key]}
                onChange={(event) => setField(field.key, event.target.value)}
              />
            </div>
          ))}
          <div className="space-y-1">
            <Label id={`${id}-model`}>Atmospheric Model</Label>
            <Select value={form.model} onValueChange={(value) => setForm((previous) => ({ ...previous, model: value as CalculatorModel }))}>
              <SelectTrigger aria-labelledby={`${id}-model`}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {CALCULATOR_MODEL_OPTIONS.map((model) => (
                  <SelectItem key={model} value={model}>
                    {model}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="flex flex-wrap gap-2 pt-2">
            <Button disabled={!canCalculate(form) || calculation.isPending} onClick={() => calculation.mutate(toRequest(form))}>
              {calculation.isPending && <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />}
              {calculation.isPending ? 'Calculating...' : 'Calculate Drag Parameters'}
            </Button>
            <Button variant="outline" type="button">
              Deploy the data
            </Button>
          </div>
          {calculation.error && (
            <Alert variant="destructive">
              <CircleAlert aria-hidden="true" />
              <AlertDescription>{calculation.error.message}</AlertDescription>
            </Alert>
          )}
        </CardContent>
      </Card>
      <div className="space-y-4">
        {results.length > 0 && (
          <Card aria-label="Calculation Results">
            <CardHeader className="flex-row items-center justify-between gap-2 space-y-0">
              <CardTitle className="text-base">Calculation Results</CardTitle>
              <ExportCsvButton rows={results} columns={CALCULATIONS_CSV_COLUMNS} name="drag-calculations" />
            </CardHeader>
            <CardContent className="space-y-2">
              <ul className="space-y-2" aria-label="Calculations">
                {shown.map((result) => (
                  <ResultCard key={result.id} result={result} />
                ))}
              </ul>
              <p className="text-xs text-muted-foreground">{`Showing last ${RESULTS_SHOWN} calculations (${results.length} total)`}</p>
            </CardContent>
          </Card>
        )}
        <Card aria-label="Information">
          <CardContent className="pt-6 text-sm text-muted-foreground">
            Drag force is ½ ρ v² Cd A with v relative to the co-rotating atmosphere; decay rate and lifetime come from integrating the
            semi-major-axis decay with the chosen model&apos;s density.
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
