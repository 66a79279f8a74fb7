/**
 * Notifications against real receivers (issue 29): alert changes (the outbox rows the lifecycle
 * writes) become deliveries to a webhook receiver that verifies every signature, and to an SMTP
 * server (the `smtp-server` package, STARTTLS with its self-signed certificate, a login) that keeps
 * the mail. Retries (500 twice, then 200: three attempts with the same delivery id), a receiver
 * down until the retries run out (dead, with the last error, through the API), coalescing (three
 * changes within a minute: one message), no second delivery when a change is dispatched again,
 * the TCA-near check, the daily digest with an attachment, and the routes' answers.
 *
 * The clock is pinned and moved by the test; the dispatcher and sender run by the test's calls
 * (dispatchAll, sendAllDue) rather than on their timers, with a retry schedule of seconds.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conjunctionAlertChanges, notificationRules } from '../../src/server/db/schema.ts';
import { NotificationService } from '../../src/server/services/notifications/notification-service.ts';
import { NO_KEY_MESSAGE } from '../../src/server/services/notifications/secret-box.ts';
import { useTestApp } from './support/app.ts';
import { insertEvent, mailHeader, mailPart, startSmtpReceiver, startWebhookReceiver, type SmtpReceiver, type WebhookReceiver } from './support/notifications.ts';

const KEY = 'a3f1c9e07b2d4a6f8e1c3b5d7f9a0c2e4b6d8f0a1c3e5b7d9f1a3c5e7b9d1f3a';
const SECRET = 'whsec-test-0123456789abcdef';
const FLEET = 43_013;
const OTHER = 22_675;
const T0 = Date.parse('2026-03-01T06:00:00.000Z');
let clock = T0;
const now = () => new Date(clock);
const advance = (ms: number) => (clock += ms);

let hook: WebhookReceiver;
let smtp: SmtpReceiver;

beforeAll(async () => {
  hook = await startWebhookReceiver(SECRET);
  smtp = await startSmtpReceiver({ user: 'alerts', pass: 's3cret-pass' });
});
afterAll(async () => {
  await hook?.close();
  await smtp?.close();
});

const server = useTestApp({
  name: 'notifications',
  env: { DEMO_CATALOG: 'off', SCREENING: 'off', CATALOG_SCREENING_HOURS: '0', NOTIFY_SECRET_KEY: KEY, FLEET_NORAD_IDS: String(FLEET), PUBLIC_ORIGIN: 'http://127.0.0.1:5000' },
  prepare: async (ctx) => {
    // The routes' service, with the test's clock and a retry schedule of seconds (1 s, then 2 s: three attempts).
    ctx.services.notifications = new NotificationService(ctx.repositories.notifications, {
      secretKey: KEY,
      smtpFrom: 'Data Forge <alerts@ops.example.org>',
      publicOrigin: 'http://127.0.0.1:5000',
      fleet: () => (norad) => norad === FLEET,
      retryScheduleMs: [1000, 2000],
      jitter: 0,
      attemptTimeoutMs: 5000,
      now,
    });
  },
});

const notifications = () => server.ctx.services.notifications;
const db = () => server.ctx.database.db;

async function createRule(body: Record<string, unknown>): Promise<number> {
  const res = await server.app.inject({ method: 'POST', url: '/api/notifications/rules', payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
}
const removeRule = async (id: number) => expect((await server.app.inject({ method: 'DELETE', url: `/api/notifications/rules/${id}` })).statusCode).toBe(204);

async function change(eventId: number, kind: string, extra: Partial<typeof conjunctionAlertChanges.$inferInsert> = {}): Promise<number> {
  const [row] = await server.ctx.repositories.notifications.insertChanges([{ eventId, at: now(), kind, ...extra }]);
  return row!.id;
}

const fleetEvent = (riskLevel = 'high', pc = 2.4e-4) => insertEvent(db(), { primaryNorad: FLEET, secondaryNorad: OTHER, riskLevel, pc, tca: new Date(T0 + 3 * 86_400_000), now: now() });

describe('notification rules', () => {
  it('stores a webhook secret encrypted and never returns it; refuses a webhook without a secret, and secrets without NOTIFY_SECRET_KEY', async () => {
    const id = await createRule({ channel: 'webhook', target: hook.url, secret: SECRET, minRisk: 'high', events: ['new_alert'] });
    const list = await server.app.inject({ method: 'GET', url: '/api/notifications/rules' });
    expect(list.statusCode).toBe(200);
    const rule = (list.json() as { rules: Record<string, unknown>[] }).rules.find((r) => r.id === id)!;
    expect(rule).toEqual({
      id,
      channel: 'webhook',
      target: hook.url,
      minRisk: 'high',
      minPc: null,
      scope: 'fleet',
      events: ['new_alert'],
      tcaWithinHours: 24,
      enabled: true,
      hasSecret: true,
      createdAt: new Date(T0).toISOString(),
      createdBy: 'SDA Operations Center',
    });
    expect(list.body).not.toContain(SECRET);
    const [stored] = await db().select({ secretEnc: notificationRules.secretEnc }).from(notificationRules).where(eq(notificationRules.id, id));
    expect(stored!.secretEnc).toMatch(/^v1:[A-Za-z0-9+/]+=*$/);
    expect(stored!.secretEnc).not.toContain(SECRET);

    const noSecret = await server.app.inject({ method: 'POST', url: '/api/notifications/rules', payload: { channel: 'webhook', target: hook.url } });
    expect(noSecret.statusCode).toBe(400);
    expect(noSecret.json()).toEqual({ message: 'a webhook rule needs a secret (at least 16 characters): the receiver checks each message’s signature with it' });
    const badUrl = await server.app.inject({ method: 'POST', url: '/api/notifications/rules', payload: { channel: 'webhook', target: 'ftp://x.example/h', secret: SECRET } });
    expect(badUrl.json()).toEqual({ message: 'target: a webhook needs an http:// or https:// URL, got ftp://' });
    const badMail = await server.app.inject({ method: 'POST', url: '/api/notifications/rules', payload: { channel: 'email', target: 'not an address' } });
    expect(badMail.json()).toEqual({ message: "target: not an e-mail address: 'not an address'" });

    const keyless = new NotificationService(server.ctx.repositories.notifications, { smtpFrom: 'x@y.org', fleet: () => () => false });
    await expect(keyless.createRule({ channel: 'webhook', target: hook.url, secret: SECRET, scope: 'fleet', events: ['new_alert'], tcaWithinHours: 24, enabled: true }, 'ada')).rejects.toThrow(NO_KEY_MESSAGE);
    await expect(keyless.setSmtpSettings({ url: 'smtp://u:p@127.0.0.1:25', from: 'x@y.org' })).rejects.toThrow(NO_KEY_MESSAGE);

    const patched = await server.app.inject({ method: 'PATCH', url: `/api/notifications/rules/${id}`, payload: { enabled: false, minPc: 1e-4 } });
    expect(patched.json()).toMatchObject({ id, enabled: false, minPc: 1e-4, minRisk: 'high' });
    expect((await server.app.inject({ method: 'PATCH', url: '/api/notifications/rules/999999', payload: { enabled: true } })).statusCode).toBe(404);
    await removeRule(id);
    expect((await server.app.inject({ method: 'DELETE', url: `/api/notifications/rules/${id}` })).json()).toEqual({ message: `no notification rule ${id}` });
  });
});

describe('webhook deliveries', () => {
  it('retries a receiver that answers 500 twice, with the same delivery id, and every signature verifies', async () => {
    const rule = await createRule({ channel: 'webhook', target: hook.url, secret: SECRET, minRisk: 'high', events: ['new_alert', 'risk_raised'] });
    const event = await fleetEvent('critical', 3.1e-3);
    const changeId = await change(event.id, 'detected', { toRisk: 'critical', reason: 'screening run 12' });
    hook.received.length = 0;
    hook.answers = [500, 500];

    expect(await notifications().dispatchAll()).toBe(1);
    const [delivery] = await notifications().listDeliveries({ status: 'pending', ruleId: rule, limit: 10 });
    expect(delivery).toMatchObject({ ruleId: rule, channel: 'webhook', event: 'new_alert', conjunctionId: event.conjunctionId, status: 'pending', attempts: 0 });
    expect(delivery!.subject).toBe(`[Data Forge] CRITICAL ${event.conjunctionId}: new alert`);

    expect(await notifications().sendAllDue()).toBe(1);
    expect(await notifications().delivery(delivery!.id)).toMatchObject({ status: 'pending', attempts: 1, lastError: `POST ${hook.url}: HTTP 500: receiver failure`, nextAttemptAt: new Date(clock + 1000).toISOString() });
    expect(await notifications().sendAllDue()).toBe(0); // not due yet
    advance(1000);
    expect(await notifications().sendAllDue()).toBe(1);
    advance(1999);
    expect(await notifications().sendAllDue()).toBe(0);
    advance(1);
    expect(await notifications().sendAllDue()).toBe(1);

    expect(hook.received.map((r) => [r.deliveryId, r.event, r.signatureValid, r.answered, r.timestamp])).toEqual([
      [delivery!.id, 'new_alert', true, 500, Math.floor(T0 / 1000)],
      [delivery!.id, 'new_alert', true, 500, Math.floor((clock - 2000) / 1000)],
      [delivery!.id, 'new_alert', true, 200, Math.floor(clock / 1000)],
    ]);
    const body = hook.received[2]!.body;
    expect(body).toMatchObject({
      id: delivery!.id,
      event: 'new_alert',
      subject: `[Data Forge] CRITICAL ${event.conjunctionId}: new alert`,
      link: `http://127.0.0.1:5000/alerts/${event.conjunctionId}`,
      alert: { conjunctionId: event.conjunctionId, primaryNorad: FLEET, secondaryNorad: OTHER, riskLevel: 'critical', pc: 3.1e-3, alertStatus: 'new', tca: new Date(T0 + 3 * 86_400_000).toISOString() },
      changes: [{ id: changeId, event: 'new_alert', kind: 'detected', toRisk: 'critical', reason: 'screening run 12' }],
    });
    expect(await notifications().delivery(delivery!.id)).toMatchObject({ status: 'delivered', attempts: 3, lastError: null, deliveredAt: new Date(clock).toISOString() });
    await removeRule(rule);
  });

  it('gives up on a receiver that is down: dead with the last error, listed as a dead letter, and an admin retries it', async () => {
    const down = await startWebhookReceiver(SECRET);
    const downUrl = down.url;
    await down.close(); // connection refused from here on
    const rule = await createRule({ channel: 'webhook', target: downUrl, secret: SECRET, scope: 'all', events: ['status_changed'] });
    const event = await fleetEvent('medium', 1e-6);
    await change(event.id, 'status', { fromStatus: 'new', toStatus: 'acknowledged', actor: 'ada', comment: 'looking' });
    expect(await notifications().dispatchAll()).toBe(1);
    for (const wait of [0, 1000, 2000]) {
      advance(wait);
      expect(await notifications().sendAllDue()).toBe(1);
    }
    advance(60_000);
    expect(await notifications().sendAllDue()).toBe(0);
    const dead = await server.app.inject({ method: 'GET', url: '/api/notifications/deliveries?status=dead' });
    expect(dead.statusCode).toBe(200);
    const letters = (dead.json() as { deliveries: { id: string; ruleId: number; status: string; attempts: number; lastError: string; nextAttemptAt: string | null }[] }).deliveries.filter((d) => d.ruleId === rule);
    expect(letters).toHaveLength(1);
    expect(letters[0]).toMatchObject({ status: 'dead', attempts: 3, lastError: `POST ${downUrl}: ECONNREFUSED`, nextAttemptAt: null });

    // The receiver is back on the same port; the admin retries the dead letter: same id, delivered.
    const back = await startWebhookReceiver(SECRET, Number(new URL(downUrl).port));
    try {
      const retried = await server.app.inject({ method: 'POST', url: `/api/notifications/deliveries/${letters[0]!.id}/retry` });
      expect(retried.statusCode).toBe(200);
      expect(retried.json()).toMatchObject({ id: letters[0]!.id, status: 'pending', attempts: 0, lastError: `POST ${downUrl}: ECONNREFUSED` });
      expect(await notifications().sendAllDue()).toBe(1);
      expect(back.received.map((r) => [r.deliveryId, r.event, r.signatureValid])).toEqual([[letters[0]!.id, 'status_changed', true]]);
      expect(back.received[0]!.body.changes).toMatchObject([{ kind: 'status', fromStatus: 'new', toStatus: 'acknowledged', actor: 'ada', comment: 'looking' }]);
      const again = await server.app.inject({ method: 'POST', url: `/api/notifications/deliveries/${letters[0]!.id}/retry` });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: `delivery ${letters[0]!.id} is delivered, not dead: only a dead delivery is retried` });
    } finally {
      await back.close();
    }
    await removeRule(rule);
  });

  it('coalesces three changes within a minute into one message, and holds a fourth until a minute after the last one', async () => {
    const rule = await createRule({ channel: 'webhook', target: hook.url, secret: SECRET, minRisk: 'high', events: ['new_alert', 'risk_raised', 'status_changed'] });
    const event = await fleetEvent('high', 2e-4);
    hook.received.length = 0;
    const first = await change(event.id, 'detected', { toRisk: 'high' });
    expect(await notifications().dispatchAll()).toBe(1);
    advance(10_000);
    const second = await change(event.id, 'risk_raised', { fromRisk: 'high', toRisk: 'critical', reason: 'a CDM from CARA raised the risk to critical' });
    advance(10_000);
    const third = await change(event.id, 'status', { fromStatus: 'new', toStatus: 'acknowledged', actor: 'ada' });
    expect(await notifications().dispatchAll()).toBe(2);
    expect(await notifications().sendAllDue()).toBe(1);
    expect(hook.received).toHaveLength(1);
    expect(hook.received[0]!.event).toBe('new_alert');
    expect((hook.received[0]!.body.changes as { id: number }[]).map((c) => c.id)).toEqual([first, second, third]);
    expect(hook.received[0]!.body.subject).toBe(`[Data Forge] HIGH ${event.conjunctionId}: new alert (3 changes)`);

    // 10 s after that message, another change: its message waits for the minute to pass.
    advance(10_000);
    const sentAt = clock - 10_000;
    const fourth = await change(event.id, 'status', { fromStatus: 'acknowledged', toStatus: 'assessing', actor: 'ada' });
    expect(await notifications().dispatchAll()).toBe(1);
    expect(await notifications().sendAllDue()).toBe(0);
    advance(20_000);
    const fifth = await change(event.id, 'assigned', { assignee: 'bob', actor: 'ada' });
    await change(event.id, 'comment', { comment: 'a comment alone notifies nobody', actor: 'bob' });
    expect(await notifications().dispatchAll()).toBe(2);
    clock = sentAt + 60_000 - 1;
    expect(await notifications().sendAllDue()).toBe(0);
    advance(1);
    expect(await notifications().sendAllDue()).toBe(1);
    expect(hook.received).toHaveLength(2);
    expect(hook.received[1]!.event).toBe('status_changed');
    expect((hook.received[1]!.body.changes as { id: number }[]).map((c) => c.id)).toEqual([fourth, fifth]);
    const rows = await notifications().listDeliveries({ status: 'all', ruleId: rule, limit: 10 });
    expect(rows.map((r) => r.status)).toEqual(['delivered', 'delivered']);
    await removeRule(rule);
  });

  it('makes no second delivery when a change is dispatched again (as after a crash between the two)', async () => {
    const rule = await createRule({ channel: 'webhook', target: hook.url, secret: SECRET, minPc: 1e-4, events: ['risk_raised'] });
    const event = await fleetEvent('medium', 5e-4);
    const id = await change(event.id, 'reopened', { fromStatus: 'closed', toStatus: 'new', toRisk: 'medium', reason: 'a new CDM' });
    expect(await notifications().dispatchAll()).toBe(1);
    const before = await notifications().listDeliveries({ status: 'all', ruleId: rule, limit: 10 });
    expect(before).toHaveLength(1);
    await db().update(conjunctionAlertChanges).set({ dispatchedAt: null }).where(eq(conjunctionAlertChanges.id, id));
    expect(await notifications().dispatchOnce()).toEqual({ changes: 1, inserted: 0, merged: 0 });
    // Also once it was sent: the dedupe key (rule, change) holds.
    expect(await notifications().sendAllDue()).toBe(1);
    await db().update(conjunctionAlertChanges).set({ dispatchedAt: null }).where(eq(conjunctionAlertChanges.id, id));
    expect(await notifications().dispatchOnce()).toEqual({ changes: 1, inserted: 0, merged: 0 });
    expect((await notifications().listDeliveries({ status: 'all', ruleId: rule, limit: 10 })).map((d) => d.id)).toEqual([before[0]!.id]);
    await removeRule(rule);
  });

  it('matches scope and level: a fleet rule ignores others’ alerts; minRisk or minPc, either suffices', async () => {
    const fleetRule = await createRule({ channel: 'webhook', target: hook.url, secret: SECRET, minRisk: 'critical', minPc: 1e-3, events: ['new_alert'] });
    const allRule = await createRule({ channel: 'webhook', target: hook.url, secret: SECRET, scope: 'all', events: ['new_alert'] });
    const others = await insertEvent(db(), { primaryNorad: 11_111, secondaryNorad: OTHER, riskLevel: 'critical', pc: 1e-2, tca: new Date(T0 + 86_400_000), now: now() });
    const byPc = await fleetEvent('high', 2e-3);
    const neither = await fleetEvent('high', 5e-4);
    await change(others.id, 'detected', { toRisk: 'critical' });
    await change(byPc.id, 'detected', { toRisk: 'high' });
    await change(neither.id, 'detected', { toRisk: 'high' });
    expect(await notifications().dispatchAll()).toBe(3);
    const of = async (rule: number) => (await notifications().listDeliveries({ status: 'all', ruleId: rule, limit: 10 })).map((d) => d.conjunctionId).sort();
    expect(await of(fleetRule)).toEqual([byPc.conjunctionId]);
    expect(await of(allRule)).toEqual([others.conjunctionId, byPc.conjunctionId, neither.conjunctionId].sort());
    await removeRule(fleetRule);
    // The removed rule's waiting message ended dead; the other rule's are sent.
    const removed = await notifications().listDeliveries({ status: 'dead', limit: 50 });
    expect(removed.filter((d) => d.ruleId === null && d.lastError === 'the rule was removed')).toHaveLength(1);
    hook.received.length = 0;
    expect(await notifications().sendAllDue()).toBe(3);
    expect(hook.received.every((r) => r.signatureValid)).toBe(true);
    await removeRule(allRule);
  });

  it('sends a TCA-near message once per alert and rule, for open alerts within the rule’s hours', async () => {
    const rule = await createRule({ channel: 'webhook', target: hook.url, secret: SECRET, scope: 'all', events: ['tca_near'], tcaWithinHours: 6 });
    const near = await insertEvent(db(), { primaryNorad: FLEET, secondaryNorad: OTHER, riskLevel: 'low', pc: 1e-8, tca: new Date(clock + 5 * 3_600_000), now: now() });
    const far = await insertEvent(db(), { primaryNorad: FLEET, secondaryNorad: OTHER, riskLevel: 'high', pc: 1e-4, tca: new Date(clock + 7 * 3_600_000), now: now() });
    const closed = await insertEvent(db(), { primaryNorad: FLEET, secondaryNorad: OTHER, riskLevel: 'high', pc: 1e-4, tca: new Date(clock + 3_600_000), now: now(), alertStatus: 'closed' });
    expect(await notifications().checkTcaNear()).toBe(1);
    expect(await notifications().checkTcaNear()).toBe(0);
    const [only] = await notifications().listDeliveries({ status: 'all', ruleId: rule, limit: 10 });
    expect(only).toMatchObject({ event: 'tca_near', conjunctionId: near.conjunctionId, subject: `[Data Forge] LOW ${near.conjunctionId}: TCA near` });
    expect([far.conjunctionId, closed.conjunctionId]).not.toContain(only!.conjunctionId);
    hook.received.length = 0;
    await notifications().sendAllDue();
    expect(hook.received.map((r) => r.event)).toEqual(['tca_near']);
    await removeRule(rule);
  });

  it('sends a rule’s test message through the queue (POST …/test)', async () => {
    const rule = await createRule({ channel: 'webhook', target: hook.url, secret: SECRET, events: ['new_alert'] });
    const res = await server.app.inject({ method: 'POST', url: `/api/notifications/rules/${rule}/test` });
    expect(res.statusCode).toBe(202);
    const delivery = res.json() as { id: string; event: string; status: string };
    expect(delivery).toMatchObject({ event: 'test', status: 'pending', ruleId: rule, conjunctionId: null });
    hook.received.length = 0;
    expect(await notifications().sendAllDue()).toBe(1);
    expect(hook.received.map((r) => [r.deliveryId, r.event, r.signatureValid])).toEqual([[delivery.id, 'test', true]]);
    expect((await server.app.inject({ method: 'POST', url: '/api/notifications/rules/999999/test' })).statusCode).toBe(404);
    await removeRule(rule);
  });
});

describe('e-mail deliveries', () => {
  it('stores the SMTP server with its password encrypted and masked, and mails plain text + HTML over STARTTLS with a Message-ID of the delivery', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/api/notifications/smtp' })).json()).toEqual({ url: null, from: 'Data Forge <alerts@ops.example.org>', source: 'none', hasPassword: false });
    const url = `smtp://alerts:s3cret-pass@127.0.0.1:${smtp.port}/?tls.rejectUnauthorized=false`;
    const put = await server.app.inject({ method: 'PUT', url: '/api/notifications/smtp', payload: { url, from: 'Data Forge <alerts@ops.example.org>' } });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ url: `smtp://alerts:****@127.0.0.1:${smtp.port}/?tls.rejectUnauthorized=false`, from: 'Data Forge <alerts@ops.example.org>', source: 'database', hasPassword: true });
    const stored = await db().execute(sql`select value::text as v from notification_settings where key = 'smtp'`);
    expect(JSON.stringify(stored)).not.toContain('s3cret-pass');
    expect((await server.app.inject({ method: 'PUT', url: '/api/notifications/smtp', payload: { url: 'http://mail.example.org', from: 'a@b.org' } })).json()).toEqual({ message: 'url: must be smtp:// or smtps://, got http://' });

    const rule = await createRule({ channel: 'email', target: 'duty-officer@ops.example.org', minRisk: 'high', events: ['new_alert'] });
    const event = await fleetEvent('critical', 4.2e-3);
    await change(event.id, 'detected', { toRisk: 'critical', reason: 'screening run 14' });
    expect(await notifications().dispatchAll()).toBe(1);
    smtp.mails.length = 0;
    expect(await notifications().sendAllDue()).toBe(1);
    const [delivery] = await notifications().listDeliveries({ status: 'delivered', ruleId: rule, limit: 1 });
    expect(delivery).toMatchObject({ channel: 'email', target: 'duty-officer@ops.example.org', attempts: 1 });
    expect(smtp.mails).toHaveLength(1);
    const mail = smtp.mails[0]!;
    expect(mail).toMatchObject({ from: 'alerts@ops.example.org', to: ['duty-officer@ops.example.org'], secure: true, user: 'alerts' });
    expect(mailHeader(mail.raw, 'From')).toBe('Data Forge <alerts@ops.example.org>');
    expect(mailHeader(mail.raw, 'To')).toBe('duty-officer@ops.example.org');
    expect(mailHeader(mail.raw, 'Subject')).toBe(`[Data Forge] CRITICAL ${event.conjunctionId}: new alert`);
    expect(mailHeader(mail.raw, 'Message-ID')).toBe(`<${delivery!.id}@ops.example.org>`);
    expect(mailHeader(mail.raw, 'Content-Type')).toMatch(/^multipart\/alternative;/);
    const text = mailPart(mail.raw, 'text/plain')!;
    expect(text).toContain(`${event.conjunctionId}: new alert`);
    expect(text).toContain(`Objects: NORAD ${FLEET} × NORAD ${OTHER}`);
    expect(text).toContain('Pc: 4.20e-3');
    expect(text).toContain('detected at CRITICAL risk (screening run 14)');
    expect(text).toContain(`http://127.0.0.1:5000/alerts/${event.conjunctionId}`);
    const html = mailPart(mail.raw, 'text/html')!;
    expect(html).toContain(`<h2>${event.conjunctionId}: new alert</h2>`);
    expect(html).toContain('<tr><th align="left">Risk</th><td>critical</td></tr>');
    await removeRule(rule);
  });

  it('enqueues the daily digest once per subscribed e-mail rule and day, with its attachment', async () => {
    const digestRule = await createRule({ channel: 'email', target: 'ops-lead@ops.example.org', events: ['daily_digest'] });
    const otherRule = await createRule({ channel: 'email', target: 'nobody@ops.example.org', events: ['new_alert'] });
    const pdf = Buffer.from('%PDF-1.4\n% a test digest\n%%EOF\n');
    const message = { dedupeKey: 'digest:2026-03-01', subject: '[Data Forge] Daily digest 2026-03-01', text: 'Open alerts: 3', html: '<p>Open alerts: 3</p>', attachments: [{ filename: 'digest-2026-03-01.pdf', contentType: 'application/pdf', contentBase64: pdf.toString('base64') }] };
    const made = await notifications().enqueueDigest(message);
    expect(made.map((d) => [d.ruleId, d.event, d.target, d.subject])).toEqual([[digestRule, 'daily_digest', 'ops-lead@ops.example.org', '[Data Forge] Daily digest 2026-03-01']]);
    expect(await notifications().enqueueDigest(message)).toEqual([]);
    smtp.mails.length = 0;
    expect(await notifications().sendAllDue()).toBe(1);
    const raw = smtp.mails[0]!.raw;
    expect(mailHeader(raw, 'Subject')).toBe('[Data Forge] Daily digest 2026-03-01');
    expect(mailPart(raw, 'text/plain')).toBe('Open alerts: 3');
    expect(raw).toMatch(/Content-Type: application\/pdf; name=digest-2026-03-01\.pdf/);
    expect(raw).toContain(pdf.toString('base64'));
    await removeRule(digestRule);
    await removeRule(otherRule);
  });
});
