/**
 * The alert lifecycle over HTTP (issue 29 items 2 and 4), with real NASA CARA CDMs
 * (tests/reference/cdm/cara) imported as an operator receives them, the clock pinned a week
 * before their TCA (2023-06-19T15:33:24Z, an hour after CARA created the first message):
 *
 * - a CDM creates the alert as `new`, first detected at the message's CREATION_DATE; the detail
 *   shows what the message says about its own quality (OD figures, CARA's Pc next to ours);
 * - an operator takes it new → acknowledged → assessing → risk_accepted → closed, each step with
 *   its actor, time and comment in the event's log and the audit log;
 * - a transition the table does not allow is a 409 naming the current status and the allowed ones;
 *   an unknown assignee is a 400; an unknown event a 404;
 * - a later Space-Track cdm_public of the same approach stating a higher Pc reopens the closed
 *   alert, with the reason;
 * - the list filters and sorts by alert status and assignee;
 * - the header's Active Alerts and the Critical Conjunctions card count the same set;
 * - an alert whose TCA passes is closed at that moment by the expiry timer (pinned clock and timer).
 * A viewer cannot change an alert with AUTH=on; an operator can, and is the actor.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConjunctionDetail, ConjunctionListResponse } from '../../src/contracts/conjunction-events.ts';
import { DashboardStats, type Conjunction } from '../../src/contracts/operations.ts';
import { AlertChangeRepository } from '../../src/server/repositories/alert-change-repository.ts';
import { EXPIRY_RECHECK_MS } from '../../src/server/services/conjunctions/alert-lifecycle-service.ts';
import { CARA_CDM_DIR } from '../reference/index.ts';
import { useTestApp } from './support/app.ts';
import { caraCdmPublicRecords } from './support/space-track-mock.ts';

const ICESAT = '000043613_conj_000052010_20230626_062628_20230619_143324';
const SECOND = '000029479_conj_000054630_20230725_134006_20230718_222924';
const THIRD = '000027424_conj_000031201_20230823_165542_20230819_215513';
const cara = (id: string) => readFileSync(`${CARA_CDM_DIR}${id}.cdm`, 'utf8');
const PINNED = new Date('2023-06-19T15:33:24Z');
const OPERATOR = 'SDA Operations Center';

let now = PINNED;
const server = useTestApp({
  name: 'alert-lifecycle',
  env: { DEMO_CATALOG: 'off', SCREENING: 'off' },
  async prepare(ctx) {
    await ctx.services.accounts.addUser({ username: 'alice', password: 'alice-password-1', role: 'operator' }, PINNED);
    await ctx.services.accounts.addUser({ username: 'bob', password: 'bob-password-12', role: 'operator' }, PINNED);
    ctx.services.alerts.clock.now = () => now;
  },
});

const detail = async (id: string) => {
  const res = await server.app.inject({ url: `/api/conjunctions/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return ConjunctionDetail.parse(res.json());
};
const patch = (id: string, payload: object) => server.app.inject({ method: 'PATCH', url: `/api/conjunctions/${id}`, payload });
const list = async (query: string) => {
  const res = await server.app.inject({ url: `/api/conjunctions?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return ConjunctionListResponse.parse(res.json());
};

/** The audit rows of PATCH writes, oldest first (written after each answer: waits for `count`). */
async function patchAudit(count: number) {
  for (let i = 0; i < 50; i += 1) {
    const { entries } = (await server.app.inject({ url: '/api/audit?limit=200' })).json() as { entries: { actor: string; method: string; status: number; detail: Record<string, unknown> | null; at: string }[] };
    const rows = entries.filter((e) => e.method === 'PATCH').reverse();
    if (rows.length >= count) return rows;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`fewer than ${count} PATCH audit rows`);
}

describe('the alert lifecycle of a CARA conjunction', () => {
  let id = '';
  let second = '';
  let third = '';

  it('creates a new alert from the CDM, first detected when CARA created the message', async () => {
    const imported = await server.ctx.services.cdmImport.importFile(cara(ICESAT), `${ICESAT}.cdm`, PINNED);
    expect(imported.rejected).toEqual([]);
    id = imported.imported[0]!.conjunctionId;
    expect(id).toBe('CNJ-2023-001');
    const d = await detail(id);
    expect(d).toMatchObject({ status: 'open', alertStatus: 'new', assignee: null, decision: null, riskLevel: 'medium', source: 'CARA' });
    expect(d.allowedStatuses).toEqual(['acknowledged', 'assessing', 'false_alarm']);
    // CREATION_DATE = 2023-06-19T14:33:24.000, not the import time an hour later.
    expect(d.firstDetected).toBe('2023-06-19T14:33:24.000Z');
    expect(d.log[0]).toMatchObject({ kind: 'detected', at: '2023-06-19T14:33:24.000Z', actor: null });
    // The outbox has the detection, not yet dispatched.
    const changes = await new AlertChangeRepository(server.ctx.database.db).ofEvents([(await server.ctx.repositories.conjunctionEvents.byConjunctionId(id))!.id]);
    expect(changes.map((c) => [c.kind, c.toRisk, c.reason, c.dispatchedAt])).toEqual([['detected', 'medium', `a CDM from CARA (${ICESAT})`, null]]);
  });

  it("shows what the CDM says about its own quality: CARA's OD figures and its Pc next to ours", async () => {
    const q = (await detail(id)).cdmQuality!;
    expect(q).toMatchObject({ originator: 'CARA', creationDate: '2023-06-19T14:33:24.000Z', originatorPc: 3.31e-8, originatorPcMethod: 'FOSTER-1992' });
    // ICESAT-2 (OBJECT1) as the message states it.
    expect(q.primary).toEqual({
      obsAvailable: 433,
      obsUsed: 399,
      tracksAvailable: 142,
      tracksUsed: 132,
      recommendedOdSpanDays: 4,
      actualOdSpanDays: 3.67,
      residualsAcceptedPercent: 99.3,
      weightedRms: 0.889,
      timeLastObEnd: null,
      odEpoch: null,
      hoursSinceOdEpoch: null,
      covarianceScaleFactor: 1,
    });
    expect(q.secondary).toMatchObject({ obsAvailable: 56, obsUsed: 56, tracksAvailable: 14, tracksUsed: 14, recommendedOdSpanDays: 2.67, actualOdSpanDays: 2.67, residualsAcceptedPercent: 98.6, weightedRms: 1.105, covarianceScaleFactor: 1 });
    // Our Pc of the same message, and whether the two differ by more than a factor of 2.
    expect(q.ourPc).not.toBeNull();
    expect(q.pcRatio).toBeCloseTo(Math.max(q.ourPc!, 3.31e-8) / Math.min(q.ourPc!, 3.31e-8), 9);
    expect(q.pcDisagrees).toBe(q.pcRatio! > 2);
  });

  it('moves new → acknowledged → assessing → risk_accepted → closed, each step with actor, time and comment', async () => {
    const steps = [
      { status: 'acknowledged', comment: 'On it' },
      { status: 'assessing', assignee: 'alice' },
      { status: 'risk_accepted', comment: 'Pc 3e-8, far below 1e-4: no manoeuvre' },
      { status: 'closed', comment: 'Decision recorded' },
    ];
    for (const [i, step] of steps.entries()) {
      now = new Date(PINNED.getTime() + (i + 1) * 60_000);
      const res = await patch(id, step);
      expect(res.statusCode, res.body).toBe(200);
      expect(ConjunctionDetail.parse(res.json()).alertStatus).toBe(step.status);
    }
    const d = await detail(id);
    expect(d).toMatchObject({ status: 'closed', closeReason: 'operator', alertStatus: 'closed', decision: 'risk_accepted', assignee: 'alice' });
    // Closed while the TCA is ahead: an operator may reopen it to assessing.
    expect(d.allowedStatuses).toEqual(['assessing']);
    const entries = d.log.filter((e) => e.kind === 'status' || e.kind === 'assigned').map((e) => ({ at: e.at, kind: e.kind, actor: e.actor, text: e.text, fromStatus: e.fromStatus, toStatus: e.toStatus, comment: e.comment }));
    expect(entries).toEqual([
      { at: '2023-06-19T15:34:24.000Z', kind: 'status', actor: OPERATOR, text: 'Status new → acknowledged', fromStatus: 'new', toStatus: 'acknowledged', comment: 'On it' },
      { at: '2023-06-19T15:35:24.000Z', kind: 'status', actor: OPERATOR, text: 'Status acknowledged → assessing', fromStatus: 'acknowledged', toStatus: 'assessing', comment: null },
      { at: '2023-06-19T15:35:24.000Z', kind: 'assigned', actor: OPERATOR, text: 'Assigned to alice', fromStatus: 'assessing', toStatus: 'assessing', comment: null },
      { at: '2023-06-19T15:36:24.000Z', kind: 'status', actor: OPERATOR, text: 'Status assessing → risk accepted', fromStatus: 'assessing', toStatus: 'risk_accepted', comment: 'Pc 3e-8, far below 1e-4: no manoeuvre' },
      { at: '2023-06-19T15:37:24.000Z', kind: 'status', actor: OPERATOR, text: 'Status risk accepted → closed', fromStatus: 'risk_accepted', toStatus: 'closed', comment: 'Decision recorded' },
    ]);
    // The log tells the close once (the operator's), not again from the row.
    expect(d.log.filter((e) => e.kind === 'closed')).toEqual([]);
    const audit = await patchAudit(4);
    expect(audit.map((a) => [a.actor, a.status, a.detail?.result])).toEqual([
      [OPERATOR, 200, { fromStatus: 'new', toStatus: 'acknowledged', assignee: null, changed: ['status'] }],
      [OPERATOR, 200, { fromStatus: 'acknowledged', toStatus: 'assessing', assignee: 'alice', changed: ['status', 'assigned'] }],
      [OPERATOR, 200, { fromStatus: 'assessing', toStatus: 'risk_accepted', assignee: 'alice', changed: ['status'] }],
      [OPERATOR, 200, { fromStatus: 'risk_accepted', toStatus: 'closed', assignee: 'alice', changed: ['status'] }],
    ]);
    expect(audit[1]!.detail).toMatchObject({ params: { conjunctionId: id }, body: { status: 'assessing', assignee: 'alice' } });
  });

  it('refuses a transition the table does not allow with a 409 naming the allowed ones', async () => {
    const res = await patch(id, { status: 'mitigating' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: `${id} is closed; it cannot move to mitigating (allowed: assessing)` });
    expect((await detail(id)).alertStatus).toBe('closed');
  });

  it('refuses an unknown assignee (400), an unknown event (404) and an empty change (400)', async () => {
    const unknown = await patch(id, { assignee: 'nobody' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: "No account named 'nobody' to assign the alert to" });
    expect((await patch('CNJ-2023-999', { status: 'acknowledged' })).statusCode).toBe(404);
    expect((await patch(id, {})).statusCode).toBe(400);
    expect((await patch(id, { status: 'done' })).statusCode).toBe(400);
  });

  it('reopens the closed alert when a later Space-Track cdm_public of the approach raises the risk', async () => {
    const record = caraCdmPublicRecords().find((r) => r.SAT_1_ID === '43613' && r.SAT_2_ID === '52010')!;
    // Space-Track's next screening of the same approach, a day later, at Pc 2e-4 (CARA's red: ≥ 1e-4).
    const later = { ...record, CDM_ID: '900100001', CREATED: '2023-06-20 14:33:24.000000', PC: '0.0002', EMERGENCY_REPORTABLE: 'Y' };
    now = new Date('2023-06-20T15:00:00Z');
    const imported = await server.ctx.services.cdmImport.importFile(JSON.stringify([later]), 'cdm_public.json', now);
    expect(imported.imported).toMatchObject([{ conjunctionId: id, action: 'updated', riskLevel: 'critical' }]);
    const d = await detail(id);
    expect(d).toMatchObject({ status: 'open', closeReason: null, alertStatus: 'new', decision: null, assignee: 'alice', riskLevel: 'critical' });
    const reopened = d.log.filter((e) => e.kind === 'reopened');
    expect(reopened).toEqual([
      {
        at: '2023-06-20T15:00:00.000Z',
        kind: 'reopened',
        actor: null,
        planId: null,
        text: 'Reopened: a CDM from SPACE-TRACK (900100001) raised the risk from medium to critical',
        fromStatus: 'closed',
        toStatus: 'new',
        comment: null,
      },
    ]);
    // The newest message is now Space-Track's: its stated Pc is ours (it carries no states), no OD figures.
    expect(d.cdmQuality).toMatchObject({ originator: 'SPACE-TRACK', originatorPc: 2e-4, ourPc: 2e-4, pcRatio: 1, pcDisagrees: false });
    expect(d.cdmQuality!.primary.obsUsed).toBeNull();
    // First detected stays the first message's creation.
    expect(d.firstDetected).toBe('2023-06-19T14:33:24.000Z');
  });

  it('assigns and unassigns with a note, and lists by alert status and assignee', async () => {
    now = new Date('2023-06-20T16:00:00Z');
    const imported = await server.ctx.services.cdmImport.importFile(`${cara(SECOND)}\n${cara(THIRD)}`, 'more.cdm', now);
    [second = '', third = ''] = imported.imported.map((i) => i.conjunctionId);
    expect([second, third]).toEqual(['CNJ-2023-002', 'CNJ-2023-003']);
    expect(imported.imported.map((i) => i.riskLevel)).toEqual(['medium', 'high']);
    const assigned = await patch(second, { status: 'acknowledged', assignee: 'bob' });
    expect(assigned.statusCode, assigned.body).toBe(200);
    // Alice hands hers over with a note, then it is unassigned.
    expect((await patch(id, { assignee: 'bob', comment: 'Bob has the ICESAT-2 shift' })).statusCode).toBe(200);
    const unassigned = await patch(id, { assignee: null });
    expect(ConjunctionDetail.parse(unassigned.json()).assignee).toBeNull();
    const log = (await detail(id)).log.filter((e) => e.kind === 'assigned').map((e) => [e.text, e.comment]);
    expect(log).toEqual([
      ['Assigned to alice', null],
      ['Assigned to bob', 'Bob has the ICESAT-2 shift'],
      ['Unassigned', null],
    ]);
    // A comment alone is a note in the log.
    expect((await patch(third, { comment: 'Watching' })).statusCode).toBe(200);
    expect((await detail(third)).log.find((e) => e.kind === 'comment')).toMatchObject({ kind: 'comment', actor: OPERATOR, text: 'Comment', comment: 'Watching' });

    const ids = (r: ConjunctionListResponse) => r.items.map((i) => [i.conjunctionId, i.alertStatus, i.assignee]);
    expect(ids(await list('sort=alertStatus'))).toEqual([
      [id, 'new', null],
      [third, 'new', null],
      [second, 'acknowledged', 'bob'],
    ]);
    expect(ids(await list('sort=-alertStatus'))).toEqual([
      [second, 'acknowledged', 'bob'],
      [third, 'new', null],
      [id, 'new', null],
    ]);
    expect(ids(await list('alertStatus=acknowledged'))).toEqual([[second, 'acknowledged', 'bob']]);
    expect(ids(await list('assignee=bob'))).toEqual([[second, 'acknowledged', 'bob']]);
    expect(ids(await list('assignee=-&sort=tca'))).toEqual([
      [id, 'new', null],
      [third, 'new', null],
    ]);
    expect(ids(await list('sort=-assignee'))[0]).toEqual([second, 'acknowledged', 'bob']);
    expect((await server.app.inject({ url: '/api/conjunctions?alertStatus=done' })).statusCode).toBe(400);
  });

  it("counts the same set in the header's Active Alerts and the Critical Conjunctions card", async () => {
    const stats = DashboardStats.parse((await server.app.inject({ url: '/api/dashboard/stats' })).json());
    // Not parsed with ActiveConjunctionsResponse: a cdm_public estimate has no RTN components, sent as null (see the report).
    const active = (await server.app.inject({ url: '/api/conjunctions/active' })).json() as Conjunction[];
    const alerts = await list('risk=high,critical&sort=-risk');
    const open = await list('status=open');
    // Three open conjunctions, two of them at or above ALERT_LEVEL (high): the reopened critical one and the third (high).
    expect(open.total).toBe(3);
    expect(alerts.items.map((i) => [i.conjunctionId, i.riskLevel])).toEqual([
      [id, 'critical'],
      [third, 'high'],
    ]);
    expect(stats.activeAlerts).toBe(2);
    // The card: the same set, highest risk first; its badge is its length.
    expect(active.map((c) => [c.conjunctionId, c.riskLevel])).toEqual([
      [id, 'critical'],
      [third, 'high'],
    ]);
  });

  it('closes an alert at the moment its TCA passes (pinned clock and timer)', async () => {
    const alerts = server.ctx.services.alerts;
    const timers: { work: () => void; ms: number }[] = [];
    alerts.clock.setTimer = (work, ms) => timers.push({ work, ms });
    alerts.clock.clearTimer = () => undefined;
    const tca = Date.parse('2023-06-26T06:26:28.982Z');
    now = new Date(tca - 30_000);
    await alerts.start();
    // The earliest open TCA is ICESAT-2's: the timer fires just after it.
    expect(timers.at(-1)!.ms).toBe(30_001);
    expect((await detail(id)).status).toBe('open');
    now = new Date(tca + 1);
    timers.at(-1)!.work();
    await alerts.settled();
    const d = await detail(id);
    expect(d).toMatchObject({ status: 'closed', closeReason: 'tca_passed', alertStatus: 'closed' });
    expect(d.allowedStatuses).toEqual([]);
    expect(d.log.at(-1)).toMatchObject({ kind: 'closed', at: '2023-06-26T06:26:28.983Z', actor: null, text: 'Closed: TCA passed', fromStatus: 'new', toStatus: 'closed' });
    // Armed again for the next open TCA (more than the recheck away: the recheck).
    expect(timers.at(-1)!.ms).toBe(EXPIRY_RECHECK_MS);
    // The header and the card follow at once.
    expect(DashboardStats.parse((await server.app.inject({ url: '/api/dashboard/stats' })).json()).activeAlerts).toBe(1);
    expect(((await server.app.inject({ url: '/api/conjunctions/active' })).json() as Conjunction[]).map((c) => c.conjunctionId)).toEqual([third]);
    // Closed because the TCA passed: nothing can reopen it.
    const res = await patch(id, { status: 'assessing' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: `${id} is closed; it cannot move to assessing (none: its TCA has passed)` });
    alerts.stop();
  });
});

describe('who may change an alert (AUTH=on)', () => {
  const secured = useTestApp({
    name: 'alert-lifecycle-auth',
    env: { DEMO_CATALOG: 'off', SCREENING: 'off', AUTH: 'on' },
    async prepare(ctx) {
      await ctx.services.accounts.addUser({ username: 'ada', password: 'admin-password', role: 'admin' }, PINNED);
      await ctx.services.accounts.addUser({ username: 'otto', password: 'operator-password', role: 'operator' }, PINNED);
      await ctx.services.accounts.addUser({ username: 'vera', password: 'viewer-password', role: 'viewer' }, PINNED);
      ctx.services.alerts.clock.now = () => PINNED;
      await ctx.services.cdmImport.importFile(cara(ICESAT), `${ICESAT}.cdm`, PINNED);
    },
  });

  it('refuses a viewer (403) and records the operator as the actor', async () => {
    const token = async (user: string) => (await secured.ctx.services.accounts.createToken(user, 'test', PINNED)).token;
    const as = async (user: string, payload: object) => secured.app.inject({ method: 'PATCH', url: '/api/conjunctions/CNJ-2023-001', headers: { authorization: `Bearer ${await token(user)}` }, payload });
    const viewer = await as('vera', { status: 'acknowledged' });
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json()).toEqual({ message: "This needs the operator role; 'vera' is a viewer" });
    const operator = await as('otto', { status: 'acknowledged', comment: 'mine' });
    expect(operator.statusCode, operator.body).toBe(200);
    const d = ConjunctionDetail.parse(operator.json());
    expect(d.log.at(-1)).toMatchObject({ kind: 'status', actor: 'otto', comment: 'mine', toStatus: 'acknowledged' });
    // An operator may be assigned; any account's username is accepted.
    expect((await as('otto', { assignee: 'vera' })).statusCode).toBe(200);
  });
});
