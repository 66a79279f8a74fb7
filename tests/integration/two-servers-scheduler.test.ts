/**
 * Several API servers on one PostgreSQL database (issue 13, item 3): each scheduled task runs once
 * across all of them. Two real servers (`node bin/ssa.js serve`) share one database, each with its
 * own timers, with short intervals: the continuous screening every 6 s (SCREENING_INTERVAL_MINUTES
 * takes fractions), the CelesTrak update every 9 s (CATALOG_UPDATE_HOURS=0.0025) and the NOAA SWPC
 * read at start (its interval is at least 10 minutes). The runs stored and the requests the sources
 * receive are one per interval, not one per server: consecutive screening runs are never less than
 * the interval apart (less its 10 % slack; with a run per server and tick, one gap of every pair
 * would be at most half the interval), the sources are asked once per interval, and the feeds
 * once at all. Both servers were ticking (the one that did not claim logged so), and both serve
 * the latest run (the one that did not run it reads what the other stored). When one server stops, the other carries on at the same pace: there is no
 * leader to hand over.
 *
 * Needs PostgreSQL (DATABASE_URL; .ci/run and `.ci/postgres.sh start` provide one): PGlite is one
 * process's database. Under CI=true a missing DATABASE_URL fails this suite instead of skipping it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduledTaskClaims, screeningRuns } from '../../src/server/db/schema.ts';
import { CLAIM_SLACK } from '../../src/server/services/scheduled-task.ts';
import { SWPC_PRODUCTS } from '../../src/server/sources/noaa-swpc.ts';
import { DATABASE_URL } from './support/databases.ts';
import { createServerStore, spawnServer, type ServerProcess, type ServerStore } from './support/server-process.ts';

if (!DATABASE_URL && process.env.CI === 'true') throw new Error('DATABASE_URL is not set (CI=true: the two-server scheduler test needs PostgreSQL)');

const SCREENING_MS = 6_000;
const CATALOG_MS = 9_000;
/** Timer and query latency between a claim (the database's clock) and what the test sees of the run (a row's started_at, a request's arrival). */
const LATENCY_MS = 750;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const gaps = (times: number[]) => times.slice(1).map((t, i) => t - times[i]!);
const lines = (server: ServerProcess, msg: string, task?: string) =>
  server
    .output()
    .split('\n')
    .filter((line) => line.includes(`"msg":"${msg}"`) && (task === undefined || line.includes(`"task":"${task}"`))).length;

describe.skipIf(!DATABASE_URL)('two servers on one PostgreSQL database', () => {
  let sources: Server;
  let sourcesUrl: string;
  const requests: { path: string; at: number }[] = [];
  let store: ServerStore;
  let secondDataDir: string;

  beforeAll(async () => {
    // CelesTrak and NOAA SWPC stand-ins that count what they are asked and answer 503 (unreachable
    // sources change nothing, so no catalogue change adds screening runs of its own).
    sources = createServer((req, res) => {
      requests.push({ path: new URL(req.url ?? '/', 'http://x').pathname, at: Date.now() });
      res.writeHead(503, { 'content-type': 'text/plain' });
      res.end('unavailable');
    });
    await new Promise<void>((resolve) => sources.listen(0, '127.0.0.1', resolve));
    sourcesUrl = `http://127.0.0.1:${(sources.address() as AddressInfo).port}`;
    store = await createServerStore('postgres', 'two-servers');
    secondDataDir = await mkdtemp(join(tmpdir(), 'dataforge-two-servers-b-'));
  });

  afterAll(async () => {
    await new Promise((resolve) => sources?.close(resolve));
    await store?.destroy();
    if (secondDataDir) await rm(secondDataDir, { recursive: true, force: true });
  });

  it('screen and update once per interval between them, and the one left carries on alone', { timeout: 240_000 }, async () => {
    const env = {
      DEMO_CATALOG: 'off',
      SCREENING: 'on',
      SCREENING_INTERVAL_MINUTES: String(SCREENING_MS / 60_000),
      CELESTRAK_UPDATES: 'on',
      CELESTRAK_URL: sourcesUrl,
      CATALOG_UPDATE_HOURS: String(CATALOG_MS / 3_600_000),
      SWPC_UPDATES: 'on',
      SWPC_URL: sourcesUrl,
      SWPC_UPDATE_MINUTES: '10',
      // The claim that was not granted is a debug line: it shows the other server ticked too.
      LOG_LEVEL: 'debug',
    };
    const [a, b] = await Promise.all([spawnServer(store, env), spawnServer(store, { ...env, DATA_DIR: secondDataDir })]);
    const servers = [a, b];
    try {
      await Promise.all(servers.map((s) => s.waitForHealth()));
      // Both ran start-up and about five screening intervals (the first run comes 5 s after listen).
      await sleep(5_000 + 5 * SCREENING_MS);
      // Asked at: before the requests go out. An answer reflects the server's state at some moment
      // after this (under load the answer itself can take seconds, and a run may finish meanwhile).
      const askedAt = Date.now();
      const stats = await Promise.all(
        servers.map(async (server) => ((await (await fetch(`${server.baseUrl}/api/dashboard/stats`)).json()) as { lastScreening: string | null }).lastScreening),
      );
      const together = await store.inspect(async ({ db }) => db.select().from(screeningRuns).orderBy(asc(screeningRuns.startedAt)));
      const togetherUntil = Date.now();

      // Both serve the latest run: the one that did not screen read what the other stored, once
      // that run had finished (it looks again every 10 % of the interval while a run is running).
      const finishedBefore = (ms: number) => Math.max(...together.filter((r) => r.finishedAt && r.finishedAt.getTime() <= ms).map((r) => r.finishedAt!.getTime()));
      for (const lastScreening of stats) {
        expect(lastScreening).not.toBeNull();
        expect(Date.parse(lastScreening!)).toBeGreaterThanOrEqual(finishedBefore(askedAt - 0.1 * SCREENING_MS - LATENCY_MS));
      }

      // One server stops (its shutdown, as in a rolling restart); the other keeps the pace alone.
      await a.stop();
      const stoppedAt = Date.now();
      await sleep(4 * SCREENING_MS);
      const runs = await store.inspect(async ({ db }) => db.select().from(screeningRuns).orderBy(asc(screeningRuns.startedAt)));
      const claims = await store.inspect(async ({ db }) => db.select().from(scheduledTaskClaims));
      await b.stop();
      const endedAt = Date.now();

      // --- Screening: one run per interval between the two servers. --------------------------
      const starts = runs.map((r) => r.startedAt.getTime());
      expect(runs.map((r) => r.status)).toEqual(runs.map(() => 'completed'));
      expect(together.length).toBeGreaterThanOrEqual(4);
      for (const gap of gaps(starts)) expect(gap).toBeGreaterThan((1 - CLAIM_SLACK) * SCREENING_MS - LATENCY_MS);
      const span = starts.at(-1)! - starts[0]!;
      expect(runs.length).toBeLessThanOrEqual(Math.floor(span / ((1 - CLAIM_SLACK) * SCREENING_MS - LATENCY_MS)) + 1);
      // No stall: a tick of some server claims within the next interval (at a hand-over, the next of the other's ticks).
      expect(Math.max(...gaps(starts))).toBeLessThan(2 * SCREENING_MS + LATENCY_MS);
      // Every periodic run was claimed once (the rows are start-up and interval runs, nothing else).
      for (const run of runs) expect(['start-up', 'interval']).toContain(run.reason);
      expect(claims.find((c) => c.task === 'screening')?.claims).toBe(runs.length);
      // Both were ticking: the runs are in their logs, and the claims they did not get too.
      const completed = servers.map((s) => lines(s, 'screening run completed'));
      expect(completed[0]! + completed[1]!).toBe(runs.length);
      expect(lines(a, 'periodic task already run in this interval: skipped here', 'screening') + lines(b, 'periodic task already run in this interval: skipped here', 'screening')).toBeGreaterThanOrEqual(
        together.length - 2,
      );
      // After the stop, the server left goes on screening, once per interval.
      const after = starts.filter((t) => t > stoppedAt + LATENCY_MS);
      expect(after.length).toBeGreaterThanOrEqual(3);
      expect(after.length).toBeLessThanOrEqual(Math.ceil((endedAt - stoppedAt) / ((1 - CLAIM_SLACK) * SCREENING_MS)) + 1);
      expect(runs.filter((r) => r.startedAt.getTime() <= togetherUntil).length).toBe(together.length);

      // --- CelesTrak: one fetch per interval between the two servers. ------------------------
      const celestrak = requests.filter((r) => r.path === '/NORAD/elements/gp.php').map((r) => r.at);
      expect(celestrak.length).toBeGreaterThanOrEqual(5);
      for (const gap of gaps(celestrak)) expect(gap).toBeGreaterThan((1 - CLAIM_SLACK) * CATALOG_MS - LATENCY_MS);
      expect(claims.find((c) => c.task === 'catalog-update')?.claims).toBe(celestrak.length);

      // --- NOAA SWPC: both started together, the feeds were read once (one request per product). -
      const swpcPaths: string[] = Object.values(SWPC_PRODUCTS).map((p) => p.path);
      expect(requests.filter((r) => swpcPaths.includes(r.path)).map((r) => r.path).sort()).toEqual([...swpcPaths].sort());
      expect(claims.find((c) => c.task === 'space-weather-update')?.claims).toBe(1);

      // Nothing else was asked of the sources.
      expect(requests.filter((r) => r.path !== '/NORAD/elements/gp.php' && !swpcPaths.includes(r.path))).toEqual([]);
    } finally {
      await Promise.all(servers.map((s) => s.kill9()));
    }
  });
});
