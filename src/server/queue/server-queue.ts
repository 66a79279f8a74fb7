/**
 * The job queue in a server (with DATABASE_URL): pg-boss opened on the database, attached to the
 * screening services (fleet screening, SST analyses and catalogue-wide runs then put their shards
 * on it), QUEUE_SERVER_WORKERS threads of this server lent to it as a shard worker (its own pool:
 * the shared one runs the risk steps), and the watch for jobs whose submitter died
 * (job-heartbeat.ts). serve.ts starts it after listen, in the background.
 */
import type { AppContext } from '../app-context.ts';
import { ScreeningJobRepository } from '../repositories/screening-job-repository.ts';
import type { ScreeningJobRow } from '../repositories/screening-job-repository.ts';
import { ScreeningPool } from '../workers/screening/screening-pool.ts';
import { openQueue, type QueueAttachment } from './screening-queue.ts';
import { ShardWorker } from './shard-worker.ts';

export interface ServerQueue {
  readonly attachment: QueueAttachment;
  /** Stops looking for orphans and taking shards, and closes pg-boss (the services keep their attachment: call on shutdown, after they stopped). */
  stop(): Promise<void>;
}

export interface ServerQueueOptions {
  /** Seconds between looks for orphaned jobs (default 60). */
  readonly orphanCheckSeconds?: number;
  /** Seconds of silence that make a job an orphan (default job-heartbeat.ts ORPHAN_SECONDS). */
  readonly orphanSeconds?: number;
}

export async function startServerQueue(ctx: AppContext, databaseUrl: string, options: ServerQueueOptions = {}): Promise<ServerQueue> {
  const { config } = ctx;
  const boss = await openQueue(databaseUrl, { leaseSeconds: config.SHARD_LEASE_SECONDS, maintenanceSeconds: config.QUEUE_MAINTENANCE_SECONDS });
  const attachment: QueueAttachment = { boss, leaseSeconds: config.SHARD_LEASE_SECONDS, maintenanceSeconds: config.QUEUE_MAINTENANCE_SECONDS };
  const repo = ctx.repositories.screeningJobs;
  const heartbeat = ctx.services.jobHeartbeat;
  let worker: { stop(): Promise<void>; pool: ScreeningPool } | undefined;
  try {
    if (config.QUEUE_SERVER_WORKERS > 0) {
      const pool = new ScreeningPool(config.QUEUE_SERVER_WORKERS);
      const shardWorker = new ShardWorker(boss, new ScreeningJobRepository(ctx.database.db), pool, {
        concurrency: config.QUEUE_SERVER_WORKERS,
        log: (line) => ctx.log.child({ service: 'queue-worker' }).info(line),
      });
      worker = { stop: () => shardWorker.stop(), pool };
      await shardWorker.start();
    }
  } catch (error) {
    // Half started: nothing attached yet, so the services stay on this server's threads.
    await worker?.stop().catch(() => undefined);
    await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
    await worker?.pool.close();
    throw error;
  }
  // Attached last: from here on the screening services put their shards on the queue.
  ctx.services.screening.attachQueue({ ...attachment, repo, heartbeat });
  ctx.services.catalogScreenings.attachQueue(attachment);

  const log = (message: string) => ctx.log.child({ service: 'job-queue' }).info(message);
  heartbeat.watchOrphans({
    everySeconds: options.orphanCheckSeconds,
    staleSeconds: options.orphanSeconds,
    log,
    onOrphan: (job) => adoptOrphan(ctx, job, log),
  });
  ctx.log.info({ workers: config.QUEUE_SERVER_WORKERS }, 'job queue started (pg-boss)');

  return {
    attachment,
    async stop() {
      await heartbeat.stopWatching();
      await worker?.stop().catch(() => undefined);
      await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
      await worker?.pool.close();
    },
  };
}

/**
 * A job whose submitter died: a catalogue-wide run is completed here (its results are the
 * server's to store); a fleet screening or SST analysis answered a caller that is gone (the fleet
 * screening's next run screens again), so it ends failed, saying why.
 */
async function adoptOrphan(ctx: AppContext, job: ScreeningJobRow, log: (message: string) => void): Promise<void> {
  if (job.kind === 'catalog') {
    await ctx.services.catalogScreenings.adopt(job);
    return;
  }
  const ended = await ctx.repositories.screeningJobs.finish(job.id, 'failed', `its submitter (${job.reason === 'cli' ? 'ssa screen --queue' : 'a server'}) stopped before the shards were merged`);
  if (ended) log(`${job.kind} screening job ${job.id} ended failed: its submitter stopped`);
}
