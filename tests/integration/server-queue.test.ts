/**
 * A server with the job queue (issue 13 item 2, "a screening job, fleet, SST or catalogue-wide, is
 * split into shards queued in PostgreSQL"), on a real PostgreSQL: the SST analysis and the fleet
 * screening put their shards on pg-boss and the server's queue worker screens them; the result is
 * the one the server's threads give; cancelling an analysis ends its job; a job whose submitter
 * died (its heartbeat stale) is completed by the server (catalogue-wide) or ended with the reason
 * (fleet), and a live submitter's job is left alone. Also the heartbeat repository on PGlite and
 * PostgreSQL: one adopter of an orphan out of many, pruning spares fresh catalogue versions.
 *
 * The catalogue: the objects of the real 2023-10-09 catalogue whose NORAD id is a multiple of 20,
 * plus the ISS and its docked vehicles (1,320 objects).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogScreening } from '../../src/contracts/catalog-screenings.ts';
import type { AnalysisJob, SstResult } from '../../src/contracts/conjunctions.ts';
import { splitJob } from '../../src/core/screening/index.ts';
import { buildApp } from '../../src/server/app.ts';
import { createAppContext, type AppContext } from '../../src/server/app-context.ts';
import { loadConfig } from '../../src/server/config.ts';
import type { Database } from '../../src/server/db/database.ts';
import { JobHeartbeat } from '../../src/server/queue/job-heartbeat.ts';
import { submitJob, waitForQueued } from '../../src/server/queue/screening-queue.ts';
import { startServerQueue, type ServerQueue } from '../../src/server/queue/server-queue.ts';
import { CatalogScreeningRepository } from '../../src/server/repositories/catalog-screening-repository.ts';
import { ScreeningJobRepository } from '../../src/server/repositories/screening-job-repository.ts';
import { screeningJob } from '../../src/server/screening/run-screening.ts';
import { VERSION } from '../../src/server/version.ts';
import { DATABASE_URL, databaseTargets, type TestStore } from './support/databases.ts';
import { catalogSubset2023 } from './support/reference.ts';

const CATALOG = fileURLToPath(new URL('../../../shared/reference/catalog/full_catalog_3le_2023-10-09.txt', import.meta.url));
const present = existsSync(CATALOG);
if (process.env.CI === 'true' && !DATABASE_URL) throw new Error('server-queue.test: CI=true needs DATABASE_URL (.ci/run starts a PostgreSQL server)');
if (process.env.CI === 'true' && !present) throw new Error(`server-queue.test: CI=true needs ${CATALOG}`);
if (!DATABASE_URL) console.warn('[server-queue.test] SKIPPED in part: DATABASE_URL is not set (the job queue lives in PostgreSQL)');
const PRIMARIES = [25544, 20580, 40060];


const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 120_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

describe.each(databaseTargets)('screening job heartbeats on $name', (target) => {
  let store: TestStore | undefined;
  const opened: Database[] = [];
  afterEach(async () => {
    for (const d of opened.splice(0)) await d.close();
    await store?.destroy();
    store = undefined;
  });

  it('finds a job orphaned once its heartbeat is stale, lets exactly one of many adopt it, and spares fresh catalogue versions', async () => {
    store = await target.createStore();
    const database = await store.open();
    opened.push(database);
    const repo = new ScreeningJobRepository(database.db);
    const stale = (id: string) => database.db.execute(`update screening_jobs set heartbeat_at = now() - interval '5 minutes' where id = '${id}'`);
    const job = screeningJob({ version: 'v-test', sets: [] }, [25544], '2023-10-09T00:00:00.000Z', '2023-10-09T01:00:00.000Z', 5);
    await repo.saveCatalog('v-test', []);
    await repo.create('fleet', job, splitJob(job, [25544, 25545], 2), { owner: 'submitter' });
    expect(await repo.orphans(60)).toEqual([]);
    await stale(job.id);
    const [orphan] = await repo.orphans(60);
    expect(orphan).toMatchObject({ id: job.id, owner: 'submitter' });
    // Only the holder's beat counts; it makes the job live again.
    expect(await repo.beat([job.id], 'someone else')).toEqual([]);
    expect((await repo.orphans(60)).map((j) => j.id)).toEqual([job.id]);
    expect(await repo.beat([job.id], 'submitter')).toEqual([job.id]);
    expect(await repo.orphans(60)).toEqual([]);

    // A submitter that beat after the adopter's previous look keeps its job.
    await stale(job.id);
    const seen = (await repo.orphans(60))[0]!.heartbeatAt;
    await repo.beat([job.id], 'submitter');
    await stale(job.id);
    await database.db.execute(`update screening_jobs set heartbeat_at = now() - interval '4 minutes' where id = '${job.id}'`);
    expect(await repo.adopt(job.id, 60, 'adopter', seen)).toBe(false);

    // Of many adopters, one wins and becomes the holder; the old submitter's beat then finds it gone.
    const again = (await repo.orphans(60))[0]!.heartbeatAt;
    const adopted = await Promise.all(Array.from({ length: 8 }, (_, i) => repo.adopt(job.id, 60, `adopter-${i}`, again)));
    expect(adopted.filter(Boolean)).toHaveLength(1);
    const winner = `adopter-${adopted.indexOf(true)}`;
    expect(await repo.orphans(60)).toEqual([]);
    expect(await repo.beat([job.id], 'submitter')).toEqual([]);
    expect(await repo.finish(job.id, 'failed', 'too late', undefined, 'submitter')).toBe(false);
    expect((await repo.job(job.id))!.owner).toBe(winner);

    // A holder that stops hands the job over: an orphan at once, with no holder.
    expect(await repo.release(job.id, winner)).toBe(true);
    expect(await repo.orphans(60)).toMatchObject([{ id: job.id, owner: null }]);

    // A version saved just now is not pruned even when no job needs it (a job may be being recorded
    // with it); saving an old one again makes it fresh too.
    await repo.finish(job.id, 'completed');
    await repo.saveCatalog('v-fresh', []);
    expect(await repo.pruneCatalogs([])).toBe(0);
    await database.db.execute(`update screening_catalogs set created_at = now() - interval '1 hour'`);
    await repo.saveCatalog('v-test', []);
    expect(await repo.pruneCatalogs([])).toBe(1);
    expect(await repo.catalog('v-fresh')).toBeUndefined();
    expect(await repo.catalog('v-test')).toEqual([]);
  });

  it('stores a catalogue-wide run’s conjunctions whole, giving other requests turns between batches', async () => {
    store = await target.createStore();
    const database = await store.open();
    opened.push(database);
    const repo = new ScreeningJobRepository(database.db);
    const job = screeningJob({ version: 'v-rows', sets: [] }, [25544], '2023-10-09T00:00:00.000Z', '2023-10-09T01:00:00.000Z', 5);
    await repo.saveCatalog('v-rows', []);
    await repo.create('catalog', job, splitJob(job, [25544], 1));
    const rows = Array.from({ length: 3_000 }, (_, i) => ({
      primaryNorad: 25544,
      secondaryNorad: 30_000 + i,
      primaryName: 'ISS (ZARYA)',
      secondaryName: `DEB ${i}`,
      tca: new Date(Date.parse('2023-10-09T00:00:00Z') + i * 1000),
      missDistanceKm: i / 1000,
      relativeSpeedKmS: 10,
      collisionProbability: 1e-6,
      maxCollisionProbability: 1e-5,
      riskLevel: 'low',
      pcMethod: 'Foster 2D',
      regime: 'leo',
    }));
    // Turns the event loop gives while the rows go in (none when every batch follows the last at once).
    let turns = 0;
    let storing = true;
    const count = async () => {
      while (storing) {
        await new Promise((resolve) => setImmediate(resolve));
        turns += 1;
      }
    };
    const counting = count();
    await new CatalogScreeningRepository(database.db).store(job.id, rows);
    storing = false;
    await counting;
    expect(turns).toBeGreaterThanOrEqual(5);
    const counted = (await database.db.execute(`select count(*)::int as n from catalog_screening_conjunctions where job_id = '${job.id}'`)) as unknown as { rows: { n: number }[] };
    expect(counted.rows[0]!.n).toBe(3_000);
  });

  it('tells a holder that lost its job, and adopts only what was silent at two looks in a row', async () => {
    store = await target.createStore();
    const database = await store.open();
    opened.push(database);
    const repo = new ScreeningJobRepository(database.db);
    const job = screeningJob({ version: 'v', sets: [] }, [25544], '2023-10-09T00:00:00.000Z', '2023-10-09T01:00:00.000Z', 5);
    await repo.create('fleet', job, splitJob(job, [], 1), { owner: 'a' });
    const a = new JobHeartbeat(repo, 'a', 1);
    const b = new JobHeartbeat(repo, 'b', 1);
    let lost = false;
    a.hold(job.id, () => (lost = true));
    try {
      await database.db.execute(`update screening_jobs set heartbeat_at = now() - interval '5 minutes' where id = '${job.id}'`);
      const taken: string[] = [];
      const handling = { staleSeconds: 60, onOrphan: async (row: { id: string }) => void taken.push(row.id) };
      // First look: a suspect only. A's beat (every second) comes before the second look.
      expect(await b.reap(handling)).toBe(0);
      await sleep(1500);
      expect(await b.reap(handling)).toBe(0);
      expect(lost).toBe(false);
      // A falls silent (cut off from the database, say) through two looks: B adopts the job, and
      // A, beating again, learns at its next beat that the job is no longer its.
      a.release(job.id);
      await database.db.execute(`update screening_jobs set heartbeat_at = now() - interval '5 minutes' where id = '${job.id}'`);
      expect(await b.reap(handling)).toBe(0);
      expect(await b.reap(handling)).toBe(1);
      expect(taken).toEqual([job.id]);
      expect((await repo.job(job.id))!.owner).toBe('b');
      a.hold(job.id, () => (lost = true));
      await sleep(1500);
      expect(lost).toBe(true);
      expect(a.holding).toEqual([]);
    } finally {
      await a.stop();
      await b.stop();
    }
  });
});

describe.skipIf(!DATABASE_URL || !present)('a server with the job queue on PostgreSQL', () => {
  let store: TestStore | undefined;
  let database: Database | undefined;
  let ctx: AppContext | undefined;
  let app: FastifyInstance | undefined;
  let queue: ServerQueue | undefined;
  let url = '';
  const c = () => ctx!;

  beforeAll(async () => {
    const postgres = databaseTargets.find((t) => t.name === 'postgres')!;
    store = await postgres.createStore();
    database = await store.open();
    url = store.url!;
    const config = loadConfig({
      DATABASE_URL: url,
      LOG_LEVEL: 'silent',
      DEMO_CATALOG: 'off',
      SCREENING: 'off',
      CATALOG_SCREENING_HOURS: '0',
      QUEUE_SERVER_WORKERS: '1',
      SHARD_LEASE_SECONDS: '60',
      QUEUE_MAINTENANCE_SECONDS: '5',
      FLEET_NORAD_IDS: PRIMARIES.join(','),
    });
    ctx = createAppContext(config, database, VERSION);
    await ctx.services.catalog.initialise(new Date());
    await ctx.services.catalog.importElementSets(catalogSubset2023(), { source: 'file', label: 'subset of the 2023-10-09 catalogue' }, new Date());
    app = await buildApp(ctx);
    await app.ready();
    queue = await startServerQueue(ctx, url, { orphanCheckSeconds: 1, orphanSeconds: 3 });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await ctx?.services.catalogScreenings.stop();
    await queue?.stop();
    await ctx?.services.jobHeartbeat.stop();
    await ctx?.services.screening.close();
    await ctx?.services.cdmImport.close();
    await database?.close();
    await store?.destroy();
  });

  const jobRows = async (kind: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ id: string; status: string; execution: string; shard_count: number; error: string | null }>(
        'select id, status, execution, shard_count, error from screening_jobs where kind = $1 order by created_at',
        [kind],
      );
      return rows;
    } finally {
      await client.end();
    }
  };
  const shardRows = async (jobId: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query<{ status: string; worker: string | null; attempts: number }>('select status, worker, attempts from screening_shards where job_id = $1 order by shard', [jobId])).rows;
    } finally {
      await client.end();
    }
  };

  it('runs an SST analysis as shards on the queue, with the result the server’s threads give', async () => {
    expect(c().services.screening.execution).toBe('queue');
    const body = { satellite_ids: PRIMARIES, start: '2023-10-09T00:00:00Z', end: '2023-10-10T00:00:00Z', threshold: '50' };
    const response = await app!.inject({ method: 'POST', url: '/api/conjunctions/analyze-selected', payload: body });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json() as SstResult;

    const [row] = await jobRows('sst');
    expect(row).toMatchObject({ status: 'completed', execution: 'queue', shard_count: 16 });
    const shards = await shardRows(row!.id);
    expect(shards).toHaveLength(16);
    for (const s of shards) {
      expect(s.status).toBe('done');
      // The server's queue worker (host:pid:tag), not its shared pool.
      expect(s.worker).toMatch(/^[^:]+:\d+:[0-9a-f]{6}$/);
    }

    // The same screening on the server's threads.
    const version = c().services.screening.catalogVersion();
    const direct = await c().services.screening.runJob(screeningJob(version, PRIMARIES, '2023-10-09T00:00:00.000Z', '2023-10-10T00:00:00.000Z', 50), version);
    expect(result.total_objects).toBe(version.sets.length);
    expect(direct.conjunctions.length).toBeGreaterThan(0);
    // The same pairs in the same order; the refinement starts from other brackets when the work is
    // cut in other shards, so TCA and miss agree to the refinement's tolerance (as in queue-workers.test.ts).
    expect(result.conjunctions.map((x) => [x.primary_id, x.secondary_id])).toEqual(direct.conjunctions.map((x) => [x.approach.primary, x.approach.secondary]));
    result.conjunctions.forEach((x, i) => {
      const d = direct.conjunctions[i]!;
      expect(Math.abs(Date.parse(x.tca) - d.approach.tca)).toBeLessThanOrEqual(1);
      expect(Math.abs(x.miss_distance_km - d.approach.missDistanceKm)).toBeLessThan(1e-3);
      expect(x.collision_probability).toBeCloseTo(d.risk.pc ?? 0, 12);
      expect(x.risk_level).toBe(d.risk.riskLevel);
    });
    expect(result.proximities?.length).toBe(direct.proximities.length);
  }, 180_000);

  it('runs the fleet screening through the queue', async () => {
    const outcome = await c().services.operations.runNow('manual', new Date('2023-10-09T00:00:00Z'));
    expect(outcome.status, JSON.stringify(outcome)).toBe('completed');
    const rows = await jobRows('fleet');
    expect(rows.length).toBeGreaterThanOrEqual(1);
    for (const row of rows) expect(row).toMatchObject({ status: 'completed', execution: 'queue' });
  }, 300_000);

  it('ends the queue job of a cancelled analysis', async () => {
    const body = { satellite_ids: PRIMARIES, start: '2023-10-09T00:00:00Z', end: '2023-10-16T00:00:00Z', threshold: '50' };
    const started = await app!.inject({ method: 'POST', url: '/api/conjunctions/analyze-selected?async=1', payload: body });
    expect(started.statusCode, started.body).toBe(202);
    const { job_id } = started.json() as AnalysisJob;
    await until('the analysis on the queue', async () => ((await jobRows('sst')).some((r) => r.status === 'queued' || r.status === 'running') ? true : undefined));
    const cancelled = await app!.inject({ method: 'DELETE', url: `/api/conjunctions/jobs/${job_id}` });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    const rows = await jobRows('sst');
    expect(rows.at(-1)).toMatchObject({ status: 'cancelled' });
  }, 120_000);

  it('completes a catalogue-wide run whose submitter died, ends an orphaned fleet job, and leaves a live one alone', async () => {
    const repo = c().repositories.screeningJobs;
    const boss = queue!.attachment;
    const version = c().services.screening.catalogVersion();

    // A catalogue-wide job submitted by an `ssa screen --all --queue` that was then killed.
    const orphan = screeningJob(version, 'all', '2023-10-09T00:00:00.000Z', '2023-10-09T02:00:00.000Z', 20);
    await submitJob(boss.boss, repo, 'catalog', orphan, version.sets, splitJob(orphan, version.sets.map((s) => s.norad), 2), { ...boss, reason: 'cli', owner: 'a killed ssa screen' });
    // A fleet job of a dead submitter, and one of a live one (another process beating for it).
    const deadFleet = screeningJob(version, [25544], '2023-10-09T00:00:00.000Z', '2023-10-09T00:10:00.000Z', 5);
    await repo.saveCatalog(version.version, version.sets);
    await repo.create('fleet', deadFleet, splitJob(deadFleet, [], 1), { owner: 'a dead server' });
    const liveFleet = screeningJob(version, [25544], '2023-10-09T00:00:00.000Z', '2023-10-09T00:10:00.000Z', 5);
    await repo.create('fleet', liveFleet, splitJob(liveFleet, [], 1), { owner: 'another server' });
    const other = new JobHeartbeat(repo, 'another server', 1);
    other.hold(liveFleet.id);
    try {
      // Nobody beats for the first two: silent for 3 s at two looks, the server takes them over.
      const run = await until(
        'the orphaned run completed',
        async () => {
          const r = await app!.inject({ method: 'GET', url: `/api/catalog-screenings/${orphan.id}` });
          const view = r.json() as CatalogScreening;
          return view.status === 'completed' || view.status === 'failed' ? view : undefined;
        },
        180_000,
      );
      expect(run.status, run.error ?? '').toBe('completed');
      const direct = await c().services.screening.runJob(screeningJob(version, 'all', orphan.start, orphan.end, 20), version);
      expect(run.summary!.conjunctions).toBe(direct.conjunctions.length);
      expect(run.summary!.conjunctions).toBeGreaterThan(0);

      const fleet = await jobRows('fleet');
      expect(fleet.find((r) => r.id === deadFleet.id)).toMatchObject({ status: 'failed', error: 'its submitter (a server) stopped before the shards were merged' });
      // The live submitter's job: still its own (it beats every second; the server looks every second).
      await sleep(4000);
      expect((await jobRows('fleet')).find((r) => r.id === liveFleet.id)!.status).not.toBe('failed');
    } finally {
      await other.stop();
      await repo.finish(liveFleet.id, 'cancelled', 'test over');
    }
  }, 300_000);
  it('fails a job that no worker takes, saying so, instead of waiting for ever', async () => {
    const repo = c().repositories.screeningJobs;
    const version = c().services.screening.catalogVersion();
    // Recorded, but its shards never reached pg-boss (as if the submitter died between the two).
    const job = screeningJob(version, [25544], '2023-10-09T00:00:00.000Z', '2023-10-09T01:00:00.000Z', 5);
    await repo.saveCatalog(version.version, version.sets);
    await repo.create('fleet', job, splitJob(job, [], 1), { owner: 'this test' });
    await expect(waitForQueued(repo, job.id, { stallMs: 1500, pollMs: 100, owner: 'this test' })).rejects.toThrow(/no progress for .*no worker took a shard/);
    expect(await repo.job(job.id)).toMatchObject({ status: 'failed', error: expect.stringMatching(/^no progress for 1.5 s: 0 of 1 shards done; no worker took a shard/) });
  }, 60_000);

  it('hands a catalogue-wide run on the queue over when the server stops, and the next holder completes it', async () => {
    const response = await app!.inject({ method: 'POST', url: '/api/catalog-screenings', headers: { 'content-type': 'application/json' }, payload: { start: '2023-10-09T00:00:00Z', end: '2023-10-09T02:00:00Z', threshold_km: 20 } });
    expect(response.statusCode, response.body).toBe(202);
    const { id } = response.json() as { id: string };
    // The server stops its catalogue-wide runs (as on SIGTERM): the run is handed over, not cancelled.
    await c().services.catalogScreenings.stop();
    const row = await c().repositories.screeningJobs.job(id);
    expect(row).toMatchObject({ owner: null });
    expect(['queued', 'running']).toContain(row!.status);
    // The next holder (here this server's orphan watch, as a restarted server's would) completes it.
    const done = await until(
      'the handed-over run completed',
      async () => {
        const r = await c().repositories.screeningJobs.job(id);
        return r && r.status !== 'queued' && r.status !== 'running' ? r : undefined;
      },
      180_000,
    );
    expect(done.status, done.error ?? '').toBe('completed');
    expect(done.owner).toBe(c().instance);
    expect((done.summary as { conjunctions: number }).conjunctions).toBeGreaterThan(0);
  }, 240_000);
});
