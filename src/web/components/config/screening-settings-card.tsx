import { CircleAlert, LoaderCircle, RotateCcw, SlidersHorizontal } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { SettingKey, SettingsResponse } from '@contracts/settings.ts';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { errorMessage } from '@/lib/error-message';
import { screeningChange, screeningForm, type ScreeningForm } from '@/lib/settings-form';
import { useChangeSettings } from '@/queries/settings';

export const SCREENING_SETTINGS_TITLE = 'Screening Settings';

interface FieldProps {
  field: 'thresholdKm' | 'intervalMinutes' | 'windowDays';
  label: string;
  unit: string;
  env: string;
  form: ScreeningForm;
  settings: SettingsResponse;
  problem: string | undefined;
  onChange: (value: string) => void;
}

function NumberField({ field, label, unit, env, form, settings, problem, onChange }: FieldProps) {
  const id = useId();
  const stored = settings.stored.includes(field);
  return (
    <div className="space-y-1">
      <Label htmlFor={id}>{`${label} (${unit})`}</Label>
      <Input id={id} inputMode="decimal" value={form[field]} onChange={(event) => onChange(event.target.value)} aria-invalid={problem !== undefined} aria-describedby={`${id}-hint`} className="h-9" />
      <p id={`${id}-hint`} className={problem ? 'text-xs text-red-300' : 'text-xs text-muted-foreground'}>
        {problem ?? (stored ? `Changed here · ${env}=${settings.defaults.screening[field]} in the environment` : `From the environment (${env})`)}
      </p>
    </div>
  );
}

/**
 * The continuous screening's settings (issue 14, /config): threshold, interval, window and alert
 * level, checked by the server's own rules as they are typed, kept by the server, and each
 * changed one can go back to the environment's value. The page keys it on the settings' last
 * change, so a save (or another user's change) starts the form again from what is in force.
 */
export function ScreeningSettingsCard({ settings }: { settings: SettingsResponse }) {
  const titleId = useId();
  const alertId = useId();
  const [form, setForm] = useState<ScreeningForm>(() => screeningForm(settings));
  const change = useChangeSettings();
  const { change: pending, problems } = screeningChange(form, settings);
  const set = (key: keyof ScreeningForm) => (value: string) => setForm((previous) => ({ ...previous, [key]: value }));
  const screeningKeys: SettingKey[] = ['thresholdKm', 'intervalMinutes', 'windowDays', 'alertLevel'];
  const stored = screeningKeys.filter((key) => settings.stored.includes(key));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) change.mutate(pending);
  };

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2">
          <SlidersHorizontal className="size-5 text-blue-400" aria-hidden="true" />
          {SCREENING_SETTINGS_TITLE}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} aria-label={SCREENING_SETTINGS_TITLE} className="space-y-4">
          {!settings.screeningEnabled && <p className="text-sm text-yellow-300">Continuous screening is off on this server (SCREENING=off): the settings are kept, no run happens.</p>}
          <div className="grid gap-4 sm:grid-cols-2">
            <NumberField field="thresholdKm" label="Threshold" unit="km" env="SCREENING_THRESHOLD_KM" form={form} settings={settings} problem={problems.thresholdKm} onChange={set('thresholdKm')} />
            <NumberField field="intervalMinutes" label="Interval" unit="minutes" env="SCREENING_INTERVAL_MINUTES" form={form} settings={settings} problem={problems.intervalMinutes} onChange={set('intervalMinutes')} />
            <NumberField field="windowDays" label="Window" unit="days" env="SCREENING_WINDOW_DAYS" form={form} settings={settings} problem={problems.windowDays} onChange={set('windowDays')} />
            <div className="space-y-1">
              <Label id={alertId}>Alert level</Label>
              <Select value={form.alertLevel} onValueChange={set('alertLevel')}>
                <SelectTrigger aria-labelledby={alertId} className="h-9">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="high">High and critical</SelectItem>
                  <SelectItem value="critical">Critical only</SelectItem>
                </SelectContent>
              </Select>
              <p className="text-xs text-muted-foreground">{settings.stored.includes('alertLevel') ? `Changed here · ALERT_LEVEL=${settings.defaults.alertLevel} in the environment` : 'From the environment (ALERT_LEVEL)'}</p>
            </div>
          </div>
          {change.error && (
            <Alert variant="destructive" className="p-3">
              <CircleAlert aria-hidden="true" />
              <AlertDescription>{errorMessage(change.error) ?? 'Unknown error'}</AlertDescription>
            </Alert>
          )}
          <div className="flex flex-wrap items-center justify-end gap-2">
            {settings.updatedAt && <span className="mr-auto text-xs text-muted-foreground">{`Last changed ${settings.updatedAt.slice(0, 16).replace('T', ' ')} UTC by ${settings.updatedBy ?? 'someone'}`}</span>}
            {stored.length > 0 && (
              <Button type="button" variant="ghost" size="sm" disabled={change.isPending} onClick={() => change.mutate(Object.fromEntries(stored.map((key) => [key, null])))}>
                <RotateCcw aria-hidden="true" />
                Environment's values
              </Button>
            )}
            <Button type="submit" size="sm" disabled={pending === null || change.isPending}>
              {change.isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
              Save
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
