import { CircleAlert, Dices, LoaderCircle, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import type { MonteCarloCheck } from '@contracts/conjunction-events.ts';
import {
  analyticInInterval,
  formatConfidence,
  formatInterval,
  formatMonteCarloProgress,
  formatMonteCarloWindow,
  formatStoppedBy,
  monteCarloCalledFor,
  monteCarloPercent,
  type MonteCarloResult,
} from '@/components/alerts/monte-carlo-format';
import { PcMethodBadge } from '@/components/alerts/pc-value';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DetailField } from '@/components/ui/detail-field';
import { Progress } from '@/components/ui/progress';
import { formatPc, formatPcOneInN, formatUtcDateTime } from '@/lib/conjunction-format';
import { errorMessage } from '@/lib/error-message';
import { formatGrouped } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useMonteCarloCheck, useStartMonteCarloCheck } from '@/queries/monte-carlo';

export const MONTE_CARLO_EXPLANATION =
  'Draws both objects’ states many times from their covariances at TCA, moves each draw on two-body orbits over CARA’s SDMC window, and counts the draws that come within the hard-body radius: that share is the Pc, with its 95\u00a0% interval.';

export const NO_CHECK_TEXT = 'No Monte Carlo check has been run for this event yet.';

const STATUS_WORDS: Record<'failed' | 'cancelled', string> = { failed: 'Monte Carlo check failed', cancelled: 'Monte Carlo check cancelled' };

interface MonteCarloCardProps {
  conjunctionId: string;
  /** The detail's pcNote: where it says 'Monte Carlo is called for', the card says so before any check. */
  pcNote: string | null;
}

/**
 * The Monte Carlo check of one event (issue 27): what it does, whether the method choice calls for
 * one, 'Run Monte Carlo check' (operators), the progress while it runs (re-read every second), and
 * the result: Pc with its 95 % interval, trials and hits, the window about TCA and how it stopped,
 * beside the event's analytic Pc and whether that lies inside the interval.
 */
export function MonteCarloCard({ conjunctionId, pcNote }: MonteCarloCardProps) {
  const titleId = useId();
  const { data: check, error, isPending } = useMonteCarloCheck(conjunctionId);
  const start = useStartMonteCarloCheck(conjunctionId);
  const running = check?.status === 'running';
  const calledFor = monteCarloCalledFor(check, pcNote);
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3 space-y-0 pb-4">
        <CardTitle id={titleId}>Monte Carlo check</CardTitle>
        <Button type="button" size="sm" onClick={() => start.mutate({})} disabled={running || start.isPending || isPending}>
          {running || start.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Dices aria-hidden="true" />}
          Run Monte Carlo check
        </Button>
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        <p className="text-muted-foreground">{MONTE_CARLO_EXPLANATION}</p>
        {calledFor && (
          <div role="note" aria-label="Monte Carlo called for" className="flex items-start gap-2 rounded-md border border-yellow-500/60 bg-yellow-500/15 p-3 text-yellow-100">
            <TriangleAlert className="mt-0.5 size-4 shrink-0 text-yellow-400" aria-hidden="true" />
            <p>
              <span className="font-semibold">A Monte Carlo is called for</span>
              {calledFor.reason ? `: ${calledFor.reason}.` : ' by this event’s method choice.'}
            </p>
          </div>
        )}
        {start.error && (
          <Alert variant="destructive">
            <CircleAlert aria-hidden="true" />
            <AlertDescription>{`Could not start the Monte Carlo check: ${errorMessage(start.error) ?? 'Unknown error'}`}</AlertDescription>
          </Alert>
        )}
        {isPending && (
          <p role="status" className="flex items-center gap-2 text-muted-foreground">
            <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
            Loading the Monte Carlo check...
          </p>
        )}
        {error && (
          <Alert variant="destructive">
            <CircleAlert aria-hidden="true" />
            <AlertDescription>{`Error loading the Monte Carlo check: ${errorMessage(error) ?? 'Unknown error'}`}</AlertDescription>
          </Alert>
        )}
        {check === null && <p>{NO_CHECK_TEXT}</p>}
        {check && <CheckState check={check} />}
      </CardContent>
    </Card>
  );
}

function CheckState({ check }: { check: MonteCarloCheck }) {
  if (check.status === 'running') return <Running check={check} />;
  if (check.status === 'completed' && check.result) return <Completed check={check} result={check.result} />;
  const failure = check.status === 'completed' ? 'Monte Carlo check ended without a result' : STATUS_WORDS[check.status];
  return (
    <div className="space-y-2">
      <Alert variant="destructive">
        <CircleAlert aria-hidden="true" />
        <AlertDescription>{`${failure}: ${check.error ?? 'no reason given'}`}</AlertDescription>
      </Alert>
      <p className="text-xs text-muted-foreground">{`${formatMonteCarloProgress(check)} when it ended${check.finishedAt ? ` (${formatUtcDateTime(check.finishedAt)} UTC)` : ''}.`}</p>
    </div>
  );
}

function Running({ check }: { check: MonteCarloCheck }) {
  const percent = monteCarloPercent(check);
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span aria-live="polite" className="font-medium tabular-nums">
          {formatMonteCarloProgress(check)}
        </span>
        <span className="font-mono text-xs tabular-nums text-muted-foreground">{`${percent < 1 && percent > 0 ? percent.toFixed(2) : Math.round(percent)} % of the cap`}</span>
      </div>
      <Progress value={percent} aria-label="Monte Carlo progress" />
      <p className="text-xs text-muted-foreground">
        {`Window ${formatMonteCarloWindow(check)}. It stops when the 95 % interval is within ±5 % of the Pc, or at the cap. Started ${formatUtcDateTime(check.startedAt)} UTC.`}
      </p>
    </div>
  );
}

/** What the finished check did to the event (MonteCarloCheck.storedAs). */
export const STORED_AS_TEXT: Record<NonNullable<MonteCarloCheck['storedAs']>, string> = {
  chosen: 'The method choice called for this Monte Carlo: it is now the event’s Pc (method MC), with a new point in its history.',
  beside: 'Shown beside the event’s Pc, which is unchanged: its method choice did not call for a Monte Carlo.',
  stale: 'The event was re-estimated while this check ran; its newer estimate stands. Run the check again to update it.',
};

function Completed({ check, result }: { check: MonteCarloCheck; result: MonteCarloResult }) {
  const interval = `${formatConfidence(result.confidence)} interval`;
  const verdict = analyticInInterval(check.analyticPc, result);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <section aria-label="Monte Carlo result" className="space-y-2">
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3">
          <DetailField label="Pc (Monte Carlo)" className="col-span-2" valueClassName="text-lg font-semibold">
            <span className="tabular-nums" title={formatPcOneInN(result.pc)}>
              {formatPc(result.pc)}
            </span>
          </DetailField>
          <DetailField label={interval} className="col-span-2" valueClassName="tabular-nums">
            {formatInterval(result)}
          </DetailField>
          <DetailField label="Trials" valueClassName="tabular-nums">
            {formatGrouped(check.samples)}
          </DetailField>
          <DetailField label="Hits" valueClassName="tabular-nums">
            {formatGrouped(check.hits)}
          </DetailField>
          <DetailField label="Window" className="col-span-2">
            {formatMonteCarloWindow(check)}
          </DetailField>
          <DetailField label="Stopped" className="col-span-2">
            {formatStoppedBy(result, check.maxSamples)}
          </DetailField>
        </dl>
        <p className="text-xs text-muted-foreground">{`Seed ${check.seed}${check.finishedAt ? `, finished ${formatUtcDateTime(check.finishedAt)} UTC` : ''}.`}</p>
      </section>
      <section aria-label="Analytic Pc" className="space-y-3 rounded-md border bg-muted/20 p-3">
        <dl className="grid gap-y-3">
          <DetailField label="Analytic Pc (the event’s)" valueClassName="text-lg font-semibold">
            <span className="inline-flex items-center gap-1.5">
              <span className="tabular-nums" title={check.analyticPc === null ? 'No Pc' : formatPcOneInN(check.analyticPc)}>
                {formatPc(check.analyticPc)}
              </span>{' '}
              <PcMethodBadge method={check.analyticMethod} />
            </span>
          </DetailField>
        </dl>
        <p className={cn('font-medium', verdict === 'inside' ? 'text-green-400' : verdict === 'outside' ? 'text-yellow-300' : 'text-muted-foreground')}>
          {verdict === null ? 'The event has no analytic Pc to compare.' : `The analytic Pc lies ${verdict} the ${interval}.`}
        </p>
        {check.storedAs && <p>{STORED_AS_TEXT[check.storedAs]}</p>}
      </section>
    </div>
  );
}
