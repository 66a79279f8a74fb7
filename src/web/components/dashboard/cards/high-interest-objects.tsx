import { CircleAlert, Crosshair, LoaderCircle, Pencil, Plus, Trash2 } from 'lucide-react';
import { format, isValid } from 'date-fns';
import { useId, useState, type FormEvent } from 'react';
import type { HighInterestObject, Priority, TrackingStatus } from '@contracts/operations.ts';
import { CardError, CardSpinner } from '@/components/dashboard/cards/threat-overview';
import { ObjectLink } from '@/components/objects/object-link';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ExportCsvButton } from '@/components/ui/export-csv-button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { CsvColumn } from '@/lib/csv';
import { formatShortUtc } from '@/lib/dashboard-format';
import { errorMessage } from '@/lib/error-message';
import { riskStyle } from '@/lib/risk-levels';
import { NO_VALUE } from '@/lib/satellite-format';
import { UtcDate } from '@/lib/utc-date';
import { useCreateHighInterestObject, useDeleteHighInterestObject, useHighInterestObjects, useUpdateHighInterestObject } from '@/queries/high-interest-objects';

export const HIGH_INTEREST_TITLE = 'High Interest Objects';
export const NO_HIGH_INTEREST_TEXT = 'No high interest objects currently tracked';

export const PRIORITIES: readonly Priority[] = ['critical', 'high', 'medium', 'low'];
const PRIORITY_ORDER: Record<Priority, number> = { critical: 0, high: 1, medium: 2, low: 3 };

/** Spec §4: on-track green, delayed yellow, overdue red. */
export const TRACKING_STATUS_VARIANT: Record<TrackingStatus, 'green' | 'yellow' | 'red'> = {
  'on-track': 'green',
  delayed: 'yellow',
  overdue: 'red',
};

/** The watch list, most important first (priority, then name). */
export function sortByPriority(objects: readonly HighInterestObject[]): HighInterestObject[] {
  return [...objects].sort(
    (a, b) => (PRIORITY_ORDER[a.priority] ?? 9) - (PRIORITY_ORDER[b.priority] ?? 9) || a.satelliteName.localeCompare(b.satelliteName),
  );
}

/** Spec §9 'MMM d, yyyy' in UTC ('Mar 1, 2025'); text that is not a date is shown as received. */
export function formatDayUtc(iso: string): string {
  const date = new UtcDate(iso);
  return isValid(date) ? format(date, 'MMM d, yyyy') : iso;
}

/** '90 min'; fractions of a minute keep up to 1 decimal. */
export function formatFrequency(minutes: number): string {
  return `${Number.isInteger(minutes) ? minutes : minutes.toFixed(1)} min`;
}

/** The watch list's CSV (issue 14): every field an entry shows, in full, in the order shown. */
export const HIGH_INTEREST_CSV_COLUMNS: readonly CsvColumn<HighInterestObject>[] = [
  { header: 'Satellite', value: (o) => o.satelliteName },
  { header: 'NORAD ID', value: (o) => o.satelliteId },
  { header: 'Priority', value: (o) => o.priority },
  { header: 'Reason', value: (o) => o.reason },
  { header: 'Special instructions', value: (o) => o.specialInstructions },
  { header: 'Added by', value: (o) => o.addedBy },
  { header: 'Added (UTC)', value: (o) => o.addedDate },
  { header: 'Last observation (UTC)', value: (o) => o.lastObservation },
  { header: 'Tracking frequency (min)', value: (o) => o.trackingFrequency },
  { header: 'Tracking status', value: (o) => o.trackingStatus },
];

export interface HioForm {
  satelliteId: string;
  priority: Priority;
  reason: string;
  specialInstructions: string;
  trackingFrequency: string;
}

export const EMPTY_FORM: HioForm = { satelliteId: '', priority: 'high', reason: '', specialInstructions: '', trackingFrequency: '60' };

function formOf(object: HighInterestObject): HioForm {
  return {
    satelliteId: String(object.satelliteId),
    priority: object.priority,
    reason: object.reason,
    specialInstructions: object.specialInstructions ?? '',
    trackingFrequency: String(object.trackingFrequency),
  };
}

/** The form is sent once it names an object (a positive whole NORAD id), a reason and a positive frequency; the server checks the rest. */
export function canSubmit(form: HioForm): boolean {
  const frequency = Number(form.trackingFrequency);
  return /^\s*[1-9]\d*\s*$/.test(form.satelliteId) && form.reason.trim() !== '' && form.trackingFrequency.trim() !== '' && frequency > 0;
}

/** The request body of the form: create omits empty instructions, edit clears them (null). */
export function formBody(form: HioForm, mode: 'create' | 'edit') {
  const instructions = form.specialInstructions.trim();
  return {
    satelliteId: Number(form.satelliteId),
    priority: form.priority,
    reason: form.reason.trim(),
    trackingFrequency: Number(form.trackingFrequency),
    ...(instructions ? { specialInstructions: instructions } : mode === 'edit' ? { specialInstructions: null } : {}),
  };
}

function HioFormPanel({ editing, onDone }: { editing: HighInterestObject | null; onDone: () => void }) {
  const id = useId();
  const [form, setForm] = useState<HioForm>(() => (editing ? formOf(editing) : EMPTY_FORM));
  const create = useCreateHighInterestObject();
  const update = useUpdateHighInterestObject();
  const mutation = editing ? update : create;
  const title = editing ? `Edit ${editing.satelliteName}` : 'Add high interest object';
  const set = (key: keyof HioForm, value: string) => setForm((previous) => ({ ...previous, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit(form) || mutation.isPending) return;
    if (editing) {
      const { satelliteId: _unchanged, ...changes } = formBody(form, 'edit');
      update.mutate({ id: editing.id, changes }, { onSuccess: onDone });
    } else {
      create.mutate(formBody(form, 'create'), { onSuccess: onDone });
    }
  };

  return (
    <form aria-label={title} onSubmit={submit} className="space-y-3 rounded-md border border-primary/40 bg-background/60 p-3">
      <p className="text-sm font-semibold">{title}</p>
      <div className="grid grid-cols-2 gap-3">
        <div className="space-y-1">
          <Label htmlFor={`${id}-norad`}>NORAD ID</Label>
          <Input
            id={`${id}-norad`}
            inputMode="numeric"
            value={form.satelliteId}
            disabled={editing !== null}
            onChange={(event) => set('satelliteId', event.target.value)}
            placeholder="e.g. 25544"
            className="h-9"
          />
        </div>
        <div className="space-y-1">
          <Label id={`${id}-priority`}>Priority</Label>
          <Select value={form.priority} onValueChange={(value) => set('priority', value)}>
            <SelectTrigger aria-labelledby={`${id}-priority`} className="h-9 capitalize">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {PRIORITIES.map((priority) => (
                <SelectItem key={priority} value={priority} className="capitalize">
                  {priority}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${id}-reason`}>Reason</Label>
        <Input id={`${id}-reason`} value={form.reason} maxLength={500} onChange={(event) => set('reason', event.target.value)} className="h-9" />
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${id}-instructions`}>Special Instructions</Label>
        <textarea
          id={`${id}-instructions`}
          value={form.specialInstructions}
          maxLength={2000}
          rows={2}
          onChange={(event) => set('specialInstructions', event.target.value)}
          className="flex w-full rounded-md border border-input bg-background px-3 py-2 text-sm placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
          placeholder="Optional"
        />
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${id}-frequency`}>Tracking Frequency (minutes)</Label>
        <Input
          id={`${id}-frequency`}
          type="number"
          min="1"
          step="1"
          value={form.trackingFrequency}
          onChange={(event) => set('trackingFrequency', event.target.value)}
          className="h-9"
        />
      </div>
      {mutation.error && (
        <Alert variant="destructive" className="p-3">
          <CircleAlert aria-hidden="true" />
          <AlertDescription>{errorMessage(mutation.error) ?? 'Unknown error'}</AlertDescription>
        </Alert>
      )}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={!canSubmit(form) || mutation.isPending}>
          {mutation.isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
          {editing ? 'Save' : 'Add Object'}
        </Button>
      </div>
    </form>
  );
}

function HioItem({ object, onEdit }: { object: HighInterestObject; onEdit: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteHighInterestObject();
  const fields: Array<[string, string, string?]> = [
    ['Added By', object.addedBy],
    ['Added', formatDayUtc(object.addedDate), object.addedDate],
    ['Last Observed (UTC)', object.lastObservation ? formatShortUtc(object.lastObservation) : NO_VALUE, object.lastObservation ?? undefined],
    ['Tracking Frequency', formatFrequency(object.trackingFrequency)],
  ];
  return (
    <li className="space-y-2 rounded-md border bg-background/40 p-3" aria-label={object.satelliteName}>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate font-medium">
            <ObjectLink norad={object.satelliteId} name={object.satelliteName} />
          </p>
          <p className="font-mono text-xs text-muted-foreground">{`NORAD ${object.satelliteId}`}</p>
        </div>
        <div className="flex shrink-0 items-center gap-1">
          <Badge className={riskStyle(object.priority).badge}>{object.priority.toUpperCase()}</Badge>
          <Button type="button" variant="ghost" className="size-7 p-0" aria-label={`Edit ${object.satelliteName}`} onClick={onEdit}>
            <Pencil aria-hidden="true" />
          </Button>
          <Button
            type="button"
            variant="ghost"
            className="size-7 p-0 text-red-400 hover:text-red-300"
            aria-label={`Remove ${object.satelliteName}`}
            onClick={() => setConfirming(true)}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </div>
      <p className="text-sm">{object.reason}</p>
      {object.specialInstructions && (
        <p className="rounded border border-yellow-500/30 bg-yellow-500/10 px-2 py-1 text-xs text-yellow-200">
          <span className="font-semibold">Special Instructions: </span>
          {object.specialInstructions}
        </p>
      )}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-xs">
        {fields.map(([label, value, title]) => (
          <div key={label} className="min-w-0">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="truncate font-mono font-medium" title={title ?? value}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <div className="flex items-center gap-2 text-xs">
        <span className="text-muted-foreground">Tracking Status</span>
        <Badge variant={TRACKING_STATUS_VARIANT[object.trackingStatus] ?? 'secondary'}>{object.trackingStatus}</Badge>
      </div>
      {confirming && (
        <div role="group" aria-label={`Confirm removal of ${object.satelliteName}`} className="space-y-2 rounded-md border border-destructive/50 bg-destructive/10 p-2 text-xs">
          <p>{`Remove ${object.satelliteName} from the high interest list?`}</p>
          {remove.error && <p className="text-red-300">{errorMessage(remove.error) ?? 'Unknown error'}</p>}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="ghost" size="sm" className="h-7" onClick={() => setConfirming(false)}>
              Keep
            </Button>
            <Button type="button" variant="destructive" size="sm" className="h-7" disabled={remove.isPending} onClick={() => remove.mutate(object.id)}>
              {remove.isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
              Remove
            </Button>
          </div>
        </div>
      )}
    </li>
  );
}

/**
 * Spec §2 High Interest Objects: the watch list from GET
 * /api/high-interest-objects (every 5 s) with priority, reason, instructions,
 * who added it and when, the last observation, the tracking frequency and the
 * server's derived tracking status (§4), names linked to the objects' pages and
 * the list as CSV (issue 14). DECISIONS.md §7: objects are added,
 * edited and removed here too (POST, PATCH, DELETE), the server's 4xx message
 * shown in the form.
 */
export function HighInterestObjectsCard() {
  const titleId = useId();
  const { data, error, isPending } = useHighInterestObjects();
  // null: no form; 'new': the add form; a number: the id being edited.
  const [formFor, setFormFor] = useState<'new' | number | null>(null);
  const objects = data ? sortByPriority(data) : [];
  const editing = typeof formFor === 'number' ? (objects.find((object) => object.id === formFor) ?? null) : null;
  const formOpen = formFor === 'new' || editing !== null;

  return (
    <Card aria-labelledby={titleId} className="flex h-full flex-col">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2 space-y-0">
        <CardTitle id={titleId} className="flex items-center gap-2">
          <Crosshair className="size-5 text-blue-400" aria-hidden="true" />
          {HIGH_INTEREST_TITLE}
        </CardTitle>
        <div className="flex shrink-0 items-center gap-2">
          <ExportCsvButton rows={objects} columns={HIGH_INTEREST_CSV_COLUMNS} name="high-interest-objects" className="h-7 px-2.5 text-xs" />
          <Button type="button" size="sm" variant="outline" className="h-7 shrink-0 px-2.5 text-xs" disabled={formFor === 'new'} onClick={() => setFormFor('new')}>
            <Plus aria-hidden="true" />
            Add
          </Button>
        </div>
      </CardHeader>
      <CardContent className="flex-1 space-y-3">
        {formOpen && <HioFormPanel key={formFor} editing={editing} onDone={() => setFormFor(null)} />}
        {error && <CardError what="high interest objects" error={error} />}
        {isPending && !error && <CardSpinner label="Loading high interest objects" />}
        {data &&
          (objects.length === 0 ? (
            <p className="py-4 text-center text-sm text-muted-foreground">{NO_HIGH_INTEREST_TEXT}</p>
          ) : (
            <ul aria-label="High interest objects" className="max-h-[36rem] space-y-2 overflow-y-auto pr-1">
              {objects.map((object) => (
                <HioItem key={object.id} object={object} onEdit={() => setFormFor(object.id)} />
              ))}
            </ul>
          ))}
      </CardContent>
    </Card>
  );
}
