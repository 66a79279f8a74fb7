import type { SstConjunction, SstResult } from '../../contracts/conjunctions.ts';
import { cdmFromConjunction, writeCdmKvn, writeCdmXml, type CdmObjectType, type ConjunctionObject } from '../../core/cdm/index.ts';
import { randomUUID } from 'node:crypto';
import {
  isoUtc,
  jobOfRequest,
  splitJob,
  type ScreeningJob,
  type ScreeningRequest,
  type ScreeningResult,
  type ScreeningStage,
} from '../../core/screening/index.ts';
import { utcMs } from '../../core/units.ts';
import type { ObjectType } from '../../core/catalog/index.ts';
import type { PcMethod } from '../../core/probability/index.ts';
import { catalogVersionOf, type CatalogVersion } from '../screening/catalog-version.ts';
import {
  finishScreening,
  runScreening,
  runScreeningStreamed,
  streamScreening,
  type RunScreeningOptions,
  type ScreeningConjunction,
  type ScreeningReport,
  type ShardApproaches,
  type StreamedReport,
} from '../screening/run-screening.ts';
import { TrackPool } from '../workers/plan/plan-runner.ts';
import type { CoveringEphemeris } from './ephemerides/ephemeris-service.ts';
import type { JobHeartbeat } from '../queue/job-heartbeat.ts';
import { defaultShardCount, queueProgress, submitJob, waitForQueued, type QueueAttachment } from '../queue/screening-queue.ts';
import type { ScreeningJobRepository } from '../repositories/screening-job-repository.ts';
import { availableParallelism } from 'node:os';
import { ScreeningPool } from '../workers/screening/screening-pool.ts';
import { noradText, sstProximity, sstStale } from '../screening/sst-format.ts';
import type { AnalysisProgress, AnalysisService } from './analysis-jobs.ts';
import { hasSgp4, type CatalogService } from './catalog-service.ts';

const CDM_TYPES: Record<ObjectType, CdmObjectType> = { payload: 'PAYLOAD', rocket_body: 'ROCKET BODY', debris: 'DEBRIS', unknown: 'UNKNOWN' };
/** Conjunctions kept for CDM downloads (every SST result of the last hours). */
const KEEP_CONJUNCTIONS = 20_000;

/**
 * COLLISION_PROBABILITY_METHOD of a screening CDM per chosen method (CCSDS 508.0-B-1 takes it from
 * the SANA registry, which has no Monte Carlo entry: 'SDMC' names CARA's method as its tools do).
 */
const CDM_PC_METHOD: Readonly<Record<PcMethod, string>> = { pc2d: 'FOSTER-1992', 'nc2d-upper-limit': 'FOSTER-1992', nc2d: 'HALL-2023', pc3d: 'HALL-2021', sdmc: 'SDMC' };

export type CdmFormat = 'kvn' | 'xml';

/** Where the operator ephemerides come from (services/ephemerides/ephemeris-service.ts). */
export interface EphemerisLookup {
  coveringEphemeris(noradId: number, startMs: number, endMs: number): Promise<CoveringEphemeris | undefined>;
}

/** What the screening says when an object's covering ephemeris could not be used (it falls back to the element set). */
export type EphemerisWarning = (message: string) => void;

/** The job queue with the records a server keeps of its jobs (serve.ts, with DATABASE_URL). */
export interface ScreeningQueue extends QueueAttachment {
  readonly repo: ScreeningJobRepository;
  readonly heartbeat: JobHeartbeat;
}

/**
 * Conjunction screening for the server: the worker pool (started on first use),
 * the catalogue version it screens (rebuilt when the catalogue changes), the SST
 * analysis runner, and CCSDS CDMs of every conjunction found.
 *
 * Where the geometry is computed: on the pool's threads, or, once the job queue is attached
 * (PostgreSQL), as shards on the queue for `ssa worker` processes on any machine (issue 13: "a
 * screening job, fleet, SST or catalogue-wide, is split into shards queued in PostgreSQL"). The
 * risk step and the report are this server's, on its pool, either way.
 */
export class ScreeningService implements AnalysisService {
  private pool: ScreeningPool | undefined;
  /** The track threads operator ephemerides are screened on, kept with their shares of the catalogue (started by the first). */
  private readonly tracks = new TrackPool();
  private version: { key: number; value: CatalogVersion } | undefined;
  private readonly conjunctions = new Map<string, ScreeningConjunction>();
  /** Screenings run one at a time: `screen` may load another catalogue version into the workers. */
  private turn: Promise<unknown> = Promise.resolve();
  /** Screenings queued or running on the pool (continuous-screening runs and SST analyses alike). */
  private ahead = 0;
  /** The job queue (PostgreSQL): the geometry of fleet screenings and SST analyses goes to it. */
  private queue: ScreeningQueue | undefined;
  /** Operator ephemerides: a primary with one covering the window is screened on it (issue 28). */
  private ephemerides: { lookup: EphemerisLookup; warn: EphemerisWarning } | undefined;

  constructor(
    private readonly catalog: CatalogService,
    private readonly options: { originator: string; workers?: number; /** MAX_ELEMENT_AGE_DAYS: sets further from the window are stale, not screened. */ maxElementAgeDays?: number },
  ) {}

  /** The catalogue as the screening engine sees it: each object's newest element set, named by a hash. */
  catalogVersion(): CatalogVersion {
    const key = this.catalog.changeCount;
    if (this.version?.key !== key) {
      this.version = { key, value: catalogVersionOf([...this.catalog.all()].filter(hasSgp4).map((e) => e.set)) };
    }
    return this.version.value;
  }

  /** The job of `request` against `version` (its window written as ISO 8601 UTC for the workers and the queue). */
  private jobOf(request: ScreeningRequest, version: CatalogVersion) {
    const maxElementAgeDays = request.maxElementAgeDays ?? this.options.maxElementAgeDays;
    return jobOfRequest({ ...request, ...(maxElementAgeDays === undefined ? {} : { maxElementAgeDays }) }, randomUUID(), { version: version.version, objects: version.sets.length });
  }

  /** Runs `work` after every screening queued before it (see `turn`). */
  private exclusive<T>(work: (pool: ScreeningPool) => Promise<T>): Promise<T> {
    this.ahead += 1;
    const run = this.turn.then(() => work((this.pool ??= new ScreeningPool(this.options.workers))));
    this.turn = run
      .catch(() => undefined)
      .finally(() => {
        this.ahead -= 1;
      });
    return run;
  }

  /** From now on fleet screenings and SST analyses go through the job queue (serve.ts, with DATABASE_URL). */
  attachQueue(queue: ScreeningQueue): void {
    this.queue = queue;
  }

  /**
   * From now on a fleet screening's or SST analysis' primary whose operator ephemeris covers the
   * window is screened on that ephemeris instead of its element set (app-context.ts).
   */
  useEphemerides(lookup: EphemerisLookup, warn: EphemerisWarning): void {
    this.ephemerides = { lookup, warn };
  }

  /**
   * The report with each primary that has a covering ephemeris screened again on it (a track
   * worker, core screening screenEphemerisTrack): its element-set conjunctions are replaced by the
   * ephemeris', which carry the OEM's covariance for the primary and say which file they used. An
   * ephemeris that cannot be used leaves the element set's conjunctions, with a warning.
   */
  private async withEphemerides(report: ScreeningReport, version: CatalogVersion, options: Pick<RunScreeningOptions, 'signal' | 'objectType' | 'onProgress'>): Promise<ScreeningReport> {
    const source = this.ephemerides;
    const { job } = report;
    if (!source || job.scope === 'all' || job.primaries.length === 0) return report;
    const startMs = Date.parse(job.start);
    const endMs = Date.parse(job.end);
    const covering: { norad: number; cover: CoveringEphemeris }[] = [];
    for (const norad of job.primaries) {
      const cover = await source.lookup.coveringEphemeris(norad, startMs, endMs);
      if (cover) covering.push({ norad, cover });
    }
    if (covering.length === 0) return report;
    const setOf = new Map(version.sets.map((s) => [s.norad, s]));
    const typeOf = (norad: number) => options.objectType?.(norad) ?? this.catalog.entry(norad)?.object.objectType;
    const objectTypes: Record<number, ObjectType> = {};
    for (const set of version.sets) {
      const type = typeOf(set.norad);
      if (type) objectTypes[set.norad] = type;
    }
    // The track pool's key: the element sets' hash and, where the object types are the catalogue's, its change count.
    const catalogueKey = options.objectType ? undefined : `${version.version}|catalog:${this.catalog.changeCount}`;
    const nameOf = (norad: number) => this.catalog.entry(norad)?.object.name ?? setOf.get(norad)?.name ?? String(norad);
    const replaced = new Map<number, ScreeningConjunction[]>();
    // The stale sets (job.maxElementAgeDays) are no more screened against an ephemeris than against an element set.
    const staleIds = new Set(report.stale.map((s) => s.norad));
    const freshSets = staleIds.size === 0 ? version.sets : version.sets.filter((s) => !staleIds.has(s.norad));
    for (const [i, { norad, cover }] of covering.entries()) {
      options.signal?.throwIfAborted();
      const reference = setOf.get(norad);
      if (!reference) continue;
      const e = cover.ephemeris;
      options.onProgress?.({ stage: 'results', fraction: 0.8 + (0.2 * i) / covering.length, detail: `${nameOf(norad)} screened on its operator ephemeris #${e.id}` });
      try {
        const outcome = await this.tracks.runEphemeris(
          { oem: cover.oem, label: `Operator ephemeris #${e.id}${e.fileName ? ` (${e.fileName})` : ''}`, reference, catalogue: freshSets, ...(catalogueKey === undefined ? {} : { catalogueKey }), objectTypes, windowStartMs: startMs, windowEndMs: endMs, thresholdKm: job.thresholdKm },
          options.signal,
        );
        const track = { source: 'ephemeris' as const, ephemerisId: e.id, fileName: e.fileName, maxDeviationKm: outcome.maxDeviationKm };
        replaced.set(
          norad,
          outcome.conjunctions.map((c) => ({ approach: c.approach, risk: c.risk, primaryName: nameOf(norad), secondaryName: nameOf(c.approach.secondary), primaryTrack: track })),
        );
      } catch (error) {
        if (options.signal?.aborted) throw error;
        source.warn(`the operator ephemeris #${e.id} of ${norad} could not be screened, so its element set was: ${(error as Error).message}`);
      }
    }
    if (replaced.size === 0) return report;
    const conjunctions = [...report.conjunctions.filter((c) => !replaced.has(c.approach.primary)), ...[...replaced.values()].flat()].sort((a, b) => a.approach.tca - b.approach.tca);
    return { ...report, conjunctions };
  }

  /** Where the geometry of the next screening is computed. */
  get execution(): 'threads' | 'queue' {
    return this.queue ? 'queue' : 'threads';
  }

  /**
   * A job through the queue: recorded with its catalogue version and shards, screened by
   * whichever workers take the shards, then merged, and the risk step run here, in turn on the
   * pool. The job's record ends completed, failed or cancelled with this call.
   */
  private async onQueue(queue: ScreeningQueue, kind: 'fleet' | 'sst', version: CatalogVersion, job: ScreeningJob, reason: string, options: RunScreeningOptions): Promise<ScreeningReport> {
    const started = performance.now();
    const owner = queue.heartbeat.owner;
    // Lost: another server adopted the job (this one was silent too long), or it was ended.
    const lost = new AbortController();
    const signal = options.signal ? AbortSignal.any([options.signal, lost.signal]) : lost.signal;
    options.onProgress?.({ stage: 'prepare', fraction: 0, detail: `${job.primaries.length} primaries against ${version.sets.length.toLocaleString('en-US')} objects, on the job queue` });
    try {
      const shards = splitJob(job, version.sets.map((s) => s.norad), defaultShardCount(job));
      await submitJob(queue.boss, queue.repo, kind, job, version.sets, shards, { leaseSeconds: queue.leaseSeconds, maintenanceSeconds: queue.maintenanceSeconds, reason, owner });
      queue.heartbeat.hold(job.id, () => lost.abort(new Error(`screening job ${job.id} was taken over by another server or ended`)));
      // Preparing a queued job is recording it and its shards (the workers load the catalogue themselves).
      const submitMs = performance.now() - started;
      const { result, stageMs } = await waitForQueued(queue.repo, job.id, { signal, leaseSeconds: queue.leaseSeconds, owner, onProgress: (p) => options.onProgress?.(queueProgress(p)) });
      stageMs.prepare = submitMs;
      const report = await this.exclusive((pool) => finishScreening(pool, version, result, stageMs, { ...options, signal }));
      await queue.repo.addTimings(job.id, { total: performance.now() - started });
      const summary = { pairs: job.primaries.length * version.sets.length, conjunctions: report.conjunctions.length, proximities: report.proximities.length };
      if (!(await queue.repo.finish(job.id, 'completed', undefined, summary, owner))) throw new Error(`screening job ${job.id} was taken over by another server or ended meanwhile`);
      // Versions no job needs any more; the current one stays for the next run.
      await queue.repo.pruneCatalogs([version.version, this.catalogVersion().version]).catch(() => undefined);
      return report;
    } catch (error) {
      if (!lost.signal.aborted) {
        const cancelled = options.signal?.aborted === true;
        await queue.repo.finish(job.id, cancelled ? 'cancelled' : 'failed', cancelled ? 'cancelled by the submitter' : (error as Error).message, undefined, owner).catch(() => undefined);
      }
      throw error;
    } finally {
      queue.heartbeat.release(job.id);
    }
  }

  /** How many screenings are queued or running now: a new one starts after them. */
  get screeningsAhead(): number {
    return this.ahead;
  }

  /**
   * One screening of the request's primaries over [startMs, endMs) at `thresholdKm` on the worker
   * pool, against `catalog` (default: the whole catalogue's version). Used by the continuous screening.
   */
  screen(request: ScreeningRequest & { catalog?: CatalogVersion }, options: Pick<RunScreeningOptions, 'signal' | 'objectType' | 'onProgress'> = {}): Promise<ScreeningReport> {
    const queue = this.queue;
    if (queue) {
      options.signal?.throwIfAborted();
      const version = request.catalog ?? this.catalogVersion();
      return this.onQueue(queue, 'fleet', version, this.jobOf(request, version), 'scheduled', options).then((report) => this.withEphemerides(report, version, options));
    }
    return this.exclusive(async (pool) => {
      options.signal?.throwIfAborted();
      const version = request.catalog ?? this.catalogVersion();
      return { version, report: await runScreening(pool, version, this.jobOf(request, version), options) };
    }).then(({ version, report }) => this.withEphemerides(report, version, options));
  }

  /** Worker threads of the pool (its size, once started). */
  get poolSize(): number {
    return this.pool?.size ?? this.options.workers ?? availableParallelism();
  }

  /** Runs a prepared job (e.g. catalogue-wide) on the pool, in turn with the other screenings. */
  runJob(job: ScreeningJob, catalog: CatalogVersion, options: RunScreeningOptions = {}): Promise<ScreeningReport> {
    return this.exclusive((pool) => {
      options.signal?.throwIfAborted();
      return runScreening(pool, catalog, job, options);
    });
  }

  /** runJob for a catalogue-wide job in bounded memory: the conjunctions go to `sink` chunk by chunk (run-screening.ts runScreeningStreamed). */
  runJobStreamed(job: ScreeningJob, catalog: CatalogVersion, sink: (conjunctions: ScreeningConjunction[]) => Promise<void>, options: RunScreeningOptions = {}): Promise<StreamedReport> {
    return this.exclusive((pool) => {
      options.signal?.throwIfAborted();
      return runScreeningStreamed(pool, catalog, job, sink, options);
    });
  }

  /** finishJob in bounded memory: the queue's shard results read one at a time, the conjunctions to `sink` chunk by chunk (run-screening.ts streamScreening). */
  finishJobStreamed(
    result: ScreeningResult,
    catalog: CatalogVersion,
    shards: ShardApproaches,
    sink: (conjunctions: ScreeningConjunction[]) => Promise<void>,
    timings: Record<ScreeningStage, number>,
    options: RunScreeningOptions = {},
  ): Promise<StreamedReport> {
    return this.exclusive((pool) => streamScreening(pool, catalog, result, shards, sink, timings, options));
  }

  /**
   * An SST analysis (AnalysisJobs): the request, as the contract read it, screened against the
   * whole catalogue's version, then its conjunctions in the SST result's form (kept for their CDMs).
   */
  async runAnalysis(jobId: string, request: ScreeningRequest, report: (progress: AnalysisProgress) => void, signal: AbortSignal): Promise<Omit<SstResult, 'job_id'>> {
    const onProgress = (p: { stage: ScreeningStage; fraction: number; detail: string }) => report({ step: p.stage, fraction: p.fraction, detail: p.detail });
    const queue = this.queue;
    let out: ScreeningReport;
    if (queue) {
      const version = this.catalogVersion();
      out = await this.withEphemerides(await this.onQueue(queue, 'sst', version, this.jobOf(request, version), 'manual', { signal, onProgress }), version, { signal, onProgress });
    } else {
      // Said while the analysis waits, e.g. behind a continuous-screening run (same workers, one at a time).
      if (this.ahead > 0) report({ step: 'prepare', fraction: 0, detail: `Waiting for ${this.ahead} screening(s) ahead of it on the workers (such as the scheduled fleet screening)` });
      const ran = await this.exclusive(async (pool) => {
        const version = this.catalogVersion();
        return { version, report: await runScreening(pool, version, this.jobOf(request, version), { signal, onProgress }) };
      });
      out = await this.withEphemerides(ran.report, ran.version, { signal, onProgress });
    }
    const conjunctions = out.conjunctions.map((c, i) => {
      const id = `${jobId}-${i + 1}`;
      this.remember(id, c);
      return this.toSst(id, c);
    });
    const proximities = out.proximities.map((p) => sstProximity(p, (norad) => this.catalog.entry(norad)?.object.name ?? String(norad)));
    const primaries = new Set(out.job.primaries);
    const stale_objects = out.stale.map((s) => sstStale(s, (norad) => this.catalog.entry(norad)?.object.name ?? String(norad), primaries));
    return { total_objects: out.totalObjects, conjunctions, proximities, stale_objects };
  }

  private remember(id: string, conjunction: ScreeningConjunction): void {
    this.conjunctions.set(id, conjunction);
    if (this.conjunctions.size > KEEP_CONJUNCTIONS) {
      const oldest = this.conjunctions.keys().next().value;
      if (oldest !== undefined) this.conjunctions.delete(oldest);
    }
  }

  private toSst(id: string, c: ScreeningConjunction): SstConjunction {
    const a = c.approach;
    return {
      id,
      primary_object: c.primaryName,
      secondary_object: c.secondaryName,
      primary_id: a.primary,
      secondary_id: a.secondary,
      primary_norad: noradText(a.primary),
      secondary_norad: noradText(a.secondary),
      tca: isoUtc(a.tca),
      miss_distance_km: a.missDistanceKm,
      radial_km: a.missRtnKm.radial,
      in_track_km: a.missRtnKm.inTrack,
      cross_track_km: a.missRtnKm.crossTrack,
      relative_velocity_km_s: a.relativeSpeedKmS,
      // An undefined Pc (zero relative velocity) is reported as 0, as the spec treats a missing one.
      collision_probability: c.risk.pc ?? 0,
      max_collision_probability: c.risk.maxPc,
      risk_level: c.risk.riskLevel,
      cdm_url: `/api/conjunctions/cdm/${id}`,
      pc2d: c.risk.pc2d,
      pc3d: c.risk.pc3d,
      pc_method: c.risk.pcMethod,
      pc_violations: c.risk.violations.map((v) => ({ ...v })),
      primary_track: c.primaryTrack ? 'ephemeris' : 'element_set',
      primary_ephemeris_id: c.primaryTrack?.ephemerisId ?? null,
      covariance_source: c.risk.covariance,
    };
  }

  /** The CCSDS CDM (508.0-B-1) of a conjunction found by a recent analysis, or undefined. */
  cdm(conjunctionId: string, format: CdmFormat, now: Date): string | undefined {
    const c = this.conjunctions.get(conjunctionId);
    return c ? this.cdmOf(c, conjunctionId, format, now) : undefined;
  }

  /** The CCSDS CDM (508.0-B-1) of a screened conjunction, named `DATAFORGE-{conjunctionId}`; states written in EME2000. */
  cdmOf(c: ScreeningConjunction, conjunctionId: string, format: CdmFormat, now: Date): string {
    const a = c.approach;
    const object = (norad: number, name: string, state: { r: readonly number[]; v: readonly number[] }, sigmas: { radialM: number; inTrackM: number; crossTrackM: number } | undefined): ConjunctionObject => {
      const entry = this.catalog.entry(norad);
      const s = sigmas ?? { radialM: 0, inTrackM: 0, crossTrackM: 0 };
      return {
        norad,
        name,
        ...(entry?.object.cosparId ? { cosparId: entry.object.cosparId } : {}),
        objectType: CDM_TYPES[entry?.object.objectType ?? 'unknown'],
        positionKm: [state.r[0] ?? 0, state.r[1] ?? 0, state.r[2] ?? 0],
        velocityKmPerS: [state.v[0] ?? 0, state.v[1] ?? 0, state.v[2] ?? 0],
        // The default covariance model's RTN sigmas at TCA (element sets carry no covariance).
        covarianceRtn: [
          [s.radialM ** 2, 0, 0],
          [0, s.inTrackM ** 2, 0],
          [0, 0, s.crossTrackM ** 2],
        ],
        covarianceMethod: 'DEFAULT',
      };
    };
    const cdm = cdmFromConjunction(
      {
        primary: object(a.primary, c.primaryName, a.primaryState, c.risk.primarySigmasM),
        secondary: object(a.secondary, c.secondaryName, a.secondaryState, c.risk.secondarySigmasM),
        tca: utcMs(a.tca),
        frame: 'TEME',
        missDistanceKm: a.missDistanceKm,
        relativeSpeedKmPerS: a.relativeSpeedKmS,
        ...(c.risk.pc !== null ? { collisionProbability: c.risk.pc, collisionProbabilityMethod: CDM_PC_METHOD[c.risk.pcMethod] } : {}),
        maxCollisionProbability: c.risk.maxPc,
        riskLevel: c.risk.riskLevel,
        hardBodyRadiusM: c.risk.hbrM,
      },
      {
        originator: this.options.originator,
        messageId: `DATAFORGE-${conjunctionId}`,
        creationDate: utcMs(now.getTime()),
        comments: ['Screening of SGP4 element sets by Data Forge; covariances are the default element-set model (Flohrer et al. 2008).'],
      },
    );
    return format === 'xml' ? writeCdmXml(cdm) : writeCdmKvn(cdm);
  }

  async close(): Promise<void> {
    await this.pool?.close();
    this.pool = undefined;
    await this.tracks.close();
  }
}
