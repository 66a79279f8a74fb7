/**
 * Screening jobs on a job queue in PostgreSQL (pg-boss 10, the maintained PostgreSQL queue; its
 * 10.x releases run on Node 20): a job (core/screening/job.ts) is recorded with its shards and its
 * catalogue version (ScreeningJobRepository), and each shard is one pg-boss job that any
 * `ssa worker` process reaching the database may take (shard-worker.ts).
 *
 * Leases: a shard's pg-boss job expires `leaseSeconds` after a worker took it; pg-boss's
 * maintenance (every `maintenanceSeconds`) then fails it and, within its retry limit, queues it
 * again (pg-boss src/plans.js failJobsByTimeout), so a worker killed mid-shard costs one lease.
 * A shard must finish within its lease: shards are cut small (a few minutes of work) and the lease
 * defaults to 10 minutes. Results are idempotent: the first result of a shard is the one counted
 * (ScreeningJobRepository.finishShard), so a shard run twice is never counted twice.
 *
 * Progress: the workers write their shard's stage and share done (at most once a second); the
 * submitter reads every shard's row. Cancellation: the job's row says 'cancelled'; queued shards
 * are then skipped by whoever takes them, running ones stop within a second (the worker polls).
 */
import PgBoss from 'pg-boss';
import type { ElementSet } from '../../core/elements/index.ts';
import {
  mergeShardResults,
  overallFraction,
  SCREENING_STAGES,
  STAGE_WEIGHTS,
  windowOf,
  type ScreeningJob,
  type ScreeningProgress,
  type ScreeningResult,
  type ScreeningShard,
  type ScreeningStage,
} from '../../core/screening/index.ts';
import type { ScreeningJobKind, ScreeningJobRepository, ShardState } from '../repositories/screening-job-repository.ts';

export const SHARD_QUEUE = 'screening-shard';
/** Attempts of a shard before its job fails (a kill -9 of the worker costs one). */
export const SHARD_RETRY_LIMIT = 4;

export interface QueueOptions {
  /** Seconds a worker holds a shard before another may take it (default 600). */
  readonly leaseSeconds?: number;
  /** Seconds between pg-boss's maintenance runs, which expire leases (default 30). */
  readonly maintenanceSeconds?: number;
}

/** The job queue as a server uses it (serve.ts attaches it to the screening services). */
export interface QueueAttachment extends QueueOptions {
  readonly boss: PgBoss;
  readonly leaseSeconds: number;
  readonly maintenanceSeconds: number;
}

/** The data of a shard's pg-boss job. */
export interface ShardMessage {
  readonly jobId: string;
  readonly shard: number;
}

/** Starts pg-boss on the database (its own schema, `pgboss`, created on first use) with the shard queue. */
export async function openQueue(databaseUrl: string, options: QueueOptions = {}): Promise<PgBoss> {
  const boss = new PgBoss({
    connectionString: databaseUrl,
    max: 4,
    maintenanceIntervalSeconds: options.maintenanceSeconds ?? 30,
    monitorStateIntervalSeconds: 60,
    // No cron schedules: the server's scheduler decides when jobs run (scheduled-task claims).
    schedule: false,
  });
  // pg-boss reports a lost connection as an 'error' event; unheard, Node would stop the process.
  // Its pool reconnects on the next query.
  boss.on('error', (error: Error) => console.error(`pg-boss: ${error.message}`));
  await boss.start();
  // Processes starting together on a fresh database create the queue at once, and pg-boss's
  // createQueue (a partition and its indexes) can then deadlock (PostgreSQL error 40P01; seen
  // with two `ssa worker` started together). The queue's settings are the same from every
  // process, so whoever loses retries and finds it made.
  for (let attempt = 1; ; attempt += 1) {
    try {
      if (!(await boss.getQueue(SHARD_QUEUE))) {
        await boss.createQueue(SHARD_QUEUE, { name: SHARD_QUEUE, retryLimit: SHARD_RETRY_LIMIT, retryDelay: 0, expireInSeconds: options.leaseSeconds ?? 600 });
      }
      break;
    } catch (error) {
      const code = (error as { code?: string }).code;
      const retryable = code === '40P01' || code === '23505' || code === '42P07';
      if (!retryable || attempt >= 8) {
        await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 200));
    }
  }
  return boss;
}

/**
 * Records the job (its catalogue version, the job, its shards) and queues every shard. The
 * records are written before the queue entries, so a worker never takes a shard it cannot read.
 */
export async function submitJob(
  boss: PgBoss,
  repo: ScreeningJobRepository,
  kind: ScreeningJobKind,
  job: ScreeningJob,
  sets: readonly ElementSet[],
  shards: readonly ScreeningShard[],
  options: QueueOptions & { reason?: string; owner?: string } = {},
): Promise<void> {
  await repo.saveCatalog(job.catalog.version, sets);
  await repo.create(kind, job, shards, { reason: options.reason, execution: 'queue', owner: options.owner });
  try {
    await boss.insert(
      shards.map((s) => ({
        name: SHARD_QUEUE,
        data: { jobId: job.id, shard: s.index } satisfies ShardMessage,
        retryLimit: SHARD_RETRY_LIMIT,
        expireInSeconds: options.leaseSeconds ?? 600,
        priority: SHARD_PRIORITY[kind],
      })),
    );
  } catch (error) {
    // Recorded but not queued: nobody would ever take its shards.
    await repo.finish(job.id, 'failed', `its shards could not be queued: ${(error as Error).message}`).catch(() => undefined);
    throw error;
  }
}

/**
 * pg-boss hands out higher priorities first: an analyst's SST analysis before the fleet
 * screening, both before the shards of a catalogue-wide run (which may be hundreds).
 */
const SHARD_PRIORITY: Record<ScreeningJobKind, number> = { sst: 20, fleet: 10, catalog: 0 };

export interface JobProgress {
  readonly shards: readonly ShardState[];
  readonly done: number;
  /** Share of the job done, 0…1 (shards running count by their stage and fraction). */
  readonly fraction: number;
  /** Workers that ran or run shards of the job. */
  readonly workers: readonly string[];
}

const SHARD_STAGES = ['tle', 'orbits', 'detect'] as const;
/** A running shard's share done: its stage's place, then the share of that stage, weighted as the SST stages (core/screening/stages.ts). */
function shardFraction(s: ShardState): number {
  if (s.status === 'done') return 1;
  if (s.status !== 'running') return 0;
  const span = SHARD_STAGES.reduce((sum, stage) => sum + STAGE_WEIGHTS[stage], 0);
  const rank = Math.max(0, SHARD_STAGES.indexOf((s.stage ?? 'tle') as (typeof SHARD_STAGES)[number]));
  let before = 0;
  for (let k = 0; k < rank; k += 1) before += STAGE_WEIGHTS[SHARD_STAGES[k]!];
  return (before + STAGE_WEIGHTS[SHARD_STAGES[rank]!] * Math.min(1, Math.max(0, s.fraction ?? 0))) / span;
}

export function jobProgress(shards: readonly ShardState[]): JobProgress {
  return {
    shards,
    done: shards.filter((s) => s.status === 'done').length,
    fraction: shards.length === 0 ? 0 : shards.reduce((sum, s) => sum + shardFraction(s), 0) / shards.length,
    workers: [...new Set(shards.flatMap((s) => (s.worker ? [s.worker] : [])))].sort(),
  };
}

export class JobEndedError extends Error {
  override name = 'JobEndedError';
}

/**
 * Waits until every shard of the job is done and returns the merged result (the job stays
 * 'running' until the caller completes it). Rejects when the job ends otherwise (cancelled,
 * failed, or completed by another holder), when the signal aborts (the caller decides what
 * becomes of the job), or when nothing of the job changes for `stallMs`: no worker takes its
 * shards (none running, or pg-boss gave a shard up after its retries). A stalled job is ended
 * failed, saying so; the default waits two leases and two minutes, since a shard that is being
 * screened reports progress every second and a free worker takes the next shard within a lease.
 */
export async function waitForJob(
  repo: ScreeningJobRepository,
  jobId: string,
  options: {
    onProgress?: (progress: JobProgress) => void;
    signal?: AbortSignal;
    pollMs?: number;
    stallMs?: number;
    leaseSeconds?: number;
    owner?: string;
    /** false: the merged result without the approaches (the caller reads them shard by shard, ScreeningJobRepository.shardApproaches). */
    approaches?: boolean;
  } = {},
): Promise<ScreeningResult> {
  const stallMs = options.stallMs ?? (2 * (options.leaseSeconds ?? 600) + 120) * 1000;
  let lastState = '';
  let lastChange = Date.now();
  for (;;) {
    options.signal?.throwIfAborted();
    const job = await repo.job(jobId);
    if (!job) throw new JobEndedError(`screening job ${jobId} does not exist`);
    if (job.status !== 'queued' && job.status !== 'running') throw new JobEndedError(`screening job ${jobId} ${job.status}${job.error ? `: ${job.error}` : ''}`);
    const shards = await repo.shards(jobId);
    const progress = jobProgress(shards);
    options.onProgress?.(progress);
    // Every shard done: the merged geometry (the caller's risk step and storing follow, then it completes the job).
    if (progress.done === job.shardCount) return mergeShardResults(job.job, job.shardCount, await repo.results(jobId, { approaches: options.approaches }));
    const state = shards.map((s) => `${s.status}:${s.attempts}:${s.updatedAt?.getTime() ?? 0}`).join(',');
    if (state !== lastState) {
      lastState = state;
      lastChange = Date.now();
    } else if (Date.now() - lastChange > stallMs) {
      const failed = shards.find((s) => s.error);
      const span = stallMs < 120_000 ? `${(stallMs / 1000).toFixed(1)} s` : `${Math.round(stallMs / 60_000)} min`;
      const message = `no progress for ${span}: ${progress.done} of ${job.shardCount} shards done${
        failed ? `; shard ${failed.shard + 1} failed ${failed.attempts} time(s): ${failed.error}` : '; no worker took a shard (start ssa worker processes or set QUEUE_SERVER_WORKERS)'
      }`;
      await repo.finish(jobId, 'failed', message, undefined, options.owner);
      throw new JobEndedError(`screening job ${jobId} failed: ${message}`);
    }
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 500));
  }
}

/**
 * Shards of a queued job: a catalogue-wide job in time slices of about 2 h of window (at most
 * 500), a primaries job (fleet, SST) in 16 NORAD ranges of the secondaries, so that a few
 * worker processes each take several and a killed one costs a small share.
 */
export function defaultShardCount(job: ScreeningJob): number {
  if (job.scope !== 'all') return 16;
  const { start, end } = windowOf(job);
  return Math.min(500, Math.max(2, Math.ceil((end - start) / (2 * 3_600_000))));
}

/**
 * A queued job's progress in the six SST stages: 'prepare' until a worker takes a shard, then
 * the shards' share done spread over tle, orbits and detect by their weights.
 */
export function queueProgress(progress: JobProgress): ScreeningProgress {
  const count = progress.shards.length;
  const started = progress.shards.some((s) => s.status !== 'queued') || progress.done > 0;
  const workers = progress.workers.length;
  if (!started) return { stage: 'prepare', fraction: overallFraction('prepare', 0.5), detail: `${count} shards queued on the job queue: waiting for a worker` };
  const span = STAGE_WEIGHTS.tle + STAGE_WEIGHTS.orbits + STAGE_WEIGHTS.detect;
  const fraction = STAGE_WEIGHTS.prepare + progress.fraction * span;
  // The stage whose band holds the overall fraction.
  let stage: ScreeningStage = 'detect';
  let before = 0;
  // (At the end of detection it stays 'detect': the merge and the risk step are the submitter's.)
  for (const s of SCREENING_STAGES.filter((x) => x.id === 'prepare' || x.id === 'tle' || x.id === 'orbits')) {
    if (fraction < before + STAGE_WEIGHTS[s.id]) {
      stage = s.id === 'prepare' ? 'tle' : s.id;
      break;
    }
    before += STAGE_WEIGHTS[s.id];
  }
  // Never past detection while shards are pending: the merge and the risk step follow.
  const cap = overallFraction('detect', progress.done === count ? 1 : 0.999);
  return { stage, fraction: Math.min(fraction, cap), detail: `${progress.done} of ${count} shards done on ${workers} worker(s) of the job queue` };
}

/** The merged geometry of a queued job, and the longest time one shard spent in each of its stages. */
export interface QueuedResult {
  readonly result: ScreeningResult;
  readonly stageMs: Record<ScreeningStage, number>;
}

/** waitForJob, with the shards' stage times for the report (prepare, risk and results are the caller's). */
export async function waitForQueued(repo: ScreeningJobRepository, jobId: string, options: Parameters<typeof waitForJob>[2] = {}): Promise<QueuedResult> {
  const result = await waitForJob(repo, jobId, options);
  const stageMs: Record<ScreeningStage, number> = { prepare: 0, tle: 0, orbits: 0, detect: 0, risk: 0, results: 0 };
  for (const s of await repo.shards(jobId)) for (const stage of ['tle', 'orbits', 'detect'] as const) stageMs[stage] = Math.max(stageMs[stage], s.ms?.[stage] ?? 0);
  return { result, stageMs };
}

/** Cancels a job that has not ended: queued shards are skipped, running ones stop within a second. */
export function cancelJob(repo: ScreeningJobRepository, jobId: string): Promise<boolean> {
  return repo.finish(jobId, 'cancelled', 'cancelled');
}
