import { useId, type MouseEvent } from 'react';
import type { ConjunctionLogEntry, ConjunctionLogKind } from '@contracts/conjunction-events.ts';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ALERT_STATUS_LABELS } from '@/lib/alert-status';
import { formatUtcDateTime } from '@/lib/conjunction-format';

export const NO_LOG_TEXT = 'Nothing has been recorded for this event yet.';

/** Who an entry of the system (screening, CDM import, plan screening) is by. */
export const SYSTEM_ACTOR = 'system';

export const LOG_KIND_LABELS: Record<ConjunctionLogKind, string> = {
  detected: 'Detected',
  estimate: 'New estimate',
  plan_requested: 'Plan requested',
  plan_screened: 'Plan screened',
  plan_failed: 'Plan failed',
  plan_chosen: 'Plan chosen',
  plan_discarded: 'Plan discarded',
  closed: 'Closed',
  status: 'Status changed',
  assigned: 'Assigned',
  comment: 'Comment',
  reopened: 'Reopened',
  risk_raised: 'Risk raised',
};

const KIND_VARIANTS: Partial<Record<ConjunctionLogKind, BadgeProps['variant']>> = {
  detected: 'blue',
  plan_failed: 'red',
  plan_chosen: 'green',
  closed: 'secondary',
  status: 'yellow',
  reopened: 'red',
  risk_raised: 'red',
};

/** The plan's item in the Plan avoidance card (avoidance-plans.tsx). */
export function planAnchorId(planId: number): string {
  return `plan-${planId}`;
}

/** Scrolls to the plan in the Plan avoidance card without touching the address (the link's #plan-N is the fallback). */
function showPlan(event: MouseEvent<HTMLAnchorElement>, planId: number) {
  const target = document.getElementById(planAnchorId(planId));
  if (!target) return;
  event.preventDefault();
  target.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

/**
 * What happened to the event (issue 28), oldest first, as the server logs it (ConjunctionDetail.log):
 * each entry's time (UTC), what kind of thing happened, who did it ('system' for screening, CDM
 * imports and plan screenings) and the server's words. An entry about an avoidance plan links to
 * the plan in the Plan avoidance card. The alert's own changes (issue 29) also show the move ('New → Acknowledged')
 * and the operator's comment or assignment note as written.
 */
export function EventLogCard({ log }: { log: readonly ConjunctionLogEntry[] }) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader className="pb-4">
        <CardTitle id={titleId}>Event history</CardTitle>
        <CardDescription>What happened to the event, oldest first: detection, new estimates, the alert's moves, assignments and comments, avoidance plans and their decisions, closing.</CardDescription>
      </CardHeader>
      <CardContent className="text-sm">
        {log.length === 0 ? (
          <p className="text-muted-foreground">{NO_LOG_TEXT}</p>
        ) : (
          <ol aria-label="Event history" className="space-y-3 border-l pl-4">
            {log.map((entry, index) => (
              <LogItem key={`${entry.at}|${entry.kind}|${entry.planId ?? ''}|${index}`} entry={entry} />
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

function LogItem({ entry }: { entry: ConjunctionLogEntry }) {
  const actor = entry.actor ?? SYSTEM_ACTOR;
  const { planId } = entry;
  return (
    // The spaces between the parts (not drawn in the flex row) make the item read as one sentence: '2026-01-10 09:20:00 UTC Plan chosen by olga Plan 1 chosen'.
    <li className="relative space-y-1 before:absolute before:-left-[21px] before:top-1.5 before:size-2 before:rounded-full before:bg-muted-foreground/60" data-kind={entry.kind}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <time dateTime={entry.at} className="text-xs tabular-nums text-muted-foreground">{`${formatUtcDateTime(entry.at)} UTC`}</time>{' '}
        <Badge variant={KIND_VARIANTS[entry.kind] ?? 'outline'}>{LOG_KIND_LABELS[entry.kind]}</Badge>{' '}
        <span className={entry.actor === null ? 'text-xs text-muted-foreground' : 'text-xs font-medium'}>
          <span className="sr-only">by </span>
          {actor}
        </span>
      </div>{' '}
      <p className="break-words">
        {entry.text}
        {entry.fromStatus && entry.toStatus && entry.fromStatus !== entry.toStatus && (
          <>
            {' '}
            <span className="whitespace-nowrap text-xs text-muted-foreground" data-testid="log-transition">{`(${ALERT_STATUS_LABELS[entry.fromStatus]} → ${ALERT_STATUS_LABELS[entry.toStatus]})`}</span>
          </>
        )}
        {planId !== null && (
          <>
            {' '}
            <a href={`#${planAnchorId(planId)}`} onClick={(event) => showPlan(event, planId)} className="whitespace-nowrap text-primary hover:underline">
              {`Show plan ${planId}`}
            </a>
          </>
        )}
      </p>
      {entry.comment && (
        <blockquote className="whitespace-pre-wrap break-words border-l-2 border-primary/50 pl-2 text-muted-foreground">
          <span className="sr-only">Comment: </span>
          {entry.comment}
        </blockquote>
      )}
    </li>
  );
}
