/**
 * What a notification says and to whom (issue 29), without I/O or a clock: which rules an alert
 * change fires, the message (the webhook's JSON body; the e-mail's subject, plain text and HTML),
 * the webhook signature, and the retry schedule. The dispatcher and the sender call these.
 */
import { createHmac } from 'node:crypto';
import type { RiskLevel } from '../../../contracts/conjunctions.ts';
import type { NotificationEvent } from '../../../contracts/notifications.ts';

/** The rule fields matching reads (a stored rule, its events parsed). */
export interface RuleFilter {
  readonly id: number;
  readonly minRisk: string | null;
  readonly minPc: number | null;
  readonly scope: string;
  readonly events: readonly string[];
  readonly tcaWithinHours: number;
}

/** The alert a message is about (the stored conjunction event). */
export interface AlertFacts {
  readonly id: number;
  readonly conjunctionId: string;
  readonly primaryNorad: number;
  readonly secondaryNorad: number;
  readonly primaryName?: string | null;
  readonly secondaryName?: string | null;
  readonly tca: string;
  readonly missKm: number;
  readonly pc: number;
  readonly riskLevel: string;
  readonly status: string;
  readonly alertStatus: string;
  readonly assignee: string | null;
}

/** One alert change as a message reports it (a row of conjunction_alert_changes). */
export interface ChangeFacts {
  readonly id: number;
  readonly event: NotificationEvent;
  readonly kind: string;
  readonly at: string;
  readonly actor: string | null;
  readonly fromStatus: string | null;
  readonly toStatus: string | null;
  readonly fromRisk: string | null;
  readonly toRisk: string | null;
  readonly assignee: string | null;
  readonly comment: string | null;
  readonly reason: string | null;
  readonly planId: number | null;
}

const RISK_RANK: Record<RiskLevel, number> = { low: 0, medium: 1, high: 2, critical: 3 };
const rank = (level: string | null | undefined): number => (level && level in RISK_RANK ? RISK_RANK[level as RiskLevel] : -1);

/**
 * The notification event a change kind is, or null when no rule hears it. A comment alone notifies
 * nobody (a thread of remarks would page people for every line); an assignment does, as a status
 * change: the assignee is who needs to know.
 */
export function notificationEventOf(kind: string): NotificationEvent | null {
  switch (kind) {
    case 'detected':
      return 'new_alert';
    case 'risk_raised':
    case 'reopened':
      return 'risk_raised';
    case 'status':
    case 'closed':
    case 'assigned':
      return 'status_changed';
    case 'plan_screened':
      return 'plan_screened';
    default:
      return null;
  }
}

/**
 * Whether the alert meets the rule's level: minRisk and/or minPc; with both, either one suffices
 * (contracts NotificationRule.minPc); with neither, every alert does. `riskLevel` is the level the
 * message reports (a risk_raised change's new level).
 */
export function meetsLevel(rule: Pick<RuleFilter, 'minRisk' | 'minPc'>, riskLevel: string, pc: number): boolean {
  const byRisk = rule.minRisk !== null ? rank(riskLevel) >= rank(rule.minRisk) : null;
  const byPc = rule.minPc !== null ? pc >= rule.minPc : null;
  if (byRisk === null && byPc === null) return true;
  return byRisk === true || byPc === true;
}

/** Whether the rule covers the alert's objects: `fleet` when either object is a fleet member. */
export function inScope(rule: Pick<RuleFilter, 'scope'>, alert: Pick<AlertFacts, 'primaryNorad' | 'secondaryNorad'>, isFleet: (noradId: number) => boolean): boolean {
  return rule.scope === 'all' || isFleet(alert.primaryNorad) || isFleet(alert.secondaryNorad);
}

/** Whether `rule` fires on a change that is `event` about `alert`. */
export function ruleFires(rule: RuleFilter, event: NotificationEvent, alert: AlertFacts, riskLevel: string, isFleet: (noradId: number) => boolean): boolean {
  return rule.events.includes(event) && inScope(rule, alert, isFleet) && meetsLevel(rule, riskLevel, alert.pc);
}

const EVENT_PRIORITY: Record<NotificationEvent, number> = { new_alert: 5, risk_raised: 4, tca_near: 3, status_changed: 2, plan_screened: 1, daily_digest: 0 };

/** The event a coalesced message is sent as: the most pressing of its changes (a new alert before a status move). */
export function leadingEvent(changes: readonly Pick<ChangeFacts, 'event'>[], fallback: NotificationEvent): NotificationEvent {
  let best = fallback;
  for (const c of changes) if (EVENT_PRIORITY[c.event] > EVENT_PRIORITY[best]) best = c.event;
  return best;
}

const EVENT_TITLE: Record<NotificationEvent | 'test', string> = {
  new_alert: 'new alert',
  risk_raised: 'risk raised',
  tca_near: 'TCA near',
  plan_screened: 'avoidance plan screened',
  status_changed: 'status changed',
  daily_digest: 'daily digest',
  test: 'test message',
};

/** One line for one change: what happened, who did it, why. */
export function describeChange(c: ChangeFacts): string {
  const by = c.actor ? ` by ${c.actor}` : '';
  const why = c.reason ? ` (${c.reason})` : '';
  const note = c.comment ? `: “${c.comment}”` : '';
  switch (c.kind) {
    case 'detected':
      return `detected at ${(c.toRisk ?? '').toUpperCase() || 'its'} risk${why}`;
    case 'risk_raised':
      return `risk raised ${c.fromRisk ?? '?'} → ${c.toRisk ?? '?'}${why}`;
    case 'reopened':
      return `reopened${c.toRisk ? ` at ${c.toRisk} risk` : ''}${why}`;
    case 'closed':
      return `closed${why}${by}${note}`;
    case 'status':
      return `${c.fromStatus ?? '?'} → ${c.toStatus ?? '?'}${by}${note}`;
    case 'assigned':
      return c.assignee ? `assigned to ${c.assignee}${by}${note}` : `unassigned${by}${note}`;
    case 'plan_screened':
      return `avoidance plan${c.planId !== null ? ` #${c.planId}` : ''} screened${by}${why}`;
    case 'tca_near':
      return `TCA within ${c.reason ?? 'the rule’s hours'}, still ${c.toStatus ?? 'open'}`;
    default:
      return `${c.kind}${by}${why}${note}`;
  }
}

/** The structured content of an alert message, kept in the delivery's payload so that a coalesced change re-renders it. */
export interface AlertMessageModel {
  readonly alert: AlertFacts;
  readonly changes: readonly ChangeFacts[];
  /** The web app's address of the alert (PUBLIC_ORIGIN + /alerts/ID), when known. */
  readonly link: string | null;
}

/** A rendered message, as stored in notification_deliveries.payload. */
export interface RenderedMessage {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  /** The webhook's JSON body, without its delivery id and event (added when sent, see webhookBody). */
  readonly data: Record<string, unknown>;
  readonly model?: AlertMessageModel;
  readonly attachments?: readonly EmailAttachment[];
}

export interface EmailAttachment {
  readonly filename: string;
  readonly contentType: string;
  readonly contentBase64: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
const pcText = (pc: number) => (pc === 0 ? '0' : pc.toExponential(2));
const objectText = (norad: number, name: string | null | undefined) => (name ? `${name} (${norad})` : `NORAD ${norad}`);

/** Renders an alert message: subject, plain text, HTML and the webhook's data. */
export function renderAlertMessage(event: NotificationEvent, model: AlertMessageModel): RenderedMessage {
  const { alert, changes } = model;
  const subject = `[Data Forge] ${alert.riskLevel.toUpperCase()} ${alert.conjunctionId}: ${EVENT_TITLE[event]}${changes.length > 1 ? ` (${changes.length} changes)` : ''}`;
  const facts: [string, string][] = [
    ['Conjunction', alert.conjunctionId],
    ['Objects', `${objectText(alert.primaryNorad, alert.primaryName)} × ${objectText(alert.secondaryNorad, alert.secondaryName)}`],
    ['TCA', alert.tca],
    ['Miss distance', `${alert.missKm.toFixed(3)} km`],
    ['Pc', pcText(alert.pc)],
    ['Risk', alert.riskLevel],
    ['Alert status', alert.alertStatus + (alert.assignee ? ` (assigned to ${alert.assignee})` : '')],
  ];
  const lines = changes.map((c) => `${c.at}  ${describeChange(c)}`);
  const text = [
    `${alert.conjunctionId}: ${EVENT_TITLE[event]}`,
    '',
    ...facts.map(([k, v]) => `${k}: ${v}`),
    '',
    'Changes:',
    ...lines.map((l) => `  ${l}`),
    ...(model.link ? ['', model.link] : []),
    '',
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    `<h2>${escapeHtml(alert.conjunctionId)}: ${escapeHtml(EVENT_TITLE[event])}</h2>`,
    '<table>',
    ...facts.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`),
    '</table>',
    '<h3>Changes</h3><ul>',
    ...changes.map((c) => `<li>${escapeHtml(c.at)}: ${escapeHtml(describeChange(c))}</li>`),
    '</ul>',
    ...(model.link ? [`<p><a href="${escapeHtml(model.link)}">${escapeHtml(model.link)}</a></p>`] : []),
    '</body></html>',
  ].join('\n');
  return { subject, text, html, data: { alert, changes, link: model.link, summary: subject.replace(/^\[Data Forge\] /, '') }, model };
}

/** The test message of a rule (POST /api/notifications/rules/:id/test, `ssa notify test`). */
export function renderTestMessage(ruleId: number, at: string): RenderedMessage {
  const subject = `[Data Forge] test message of notification rule ${ruleId}`;
  const text = `This is a test message of Data Forge notification rule ${ruleId}, sent ${at}.\nIf you read this, the rule's channel works.\n`;
  const html = `<!doctype html><html><body style="font-family:sans-serif"><p>This is a test message of Data Forge notification rule ${ruleId}, sent ${escapeHtml(at)}.</p><p>If you read this, the rule’s channel works.</p></body></html>`;
  return { subject, text, html, data: { ruleId, test: true, at, summary: `test message of rule ${ruleId}` } };
}

/** The webhook's JSON body: the message's data with its delivery id and event first. Serialized once per attempt and signed as sent. */
export function webhookBody(deliveryId: string, event: string, createdAt: string, message: Pick<RenderedMessage, 'data' | 'subject'>): string {
  return JSON.stringify({ id: deliveryId, event, createdAt, subject: message.subject, ...message.data });
}

/**
 * The `Data-Forge-Signature` header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`,
 * the scheme of Stripe's webhooks (docs.stripe.com/webhooks, "Verify webhook signatures
 * manually"). The timestamp is inside the signed text, so a receiver that rejects old timestamps
 * (5 minutes, as Stripe's libraries do) cannot be fed a captured request again later.
 */
export function signatureHeader(secret: string, unixSeconds: number, rawBody: string): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${rawBody}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}

/**
 * The wait before attempt `attempt + 1`, after `attempt` failed ones (1-based): the schedule's
 * entry (past its end the delivery is dead, see isExhausted), stretched by up to `jitter` of itself so that deliveries failed together (a receiver down) do
 * not all come back in the same second ("exponential backoff and jitter", AWS Architecture Blog).
 * `random` in [0, 1).
 */
export function retryDelayMs(schedule: readonly number[], attempt: number, jitter: number, random: number): number {
  const base = schedule[Math.min(attempt, schedule.length) - 1] ?? 0;
  return Math.round(base * (1 + jitter * random));
}

/** Whether `attempts` failed attempts used the schedule up: the first try plus one retry per entry. */
export function isExhausted(schedule: readonly number[], attempts: number): boolean {
  return attempts > schedule.length;
}
