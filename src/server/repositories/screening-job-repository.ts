import { and, asc, desc, eq, gte, inArray, notInArray, sql } from 'drizzle-orm';
import type { ElementSet } from '../../core/elements/index.ts';
import type { CloseApproach, ScreeningJob, ScreeningShard, ShardResult } from '../../core/screening/index.ts';
import type { Db } from '../db/database.ts';
import { screeningCatalogs, screeningJobs, screeningShards } from '../db/schema.ts';

export type ScreeningJobKind = 'catalog' | 'fleet' | 'sst';
export type ScreeningJobStatus = 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';
/** A shard's state; `cancelled` and `failed` are a shard its job ended without (issue 30 item 4). */
export type ShardStatus = 'queued' | 'running' | 'done' | 'cancelled' | 'failed';
/** The shard states of a job still under way: only these change, so an ended job's shards stay as it left them. */
const LIVE_SHARDS = ['queued', 'running'] as const;

export interface ScreeningJobRow {
  readonly id: string;
  readonly kind: ScreeningJobKind;
  readonly status: ScreeningJobStatus;
  readonly reason: string;
  readonly execution: 'threads' | 'queue';
  readonly job: ScreeningJob;
  readonly shardCount: number;
  readonly summary: unknown;
  readonly timings: Record<string, number>;
  readonly error: string | null;
  readonly createdAt: Date;
  readonly finishedAt: Date | null;
  /** The holder's last heartbeat (queue/job-heartbeat.ts) and the holder. */
  readonly heartbeatAt: Date;
  readonly owner: string | null;
}

/** A shard's state without its result (what progress views read). */
export interface ShardState {
  readonly shard: number;
  readonly status: ShardStatus;
  readonly stage: string | null;
  readonly fraction: number | null;
  readonly worker: string | null;
  readonly attempts: number;
  readonly startedAt: Date | null;
  readonly updatedAt: Date | null;
  readonly finishedAt: Date | null;
  readonly ms: Record<string, number> | null;
  readonly error: string | null;
}

const rowOf = (r: typeof screeningJobs.$inferSelect): ScreeningJobRow => ({
  id: r.id,
  kind: r.kind as ScreeningJobKind,
  status: r.status as ScreeningJobStatus,
  reason: r.reason,
  execution: r.execution as 'threads' | 'queue',
  job: r.spec as ScreeningJob,
  shardCount: r.shardCount,
  summary: r.summary,
  timings: (r.timings as Record<string, number> | null) ?? {},
  error: r.error,
  createdAt: r.createdAt,
  finishedAt: r.finishedAt,
  heartbeatAt: r.heartbeatAt,
  owner: r.owner,
});

/** Screening jobs of the job queue, their shards and catalogue versions. The only code that touches those tables. */
export class ScreeningJobRepository {
  constructor(private readonly db: Db) {}

  /**
   * Stores a catalogue version once (a version names its content, so an existing row is the same);
   * saving it again makes it fresh, so pruning spares it while the job naming it is recorded.
   */
  async saveCatalog(version: string, sets: readonly ElementSet[]): Promise<void> {
    // A version already stored is only touched: writing 50,000 sets as jsonb again took 0.6 s of
    // the event loop (PGlite) on every catalogue-wide submission and scheduled run.
    const touched = await this.db
      .update(screeningCatalogs)
      .set({ createdAt: sql`now()` })
      .where(eq(screeningCatalogs.version, version))
      .returning({ version: screeningCatalogs.version });
    if (touched.length > 0) return;
    await this.db
      .insert(screeningCatalogs)
      .values({ version, objects: sets.length, sets })
      .onConflictDoUpdate({ target: screeningCatalogs.version, set: { createdAt: sql`now()` } });
  }

  async catalog(version: string): Promise<ElementSet[] | undefined> {
    const [row] = await this.db.select({ sets: screeningCatalogs.sets }).from(screeningCatalogs).where(eq(screeningCatalogs.version, version));
    return row ? (row.sets as ElementSet[]) : undefined;
  }

  /** Records a job and its shards, all queued, in one transaction. */
  async create(kind: ScreeningJobKind, job: ScreeningJob, shards: readonly ScreeningShard[], options: { reason?: string; execution?: 'threads' | 'queue'; owner?: string } = {}): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.insert(screeningJobs).values({
        id: job.id,
        kind,
        status: 'queued',
        catalogVersion: job.catalog.version,
        reason: options.reason ?? 'manual',
        execution: options.execution ?? 'queue',
        spec: job,
        shardCount: shards.length,
        owner: options.owner ?? null,
      });
      // Shards reference the job: the spec of each is the shard without the job repeated.
      await tx.insert(screeningShards).values(shards.map((s) => ({ jobId: job.id, shard: s.index, spec: { ...s, job: undefined }, status: 'queued' })));
    });
  }

  async job(id: string): Promise<ScreeningJobRow | undefined> {
    const [row] = await this.db.select().from(screeningJobs).where(eq(screeningJobs.id, id));
    return row ? rowOf(row) : undefined;
  }

  /** One shard of a job, with its job (what a worker needs to run it). */
  async shard(jobId: string, index: number): Promise<ScreeningShard | undefined> {
    const job = await this.job(jobId);
    if (!job) return undefined;
    const [row] = await this.db.select({ spec: screeningShards.spec }).from(screeningShards).where(and(eq(screeningShards.jobId, jobId), eq(screeningShards.shard, index)));
    return row ? { ...(row.spec as Omit<ScreeningShard, 'job'>), job: job.job } : undefined;
  }

  async shards(jobId: string): Promise<ShardState[]> {
    const rows = await this.db
      .select({
        shard: screeningShards.shard,
        status: screeningShards.status,
        stage: screeningShards.stage,
        fraction: screeningShards.fraction,
        worker: screeningShards.worker,
        attempts: screeningShards.attempts,
        startedAt: screeningShards.startedAt,
        updatedAt: screeningShards.updatedAt,
        finishedAt: screeningShards.finishedAt,
        ms: screeningShards.ms,
        error: screeningShards.error,
      })
      .from(screeningShards)
      .where(eq(screeningShards.jobId, jobId))
      .orderBy(asc(screeningShards.shard));
    return rows.map((r) => ({ ...r, status: r.status as ShardStatus, ms: r.ms as Record<string, number> | null }));
  }

  /**
   * A worker takes a shard: false when it is done already or its job is no longer queued or
   * running (cancelled, failed, completed). The job becomes 'running'.
   */
  async startShard(jobId: string, index: number, worker: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [job] = await tx
        .update(screeningJobs)
        .set({ status: 'running' })
        .where(and(eq(screeningJobs.id, jobId), inArray(screeningJobs.status, ['queued', 'running'])))
        .returning({ id: screeningJobs.id });
      if (!job) return false;
      const rows = await tx
        .update(screeningShards)
        .set({ status: 'running', worker, stage: 'tle', fraction: 0, attempts: sql`${screeningShards.attempts} + 1`, startedAt: sql`now()`, updatedAt: sql`now()`, error: null })
        .where(and(eq(screeningShards.jobId, jobId), eq(screeningShards.shard, index), inArray(screeningShards.status, LIVE_SHARDS)))
        .returning({ shard: screeningShards.shard });
      return rows.length > 0;
    });
  }

  /** The running worker's progress (ignored once another worker has taken or finished the shard). */
  async progress(jobId: string, index: number, worker: string, stage: string, fraction: number): Promise<void> {
    await this.db
      .update(screeningShards)
      .set({ stage, fraction, updatedAt: sql`now()` })
      .where(and(eq(screeningShards.jobId, jobId), eq(screeningShards.shard, index), eq(screeningShards.worker, worker), eq(screeningShards.status, 'running')));
  }

  /**
   * Stores a shard's result unless the shard is done already: true when this result is the one
   * counted. A retried shard's second result (the same, from the same catalogue version) is dropped.
   */
  async finishShard(jobId: string, index: number, worker: string, result: ShardResult, ms: Record<string, number>): Promise<boolean> {
    const rows = await this.db
      .update(screeningShards)
      .set({ status: 'done', worker, result, ms, stage: 'detect', fraction: 1, finishedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(screeningShards.jobId, jobId), eq(screeningShards.shard, index), inArray(screeningShards.status, LIVE_SHARDS)))
      .returning({ shard: screeningShards.shard });
    return rows.length > 0;
  }

  /** Notes a failed attempt of a shard (it goes back to the queue, or fails the job when out of attempts). */
  async shardFailed(jobId: string, index: number, error: string): Promise<void> {
    await this.db
      .update(screeningShards)
      .set({ status: 'queued', error: error.slice(0, 2000), updatedAt: sql`now()` })
      .where(and(eq(screeningShards.jobId, jobId), eq(screeningShards.shard, index), inArray(screeningShards.status, LIVE_SHARDS)));
  }

  /**
   * The results of the done shards; without their approaches when `approaches` is false (a
   * catalogue-wide run reads those one shard at a time, shardApproaches, to stay in bounded memory).
   */
  async results(jobId: string, options: { approaches?: boolean } = {}): Promise<ShardResult[]> {
    const rows = await this.db
      .select({ result: options.approaches === false ? sql<unknown>`${screeningShards.result} - 'approaches'` : screeningShards.result })
      .from(screeningShards)
      .where(and(eq(screeningShards.jobId, jobId), eq(screeningShards.status, 'done')))
      .orderBy(asc(screeningShards.shard));
    return rows.map((r) => (options.approaches === false ? { ...(r.result as ShardResult), approaches: [] } : (r.result as ShardResult)));
  }

  /** One done shard's approaches (empty when it has none or is not done). */
  async shardApproaches(jobId: string, index: number): Promise<CloseApproach[]> {
    const [row] = await this.db
      .select({ approaches: sql<unknown>`${screeningShards.result} -> 'approaches'` })
      .from(screeningShards)
      .where(and(eq(screeningShards.jobId, jobId), eq(screeningShards.shard, index), eq(screeningShards.status, 'done')));
    return Array.isArray(row?.approaches) ? (row.approaches as CloseApproach[]) : [];
  }

  /** The newest jobs of a kind. */
  async list(kind: ScreeningJobKind, limit: number): Promise<ScreeningJobRow[]> {
    const rows = await this.db.select().from(screeningJobs).where(eq(screeningJobs.kind, kind)).orderBy(desc(screeningJobs.createdAt)).limit(limit);
    return rows.map(rowOf);
  }

  /** Jobs of a kind still queued or running. */
  async active(kind: ScreeningJobKind): Promise<ScreeningJobRow[]> {
    const rows = await this.db
      .select()
      .from(screeningJobs)
      .where(and(eq(screeningJobs.kind, kind), inArray(screeningJobs.status, ['queued', 'running'])))
      .orderBy(asc(screeningJobs.createdAt));
    return rows.map(rowOf);
  }

  /** Pairs screened by completed jobs of a kind that finished since `since` (the dashboard's daily screens). */
  async pairsSince(kind: ScreeningJobKind, since: Date): Promise<number> {
    const rows = await this.db
      .select({ pairs: sql<number>`coalesce(sum((${screeningJobs.summary}->>'pairs')::double precision), 0)` })
      .from(screeningJobs)
      .where(and(eq(screeningJobs.kind, kind), eq(screeningJobs.status, 'completed'), gte(screeningJobs.finishedAt, since)));
    return Number(rows[0]?.pairs ?? 0);
  }

  /** Merges stage timings into a job's (ms). */
  async addTimings(jobId: string, timings: Record<string, number>): Promise<void> {
    await this.db
      .update(screeningJobs)
      .set({ timings: sql`coalesce(${screeningJobs.timings}, '{}'::jsonb) || ${JSON.stringify(timings)}::jsonb` })
      .where(eq(screeningJobs.id, jobId));
  }

  /** Jobs left queued or running by a server that stopped: failed, with the reason; returns how many. */
  async failActive(kind: ScreeningJobKind, execution: 'threads' | 'queue', error: string): Promise<number> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .update(screeningJobs)
        .set({ status: 'failed', error, finishedAt: sql`now()` })
        .where(and(eq(screeningJobs.kind, kind), eq(screeningJobs.execution, execution), inArray(screeningJobs.status, ['queued', 'running'])))
        .returning({ id: screeningJobs.id });
      await endShards(tx, rows.map((r) => r.id), 'failed');
      return rows.length;
    });
  }

  /**
   * `owner` is alive and holds these jobs (queue/job-heartbeat.ts); returns the ids it still holds
   * (a job another server adopted, or that ended, is no longer its).
   */
  async beat(jobIds: readonly string[], owner: string): Promise<string[]> {
    if (jobIds.length === 0) return [];
    const rows = await this.db
      .update(screeningJobs)
      .set({ heartbeatAt: sql`now()` })
      .where(and(inArray(screeningJobs.id, [...jobIds]), eq(screeningJobs.owner, owner), inArray(screeningJobs.status, ['queued', 'running'])))
      .returning({ id: screeningJobs.id });
    return rows.map((r) => r.id);
  }

  /** Hands a job over (a server stopping gracefully): its heartbeat made stale at once, so another server adopts it at its next look. */
  async release(jobId: string, owner: string): Promise<boolean> {
    const rows = await this.db
      .update(screeningJobs)
      .set({ heartbeatAt: sql`now() - interval '1 day'`, owner: null })
      .where(and(eq(screeningJobs.id, jobId), eq(screeningJobs.owner, owner), inArray(screeningJobs.status, ['queued', 'running'])))
      .returning({ id: screeningJobs.id });
    return rows.length > 0;
  }

  /** Queued or running jobs whose submitter has given no sign of life for `staleSeconds` (on the database's clock). */
  async orphans(staleSeconds: number): Promise<ScreeningJobRow[]> {
    const rows = await this.db
      .select()
      .from(screeningJobs)
      .where(and(inArray(screeningJobs.status, ['queued', 'running']), sql`${screeningJobs.heartbeatAt} < now() - make_interval(secs => ${staleSeconds})`))
      .orderBy(asc(screeningJobs.createdAt));
    return rows.map(rowOf);
  }

  /**
   * Takes over an orphaned job for `owner`: true for exactly one caller, in one atomic update (the
   * heartbeat must still be stale, and no later than `seenAt`, the heartbeat the caller saw at its
   * previous look: a submitter that beat since, after a database outage say, keeps its job).
   */
  async adopt(jobId: string, staleSeconds: number, owner: string, seenAt?: Date): Promise<boolean> {
    const rows = await this.db
      .update(screeningJobs)
      .set({ heartbeatAt: sql`now()`, owner })
      .where(
        and(
          eq(screeningJobs.id, jobId),
          inArray(screeningJobs.status, ['queued', 'running']),
          sql`${screeningJobs.heartbeatAt} < now() - make_interval(secs => ${staleSeconds})`,
          // Timestamps keep microseconds, a Date milliseconds: compare within the millisecond.
          seenAt ? sql`${screeningJobs.heartbeatAt} < ${new Date(seenAt.getTime() + 1).toISOString()}::timestamptz` : sql`true`,
        ),
      )
      .returning({ id: screeningJobs.id });
    return rows.length > 0;
  }

  /** Deletes catalogue versions no queued or running job needs, except `keep` (they are 10 MB each for the full catalogue). */
  async pruneCatalogs(keep: readonly string[]): Promise<number> {
    const rows = await this.db
      .delete(screeningCatalogs)
      .where(
        and(
          keep.length > 0 ? notInArray(screeningCatalogs.version, [...keep]) : sql`true`,
          // A version saved in the last minutes may belong to a job being recorded right now
          // (submitJob saves the version, then the job that references it).
          sql`${screeningCatalogs.createdAt} < now() - interval '10 minutes'`,
          sql`not exists (select 1 from ${screeningJobs} where ${screeningJobs.catalogVersion} = ${screeningCatalogs.version} and ${screeningJobs.status} in ('queued', 'running'))`,
        ),
      )
      .returning({ version: screeningCatalogs.version });
    return rows.length;
  }

  /** A job's stale element sets as its run stored them (null: none recorded, or no such job). */
  async stale(jobId: string): Promise<unknown> {
    const [row] = await this.db.select({ stale: screeningJobs.stale }).from(screeningJobs).where(eq(screeningJobs.id, jobId));
    return row?.stale ?? null;
  }

  /**
   * Ends a job that is still queued or running; false when it had ended already. With `owner`, only
   * while that process holds it (a submitter whose job another server adopted must not end it).
   */
  async finish(jobId: string, status: Exclude<ScreeningJobStatus, 'queued' | 'running'>, error?: string, summary?: unknown, owner?: string, stale?: unknown): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .update(screeningJobs)
        .set({ status, error: error?.slice(0, 2000) ?? null, finishedAt: sql`now()`, ...(summary !== undefined ? { summary } : {}), ...(stale !== undefined ? { stale } : {}) })
        .where(and(eq(screeningJobs.id, jobId), inArray(screeningJobs.status, ['queued', 'running']), owner !== undefined ? eq(screeningJobs.owner, owner) : sql`true`))
        .returning({ id: screeningJobs.id });
      // Its shards end with it (issue 30 item 4): a completed job has none left under way; a failed
      // one's shards not done failed with it, a cancelled one's were cancelled.
      if (rows.length > 0) await endShards(tx, [jobId], status === 'failed' ? 'failed' : 'cancelled');
      return rows.length > 0;
    });
  }
}

/** Ends the shards still queued or running of jobs that ended, in the transaction that ends them. */
async function endShards(tx: Pick<Db, 'update'>, jobIds: readonly string[], status: 'cancelled' | 'failed'): Promise<void> {
  if (jobIds.length === 0) return;
  await tx
    .update(screeningShards)
    .set({ status, updatedAt: sql`now()`, finishedAt: sql`now()` })
    .where(and(inArray(screeningShards.jobId, [...jobIds]), inArray(screeningShards.status, LIVE_SHARDS)));
}
