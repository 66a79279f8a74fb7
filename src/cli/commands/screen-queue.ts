/**
 * `ssa screen --queue`: the job goes through the job queue in PostgreSQL (pg-boss) to `ssa worker`
 * processes, and this process waits, merges the shard results and runs the risk step (on its own
 * worker threads) as a local run does.
 */
import { splitJob, type ScreeningJob, type ScreeningProgress } from '../../core/screening/index.ts';
import { openDatabase } from '../../server/db/database.ts';
import { JobHeartbeat } from '../../server/queue/job-heartbeat.ts';
import { newInstanceId } from '../../server/services/scheduled-task.ts';
import { defaultShardCount, openQueue, queueProgress, submitJob, waitForQueued } from '../../server/queue/screening-queue.ts';
import { ScreeningJobRepository } from '../../server/repositories/screening-job-repository.ts';
import type { CatalogVersion } from '../../server/screening/catalog-version.ts';
import { finishScreening, type ScreeningReport } from '../../server/screening/run-screening.ts';
import { ScreeningPool } from '../../server/workers/screening/screening-pool.ts';
import type { Config } from '../../server/config.ts';

export async function queueScreen(
  config: Config & { DATABASE_URL: string },
  catalog: CatalogVersion,
  job: ScreeningJob,
  onProgress: (p: ScreeningProgress) => void,
  options: { workers?: number; shards?: number; log: (line: string) => void },
): Promise<ScreeningReport> {
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const queueOptions = { leaseSeconds: config.SHARD_LEASE_SECONDS, maintenanceSeconds: config.QUEUE_MAINTENANCE_SECONDS };
  const boss = await openQueue(config.DATABASE_URL, queueOptions);
  const repo = new ScreeningJobRepository(database.db);
  const controller = new AbortController();
  const onSignal = () => controller.abort(new Error('interrupted: the job was cancelled'));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const pool = new ScreeningPool(options.workers);
  // Beats for the job while this process waits, merges and runs the risk step: a server takes a
  // job whose submitter went silent for orphaned (job-heartbeat.ts).
  const heartbeat = new JobHeartbeat(repo, `ssa-screen:${newInstanceId()}`);
  const lost = new AbortController();
  try {
    const started = performance.now();
    const shards = splitJob(job, catalog.sets.map((s) => s.norad), options.shards ?? defaultShardCount(job));
    await submitJob(boss, repo, job.scope === 'all' ? 'catalog' : 'fleet', job, catalog.sets, shards, { ...queueOptions, reason: 'cli', owner: heartbeat.owner });
    // Lost: a server adopted the job (this process was silent too long) or an operator ended it.
    heartbeat.hold(job.id, () => lost.abort(new Error(`job ${job.id} is no longer this process's: another server took it over, or it was ended`)));
    const signal = AbortSignal.any([controller.signal, lost.signal]);
    options.log(`job ${job.id}: ${shards.length} shards queued on ${database.location}; waiting for 'ssa worker' processes`);
    let last = '';
    try {
      const { result, stageMs } = await waitForQueued(repo, job.id, {
        signal,
        leaseSeconds: queueOptions.leaseSeconds,
        owner: heartbeat.owner,
        onProgress: (p) => {
          const line = `${p.done} of ${p.shards.length} shards done, ${p.workers.length} worker(s)`;
          if (line !== last) {
            last = line;
            onProgress({ ...queueProgress(p), detail: `${line}: ${p.workers.join(', ')}` });
          }
        },
      });
      const wallMs = performance.now() - started;
      options.log(`job ${job.id}: merged ${shards.length} shards in ${(wallMs / 1000).toFixed(1)} s`);
      const report = await finishScreening(pool, catalog, result, stageMs, { onProgress, signal });
      if (!(await repo.finish(job.id, 'completed', undefined, undefined, heartbeat.owner))) throw new Error(`job ${job.id} was taken over or ended meanwhile: its result is the holder's`);
      return report;
    } catch (error) {
      // Whatever stopped this process's part ends the job while it is ours, so that no worker screens on for it.
      if (!lost.signal.aborted) await repo.finish(job.id, controller.signal.aborted ? 'cancelled' : 'failed', (error as Error).message, undefined, heartbeat.owner).catch(() => undefined);
      throw lost.signal.aborted ? (lost.signal.reason as Error) : error;
    }
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await heartbeat.stop();
    await pool.close();
    await boss.stop({ graceful: false, wait: true, close: true }).catch(() => undefined);
    await database.close();
  }
}
