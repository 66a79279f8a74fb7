/**
 * `ssa notify` (issue 29) as one process per command, as an administrator runs it, on the
 * server's data directory: rules added (a webhook with its secret, an e-mail address), listed as
 * JSON without secrets, a test message sent at once to a real receiver that verifies its signature,
 * a rule removed; the refusals (no NOTIFY_SECRET_KEY, bad options) with exit 2 and the reason; the
 * writes in the audit log as cli:<os user>; and, while `ssa serve` holds the embedded database,
 * the pointer to the API.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database.ts';
import { AuditRepository } from '../../src/server/repositories/audit-repository.ts';
import { NO_KEY_MESSAGE } from '../../src/server/services/notifications/secret-box.ts';
import { startWebhookReceiver, type WebhookReceiver } from './support/notifications.ts';
import { createServerStore, spawnServer, type ServerStore } from './support/server-process.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const KEY = '0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0';
const SECRET = 'cli-webhook-secret-0001';
let dataDir: string;
let receiver: WebhookReceiver;

/** Runs `ssa` without blocking this process (the receiver answers meanwhile). */
function ssa(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['bin/ssa.js', ...args],
      { cwd: repoRoot, env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent', DATA_DIR: dataDir, NOTIFY_SECRET_KEY: KEY, ...env }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}
const lines = (stdout: string) => stdout.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'dataforge-notify-cli-'));
  receiver = await startWebhookReceiver(SECRET);
});
afterAll(async () => {
  await receiver?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('ssa notify', () => {
  it('adds, lists, tests and removes rules; refuses bad input with the reason', { timeout: 480_000 }, async () => {
    const noKey = await ssa(['notify', 'add', 'webhook', receiver.url, '--secret', SECRET], { NOTIFY_SECRET_KEY: '' });
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toBe(`ssa: ${NO_KEY_MESSAGE}\n\n`);

    const added = await ssa(['notify', 'add', 'webhook', receiver.url, '--secret', SECRET, '--min-risk', 'high', '--min-pc', '1e-4', '--events', 'new_alert,tca_near', '--scope', 'all']);
    expect(added.stderr).toBe('');
    expect(added.code).toBe(0);
    const actor = `cli:${userInfo().username}`;
    const [webhook] = lines(added.stdout);
    expect(webhook).toMatchObject({ id: 1, channel: 'webhook', target: receiver.url, minRisk: 'high', minPc: 1e-4, scope: 'all', events: ['new_alert', 'tca_near'], tcaWithinHours: 24, enabled: true, hasSecret: true, createdBy: actor });

    const email = await ssa(['notify', 'add', 'email', 'duty@ops.example.org', '--min-risk', 'critical']);
    expect(lines(email.stdout)).toMatchObject([{ id: 2, channel: 'email', target: 'duty@ops.example.org', minRisk: 'critical', minPc: null, scope: 'fleet', events: ['new_alert', 'risk_raised'], hasSecret: false }]);

    const list = await ssa(['notify', 'list']);
    expect(list.code).toBe(0);
    expect(lines(list.stdout).map((r) => [r.id, r.channel, r.target, r.hasSecret])).toEqual([
      [1, 'webhook', receiver.url, true],
      [2, 'email', 'duty@ops.example.org', false],
    ]);
    expect(list.stdout).not.toContain(SECRET);

    const test = await ssa(['notify', 'test', '1']);
    expect(test.stderr).toBe('');
    expect(test.code).toBe(0);
    const [delivery] = lines(test.stdout);
    expect(delivery).toMatchObject({ ruleId: 1, event: 'test', status: 'delivered', attempts: 1, lastError: null });
    expect(receiver.received.map((r) => [r.deliveryId, r.event, r.signatureValid])).toEqual([[delivery!.id, 'test', true]]);

    // E-mail without SMTP_URL: the attempt fails, the message stays queued, exit 1 with the reason.
    const mailTest = await ssa(['notify', 'test', '2']);
    expect(mailTest.code).toBe(1);
    expect(mailTest.stderr).toBe('ssa: the test message was not delivered: e-mail is not configured: set SMTP_URL (or PUT /api/notifications/smtp). It stays queued: the server retries it.\n');

    for (const [args, message] of [
      [['notify', 'add', 'webhook', receiver.url], 'ssa: notify add webhook needs --secret S (at least 16 characters): the receiver checks each message’s signature with it'],
      [['notify', 'add', 'pager', '555'], "ssa: notify add: unknown channel 'pager' (webhook or email)"],
      [['notify', 'add', 'email', 'duty@ops.example.org', '--min-pc', 'abc'], "ssa: --min-pc must be a number, got 'abc'"],
      [['notify', 'add', 'email', 'duty@ops.example.org', '--min-pc', '2'], 'ssa: --min-pc: Too big: expected number to be <=1'],
      [['notify', 'add', 'email', 'duty@ops.example.org', '--events', 'new_alert,party'], 'ssa: --events: Invalid option: expected one of "new_alert"|"risk_raised"|"tca_near"|"plan_screened"|"status_changed"|"daily_digest"'],
      [['notify', 'add', 'email', 'not-an-address'], "ssa: target: not an e-mail address: 'not-an-address'"],
      [['notify', 'remove', 'x'], "ssa: a rule ID is a positive whole number, got 'x'"],
      [['notify', 'remove', '99'], 'ssa: no notification rule 99'],
      [['notify', 'frobnicate'], "ssa: unknown notify command 'frobnicate'"],
    ] as const) {
      const r = await ssa([...args]);
      expect([r.code, r.stderr.split('\n')[0]], args.join(' ')).toEqual([2, message]);
    }

    expect(lines((await ssa(['notify', 'remove', '2'])).stdout)).toEqual([{ removed: 2 }]);
    expect(lines((await ssa(['notify', 'list'])).stdout).map((r) => r.id)).toEqual([1]);

    const database = await openDatabase({ dataDir });
    try {
      const { entries } = await new AuditRepository(database.db).list({ limit: 100, offset: 0 });
      expect(entries.filter((e) => e.via === 'cli').map((e) => [e.actor, e.action, e.status])).toEqual([
        [actor, 'ssa notify remove', 0],
        [actor, 'ssa notify test', 0],
        [actor, 'ssa notify test', 0],
        [actor, 'ssa notify add', 0],
        [actor, 'ssa notify add', 0],
      ]);
      expect(JSON.stringify(entries)).not.toContain(SECRET);
    } finally {
      await database.close();
    }
  });

  it('points to the API while `ssa serve` holds the embedded database', { timeout: 180_000 }, async () => {
    const store: ServerStore = await createServerStore('pglite', 'notify-cli-busy');
    const server = await spawnServer(store, { DEMO_CATALOG: 'off', SCREENING: 'off', CATALOG_SCREENING_HOURS: '0', NOTIFY_SECRET_KEY: KEY });
    try {
      await server.waitForHealth();
      const r = await ssa(['notify', 'list', '--data-dir', store.dataDir]);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/^ssa: The data directory .* is in use by .*\. While `ssa serve` runs on it, manage notifications through the API \(\/api\/notifications, admin\) or \/config\.\n$/);
      // …where the same rule is made.
      const res = await fetch(`${server.baseUrl}/api/notifications/rules`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ channel: 'email', target: 'duty@ops.example.org' }) });
      expect(res.status).toBe(201);
    } finally {
      await server.stop();
      await store.destroy();
    }
  });
});
