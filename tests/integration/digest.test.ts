/**
 * The daily digest (issue 29 item 5) over one pinned day, 2021-03-23 at DIGEST_HOUR_UTC=6 (the 24 h
 * from 2021-03-23T06:00Z to 2021-03-24T06:00Z): a real NASA CARA CDM imported that day, screening
 * events with estimates before and during the day, operators' decisions (alert changes), an alert
 * closed only after the day, and two catalogue-wide runs (one finished after the day, not used).
 * The JSON, the PDF's text (extracted with unpdf, an independent reader), the route's 400s, and the
 * schedule: one digest per day across two servers, with a pinned clock.
 */
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { DailyDigest } from '../../src/contracts/digest.ts';
import { conjunctionAlertChanges, conjunctionEvents, conjunctionEventUpdates, screeningJobs, spaceObjects } from '../../src/server/db/schema.ts';
import type { DigestMessage } from '../../src/server/services/notifications/notification-service.ts';
import { DigestRepository } from '../../src/server/repositories/digest-repository.ts';
import { DigestService } from '../../src/server/services/digest/digest-service.ts';
import { DigestScheduler, DIGEST_TASK, type DigestTickOutcome } from '../../src/server/services/digest/digest-scheduler.ts';
import { CARA_CDM_DIR } from '../reference/index.ts';
import { useTestApp } from './support/app.ts';

const server = useTestApp({ name: 'digest', env: { DEMO_CATALOG: 'off', SCREENING: 'off', DIGEST_HOUR_UTC: '6', OPERATOR_LABEL: 'DIGEST TEST OPS', ALERT_LEVEL: 'high' } });

const DAY = '2021-03-23';
const at = (iso: string) => new Date(iso);
// CARA's CDM of 25994 (TERRA) vs 37558, created 2021-03-23T15:43:56, TCA 2021-03-24T15:10:47, Pc 2.117e-2.
const CARA_FILE = '000025994_conj_000037558_20210324_151047_20210323_154356.cdm';
const CARA_IMPORTED = at('2021-03-23T16:30:00Z');

async function pdfText(pdf: Buffer): Promise<string> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(doc, { mergePages: true });
  return text;
}

interface Seeded {
  caraId: string;
  caraPc: number;
}

/** The day's data, written as the server's writers leave it (events, estimates, alert changes, runs). */
async function seed(): Promise<Seeded> {
  const { ctx } = server;
  const db = ctx.database.db;
  const imported = await ctx.services.cdmImport.importFile(readFileSync(`${CARA_CDM_DIR}${CARA_FILE}`, 'utf8'), CARA_FILE, CARA_IMPORTED);
  expect(imported.rejected).toEqual([]);
  const caraId = imported.imported[0]!.conjunctionId;
  const [caraEvent] = await db.select().from(conjunctionEvents).where(eq(conjunctionEvents.conjunctionId, caraId));

  await db.insert(spaceObjects).values([
    { noradId: 90001, name: 'OFEQ-TEST', objectType: 'payload', owner: 'ISRA', source: 'import', updatedAt: at('2021-03-01T00:00:00Z') },
    { noradId: 90002, name: 'COSMOS DEB', objectType: 'debris', owner: 'CIS', source: 'import', updatedAt: at('2021-03-01T00:00:00Z') },
  ]);
  const event = (n: number, o: { pc: number; risk: string; tca: string; firstDetected: string; alertStatus?: string; status?: string; assignee?: string }) => ({
    conjunctionId: `CNJ-2021-${n}`,
    primaryNorad: 90001,
    secondaryNorad: 90002,
    tca: at(o.tca),
    missKm: 0.25,
    radialKm: 0.1,
    inTrackKm: 0.2,
    crossTrackKm: 0.1,
    relativeVelocityKmS: 12.5,
    pc: o.pc,
    maxPc: o.pc * 2,
    riskLevel: o.risk,
    status: o.status ?? 'open',
    alertStatus: o.alertStatus ?? 'new',
    assignee: o.assignee ?? null,
    firstDetected: at(o.firstDetected),
    lastUpdated: at('2021-03-23T20:00:00Z'),
    details: {},
  });
  const rows = await db
    .insert(conjunctionEvents)
    .values([
      // Rising over the day, assigned, being assessed.
      event(901, { pc: 8.5e-5, risk: 'high', tca: '2021-03-25T04:00:00Z', firstDetected: '2021-03-22T12:00:00Z', alertStatus: 'assessing', assignee: 'alice' }),
      // Medium: listed briefly among the others.
      event(902, { pc: 3.3e-7, risk: 'medium', tca: '2021-03-26T01:00:00Z', firstDetected: '2021-03-23T07:00:00Z' }),
      // Risk accepted during the day: still open.
      event(903, { pc: 2.4e-5, risk: 'high', tca: '2021-03-27T10:00:00Z', firstDetected: '2021-03-21T00:00:00Z', alertStatus: 'risk_accepted' }),
      // False alarm, then closed during the day: not open at its end.
      event(904, { pc: 1.5e-4, risk: 'critical', tca: '2021-03-28T10:00:00Z', firstDetected: '2021-03-21T00:00:00Z', alertStatus: 'closed', status: 'closed' }),
      // Closed two days later: open (assessing) at the end of the day.
      event(905, { pc: 5.0e-5, risk: 'high', tca: '2021-03-29T10:00:00Z', firstDetected: '2021-03-22T00:00:00Z', alertStatus: 'closed', status: 'closed' }),
      // TCA passed before the end of the day: not an open alert.
      event(906, { pc: 3.0e-3, risk: 'critical', tca: '2021-03-23T23:00:00Z', firstDetected: '2021-03-22T00:00:00Z' }),
      // Detected after the day: not in it.
      event(907, { pc: 3.0e-3, risk: 'critical', tca: '2021-03-30T23:00:00Z', firstDetected: '2021-03-24T07:00:00Z' }),
    ])
    .returning({ id: conjunctionEvents.id, cid: conjunctionEvents.conjunctionId });
  const id = (n: number) => rows.find((r) => r.cid === `CNJ-2021-${n}`)!.id;
  const update = (n: number, when: string, pc: number, risk: string) => ({ eventId: id(n), at: at(when), tca: at('2021-03-25T04:00:00Z'), missKm: 0.25, pc, maxPc: pc * 2, riskLevel: risk, source: 'screening' });
  await db.insert(conjunctionEventUpdates).values([
    update(901, '2021-03-22T12:00:00Z', 2.0e-5, 'high'),
    update(901, '2021-03-23T08:00:00Z', 4.0e-5, 'high'),
    update(901, '2021-03-23T20:00:00Z', 8.5e-5, 'high'),
    // After the day: not the Pc at its end.
    update(901, '2021-03-24T08:00:00Z', 9.9e-4, 'critical'),
    update(902, '2021-03-23T07:00:00Z', 3.3e-7, 'medium'),
    update(903, '2021-03-21T00:00:00Z', 2.4e-5, 'high'),
    update(905, '2021-03-22T00:00:00Z', 6.0e-5, 'high'),
    update(905, '2021-03-23T18:00:00Z', 5.0e-5, 'high'),
  ]);
  const change = (n: number, when: string, actor: string | null, from: string, to: string, comment: string | null, kind = 'status') => ({ eventId: id(n), at: at(when), actor, kind, fromStatus: from, toStatus: to, comment, dispatchedAt: at(when) });
  await db.insert(conjunctionAlertChanges).values([
    change(901, '2021-03-23T09:00:00Z', 'alice', 'new', 'assessing', 'Looking at the covariance'),
    change(903, '2021-03-22T09:00:00Z', 'bob', 'new', 'assessing', null),
    change(903, '2021-03-23T11:00:00Z', 'bob', 'assessing', 'risk_accepted', 'Secondary is small debris; Pc below our manoeuvre threshold'),
    change(904, '2021-03-23T12:00:00Z', 'carol', 'new', 'false_alarm', 'Duplicate track of the primary'),
    change(904, '2021-03-23T13:00:00Z', 'carol', 'false_alarm', 'closed', null),
    change(905, '2021-03-22T10:00:00Z', 'dave', 'new', 'assessing', null),
    change(905, '2021-03-25T10:00:00Z', 'dave', 'assessing', 'closed', 'Manoeuvre done'),
    // A decision of the day before: not in the digest.
    change(903, '2021-03-22T05:00:00Z', 'bob', 'new', 'acknowledged', null),
  ]);

  // Two catalogue-wide runs: the one finished before the end of the day is the digest's.
  const JOB = '0c0ffee0-0000-4000-8000-0000000000d1';
  const LATER = '0c0ffee0-0000-4000-8000-0000000000d2';
  await db.insert(screeningJobs).values([
    { id: JOB, kind: 'catalog', status: 'completed', catalogVersion: 'test', spec: { startMs: Date.parse('2021-03-23T00:00:00Z'), endMs: Date.parse('2021-03-26T00:00:00Z') }, shardCount: 1, finishedAt: at('2021-03-23T03:00:00Z') },
    { id: LATER, kind: 'catalog', status: 'completed', catalogVersion: 'test', spec: {}, shardCount: 1, finishedAt: at('2021-03-24T07:00:00Z') },
  ]);
  const pcs = [0, 4.4e-4, 1e-7, 2.2e-5, 0, 7.7e-3, 3.1e-6, 5.5e-5, 0, 1.2e-4, 8.8e-8, 6.6e-6];
  await ctx.repositories.catalogScreenings.store(
    JOB,
    pcs.map((pc, i) => ({
      primaryNorad: 50_000 + i,
      secondaryNorad: 60_000 + i,
      primaryName: `CAT PRIMARY ${i}`,
      secondaryName: `CAT SECONDARY ${i}`,
      tca: at(`2021-03-24T${String(i).padStart(2, '0')}:30:00Z`),
      missDistanceKm: 0.1 * (i + 1),
      relativeSpeedKmS: 10,
      collisionProbability: pc,
      maxCollisionProbability: pc,
      riskLevel: pc >= 1e-4 ? 'critical' : pc >= 1e-5 ? 'high' : pc >= 1e-7 ? 'medium' : 'low',
      pcMethod: 'pc2d',
      regime: 'LEO',
    })),
  );
  await ctx.repositories.catalogScreenings.store(LATER, [
    { primaryNorad: 1, secondaryNorad: 2, primaryName: 'LATER RUN A', secondaryName: 'LATER RUN B', tca: at('2021-03-25T00:00:00Z'), missDistanceKm: 0.01, relativeSpeedKmS: 1, collisionProbability: 0.5, maxCollisionProbability: 0.5, riskLevel: 'critical', pcMethod: 'pc2d', regime: 'LEO' },
  ]);
  return { caraId, caraPc: caraEvent!.pc };
}

let seeded: Seeded;
beforeAll(async () => {
  seeded = await seed();
}, 120_000);

describe(`the digest of ${DAY} (DIGEST_HOUR_UTC=6)`, () => {
  let digest: DailyDigest;
  beforeAll(async () => {
    const res = await server.app.inject({ method: 'GET', url: `/api/digest/daily?date=${DAY}` });
    expect(res.statusCode).toBe(200);
    digest = DailyDigest.parse(res.json());
  });

  it('covers the 24 h from 06:00 UTC that day, with the operator label and the alert level', () => {
    expect(digest).toMatchObject({ date: DAY, windowStart: '2021-03-23T06:00:00.000Z', windowEnd: '2021-03-24T06:00:00.000Z', operatorLabel: 'DIGEST TEST OPS', alertLevel: 'high' });
  });

  it('lists the alerts open at the end of the day, at or above the level first, with their Pc over the day', () => {
    const ids = digest.alerts.atOrAboveLevel.map((a) => a.conjunctionId);
    // CARA's critical alert first, then the high ones by Pc; 904 (closed that day), 906 (TCA passed) and 907 (detected later) are not open alerts.
    expect(ids).toEqual([seeded.caraId, 'CNJ-2021-901', 'CNJ-2021-905', 'CNJ-2021-903']);
    expect(digest.alerts.open).toBe(5);
    expect(digest.alerts.others.map((a) => a.conjunctionId)).toEqual(['CNJ-2021-902']);
    expect(digest.alerts.othersTotal).toBe(1);
    const byId = new Map(digest.alerts.atOrAboveLevel.map((a) => [a.conjunctionId, a]));
    expect(byId.get('CNJ-2021-901')).toMatchObject({ alertStatus: 'assessing', assignee: 'alice', riskLevel: 'high', pcStart: 2.0e-5, pcEnd: 8.5e-5, estimates: 2, trend: 'rising' });
    // Closed on the 25th: at the end of the 23rd it was being assessed.
    expect(byId.get('CNJ-2021-905')).toMatchObject({ alertStatus: 'assessing', pcStart: 6.0e-5, pcEnd: 5.0e-5, estimates: 1, trend: 'falling' });
    expect(byId.get('CNJ-2021-903')).toMatchObject({ alertStatus: 'risk_accepted', pcStart: 2.4e-5, pcEnd: 2.4e-5, estimates: 0, trend: 'none' });
    expect(byId.get(seeded.caraId)).toMatchObject({ riskLevel: 'critical', pcEnd: seeded.caraPc, estimates: 1, trend: 'steady' });
    expect(seeded.caraPc).toBeGreaterThan(1e-2);
  });

  it('lists the CDM imported that day', () => {
    expect(digest.cdms.total).toBe(1);
    expect(digest.cdms.items[0]).toMatchObject({
      conjunctionId: seeded.caraId,
      originator: 'CARA',
      messageId: CARA_FILE.replace(/\.cdm$/, ''),
      creationDate: '2021-03-23T15:43:56.000Z',
      importedAt: CARA_IMPORTED.toISOString(),
      object1: { noradId: 25994 },
      object2: { noradId: 37558 },
      pc: seeded.caraPc,
    });
  });

  it("lists the day's decisions with actor and comment, oldest first", () => {
    expect(digest.decisions).toEqual([
      { conjunctionId: 'CNJ-2021-903', at: '2021-03-23T11:00:00.000Z', actor: 'bob', fromStatus: 'assessing', toStatus: 'risk_accepted', comment: 'Secondary is small debris; Pc below our manoeuvre threshold' },
      { conjunctionId: 'CNJ-2021-904', at: '2021-03-23T12:00:00.000Z', actor: 'carol', fromStatus: 'new', toStatus: 'false_alarm', comment: 'Duplicate track of the primary' },
      { conjunctionId: 'CNJ-2021-904', at: '2021-03-23T13:00:00.000Z', actor: 'carol', fromStatus: 'false_alarm', toStatus: 'closed', comment: null },
    ]);
  });

  it("gives the top 10 of the catalogue-wide run finished before the day's end, highest Pc first, ties closest first", () => {
    const run = digest.catalogRun!;
    expect(run).toMatchObject({ jobId: '0c0ffee0-0000-4000-8000-0000000000d1', finishedAt: '2021-03-23T03:00:00.000Z', windowStart: '2021-03-23T00:00:00.000Z', windowEnd: '2021-03-26T00:00:00.000Z', conjunctions: 12 });
    expect(run.top.map((t) => t.pc)).toEqual([7.7e-3, 4.4e-4, 1.2e-4, 5.5e-5, 2.2e-5, 6.6e-6, 3.1e-6, 1e-7, 8.8e-8, 0]);
    // The first of the three zero-Pc rows is the closest (i = 0, 0.1 km).
    expect(run.top[9]).toMatchObject({ primary: { noradId: 50_000, name: 'CAT PRIMARY 0' }, missKm: 0.1 });
  });
});

describe('GET /api/digest/daily.pdf', () => {
  it('is a PDF attachment whose text carries the title, operator, alert ids, Pc values and the decisions', async () => {
    const res = await server.app.inject({ method: 'GET', url: `/api/digest/daily.pdf?date=${DAY}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="data-forge-digest-${DAY}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(`Data Forge daily digest — ${DAY}`);
    expect(text).toContain('Operator: DIGEST TEST OPS');
    for (const id of [seeded.caraId, 'CNJ-2021-901', 'CNJ-2021-902', 'CNJ-2021-903', 'CNJ-2021-905']) expect(text).toContain(id);
    expect(text).not.toContain('CNJ-2021-906');
    expect(text).not.toContain('CNJ-2021-907');
    // The rising alert's Pc at the start and end of the day, and CARA's.
    expect(text).toContain('2.00e-5 -> 8.50e-5 rising (2 estimates)');
    expect(text).toContain(seeded.caraPc.toExponential(2));
    expect(text).toContain('risk accepted');
    expect(text).toContain('Secondary is small debris; Pc below our manoeuvre threshold');
    expect(text).toContain('false alarm');
    expect(text).toContain('carol');
    expect(text).toContain('7.70e-3');
    expect(text).toContain('CAT PRIMARY 5');
    expect(text).not.toContain('LATER RUN A');
  });

  it.each([
    ['2021-3-23', "Invalid request: querystring.date: '2021-3-23' is not a date YYYY-MM-DD (e.g. 2026-12-06)"],
    ['2021-02-30', "Invalid request: querystring.date: '2021-02-30' is not a calendar date"],
    ['0000-01-01', 'Invalid request: querystring.date: the year must be from 1957 to 9998, got 0'],
    ['9999-12-31', 'Invalid request: querystring.date: the year must be from 1957 to 9998, got 9999'],
    ['294277-01-01', "Invalid request: querystring.date: '294277-01-01' is not a date YYYY-MM-DD (e.g. 2026-12-06)"],
    ['yesterday', "Invalid request: querystring.date: 'yesterday' is not a date YYYY-MM-DD (e.g. 2026-12-06)"],
  ])('?date=%s → 400 naming it', async (date, message) => {
    for (const url of [`/api/digest/daily.pdf?date=${date}`, `/api/digest/daily?date=${date}`]) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ message });
    }
  });

  it('refuses an unknown parameter', async () => {
    const res = await server.app.inject({ method: 'GET', url: `/api/digest/daily.pdf?day=${DAY}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/day/);
  });
});

describe('the digest without a date: the day that ended at the most recent 06:00 UTC', () => {
  it.each([
    ['2021-03-24T06:00:00Z', '2021-03-23'],
    ['2021-03-24T05:59:59Z', '2021-03-22'],
    ['2021-03-24T23:00:00Z', '2021-03-23'],
  ])('at %s: %s', async (now, day) => {
    const service = new DigestService(new DigestRepository(server.ctx.database.db), { operatorLabel: 'X', hourUtc: 6, alertLevel: () => 'high', clock: () => at(now) });
    const d = await service.build();
    expect(d.date).toBe(day);
    expect(d.generatedAt).toBe(at(now).toISOString());
  });
});

describe('the schedule: once a day at DIGEST_HOUR_UTC across servers', () => {
  it('sends each day once, from whichever server looks first after the hour; a restart sends nothing again', async () => {
    const { ctx } = server;
    let now = at('2021-03-24T05:59:00Z');
    const sent: DigestMessage[] = [];
    const service = new DigestService(new DigestRepository(ctx.database.db), { operatorLabel: 'DIGEST TEST OPS', hourUtc: 6, alertLevel: () => 'high', clock: () => now });
    const scheduler = (instance: string) =>
      new DigestScheduler({
        hourUtc: 6,
        clock: () => now,
        render: (day) => service.render(day),
        enqueue: async (m) => {
          sent.push(m);
          return [{ id: 'one' }];
        },
        claim: (task, gap) => ctx.repositories.scheduledTasks.claim(task, gap, instance, now),
        log: { info: () => {}, warn: () => {} },
      });
    const a = scheduler('server-a');
    const b = scheduler('server-b');
    const outcomes: [string, DigestTickOutcome][] = [];
    const look = async (s: DigestScheduler, name: string, iso: string) => {
      now = at(iso);
      outcomes.push([`${name} ${iso}`, await s.tick()]);
    };
    // The first claim ever (the table holds none for the task) at 05:59 claims the digest of the 22nd, due since the 23rd at 06:00.
    await look(a, 'a', '2021-03-24T05:59:00Z');
    await look(a, 'a', '2021-03-24T06:00:30Z');
    await look(b, 'b', '2021-03-24T06:01:00Z');
    await look(a, 'a', '2021-03-24T06:02:00Z');
    await look(b, 'b', '2021-03-24T23:00:00Z');
    await look(b, 'b', '2021-03-25T06:00:20Z');
    await look(a, 'a', '2021-03-25T06:01:00Z');
    await look(scheduler('server-a-restarted'), 'a2', '2021-03-25T09:00:00Z');
    expect(outcomes).toEqual([
      ['a 2021-03-24T05:59:00Z', { outcome: 'sent', day: '2021-03-22', deliveries: 1 }],
      ['a 2021-03-24T06:00:30Z', { outcome: 'sent', day: '2021-03-23', deliveries: 1 }],
      ['b 2021-03-24T06:01:00Z', { outcome: 'elsewhere', day: '2021-03-23' }],
      ['a 2021-03-24T06:02:00Z', { outcome: 'done', day: '2021-03-23' }],
      ['b 2021-03-24T23:00:00Z', { outcome: 'done', day: '2021-03-23' }],
      ['b 2021-03-25T06:00:20Z', { outcome: 'sent', day: '2021-03-24', deliveries: 1 }],
      ['a 2021-03-25T06:01:00Z', { outcome: 'elsewhere', day: '2021-03-24' }],
      ['a2 2021-03-25T09:00:00Z', { outcome: 'elsewhere', day: '2021-03-24' }],
    ]);
    expect(sent.map((m) => m.dedupeKey)).toEqual(['digest:2021-03-22', 'digest:2021-03-23', 'digest:2021-03-24']);
    expect((await ctx.repositories.scheduledTasks.get(DIGEST_TASK))?.claims).toBe(3);
    const mail = sent[1]!;
    expect(mail.subject).toBe('Data Forge daily digest — 2021-03-23 (DIGEST TEST OPS)');
    expect(mail.text).toContain('CNJ-2021-901');
    expect(mail.text).toContain('2.00e-5 -> 8.50e-5 rising (2 estimates)');
    expect(mail.html).toContain('<td style="padding:4px 8px;border-bottom:1px solid #ddd;text-align:left;vertical-align:top;font-size:13px">CNJ-2021-901</td>');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments![0]).toMatchObject({ filename: 'data-forge-digest-2021-03-23.pdf', contentType: 'application/pdf' });
    const text = await pdfText(Buffer.from(mail.attachments![0]!.contentBase64, 'base64'));
    expect(text).toContain('Data Forge daily digest — 2021-03-23');
    expect(text).toContain('risk accepted');
  });

  it('tries again at the next look when the e-mail could not be enqueued, and then only once', async () => {
    const { ctx } = server;
    let now = at('2021-04-02T06:00:10Z');
    let fail = true;
    const sent: string[] = [];
    const scheduler = new DigestScheduler({
      hourUtc: 6,
      clock: () => now,
      render: async (day) => ({ subject: day, text: day, html: day, pdf: Buffer.from('%PDF-'), pdfFilename: `${day}.pdf` }) as never,
      enqueue: async (m) => {
        if (fail) throw new Error('database unavailable');
        sent.push(m.dedupeKey);
        return [];
      },
      claim: (task, gap) => ctx.repositories.scheduledTasks.claim(task, gap, 'server-c', now),
      log: { info: () => {}, warn: () => {} },
    });
    expect(await scheduler.tick()).toEqual({ outcome: 'failed', day: '2021-04-01' });
    fail = false;
    now = at('2021-04-02T06:01:10Z');
    expect(await scheduler.tick()).toEqual({ outcome: 'sent', day: '2021-04-01', deliveries: 0 });
    now = at('2021-04-02T06:02:10Z');
    expect(await scheduler.tick()).toEqual({ outcome: 'done', day: '2021-04-01' });
    expect(sent).toEqual(['digest:2021-04-01']);
  });
});

describe('the digest e-mail through the notification queue', () => {
  it('makes one delivery per enabled e-mail rule with daily_digest, with the PDF attached; the same day again adds nothing', async () => {
    const { ctx } = server;
    const notifications = ctx.services.notifications;
    const subscribed = await notifications.createRule({ channel: 'email', target: 'ops@example.org', scope: 'fleet', events: ['daily_digest'], tcaWithinHours: 24, enabled: true }, 'admin');
    await notifications.createRule({ channel: 'email', target: 'alerts-only@example.org', scope: 'fleet', events: ['new_alert'], tcaWithinHours: 24, enabled: true }, 'admin');
    await notifications.createRule({ channel: 'email', target: 'paused@example.org', scope: 'fleet', events: ['daily_digest'], tcaWithinHours: 24, enabled: false }, 'admin');
    let now = at('2021-05-02T06:00:05Z');
    const service = new DigestService(new DigestRepository(ctx.database.db), { operatorLabel: 'DIGEST TEST OPS', hourUtc: 6, alertLevel: () => 'high', clock: () => now });
    const scheduler = (instance: string) =>
      new DigestScheduler({
        hourUtc: 6,
        clock: () => now,
        render: (day) => service.render(day),
        enqueue: (m) => notifications.enqueueDigest(m),
        claim: (task, gap) => ctx.repositories.scheduledTasks.claim(task, gap, instance, now),
        log: { info: () => {}, warn: () => {} },
      });
    expect(await scheduler('server-d').tick()).toEqual({ outcome: 'sent', day: '2021-05-01', deliveries: 1 });
    // Another server enqueueing the same day (it could not know) adds nothing: the dedupe key.
    const again = await service.render('2021-05-01');
    expect(await notifications.enqueueDigest({ dedupeKey: 'digest:2021-05-01', subject: again.subject, text: again.text, html: again.html })).toEqual([]);
    now = at('2021-05-02T07:00:00Z');
    expect(await scheduler('server-e').tick()).toEqual({ outcome: 'elsewhere', day: '2021-05-01' });
    const deliveries = (await notifications.listDeliveries({ status: 'all', limit: 50 })).filter((d) => d.event === 'daily_digest');
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({ ruleId: subscribed.id, channel: 'email', target: 'ops@example.org', status: 'pending', subject: 'Data Forge daily digest — 2021-05-01 (DIGEST TEST OPS)' });
  });
});
