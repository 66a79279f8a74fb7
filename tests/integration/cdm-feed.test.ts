/**
 * The Space-Track CDM feed (issue 29 item 1) against a loopback server that speaks Space-Track's login
 * and query protocol (support/space-track-mock.ts), serving cdm_public records built from the 27 real
 * NASA CARA CDMs: imported through the CDM import with the stated Pc, idempotent by message id; a
 * failed login, a 429 (back-off, retried when it ends), a malformed record, an expired session; the
 * session cookie reused; the rate limiter's pace; the password in no log, status or stored row.
 *
 * The clock is pinned: 2020-12-01T00:00:00Z at the suite's start and running from there (the CARA
 * TCAs, 2020-12-16 to 2023-08-23, are all ahead of it), for the mock's "TCA > now" and the import.
 */
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataSourcesResponse } from '../../src/contracts/data-sources.ts';
import { appMeta, auditLog, cdmImports, cdmMessages, conjunctionEvents } from '../../src/server/db/schema.ts';
import { CatalogUpdater } from '../../src/server/services/catalog-updater.ts';
import { CDM_FEED_TASK, CdmFeed, type CdmFeedOptions } from '../../src/server/services/conjunctions/cdm-feed.ts';
import { ScheduledTasks, type TaskClaims } from '../../src/server/services/scheduled-task.ts';
import { Backoff, SlidingWindowLimiter, SPACE_TRACK_GP_QUERY, SpaceTrackClient } from '../../src/server/sources/space-track.ts';
import { readVendored } from '../reference/index.ts';
import { useTestApp } from './support/app.ts';
import { caraCdmFullRecord, caraCdmPublicRecords, startSpaceTrackMock, type SpaceTrackMock } from './support/space-track-mock.ts';

const IDENTITY = 'ops@example.org';
const PASSWORD = 'Pa55-w0rd-that-must-never-be-logged';
const PINNED = Date.parse('2020-12-01T00:00:00Z');
let t0 = Date.now();
const clockMs = () => PINNED + (Date.now() - t0);

const records = caraCdmPublicRecords();
/** The fleet: the 16 primaries of the CARA messages, and LINCS (48903), the secondary of two of them (its CDMs come in both answers). */
const FLEET = [...new Set(records.map((r) => Number(r.SAT_1_ID))), 48903];

const env: Record<string, string> = { DEMO_CATALOG: 'off', SCREENING: 'off', SPACETRACK_USER: IDENTITY, SPACETRACK_PASSWORD: PASSWORD, CDM_UPDATE_MINUTES: '30' };
let mock: SpaceTrackMock;
beforeAll(async () => {
  t0 = Date.now();
  // The gp answer: three element sets of Vallado's SGP4 verification set (tests/reference/sgp4), as 3LE.
  const tle = readVendored('sgp4/SGP4-VER.TLE').split(/\r?\n/).filter((l) => /^[12] /.test(l)).slice(0, 6).map((l) => l.slice(0, 69));
  const gp = [0, 2, 4].map((i) => `0 OBJECT ${tle[i]!.slice(2, 7).trim()}\n${tle[i]}\n${tle[i + 1]}`).join('\n');
  mock = await startSpaceTrackMock({ identity: IDENTITY, password: PASSWORD, now: clockMs, publicRecords: records, gp });
  env.SPACETRACK_URL = mock.baseUrl;
});
const server = useTestApp({ name: 'cdm-feed', env });
afterAll(async () => {
  await mock?.close();
});

/** Every log line the feeds and clients write, as pino writes them (JSON). */
const logLines: string[] = [];
const log = pino({ level: 'debug' }, { write: (line: string) => void logLines.push(line) });
const clients: SpaceTrackClient[] = [];

function makeFeed(options: { password?: string; limiter?: SlidingWindowLimiter; fleet?: readonly number[]; cdmClass?: CdmFeedOptions['cdmClass']; claims?: TaskClaims } = {}) {
  const client = new SpaceTrackClient({
    baseUrl: mock.baseUrl,
    identity: IDENTITY,
    password: options.password ?? PASSWORD,
    limiter: options.limiter ?? new SlidingWindowLimiter(),
    // 150 ms at the first failure (half fixed, half jitter pinned at 0.5), doubling.
    backoff: new Backoff({ baseMs: 200, capMs: 2_000, random: () => 0.5 }),
    now: clockMs,
  });
  client.log = log;
  clients.push(client);
  const feed = new CdmFeed(
    server.ctx.services.cdmImport,
    {
      client,
      cdmClass: options.cdmClass ?? 'public',
      intervalMs: 3_600_000,
      fleet: () => options.fleet ?? FLEET,
      status: server.ctx.services.sourceStatus,
      now: () => new Date(clockMs()),
      retryMarginMs: 20,
      claims: options.claims,
    },
    log,
  );
  return { client, feed };
}

async function panel() {
  const res = await server.app.inject({ method: 'GET', url: '/api/data-sources' });
  expect(res.statusCode).toBe(200);
  return DataSourcesResponse.parse(res.json()).find((s) => s.id === 'spacetrack-cdm')!;
}

const storedMessages = () => server.ctx.database.db.select().from(cdmMessages);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the Space-Track CDM feed', () => {
  let shared: { client: SpaceTrackClient; feed: CdmFeed };

  it('shows the feed on the data-sources panel, on and waiting, with its interval', async () => {
    expect(await panel()).toMatchObject({
      name: 'Space-Track CDMs',
      enabled: true,
      state: 'waiting',
      intervalMinutes: 30,
      setup: `cdm_public for the fleet as ${IDENTITY} from ${mock.baseUrl}`,
    });
  });

  it('imports the fleet’s cdm_public CDMs with the stated Pc, and a second run imports nothing new, on one login', async () => {
    shared = makeFeed();
    const first = await shared.feed.runOnce();
    expect(first).toMatchObject({ fleet: 17, requests: 2, records: { public: 27, full: 0 }, imported: 27, created: 27, duplicates: 0, rejected: [] });
    expect(first.error).toBeUndefined();
    const stored = await storedMessages();
    expect(stored).toHaveLength(27);
    for (const r of records) {
      const m = stored.find((s) => s.messageId === r.CDM_ID)!;
      // Space-Track's stated Pc, kept as stated (no states or covariance to compute one from).
      expect(m).toMatchObject({ originator: 'SPACE-TRACK', format: 'json', pc: Number(r.PC), object1Norad: Number(r.SAT_1_ID), object2Norad: Number(r.SAT_2_ID) });
      expect(m.tca.toISOString()).toBe(`${r.TCA!.slice(0, 23)}Z`);
      expect(m.fileName).toMatch(/^Space-Track cdm_public 2020-12-01T00:00:\d\dZ$/);
      const [event] = await server.ctx.database.db.select().from(conjunctionEvents).where(eq(conjunctionEvents.id, m.eventId));
      expect(event).toMatchObject({ source: 'SPACE-TRACK', status: 'open', pc: Number(r.PC), pcMethod: 'pc2d' });
      expect(event!.missKm).toBeCloseTo(Number(r.MIN_RNG) / 1000, 9);
      expect((event!.details as { pcNote: string }).pcNote).toMatch(/carries no states or covariances/);
    }
    const second = await shared.feed.runOnce();
    expect(second).toMatchObject({ imported: 0, created: 0, duplicates: 27, rejected: [] });
    expect(await storedMessages()).toHaveLength(27);
    // One login for both runs: the session cookie is reused.
    expect(shared.client.logins).toBe(1);
    const paths = mock.requests.map((r) => `${r.method} ${r.path.replace(/\/SAT_(\d)_ID\/[\d,]+\//, '/SAT_$1_ID/…/')}`);
    expect(paths).toEqual([
      'POST /ajaxauth/login',
      'GET /basicspacedata/query/class/cdm_public/SAT_1_ID/…/TCA/%3Enow/orderby/CDM_ID%20asc/format/json',
      'GET /basicspacedata/query/class/cdm_public/SAT_2_ID/…/TCA/%3Enow/orderby/CDM_ID%20asc/format/json',
      'GET /basicspacedata/query/class/cdm_public/SAT_1_ID/…/TCA/%3Enow/orderby/CDM_ID%20asc/format/json',
      'GET /basicspacedata/query/class/cdm_public/SAT_2_ID/…/TCA/%3Enow/orderby/CDM_ID%20asc/format/json',
    ]);
    expect(mock.requests.filter((r) => r.method === 'GET').every((r) => r.session)).toBe(true);
    expect(await panel()).toMatchObject({
      state: 'ok',
      lastError: null,
      lastResult: '27 cdm_public records for 17 fleet objects: 0 CDMs imported (0 new events), 27 already stored, 0 rejected',
    });
  }, 60_000);

  it('reports a failed login on the panel, and loses nothing', async () => {
    const before = await panel();
    const { feed: bad, client: badClient } = makeFeed({ password: 'wrong' });
    const outcome = await bad.runOnce();
    expect(outcome.error).toBe('cdm_public: Space-Track login failed (200)');
    expect(badClient.logins).toBe(1);
    expect(await storedMessages()).toHaveLength(27);
    const after = await panel();
    expect(after).toMatchObject({ state: 'failing', lastError: 'cdm_public: Space-Track login failed (200)', lastSuccessAt: before.lastSuccessAt, lastResult: before.lastResult });
  });

  it('backs off after a 429, says so on the panel, refuses to ask meanwhile, and retries when the back-off ends', async () => {
    // One more message in the feed: the retry brings it.
    const extra = { ...records[0]!, CDM_ID: '900000100', CREATED: '2023-06-09 06:37:15.000000' };
    mock.publicRecords = [...records, extra];
    mock.failNext(429);
    const sent = mock.requests.length;
    const outcome = await shared.feed.runOnce();
    expect(outcome.error).toMatch(/^cdm_public: Backing off after HTTP 429 until 00:\d\d UTC$/);
    expect(outcome.backoffUntil!.getTime() - clockMs()).toBeLessThanOrEqual(150);
    expect(mock.requests.length).toBe(sent + 1); // the query that got the 429 (the session was reused)
    expect((await panel()).lastError).toBe(outcome.error);
    expect((await panel()).state).toBe('failing');
    // Meanwhile nothing is sent: the client refuses until the back-off ends.
    const meanwhile = await shared.feed.runOnce();
    expect(meanwhile.error).toMatch(/^cdm_public: Backing off after HTTP 429 until/);
    expect(mock.requests.length).toBe(sent + 1);
    // The feed tries again by itself when the back-off ends.
    for (let i = 0; i < 100 && (await panel()).state !== 'ok'; i += 1) await sleep(50);
    expect(await panel()).toMatchObject({ state: 'ok', lastResult: '28 cdm_public records for 17 fleet objects: 1 CDMs imported (0 new events), 27 already stored, 0 rejected' });
    expect((await storedMessages()).map((m) => m.messageId)).toContain('900000100');
    expect(shared.client.backoffStatus()).toBeNull();
  }, 30_000);

  it('backs off after a 5xx with the server’s Retry-After when it asks for longer, doubling its own delay otherwise', async () => {
    mock.failNext(503, 1, 120);
    const outcome = await makeFeed().feed.runOnce();
    expect(outcome.error).toMatch(/^cdm_public: Backing off after HTTP 503 until 00:0[2-3] UTC$/);
    expect(outcome.backoffUntil!.getTime() - clockMs()).toBeGreaterThan(119_000);
  });

  it('rejects a malformed record with its reason and keeps the others', async () => {
    const bad = { ...records[1]!, CDM_ID: '900000200', PC: '1.5' };
    const good = { ...records[1]!, CDM_ID: '900000201', CREATED: '2022-09-25 22:06:47.000000' };
    mock.publicRecords = [...records, bad, good];
    const outcome = await shared.feed.runOnce();
    expect(outcome).toMatchObject({ imported: 1, duplicates: 27 });
    expect(outcome.rejected).toEqual([{ index: 27, messageId: '900000200', reason: "Space-Track cdm_public record: PC '1.5' is not a probability" }]);
    const ids = (await storedMessages()).map((m) => m.messageId);
    expect(ids).toContain('900000201');
    expect(ids).not.toContain('900000200');
    expect((await panel()).lastResult).toBe(
      "29 cdm_public records for 17 fleet objects: 1 CDMs imported (0 new events), 27 already stored, 1 rejected (first: 900000200: Space-Track cdm_public record: PC '1.5' is not a probability)",
    );
  });

  it('shares the session and the limiter with the catalogue updater: its GP query goes with the same cookie, no new login', async () => {
    const logins = shared.client.logins;
    const updater = new CatalogUpdater(
      server.ctx.services.catalog,
      { celestrak: { enabled: false, baseUrl: mock.baseUrl, groups: [] }, spaceTrack: { baseUrl: mock.baseUrl, identity: IDENTITY, password: PASSWORD, client: shared.client }, intervalMs: 3_600_000 },
      log,
    );
    const [outcome] = await updater.runOnce();
    expect(outcome).toMatchObject({ source: 'spacetrack', report: { records: 3, setsAdded: 3 } });
    expect(mock.requests.at(-1)).toMatchObject({ method: 'GET', path: SPACE_TRACK_GP_QUERY, session: true });
    expect(shared.client.logins).toBe(logins);
  });

  it('logs in again once when the session has expired (401), and goes on with the new cookie', async () => {
    mock.expireSessions();
    const logins = shared.client.logins;
    const outcome = await shared.feed.runOnce();
    expect(outcome.error).toBeUndefined();
    expect(shared.client.logins).toBe(logins + 1);
    expect(mock.requests.filter((r) => r.method === 'GET').slice(-3).map((r) => r.session)).toEqual([false, true, true]);
  });

  it('imports the full cdm class too with CDM_CLASS=full, with the Pc computed from its states and covariances', async () => {
    const file = '000025994_conj_000037558_20210324_151047_20210323_154356.cdm';
    mock.publicRecords = records;
    mock.fullRecords = [caraCdmFullRecord(file, '261046734')];
    const { feed } = makeFeed({ cdmClass: 'full' });
    const outcome = await feed.runOnce();
    expect(outcome).toMatchObject({ requests: 3, records: { full: 1 }, imported: 1, rejected: [] });
    const [m] = (await storedMessages()).filter((s) => s.originator === 'CARA');
    expect(m).toMatchObject({ messageId: file.replace(/\.cdm$/, ''), format: 'json' });
    // CARA's Pc for this event (tests/reference/pc/pc_cases.json: Pc2D 0.021173811560368256).
    expect(m!.pc).toBeCloseTo(0.021173811560368256, 6);
    expect(mock.requests.at(-1)!.path).toBe('/expandedspacedata/query/class/cdm/TCA/%3Enow/orderby/CDM_ID%20asc/format/json');
    // The full class is asked at most every 8 hours.
    const again = await feed.runOnce();
    expect(again.requests).toBe(2);
  }, 60_000);

  it('keeps fewer requests in any window than the limiter allows (a fleet of 1,800 objects: 18 queries and a login)', async () => {
    const fleet = Array.from({ length: 1_800 }, (_, i) => 40_000 + i);
    const { feed } = makeFeed({ fleet, limiter: new SlidingWindowLimiter([{ windowMs: 400, max: 4 }]) });
    const from = mock.requests.length;
    const outcome = await feed.runOnce();
    expect(outcome).toMatchObject({ requests: 18, imported: 0 });
    const times = mock.requests.slice(from).map((r) => r.at);
    expect(times).toHaveLength(19);
    // As the mock received them (a few ms of network and scheduling jitter after the limiter let them go: 50 ms allowed).
    for (const t of times) expect(times.filter((u) => u >= t && u < t + 350).length).toBeLessThanOrEqual(4);
    // 19 requests at 4 per 400 ms take at least 4 windows.
    expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual(1_600 - 20);
  }, 30_000);

  it('runs once per interval across servers: of two servers started together on one database, one fetches', async () => {
    const repo = server.ctx.repositories.scheduledTasks;
    const a = makeFeed({ claims: new ScheduledTasks(repo, 'server-a', log) });
    const b = makeFeed({ claims: new ScheduledTasks(repo, 'server-b', log) });
    const from = mock.requests.length;
    a.feed.start();
    b.feed.start();
    try {
      for (let i = 0; i < 200 && (await repo.get(CDM_FEED_TASK)) === undefined; i += 1) await sleep(25);
      for (let i = 0; i < 200 && a.client.logins + b.client.logins === 0; i += 1) await sleep(25);
      await sleep(300);
      expect(a.client.logins + b.client.logins).toBe(1);
      expect(mock.requests.slice(from).filter((r) => r.path === '/ajaxauth/login')).toHaveLength(1);
      expect((await repo.get(CDM_FEED_TASK))?.instance).toMatch(/^server-[ab]$/);
    } finally {
      a.feed.stop();
      b.feed.stop();
    }
    // Let the pass that started finish before the next test reads the store.
    await (a.client.logins === 1 ? a.feed : b.feed).runOnce();
  });

  it('is wired into the server: on with the credentials, and “Update now” runs a pass (an empty fleet asks nothing)', async () => {
    expect(server.ctx.services.cdmFeed.enabled).toBe(true);
    const sent = mock.requests.length;
    const res = await server.app.inject({ method: 'POST', url: '/api/data-sources/spacetrack-cdm/update' });
    expect(res.statusCode).toBe(200);
    expect(DataSourcesResponse.parse(res.json()).find((s) => s.id === 'spacetrack-cdm')).toMatchObject({ state: 'ok', lastResult: 'No fleet objects: nothing to ask Space-Track for' });
    expect(mock.requests.length).toBe(sent);
  });

  it('never writes the password: not in the logs, the client’s JSON, the panel’s status, the imports or the audit', async () => {
    expect(logLines.length).toBeGreaterThan(5);
    expect(logLines.some((l) => l.includes('Space-Track login failed'))).toBe(true);
    expect(logLines.some((l) => l.includes('Backing off after HTTP 429'))).toBe(true);
    expect(logLines.filter((l) => l.includes(PASSWORD))).toEqual([]);
    for (const c of clients) expect(JSON.stringify(c)).not.toContain(PASSWORD);
    const db = server.ctx.database.db;
    const rows = JSON.stringify([await db.select().from(appMeta), await db.select().from(cdmImports), await db.select().from(auditLog), await storedMessages()]);
    expect(rows).toContain('Space-Track cdm_public 2020-12-01');
    expect(rows).not.toContain(PASSWORD);
  });
});
