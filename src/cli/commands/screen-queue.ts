/**
 * `ssa screen --queue`: the job goes through the job queue in PostgreSQL (pg-boss) to `ssa worker`
 * processes, and this process waits, merges the shard results and runs the risk step (on its own
 * worker threads) as a local run does.
 */
import { splitJob, windowOf, type ScreeningJob } from '../../core/screening/job.ts';
import type { ScreeningProgress } from '../../core/screening/stages.ts';
import { overallFraction } from '../../core/screening/stages.ts';
import { openDatabase } from '../../server/db/database.ts';
import { openQueue, submitJob, waitForJob } from '../../server/queue/screening-queue.ts';
import { ScreeningJobRepository } from '../../server/repositories/screening-job-repository.ts';
import type { CatalogVersion } from '../../server/screening/catalog-version.ts';
import { finishScreening, type ScreeningReport } from '../../server/screening/run-screening.ts';
import { ScreeningPool } from '../../server/screening/screening-pool.ts';
import type { Config } from '../../server/config.ts';

/** Shards of a queued job: a catalogue-wide job in slices of about 2 h of window, a primaries job in 16 NORAD ranges. */
export function defaultShardCount(job: ScreeningJob): number {
  if (job.scope !== 'all') return 16;
  const { start, end } = windowOf(job);
  return Math.min(500, Math.max(2, Math.ceil((end - start) / (2 * 3_600_000))));
}

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
  try {
    const started = performance.now();
    const shards = splitJob(job, catalog.sets.map((s) => s.norad), options.shards ?? defaultShardCount(job));
    await submitJob(boss, repo, job.scope === 'all' ? 'catalog' : 'fleet', job, catalog.sets, shards, { ...queueOptions, reason: 'cli' });
    options.log(`job ${job.id}: ${shards.length} shards queued on ${database.location}; waiting for 'ssa worker' processes`);
    let last = '';
    const result = await waitForJob(repo, job.id, {
      signal: controller.signal,
      onProgress: (p) => {
        const line = `${p.done} of ${p.shards.length} shards done, ${p.workers.length} worker(s)`;
        if (line !== last) {
          last = line;
          onProgress({ stage: 'detect', fraction: overallFraction('detect', p.fraction), detail: `${line}: ${p.workers.join(', ')}` });
        }
      },
    });
    const wallMs = performance.now() - started;
    const shardMs = await repo.shards(job.id);
    const stageMs = { prepare: 0, tle: 0, orbits: 0, detect: 0, risk: 0, results: 0 };
    for (const s of shardMs) for (const stage of ['tle', 'orbits', 'detect'] as const) stageMs[stage] = Math.max(stageMs[stage], s.ms?.[stage] ?? 0);
    options.log(`job ${job.id}: merged ${shards.length} shards in ${(wallMs / 1000).toFixed(1)} s`);
    const report = await finishScreening(pool, catalog, result, stageMs, { onProgress, signal: controller.signal });
    await repo.finish(job.id, 'completed');
    return report;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await pool.close();
    await boss.stop({ graceful: false, wait: true, close: true }).catch(() => undefined);
    await database.close();
  }
}
