import type { AlertStatus } from '@contracts/conjunction-events.ts';
import { Badge } from '@/components/ui/badge';
import { ALERT_STATUS_LABELS, ALERT_STATUS_VARIANTS } from '@/lib/alert-status';
import { cn } from '@/lib/utils';

/** An alert's status (issue 29) as a coloured badge: 'New' red, worked on yellow, a decision blue/green, closed grey. */
export function AlertStatusBadge({ status, className }: { status: AlertStatus; className?: string }) {
  return (
    <Badge variant={ALERT_STATUS_VARIANTS[status]} className={cn('whitespace-nowrap', className)} data-alert-status={status}>
      {ALERT_STATUS_LABELS[status]}
    </Badge>
  );
}
