import type { NotificationEvent } from '@contracts/notifications.ts';

/** How the notifications card names events and writes values. */

export const EVENT_LABELS: Record<NotificationEvent, string> = {
  new_alert: 'New alert',
  risk_raised: 'Risk raised',
  tca_near: 'TCA near',
  plan_screened: 'Plan screened',
  status_changed: 'Status changed',
  daily_digest: 'Daily digest',
};

export function eventLabel(event: string): string {
  return event === 'test' ? 'Test' : (EVENT_LABELS[event as NotificationEvent] ?? event);
}

export function pcLabel(pc: number | null): string {
  return pc === null ? 'Any' : pc.toExponential(1);
}

export const selectClass = 'h-9 rounded-md border border-input bg-background px-2 text-sm';
