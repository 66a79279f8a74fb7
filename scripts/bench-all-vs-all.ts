/**
 * Catalogue-wide (all-vs-all) screening benchmark (issue 13 item 7), called by scripts/bench.ts;
 * also runs alone: `npx tsx scripts/bench-all-vs-all.ts`.
 *
 * Measured the way a user meets it: the CLI as one process from its start (node start-up, tsx,
 * reading and parsing the catalogue, the worker threads, screening, risk step, JSON on stdout).
 *
 *  1. `ssa screen --all` on the real catalogue (../shared/reference/catalog/full_catalog_3le_
 *     2023-10-09.txt, 26,140 objects), 24 h from 2023-10-09T00:00Z at 5 km, on this machine's
 *     cores: wall time from spawn to exit, pairs per second (N(N−1)/2 over the wall time),
 *     conjunctions and proximities found. Target: under 60 s.
 *  2. In the same run, satellite.js's WASM BulkPropagator propagating the whole catalogue on one
 *     thread at 60 s steps over the same 24 h (1,441 instants, scripts/bench-screening.ts), and the
 *     ratio all-vs-all wall time ÷ that propagation time (the issue expects about 4×).
 *  3. With DATABASE_URL (a PostgreSQL server; `eval "$(bash .ci/postgres.sh start)"`): the same job
 *     through the job queue, `ssa screen --all --queue` against one and then two `ssa worker
 *     --concurrency 1` processes, each run on a fresh database (created through DATABASE_URL as the
 *     admin URL, dropped afterwards), so both runs start alike (the catalogue version is stored by
 *     the submitter in both). From the table screening_shards: the cost of a shard (finished_at −
 *     started_at), its stages, its window (12 slices of 2 h: the default shard count of a 24 h
 *     catalogue-wide job), and an estimate, clearly an extrapolation, for 100,000 objects × 7 days.
 *
 * The machine may be loaded by other test runs: the 1-minute load average and the CPU time the
 * child processes used are printed beside the wall times.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { parseElementSets } from '../src/core/elements/index.ts';
import { catalogVersionOf } from '../src/server/screening/catalog-version.ts';
import { baselineMs } from './bench-screening.ts';

type Row = (what: string, value: string, note?: string) => void;

const root = fileURLToPath(new URL('..', import.meta.url));
const CATALOG = fileURLToPath(new URL('../../shared/reference/catalog/full_catalog_3le_2023-10-09.txt', import.meta.url));
const START = '2023-10-09T00:00:00Z';
const END = '2023-10-10T00:00:00Z';
const THRESHOLD_KM = 5;
const SCREEN_ARGS = ['screen', '--all', '--catalog', CATALOG, '--start', START, '--end', END, '--threshold-km', String(THRESHOLD_KM)];
const RUN_TIMEOUT_MS = 30 * 60_000;
/** The estimate's target: objects, days, and machines of 2 cores. */
const TARGET_OBJECTS = 100_000;
const TARGET_DAYS = 7;
const MACHINES = [1, 4, 16];
const CORES_PER_MACHINE = 2;

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const minutes = (ms: number) => (ms >= 3_600_000 ? `${(ms / 3_600_000).toFixed(1)} h` : `${(ms / 60_000).toFixed(1)} min`);
const load = () => loadavg()[0]!.toFixed(2);

/**
 * CPU seconds (user + system) of this process's children that have exited and been waited for
 * (Linux /proc/self/stat cutime + cstime, in clock ticks of 1/100 s); undefined elsewhere.
 */
function childCpuSeconds(): number | undefined {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields after the command name start at field 3 (state); cutime is field 16, cstime 17.
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}

interface Proc {
  child: ChildProcess;
  out: Buffer[];
  err: string[];
  exited: Promise<number | null>;
}

function ssa(args: string[], env: NodeJS.ProcessEnv): Proc {
  const child = spawn(process.execPath, ['bin/ssa.js', ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const out: Buffer[] = [];
  const err: string[] = [];
  child.stdout!.on('data', (d: Buffer) => out.push(d));
  child.stderr!.on('data', (d: Buffer) => err.push(d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, out, err, exited };
}

interface ScreenOutput {
  total_objects: number;
  conjunctions: unknown[];
  proximities: unknown[];
}

/** Runs `ssa screen …` to its exit; wall time from spawn to exit, and its parsed JSON. */
async function timedScreen(args: string[], env: NodeJS.ProcessEnv): Promise<{ ms: number; output: ScreenOutput; stderr: string }> {
  const t = performance.now();
  const proc = ssa(args, env);
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), RUN_TIMEOUT_MS);
  const code = await proc.exited;
  const ms = performance.now() - t;
  clearTimeout(timer);
  const stderr = proc.err.join('');
  if (code !== 0) throw new Error(`ssa ${args[0]} exited with ${code}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`);
  return { ms, output: JSON.parse(Buffer.concat(proc.out).toString('utf8')) as ScreenOutput, stderr };
}

async function until<T>(what: string, probe: () => T | undefined, timeoutMs: number): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

interface ShardRow {
  shard: number;
  wall_ms: number;
  window_h: number;
  ms: { tle?: number; orbits?: number; detect?: number } | null;
  box_pairs: number | null;
  pairs_with_candidates: number | null;
}

interface QueuedRun {
  workers: number;
  ms: number;
  /** Epoch ms: the submitter spawned, the job recorded, the first shard started, the last finished, the submitter exited. */
  times: { spawn: number; created: number; firstStart: number; lastFinish: number; exit: number };
  cpu: number | undefined;
  conjunctions: number;
  shards: ShardRow[];
}

/** One queued run on a fresh database: `workers` worker processes, then the submitter, timed. */
async function queuedRun(adminUrl: string, workers: number): Promise<QueuedRun> {
  const name = `dataforge_bench_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const env = { ...process.env, DATABASE_URL: url.toString() };
  const procs: Proc[] = [];
  const cpuBefore = childCpuSeconds();
  try {
    // One after the other: workers starting together on a fresh database can deadlock in pg-boss's
    // createQueue (seen here: 'deadlock detected' from Manager.createQueue, one worker exits).
    for (let i = 0; i < workers; i += 1) {
      const w = ssa(['worker', '--concurrency', '1'], env);
      procs.push(w);
      await until(
        'a worker to be ready',
        () => {
          if (w.child.exitCode !== null) throw new Error(`a worker exited with ${w.child.exitCode}: ${w.err.join('').trim()}`);
          return w.err.join('').includes(' ready on ') ? true : undefined;
        },
        120_000,
      ).catch((error: Error) => {
        throw new Error(`${error.message}; its stderr: ${w.err.join('').trim().slice(-500)}`);
      });
    }
    const spawnAt = Date.now();
    const run = await timedScreen([...SCREEN_ARGS, '--queue'], env);
    const exitAt = Date.now();
    const jobId = /job (\S+): \d+ shards queued/.exec(run.stderr)?.[1];
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    let shards: ShardRow[];
    let times: QueuedRun['times'];
    try {
      const { rows } = await client.query<ShardRow>(
        `select shard,
                extract(epoch from finished_at - started_at) * 1000 as wall_ms,
                extract(epoch from (spec->>'end')::timestamptz - (spec->>'start')::timestamptz) / 3600 as window_h,
                ms,
                (result->'stats'->>'pairsAfterApsisFilter')::float8 as box_pairs,
                (result->'stats'->>'pairsWithCandidates')::float8 as pairs_with_candidates
           from screening_shards
          where job_id = coalesce($1, (select id from screening_jobs order by created_at desc limit 1))
          order by shard`,
        [jobId ?? null],
      );
      shards = rows.map((r) => ({ ...r, wall_ms: Number(r.wall_ms), window_h: Number(r.window_h) }));
      const { rows: t } = await client.query<{ created: string; first_start: string; last_finish: string }>(
        `select extract(epoch from j.created_at) * 1000 as created,
                extract(epoch from min(s.started_at)) * 1000 as first_start,
                extract(epoch from max(s.finished_at)) * 1000 as last_finish
           from screening_jobs j join screening_shards s on s.job_id = j.id
          where j.id = coalesce($1, (select id from screening_jobs order by created_at desc limit 1))
          group by j.created_at`,
        [jobId ?? null],
      );
      times = { spawn: spawnAt, created: Number(t[0]?.created), firstStart: Number(t[0]?.first_start), lastFinish: Number(t[0]?.last_finish), exit: exitAt };
    } finally {
      await client.end();
    }
    // Stop the workers and wait for them, so their CPU time is counted.
    for (const w of procs) w.child.kill('SIGTERM');
    const stragglers = setTimeout(() => procs.forEach((w) => w.child.kill('SIGKILL')), 30_000);
    await Promise.all(procs.map((w) => w.exited));
    clearTimeout(stragglers);
    const cpuAfter = childCpuSeconds();
    return { workers, ms: run.ms, times, cpu: cpuBefore !== undefined && cpuAfter !== undefined ? cpuAfter - cpuBefore : undefined, conjunctions: run.output.conjunctions.length, shards };
  } finally {
    for (const w of procs) if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGKILL');
    await Promise.all(procs.map((w) => w.exited));
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

async function queueBench(row: Row, objects: number): Promise<void> {
  const adminUrl = process.env.DATABASE_URL?.trim();
  if (!adminUrl) {
    row('all-vs-all on ssa worker processes (1 vs 2)', 'skipped', 'needs DATABASE_URL, e.g. eval "$(bash .ci/postgres.sh start)"');
    return;
  }
  const runs: QueuedRun[] = [];
  for (const workers of [1, 2]) {
    const loadBefore = load();
    const run = await queuedRun(adminUrl, workers);
    runs.push(run);
    const cpu = run.cpu === undefined ? '' : `, CPU ${run.cpu.toFixed(0)} s (submitter + workers)`;
    row(`all-vs-all --queue, ${workers} worker process${workers > 1 ? 'es' : ''} (--concurrency 1)`, seconds(run.ms), `${run.shards.length} shards, ${run.conjunctions} conjunctions${cpu}; load ${loadBefore} → ${load()}`);
  }
  const [one, two] = runs as [QueuedRun, QueuedRun];
  row('queue: speed-up, 2 workers vs 1', `${(one.ms / two.ms).toFixed(2)}×`, 'ideal 2× on 2 cores; the submitter (catalogue parse and upload, merge, risk step) is serial');

  for (const run of runs) {
    const t = run.times;
    row(
      `queue: time outside the shards, ${run.workers} worker${run.workers > 1 ? 's' : ''}`,
      seconds(t.firstStart - t.spawn + (t.exit - t.lastFinish)),
      `spawn → job recorded ${seconds(t.created - t.spawn)} → first shard started ${seconds(t.firstStart - t.created)}; shards ${seconds(t.lastFinish - t.firstStart)}; last shard done → exit ${seconds(t.exit - t.lastFinish)} (merge, risk step, JSON)`,
    );
    const walls = run.shards.map((s) => s.wall_ms);
    const stage = (key: 'tle' | 'orbits' | 'detect') => mean(run.shards.map((s) => s.ms?.[key] ?? 0));
    row(
      `queue: mean cost per shard, ${run.workers} worker${run.workers > 1 ? 's' : ''}`,
      seconds(mean(walls)),
      `finished_at − started_at over ${walls.length} shards of ${mean(run.shards.map((s) => s.window_h)).toFixed(1)} h (min ${seconds(Math.min(...walls))}, max ${seconds(Math.max(...walls))}); stages: tle ${seconds(stage('tle'))}, orbits ${seconds(stage('orbits'))}, detect ${seconds(stage('detect'))}`,
    );
  }

  // The estimate: from the 2-worker run (both cores busy, as on a loaded 2-core machine).
  const shards = two.shards;
  const windowH = shards.reduce((sum, s) => sum + s.window_h, 0);
  const costPerHour = shards.reduce((sum, s) => sum + s.wall_ms, 0) / windowH; // ms of one core per hour of window
  row(`measured cost per shard-hour of window for ${fmt(objects)} objects`, seconds(costPerHour), `one core busy for this long per hour of window (2-worker run, ${shards.length} shards, ${windowH.toFixed(0)} h)`);
  const detect = shards.reduce((sum, s) => sum + (s.ms?.detect ?? 0), 0);
  const total = shards.reduce((sum, s) => sum + s.wall_ms, 0);
  const quadShare = Math.min(1, detect / total);
  const boxPairs = shards.reduce((sum, s) => sum + (s.box_pairs ?? 0), 0);
  const windowMin = Math.round(windowH * 60);
  const closePairs = shards.reduce((sum, s) => sum + (s.pairs_with_candidates ?? 0), 0);
  row(
    'queue: measured box overlaps per 60 s step',
    fmt(boxPairs / windowMin),
    `broad-phase pair density (overlapping path boxes, shards' pads included) over ${fmt(windowMin)} min; ${fmt(closePairs)} pairs with candidate steps (summed over shards); detect is ${(quadShare * 100).toFixed(0)} % of shard time`,
  );

  const r = TARGET_OBJECTS / objects;
  const hours = TARGET_DAYS * 24;
  const costPerHourTarget = costPerHour * ((1 - quadShare) * r + quadShare * r * r);
  const shardCount = Math.min(500, Math.max(2, Math.ceil(hours / 2))); // the default: one shard per 2 h of window
  const perShard = costPerHourTarget * (hours / shardCount);
  row(
    `ESTIMATE: ${fmt(TARGET_OBJECTS)} objects × ${TARGET_DAYS} days, total work`,
    `${(costPerHourTarget * hours / 3_600_000).toFixed(1)} core-h`,
    `cost linear in window; objects ×${r.toFixed(2)}: propagation/tracks/overhead (${((1 - quadShare) * 100).toFixed(0)} %) linear, the whole detect stage quadratic (×${(r * r).toFixed(1)}: box overlaps per step ∝ N² if the added objects keep today's spatial distribution; conservative, the grid itself is linear)`,
  );
  row(
    `ESTIMATE: one shard (${hours / shardCount} h of window, ${fmt(TARGET_OBJECTS)} objects)`,
    seconds(perShard),
    perShard > 600_000 ? 'longer than the default 600 s shard lease: raise --shards or SHARD_LEASE_SECONDS' : 'within the default 600 s shard lease',
  );
  // The submitter's serial part, measured outside the shards: before them (parse, catalogue upload) ∝ N;
  // after them (merge, risk step of every conjunction, JSON) ∝ conjunctions ∝ N² × window.
  const t = two.times;
  const serial = (t.firstStart - t.spawn) * r + (t.exit - t.lastFinish) * r * r * (hours / windowH);
  row(
    `ESTIMATE: the submitter's serial part, ${fmt(TARGET_OBJECTS)} objects × ${TARGET_DAYS} d`,
    minutes(serial),
    `before the shards ${seconds(t.firstStart - t.spawn)} × ${r.toFixed(2)} (∝ N); after them ${seconds(t.exit - t.lastFinish)} × ${(r * r).toFixed(1)} × ${(hours / windowH).toFixed(0)} (∝ conjunctions ∝ N² × window), on one 2-core machine`,
  );
  for (const machines of MACHINES) {
    const slots = machines * CORES_PER_MACHINE;
    const wall = Math.ceil(shardCount / slots) * perShard;
    row(
      `ESTIMATE: ${fmt(TARGET_OBJECTS)} objects × ${TARGET_DAYS} d on ${machines} machine${machines > 1 ? 's' : ''} of ${CORES_PER_MACHINE} cores`,
      minutes(wall + serial),
      `shards ${minutes(wall)} (${shardCount} in ${Math.ceil(shardCount / slots)} rounds of ${slots}) + submitter ${minutes(serial)}; no database or network bottleneck assumed`,
    );
  }
}

export async function allVsAllBench(row: Row): Promise<void> {
  if (!existsSync(CATALOG)) {
    row('all-vs-all benchmark', 'skipped', `${CATALOG} is absent (../shared/reference not beside the repository)`);
    return;
  }

  // 1. The CLI as one process, no database.
  const loadBefore = load();
  const cpuBefore = childCpuSeconds();
  const local = await timedScreen(SCREEN_ARGS, { ...process.env, DATABASE_URL: '' });
  const cpuAfter = childCpuSeconds();
  const n = local.output.total_objects;
  const pairs = (n * (n - 1)) / 2;
  const cpu = cpuBefore !== undefined && cpuAfter !== undefined ? `, CPU ${(cpuAfter - cpuBefore).toFixed(0)} s user+sys` : '';
  row(`all-vs-all: ${fmt(n)} objects × 24 h, ${THRESHOLD_KM} km, CLI wall time`, seconds(local.ms), `target < 60 s; ${availableParallelism()} cores${cpu}; load ${loadBefore} → ${load()}`);
  row('all-vs-all: pairs per second', `${fmt(pairs / (local.ms / 1000))} /s`, `${fmt(pairs)} pairs = N(N−1)/2 over the wall time`);
  row('all-vs-all: conjunctions found', fmt(local.output.conjunctions.length));
  row('all-vs-all: proximities found', fmt(local.output.proximities.length));

  // 2. The propagation baseline over the same 24 h, one thread.
  const catalog = catalogVersionOf(parseElementSets(readFileSync(CATALOG, 'utf8')).sets);
  const window = { start: '2023-10-09T00:00:00.000Z', end: '2023-10-10T00:00:00.000Z' };
  const baselines = [await baselineMs(catalog, window), await baselineMs(catalog, window)];
  const baseline = Math.min(...baselines.map((b) => b.ms));
  row('baseline: whole catalogue at 60 s over 24 h, BulkPropagator 1 thread', seconds(baseline), `${fmt(baselines[0]!.propagations)} propagations, best of 2`);
  row('all-vs-all wall ÷ baseline propagation', `${(local.ms / baseline).toFixed(1)}×`, 'the issue expects about 4×');

  // 3. One worker process against two, through the job queue (a failure here leaves the other benchmarks running).
  try {
    await queueBench(row, n);
  } catch (error) {
    row('all-vs-all on ssa worker processes (1 vs 2)', 'failed', (error as Error).message);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await allVsAllBench((what, value, note = '') => console.log(`${what.padEnd(72)} ${value.padStart(18)}  ${note}`));
}
