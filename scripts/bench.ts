/**
 * npm run bench: the speed figures the issues ask for, printed as a table.
 *
 * Catalogue and propagation (issue 3):
 *  - parse the real catalogue (../shared/reference/catalog, 26,140 objects) and initialise SGP4;
 *  - propagate the whole catalogue over one day at 60 s steps (1,441 instants):
 *      our propagation pool (worker_threads, one per core), per core;
 *      satellite.js BulkPropagator on one thread, the same work, in the same run;
 *  - first-start and later-start times of the server with the demo catalogue.
 *
 * Conjunction screening (issue 4, scripts/bench-screening.ts): the fleet against the
 * real catalogue over 48 h at 5 km, beside the time to merely propagate the catalogue.
 *
 * Start-up (issue 15, scripts/bench-startup.ts): `ssa --help` (median of several spawns) and `ssa screen`
 * of 12 primaries against the real catalogue over 48 h as one process from its start, on the compiled
 * build, beside BulkPropagator's one-thread propagation of the catalogue over the same 48 h, and the ratio.
 *
 * Catalogue-wide screening (issue 13, scripts/bench-all-vs-all.ts): `ssa screen --all` as one process,
 * 26,140 objects × 24 h at 5 km, beside propagating the catalogue; with DATABASE_URL, the same job
 * on one and two `ssa worker` processes through the job queue, and an estimate for 100,000 objects × 7 days.
 *
 * Stale element sets (issue 30, scripts/bench-stale.ts): `ssa screen --all` of the 2023 catalogue over 2 h of 2026 as
 * one process (every set stale: listed, not screened), one 2-h shard of the whole catalogue on one worker (target
 * < 10 s), and SGP4 of the resonant objects with the integrator carried along against satellite.js's restart.
 *
 * Memory (issue 30, scripts/bench-memory.ts): the server's resident peak (VmHWM) through the default 72-h catalogue-wide
 * run of the 50,000-object demo catalogue on a fresh data directory, and over its start-up (target < 1.5 GB).
 *
 * Operations API (issue 6, scripts/bench-operations.ts): requests/s and p99 latency of the
 * endpoints the dashboard polls, on a real server with the demo catalogue, loaded by autocannon.
 *
 * Polled answers (issue 15, scripts/bench-polls.ts): every GET of product spec §7 alone at 16
 * connections with a browser's headers, fresh (200) and revalidated (304): requests/s and p99
 * against ≥ 10,000 req/s and p99 < 10 ms.
 *
 * Polls during the Orbital Drag rebuilds (issue 30 item 9, scripts/bench-poll-rebuilds.ts): every §7 GET at once
 * while the server's clock runs fast (bench-clock.mjs), so the realtime and predictions snapshots rebuild by their
 * timers during the load: requests/s, p99 and the slowest answer per endpoint against p99 < 10 ms.
 *
 * Conjunction assessment (issue 11, scripts/bench-pc.ts): Pc3D time per conjunction (median, worst)
 * on the real CARA events, its share of the fleet screening run, importing 1,000 CDMs (CLI and API).
 *
 * CDM feed (issue 29, scripts/bench-cdm-feed.ts): a pass of the Space-Track CDM feed importing 500 cdm_public
 * messages from a loopback Space-Track over HTTP, from the pass's start (login, queries, import), target < 10 s.
 *
 * Monte Carlo Pc (issue 27, scripts/bench-pc-mc.ts): `ssa pc --mc --samples 1e7` on a real LEO event as one
 * process from its start (target < 60 s), with its Pc beside CARA's SDMC.
 *
 * Collision avoidance (issue 28, scripts/bench-avoidance.ts): `ssa cam --trade` (60 × 40 burn times × sizes,
 * target < 2 s) and `ssa cam --direction T --target-pc 1e-4` (one minimum-Δv search, target < 100 ms) on a
 * real CARA event as one process from its start, beside the work alone.
 *
 * 3D Orbital View (issue 7, scripts/bench-globe.ts): in Chromium on the dashboard, the time to first
 * draw of the whole demo catalogue and the per-frame cost of updating its positions (target < 4 ms);
 * the same for the 3D view in time (/visualization, issue 14) playing at ×1000.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BulkPropagator, EciBaseCalculator, createSingleThreadRuntime, twoline2satrec } from 'satellite.js';
import { formatTle, parseElementSets } from '../src/core/elements/index.ts';
import { createSgp4 } from '../src/core/propagation/index.ts';
import { PropagationPool } from './propagation/propagation-pool.ts';
import { allVsAllBench } from './bench-all-vs-all.ts';
import { staleBench } from './bench-stale.ts';
import { memoryBench } from './bench-memory.ts';
import { atmosphereBench } from './bench-atmosphere.ts';
import { globeBench, visualizationBench } from './bench-globe.ts';
import { operationsBench } from './bench-operations.ts';
import { pcBench } from './bench-pc.ts';
import { cdmFeedBench } from './bench-cdm-feed.ts';
import { monteCarloBench } from './bench-pc-mc.ts';
import { avoidanceBench, planBench } from './bench-avoidance.ts';
import { pollsBench } from './bench-polls.ts';
import { pollRebuildsBench } from './bench-poll-rebuilds.ts';
import { screeningBench } from './bench-screening.ts';
import { startupBench } from './bench-startup.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const catalogPath = join(root, '../shared/reference/catalog/full_catalog_3le_2023-10-09.txt');
const rows: [string, string, string][] = [];
const row = (what: string, value: string, note = '') => {
  rows.push([what, value, note]);
  console.log(`${what.padEnd(58)} ${value.padStart(16)}  ${note}`);
};
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

async function catalogueBench(): Promise<void> {
  if (!existsSync(catalogPath)) {
    console.log(`skipped: ${catalogPath} is absent (../shared/reference not beside the repository)`);
    return;
  }
  const text = readFileSync(catalogPath, 'utf8');
  let t = performance.now();
  const { sets, rejected } = parseElementSets(text);
  row('parse real catalogue (3LE)', `${(performance.now() - t).toFixed(0)} ms`, `${sets.length} sets, ${rejected.length} rejected`);
  t = performance.now();
  for (const s of sets) createSgp4(s);
  row('initialise SGP4 for every object', `${(performance.now() - t).toFixed(0)} ms`);
  const tles = sets.map((s) => {
    const { line1, line2 } = formatTle(s);
    return [line1, line2] as [string, string];
  });

  const start = Date.UTC(2023, 9, 9);
  const stepMs = 60_000;
  const steps = 1441; // one day at 60 s, both ends included
  const work = tles.length * steps;

  // satellite.js BulkPropagator, one thread, the same work.
  const runtime = await createSingleThreadRuntime();
  const satrecs = tles.map(([a, b]) => twoline2satrec(a, b));
  const perRun = Math.max(1, Math.floor(2_000_000 / satrecs.length));
  const propagator = new BulkPropagator({ runtime, calculators: [new EciBaseCalculator()], satRecsCount: satrecs.length, datesCount: perRun });
  propagator.setSatRecs(satrecs);
  t = performance.now();
  let checksum = 0;
  for (let first = 0; first < steps; first += perRun) {
    const count = Math.min(perRun, steps - first);
    propagator.setDates(Array.from({ length: count }, (_, k) => new Date(start + (first + k) * stepMs)));
    propagator.run();
    const { position, error } = propagator.getRawOutput().eci;
    for (let i = 0; i < satrecs.length * count; i++) if (error[i] === 0) checksum += position[3 * i] ?? 0;
  }
  const bulkRate = work / ((performance.now() - t) / 1000);
  propagator.dispose();
  row('satellite.js BulkPropagator, 1 thread', `${fmt(bulkRate)} /s`, `${fmt(work)} propagations`);

  const pool = new PropagationPool();
  await pool.load(tles);
  const result = await pool.span(start, stepMs, steps);
  await pool.close();
  const total = result.propagations / (result.ms / 1000);
  row(`our pool, ${pool.size} workers: total`, `${fmt(total)} /s`, `wall ${result.ms.toFixed(0)} ms`);
  row('our pool: per core', `${fmt(total / pool.size)} /s`, `${((total / pool.size / bulkRate) * 100).toFixed(0)} % of BulkPropagator single-thread`);
  const agree = Math.abs(result.checksum - checksum) / checksum;
  row('pool vs single-thread checksum (relative)', agree.toExponential(1), 'same positions');
}

async function startTime(dataDir: string): Promise<number> {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const started = performance.now();
  const child = spawn(process.execPath, ['bin/ssa.js', 'serve'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

async function startBench(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'dataforge-bench-'));
  try {
    row('first start with the demo catalogue (50,000 objects)', `${(await startTime(dir) / 1000).toFixed(1)} s`, 'target < 30 s');
    row('later start', `${(await startTime(dir) / 1000).toFixed(1)} s`, 'target < 10 s');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await catalogueBench();
if (existsSync(catalogPath)) await screeningBench(row);
await startupBench(row);
await allVsAllBench(row);
await staleBench(row);
{
  const m = await memoryBench(72);
  row('Catalogue-wide run, 72 h of the demo catalogue: server peak resident (VmHWM)', `${m.runPeakGb.toFixed(2)} GB`, `target < 1.5 GB; start-up ${m.startupPeakGb.toFixed(2)} GB; ${m.conjunctions.toLocaleString('en-US')} conjunctions of ${m.objects.toLocaleString('en-US')} objects in ${m.runSeconds.toFixed(0)} s`);
}
await pcBench(row);
await cdmFeedBench(row);
await monteCarloBench(row);
await avoidanceBench(row);
await planBench(row);
atmosphereBench(row);
await startBench();
await operationsBench(row);
await pollsBench(row);
await pollRebuildsBench(row);
await globeBench(row);
await visualizationBench(row);
