/**
 * Issue 29, "still delivered with the same id across a kill -9": the real server (`ssa serve`) is
 * killed (SIGKILL, no shutdown code runs) after an alert change was committed and while its
 * webhook message is in flight (the receiver has read the request and not answered), then started
 * again on the same store. The message goes out after the restart with the same delivery id, the
 * receiver accepts it once, and no second delivery was made for the change. On PGlite, and on
 * PostgreSQL when DATABASE_URL is set (there the killed server's lease, 60 s, must run out first).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conjunctionAlertChanges } from '../../src/server/db/schema.ts';
import { NotificationRepository } from '../../src/server/repositories/notification-repository.ts';
import { NotificationService } from '../../src/server/services/notifications/notification-service.ts';
import { insertEvent, startWebhookReceiver, type WebhookReceiver } from './support/notifications.ts';
import { createServerStore, spawnServer, storeKinds, type ServerStore } from './support/server-process.ts';

const KEY = '5e0c1b7a9d3f2e4c6a8b0d1f3e5c7a9b2d4f6e8a0c1e3b5d7f9a2c4e6b8d0f1a';
const SECRET = 'crash-test-signing-secret';
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

async function until(what: string, timeoutMs: number, done: () => boolean): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`no ${what} within ${timeoutMs} ms`);
    await sleep(50);
  }
}

describe.each(storeKinds)('kill -9 with a notification in flight (%s)', (kind) => {
  let store: ServerStore;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    store = await createServerStore(kind, 'notify-crash');
    receiver = await startWebhookReceiver(SECRET);
  });
  afterAll(async () => {
    await receiver?.close();
    await store?.destroy();
  });

  it('sends the message after the restart, with the same delivery id, once', { timeout: 240_000 }, async () => {
    const env = { DEMO_CATALOG: 'off', SCREENING: 'off', CATALOG_SCREENING_HOURS: '0', NOTIFY_SECRET_KEY: KEY };
    // The committed state: a rule, an open alert and its change (undispatched), as the lifecycle writes them.
    const { eventId, changeId } = await store.inspect(async (database) => {
      const repo = new NotificationRepository(database.db);
      const service = new NotificationService(repo, { secretKey: KEY, smtpFrom: 'a@b.org', fleet: () => () => false });
      await service.createRule({ channel: 'webhook', target: receiver.url, secret: SECRET, scope: 'all', events: ['risk_raised'], tcaWithinHours: 24, enabled: true }, 'ada');
      const now = new Date();
      const event = await insertEvent(database.db, { primaryNorad: 43_013, secondaryNorad: 22_675, riskLevel: 'critical', pc: 2e-3, tca: new Date(now.getTime() + 86_400_000), now });
      const [change] = await repo.insertChanges([{ eventId: event.id, at: now, kind: 'risk_raised', fromRisk: 'high', toRisk: 'critical', reason: 'a CDM from CARA raised the risk to critical' }]);
      return { eventId: event.id, changeId: change!.id };
    });

    receiver.answers = ['hang'];
    const first = await spawnServer(store, env);
    try {
      await until('request at the receiver', 120_000, () => receiver.received.length === 1);
      await first.kill9();
    } finally {
      await first.kill9();
    }
    const inFlight = receiver.received[0]!;
    expect(inFlight).toMatchObject({ event: 'risk_raised', signatureValid: true, answered: 0 });

    // What the kill left: the change dispatched, one delivery, pending, its first attempt counted.
    const left = await store.inspect(async (database) => {
      const repo = new NotificationRepository(database.db);
      const changes = await database.db.select().from(conjunctionAlertChanges);
      return { changes: changes.map((c) => [c.id, c.dispatchedAt !== null]), deliveries: (await repo.listDeliveries({ status: 'all', limit: 10 })).map((d) => [d.id, d.status, d.attempts, d.event]) };
    });
    expect(left).toEqual({ changes: [[changeId, true]], deliveries: [[inFlight.deliveryId, 'pending', 1, 'risk_raised']] });

    const second = await spawnServer(store, env);
    try {
      await until('the message again after the restart', kind === 'postgres' ? 150_000 : 60_000, () => receiver.received.length >= 2);
      await sleep(2000); // and nothing more
    } finally {
      await second.stop();
    }
    expect(receiver.received.map((r) => [r.deliveryId, r.event, r.signatureValid, r.answered])).toEqual([
      [inFlight.deliveryId, 'risk_raised', true, 0],
      [inFlight.deliveryId, 'risk_raised', true, 200],
    ]);
    expect(receiver.received[1]!.body).toMatchObject({ id: inFlight.deliveryId, alert: { id: eventId, riskLevel: 'critical' }, changes: [{ id: changeId, kind: 'risk_raised', toRisk: 'critical' }] });
    const after = await store.inspect(async (database) => (await new NotificationRepository(database.db).listDeliveries({ status: 'all', limit: 10 })).map((d) => [d.id, d.status, d.attempts]));
    expect(after).toEqual([[inFlight.deliveryId, 'delivered', 2]]);
  });
});
