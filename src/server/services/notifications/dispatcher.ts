/**
 * The dispatcher's decisions (issue 29): a batch of alert changes (the outbox,
 * conjunction_alert_changes) into deliveries, one per change and matching rule, coalesced so that
 * an alert reaches a rule's receiver at most once a minute. Pure: the repository's dispatch
 * transaction reads the batch and writes what this returns.
 *
 * Coalescing: a change whose alert already has a message for the rule that nobody tried to send
 * yet is merged into it (its change ids appended, re-rendered); otherwise a new message is made,
 * due at once, or 60 s after the pair's last delivered message, so that the changes following it
 * within that minute merge into it instead of making a message each (the storm of a run that moves
 * 1,000 alerts is then one message per alert and rule, and an alert flapping is one a minute).
 */
import type { NotificationEvent } from '../../../contracts/notifications.ts';
import type { AlertChangeRow, AlertEventRow, DispatchBatch, DispatchWrites, NewNotificationDelivery, NotificationRuleRow } from '../../repositories/notification-repository.ts';
import { leadingEvent, notificationEventOf, renderAlertMessage, ruleFires, type AlertFacts, type AlertMessageModel, type ChangeFacts, type RenderedMessage, type RuleFilter } from './messages.ts';

export interface DispatchEnvironment {
  readonly now: Date;
  readonly isFleet: (noradId: number) => boolean;
  readonly objectName?: (noradId: number) => string | null;
  /** The web app's address of an alert, when PUBLIC_ORIGIN is known. */
  readonly link: (conjunctionId: string) => string | null;
  readonly newId: () => string;
  /** At most one message per alert and rule within this many ms (60,000). */
  readonly coalesceMs: number;
}

export function ruleFilterOf(rule: NotificationRuleRow): RuleFilter {
  return { id: rule.id, minRisk: rule.minRisk, minPc: rule.minPc, scope: rule.scope, events: Array.isArray(rule.events) ? (rule.events as string[]) : [], tcaWithinHours: rule.tcaWithinHours };
}

export function alertFactsOf(event: AlertEventRow, objectName?: (noradId: number) => string | null): AlertFacts {
  return {
    id: event.id,
    conjunctionId: event.conjunctionId,
    primaryNorad: event.primaryNorad,
    secondaryNorad: event.secondaryNorad,
    primaryName: objectName?.(event.primaryNorad) ?? null,
    secondaryName: objectName?.(event.secondaryNorad) ?? null,
    tca: event.tca.toISOString(),
    missKm: event.missKm,
    pc: event.pc,
    riskLevel: event.riskLevel,
    status: event.status,
    alertStatus: event.alertStatus,
    assignee: event.assignee,
  };
}

export function changeFactsOf(change: AlertChangeRow, event: NotificationEvent): ChangeFacts {
  return {
    id: change.id,
    event,
    kind: change.kind,
    at: change.at.toISOString(),
    actor: change.actor,
    fromStatus: change.fromStatus,
    toStatus: change.toStatus,
    fromRisk: change.fromRisk,
    toRisk: change.toRisk,
    assignee: change.assignee,
    comment: change.comment,
    reason: change.reason,
    planId: change.planId,
  };
}

/** A stored payload's model, if it has one (alert messages do; tests and digests do not). */
function modelOf(payload: unknown): AlertMessageModel | undefined {
  const model = (payload as RenderedMessage | null)?.model;
  return model && Array.isArray(model.changes) && model.alert ? model : undefined;
}

/**
 * What a delivery keeps of its rendered message: a webhook's subject and data (its JSON body), an
 * e-mail's subject, text and HTML; both with the model a merge re-renders from. A webhook's row
 * holds no text or HTML (they are never sent), which halves it.
 */
export function storedPayload(channel: string, message: RenderedMessage): RenderedMessage {
  return channel === 'webhook' ? { ...message, text: '', html: '' } : { ...message, data: {} };
}

interface Open {
  readonly existing: string | undefined;
  readonly channel: string;
  readonly insert: NewNotificationDelivery | undefined;
  changes: ChangeFacts[];
  alert: AlertFacts;
  firstEvent: NotificationEvent;
}

export function planDispatch(batch: DispatchBatch, env: DispatchEnvironment): DispatchWrites {
  const rules = batch.rules.map((rule) => ({ rule, filter: ruleFilterOf(rule) }));
  const open = new Map<string, Open>();
  for (const row of batch.mergeable) {
    if (row.ruleId === null || row.eventId === null) continue;
    const key = `${row.ruleId}:${row.eventId}`;
    const model = modelOf(row.payload);
    if (!model || open.has(key)) continue;
    open.set(key, { existing: row.id, channel: row.channel, insert: undefined, changes: [...model.changes], alert: model.alert, firstEvent: row.event as NotificationEvent });
  }
  const touched = new Set<Open>();
  for (const change of batch.changes) {
    const event = notificationEventOf(change.kind);
    const alertRow = batch.events.get(change.eventId);
    if (!event || !alertRow) continue;
    // A detection or a raise is reported at the level it reached; other changes at the alert's level now.
    const level = (change.kind === 'detected' || change.kind === 'risk_raised' || change.kind === 'reopened') && change.toRisk ? change.toRisk : alertRow.riskLevel;
    const alert = alertFactsOf(alertRow, env.objectName);
    for (const { rule, filter } of rules) {
      if (rule.channel !== 'webhook' && rule.channel !== 'email') continue;
      if (!ruleFires(filter, event, alert, level, env.isFleet)) continue;
      if (batch.reported.has(`${rule.id}:${change.id}`)) continue;
      const key = `${rule.id}:${change.eventId}`;
      const facts = changeFactsOf(change, event);
      const target = open.get(key);
      if (target) {
        target.changes.push(facts);
        target.alert = alert;
        touched.add(target);
        continue;
      }
      const last = batch.lastDelivered.get(key);
      const due = last && last.getTime() + env.coalesceMs > env.now.getTime() ? new Date(last.getTime() + env.coalesceMs) : env.now;
      const entry: Open = {
        existing: undefined,
        channel: rule.channel,
        insert: {
          id: env.newId(),
          ruleId: rule.id,
          channel: rule.channel,
          target: rule.target,
          event,
          eventId: change.eventId,
          dedupeKey: `change:${change.id}`,
          changeIds: [],
          subject: '',
          payload: {},
          status: 'pending',
          attempts: 0,
          createdAt: env.now,
          nextAttemptAt: due,
        },
        changes: [facts],
        alert,
        firstEvent: event,
      };
      open.set(key, entry);
      touched.add(entry);
    }
  }
  const inserts: NewNotificationDelivery[] = [];
  const merges: { id: string; changeIds: number[]; event: string; subject: string; payload: unknown }[] = [];
  for (const entry of touched) {
    const event = leadingEvent(entry.changes, entry.firstEvent);
    const message = renderAlertMessage(event, { alert: entry.alert, changes: entry.changes, link: env.link(entry.alert.conjunctionId) });
    const changeIds = entry.changes.map((c) => c.id);
    const channel = entry.insert ? entry.insert.channel : entry.channel;
    if (entry.insert) inserts.push({ ...entry.insert, event, subject: message.subject, payload: storedPayload(channel, message), changeIds });
    else merges.push({ id: entry.existing!, changeIds, event, subject: message.subject, payload: storedPayload(channel, message) });
  }
  return { inserts, merges };
}
