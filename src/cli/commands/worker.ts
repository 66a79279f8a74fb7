import { availableParallelism } from 'node:os';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/database.ts';
import { openQueue } from '../../server/queue/screening-queue.ts';
import { ShardWorker } from '../../server/queue/shard-worker.ts';
import { ScreeningJobRepository } from '../../server/repositories/screening-job-repository.ts';
import { ScreeningPool } from '../../server/workers/screening/screening-pool.ts';
import { processIo, type CommandIo } from '../io.ts';
import { parseCommandLine } from '../parse.ts';
import { UsageError } from '../usage-error.ts';

export const WORKER_USAGE = `Usage: ssa worker [--concurrency N]

Takes screening shards from the job queue in PostgreSQL (pg-boss) and screens them: catalogue-
wide, fleet and SST jobs submitted by a server or by 'ssa screen --queue'. Run any number of
workers on any machines that reach the database; each screens the exact catalogue version its
job names (read from the database). A worker that dies mid-shard loses only that shard's lease:
another worker takes the shard again after SHARD_LEASE_SECONDS. Stops on SIGINT or SIGTERM after
the shards it is running (a second signal stops at once).

Options:
  --concurrency N   shards screened at once, one worker thread each (default: the number of cores)
  -h, --help        show this help

Environment:
  DATABASE_URL               postgres://... (required: the queue lives in PostgreSQL)
  SHARD_LEASE_SECONDS        how long a worker holds a shard before another may take it (default 600)
  QUEUE_MAINTENANCE_SECONDS  how often expired leases are checked (default 30)
`;

export async function workerCommand(args: string[], env: Record<string, string | undefined>, io: CommandIo = processIo): Promise<void> {
  const { values } = parseCommandLine(args, { concurrency: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, WORKER_USAGE);
  if (values.help) {
    await io.stdout(WORKER_USAGE);
    return;
  }
  let concurrency = availableParallelism();
  if (values.concurrency !== undefined) {
    if (!/^\d+$/.test(values.concurrency.trim()) || Number(values.concurrency) < 1 || Number(values.concurrency) > 256) {
      throw new UsageError(`--concurrency: expected a whole number 1–256, got '${values.concurrency}'`, WORKER_USAGE);
    }
    concurrency = Number(values.concurrency);
  }
  const config = loadConfig(env);
  if (!config.DATABASE_URL) throw new UsageError('DATABASE_URL is not set: workers take their shards from the job queue in PostgreSQL', WORKER_USAGE);

  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const boss = await openQueue(config.DATABASE_URL, { leaseSeconds: config.SHARD_LEASE_SECONDS, maintenanceSeconds: config.QUEUE_MAINTENANCE_SECONDS });
  const pool = new ScreeningPool(concurrency);
  const log = (line: string) => io.stderr(`ssa worker: ${line}\n`);
  const worker = new ShardWorker(boss, new ScreeningJobRepository(database.db), pool, { concurrency, log });
  await worker.start();
  log(`${worker.id} ready on ${database.location}, ${concurrency} at a time`);

  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      log(`${signal}: finishing the running shards (again to stop at once)`);
      process.once('SIGINT', () => process.exit(130));
      process.once('SIGTERM', () => process.exit(143));
      resolve();
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  });
  await worker.stop();
  await boss.stop({ graceful: true, wait: true });
  await pool.close();
  await database.close();
  log(`stopped after ${worker.shardsDone} shards`);
}
