import { CircleAlert, LoaderCircle, Play } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toUtcInputValue } from '@/lib/analysis-window';
import {
  DEFAULT_THRESHOLD_KM,
  DEFAULT_WINDOW_HOURS,
  MAX_THRESHOLD_KM,
  MAX_WINDOW_HOURS,
  startRequest,
  type StartForm,
} from '@/lib/catalog-screening';
import { errorMessage } from '@/lib/error-message';
import { useStartCatalogScreening } from '@/queries/catalog-screenings';

export const START_RUN = 'Start run';

function defaultForm(now: number): StartForm {
  return { start: toUtcInputValue(Math.floor(now / 60_000) * 60_000), hours: String(DEFAULT_WINDOW_HOURS), thresholdKm: String(DEFAULT_THRESHOLD_KM) };
}

interface StartRunDialogProps {
  /** The new run's id, once the server has taken it. */
  onStarted: (id: string) => void;
  /** The trigger's look: the header's outline button, or the empty state's filled one. */
  variant?: 'default' | 'outline';
}

/**
 * 'Start run' and its dialog (issue 13): the window's start (UTC, default now), its length in
 * hours (default 72, at most 168) and the miss-distance threshold (default 5 km, at most 100).
 * Submitting POSTs the run; the dialog closes when the server has taken it, and shows the
 * server's message when it refuses (a 400 naming the field, a 409 while another run is going).
 */
export function StartRunDialog({ onStarted, variant = 'default' }: StartRunDialogProps) {
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<StartForm>(() => defaultForm(Date.now()));
  const [formError, setFormError] = useState<string | null>(null);
  const start = useStartCatalogScreening();
  const fieldId = useId();
  const set = (key: keyof StartForm) => (value: string) => setForm((previous) => ({ ...previous, [key]: value }));

  const openChange = (next: boolean) => {
    if (next) {
      // Every opening starts from now, not from when the page was loaded.
      setForm(defaultForm(Date.now()));
      setFormError(null);
      start.reset();
    }
    setOpen(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const request = startRequest(form);
    if ('error' in request) {
      setFormError(request.error);
      return;
    }
    setFormError(null);
    start.mutate(request.body, {
      onSuccess: ({ id }) => {
        setOpen(false);
        onStarted(id);
      },
    });
  };

  const message = formError ?? (start.error ? (errorMessage(start.error) ?? 'Unknown error') : null);

  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogTrigger asChild>
        <Button type="button" variant={variant}>
          <Play aria-hidden="true" />
          {START_RUN}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Start a catalogue-wide run</DialogTitle>
          <DialogDescription>Every pair of the catalogue is screened over the window; conjunctions closer than the threshold are kept.</DialogDescription>
        </DialogHeader>
        <form className="space-y-4" onSubmit={submit} noValidate>
          <div className="space-y-2">
            <Label htmlFor={`${fieldId}-start`}>Start (UTC)</Label>
            <Input id={`${fieldId}-start`} type="datetime-local" value={form.start} onChange={(event) => set('start')(event.target.value)} />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-2">
              <Label htmlFor={`${fieldId}-hours`}>Window (hours)</Label>
              <Input
                id={`${fieldId}-hours`}
                type="number"
                inputMode="decimal"
                min={1}
                max={MAX_WINDOW_HOURS}
                step="any"
                value={form.hours}
                onChange={(event) => set('hours')(event.target.value)}
              />
              <p className="text-xs text-muted-foreground">{`At most ${MAX_WINDOW_HOURS} h (7 days)`}</p>
            </div>
            <div className="space-y-2">
              <Label htmlFor={`${fieldId}-threshold`}>Threshold (km)</Label>
              <Input
                id={`${fieldId}-threshold`}
                type="number"
                inputMode="decimal"
                min={0}
                max={MAX_THRESHOLD_KM}
                step="any"
                value={form.thresholdKm}
                onChange={(event) => set('thresholdKm')(event.target.value)}
              />
              <p className="text-xs text-muted-foreground">{`Miss distance, at most ${MAX_THRESHOLD_KM} km`}</p>
            </div>
          </div>
          {message && (
            <Alert variant="destructive">
              <CircleAlert aria-hidden="true" />
              <AlertDescription>{message}</AlertDescription>
            </Alert>
          )}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={start.isPending}>
              {start.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Play aria-hidden="true" />}
              Start
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
