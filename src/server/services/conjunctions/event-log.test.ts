import { describe, expect, it } from 'vitest';
import { ConjunctionLogEntry } from '../../../contracts/conjunction-events.ts';
import { eventLog, type LogChangeRow, type LogEventRow, type LogPlanRow, type LogUpdateRow } from './event-log.ts';

const t = (hhmm: string) => new Date(`2026-03-01T${hhmm}:00.000Z`);

const row: LogEventRow = { source: 'screening', status: 'open', closeReason: null, firstDetected: t('08:00'), lastUpdated: t('10:00'), tca: new Date('2026-03-02T12:00:00.000Z') };
const detection: LogUpdateRow = { id: 11, at: t('08:00'), missKm: 0.4123, pc: 1.234e-5, riskLevel: 'medium', source: 'screening' };
const cara: LogUpdateRow = { id: 12, at: t('09:30'), missKm: 3.94, pc: 2.5e-4, riskLevel: 'high', source: 'CARA' };

function plan(overrides: Partial<LogPlanRow>): LogPlanRow {
  return {
    id: 3,
    createdAt: t('10:10'),
    createdBy: 'ops-alice',
    burnEpoch: new Date('2026-03-02T10:30:00.000Z'),
    dvR: 0,
    dvT: 0.05,
    dvN: -0.0012,
    status: 'screening',
    screenedAt: null,
    acceptable: null,
    reason: null,
    error: null,
    decidedAt: null,
    decidedBy: null,
    ...overrides,
  };
}

describe('eventLog', () => {
  it('tells the detection with its first estimate, then each new estimate, the system as actor', () => {
    const log = eventLog(row, [detection, cara], []);
    expect(log.map((e) => ConjunctionLogEntry.parse(e))).toEqual([
      { at: '2026-03-01T08:00:00.000Z', kind: 'detected', actor: null, planId: null, text: 'First detected by screening: miss 412.3 m, Pc 1.23e-5 (medium)' },
      { at: '2026-03-01T09:30:00.000Z', kind: 'estimate', actor: null, planId: null, text: 'New estimate in a CDM from CARA: miss 3.94 km, Pc 2.50e-4 (high)' },
    ]);
  });

  it('takes the event’s own first estimate (lowest id) as the detection, even when an older CDM came later', () => {
    const older: LogUpdateRow = { ...cara, id: 13, at: t('07:00') };
    const log = eventLog(row, [older, detection], []);
    expect(log.map((e) => [e.kind, e.at])).toEqual([
      ['estimate', '2026-03-01T07:00:00.000Z'],
      ['detected', '2026-03-01T08:00:00.000Z'],
    ]);
    expect(log[1]!.text).toBe('First detected by screening: miss 412.3 m, Pc 1.23e-5 (medium)');
  });

  it('says who detected an event without any estimate row', () => {
    expect(eventLog({ ...row, source: 'CSpOC' }, [], [])).toEqual([{ at: '2026-03-01T08:00:00.000Z', kind: 'detected', actor: null, planId: null, text: 'First detected in a CDM from CSpOC' }]);
  });

  it('records a plan requested, screened and chosen, with who requested and who chose it', () => {
    const chosen = plan({
      status: 'chosen',
      screenedAt: t('10:12'),
      acceptable: true,
      reason: "Acceptable: the event's Pc after the burn is 1.00e-7, and no conjunction the plan creates or worsens exceeds 0.0001.",
      decidedAt: t('10:20'),
      decidedBy: 'ops-bob',
    });
    const log = eventLog(row, [detection], [chosen]).slice(1);
    expect(log).toEqual([
      { at: '2026-03-01T10:10:00.000Z', kind: 'plan_requested', actor: 'ops-alice', planId: 3, text: 'Plan 3 requested: burn at 2026-03-02 10:30:00 UTC, Δv RTN (0, +0.05, -0.0012) m/s' },
      { at: '2026-03-01T10:12:00.000Z', kind: 'plan_screened', actor: null, planId: 3, text: "Plan 3 screened: acceptable. The event's Pc after the burn is 1.00e-7, and no conjunction the plan creates or worsens exceeds 0.0001." },
      { at: '2026-03-01T10:20:00.000Z', kind: 'plan_chosen', actor: 'ops-bob', planId: 3, text: 'Plan 3 chosen' },
    ]);
  });

  it('records a plan not acceptable and discarded, one that failed, and one still screening', () => {
    const discarded = plan({ id: 4, status: 'discarded', screenedAt: t('10:15'), acceptable: false, reason: 'Not acceptable: it creates a conjunction with X (1) at 2026-03-03T00:00:00.000Z, Pc 1.00e-3.', decidedAt: t('10:30'), decidedBy: 'ops-bob' });
    const failed = plan({ id: 5, createdAt: t('10:11'), status: 'failed', screenedAt: t('10:40'), error: 'Interrupted: the server stopped while the plan was being screened; screen it again' });
    const screening = plan({ id: 6, createdAt: t('10:50') });
    const log = eventLog(row, [detection], [screening, failed, discarded]).slice(1);
    expect(log.map((e) => [e.at.slice(11, 16), e.kind, e.planId, e.actor])).toEqual([
      ['10:10', 'plan_requested', 4, 'ops-alice'],
      ['10:11', 'plan_requested', 5, 'ops-alice'],
      ['10:15', 'plan_screened', 4, null],
      ['10:30', 'plan_discarded', 4, 'ops-bob'],
      ['10:40', 'plan_failed', 5, null],
      ['10:50', 'plan_requested', 6, 'ops-alice'],
    ]);
    expect(log[2]!.text).toBe('Plan 4 screened: not acceptable. It creates a conjunction with X (1) at 2026-03-03T00:00:00.000Z, Pc 1.00e-3.');
    expect(log[3]!.text).toBe('Plan 4 discarded');
    expect(log[4]!.text).toBe('Plan 5 could not be screened: Interrupted: the server stopped while the plan was being screened; screen it again');
  });

  it('ends with the close and its reason; entries of one time keep their order', () => {
    const same = plan({ createdAt: t('08:00') });
    const closed = eventLog({ ...row, status: 'closed', closeReason: 'not_found' }, [detection], [same]);
    expect(closed.map((e) => e.kind)).toEqual(['detected', 'plan_requested', 'closed']);
    expect(closed[2]).toEqual({ at: '2026-03-01T10:00:00.000Z', kind: 'closed', actor: null, planId: null, text: 'Closed: no longer found by screening' });
    // Closed because the TCA passed: not before the TCA.
    const passed = eventLog({ ...row, status: 'closed', closeReason: 'tca_passed' }, [detection], []);
    expect(passed.at(-1)).toMatchObject({ at: '2026-03-02T12:00:00.000Z', text: 'Closed: TCA passed' });
  });

  it('tells the alert changes (issue 29) with their actor, statuses and comment; the close once', () => {
    const change = (id: number, at: string, c: Partial<LogChangeRow>): LogChangeRow => ({ id, at: t(at), actor: null, kind: 'status', fromStatus: null, toStatus: null, fromRisk: null, toRisk: null, assignee: null, comment: null, reason: null, planId: null, ...c });
    const closed: LogEventRow = { ...row, status: 'closed', closeReason: 'operator', lastUpdated: t('11:00') };
    const changes = [
      change(1, '08:00', { kind: 'detected', toRisk: 'medium', reason: 'screening run 4' }),
      change(2, '09:00', { actor: 'alice', kind: 'status', fromStatus: 'new', toStatus: 'acknowledged', comment: 'seen' }),
      change(3, '09:05', { actor: 'alice', kind: 'assigned', fromStatus: 'acknowledged', toStatus: 'acknowledged', assignee: 'bob' }),
      change(4, '09:30', { kind: 'risk_raised', fromRisk: 'medium', toRisk: 'high', reason: 'a CDM from CARA (M1)' }),
      change(5, '09:40', { actor: 'bob', kind: 'comment', comment: 'waiting for the next CDM' }),
      change(6, '11:00', { actor: 'bob', kind: 'status', fromStatus: 'false_alarm', toStatus: 'closed' }),
      change(7, '11:30', { kind: 'reopened', fromStatus: 'closed', toStatus: 'new', reason: 'screening run 5 raised the risk from high to critical' }),
    ];
    const log = eventLog(closed, [detection], [], changes).map((e) => ConjunctionLogEntry.parse(e));
    expect(log.map((e) => [e.at.slice(11, 16), e.kind, e.actor, e.text, e.fromStatus ?? null, e.toStatus ?? null, e.comment ?? null])).toEqual([
      ['08:00', 'detected', null, 'First detected by screening: miss 412.3 m, Pc 1.23e-5 (medium)', null, null, null],
      ['09:00', 'status', 'alice', 'Status new → acknowledged', 'new', 'acknowledged', 'seen'],
      ['09:05', 'assigned', 'alice', 'Assigned to bob', 'acknowledged', 'acknowledged', null],
      ['09:30', 'risk_raised', null, 'Risk raised from medium to high: a CDM from CARA (M1)', null, null, null],
      ['09:40', 'comment', 'bob', 'Comment', null, null, 'waiting for the next CDM'],
      ['11:00', 'status', 'bob', 'Status false alarm → closed', 'false_alarm', 'closed', null],
      ['11:30', 'reopened', null, 'Reopened: screening run 5 raised the risk from high to critical', 'closed', 'new', null],
    ]);
  });

  it('tells the first detection at the first CDM’s creation when the query service gives it', () => {
    expect(eventLog(row, [detection], [], [], t('07:15'))[0]).toMatchObject({ kind: 'detected', at: '2026-03-01T07:15:00.000Z' });
  });
});
