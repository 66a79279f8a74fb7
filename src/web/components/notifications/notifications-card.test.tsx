import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionResponse } from '@contracts/auth.ts';
import type { NotificationDelivery, NotificationRule, SmtpSettings } from '@contracts/notifications.ts';
import { NOTIFICATIONS_ADMIN_NOTE, NotificationsCard } from '@/components/notifications/notifications-card';
import { setCsrfToken } from '@/lib/csrf';
import { renderWithQueryClient } from '@/test/card-harness';
import { json } from '@/test/fetch-mock';

const WEBHOOK: NotificationRule = {
  id: 1,
  channel: 'webhook',
  target: 'https://chat.example.org/hooks/ssa',
  minRisk: 'high',
  minPc: null,
  scope: 'fleet',
  events: ['new_alert', 'risk_raised', 'tca_near'],
  tcaWithinHours: 12,
  enabled: true,
  hasSecret: true,
  createdAt: '2026-12-01T08:00:00.000Z',
  createdBy: 'alice',
};
const EMAIL: NotificationRule = { ...WEBHOOK, id: 2, channel: 'email', target: 'ops@example.org', minRisk: null, minPc: 1e-5, scope: 'all', events: ['daily_digest'], enabled: false, hasSecret: false };

const DEAD: NotificationDelivery = {
  id: '7d3f4a52-4c1e-4b8a-9d55-0a3c2f9e8b11',
  ruleId: 1,
  channel: 'webhook',
  target: WEBHOOK.target,
  event: 'new_alert',
  conjunctionId: 'CNJ-2026-014',
  subject: 'CNJ-2026-014: new high alert, OFEQ-16 vs COSMOS 2251 DEB',
  status: 'dead',
  attempts: 7,
  lastError: 'HTTP 503 Service Unavailable from https://chat.example.org/hooks/ssa',
  createdAt: '2026-12-06T22:10:00.000Z',
  nextAttemptAt: null,
  deliveredAt: null,
};
const DELIVERED: NotificationDelivery = { ...DEAD, id: '0b8e1c2d-3f4a-4b5c-8d6e-7f8091a2b3c4', status: 'delivered', attempts: 1, lastError: null, deliveredAt: '2026-12-06T21:00:01.000Z', createdAt: '2026-12-06T21:00:00.000Z' };
const SMTP: SmtpSettings = { url: 'smtp://ssa:****@mail.example.org:587', from: 'Data Forge <ssa@example.org>', source: 'environment', hasPassword: true };

interface Call {
  method: string;
  path: string;
  body: unknown;
}

type Role = 'viewer' | 'operator' | 'admin';

/** The notification routes of the server over an in-memory state; `refuse` answers a method+path with a 4xx instead. */
function mockApi({ role = 'admin', refuse = {} }: { role?: Role; refuse?: Record<string, [number, string]> } = {}) {
  const rules = [WEBHOOK, EMAIL];
  const deliveries = [DEAD, DELIVERED];
  let smtp = SMTP;
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, path: url.pathname, body });
      if (url.pathname === '/api/auth/session') return json(200, { authRequired: true, user: { username: role === 'admin' ? 'alice' : 'victor', role, via: 'session' }, csrfToken: 'token-1' } satisfies SessionResponse);
      const refusal = refuse[`${method} ${url.pathname}`];
      if (refusal) return json(refusal[0], { message: refusal[1] });
      if (url.pathname === '/api/notifications/rules' && method === 'GET') return json(200, { rules });
      if (url.pathname === '/api/notifications/rules' && method === 'POST') {
        const b = body as Partial<NotificationRule> & { secret?: string };
        const rule: NotificationRule = { ...WEBHOOK, ...b, id: 3, hasSecret: b.secret !== undefined } as NotificationRule;
        delete (rule as { secret?: string }).secret;
        rules.push(rule);
        return json(201, rule);
      }
      const ruleMatch = /^\/api\/notifications\/rules\/(\d+)(\/test)?$/.exec(url.pathname);
      if (ruleMatch) {
        const id = Number(ruleMatch[1]);
        const i = rules.findIndex((r) => r.id === id);
        if (ruleMatch[2] && method === 'POST') {
          const test: NotificationDelivery = { ...DELIVERED, id: 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee', ruleId: id, event: 'test', subject: 'Data Forge test message', status: 'pending', attempts: 0, deliveredAt: null, createdAt: '2026-12-07T06:00:00.000Z' };
          // The server sends it at once: the next read of the list finds it delivered.
          deliveries.unshift({ ...test, status: 'delivered', attempts: 1, deliveredAt: '2026-12-07T06:00:01.000Z' });
          return json(202, test);
        }
        if (method === 'PATCH') {
          rules[i] = { ...rules[i]!, ...(body as object) };
          return json(200, rules[i]);
        }
        if (method === 'DELETE') {
          rules.splice(i, 1);
          return new Response(null, { status: 204 });
        }
      }
      if (url.pathname === '/api/notifications/deliveries') return json(200, { deliveries });
      const retry = /^\/api\/notifications\/deliveries\/([^/]+)\/retry$/.exec(url.pathname);
      if (retry && method === 'POST') {
        const d = deliveries.find((x) => x.id === retry[1])!;
        Object.assign(d, { status: 'pending', attempts: 0 });
        return json(200, d);
      }
      if (url.pathname === '/api/notifications/smtp' && method === 'GET') return json(200, smtp);
      if (url.pathname === '/api/notifications/smtp' && method === 'PUT') {
        const b = body as { url: string; from: string };
        smtp = { url: b.url.replace(/:[^:@/]+@/, ':****@'), from: b.from, source: 'database', hasPassword: true };
        return json(200, smtp);
      }
      return new Response('Not Found', { status: 404 });
    }),
  );
  return { calls };
}

function renderCard() {
  const user = userEvent.setup();
  renderWithQueryClient(<NotificationsCard />);
  return { user, card: within(screen.getByRole('region', { name: 'Notifications' })) };
}

afterEach(() => {
  vi.unstubAllGlobals();
  setCsrfToken(null);
});

describe('NotificationsCard by role', () => {
  it.each(['viewer', 'operator'] as const)('a %s sees a note and nothing is asked of the admin routes', async (role) => {
    const { calls } = mockApi({ role });
    const { card } = renderCard();
    expect(await card.findByText(NOTIFICATIONS_ADMIN_NOTE)).toBeVisible();
    expect(card.queryByRole('table')).toBeNull();
    expect(card.queryByRole('form')).toBeNull();
    expect(calls.filter((c) => c.path.startsWith('/api/notifications'))).toEqual([]);
  });

  it('an admin sees the rules, the messages with the dead letter highlighted, and the SMTP server masked', async () => {
    mockApi();
    const { card } = renderCard();
    const rules = await card.findByRole('table', { name: 'Notification rules' });
    const rows = within(rules).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').slice(0, 8).map((c) => c.textContent))).toEqual([
      ['Webhook', 'https://chat.example.org/hooks/ssa', 'high', 'Any', 'Fleet', 'New alert, Risk raised, TCA near (12 h)', 'Stored', 'On'],
      ['E-mail', 'ops@example.org', 'Any', '1.0e-5', 'All', 'Daily digest', '—', 'Off'],
    ]);
    const deliveries = await card.findByRole('table', { name: 'Notification deliveries' });
    const dead = within(deliveries).getByRole('row', { name: `Delivery ${DEAD.id}` });
    expect(dead).toHaveAttribute('data-status', 'dead');
    expect(dead.className).toContain('bg-red-950/40');
    expect(within(dead).getByText('Dead letter')).toBeVisible();
    expect(within(dead).getByText(DEAD.lastError!)).toBeVisible();
    expect(within(dead).getByRole('button', { name: `Retry delivery ${DEAD.id}` })).toBeEnabled();
    const delivered = within(deliveries).getByRole('row', { name: `Delivery ${DELIVERED.id}` });
    expect(within(delivered).queryByRole('button')).toBeNull();
    const smtp = await card.findByLabelText('SMTP server in force');
    expect(smtp).toHaveTextContent('smtp://ssa:****@mail.example.org:587');
    expect(smtp).toHaveTextContent('From the environment (SMTP_URL, SMTP_FROM)');
    expect(smtp).toHaveTextContent('Stored (never shown)');
  });
});

describe('NotificationsCard actions (admin)', () => {
  it('adds a webhook rule with its secret, and lists it', async () => {
    const { calls } = mockApi();
    const { user, card } = renderCard();
    const form = await card.findByRole('form', { name: 'Add a notification rule' });
    await user.type(within(form).getByLabelText('Webhook URL'), 'http://127.0.0.1:9999/hook');
    await user.type(within(form).getByLabelText('Signing secret'), 'a-very-long-signing-secret');
    await user.selectOptions(within(form).getByLabelText('Minimum risk'), 'critical');
    await user.type(within(form).getByLabelText('Minimum Pc'), '1e-4');
    await user.click(within(form).getByLabelText('Status changed'));
    // The daily digest is e-mail only: not offered for a webhook.
    expect(within(form).getByLabelText('Daily digest')).toBeDisabled();
    await user.click(within(form).getByRole('button', { name: 'Add rule' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/notifications/rules')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      channel: 'webhook',
      target: 'http://127.0.0.1:9999/hook',
      secret: 'a-very-long-signing-secret',
      minRisk: 'critical',
      minPc: 1e-4,
      scope: 'fleet',
      events: ['new_alert', 'risk_raised', 'status_changed'],
      tcaWithinHours: 24,
      enabled: true,
    });
    expect(await card.findByRole('row', { name: 'Rule 3: http://127.0.0.1:9999/hook' })).toBeVisible();
    expect(within(form).getByLabelText('Webhook URL')).toHaveValue('');
  });

  it('adds an e-mail rule (no secret field) and shows the server’s refusal as it says it', async () => {
    const message = "Invalid request: 'ops@' is not an e-mail address";
    const { calls } = mockApi({ refuse: { 'POST /api/notifications/rules': [400, message] } });
    const { user, card } = renderCard();
    const form = await card.findByRole('form', { name: 'Add a notification rule' });
    await user.selectOptions(within(form).getByLabelText('Channel'), 'email');
    expect(within(form).queryByLabelText('Signing secret')).toBeNull();
    await user.type(within(form).getByLabelText('E-mail address'), 'ops@');
    await user.click(within(form).getByLabelText('Daily digest'));
    await user.click(within(form).getByRole('button', { name: 'Add rule' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(message);
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ channel: 'email', target: 'ops@', events: ['new_alert', 'risk_raised', 'daily_digest'] });
    expect(calls.find((c) => c.method === 'POST')!.body).not.toHaveProperty('secret');
  });

  it('disables a rule, and deletes one after a confirmation', async () => {
    const { calls } = mockApi();
    const { user, card } = renderCard();
    await user.click(await card.findByRole('checkbox', { name: 'Rule 1 enabled' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toEqual([{ method: 'PATCH', path: '/api/notifications/rules/1', body: { enabled: false } }]));
    await waitFor(() => expect(card.getByRole('checkbox', { name: 'Rule 1 enabled' })).not.toBeChecked());
    await user.click(card.getByRole('button', { name: 'Delete rule 2' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(card.getByRole('button', { name: 'Confirm delete' }));
    await waitFor(() => expect(card.queryByRole('row', { name: 'Rule 2: ops@example.org' })).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/notifications/rules/2']);
  });

  it('sends a test message and shows its delivery status as the server reports it', async () => {
    const { calls } = mockApi();
    const { user, card } = renderCard();
    await user.click(await card.findByRole('button', { name: 'Send a test message of rule 1' }));
    const status = await card.findByRole('status', { name: 'Test message of rule 1' });
    // Pending in the answer, delivered in the list read again right after.
    await waitFor(() => expect(status).toHaveTextContent('Test message: delivered'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/notifications/rules/1/test']);
  });

  it('retries a dead letter; a 409 is shown as the server says it', async () => {
    const message = 'The delivery is not dead: only a dead letter can be retried';
    const { calls } = mockApi({ refuse: { [`POST /api/notifications/deliveries/${DEAD.id}/retry`]: [409, message] } });
    const { user, card } = renderCard();
    await user.click(await card.findByRole('button', { name: `Retry delivery ${DEAD.id}` }));
    expect(await within(card.getByRole('region', { name: 'Deliveries' })).findByRole('alert')).toHaveTextContent(message);
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([`/api/notifications/deliveries/${DEAD.id}/retry`]);
  });

  it('stores an SMTP server and shows it masked, from the database', async () => {
    const { calls } = mockApi();
    const { user, card } = renderCard();
    const form = await card.findByRole('form', { name: 'Store an SMTP server' });
    await user.type(within(form).getByLabelText('SMTP URL'), 'smtp://ssa:hunter2@mail.example.org:587');
    await user.clear(within(form).getByLabelText('From address'));
    await user.type(within(form).getByLabelText('From address'), 'ssa@example.org');
    await user.click(within(form).getByRole('button', { name: 'Store' }));
    await waitFor(() => expect(card.getByLabelText('SMTP server in force')).toHaveTextContent('Stored here (the password encrypted)'));
    expect(card.getByLabelText('SMTP server in force')).toHaveTextContent('smtp://ssa:****@mail.example.org:587');
    expect(card.getByLabelText('SMTP server in force')).not.toHaveTextContent('hunter2');
    expect(calls.find((c) => c.method === 'PUT')).toEqual({ method: 'PUT', path: '/api/notifications/smtp', body: { url: 'smtp://ssa:hunter2@mail.example.org:587', from: 'ssa@example.org' } });
  });
});
