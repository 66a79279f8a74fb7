import { AlertTriangle } from 'lucide-react';
import { useId } from 'react';
import { useLocation } from 'wouter';
import type { Conjunction } from '../../../../contracts/operations.ts';
import { RiskBadge } from '@/components/sst/risk-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatMetres, formatOneInN, formatUtcClock } from '@/lib/dashboard-format';
import { errorMessage } from '@/lib/error-message';
import { cn } from '@/lib/utils';
import { useActiveConjunctions, useSelectedConjunction } from '@/queries/conjunctions';

/** Spec §2: the loading and empty texts of the card. */
export const CRITICAL_CONJUNCTIONS_LOADING = 'Loading critical conjunctions...';
export const CRITICAL_CONJUNCTIONS_EMPTY = 'No active conjunctions';

/**
 * Spec §2 Critical Conjunctions: the open conjunctions of the fleet (polled
 * every 5 s), each with its risk, the pair, TCA (UTC), miss distance and
 * probability. Clicking an entry shows it in the Conjunction Analysis card;
 * 'View All Conjunctions' opens the Conjunction Alerts screen (issue 11; the
 * spec's button had no action).
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
        <Button type="button" variant="outline" className="mt-auto w-full" onClick={() => navigate('/alerts')}>
          View All Conjunctions
        </Button>
      </CardContent>
    </Card>
  );
}

function ConjunctionEntry({ conjunction, selected, onSelect }: { conjunction: Conjunction; selected: boolean; onSelect: () => void }) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      title="Show in Conjunction Analysis"
      onClick={onSelect}
      className={cn(
        'block w-full rounded-md border p-3 text-left text-sm transition-colors hover:bg-accent/50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        selected && 'border-blue-500/70 bg-accent/30',
      )}
    >
      <span className="flex items-center justify-between gap-2">
        <span className="font-mono font-medium">{conjunction.conjunctionId}</span>
        <RiskBadge level={conjunction.riskLevel} />
      </span>
      <span className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
        <Field label="Primary" value={conjunction.primaryObject.name} />
        <Field label="Secondary" value={conjunction.secondaryObject.name} />
        <Field label="TCA (UTC)" value={formatUtcClock(conjunction.tca)} />
        <Field label="Miss Distance" value={formatMetres(conjunction.missDistance)} />
        <Field label="Probability" value={formatOneInN(conjunction.probability)} />
      </span>
    </button>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <span className="min-w-0">
      <span className="block text-muted-foreground">{label}</span>
      <span className="block truncate font-medium">{value}</span>
    </span>
  );
}
