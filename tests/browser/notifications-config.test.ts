import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect as pollExpect } from 'vitest';
import { SCREENS_DIR, useBrowserSuite } from './harness.ts';

// The notifications card on /config (issue 29) against the real server (AUTH off: the local user is
// an admin): a webhook rule to a receiver this test starts on loopback, a test message sent from the
// page that the receiver gets, signed with the rule's secret, and its status shown as delivered; a
// secret the server refuses, with its message as sent.

const SECRET = 'browser-test-signing-secret-0123';
const web = useBrowserSuite({ app: { env: { DEMO_CATALOG: 'off', SCREENING: 'off', NOTIFY_SECRET_KEY: 'ab'.repeat(32) } } });

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}
const received: Received[] = [];
let receiver: Server;
let hookUrl: string;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const address = receiver.address();
  hookUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hooks/ssa`;
});

afterAll(async () => {
  await new Promise((resolve) => receiver?.close(resolve));
});

describe('/config: the notifications card', () => {
  it('adds a webhook rule, sends a test message that the receiver gets signed, and shows it delivered', async () => {
    const { page } = web;
    await page.goto(`${web.app.baseUrl}/config`);
    const card = page.getByRole('region', { name: 'Notifications' });
    const form = card.getByRole('form', { name: 'Add a notification rule' });
    await form.waitFor();
    // The form renders before the rules list has loaded: wait for the list's own words.
    await card.getByText('No notification rule yet: nothing leaves the server.').waitFor();

    // A secret too short: the server's refusal, as it says it.
    web.expectedErrors = [/status of 400/];
    await form.getByLabel('Webhook URL').fill(hookUrl);
    await form.getByLabel('Signing secret').fill('short');
    await form.getByRole('button', { name: 'Add rule' }).click();
    const refusal = form.getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(/^Invalid request: body\.secret: .*16/);

    await form.getByLabel('Signing secret').fill(SECRET);
    await form.getByLabel('Minimum risk').selectOption('critical');
    await form.getByRole('button', { name: 'Add rule' }).click();
    const rule = card.getByRole('row', { name: `Rule 1: ${hookUrl}` });
    await rule.waitFor();
    expect((await rule.getByRole('cell').allTextContents()).slice(0, 8)).toEqual(['Webhook', hookUrl, 'critical', 'Any', 'Fleet', 'New alert, Risk raised', 'Stored', 'On']);

    await rule.getByRole('button', { name: 'Send a test message of rule 1' }).click();
    const status = card.getByRole('status', { name: 'Test message of rule 1' });
    await pollExpect.poll(async () => (await status.textContent()) ?? '', { timeout: 30_000, interval: 250 }).toContain('Test message: delivered');

    // The receiver got it once, with the delivery's id and a signature it can check with the secret.
    expect(received).toHaveLength(1);
    const [message] = received;
    const delivery = message!.headers['data-forge-delivery'];
    expect(delivery).toMatch(/^[0-9a-f-]{36}$/);
    expect(message!.headers['data-forge-event']).toBe('test');
    const signature = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(message!.headers['data-forge-signature']));
    expect(signature).not.toBeNull();
    expect(signature![2]).toBe(createHmac('sha256', SECRET).update(`${signature![1]}.${message!.body}`).digest('hex'));
    expect(JSON.parse(message!.body)).toMatchObject({ id: delivery, event: 'test', test: true, ruleId: 1 });

    const row = card.getByRole('row', { name: `Delivery ${String(delivery)}` });
    await row.waitFor();
    expect(await row.getAttribute('data-status')).toBe('delivered');
    await page.screenshot({ path: `${SCREENS_DIR}/config-notifications.png`, fullPage: true });

    // Disabled, then removed: the API agrees.
    // A click, not uncheck(): the box follows the server's answer, not the click.
    await rule.getByRole('checkbox', { name: 'Rule 1 enabled' }).click();
    await pollExpect.poll(async () => ((await (await fetch(`${web.app.baseUrl}/api/notifications/rules`)).json()) as { rules: { enabled: boolean }[] }).rules[0]?.enabled).toBe(false);
    await pollExpect.poll(() => rule.getByRole('checkbox', { name: 'Rule 1 enabled' }).isChecked()).toBe(false);
    await rule.getByRole('button', { name: 'Delete rule 1' }).click();
    await card.getByRole('button', { name: 'Confirm delete' }).click();
    await card.getByText('No notification rule yet: nothing leaves the server.').waitFor();
  }, 120_000);
});
