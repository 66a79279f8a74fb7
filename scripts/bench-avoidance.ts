/**
 * Collision-avoidance benchmarks (issue 28 item 8), called by scripts/bench.ts; also runs alone:
 * `npx tsx scripts/bench-avoidance.ts`.
 *
 * Measured the way a user meets them: `node bin/ssa.js cam FILE.cdm …` spawned on the compiled
 * build, wall time from spawn to exit, on a real CARA event (TERRA vs 37558, Pc 2.12e-2, the
 * repository's tests/reference/cdm/cara). Each is run three times; the median is reported, beside
 * the time of `ssa cam --help` (the process start-up every command pays), and the work alone timed
 * inside one process (warm).
 *  - The trade space: 60 burn times (10 min to 3 orbits before TCA) × 40 sizes (5 mm/s to 0.2 m/s,
 *    along-track), with the minimum-Δv curve for 1e-4, 1e-6 and 1e-7. Target < 2 s.
 *  - One minimum-Δv search (along-track, one orbit ahead, to 1e-4), polished on the full
 *    propagation. Target < 100 ms.
 *  - A plan screened against the real catalogue (../shared/reference, 2023-10-09, 26,140 objects),
 *    and against 50,000 (that catalogue and 23,860 demo objects generated for the same day):
 *    TECHSAT 1B after a 5 cm/s along-track burn, 7 days at 5 km, through the plan runner as the
 *    server runs it (workers/plan/plan-runner.ts TrackPool: one thread per core, kept between plans,
 *    each holding its share of the catalogue and the share's SGP4 models, then merged), wall time,
 *    median of 3: "warm", a plan on a pool that has screened one on the same catalogue version (as
 *    a server meets its second plan: only the plan's own fields are sent, no thread or SGP4 start);
 *    beside it the pool's first plan (threads started, shares cloned, SGP4 started) and "cold", a plan
 *    on threads of its own (the runner without a pool), the slowest share's SGP4 start and screening,
 *    each thread's CPU time (which other work on the machine does not inflate) and the load average,
 *    one thread's times, and for 50,000 the floor: one thread's CPU time / cores, and a warm thread's
 *    per share. Target < 5 s for 50,000 objects (warm).
 *  - Reading a 7-day, 60 s OEM with a covariance at every state (10,081 states): readOem. Target < 1 s.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import os, { availableParallelism } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { avoidanceModel, leadBasis, minimumDv, polishMinimumDv, tradeSpace } from '../src/core/avoidance/index.ts';
import { DEMO_CATALOG_SIZE, DEMO_FIRST_NORAD, generateDemoCatalog, objectTypeFromName, type ObjectType } from '../src/core/catalog/index.ts';
import { parseElementSets, type ElementSet } from '../src/core/elements/index.ts';
import { readOem, writeOem } from '../src/core/ephemeris/index.ts';
import { createSgp4, propagateAt } from '../src/core/propagation/index.ts';
import { utcMs } from '../src/core/units.ts';
import { planSubjects, screenPlanShare } from '../src/server/screening/plan-screening.ts';
import type { PlanJob, ShareTimings } from '../src/server/workers/plan/plan-protocol.ts';
import { runPlanScreening, shareCatalogue, TrackPool, type PlanOutcome } from '../src/server/workers/plan/plan-runner.ts';
import { threadCpuMs } from '../src/server/workers/plan/thread-cpu.ts';
import { estimateFromCdm, readCdm } from '../src/core/cdm/index.ts';
import { CARA_CDM_DIR } from '../tests/reference/index.ts';
import { run } from './bench-pc-mc.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const CDM = `${CARA_CDM_DIR}000025994_conj_000037558_20210324_151047_20210323_154356.cdm`;

type Row = (what: string, value: string, note?: string) => void;

async function median(args: string[]): Promise<{ ms: number; stdout: string }> {
  const runs = [];
  for (let i = 0; i < 3; i += 1) runs.push(await run(args));
  runs.sort((a, b) => a.ms - b.ms);
  return runs[1]!;
}

export async function avoidanceBench(row: Row): Promise<void> {
  const built = spawnSync(process.execPath, ['scripts/build-node.mjs'], { cwd: root, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`build failed: ${built.stderr}`);
  const help = await median(['cam', '--help']);

  const trade = await median(['cam', CDM, '--trade', '--lead-steps', '60', '--dv-steps', '40', '--max-dv', '0.2', '--max-lead-orbits', '3', '--min-lead', '600']);
  const grid = (JSON.parse(trade.stdout) as { trade: { collisionProbability: (number | null)[][]; minimumDv: { targetPc: number; dvMps: number | null }[] } }).trade;
  const cells = grid.collisionProbability.flat().length;
  const reached = grid.minimumDv.filter((m) => m.targetPc === 1e-4 && m.dvMps !== null).map((m) => m.dvMps!);

  // In one process, warm: the work alone.
  const e = estimateFromCdm(readCdm(readFileSync(CDM, 'utf8')), { defaultHbrM: 20 });
  const encounter = { primary: { rM: e.primary.rM, vMPerS: e.primary.vMPerS, cov: e.primary.covariance }, secondary: { rM: e.secondary.rM, vMPerS: e.secondary.vMPerS, cov: e.secondary.covariance }, hbrM: e.hbrM };
  const probe = avoidanceModel(encounter, { maxLeadS: 1 });
  const maxLead = 3 * probe.periodS;
  const leads = Array.from({ length: 60 }, (_, i) => 600 + ((maxLead - 600) * i) / 59);
  const dvs = Array.from({ length: 40 }, (_, j) => (0.2 * (j + 1)) / 40);
  const model = avoidanceModel(encounter, { maxLeadS: maxLead });
  tradeSpace(model, { leadTimesS: leads.slice(0, 2), dvMagnitudesMps: dvs, direction: 'T' });
  let t = performance.now();
  tradeSpace(model, { leadTimesS: leads, dvMagnitudesMps: dvs, direction: 'T', targets: [1e-4, 1e-6, 1e-7] });
  const tradeWarm = performance.now() - t;
  row(
    'Avoidance trade space 60 × 40 (ssa cam --trade, one process from spawn)',
    `${(trade.ms / 1000).toFixed(2)} s`,
    `median of 3; ${cells} cells, each a closest-approach search and the product's Pc; minimum Δv for 1e-4 from ${Math.min(...reached).toFixed(4)} to ${Math.max(...reached).toFixed(4)} m/s; ` +
      `the work alone ${(tradeWarm / 1000).toFixed(2)} s warm in one process; process start (ssa cam --help) ${(help.ms / 1000).toFixed(2)} s; target < 2 s`,
  );

  const one = await median(['cam', CDM, '--burn-before-tca', String(Math.round(probe.periodS)), '--direction', 'T', '--target-pc', '1e-4']);
  const found = JSON.parse(one.stdout) as { requiredDvMps: number; after: { collisionProbability: number } };
  const m = () => polishMinimumDv(model, minimumDv(model, leadBasis(model, probe.periodS), 'T', 1e-4, 0.2));
  m();
  const times: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    t = performance.now();
    m();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  row(
    'Minimum-Δv search to Pc 1e-4 (ssa cam --direction T --target-pc 1e-4, one process from spawn)',
    `${one.ms.toFixed(0)} ms`,
    `median of 3; ${found.requiredDvMps.toFixed(5)} m/s along-track one orbit ahead gives Pc ${found.after.collisionProbability.toExponential(3)}; ` +
      `the search alone ${times[2]!.toFixed(1)} ms warm (median of 5), the rest is the process start (${help.ms.toFixed(0)} ms); target < 100 ms`,
  );
}

const CATALOG = fileURLToPath(new URL('../../shared/reference/catalog/full_catalog_3le_2023-10-09.txt', import.meta.url));
const DAY_MS = 86_400_000;

/**
 * One plan screening through the plan runner, on `pool` as the server runs it, or on threads of
 * its own: the wall time; the slowest share's SGP4 start and screening (wall); each thread's CPU
 * time (slowest, and summed), which a busy machine does not inflate.
 */
async function timedPlan(job: PlanJob, threads: number, pool?: TrackPool): Promise<{ wallMs: number; initMs: number; screenMs: number; cpuMs: number; cpuSumMs: number; outcome: PlanOutcome }> {
  const shares: ShareTimings[] = [];
  const t = performance.now();
  const outcome = await runPlanScreening(job, undefined, { threads, ...(pool ? { pool } : {}), onShare: (x) => shares.push(x.ms) });
  const wallMs = performance.now() - t;
  const slowest = shares.reduce((x, y) => ((x.initMs ?? 0) + x.screenMs >= (y.initMs ?? 0) + y.screenMs ? x : y));
  const cpu = shares.map((x) => x.cpuMs ?? Number.NaN);
  return { wallMs, initMs: slowest.initMs ?? 0, screenMs: slowest.screenMs, cpuMs: Math.max(...cpu), cpuSumMs: cpu.reduce((x, y) => x + y, 0), outcome };
}

/** This thread's CPU time over f, ms (as the track workers measure theirs). */
function cpuOf(f: () => void): number {
  const c = threadCpuMs() ?? Number.NaN;
  f();
  return (threadCpuMs() ?? Number.NaN) - c;
}

/**
 * The real catalogue and 23,860 objects of the demo catalogue (core/catalog, generated for the
 * same day, ids from 200,000 up, each object's newest element set): 50,000 objects.
 */
function fiftyThousand(real: readonly ElementSet[], start: number): { sets: ElementSet[]; objectTypes: Record<number, ObjectType>; names: Record<number, string> } {
  const demo = generateDemoCatalog({ now: utcMs(start), size: DEMO_CATALOG_SIZE, historyObjects: 0 });
  const newest = new Map<number, ElementSet>();
  for (const set of demo.sets) if (set.norad >= DEMO_FIRST_NORAD) newest.set(set.norad, set);
  const extra = [...newest.values()].slice(0, 50_000 - real.length);
  const byId = new Map(demo.objects.map((o) => [o.noradId, o]));
  return {
    sets: [...real, ...extra],
    objectTypes: Object.fromEntries(extra.map((s) => [s.norad, byId.get(s.norad)!.objectType])),
    names: Object.fromEntries(extra.map((s) => [s.norad, byId.get(s.norad)!.name])),
  };
}

export async function planBench(row: Row): Promise<void> {
  if (!existsSync(CATALOG)) {
    row('Plan screened against the catalogue', 'skipped', `${CATALOG} is absent`);
    return;
  }
  const sets = parseElementSets(readFileSync(CATALOG, 'utf8')).sets;
  const reference = sets.find((s) => s.norad === 25397)!;
  const objectTypes = Object.fromEntries(sets.map((s) => [s.norad, objectTypeFromName(s.name ?? '')]));
  const names = Object.fromEntries(sets.map((s) => [s.norad, s.name ?? String(s.norad)]));
  const start = Date.UTC(2023, 9, 9, 12);
  const job: PlanJob = {
    reference,
    catalogue: sets,
    objectTypes,
    names,
    burnMs: start,
    dvRtnMps: [0, 0.05, 0],
    windowStartMs: start,
    windowEndMs: start + 7 * DAY_MS,
    thresholdKm: 5,
    targetPc: 1e-4,
    event: { secondary: 41423, tcaMs: start + DAY_MS, missKm: 4, pc: 1e-6, pcMethod: 'pc2d' },
  };
  const cores = availableParallelism();
  // This process has run a plan once (its modules loaded, tsx's transforms cached). A plan on
  // threads of its own ("cold") pays each thread's start, SGP4 start and V8 warm-up; a plan on a
  // pool that has run one on the same catalogue version ("warm") pays none of them.
  await runPlanScreening({ ...job, windowEndMs: start + DAY_MS });
  const starts: number[] = [];
  for (let i = 0; i < 3; i += 1) starts.push((await timedPlan({ ...job, catalogue: [reference, sets.find((x) => x.norad === 41423)!], windowEndMs: start + DAY_MS }, cores)).wallMs);
  starts.sort((x, y) => x - y);
  const threadStartMs = starts[1]!;

  const fifty = fiftyThousand(sets, start);
  const catalogues = [
    { label: 'the real 2023-10-09 catalogue', job },
    { label: `the real catalogue and ${(fifty.sets.length - sets.length).toLocaleString('en-US')} demo objects of the same day`, job: { ...job, catalogue: fifty.sets, objectTypes: { ...objectTypes, ...fifty.objectTypes }, names: { ...names, ...fifty.names } } },
  ];
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const load = () => os.loadavg()[0]!.toFixed(1);
  for (const [c, { label, job: j }] of catalogues.entries()) {
    const n = j.catalogue.length;
    const one = await timedPlan(j, 1);
    const median = async (timed: () => ReturnType<typeof timedPlan>) => {
      const runs = [];
      for (let i = 0; i < 3; i += 1) runs.push(await timed());
      runs.sort((x, y) => x.wallMs - y.wallMs);
      return runs[1]!;
    };
    const cold = await median(() => timedPlan(j, cores));
    // As a server meets its plans: a pool kept between them, the catalogue named by a key (the catalogue service's change count).
    const pool = new TrackPool({ threads: cores });
    const keyed = { ...j, catalogueKey: `bench:${c}` };
    let first;
    let many;
    try {
      first = await timedPlan(keyed, cores, pool);
      many = await median(() => timedPlan(keyed, cores, pool));
      if (pool.loads !== 1) throw new Error(`the pool loaded the catalogue ${pool.loads} times`);
    } finally {
      await pool.close();
    }
    for (const [what, x] of [['cold', cold], ['the pool\'s first', first], ['warm', many]] as const) {
      if (JSON.stringify(x.outcome) !== JSON.stringify(one.outcome)) throw new Error(`the ${what} plan on ${cores} threads differs from the plan on one (${label})`);
    }
    row(
      `Plan screened against ${n.toLocaleString('en-US')} objects (runPlanScreening on a TrackPool, 7 days, 5 km, ${cores} threads, warm: the pool's second plan on the catalogue, wall)`,
      s(many.wallMs),
      `${label}; TECHSAT 1B after 5 cm/s along-track: ${many.outcome.result.conjunctions.length} conjunctions, the same as on one thread; median of 3; load average ${load()} on ${cores} cores. ` +
        `Warm, as the server meets its second plan: the threads kept, each holding its share of the catalogue and its SGP4 models, only the plan's own fields sent; the slowest share's screening ${s(many.screenMs)} (wall), each thread's CPU time ${s(many.cpuMs)} at most, ${s(many.cpuSumMs)} summed. ` +
        `The pool's first plan: ${s(first.wallMs)} (${cores} threads started, the catalogue cloned to them in shares, SGP4 start ${s(first.initMs)} in the slowest share, screening ${s(first.screenMs)}). ` +
        `Cold, on threads of the plan's own (a 2-object plan takes ${s(threadStartMs)} to start them from the sources, through tsx): ${s(cold.wallMs)} (median of 3; SGP4 start ${s(cold.initMs)}, screening ${s(cold.screenMs)} in the slowest share, CPU ${s(cold.cpuMs)} at most). ` +
        `One thread, as before: ${s(one.wallMs)} wall (SGP4 start ${s(one.initMs)}, screening ${s(one.screenMs)}), CPU ${s(one.cpuMs)}; target < 5 s for 50,000 objects (warm)`,
    );
    if (n !== 50_000) continue;
    // The floor on this machine: one thread's work spread evenly over the cores; in fresh threads
    // (the runner's) and in a thread whose V8 has compiled the screener (this one, after a plan).
    screenPlanShare({ ...j, windowEndMs: start + DAY_MS });
    const warm = shareCatalogue(j.catalogue, cores).map((catalogue) => {
      let prepared: ReturnType<typeof planSubjects> | undefined;
      const initMs = cpuOf(() => (prepared = planSubjects(catalogue)));
      return { initMs, screenMs: cpuOf(() => screenPlanShare({ ...j, catalogue }, prepared)) };
    });
    const warmMax = Math.max(...warm.map((x) => x.initMs + x.screenMs));
    const warmScreen = Math.max(...warm.map((x) => x.screenMs));
    row(
      `Plan screening of 50,000 objects on ${cores} cores, floor (CPU time / cores)`,
      s(one.cpuMs / cores),
      `one fresh thread's CPU time ${s(one.cpuMs)} (${((one.cpuMs / n) * 1000).toFixed(0)} µs an object, SGP4 start included) / ${cores}; ` +
        `cold, the runner's ${cores} fresh threads took ${s(cold.cpuMs)} of CPU at most (${s(cold.cpuSumMs)} summed), so on an idle machine its wall would be about the threads' start (${s(threadStartMs)}) + ${s(cold.cpuMs)} ≈ ${s(threadStartMs + cold.cpuMs)}; warm, the pool's threads ${s(many.cpuMs)} at most; ` +
        `in a warm thread (this one, after a plan: V8 has compiled the screener, as in a pool of threads kept between plans) each share takes ${s(warmMax)} of CPU at most, ${s(warmScreen)} without its SGP4 start (threads that kept their shares' models)`,
    );
  }

  // A 7-day, 60 s OEM of the same object with a 6×6 covariance at every state.
  const model = createSgp4(reference);
  const states = [];
  for (let k = 0; k <= 7 * 1440; k += 1) {
    const at = start + k * 60_000;
    const s = propagateAt(model, utcMs(at));
    if (s.ok) states.push({ epoch: utcMs(at), r: [s.r[0], s.r[1], s.r[2]] as const, v: [s.v[0], s.v[1], s.v[2]] as const });
  }
  const body = writeOem([{ objectName: 'TECHSAT 1B', objectId: '1998-043D', refFrame: 'EME2000', states }], { creationDate: utcMs(start), originator: 'BENCH' });
  const cov = ['1.0e-3', '1.0e-5 2.0e-3', '1.0e-6 1.0e-6 5.0e-4', '1.0e-7 1.0e-7 1.0e-7 1.0e-8', '1.0e-7 1.0e-7 1.0e-7 1.0e-9 1.0e-8', '1.0e-7 1.0e-7 1.0e-7 1.0e-9 1.0e-9 1.0e-8'];
  const blocks = ['COVARIANCE_START', ...states.flatMap((s) => [`EPOCH = ${new Date(s.epoch).toISOString().replace('Z', '')}`, 'COV_REF_FRAME = RTN', ...cov]), 'COVARIANCE_STOP', ''].join('\n');
  const text = body.trimEnd() + '\n' + blocks;
  readOem(text);
  const times: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    const t0 = performance.now();
    const oem = readOem(text);
    times.push(performance.now() - t0);
    if (oem.segments[0]!.states.length !== states.length) throw new Error('OEM read back short');
  }
  times.sort((a, b) => a - b);
  row('OEM read, 7 days at 60 s with covariance (readOem)', `${times[2]!.toFixed(0)} ms`, `${states.length.toLocaleString('en-US')} states and covariances, ${(text.length / 1e6).toFixed(1)} MB; median of 5, warm; target < 1 s`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const print = (what: string, value: string, note?: string) => console.log(`${what}: ${value}${note ? `  (${note})` : ''}`);
  await avoidanceBench(print);
  await planBench(print);
}
