import type { CatalogScreeningStatus } from '@contracts/catalog-screenings.ts';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { STATUS_LABELS } from '@/lib/catalog-screening';

const VARIANTS: Record<CatalogScreeningStatus, BadgeProps['variant']> = {
  queued: 'secondary',
  running: 'blue',
  completed: 'green',
  failed: 'red',
  cancelled: 'yellow',
};

/** A run's status as a coloured badge: queued grey, running blue, completed green, failed red, cancelled yellow. */
export function RunStatusBadge({ status }: { status: CatalogScreeningStatus }) {
  return <Badge variant={VARIANTS[status]}>{STATUS_LABELS[status]}</Badge>;
}
