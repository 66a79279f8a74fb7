import { CircleAlert, LoaderCircle, Plus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { NOTIFICATION_EVENTS, type NotificationEvent, type NotificationRuleCreate } from '@contracts/notifications.ts';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/error-message';
import { cn } from '@/lib/utils';
import { useCreateNotificationRule } from '@/queries/notifications';
import { EVENT_LABELS, selectClass } from './notification-format';

export const ADD_RULE_LABEL = 'Add a notification rule';

type Channel = 'webhook' | 'email';

/**
 * A new rule: a webhook (URL and signing secret) or an e-mail address, the lowest risk or Pc that
 * fires it, fleet objects or all, and its events. The server checks everything (a webhook's URL,
 * the secret's length, e-mail only for the daily digest) and its refusal is shown as it says it.
 */
export function RuleForm() {
  const id = useId();
  const create = useCreateNotificationRule();
  const [channel, setChannel] = useState<Channel>('webhook');
  const [target, setTarget] = useState('');
  const [secret, setSecret] = useState('');
  const [minRisk, setMinRisk] = useState<'' | 'critical' | 'high' | 'medium' | 'low'>('high');
  const [minPc, setMinPc] = useState('');
  const [scope, setScope] = useState<'fleet' | 'all'>('fleet');
  const [events, setEvents] = useState<NotificationEvent[]>(['new_alert', 'risk_raised']);
  const [tcaHours, setTcaHours] = useState('24');

  const toggle = (event: NotificationEvent, on: boolean) => setEvents((previous) => (on ? [...previous, event] : previous.filter((e) => e !== event)));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // An empty Pc is no condition; the form refuses one outside [0, 1] before sending.
    const pc = minPc.trim() === '' ? null : Number(minPc);
    const rule: NotificationRuleCreate = {
      channel,
      target: target.trim(),
      ...(channel === 'webhook' && secret !== '' && { secret }),
      minRisk: minRisk === '' ? null : minRisk,
      minPc: pc !== null && Number.isFinite(pc) ? pc : null,
      scope,
      events: channel === 'webhook' ? events.filter((e) => e !== 'daily_digest') : events,
      tcaWithinHours: Number(tcaHours) > 0 ? Number(tcaHours) : 24,
      enabled: true,
    };
    create.mutate(rule, {
      onSuccess: () => {
        setTarget('');
        setSecret('');
      },
    });
  };

  const pcInvalid = minPc.trim() !== '' && !(Number(minPc) >= 0 && Number(minPc) <= 1);
  return (
    <form onSubmit={submit} aria-label={ADD_RULE_LABEL} className="space-y-3 rounded-md border bg-background/40 p-3">
      <p className="text-sm font-medium">{ADD_RULE_LABEL}</p>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-1">
          <Label htmlFor={`${id}-channel`}>Channel</Label>
          <select id={`${id}-channel`} className={cn(selectClass, 'w-full')} value={channel} onChange={(e) => setChannel(e.target.value as Channel)}>
            <option value="webhook">Webhook</option>
            <option value="email">E-mail</option>
          </select>
        </div>
        <div className="space-y-1 lg:col-span-2">
          <Label htmlFor={`${id}-target`}>{channel === 'webhook' ? 'Webhook URL' : 'E-mail address'}</Label>
          <Input
            id={`${id}-target`}
            className="h-9"
            value={target}
            onChange={(e) => setTarget(e.target.value)}
            placeholder={channel === 'webhook' ? 'https://chat.example.org/hooks/…' : 'ops@example.org'}
            // Plain text: the server's check (and its message) decides, not the browser's.
            type="text"
          />
        </div>
        {channel === 'webhook' && (
          <div className="space-y-1">
            <Label htmlFor={`${id}-secret`}>Signing secret</Label>
            <Input id={`${id}-secret`} className="h-9" type="password" autoComplete="new-password" value={secret} onChange={(e) => setSecret(e.target.value)} aria-describedby={`${id}-secret-hint`} />
            <p id={`${id}-secret-hint`} className="text-xs text-muted-foreground">
              At least 16 characters; stored encrypted, never shown again.
            </p>
          </div>
        )}
        <div className="space-y-1">
          <Label htmlFor={`${id}-risk`}>Minimum risk</Label>
          <select id={`${id}-risk`} className={cn(selectClass, 'w-full')} value={minRisk} onChange={(e) => setMinRisk(e.target.value as typeof minRisk)}>
            <option value="">Any (or the Pc alone)</option>
            <option value="critical">Critical</option>
            <option value="high">High</option>
            <option value="medium">Medium</option>
            <option value="low">Low</option>
          </select>
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${id}-pc`}>Minimum Pc</Label>
          <Input id={`${id}-pc`} className="h-9" inputMode="decimal" placeholder="e.g. 1e-5" value={minPc} onChange={(e) => setMinPc(e.target.value)} aria-invalid={pcInvalid} aria-describedby={`${id}-pc-hint`} />
          <p id={`${id}-pc-hint`} className={pcInvalid ? 'text-xs text-red-300' : 'text-xs text-muted-foreground'}>
            {pcInvalid ? 'A probability from 0 to 1' : 'Optional; with a minimum risk, either one fires the rule'}
          </p>
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${id}-scope`}>Objects</Label>
          <select id={`${id}-scope`} className={cn(selectClass, 'w-full')} value={scope} onChange={(e) => setScope(e.target.value as 'fleet' | 'all')}>
            <option value="fleet">Fleet objects</option>
            <option value="all">All stored events</option>
          </select>
        </div>
        {events.includes('tca_near') && (
          <div className="space-y-1">
            <Label htmlFor={`${id}-tca`}>TCA within (hours)</Label>
            <Input id={`${id}-tca`} className="h-9" inputMode="decimal" value={tcaHours} onChange={(e) => setTcaHours(e.target.value)} />
          </div>
        )}
      </div>
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium">Events</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {NOTIFICATION_EVENTS.map((event) => {
            const emailOnly = event === 'daily_digest' && channel === 'webhook';
            return (
              <label key={event} className={cn('flex items-center gap-1.5 text-sm', emailOnly && 'text-muted-foreground')} title={emailOnly ? 'The daily digest is sent by e-mail only' : undefined}>
                <input type="checkbox" checked={events.includes(event) && !emailOnly} disabled={emailOnly} onChange={(e) => toggle(event, e.target.checked)} />
                {EVENT_LABELS[event]}
              </label>
            );
          })}
        </div>
      </fieldset>
      {create.isError && (
        <Alert variant="destructive">
          <CircleAlert aria-hidden="true" />
          <AlertDescription>{errorMessage(create.error) ?? 'Unknown error'}</AlertDescription>
        </Alert>
      )}
      <Button type="submit" size="sm" disabled={create.isPending || pcInvalid} className="gap-1.5">
        {create.isPending ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : <Plus className="size-4" aria-hidden="true" />}
        Add rule
      </Button>
    </form>
  );
}
