/**
 * Catalogue-wide (all-vs-all) screening runs in the server (issue 13): on demand
 * (POST /api/catalog-screenings) and on a schedule (CATALOG_SCREENING_HOURS, over
 * CATALOG_SCREENING_WINDOW_HOURS). One job model everywhere (core/screening/job.ts: time-slice
 * shards of the whole catalogue, results keyed by job and shard, stored in screening_jobs and
 * screening_shards):
 *  - embedded database: the shards run on the server's worker threads (ScreeningService, in turn
 *    with the fleet screening and SST analyses), each shard's progress written as it runs;
 *  - PostgreSQL: the shards go to the job queue (pg-boss) for `ssa worker` processes on any
 *    machine; the server waits, merges and runs the risk step.
 * Then the conjunctions are stored with their Pc (catalog_screening_conjunctions) and the run's
 * counts (by risk, by regime, per day) with the job. One run at a time: a second is refused (409).
 */
import type { CatalogConjunction, CatalogConjunctionPage, CatalogConjunctionQuery, CatalogScreening, CatalogScreeningSummary, CatalogStaleObject, ShardProgress } from '../../../contracts/catalog-screenings.ts';
import { CATALOG_CSV_MAX_ROWS, CATALOG_SCREENING_MAX_WINDOW_MS, CatalogScreeningSummary as SummarySchema, type CatalogConjunctionCsvQuery } from '../../../contracts/catalog-screenings.ts';
import { catalogCsvHeader, catalogCsvLines } from './conjunction-csv.ts';
import { approachRegime, isoUtc, splitJob, type ScreeningJob } from '../../../core/screening/index.ts';
import { HttpError } from '../../http/errors.ts';
import { defaultShardCount, jobProgress, submitJob, waitForQueued, type QueueAttachment } from '../../queue/screening-queue.ts';
import type { JobHeartbeat } from '../../queue/job-heartbeat.ts';
import type { CatalogConjunctionListed, CatalogConjunctionRow, CatalogConjunctionSelection, CatalogScreeningRepository } from '../../repositories/catalog-screening-repository.ts';
import type { ScreeningJobRepository, ScreeningJobRow, ShardState } from '../../repositories/screening-job-repository.ts';
import type { CatalogVersion } from '../../screening/catalog-version.ts';
import { screeningJob, type ScreeningConjunction, type StreamedReport } from '../../screening/run-screening.ts';
import type { CatalogService } from '../catalog-service.ts';
import type { ScreeningService } from '../screening-service.ts';

export interface CatalogScreeningOptions {
  /** Hours between scheduled runs; 0: no scheduled runs. */
  readonly intervalHours: number;
  readonly windowHours: number;
  readonly thresholdKm: number;
  /** CATALOG_SCREENING_THREADS: worker threads that run a run's geometry on this server (default all of the pool's). */
  readonly geometryThreads?: number;
  /** MAX_ELEMENT_AGE_DAYS: element sets further than this from the window are stale, listed and not screened. */
  readonly maxElementAgeDays?: number;
  /** Claims the scheduled run once across every server on the database (scheduled-task.ts); true: this server runs it. */
  readonly claim?: (task: string, intervalMs: number) => Promise<boolean>;
  /** Told the pairs completed runs screened in the last 24 h (at start and after each run): the dashboard's Daily Screens. */
  readonly onDailyPairs?: (pairs: number) => void;
  /** Minutes between checks of the schedule (default 10). */
  readonly checkMinutes?: number;
  /** Beats for the runs this server holds, so that another server does not take them for orphans (job-heartbeat.ts). */
  readonly heartbeat: JobHeartbeat;
  readonly log?: (message: string) => void;
}

/** Why a run's local part stopped: this server is shutting down (a run on the queue is handed over, not cancelled). */
class ServerStopping extends Error {
  override name = 'ServerStopping';
}
/** Why a run's local part stopped: another server holds the run now (this one was silent too long), or it ended. */
class HoldLost extends Error {
  override name = 'HoldLost';
}

/** Filter counts kept (CatalogScreeningService.totalOf). */
const TOTALS_KEPT = 64;

function selectionOf(query: CatalogConjunctionCsvQuery): CatalogConjunctionSelection {
  return { sort: query.sort, risk: query.risk, type: query.type, owner: query.owner, q: query.q };
}

function catalogConjunction(r: CatalogConjunctionListed): CatalogConjunction {
  return {
    primary: { noradId: r.primaryNorad, name: r.primaryName, objectType: r.primaryType ?? 'unknown', owner: r.primaryOwner },
    secondary: { noradId: r.secondaryNorad, name: r.secondaryName, objectType: r.secondaryType ?? 'unknown', owner: r.secondaryOwner },
    tca: isoUtc(r.tca.getTime()),
    missDistanceKm: r.missDistanceKm,
    relativeSpeedKmS: r.relativeSpeedKmS,
    collisionProbability: r.collisionProbability,
    maxCollisionProbability: r.maxCollisionProbability,
    riskLevel: r.riskLevel as CatalogConjunction['riskLevel'],
    pcMethod: r.pcMethod as CatalogConjunction['pcMethod'],
    regime: r.regime,
  };
}

export class CatalogScreeningService {
  private readonly controllers = new Map<string, AbortController>();
  /** Counts of completed runs' conjunctions by filter (totalOf), oldest first. */
  private readonly totals = new Map<string, number>();
  private readonly running = new Set<Promise<void>>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private first: ReturnType<typeof setTimeout> | undefined;
  /** The job queue (PostgreSQL): shards go to `ssa worker` processes. Absent: the server's threads. */
  private queue: QueueAttachment | undefined;

  constructor(
    private readonly jobs: ScreeningJobRepository,
    private readonly conjunctions: CatalogScreeningRepository,
    private readonly screening: ScreeningService,
    private readonly catalog: CatalogService,
    private readonly options: CatalogScreeningOptions,
  ) {}

  /** This server's name as the holder of its runs (screening_jobs.owner). */
  private get owner(): string {
    return this.options.heartbeat.owner;
  }

  /** From now on runs go through the job queue (serve.ts, with DATABASE_URL). */
  attachQueue(queue: QueueAttachment): void {
    this.queue = queue;
  }

  /**
   * Starts the schedule. On the embedded database this server is the only one: runs it left
   * queued or running on its threads were cut short by a stop, and are marked failed.
   */
  async start(options: { embedded: boolean }): Promise<void> {
    if (options.embedded) {
      const interrupted = await this.jobs.failActive('catalog', 'threads', 'interrupted by restart');
      if (interrupted > 0) this.options.log?.(`${interrupted} catalogue-wide run(s) interrupted by the last stop marked failed`);
    }
    // The rows that runs which then failed or were cancelled stored as they ran (a stop, a kill -9).
    await this.conjunctions.clearEnded();
    await this.reportDailyPairs();
    if (this.options.intervalHours > 0) {
      const every = (this.options.checkMinutes ?? 10) * 60_000;
      this.first = setTimeout(() => void this.scheduled(), every);
      this.timer = setInterval(() => void this.scheduled(), every);
    }
  }

  async stop(): Promise<void> {
    clearTimeout(this.first);
    clearInterval(this.timer);
    for (const c of this.controllers.values()) c.abort(new ServerStopping('the server stopped'));
    await Promise.allSettled([...this.running]);
  }

  /** A scheduled run when its interval has passed (claimed once across servers). */
  private async scheduled(): Promise<void> {
    try {
      const intervalMs = this.options.intervalHours * 3_600_000;
      if (this.options.claim) {
        if (!(await this.options.claim('catalog-screening', intervalMs))) return;
      } else {
        const [latest] = (await this.jobs.list('catalog', 20)).filter((j) => j.reason === 'scheduled');
        if (latest && Date.now() - latest.createdAt.getTime() < intervalMs) return;
      }
      if ((await this.jobs.active('catalog')).length > 0) return;
      const now = Date.now();
      await this.submit({ startMs: now, endMs: now + this.options.windowHours * 3_600_000, thresholdKm: this.options.thresholdKm }, 'scheduled');
    } catch (error) {
      this.options.log?.(`scheduled catalogue-wide run not started: ${(error as Error).message}`);
    }
  }

  /** Starts a run; resolves with its id once it is recorded (it runs on in the background). */
  async submit(request: { startMs: number; endMs: number; thresholdKm: number }, reason: 'manual' | 'scheduled'): Promise<string> {
    if (!(request.endMs > request.startMs)) throw new HttpError(400, 'Invalid request: body.end: must be after start');
    if (request.endMs - request.startMs > CATALOG_SCREENING_MAX_WINDOW_MS) throw new HttpError(400, 'Invalid request: body.end: the window is at most 7 days');
    const active = await this.jobs.active('catalog');
    if (active.length > 0) throw new HttpError(409, `A catalogue-wide run is already ${active[0]!.status} (${active[0]!.id}): cancel it or wait for it`);
    // Another server sharing the database may have imported since this cache was built.
    await this.catalog.syncWithDatabase().catch((error: Error) => this.options.log?.(`catalogue sync before the run failed: ${error.message}`));
    const version = this.screening.catalogVersion();
    if (version.sets.length < 2) throw new HttpError(409, 'The catalogue holds fewer than two objects that can be propagated');
    const job = screeningJob(version, 'all', isoUtc(request.startMs), isoUtc(request.endMs), request.thresholdKm, this.options.maxElementAgeDays);
    const queue = this.queue;
    // Threads: the pool's own split (2 slices per thread); queue: slices of about 2 h.
    const count = queue ? defaultShardCount(job) : this.screening.poolSize * 2;
    const shards = splitJob(job, version.sets.map((s) => s.norad), count);
    if (queue) {
      await submitJob(queue.boss, this.jobs, 'catalog', job, version.sets, shards, { leaseSeconds: queue.leaseSeconds, maintenanceSeconds: queue.maintenanceSeconds, reason, owner: this.owner });
    } else {
      // The catalogue version is not stored: it serves a run taken over by another server, and a run
      // on this server's threads is not taken over (adopt). Writing 50,000 sets as one jsonb value
      // grew the embedded PGlite's memory by 390 MB, which WebAssembly memory never gives back.
      await this.jobs.create('catalog', job, shards, { reason, execution: 'threads', owner: this.owner });
    }
    this.options.log?.(`catalogue-wide run ${job.id} (${reason}): ${version.sets.length} objects, ${job.start} … ${job.end}, ${job.thresholdKm} km, ${shards.length} shards`);
    this.launch(job, version);
    return job.id;
  }

  /** Runs a recorded job in the background, holding it (heartbeat) until it ends. */
  private launch(job: ScreeningJob, version: CatalogVersion): void {
    const controller = new AbortController();
    this.options.heartbeat.hold(job.id, () => controller.abort(new HoldLost('another server holds the run now, or it ended')));
    this.controllers.set(job.id, controller);
    const run = this.run(job, version, controller.signal).finally(() => {
      this.options.heartbeat.release(job.id);
      this.controllers.delete(job.id);
      this.running.delete(run);
    });
    this.running.add(run);
  }

  /**
   * Completes a run on the queue whose submitter died (adopted by job-heartbeat.ts): its shards
   * and catalogue version are in the database, so this server waits for the shards still to be
   * screened, merges, runs the risk step and stores, as the submitter would have. A run that was
   * on a dead server's threads has no shards anyone will screen: it ends failed, saying so.
   */
  async adopt(row: ScreeningJobRow): Promise<void> {
    if (row.kind !== 'catalog') throw new Error(`not a catalogue-wide run: ${row.kind}`);
    if (row.execution !== 'queue' || !this.queue) {
      await this.jobs.finish(row.id, 'failed', 'interrupted: the server running it on its threads stopped');
      this.options.log?.(`catalogue-wide run ${row.id} was on the threads of a server that stopped: marked failed`);
      return;
    }
    const sets = await this.jobs.catalog(row.job.catalog.version);
    if (!sets) {
      await this.jobs.finish(row.id, 'failed', `its catalogue version ${row.job.catalog.version} is no longer stored`);
      return;
    }
    this.options.log?.(`catalogue-wide run ${row.id} taken over from its stopped submitter`);
    this.launch(row.job, { version: row.job.catalog.version, sets });
  }

  /**
   * Screens `job` on the catalogue version it names (the catalogue may change while the run waits
   * for the pool), in bounded memory (issue 30, item 8): the risk step runs chunk by chunk after the
   * geometry, and each chunk's conjunctions are stored (the run's transaction per chunk, read only
   * once the run is completed) and counted before the next; the approaches folded into proximities
   * are removed at the end. The server never holds more than a few chunks of a run.
   */
  private async run(job: ScreeningJob, version: CatalogVersion, signal: AbortSignal): Promise<void> {
    const objectType = (norad: number) => this.catalog.entry(norad)?.object.objectType;
    const tally = new RunTally(job);
    let stored = 0;
    let storingMs = 0;
    const sink = async (conjunctions: ScreeningConjunction[]) => {
      const rows = conjunctions.map(rowOf);
      const t = performance.now();
      await this.conjunctions.storeFrom(job.id, stored, rows);
      storingMs += performance.now() - t;
      stored += rows.length;
      for (const r of rows) tally.add(r, 1);
    };
    try {
      let report: StreamedReport;
      const started = performance.now();
      let screenedAt = started;
      if (this.queue) {
        const { result, stageMs } = await waitForQueued(this.jobs, job.id, { signal, leaseSeconds: this.queue.leaseSeconds, owner: this.owner, approaches: false });
        screenedAt = performance.now();
        await this.jobs.addTimings(job.id, { screening: screenedAt - started });
        const shardCount = (await this.jobs.job(job.id))?.shardCount ?? 0;
        const shards = { count: shardCount, approaches: (index: number) => this.jobs.shardApproaches(job.id, index) };
        report = await this.screening.finishJobStreamed(result, version, shards, sink, stageMs, { signal, objectType });
      } else {
        // Each shard's progress and result (without its approaches: the run holds those, packed) go to its row as the pool runs it (writes in order).
        let writes: Promise<unknown> = Promise.resolve();
        const lastWrite = new Map<number, number>();
        const write = (work: () => Promise<unknown>) => (writes = writes.then(work).catch(() => undefined));
        report = await this.screening.runJobStreamed(job, version, sink, {
          signal,
          objectType,
          shardsPerWorker: 2,
          ...(this.options.geometryThreads === undefined ? {} : { geometryWorkers: this.options.geometryThreads }),
          onShard: (e) => {
            const worker = `server:thread-${e.worker}`;
            if (e.done) {
              const { result, ms } = e.done;
              const kept = { ...result, approaches: [] };
              write(() => this.jobs.finishShard(job.id, e.shard.index, worker, kept, ms));
              screenedAt = performance.now();
            } else if (!lastWrite.has(e.shard.index)) {
              lastWrite.set(e.shard.index, Date.now());
              write(() => this.jobs.startShard(job.id, e.shard.index, worker));
            } else if (Date.now() - lastWrite.get(e.shard.index)! >= 1000) {
              lastWrite.set(e.shard.index, Date.now());
              write(() => this.jobs.progress(job.id, e.shard.index, worker, e.stage, e.fraction));
            }
          },
        });
        await writes;
        await this.jobs.addTimings(job.id, { screening: screenedAt - started });
      }
      signal.throwIfAborted();
      // The approaches folded into proximities had their risk step and were stored with the rest.
      const folding = performance.now();
      for (const r of await this.conjunctions.remove(job.id, report.folded)) tally.add(r, -1);
      await this.conjunctions.analyze();
      storingMs += performance.now() - folding;
      const summary = tally.summary(report);
      await this.jobs.addTimings(job.id, { risk: report.timings.risk, storing: storingMs, total: performance.now() - started });
      const stale: CatalogStaleObject[] = report.stale.map((s) => ({ noradId: s.norad, name: this.catalog.entry(s.norad)?.object.name ?? String(s.norad), epoch: isoUtc(s.epoch), ageDays: Math.round(s.ageDays * 100) / 100 }));
      if (!(await this.jobs.finish(job.id, 'completed', undefined, summary, this.owner, stale))) {
        this.options.log?.(`catalogue-wide run ${job.id}: another server holds it now (its conjunctions, the same, are stored)`);
        return;
      }
      await this.jobs.pruneCatalogs([version.version, this.screening.catalogVersion().version]);
      await this.reportDailyPairs();
      this.options.log?.(`catalogue-wide run ${job.id} completed: ${summary.conjunctions} conjunctions, ${report.proximities.length} proximities`);
    } catch (error) {
      const why: unknown = signal.aborted ? signal.reason : undefined;
      if (why instanceof HoldLost) {
        this.options.log?.(`catalogue-wide run ${job.id}: ${why.message}; this server stops its part`);
        return;
      }
      if (why instanceof ServerStopping && this.queue) {
        // Its shards go on in the queue: another server (or this one after its restart) adopts the run at once and completes it.
        const released = await this.jobs.release(job.id, this.owner).catch(() => false);
        if (released) this.options.log?.(`catalogue-wide run ${job.id} handed over: the server stopped while its shards are on the queue`);
        return;
      }
      const message = signal.aborted ? `cancelled: ${(why as Error)?.message ?? 'cancelled'}` : (error as Error).message;
      const ended = await this.jobs.finish(job.id, signal.aborted ? 'cancelled' : 'failed', message, undefined, this.owner).catch(() => false);
      // What the run stored before it ended is never read (only completed runs' rows are): it goes,
      // unless another server completed the run meanwhile (its rows are then the run's).
      const status = ended ? 'ended' : (await this.jobs.job(job.id).catch(() => undefined))?.status;
      if (status === 'ended' || status === 'failed' || status === 'cancelled') await this.conjunctions.clear(job.id).catch(() => undefined);
      if (ended || !signal.aborted) this.options.log?.(`catalogue-wide run ${job.id} ${signal.aborted ? 'cancelled' : 'failed'}: ${message}`);
    }
  }

  /** Cancels a run that has not ended (409 when it has). */
  async cancel(id: string): Promise<CatalogScreening> {
    const job = await this.jobs.job(id);
    if (!job || job.kind !== 'catalog') throw new HttpError(404, `No catalogue-wide run ${id}`);
    if (job.status !== 'queued' && job.status !== 'running') throw new HttpError(409, `The run has ended (${job.status})`);
    await this.jobs.finish(id, 'cancelled', 'cancelled by an operator');
    this.controllers.get(id)?.abort(new Error('cancelled by an operator'));
    return this.get(id);
  }

  async list(limit: number): Promise<CatalogScreening[]> {
    const rows = await this.jobs.list('catalog', limit);
    return Promise.all(rows.map(async (row) => this.view(row, await this.jobs.shards(row.id))));
  }

  async get(id: string): Promise<CatalogScreening> {
    const row = await this.jobs.job(id);
    if (!row || row.kind !== 'catalog') throw new HttpError(404, `No catalogue-wide run ${id}`);
    return this.view(row, await this.jobs.shards(id));
  }

  /** A run's stale element sets (listed, not screened), oldest first; empty until it completes. */
  async staleObjects(id: string): Promise<CatalogStaleObject[]> {
    await this.runOf(id);
    const stale = await this.jobs.stale(id);
    return Array.isArray(stale) ? (stale as CatalogStaleObject[]) : [];
  }

  async conjunctionPage(id: string, query: CatalogConjunctionQuery): Promise<CatalogConjunctionPage> {
    const row = await this.runOf(id);
    // A run's rows are stored chunk by chunk while it runs; they are its conjunctions once it has completed.
    if (row.status !== 'completed') return { total: 0, items: [] };
    const selection = selectionOf(query);
    const [total, items] = await Promise.all([this.totalOf(row, selection), this.conjunctions.rowsPage(id, selection, query.limit, query.offset)]);
    return { total, items: items.map(catalogConjunction) };
  }

  /**
   * Every conjunction of a run the sort and filters select (up to CATALOG_CSV_MAX_ROWS), as CSV: the
   * table's columns, SOCRATES-style. Read and written chunk by chunk with turns of the event loop
   * between (repository `chunks`): a 100,000-row export no longer holds the server for seconds.
   */
  async conjunctionCsv(id: string, query: CatalogConjunctionCsvQuery): Promise<{ csv: string; rows: number; total: number }> {
    const row = await this.runOf(id);
    if (row.status !== 'completed') return { csv: catalogCsvHeader(), rows: 0, total: 0 };
    const selection = selectionOf(query);
    const total = await this.totalOf(row, selection);
    const parts = [catalogCsvHeader()];
    let rows = 0;
    for await (const chunk of this.conjunctions.chunks(id, selection, CATALOG_CSV_MAX_ROWS)) {
      parts.push(catalogCsvLines(chunk.map(catalogConjunction)));
      rows += chunk.length;
    }
    return { csv: parts.join('\r\n'), rows, total };
  }

  private async runOf(id: string): Promise<ScreeningJobRow> {
    const row = await this.jobs.job(id);
    if (!row || row.kind !== 'catalog') throw new HttpError(404, `No catalogue-wide run ${id}`);
    return row;
  }

  /**
   * How many conjunctions of a run a filter selects. A completed run's rows no longer change (they
   * are stored before the run is marked completed), so its counts are kept: paging through a filtered
   * table then counts once (a count walks every row the filter keeps; 0.1–0.7 s on a 452,776-row run).
   */
  private async totalOf(row: ScreeningJobRow, selection: CatalogConjunctionSelection): Promise<number> {
    if (row.status !== 'completed') return this.conjunctions.count(row.id, selection);
    // The run's summary counts the same rows, in all and by risk (summarise).
    const summary = SummarySchema.safeParse(row.summary);
    if (summary.success && !selection.type && !selection.owner && !selection.q) {
      return selection.risk ? (summary.data.byRisk[selection.risk] ?? 0) : summary.data.conjunctions;
    }
    const key = JSON.stringify([row.id, selection.risk, selection.type, selection.owner, selection.q]);
    const known = this.totals.get(key);
    if (known !== undefined) return known;
    const total = await this.conjunctions.count(row.id, selection);
    if (this.totals.size >= TOTALS_KEPT) this.totals.delete(this.totals.keys().next().value!);
    this.totals.set(key, total);
    return total;
  }

  /** Pairs screened by runs completed since `since` (the dashboard's daily screens). */
  pairsSince(since: Date): Promise<number> {
    return this.jobs.pairsSince('catalog', since);
  }

  private async reportDailyPairs(): Promise<void> {
    if (this.options.onDailyPairs) this.options.onDailyPairs(await this.pairsSince(new Date(Date.now() - 86_400_000)));
  }

  private view(row: ScreeningJobRow, shards: readonly ShardState[]): CatalogScreening {
    const progress = jobProgress(shards);
    const specs = new Map<number, { start: string; end: string }>();
    // Shard windows: the job's split (the rows hold the specs; recomputing is cheaper than reading them).
    const split = splitJob(row.job, [], row.shardCount);
    for (const s of split) specs.set(s.index, { start: s.start, end: s.end });
    const shardViews: ShardProgress[] = shards.map((s) => ({
      shard: s.shard,
      start: specs.get(s.shard)?.start ?? row.job.start,
      end: specs.get(s.shard)?.end ?? row.job.end,
      status: s.status,
      stage: (['tle', 'orbits', 'detect'] as const).find((x) => x === s.stage) ?? null,
      fraction: s.status === 'done' ? 1 : Math.min(1, Math.max(0, s.fraction ?? 0)),
      worker: s.worker,
      attempts: s.attempts,
      ms: s.ms,
    }));
    const ended = row.status === 'completed' || row.status === 'failed' || row.status === 'cancelled';
    const allDone = progress.done === row.shardCount;
    const stage = row.status === 'completed' ? 'done' : row.status === 'queued' ? 'queued' : !allDone ? 'screening' : 'risk';
    return {
      id: row.id,
      status: row.status,
      reason: row.reason,
      start: row.job.start,
      end: row.job.end,
      thresholdKm: row.job.thresholdKm,
      catalogVersion: row.job.catalog.version,
      objects: row.job.catalog.objects,
      createdAt: row.createdAt.toISOString(),
      finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
      error: row.error,
      execution: row.execution,
      progress: {
        // The shards are most of a run; the risk step and storing the rest.
        fraction: row.status === 'completed' ? 1 : progress.fraction * 0.9,
        stage: ended && row.status !== 'completed' ? (allDone ? 'risk' : 'screening') : stage,
        shardsDone: progress.done,
        shards: shardViews,
        workers: [...progress.workers],
      },
      timings: row.timings,
      summary: (row.summary as CatalogScreeningSummary | null) ?? null,
    };
  }
}

/** A conjunction of the risk step as a stored row. */
function rowOf(c: ScreeningConjunction): CatalogConjunctionRow {
  return {
    primaryNorad: c.approach.primary,
    secondaryNorad: c.approach.secondary,
    primaryName: c.primaryName,
    secondaryName: c.secondaryName,
    tca: new Date(c.approach.tca),
    missDistanceKm: c.approach.missDistanceKm,
    relativeSpeedKmS: c.approach.relativeSpeedKmS,
    collisionProbability: c.risk.pc ?? 0,
    maxCollisionProbability: c.risk.maxPc,
    riskLevel: c.risk.riskLevel,
    pcMethod: c.risk.pcMethod,
    regime: approachRegime(c.approach),
  };
}

/** A run's counts (by risk, by regime, per day of TCA), kept as its rows are stored and removed. */
class RunTally {
  private conjunctions = 0;
  private readonly byRisk: Record<string, number> = { critical: 0, high: 0, medium: 0, low: 0 };
  private readonly byRegime: Record<string, number> = { LEO: 0, MEO: 0, GEO: 0, HEO: 0 };
  private readonly perDay = new Map<string, number>();

  constructor(job: ScreeningJob) {
    // Every day of the window, also those without conjunctions.
    for (let t = Date.parse(job.start.slice(0, 10)); t < Date.parse(job.end); t += 86_400_000) this.perDay.set(new Date(t).toISOString().slice(0, 10), 0);
  }

  /** Counts a row in (sign 1) or out (−1). */
  add(r: Pick<CatalogConjunctionRow, 'riskLevel' | 'regime' | 'tca'>, sign: 1 | -1): void {
    this.conjunctions += sign;
    this.byRisk[r.riskLevel] = (this.byRisk[r.riskLevel] ?? 0) + sign;
    this.byRegime[r.regime] = (this.byRegime[r.regime] ?? 0) + sign;
    const day = r.tca.toISOString().slice(0, 10);
    this.perDay.set(day, (this.perDay.get(day) ?? 0) + sign);
  }

  summary(report: StreamedReport): CatalogScreeningSummary {
    const objects = report.totalObjects;
    return {
      objects,
      pairs: (objects * (objects - 1)) / 2,
      conjunctions: this.conjunctions,
      proximities: report.proximities.length,
      skippedObjects: report.skipped.length,
      staleObjects: report.stale.length,
      maxElementAgeDays: report.job.maxElementAgeDays ?? null,
      byRisk: { ...this.byRisk },
      byRegime: { ...this.byRegime },
      perDay: [...this.perDay.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([day, conjunctions]) => ({ day, conjunctions })),
    };
  }
}
