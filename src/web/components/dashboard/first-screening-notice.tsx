import { CircleAlert, LoaderCircle } from 'lucide-react';
import { Link } from 'wouter';
import type { DashboardStats } from '@contracts/operations.ts';

export const FIRST_SCREENING_RUNNING = 'The first screening run is in progress: the alerts and counts below appear when it completes.';
export const FIRST_SCREENING_PENDING = 'No screening run has completed yet: the alerts and counts below stay empty until the first one does.';
export const FIRST_SCREENING_FAILED = 'The first screening run failed, so the alerts and counts below are empty.';

/**
 * What the dashboard says before its first screening run has completed (issue 29): after a first start the server
 * screens the fleet against the catalogue for about 40 s, and until then every card reads zero, which looks like a
 * quiet sky rather than "not looked yet". The stats tell it: no `lastScreening` yet, and `screeningStatus` running,
 * idle (not started: the catalogue may still be loading) or failed. Nothing once a run has completed.
 */
export function FirstScreeningNotice({ stats }: { stats: Pick<DashboardStats, 'lastScreening' | 'screeningStatus'> | undefined }) {
  if (!stats || stats.lastScreening !== null) return null;
  if (stats.screeningStatus === 'failed') {
    return (
      <p role="status" className="flex items-center gap-2 rounded-md border border-destructive/60 bg-destructive/10 px-4 py-3 text-sm text-red-200">
        <CircleAlert className="size-4 shrink-0 text-red-400" aria-hidden="true" />
        <span>
          {FIRST_SCREENING_FAILED}{' '}
          <Link href="/analytics" className="pointer-events-auto text-primary hover:underline">
            See the runs
          </Link>
        </span>
      </p>
    );
  }
  return (
    <p role="status" className="flex items-center gap-2 rounded-md border border-primary/50 bg-primary/10 px-4 py-3 text-sm" data-testid="first-screening">
      <LoaderCircle className="size-4 shrink-0 animate-spin text-primary" aria-hidden="true" />
      {stats.screeningStatus === 'running' ? FIRST_SCREENING_RUNNING : FIRST_SCREENING_PENDING}
    </p>
  );
}
