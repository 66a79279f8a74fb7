/**
 * CDM ingestion and the conjunction API over HTTP (issue 11): the 27 real NASA CARA CDMs of
 * tests/reference/cdm/cara import as operators receive them and read back with CARA's Pc (its
 * 3D-Nc value where CARA flags the 2D method, its 2D value elsewhere) and the risk level that
 * follows (DECISIONS.md §5); the same message twice adds nothing; a truncated message is rejected
 * with its line while the good ones are kept; a newer message updates the event and its history;
 * a message joins the screening's own event for the pair; a file with no CDM is a 400.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { CdmImportResponse, ConjunctionDetail, ConjunctionListResponse } from '../../src/contracts/conjunction-events.ts';
import { riskLevel } from '../../src/core/probability/index.ts';
import { cdmImports } from '../../src/server/db/schema.ts';
import { CdmMessageRepository } from '../../src/server/repositories/cdm-message-repository.ts';
import { useTestApp } from './support/app.ts';
import { CARA_CDM_DIR as DIR, caraPcChoice, PC_CASES_JSON, type CaraUsageViolations } from '../reference/index.ts';

const server = useTestApp({ name: 'cdm-import', env: { DEMO_CATALOG: 'off', SCREENING: 'off' } });

interface Case {
  id: string;
  expected: { pc2d: number; pc3d: number; nc2d_hall: number; cara_usage_violations: CaraUsageViolations };
}
const files = readdirSync(DIR).filter((f) => f.endsWith('.cdm')).sort();
const cases: Case[] = (JSON.parse(readFileSync(PC_CASES_JSON, 'utf8')) as { cases: Case[] }).cases.filter((c) => c.id.startsWith('cara_cdm_'));

const post = (body: string, name = 'upload.cdm', type = 'text/plain') => server.app.inject({ method: 'POST', url: `/api/cdm/import?name=${encodeURIComponent(name)}`, headers: { 'content-type': type }, payload: body });

describe('POST /api/cdm/import with the 27 real CARA CDMs', () => {
  let imported: CdmImportResponse;
  beforeAll(async () => {
    const body = files.map((f) => readFileSync(`${DIR}${f}`, 'utf8')).join('\n');
    const res = await post(body, 'cara.cdm');
    expect(res.statusCode).toBe(200);
    imported = CdmImportResponse.parse(res.json());
  }, 120_000);

  it('imports every message as a new event of source CARA', () => {
    expect(files).toHaveLength(27);
    expect(imported.rejected).toEqual([]);
    expect(imported.duplicates).toEqual([]);
    expect(imported.imported.map((i) => i.messageId)).toEqual(files.map((f) => f.replace(/\.cdm$/, '')));
    for (const i of imported.imported) {
      expect(i).toMatchObject({ originator: 'CARA', action: 'created' });
      expect(i.conjunctionId).toMatch(new RegExp(`^CNJ-${i.tca.slice(0, 4)}-\\d{3}$`));
    }
  });

  it('reads each event back with CARA’s Pc and the right risk', async () => {
    for (const c of cases) {
      const messageId = c.id.slice('cara_cdm_'.length);
      const item = imported.imported.find((i) => i.messageId === messageId)!;
      const res = await server.app.inject({ method: 'GET', url: `/api/conjunctions/${item.conjunctionId}` });
      expect(res.statusCode, messageId).toBe(200);
      const d = ConjunctionDetail.parse(res.json());
      const cara = caraPcChoice(c.expected);
      const flagged = cara.method !== 'pc2d';
      const want = cara.pc;
      expect(d.pcMethod, messageId).toBe(cara.method);
      expect(Math.abs(d.collisionProbability! / want - 1), messageId).toBeLessThan(cara.tolerance);
      if (flagged) expect(Math.abs(d.nc2d! / c.expected.nc2d_hall - 1), messageId).toBeLessThan(1e-3);
      else expect(d.nc2d, messageId).toBeNull();
      expect(Math.abs(d.pc2d! / c.expected.pc2d - 1), messageId).toBeLessThan(1e-6);
      expect(d.riskLevel, messageId).toBe(riskLevel(want));
      expect(d).toMatchObject({ source: 'CARA', sources: ['CARA'], status: 'closed', closeReason: 'tca_passed', hardBodyRadiusSource: 'From the CDM (COMMENT HBR)' });
      expect(d.cdms).toHaveLength(1);
      expect(d.history).toHaveLength(1);
      expect(d.history[0]!.source).toBe('CARA');
      expect(d.encounterPlane).not.toBeNull();
      if (flagged) expect(d.violations.some((v) => v.method === '2D-Pc')).toBe(true);
      else expect(d.violations).toEqual([]);
      const raw = await server.app.inject({ method: 'GET', url: d.cdms[0]!.url });
      expect(raw.statusCode).toBe(200);
      // Stored as received, from its version line to its last character: the line end after it
      // separates it from the next message and is not part of it (core cdm/read-file.ts).
      expect(raw.body).toBe(readFileSync(`${DIR}${messageId}.cdm`, 'utf8').trimEnd());
    }
  });

  it('explains TROPICS PATHFINDER vs LINCS: 3D-Nc 1.0e-5 where the 2D Pc is 3.9e-168', async () => {
    const item = imported.imported.find((i) => i.messageId === '000048901_conj_000048903_20211220_012535_20211215_145954')!;
    const d = ConjunctionDetail.parse((await server.app.inject({ method: 'GET', url: `/api/conjunctions/${item.conjunctionId}` })).json());
    expect(d.primaryObject).toMatchObject({ noradId: 48901, name: 'TROPICS PATHFINDER', cosparId: '2021-059Y' });
    expect(d.pcMethodLabel).toBe('3D-Nc (Hall 2021)');
    expect(d.pc2d!).toBeLessThan(1e-160);
    expect(Math.abs(d.pc3d! / 1.0107345950597645e-5 - 1)).toBeLessThan(1e-3);
    expect(d.riskLevel).toBe('high');
    expect(d.violations.map((v) => v.kind)).toEqual(expect.arrayContaining(['extended', 'offset', 'inaccurate']));
  });

  it('lists, filters and sorts the events with a total', async () => {
    const list = async (query: string) => ConjunctionListResponse.parse((await server.app.inject({ method: 'GET', url: `/api/conjunctions?${query}` })).json());
    expect((await list('')).total).toBe(0); // open by default; these all passed
    const all = await list('status=closed&limit=100');
    expect(all.total).toBe(27);
    expect(all.items.map((i) => Date.parse(i.tca))).toEqual([...all.items.map((i) => Date.parse(i.tca))].sort((a, b) => a - b));
    const byPc = await list('status=all&sort=-pc&limit=1');
    expect(byPc.items[0]).toMatchObject({ primaryObject: { name: 'TERRA' }, secondaryObject: { name: 'IRIDIUM 33 DEB' }, riskLevel: 'critical' });
    const critical = await list('status=closed&risk=critical&limit=100');
    expect(critical.items.length).toBeGreaterThan(0);
    expect(critical.items.every((i) => i.riskLevel === 'critical')).toBe(true);
    expect(critical.total).toBe(cases.filter((c) => riskLevel(c.expected.cara_usage_violations.pc2d !== 0 ? c.expected.pc3d : c.expected.pc2d) === 'critical').length);
    expect((await list('status=all&q=tropics')).total).toBe(2);
    expect((await list('status=all&q=48903')).total).toBe(2);
    expect((await list('status=all&source=CARA')).total).toBe(27);
    expect((await list('status=all&source=screening')).total).toBe(0);
    const window = await list('status=all&tcaFrom=2022-01-01T00:00:00Z&tcaTo=2022-12-31T23:59:59Z&limit=100');
    expect(window.items.length).toBeGreaterThan(0);
    expect(window.items).toHaveLength(window.total);
    expect(window.items.every((i) => i.tca.startsWith('2022'))).toBe(true);
    const page = await list('status=all&limit=5&offset=25');
    expect(page.items).toHaveLength(2);
  });

  it('adds nothing for the same messages again', async () => {
    const again = CdmImportResponse.parse((await post(readFileSync(`${DIR}${files[0]}`, 'utf8'))).json());
    expect(again.imported).toEqual([]);
    expect(again.duplicates).toEqual([{ index: 0, messageId: files[0]!.replace(/\.cdm$/, ''), conjunctionId: imported.imported[0]!.conjunctionId }]);
  });
});

describe('CDM updates, merges and bad input', () => {
  const terra = () => readFileSync(`${DIR}000025994_conj_000037558_20210324_151047_20210323_154356.cdm`, 'utf8');
  const rewrite = (text: string, messageId: string, creation: string, tca?: string) =>
    text
      .replace(/^MESSAGE_ID\s*=.*$/m, `MESSAGE_ID = ${messageId}`)
      .replace(/^CREATION_DATE\s*=.*$/m, `CREATION_DATE = ${creation}`)
      .replace(/^TCA\s*=.*$/m, (line) => (tca ? `TCA = ${tca}` : line));

  it('rejects a truncated message with its line and keeps the others', async () => {
    const good = rewrite(terra(), 'UPD-1', '2021-03-23T16:00:00.000');
    const lines = rewrite(terra(), 'TRUNC-1', '2021-03-23T16:30:00.000').split('\n');
    const truncated = lines.slice(0, lines.length - 8).join('\n');
    const res = await post(`${good}\n${truncated}\n`);
    expect(res.statusCode).toBe(200);
    const r = CdmImportResponse.parse(res.json());
    expect(r.imported.map((i) => i.messageId)).toEqual(['UPD-1']);
    expect(r.rejected).toHaveLength(1);
    expect(r.rejected[0]!.index).toBe(1);
    expect(r.rejected[0]!.line).toBeGreaterThan(good.split('\n').length);
    expect(r.rejected[0]!.reason).toMatch(/missing|obligatory/i);
  });

  it('a newer message for the same pair and TCA updates the event and its history', async () => {
    const first = CdmImportResponse.parse((await post(rewrite(terra(), 'UPD-2', '2021-03-23T18:00:00.000', '2021-03-24T15:12:00.000'))).json()).imported[0]!;
    // The earlier 'UPD-1' has TCA 15:10:47 — within 10 minutes: the same conjunction.
    expect(first.action).toBe('updated');
    const d = ConjunctionDetail.parse((await server.app.inject({ method: 'GET', url: `/api/conjunctions/${first.conjunctionId}` })).json());
    // It joined the event of CARA's own message for this pair: newest first.
    expect(d.cdms.map((c) => c.messageId)).toEqual(['UPD-2', 'UPD-1', '000025994_conj_000037558_20210324_151047_20210323_154356']);
    expect(d.history.map((h) => h.source)).toEqual(['CARA', 'CARA', 'CARA']);
    expect(d.history.map((h) => h.at)).toEqual(['2021-03-23T15:43:56.000Z', '2021-03-23T16:00:00.000Z', '2021-03-23T18:00:00.000Z']);
    expect(d.tca).toBe('2021-03-24T15:12:00.000Z');
  });

  it('joins the screening’s own event for the pair, whose estimate the message’s covariance replaces', async () => {
    const tca = new Date('2031-03-24T15:10:47.417Z');
    const now = new Date();
    const runId = await server.ctx.repositories.screeningRuns.start({ reason: 'test', startedAt: now, windowStart: now, windowEnd: tca, thresholdKm: 5, catalogVersion: 'test', primaries: 1, objects: 2, pairs: 1 });
    const values = { tca, missKm: 0.9, radialKm: 0.1, inTrackKm: 0.5, crossTrackKm: 0.7, relativeVelocityKmS: 11, pc: 1e-9, maxPc: 1e-6, riskLevel: 'medium', pc2d: 1e-9, pc3d: null, pcMethod: 'pc2d' };
    await server.ctx.repositories.conjunctionEvents.applyRun({
      runId,
      created: [
        {
          event: { conjunctionId: 'CNJ-2031-001', primaryNorad: 25994, secondaryNorad: 37558, ...values, source: 'screening', status: 'open', closeReason: null, firstDetected: now, lastUpdated: now, lastRunId: runId, details: {}, cdmKvn: null, cdmGeneratedAt: null },
          update: { at: now, tca, missKm: 0.9, pc: 1e-9, maxPc: 1e-6, riskLevel: 'medium', sigmaM: null, source: 'screening', pcMethod: 'pc2d' },
        },
      ],
      updated: [],
      closed: [],
      events: [],
    });
    const message = rewrite(terra(), 'FUTURE-1', '2031-03-23T15:43:56.000', '2031-03-24T15:10:47.417');
    const r = CdmImportResponse.parse((await post(message)).json());
    expect(r.imported[0]).toMatchObject({ conjunctionId: 'CNJ-2031-001', action: 'merged', riskLevel: 'critical' });
    const d = ConjunctionDetail.parse((await server.app.inject({ method: 'GET', url: '/api/conjunctions/CNJ-2031-001' })).json());
    expect(d).toMatchObject({ source: 'CARA', sources: ['screening', 'CARA'], status: 'open', riskLevel: 'critical' });
    expect(Math.abs(d.collisionProbability! / 0.021173811560368256 - 1)).toBeLessThan(1e-6);
    expect(d.history.map((h) => h.source)).toEqual(['screening', 'CARA']);
    // The dashboard's open list now carries the message's estimate.
    await server.ctx.services.operations.whenIdle();
    const active = (await server.app.inject({ method: 'GET', url: '/api/conjunctions/active' })).json() as { conjunctionId: string; riskLevel: string }[];
    expect(active.find((c) => c.conjunctionId === 'CNJ-2031-001')?.riskLevel).toBe('critical');
  });

  it('reopens a screening event closed as not found when a newer CDM puts its TCA ahead, and announces it', async () => {
    const tca = new Date('2032-03-24T15:10:47.417Z');
    const now = new Date();
    const repos = server.ctx.repositories;
    const runId = await repos.screeningRuns.start({ reason: 'test', startedAt: now, windowStart: now, windowEnd: tca, thresholdKm: 5, catalogVersion: 'test', primaries: 1, objects: 2, pairs: 1 });
    const values = { tca, missKm: 0.9, radialKm: 0.1, inTrackKm: 0.5, crossTrackKm: 0.7, relativeVelocityKmS: 11, pc: 1e-9, maxPc: 1e-6, riskLevel: 'medium', pc2d: 1e-9, pc3d: null, pcMethod: 'pc2d' };
    const { created } = await repos.conjunctionEvents.applyRun({
      runId,
      created: [
        {
          event: { conjunctionId: 'CNJ-2032-001', primaryNorad: 25994, secondaryNorad: 37558, ...values, source: 'screening', status: 'open', closeReason: null, firstDetected: now, lastUpdated: now, lastRunId: runId, details: {}, cdmKvn: null, cdmGeneratedAt: null },
          update: { at: now, tca, missKm: 0.9, pc: 1e-9, maxPc: 1e-6, riskLevel: 'medium', sigmaM: null, source: 'screening', pcMethod: 'pc2d' },
        },
      ],
      updated: [],
      closed: [],
      events: [],
    });
    await repos.conjunctionEvents.applyRun({ runId, created: [], updated: [], closed: [{ id: created[0]!.id, reason: 'not_found' }], events: [] });
    expect(await repos.conjunctionEvents.byConjunctionId('CNJ-2032-001')).toMatchObject({ status: 'closed', closeReason: 'not_found' });

    const r = CdmImportResponse.parse((await post(rewrite(terra(), 'REOPEN-1', '2032-03-23T15:43:56.000', '2032-03-24T15:10:47.417'))).json());
    expect(r.imported[0]).toMatchObject({ conjunctionId: 'CNJ-2032-001', action: 'merged', riskLevel: 'critical' });
    const d = ConjunctionDetail.parse((await server.app.inject({ method: 'GET', url: '/api/conjunctions/CNJ-2032-001' })).json());
    expect(d).toMatchObject({ status: 'open', closeReason: null, source: 'CARA' });
    const alerts = (await repos.operationsEvents.recent(50)).filter((e) => e.eventType === 'alert_updated' && e.conjunctionId === 'CNJ-2032-001');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.description).toMatch(/REOPEN-1/);
    await server.ctx.services.operations.whenIdle();
    const active = (await server.app.inject({ method: 'GET', url: '/api/conjunctions/active' })).json() as { conjunctionId: string }[];
    expect(active.some((c) => c.conjunctionId === 'CNJ-2032-001')).toBe(true);
  });

  it('rejects a MESSAGE_ID or ORIGINATOR too long to index (8 kB of random text) and keeps the others', async () => {
    // Random bytes do not compress, so PostgreSQL cannot squeeze them under its index entry limit.
    const long = randomBytes(6144).toString('base64url');
    expect(long).toHaveLength(8192);
    const longId = rewrite(terra(), long, '2021-03-23T19:00:00.000');
    const longOriginator = rewrite(terra(), 'LONG-ORIGINATOR', '2021-03-23T19:30:00.000').replace(/^ORIGINATOR\s*=.*$/m, `ORIGINATOR = ${long}`);
    const good = rewrite(terra(), 'LONG-GOOD', '2021-03-23T20:00:00.000');
    const res = await post(`${longId}\n${longOriginator}\n${good}\n`);
    expect(res.statusCode).toBe(200);
    const r = CdmImportResponse.parse(res.json());
    expect(r.imported.map((i) => i.messageId)).toEqual(['LONG-GOOD']);
    expect(r.rejected.map((x) => [x.index, x.reason])).toEqual([
      [0, 'MESSAGE_ID is 8192 characters long; at most 255 are accepted'],
      [1, 'ORIGINATOR is 8192 characters long; at most 255 are accepted'],
    ]);
  });

  it('stores nothing of an import that fails part-way (one transaction), records it failed, and refreshes the open events', async () => {
    // Each message is written through a repository bound to the import's transaction: fail the second.
    const write = CdmMessageRepository.prototype.write;
    const failing = vi
      .spyOn(CdmMessageRepository.prototype, 'write')
      .mockImplementationOnce(function (this: CdmMessageRepository, w) {
        return write.call(this, w);
      })
      .mockImplementationOnce(() => Promise.reject(new Error('injected failure')));
    const refresh = vi.spyOn(server.ctx.services.operations, 'conjunctionsChanged');
    try {
      const first = rewrite(terra(), 'FAIL-1', '2033-03-23T15:43:56.000', '2033-03-24T15:10:47.417');
      const second = rewrite(terra(), 'FAIL-2', '2033-04-23T15:43:56.000', '2033-04-24T15:10:47.417');
      const res = await post(`${first}\n${second}\n`, 'fails.cdm');
      expect(res.statusCode).toBe(500);
      expect(failing).toHaveBeenCalledTimes(2);
      expect(refresh).toHaveBeenCalledTimes(1);
    } finally {
      failing.mockRestore();
      refresh.mockRestore();
    }
    // The first message was written before the failure, and rolled back with it.
    const stored = ConjunctionListResponse.parse((await server.app.inject({ method: 'GET', url: '/api/conjunctions?status=all&tcaFrom=2033-01-01T00:00:00Z' })).json());
    expect(stored.items).toEqual([]);
    const [record] = await server.ctx.database.db.select().from(cdmImports).where(eq(cdmImports.label, 'fails.cdm'));
    expect(record).toMatchObject({ status: 'failed', error: 'injected failure', messages: 0, created: 0 });
    expect(record?.finishedAt).toBeInstanceOf(Date);
    // The same file again, without the failure, is imported whole.
    const again = CdmImportResponse.parse((await post(`${rewrite(terra(), 'FAIL-1', '2033-03-23T15:43:56.000', '2033-03-24T15:10:47.417')}\n${rewrite(terra(), 'FAIL-2', '2033-04-23T15:43:56.000', '2033-04-24T15:10:47.417')}\n`, 'fails.cdm')).json());
    expect(again.imported.map((i) => [i.messageId, i.action])).toEqual([
      ['FAIL-1', 'created'],
      ['FAIL-2', 'created'],
    ]);
    const records = await server.ctx.database.db.select().from(cdmImports).where(eq(cdmImports.label, 'fails.cdm')).orderBy(cdmImports.id);
    expect(records.map((r) => [r.status, r.messages, r.created, r.updated, r.duplicates, r.rejected])).toEqual([
      ['failed', 0, 0, 0, 0, 0],
      ['completed', 2, 2, 0, 0, 0],
    ]);
  });

  it('says so when the body holds no CDM at all (400), or a NUL', async () => {
    for (const body of ['hello', '', '<html><body>no</body></html>']) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(/No CDM/);
    }
    // A NUL is refused before the route, by the input guard (src/server/http/input-guards.ts), naming its line.
    const nul = await post(`CCSDS_CDM_VERS = 1.0\u0000`);
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({ message: 'Invalid request: body: line 1 contains a NUL character (U+0000); is this a binary file?' });
    // JSON that is not a Space-Track record: rejected with its position and reason.
    const json = CdmImportResponse.parse((await post('{"a":1}', 'x.json', 'application/json')).json());
    expect(json.imported).toEqual([]);
    expect(json.rejected).toEqual([expect.objectContaining({ index: 0 })]);
  });

  it('answers 404 for an unknown conjunction or message, 400 for a malformed id or query', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/api/conjunctions/CNJ-2021-999' })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: '/api/cdm/messages/99999' })).statusCode).toBe(404);
    // Message ids are PostgreSQL integers: the largest is still a plain 404, one more is a malformed id.
    expect((await server.app.inject({ method: 'GET', url: '/api/cdm/messages/2147483647' })).statusCode).toBe(404);
    for (const id of ['2147483648', '99999999999', '0', '-1', '1.5', '1e40']) {
      const res = await server.app.inject({ method: 'GET', url: `/api/cdm/messages/${id}` });
      expect(res.statusCode, id).toBe(400);
    }
    expect((await server.app.inject({ method: 'GET', url: '/api/conjunctions/NOT-AN-ID' })).statusCode).toBe(400);
    for (const q of ['sort=bogus', 'risk=severe', 'limit=0', 'limit=9999', 'limit=2147483648', 'offset=99999999999', 'offset=-1', 'status=maybe', 'tcaFrom=yesterday', 'q=%00', `source=${'x'.repeat(256)}`]) {
      const res = await server.app.inject({ method: 'GET', url: `/api/conjunctions?${q}` });
      expect(res.statusCode, q).toBe(400);
    }
  });
});
