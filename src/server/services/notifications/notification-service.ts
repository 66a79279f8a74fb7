/**
 * Notifications (issue 29): the rules admins manage, the dispatcher that turns alert changes (the
 * outbox written with each change, conjunction_alert_changes) into deliveries, the sender that
 * delivers them (signed webhook, e-mail), the TCA-near check and the daily digest's enqueueing.
 *
 * The delivery queue is the notification_deliveries table, on PGlite and on PostgreSQL alike:
 * senders claim due rows with FOR UPDATE SKIP LOCKED and a lease, count the attempt, send, then
 * record the outcome (delivered; a retry at the next backoff step; dead). The row is the only truth:
 * a kill -9 at any moment leaves a pending row that the next start (or another server, once the
 * lease ran out) sends, with the same delivery id. pg-boss (which the screening jobs use on
 * PostgreSQL) is deliberately not put in front of it: a pg-boss job per delivery would be a second
 * record of the same state, which a crash between the two writes makes disagree (a job without a
 * row, a row without a job), whereas the row claim already gives what the job queue would
 * (exclusive claims across servers, leases, retries at a time) with one write per step. A sender
 * polls once a second and is woken at once by this server's own dispatches, so the cost of not
 * having pg-boss's cross-server wake-up is at most a second's delay of another server's message.
 */
import { randomUUID } from 'node:crypto';
import type { NotificationDelivery, NotificationEvent, NotificationRule, NotificationRuleCreate, NotificationRuleUpdate, SmtpSettings, SmtpSettingsUpdate } from '../../../contracts/notifications.ts';
import type { ClaimedDelivery, NotificationDeliveryRow, NotificationRepository, NotificationRuleRow, NewNotificationDelivery } from '../../repositories/notification-repository.ts';
import { DeliveryFailure, Mailer, postWebhook } from './channels.ts';
import { alertFactsOf, planDispatch, ruleFilterOf, storedPayload } from './dispatcher.ts';
import { isExhausted, meetsLevel, inScope, renderAlertMessage, renderTestMessage, retryDelayMs, signatureHeader, webhookBody, type EmailAttachment, type RenderedMessage } from './messages.ts';
import { NO_KEY_MESSAGE, SecretBox } from './secret-box.ts';

export class NotificationError extends Error {
  override name = 'NotificationError';
  constructor(
    readonly kind: 'invalid' | 'not-found' | 'conflict',
    message: string,
  ) {
    super(message);
  }
}

/** The daily digest's message (services of the digest call {@link NotificationService.enqueueDigest}). */
export interface DigestMessage {
  /** One per day and rule, e.g. `digest:2026-12-07`: enqueueing the same key again adds nothing. */
  readonly dedupeKey: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly attachments?: readonly EmailAttachment[];
}

export interface NotificationServiceOptions {
  /** NOTIFY_SECRET_KEY; without it no secret can be stored (nor a webhook signed). */
  readonly secretKey?: string | undefined;
  readonly smtpUrl?: string | undefined;
  readonly smtpFrom: string;
  /** The web app's origin, for links to alerts (PUBLIC_ORIGIN's first). */
  readonly publicOrigin?: string | undefined;
  /** The fleet's membership test, read once per dispatch step (the fleet may change on /config). */
  readonly fleet: () => (noradId: number) => boolean;
  readonly objectName?: (noradId: number) => string | null;
  /** Waits before each retry (default 30 s, 2 min, 8 min, 32 min, 2 h, 6 h: 7 attempts over about 9 h); then dead. */
  readonly retryScheduleMs?: readonly number[];
  /** Up to this share of a wait is added at random (default 0.25). */
  readonly jitter?: number;
  /** Milliseconds between looks for due messages and new changes (default 1,000). */
  readonly pollMs?: number;
  /** Milliseconds between TCA-near checks (default 60,000). */
  readonly tcaCheckMs?: number;
  /** Messages sent at once (default 32). */
  readonly concurrency?: number;
  /** A claim's lease (default 60 s: four times an attempt's timeout, so a live sender never loses its row). */
  readonly leaseMs?: number;
  /** One attempt's timeout (default 15 s). */
  readonly attemptTimeoutMs?: number;
  /** At most one message per alert and rule within this (default 60 s). */
  readonly coalesceMs?: number;
  /** Changes per dispatch transaction (default 500). */
  readonly batchSize?: number;
  readonly now?: () => Date;
  readonly random?: () => number;
  readonly log?: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
}

export const DEFAULT_RETRY_SCHEDULE_MS = [30_000, 120_000, 480_000, 1_920_000, 7_200_000, 21_600_000] as const;

interface StoredSmtp {
  readonly url: string;
  /** The URL is sealed (it holds a password). */
  readonly sealed: boolean;
  readonly from: string;
}

const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

export class NotificationService {
  private readonly box: SecretBox | undefined;
  private readonly mailer = new Mailer();
  private readonly schedule: readonly number[];
  private readonly now: () => Date;
  private timer: NodeJS.Timeout | undefined;
  private tcaTimer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;

  constructor(
    private readonly repo: NotificationRepository,
    private readonly options: NotificationServiceOptions,
  ) {
    this.box = options.secretKey ? new SecretBox(options.secretKey) : undefined;
    this.schedule = options.retryScheduleMs ?? DEFAULT_RETRY_SCHEDULE_MS;
    this.now = options.now ?? (() => new Date());
  }

  // --- rules

  async listRules(): Promise<NotificationRule[]> {
    return (await this.repo.listRules()).map(ruleJson);
  }

  async createRule(input: NotificationRuleCreate, actor: string): Promise<NotificationRule> {
    const events = [...new Set(input.events)];
    if (input.channel === 'webhook') {
      checkWebhookUrl(input.target);
      if (!input.secret) throw new NotificationError('invalid', 'a webhook rule needs a secret (at least 16 characters): the receiver checks each message’s signature with it');
      if (events.includes('daily_digest')) throw new NotificationError('invalid', 'daily_digest is sent by e-mail only: make an e-mail rule for it');
    } else {
      checkAddress(input.target);
      if (input.secret !== undefined) throw new NotificationError('invalid', 'an e-mail rule takes no secret (the SMTP password is set with PUT /api/notifications/smtp or SMTP_URL)');
    }
    const secretEnc = input.secret !== undefined ? this.seal(input.secret) : null;
    const row = await this.repo.insertRule({
      channel: input.channel,
      target: input.target,
      secretEnc,
      minRisk: input.minRisk ?? null,
      minPc: input.minPc ?? null,
      scope: input.scope,
      events,
      tcaWithinHours: input.tcaWithinHours,
      enabled: input.enabled,
      createdAt: this.now(),
      createdBy: actor,
    });
    return ruleJson(row);
  }

  async updateRule(id: number, patch: NotificationRuleUpdate): Promise<NotificationRule> {
    const rule = await this.rule(id);
    const set: Partial<NotificationRuleRow> = {};
    if (patch.enabled !== undefined) set.enabled = patch.enabled;
    if (patch.minRisk !== undefined) set.minRisk = patch.minRisk;
    if (patch.minPc !== undefined) set.minPc = patch.minPc;
    if (patch.scope !== undefined) set.scope = patch.scope;
    if (patch.tcaWithinHours !== undefined) set.tcaWithinHours = patch.tcaWithinHours;
    if (patch.events !== undefined) {
      const events = [...new Set(patch.events)];
      if (rule.channel === 'webhook' && events.includes('daily_digest')) throw new NotificationError('invalid', 'daily_digest is sent by e-mail only: make an e-mail rule for it');
      set.events = events;
    }
    if (patch.secret !== undefined) {
      if (rule.channel !== 'webhook') throw new NotificationError('invalid', 'only webhook rules have a secret');
      set.secretEnc = this.seal(patch.secret);
    }
    return ruleJson((await this.repo.updateRule(id, set))!);
  }

  async removeRule(id: number): Promise<NotificationRule> {
    const row = await this.repo.removeRule(id);
    if (!row) throw new NotificationError('not-found', `no notification rule ${id}`);
    return ruleJson(row);
  }

  /** A test message of the rule, through the same queue as the others (event 'test'); due now. */
  async testRule(id: number): Promise<NotificationDelivery> {
    const rule = await this.rule(id);
    const now = this.now();
    const message = renderTestMessage(rule.id, now.toISOString());
    const [row] = await this.repo.insertDeliveries([this.newDelivery(rule, 'test', `test:${randomUUID()}`, message, now)]);
    this.wake();
    return deliveryJson(row!);
  }

  // --- deliveries

  async listDeliveries(query: { status: 'pending' | 'delivered' | 'dead' | 'all'; ruleId?: number | undefined; limit: number }): Promise<NotificationDelivery[]> {
    return (await this.repo.listDeliveries(query)).map(deliveryJson);
  }

  async delivery(id: string): Promise<NotificationDelivery> {
    const row = await this.repo.getDelivery(id);
    if (!row) throw new NotificationError('not-found', `no notification delivery ${id}`);
    return deliveryJson(row);
  }

  /** A dead delivery back to pending (a fresh set of attempts, the same id). */
  async retryDelivery(id: string): Promise<NotificationDelivery> {
    const row = await this.repo.retryDead(id, this.now());
    if (!row) {
      const existing = await this.repo.getDelivery(id);
      if (!existing) throw new NotificationError('not-found', `no notification delivery ${id}`);
      if (existing.ruleId === null) throw new NotificationError('conflict', `delivery ${id} belongs to a removed rule: it cannot be sent any more`);
      throw new NotificationError('conflict', `delivery ${id} is ${existing.status}, not dead: only a dead delivery is retried`);
    }
    this.wake();
    return deliveryJson(row);
  }

  /**
   * The daily digest: one e-mail delivery per enabled e-mail rule whose events include
   * `daily_digest`, with the attachments (e.g. the PDF). The same `dedupeKey` again (a second
   * server, a restart the same day) adds nothing for rules that have it already. Returns the
   * deliveries made.
   */
  async enqueueDigest(message: DigestMessage): Promise<NotificationDelivery[]> {
    const rules = await this.repo.enabledEmailRules('daily_digest');
    const now = this.now();
    const rendered: RenderedMessage = {
      subject: message.subject,
      text: message.text,
      html: message.html,
      data: { summary: message.subject },
      ...(message.attachments && { attachments: message.attachments }),
    };
    const rows = await this.repo.insertDeliveries(rules.map((rule) => this.newDelivery(rule, 'daily_digest', message.dedupeKey, rendered, now)));
    if (rows.length > 0) this.wake();
    return rows.map(deliveryJson);
  }

  // --- SMTP settings

  async smtpSettings(): Promise<SmtpSettings> {
    const stored = (await this.repo.getSetting('smtp')) as StoredSmtp | undefined;
    if (stored) {
      const url = stored.sealed ? this.openOrNull(stored.url) : stored.url;
      return { url: url ? maskUrl(url) : '(stored encrypted; NOTIFY_SECRET_KEY cannot open it)', from: stored.from, source: 'database', hasPassword: stored.sealed };
    }
    if (this.options.smtpUrl) return { url: maskUrl(this.options.smtpUrl), from: this.options.smtpFrom, source: 'environment', hasPassword: hasPassword(this.options.smtpUrl) };
    return { url: null, from: this.options.smtpFrom, source: 'none', hasPassword: false };
  }

  async setSmtpSettings(input: SmtpSettingsUpdate): Promise<SmtpSettings> {
    let parsed: URL;
    try {
      parsed = new URL(input.url);
    } catch {
      throw new NotificationError('invalid', `url: not a URL: ${maskUrl(input.url)}`);
    }
    if (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:') throw new NotificationError('invalid', `url: must be smtp:// or smtps://, got ${parsed.protocol}//`);
    if (!parsed.hostname) throw new NotificationError('invalid', 'url: names no host');
    checkAddress(input.from.replace(/^.*<([^>]+)>\s*$/, '$1'), 'from');
    const sealed = hasPassword(input.url);
    const stored: StoredSmtp = { url: sealed ? this.seal(input.url) : input.url, sealed, from: input.from };
    await this.repo.putSetting('smtp', stored, this.now());
    return this.smtpSettings();
  }

  /** The SMTP URL and From e-mail goes through: the admin's stored settings, else SMTP_URL/SMTP_FROM. */
  private async smtp(): Promise<{ url: string; from: string } | undefined> {
    const stored = (await this.repo.getSetting('smtp')) as StoredSmtp | undefined;
    if (stored) {
      const url = stored.sealed ? this.openOrNull(stored.url) : stored.url;
      if (!url) throw new DeliveryFailure('the stored SMTP settings do not open with NOTIFY_SECRET_KEY (set the key they were stored with, or store them again)');
      return { url, from: stored.from };
    }
    return this.options.smtpUrl ? { url: this.options.smtpUrl, from: this.options.smtpFrom } : undefined;
  }

  // --- the dispatcher and the sender

  /**
   * Starts the loops: new changes and due messages every `pollMs`, the TCA-near check every
   * `tcaCheckMs`. `embedded` (PGlite, one process per data directory): the leases a killed
   * predecessor held are ended first, so its messages go out now rather than when their lease runs
   * out; on PostgreSQL another server may hold them, so they wait for their lease.
   */
  start(options: { embedded?: boolean } = {}): void {
    if (!this.stopped) return;
    this.stopped = false;
    const released = options.embedded ? this.repo.releaseLeases() : Promise.resolve(0);
    void released
      .then((n) => {
        if (n > 0) this.options.log?.info({ deliveries: n }, 'notifications interrupted by the last stop are due again');
      })
      .catch((error: Error) => this.options.log?.error({ err: error }, 'notifications: could not release the last run’s leases'))
      .finally(() => {
        if (!this.stopped) this.schedulePoll(0);
      });
    const tca = () => {
      this.tcaTimer = setTimeout(() => {
        void this.checkTcaNear()
          .catch((error: Error) => this.options.log?.error({ err: error }, 'the TCA-near check failed'))
          .finally(() => {
            if (!this.stopped) tca();
          });
      }, this.options.tcaCheckMs ?? 60_000);
      this.tcaTimer.unref();
    };
    tca();
  }

  /** Stops the loops and waits for the step in flight (its rows stay claimed until their lease ends: the next start sends them). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    clearTimeout(this.tcaTimer);
    await this.running;
    this.mailer.close();
  }

  /** Runs a step now (after this server wrote changes or deliveries). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedulePoll(0);
  }

  private schedulePoll(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.step()
        .catch((error: Error) => this.options.log?.error({ err: error }, 'notifications: a step failed'))
        .finally(() => {
          this.running = undefined;
          if (this.stopped) return;
          const again = this.again;
          this.again = false;
          this.schedulePoll(again ? 0 : (this.options.pollMs ?? 1000));
        });
    }, ms);
    this.timer.unref();
  }

  private async step(): Promise<void> {
    while (!this.stopped && (await this.dispatchOnce()).changes > 0);
    while (!this.stopped && (await this.sendDue()) > 0);
  }

  /** One dispatch transaction: up to `batchSize` undispatched changes into deliveries. */
  async dispatchOnce(): Promise<{ changes: number; inserted: number; merged: number }> {
    const now = this.now();
    const isFleet = this.options.fleet();
    const origin = this.options.publicOrigin?.replace(/\/+$/, '');
    return this.repo.dispatch(this.options.batchSize ?? 500, now, (batch) =>
      planDispatch(batch, {
        now,
        isFleet,
        objectName: this.options.objectName,
        link: (conjunctionId) => (origin ? `${origin}/alerts/${encodeURIComponent(conjunctionId)}` : null),
        newId: randomUUID,
        coalesceMs: this.options.coalesceMs ?? 60_000,
      }),
    );
  }

  /** Dispatches every undispatched change (tests, the bench, the CLI). */
  async dispatchAll(): Promise<number> {
    let total = 0;
    for (;;) {
      const { changes } = await this.dispatchOnce();
      if (changes === 0) return total;
      total += changes;
    }
  }

  /**
   * Claims up to `concurrency` due deliveries and tries each once, together. Returns how many it
   * tried.
   */
  async sendDue(): Promise<number> {
    const now = this.now();
    const leaseUntil = new Date(now.getTime() + (this.options.leaseMs ?? 60_000));
    const claimed = await this.repo.claimDue(now, leaseUntil, this.options.concurrency ?? 32);
    const outcomes = await Promise.all(claimed.map((d) => this.attempt(d, leaseUntil)));
    // The accepted ones in one statement (a failure wrote its own row: it is rare, and says why).
    await this.repo.markDeliveredMany(
      claimed.filter((_, i) => outcomes[i]).map((d) => d.id),
      leaseUntil,
      this.now(),
    );
    return claimed.length;
  }

  /** Tries one delivery now if it is due and free (ssa notify test). Returns whether it was tried. */
  async sendOne(id: string): Promise<boolean> {
    const now = this.now();
    const leaseUntil = new Date(now.getTime() + (this.options.leaseMs ?? 60_000));
    const [claimed] = await this.repo.claimDue(now, leaseUntil, 1, id);
    if (claimed && (await this.attempt(claimed, leaseUntil))) await this.repo.markDeliveredMany([claimed.id], leaseUntil, this.now());
    return claimed !== undefined;
  }

  /** Sends every due delivery until none is due (tests, the bench, the CLI). */
  async sendAllDue(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.sendDue();
      if (n === 0) return total;
      total += n;
    }
  }

  /** One attempt: true when the receiver accepted it (the caller records that); a failure is recorded here. */
  private async attempt(delivery: ClaimedDelivery, leaseUntil: Date): Promise<boolean> {
    const timeoutMs = this.options.attemptTimeoutMs ?? 15_000;
    try {
      const message = delivery.payload as RenderedMessage;
      if (delivery.ruleId === null) throw new DeliveryFailure('the rule was removed');
      if (delivery.channel === 'webhook') {
        if (!delivery.secretEnc) throw new DeliveryFailure('the rule has no signing secret');
        if (!this.box) throw new DeliveryFailure(`cannot sign: ${NO_KEY_MESSAGE}`);
        const secret = this.box.open(delivery.secretEnc);
        const body = webhookBody(delivery.id, delivery.event, delivery.createdAt.toISOString(), message);
        const t = Math.floor(this.now().getTime() / 1000);
        await postWebhook(delivery.target, { 'Data-Forge-Delivery': delivery.id, 'Data-Forge-Event': delivery.event, 'Data-Forge-Signature': signatureHeader(secret, t, body) }, body, timeoutMs);
      } else {
        const smtp = await this.smtp();
        if (!smtp) throw new DeliveryFailure('e-mail is not configured: set SMTP_URL (or PUT /api/notifications/smtp)');
        await this.mailer.send(smtp.url, { from: smtp.from, to: delivery.target, subject: message.subject, text: message.text, html: message.html, deliveryId: delivery.id, attachments: message.attachments }, timeoutMs);
      }
      return true;
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      const dead = isExhausted(this.schedule, delivery.attempts);
      const next = dead ? null : new Date(this.now().getTime() + retryDelayMs(this.schedule, delivery.attempts, this.options.jitter ?? 0.25, (this.options.random ?? Math.random)()));
      await this.repo.markFailed(delivery.id, leaseUntil, reason, next);
      this.options.log?.warn({ delivery: delivery.id, attempts: delivery.attempts, dead, error: reason }, dead ? 'notification dead: retries exhausted' : 'notification attempt failed: retrying');
      return false;
    }
  }

  /**
   * The TCA-near messages: for each enabled rule listening to tca_near, one message per open alert
   * in its scope and level whose TCA is within its hours (dedupe key `tca_near:<event id>`: once
   * per alert and rule).
   */
  async checkTcaNear(): Promise<number> {
    const rules = await this.repo.enabledRules('tca_near');
    if (rules.length === 0) return 0;
    const now = this.now();
    const hours = Math.max(...rules.map((r) => r.tcaWithinHours));
    const events = await this.repo.openEventsWithTcaBetween(now, new Date(now.getTime() + hours * 3_600_000));
    const isFleet = this.options.fleet();
    const origin = this.options.publicOrigin?.replace(/\/+$/, '');
    const rows: NewNotificationDelivery[] = [];
    for (const rule of rules) {
      const filter = ruleFilterOf(rule);
      for (const event of events) {
        if (event.tca.getTime() > now.getTime() + rule.tcaWithinHours * 3_600_000) continue;
        if (!inScope(filter, event, isFleet) || !meetsLevel(filter, event.riskLevel, event.pc)) continue;
        const alert = alertFactsOf(event, this.options.objectName);
        const change = {
          id: 0,
          event: 'tca_near' as const,
          kind: 'tca_near',
          at: now.toISOString(),
          actor: null,
          fromStatus: null,
          toStatus: event.alertStatus,
          fromRisk: null,
          toRisk: null,
          assignee: null,
          comment: null,
          reason: `${rule.tcaWithinHours} h`,
          planId: null,
        };
        const message = renderAlertMessage('tca_near', { alert, changes: [change], link: origin ? `${origin}/alerts/${encodeURIComponent(event.conjunctionId)}` : null });
        rows.push({ ...this.newDelivery(rule, 'tca_near', `tca_near:${event.id}`, message, now), eventId: event.id });
      }
    }
    const inserted = await this.repo.insertDeliveries(rows);
    if (inserted.length > 0) this.wake();
    return inserted.length;
  }

  // --- helpers

  private newDelivery(rule: NotificationRuleRow, event: NotificationEvent | 'test', dedupeKey: string, message: RenderedMessage, now: Date): NewNotificationDelivery {
    return {
      id: randomUUID(),
      ruleId: rule.id,
      channel: rule.channel,
      target: rule.target,
      event,
      eventId: null,
      dedupeKey,
      changeIds: [],
      subject: message.subject,
      payload: storedPayload(rule.channel, message),
      status: 'pending',
      attempts: 0,
      createdAt: now,
      nextAttemptAt: now,
    };
  }

  private async rule(id: number): Promise<NotificationRuleRow> {
    const rule = await this.repo.getRule(id);
    if (!rule) throw new NotificationError('not-found', `no notification rule ${id}`);
    return rule;
  }

  private seal(secret: string): string {
    if (!this.box) throw new NotificationError('invalid', NO_KEY_MESSAGE);
    return this.box.seal(secret);
  }

  private openOrNull(sealed: string): string | null {
    try {
      return this.box ? this.box.open(sealed) : null;
    } catch {
      return null;
    }
  }
}

function checkWebhookUrl(target: string): void {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new NotificationError('invalid', `target: a webhook needs an http:// or https:// URL, got '${target.slice(0, 200)}'`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new NotificationError('invalid', `target: a webhook needs an http:// or https:// URL, got ${url.protocol}//`);
  if (url.username || url.password) throw new NotificationError('invalid', 'target: put no credentials in the webhook URL (it is shown to admins); the signature authenticates the messages');
}

function checkAddress(address: string, what = 'target'): void {
  // The practical shape (local@domain.tld, no spaces or angle brackets), not RFC 5322's full grammar.
  if (!/^[^\s@<>(),;:"]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/.test(address)) throw new NotificationError('invalid', `${what}: not an e-mail address: '${address.slice(0, 200)}'`);
}

function hasPassword(url: string): boolean {
  try {
    return new URL(url).password !== '';
  } catch {
    return false;
  }
}

/** The URL with its password replaced by ****. */
export function maskUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '****';
    return parsed.toString();
  } catch {
    return url.replace(/\/\/([^:/@]*):[^@]*@/, '//$1:****@');
  }
}

export function ruleJson(row: NotificationRuleRow): NotificationRule {
  return {
    id: row.id,
    channel: row.channel as NotificationRule['channel'],
    target: row.target,
    minRisk: row.minRisk as NotificationRule['minRisk'],
    minPc: row.minPc,
    scope: row.scope as NotificationRule['scope'],
    events: (Array.isArray(row.events) ? row.events : []) as NotificationRule['events'],
    tcaWithinHours: row.tcaWithinHours,
    enabled: row.enabled,
    hasSecret: row.secretEnc !== null,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
  };
}

export function deliveryJson(row: NotificationDeliveryRow): NotificationDelivery {
  const model = (row.payload as RenderedMessage | null)?.model;
  return {
    id: row.id,
    ruleId: row.ruleId,
    channel: row.channel as NotificationDelivery['channel'],
    target: row.target,
    event: row.event as NotificationDelivery['event'],
    conjunctionId: model?.alert?.conjunctionId ?? null,
    subject: row.subject,
    status: row.status as NotificationDelivery['status'],
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    nextAttemptAt: isoOrNull(row.nextAttemptAt),
    deliveredAt: isoOrNull(row.deliveredAt),
  };
}


