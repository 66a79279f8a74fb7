import { CircleAlert, LoaderCircle, RotateCcw } from 'lucide-react';
import type { NotificationDelivery } from '@contracts/notifications.ts';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatUtcDateTime } from '@/lib/conjunction-format';
import { errorMessage } from '@/lib/error-message';
import { cn } from '@/lib/utils';
import { useRetryDelivery } from '@/queries/notifications';
import { eventLabel } from './notification-format';

const STATUS_VARIANT = { pending: 'yellow', delivered: 'green', dead: 'red' } as const;

export function DeliveryStatus({ delivery }: { delivery: NotificationDelivery }) {
  return (
    <Badge variant={STATUS_VARIANT[delivery.status]} className="capitalize">
      {delivery.status === 'dead' ? 'Dead letter' : delivery.status}
    </Badge>
  );
}

/**
 * The newest messages of the rules. A dead letter (retries exhausted) is highlighted with its last
 * error and a Retry button: the same delivery, same id, sent again from pending.
 */
export function DeliveriesTable({ deliveries }: { deliveries: NotificationDelivery[] }) {
  const retry = useRetryDelivery();
  if (deliveries.length === 0) return <p className="text-sm text-muted-foreground">No message sent yet.</p>;
  return (
    <div className="space-y-2">
      {retry.isError && (
        <Alert variant="destructive">
          <CircleAlert aria-hidden="true" />
          <AlertDescription>{errorMessage(retry.error) ?? 'Unknown error'}</AlertDescription>
        </Alert>
      )}
      <div className="max-h-96 overflow-auto">
        <table className="w-full text-sm" aria-label="Notification deliveries">
          <thead className="sticky top-0 bg-card text-left text-xs text-muted-foreground">
            <tr>
              <th className="p-2">Created (UTC)</th>
              <th className="p-2">Rule</th>
              <th className="p-2">Target</th>
              <th className="p-2">Event</th>
              <th className="p-2">Subject</th>
              <th className="p-2">Status</th>
              <th className="p-2">Attempts</th>
              <th className="p-2">Last error</th>
              <th className="p-2" />
            </tr>
          </thead>
          <tbody>
            {deliveries.map((d) => {
              const dead = d.status === 'dead';
              return (
                <tr key={d.id} className={cn('border-t align-top', dead && 'bg-red-950/40')} aria-label={`Delivery ${d.id}`} data-status={d.status}>
                  <td className="whitespace-nowrap p-2 font-mono text-xs">{formatUtcDateTime(d.createdAt)}</td>
                  <td className="p-2">{d.ruleId ?? 'removed'}</td>
                  <td className="max-w-48 break-all p-2 font-mono text-xs">{d.target}</td>
                  <td className="p-2">{eventLabel(d.event)}</td>
                  <td className="p-2">{d.subject}</td>
                  <td className="p-2">
                    <DeliveryStatus delivery={d} />
                  </td>
                  <td className="p-2">{d.attempts}</td>
                  <td className={cn('max-w-64 break-words p-2 text-xs', dead ? 'text-red-300' : 'text-muted-foreground')}>{d.lastError ?? '—'}</td>
                  <td className="p-2">
                    {dead && d.ruleId !== null && (
                      <Button type="button" size="sm" variant="outline" className="gap-1" disabled={retry.isPending} onClick={() => retry.mutate(d.id)} aria-label={`Retry delivery ${d.id}`}>
                        {retry.isPending && retry.variables === d.id ? <LoaderCircle className="size-3.5 animate-spin" aria-hidden="true" /> : <RotateCcw className="size-3.5" aria-hidden="true" />}
                        Retry
                      </Button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
