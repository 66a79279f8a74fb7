import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isExhausted, leadingEvent, meetsLevel, notificationEventOf, renderAlertMessage, retryDelayMs, ruleFires, signatureHeader, webhookBody, type AlertFacts, type ChangeFacts } from './messages.ts';

const alert: AlertFacts = {
  id: 7,
  conjunctionId: 'CNJ-2026-007',
  primaryNorad: 43013,
  secondaryNorad: 22675,
  primaryName: 'OFEQ 11',
  secondaryName: 'COSMOS 2251 DEB',
  tca: '2026-03-04T06:00:00.000Z',
  missKm: 0.4123,
  pc: 3.1e-4,
  riskLevel: 'high',
  status: 'open',
  alertStatus: 'acknowledged',
  assignee: 'bob',
};
const change = (over: Partial<ChangeFacts>): ChangeFacts => ({
  id: 1,
  event: 'status_changed',
  kind: 'status',
  at: '2026-03-01T06:00:00.000Z',
  actor: null,
  fromStatus: null,
  toStatus: null,
  fromRisk: null,
  toRisk: null,
  assignee: null,
  comment: null,
  reason: null,
  planId: null,
  ...over,
});

describe('rule matching', () => {
  it('maps change kinds to notification events (a comment alone to none)', () => {
    expect(['detected', 'risk_raised', 'reopened', 'status', 'closed', 'assigned', 'plan_screened', 'comment', 'other'].map(notificationEventOf)).toEqual([
      'new_alert',
      'risk_raised',
      'risk_raised',
      'status_changed',
      'status_changed',
      'status_changed',
      'plan_screened',
      null,
      null,
    ]);
  });

  it('takes minRisk or minPc, either one when both are set, every alert with neither', () => {
    expect(meetsLevel({ minRisk: null, minPc: null }, 'low', 0)).toBe(true);
    expect(meetsLevel({ minRisk: 'high', minPc: null }, 'medium', 1)).toBe(false);
    expect(meetsLevel({ minRisk: 'high', minPc: null }, 'critical', 0)).toBe(true);
    expect(meetsLevel({ minRisk: null, minPc: 1e-4 }, 'critical', 9.9e-5)).toBe(false);
    expect(meetsLevel({ minRisk: null, minPc: 1e-4 }, 'low', 1e-4)).toBe(true);
    expect(meetsLevel({ minRisk: 'critical', minPc: 1e-4 }, 'high', 2e-4)).toBe(true);
    expect(meetsLevel({ minRisk: 'critical', minPc: 1e-4 }, 'critical', 0)).toBe(true);
    expect(meetsLevel({ minRisk: 'critical', minPc: 1e-4 }, 'high', 5e-5)).toBe(false);
  });

  it('needs the event among the rule’s and, for scope fleet, a fleet object on either side', () => {
    const rule = { id: 1, minRisk: null, minPc: null, scope: 'fleet', events: ['new_alert'], tcaWithinHours: 24 };
    expect(ruleFires(rule, 'new_alert', alert, 'high', (n) => n === 22675)).toBe(true);
    expect(ruleFires(rule, 'new_alert', alert, 'high', () => false)).toBe(false);
    expect(ruleFires({ ...rule, scope: 'all' }, 'new_alert', alert, 'high', () => false)).toBe(true);
    expect(ruleFires(rule, 'risk_raised', alert, 'high', () => true)).toBe(false);
  });

  it('sends a coalesced message as its most pressing event', () => {
    expect(leadingEvent([change({ event: 'status_changed' }), change({ event: 'risk_raised' })], 'status_changed')).toBe('risk_raised');
    expect(leadingEvent([change({ event: 'plan_screened' })], 'new_alert')).toBe('new_alert');
  });
});

describe('messages', () => {
  it('renders subject, text and HTML (escaped) of an alert’s changes', () => {
    const message = renderAlertMessage('status_changed', {
      alert,
      changes: [change({ id: 3, actor: 'ada', fromStatus: 'new', toStatus: 'acknowledged', comment: '<b>on it</b>' }), change({ id: 4, kind: 'assigned', assignee: 'bob', actor: 'ada' })],
      link: 'https://ssa.example.org/alerts/CNJ-2026-007',
    });
    expect(message.subject).toBe('[Data Forge] HIGH CNJ-2026-007: status changed (2 changes)');
    expect(message.text).toBe(
      [
        'CNJ-2026-007: status changed',
        '',
        'Conjunction: CNJ-2026-007',
        'Objects: OFEQ 11 (43013) × COSMOS 2251 DEB (22675)',
        'TCA: 2026-03-04T06:00:00.000Z',
        'Miss distance: 0.412 km',
        'Pc: 3.10e-4',
        'Risk: high',
        'Alert status: acknowledged (assigned to bob)',
        '',
        'Changes:',
        '  2026-03-01T06:00:00.000Z  new → acknowledged by ada: “<b>on it</b>”',
        '  2026-03-01T06:00:00.000Z  assigned to bob by ada',
        '',
        'https://ssa.example.org/alerts/CNJ-2026-007',
        '',
      ].join('\n'),
    );
    expect(message.html).toContain('<li>2026-03-01T06:00:00.000Z: new → acknowledged by ada: “&lt;b&gt;on it&lt;/b&gt;”</li>');
    expect(message.html).not.toContain('<b>on it</b>');
    expect(JSON.parse(webhookBody('d-1', 'status_changed', '2026-03-01T06:00:00.000Z', message))).toMatchObject({
      id: 'd-1',
      event: 'status_changed',
      createdAt: '2026-03-01T06:00:00.000Z',
      subject: message.subject,
      summary: 'HIGH CNJ-2026-007: status changed (2 changes)',
      alert: { conjunctionId: 'CNJ-2026-007', pc: 3.1e-4 },
      link: 'https://ssa.example.org/alerts/CNJ-2026-007',
    });
  });

  it('signs "<t>.<body>" with HMAC-SHA256 as Stripe does', () => {
    const body = '{"id":"d-1"}';
    const header = signatureHeader('whsec-0123456789abcdef', 1_772_344_800, body);
    const expected = createHmac('sha256', 'whsec-0123456789abcdef').update(`1772344800.${body}`).digest('hex');
    expect(header).toBe(`t=1772344800,v1=${expected}`);
    expect(expected).toMatch(/^[0-9a-f]{64}$/);
  });

  it('backs off along the schedule with jitter, then gives up', () => {
    const schedule = [30_000, 120_000, 480_000];
    expect([1, 2, 3].map((a) => retryDelayMs(schedule, a, 0.25, 0))).toEqual([30_000, 120_000, 480_000]);
    expect(retryDelayMs(schedule, 2, 0.25, 0.999)).toBe(149_970);
    expect([1, 2, 3, 4].map((a) => isExhausted(schedule, a))).toEqual([false, false, false, true]);
  });
});
