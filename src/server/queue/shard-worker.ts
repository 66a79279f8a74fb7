/**
 * A worker process of the screening job queue (`ssa worker`): takes shards from pg-boss
 * (screening-queue.ts), up to `concurrency` at once, each on a thread of its ScreeningPool, on the
 * catalogue version the shard's job names (read from the database, so every machine screens
 * exactly the same element sets), and stores each result keyed by job and shard.
 */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type PgBoss from 'pg-boss';
import type { ScreeningJobRepository } from '../repositories/screening-job-repository.ts';
import type { ScreeningPool } from '../workers/screening/screening-pool.ts';
import { SHARD_QUEUE, type ShardMessage } from './screening-queue.ts';

export interface ShardWorkerOptions {
  readonly concurrency: number;
  /** Seconds between polls of the queue when it is empty (default 1). */
  readonly pollSeconds?: number;
  readonly log?: (line: string) => void;
}

/** A worker's name in progress views: host, pid and a random tag (pids repeat across machines and restarts). */
export function workerId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

export class ShardWorker {
  readonly id = workerId();
  private version: string | undefined;
  /** Serialises catalogue loads: a new version is loaded only while no shard runs. */
  private loading: Promise<void> = Promise.resolve();
  private running = 0;
  private idle: (() => void)[] = [];
  private stopped = false;
  shardsDone = 0;

  constructor(
    private readonly boss: PgBoss,
    private readonly repo: ScreeningJobRepository,
    private readonly pool: ScreeningPool,
    private readonly options: ShardWorkerOptions,
  ) {}

  async start(): Promise<void> {
    // One pg-boss polling worker per slot: each takes one shard at a time.
    for (let i = 0; i < this.options.concurrency; i += 1) {
      await this.boss.work<ShardMessage>(SHARD_QUEUE, { batchSize: 1, pollingIntervalSeconds: this.options.pollSeconds ?? 1, includeMetadata: true }, async ([job]) => {
        if (job) await this.run(job.data, job.retryCount >= job.retryLimit);
      });
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.boss.offWork(SHARD_QUEUE);
  }

  /** Loads the job's catalogue version into the pool unless it holds it, waiting for running shards of another version. */
  private async ensureCatalog(version: string): Promise<void> {
    const load = this.loading.then(async () => {
      if (this.version === version && this.pool.catalogVersion === version) return;
      while (this.running > 0) await new Promise<void>((resolve) => this.idle.push(resolve));
      const sets = await this.repo.catalog(version);
      if (!sets) throw new Error(`catalogue version ${version} is not in the database`);
      await this.pool.loadCatalog(version, sets);
      this.version = version;
      this.options.log?.(`loaded catalogue ${version} (${sets.length} objects)`);
    });
    this.loading = load.catch(() => undefined);
    await load;
  }

  /** Screens one shard; `lastAttempt`: pg-boss will not retry it, so a failure fails the job. */
  private async run(message: ShardMessage, lastAttempt = false): Promise<void> {
    const { jobId, shard: index } = message;
    const shard = await this.repo.shard(jobId, index);
    if (!shard) return; // its job was deleted: nothing to do
    for (;;) {
      await this.ensureCatalog(shard.job.catalog.version);
      // Another shard may have loaded another version meanwhile: take it only on ours.
      if (this.pool.catalogVersion === shard.job.catalog.version) break;
    }
    if (!(await this.repo.startShard(jobId, index, this.id))) return; // done already, or the job ended
    this.running += 1;
    const controller = new AbortController();
    let lastWrite = 0;
    let pending: Promise<void> = Promise.resolve();
    const watch = setInterval(() => {
      void this.repo.job(jobId).then(
        (row) => {
          if (!row || row.status === 'cancelled' || row.status === 'failed') controller.abort(new Error(`job ${row?.status ?? 'deleted'}`));
        },
        () => undefined,
      );
    }, 1000);
    try {
      this.options.log?.(`shard ${index + 1}/${shard.count} of job ${jobId}: ${shard.start} … ${shard.end}`);
      const { result, ms } = await this.pool.runShard(shard, {
        signal: controller.signal,
        onProgress: (stage, fraction) => {
          const now = Date.now();
          if (now - lastWrite < 1000) return;
          lastWrite = now;
          pending = pending.then(() => this.repo.progress(jobId, index, this.id, stage, fraction)).catch(() => undefined);
        },
      });
      await pending;
      const counted = await this.repo.finishShard(jobId, index, this.id, result, ms);
      this.shardsDone += 1;
      this.options.log?.(`shard ${index + 1}/${shard.count} of job ${jobId} done: ${result.approaches.length} approaches${counted ? '' : ' (already done by another worker: not counted)'}`);
    } catch (error) {
      if (controller.signal.aborted) {
        this.options.log?.(`shard ${index + 1} of job ${jobId} stopped: ${(controller.signal.reason as Error).message}`);
        return; // the job ended: complete the queue entry, nothing to retry
      }
      await this.repo.shardFailed(jobId, index, (error as Error).message).catch(() => undefined);
      if (lastAttempt) {
        // Out of retries: the job cannot complete; say why, rather than leave its submitter waiting.
        await this.repo.finish(jobId, 'failed', `shard ${index + 1} of ${shard.count} failed on its last attempt: ${(error as Error).message}`).catch(() => undefined);
      }
      throw error; // pg-boss retries it within the retry limit
    } finally {
      clearInterval(watch);
      this.running -= 1;
      if (this.running === 0) for (const wake of this.idle.splice(0)) wake();
    }
  }
}
