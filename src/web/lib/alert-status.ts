import type { AlertStatus } from '@contracts/conjunction-events.ts';
import type { BadgeProps } from '@/components/ui/badge';

/*
 * The alert lifecycle in words (issue 29, src/contracts/conjunction-events.ts' ALERT_STATUSES):
 * a status as the badge and the table show it, and the button that moves an alert to it. The
 * server decides which moves are allowed (ConjunctionDetail.allowedStatuses); the page only
 * offers those.
 */

/** The status as shown: 'New', 'Risk accepted'. */
export const ALERT_STATUS_LABELS: Record<AlertStatus, string> = {
  new: 'New',
  acknowledged: 'Acknowledged',
  assessing: 'Assessing',
  mitigating: 'Mitigating',
  risk_accepted: 'Risk accepted',
  false_alarm: 'False alarm',
  closed: 'Closed',
};

/** The button that moves an alert to the status: what the operator does ('new' is only reached by reopening). */
export const ALERT_ACTION_LABELS: Record<AlertStatus, string> = {
  new: 'Reopen',
  acknowledged: 'Acknowledge',
  assessing: 'Start assessment',
  mitigating: 'Mitigating (manoeuvre planned)',
  risk_accepted: 'Accept risk',
  false_alarm: 'False alarm',
  closed: 'Close',
};

/** Badge colours: red while nobody has looked at it, yellow while worked on, green for a decision, grey when closed. */
export const ALERT_STATUS_VARIANTS: Record<AlertStatus, NonNullable<BadgeProps['variant']>> = {
  new: 'red',
  acknowledged: 'yellow',
  assessing: 'yellow',
  mitigating: 'blue',
  risk_accepted: 'green',
  false_alarm: 'green',
  closed: 'secondary',
};

/**
 * The buttons for the moves the server allows from `from`, in lifecycle order: going from `closed` back to an
 * open status is a reopening ('Reopen'; 'Reopen as Assessing' when the server offers more than one).
 */
export function alertActions(from: AlertStatus, allowed: readonly AlertStatus[]): { status: AlertStatus; label: string }[] {
  const reopens: AlertStatus[] = from === 'closed' ? allowed.filter((status) => status !== 'closed') : [];
  return allowed.map((status) => {
    if (!reopens.includes(status)) return { status, label: ALERT_ACTION_LABELS[status] };
    return { status, label: reopens.length === 1 ? ALERT_ACTION_LABELS.new : `Reopen as ${ALERT_STATUS_LABELS[status]}` };
  });
}

/** Unassigned alerts, as the list query's assignee says it. */
export const UNASSIGNED = '-';

/** The assignee as shown: the username, or 'Unassigned'. */
export function formatAssignee(assignee: string | null): string {
  return assignee ?? 'Unassigned';
}
