import { CircleAlert, LoaderCircle, Square } from 'lucide-react';
import { useId } from 'react';
import type { CatalogScreening, ShardProgress } from '@contracts/catalog-screenings.ts';
import { RunStatusBadge } from '@/components/analytics/run-status-badge';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { formatPercent, formatSlice, formatWindow, RUN_STAGE_LABELS, SHARD_STAGE_LABELS } from '@/lib/catalog-screening';
import { errorMessage } from '@/lib/error-message';
import { cn } from '@/lib/utils';

const SHARD_STATUS_LABELS: Record<ShardProgress['status'], string> = { queued: 'Queued', running: 'Running', done: 'Done', cancelled: 'Cancelled', failed: 'Failed' };

const SHARD_STATUS_CLASS: Record<ShardProgress['status'], string> = {
  queued: 'text-muted-foreground',
  running: 'text-blue-400',
  done: 'text-green-400',
  cancelled: 'text-muted-foreground',
  failed: 'text-red-400',
};

const EXECUTION_LABELS: Record<CatalogScreening['execution'], string> = {
  threads: 'the server’s worker threads',
  queue: 'ssa worker processes (job queue)',
};

interface RunProgressCardProps {
  run: CatalogScreening;
  onCancel: () => void;
  cancelling: boolean;
  cancelError: Error | null;
}

/**
 * A queued or running run (issue 13): the overall progress and stage, each shard's slice of
 * the window with its status, stage, share done, worker and attempts, the workers, and
 * 'Cancel run'. The page re-reads the run every 2 s until it ends.
 */
export function RunProgressCard({ run, onCancel, cancelling, cancelError }: RunProgressCardProps) {
  const titleId = useId();
  const { progress } = run;
  const shards = progress.shards;
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3 space-y-0 pb-4">
        <div className="flex flex-wrap items-center gap-3">
          <CardTitle id={titleId} className="text-base">
            Run in progress
          </CardTitle>
          <RunStatusBadge status={run.status} />
          <span className="font-mono text-xs text-muted-foreground">{formatWindow(run)}</span>
        </div>
        <Button type="button" variant="destructive" size="sm" onClick={onCancel} disabled={cancelling}>
          {cancelling ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Square aria-hidden="true" />}
          Cancel run
        </Button>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="space-y-2">
          <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
            <span aria-live="polite">
              <span className="font-medium">{RUN_STAGE_LABELS[progress.stage]}</span>
              <span className="text-muted-foreground">{` · ${progress.shardsDone} of ${shards.length} shards done`}</span>
            </span>
            <span className="font-mono tabular-nums">{formatPercent(progress.fraction)}</span>
          </div>
          <Progress value={progress.fraction * 100} aria-label="Run progress" />
          <p className="text-xs text-muted-foreground">{`Runs on ${EXECUTION_LABELS[run.execution]}.`}</p>
        </div>
        {cancelError && (
          <Alert variant="destructive">
            <CircleAlert aria-hidden="true" />
            <AlertDescription>{`Could not cancel the run: ${errorMessage(cancelError) ?? 'Unknown error'}`}</AlertDescription>
          </Alert>
        )}
        <div className="grid gap-4 lg:grid-cols-[1fr_16rem]">
          <div className="overflow-x-auto rounded-md border">
            <table className="w-full text-xs" aria-label="Shards">
              <thead className="bg-muted/40 text-muted-foreground">
                <tr>
                  <th scope="col" className="px-2 py-1.5 text-right font-medium">Shard</th>
                  <th scope="col" className="px-2 py-1.5 text-left font-medium">Slice (UTC)</th>
                  <th scope="col" className="px-2 py-1.5 text-left font-medium">Status</th>
                  <th scope="col" className="px-2 py-1.5 text-left font-medium">Stage</th>
                  <th scope="col" className="px-2 py-1.5 text-left font-medium">Done</th>
                  <th scope="col" className="px-2 py-1.5 text-left font-medium">Worker</th>
                  <th scope="col" className="px-2 py-1.5 text-right font-medium">Attempts</th>
                </tr>
              </thead>
              <tbody>
                {shards.map((shard) => (
                  <tr key={shard.shard} className="border-t">
                    <td className="px-2 py-1 text-right font-mono tabular-nums">{shard.shard}</td>
                    <td className="whitespace-nowrap px-2 py-1 font-mono">{formatSlice(shard)}</td>
                    <td className={cn('px-2 py-1', SHARD_STATUS_CLASS[shard.status])}>{SHARD_STATUS_LABELS[shard.status]}</td>
                    <td className="px-2 py-1">{shard.stage ? SHARD_STAGE_LABELS[shard.stage] : '—'}</td>
                    <td className="px-2 py-1">
                      <span className="flex items-center gap-2">
                        <Progress value={shard.fraction * 100} className="h-1.5 w-16" aria-label={`Shard ${shard.shard} progress`} />
                        <span className="font-mono tabular-nums">{formatPercent(shard.fraction)}</span>
                      </span>
                    </td>
                    <td className="max-w-48 truncate px-2 py-1 font-mono" title={shard.worker ?? undefined}>
                      {shard.worker ?? '—'}
                    </td>
                    <td className={cn('px-2 py-1 text-right font-mono tabular-nums', shard.attempts > 1 && 'text-yellow-400')}>{shard.attempts}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {shards.length === 0 && <p className="px-3 py-4 text-center text-sm text-muted-foreground">The run has not been split into shards yet.</p>}
          </div>
          <section aria-labelledby={`${titleId}-workers`} className="space-y-2">
            <h3 id={`${titleId}-workers`} className="text-sm font-medium">{`Workers (${progress.workers.length})`}</h3>
            {progress.workers.length > 0 ? (
              <ul className="space-y-1 font-mono text-xs">
                {progress.workers.map((worker) => (
                  <li key={worker} className="truncate rounded border px-2 py-1" title={worker}>
                    {worker}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-xs text-muted-foreground">No worker has taken a shard yet.</p>
            )}
          </section>
        </div>
      </CardContent>
    </Card>
  );
}
