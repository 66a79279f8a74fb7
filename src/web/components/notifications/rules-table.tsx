import { CircleAlert, LoaderCircle, Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { NotificationDelivery, NotificationRule } from '@contracts/notifications.ts';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';
import { useDeleteNotificationRule, useTestNotificationRule, useUpdateNotificationRule } from '@/queries/notifications';
import { eventLabel, pcLabel } from './notification-format';
import { DeliveryStatus } from './deliveries-table';

/**
 * The rules with their actions: enable or disable, send a test message (its delivery's status
 * follows, from the deliveries list), delete (asked twice). `deliveries` is the card's newest
 * deliveries list, where a test message's later status is read.
 */
export function RulesTable({ rules, deliveries }: { rules: NotificationRule[]; deliveries: NotificationDelivery[] }) {
  const update = useUpdateNotificationRule();
  const remove = useDeleteNotificationRule();
  const test = useTestNotificationRule();
  const [tests, setTests] = useState<Record<number, NotificationDelivery>>({});
  const [confirming, setConfirming] = useState<number | undefined>();
  const failed = [update, remove, test].find((m) => m.isError);

  if (rules.length === 0) return <p className="text-sm text-muted-foreground">No notification rule yet: nothing leaves the server.</p>;
  return (
    <div className="space-y-2">
      {failed && (
        <Alert variant="destructive">
          <CircleAlert aria-hidden="true" />
          <AlertDescription>{errorMessage(failed.error) ?? 'Unknown error'}</AlertDescription>
        </Alert>
      )}
      <div className="overflow-x-auto">
        <table className="w-full text-sm" aria-label="Notification rules">
          <thead className="text-left text-xs text-muted-foreground">
            <tr>
              <th className="p-2">Channel</th>
              <th className="p-2">Target</th>
              <th className="p-2">Min risk</th>
              <th className="p-2">Min Pc</th>
              <th className="p-2">Objects</th>
              <th className="p-2">Events</th>
              <th className="p-2">Secret</th>
              <th className="p-2">Enabled</th>
              <th className="p-2">Actions</th>
            </tr>
          </thead>
          <tbody>
            {rules.map((rule) => {
              const sent = tests[rule.id];
              const latest = sent ? (deliveries.find((d) => d.id === sent.id) ?? sent) : undefined;
              return (
                <tr key={rule.id} className="border-t align-top" aria-label={`Rule ${rule.id}: ${rule.target}`}>
                  <td className="p-2">{rule.channel === 'webhook' ? 'Webhook' : 'E-mail'}</td>
                  <td className="max-w-64 break-all p-2 font-mono text-xs">{rule.target}</td>
                  <td className="p-2 capitalize">{rule.minRisk ?? 'Any'}</td>
                  <td className="p-2">{pcLabel(rule.minPc)}</td>
                  <td className="p-2">{rule.scope === 'fleet' ? 'Fleet' : 'All'}</td>
                  <td className="p-2">{rule.events.map((e) => (e === 'tca_near' ? `${eventLabel(e)} (${rule.tcaWithinHours} h)` : eventLabel(e))).join(', ')}</td>
                  <td className="p-2">{rule.channel === 'webhook' ? (rule.hasSecret ? 'Stored' : 'Missing') : '—'}</td>
                  <td className="p-2">
                    <label className="flex items-center gap-1.5">
                      <input type="checkbox" checked={rule.enabled} disabled={update.isPending} onChange={(e) => update.mutate({ id: rule.id, patch: { enabled: e.target.checked } })} aria-label={`Rule ${rule.id} enabled`} />
                      {rule.enabled ? 'On' : 'Off'}
                    </label>
                  </td>
                  <td className="space-y-1 p-2">
                    <div className="flex flex-wrap gap-1.5">
                      <Button
                        type="button"
                        size="sm"
                        variant="outline"
                        className="gap-1"
                        disabled={test.isPending}
                        onClick={() => test.mutate(rule.id, { onSuccess: (delivery) => setTests((previous) => ({ ...previous, [rule.id]: delivery })) })}
                        aria-label={`Send a test message of rule ${rule.id}`}
                      >
                        {test.isPending && test.variables === rule.id ? <LoaderCircle className="size-3.5 animate-spin" aria-hidden="true" /> : <Send className="size-3.5" aria-hidden="true" />}
                        Send test
                      </Button>
                      {confirming === rule.id ? (
                        <Button type="button" size="sm" variant="destructive" className="gap-1" disabled={remove.isPending} onClick={() => remove.mutate(rule.id, { onSettled: () => setConfirming(undefined) })}>
                          <Trash2 className="size-3.5" aria-hidden="true" />
                          Confirm delete
                        </Button>
                      ) : (
                        <Button type="button" size="sm" variant="outline" className="gap-1" onClick={() => setConfirming(rule.id)} aria-label={`Delete rule ${rule.id}`}>
                          <Trash2 className="size-3.5" aria-hidden="true" />
                          Delete
                        </Button>
                      )}
                    </div>
                    {latest && (
                      <p className="text-xs" role="status" aria-label={`Test message of rule ${rule.id}`}>
                        Test message: <DeliveryStatus delivery={latest} />
                        {latest.lastError && <span className="ml-1 text-red-300">{latest.lastError}</span>}
                      </p>
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
