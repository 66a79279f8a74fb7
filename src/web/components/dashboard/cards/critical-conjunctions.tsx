import { AlertTriangle } from 'lucide-react';
import { useId, type MouseEvent, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import type { Conjunction } from '@contracts/operations.ts';
import { ObjectLink } from '@/components/objects/object-link';
import { RiskBadge } from '@/components/sst/risk-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ExportCsvButton } from '@/components/ui/export-csv-button';
import type { CsvColumn } from '@/lib/csv';
import { formatMetres, formatOneInN, formatUtcClock } from '@/lib/dashboard-format';
import { errorMessage } from '@/lib/error-message';
import { cn } from '@/lib/utils';
import { useActiveConjunctions, useSelectedConjunction } from '@/queries/conjunctions';

/** Spec §2: the loading and empty texts of the card. */
export const CRITICAL_CONJUNCTIONS_LOADING = 'Loading critical conjunctions...';
export const CRITICAL_CONJUNCTIONS_EMPTY = 'No active conjunctions';

/** The list's CSV (issue 14): what an entry shows, in full, with the miss vector and the event's times. */
export const CRITICAL_CONJUNCTIONS_CSV_COLUMNS: readonly CsvColumn<Conjunction>[] = [
  { header: 'Conjunction ID', value: (c) => c.conjunctionId },
  { header: 'Risk', value: (c) => c.riskLevel },
  { header: 'Status', value: (c) => c.status },
  { header: 'Primary', value: (c) => c.primaryObject.name },
  { header: 'Primary NORAD ID', value: (c) => c.primaryObject.noradId },
  { header: 'Secondary', value: (c) => c.secondaryObject.name },
  { header: 'Secondary NORAD ID', value: (c) => c.secondaryObject.noradId },
  { header: 'TCA (UTC)', value: (c) => c.tca },
  { header: 'Miss distance (m)', value: (c) => c.missDistance },
  { header: 'Radial (m)', value: (c) => c.radial },
  { header: 'In-track (m)', value: (c) => c.inTrack },
  { header: 'Cross-track (m)', value: (c) => c.crossTrack },
  { header: 'Relative velocity (km/s)', value: (c) => c.relativeVelocity },
  { header: 'Pc', value: (c) => c.collisionProbability },
  { header: 'Max Pc', value: (c) => c.maxCollisionProbability },
  { header: 'Probability (1:N)', value: (c) => c.probability },
  { header: 'First detected (UTC)', value: (c) => c.firstDetected },
  { header: 'Last update (UTC)', value: (c) => c.lastUpdated },
];

/**
 * Spec §2 Critical Conjunctions: the open conjunctions of the fleet (polled
 * every 5 s), each with its risk, the pair (each name a link to the object's
 * page, issue 14), TCA (UTC), miss distance and probability, and their CSV.
 * Clicking an entry shows it in the Conjunction Analysis card; 'View All
 * Conjunctions' opens the Conjunction Alerts screen (issue 11; the spec's
 * button had no action).
 */
export function CriticalConjunctionsCard() {
  const titleId = useId();
  const { data, isPending, error } = useActiveConjunctions();
  const [selected, select] = useSelectedConjunction();
  const [, navigate] = useLocation();
  const conjunctions = data ?? [];
  return (
    <Card aria-labelledby={titleId} className="flex h-full flex-col">
      <CardHeader className="flex-row items-center justify-between gap-2 space-y-0">
        <CardTitle id={titleId} className="flex items-center gap-2">
          <AlertTriangle className="size-5 text-red-500" aria-hidden="true" />
          Critical Conjunctions
        </CardTitle>
        <Badge variant="red" className="whitespace-nowrap">{`${conjunctions.length} Active`}</Badge>
      </CardHeader>
      <CardContent className="flex min-h-0 flex-1 flex-col gap-3">
        {isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            {CRITICAL_CONJUNCTIONS_LOADING}
          </p>
        ) : error && !data ? (
          <p role="alert" className="text-sm text-red-400">
            {`Error: ${errorMessage(error) ?? 'Unknown error'}`}
          </p>
        ) : conjunctions.length === 0 ? (
          <p className="text-sm text-muted-foreground">{CRITICAL_CONJUNCTIONS_EMPTY}</p>
        ) : (
          <ul aria-label="Active conjunctions" className="max-h-96 min-h-0 flex-1 space-y-2 overflow-y-auto pr-1">
            {conjunctions.map((conjunction) => (
              <li key={conjunction.id}>
                <ConjunctionEntry
                  conjunction={conjunction}
                  selected={conjunction.conjunctionId === selected}
                  onSelect={() => select(conjunction.conjunctionId)}
                />
              </li>
            ))}
          </ul>
        )}
        <div className="mt-auto flex gap-2">
          <Button type="button" variant="outline" className="flex-1" onClick={() => navigate('/alerts')}>
            View All Conjunctions
          </Button>
          <ExportCsvButton rows={conjunctions} columns={CRITICAL_CONJUNCTIONS_CSV_COLUMNS} name="critical-conjunctions" className="h-10" />
        </div>
      </CardContent>
    </Card>
  );
}

/**
 * One entry: its id and risk are the button that shows it in Conjunction Analysis (a click
 * elsewhere on the entry does the same), the objects' names link to their pages.
 */
function ConjunctionEntry({ conjunction, selected, onSelect }: { conjunction: Conjunction; selected: boolean; onSelect: () => void }) {
  const selectFromEntry = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target instanceof Element && event.target.closest('a, button')) return;
    onSelect();
  };
  return (
    <div
      onClick={selectFromEntry}
      className={cn('cursor-pointer rounded-md border p-3 text-sm transition-colors hover:bg-accent/50', selected && 'border-blue-500/70 bg-accent/30')}
    >
      <button
        type="button"
        aria-pressed={selected}
        title="Show in Conjunction Analysis"
        onClick={onSelect}
        className="flex w-full items-center justify-between gap-2 rounded-sm text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <span className="font-mono font-medium">{conjunction.conjunctionId}</span>
        <RiskBadge level={conjunction.riskLevel} />
      </button>
      <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
        <Field label="Primary">
          <ObjectLink norad={conjunction.primaryObject.noradId} name={conjunction.primaryObject.name} />
        </Field>
        <Field label="Secondary">
          <ObjectLink norad={conjunction.secondaryObject.noradId} name={conjunction.secondaryObject.name} />
        </Field>
        <Field label="TCA (UTC)">{formatUtcClock(conjunction.tca)}</Field>
        <Field label="Miss Distance">{formatMetres(conjunction.missDistance)}</Field>
        <Field label="Probability">{formatOneInN(conjunction.probability)}</Field>
      </dl>
    </div>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="truncate font-medium">{children}</dd>
    </div>
  );
}
