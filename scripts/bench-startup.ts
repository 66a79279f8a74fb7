/**
 * Start-up benchmark (issue 15 item 2), called by scripts/bench.ts; also runs alone:
 * `npx tsx scripts/bench-startup.ts`.
 *
 * Measured the way a user meets the CLI: `node bin/ssa.js …` spawned, wall time from spawn to
 * exit, on the compiled build (scripts/build-node.mjs, made fresh first so no run includes a
 * rebuild):
 *  - `ssa --help`, median of 9 spawns (target < 0.3 s), beside the same through tsx from the
 *    sources (SSA_FROM_SOURCE=1), which is how every start ran before the build;
 *  - `ssa screen --help`: node, the build's freshness check and the screen command's modules, i.e.
 *    the fixed start-up of a screening run;
 *  - `ssa screen` of 12 primaries (the twelve Israeli objects of the 2023 file, README of
 *    ../shared/reference/catalog: the fleet of scripts/bench-screening.ts plus TAUSAT-2 55073 and
 *    SHAVIT R/B 56084) against the whole real catalogue (26,140 objects), 48 h from
 *    2023-10-09T00:00Z at 5 km, as one process on this machine's cores: median of 3 runs, and
 *    when that run reported each stage (--progress on stderr) and the CPU it used (its main thread
 *    and the others: the worker, V8's compiler and GC threads), to show where the time goes;
 *  - in the same run, satellite.js's WASM BulkPropagator propagating the whole catalogue on one
 *    thread at 60 s steps over the same 48 h (2,881 instants, scripts/bench-screening.ts `baselineMs`,
 *    best of 2), and the ratio propagation ÷ screening (target ≥ 20×).
 * Other work on the machine slows every figure: the 1-minute load average is printed with them.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseElementSets } from '../src/core/elements/index.ts';
import { SCREENING_STAGES } from '../src/core/screening/index.ts';
import { catalogVersionOf } from '../src/server/screening/catalog-version.ts';
import { baselineMs, FLEET } from './bench-screening.ts';
import { cpuSeconds } from './bench-server.ts';

type Row = (what: string, value: string, note?: string) => void;

const root = fileURLToPath(new URL('..', import.meta.url));
const CATALOG = fileURLToPath(new URL('../../shared/reference/catalog/full_catalog_3le_2023-10-09.txt', import.meta.url));
export const PRIMARIES = [...FLEET, 55073, 56084];
const START = '2023-10-09T00:00:00Z';
const END = '2023-10-11T00:00:00Z';
const HELP_RUNS = 9;
const SCREEN_RUNS = 3;

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
const load = () => loadavg()[0]!.toFixed(2);

/** CPU seconds of a running process and of its main thread, read from /proc (Linux); undefined elsewhere. */
interface CpuSample {
  readonly total: number;
  readonly mainThread: number;
}

function cpuSample(pid: number | undefined): CpuSample | undefined {
  const total = cpuSeconds(pid);
  // /proc/<pid>/task/<pid> is the main thread; the others are the worker threads and V8's compiler and GC threads.
  const mainThread = pid === undefined ? undefined : cpuSeconds(`${pid}/task/${pid}`);
  return total === undefined || mainThread === undefined ? undefined : { total, mainThread };
}

/** How often the CPU of a timed run is read: its last reading is at most this long before the exit. */
const CPU_SAMPLE_MS = 10;

/**
 * Wall time of `node bin/ssa.js args` from spawn to exit, with its stdout, each stderr line with
 * its time from spawn, and its CPU seconds as last read before the exit (Linux); throws on a
 * non-zero exit.
 */
async function timed(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ ms: number; stdout: string; stderr: { ms: number; line: string }[]; cpu?: CpuSample }> {
  const t = performance.now();
  const child = spawn(process.execPath, ['bin/ssa.js', ...args], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let cpu: CpuSample | undefined;
  const sampler = setInterval(() => {
    cpu = cpuSample(child.pid) ?? cpu;
  }, CPU_SAMPLE_MS);
  const out: Buffer[] = [];
  const err: { ms: number; line: string }[] = [];
  child.stdout.on('data', (d: Buffer) => out.push(d));
  child.stderr.on('data', (d: Buffer) => {
    const ms = performance.now() - t;
    for (const line of d.toString('utf8').split('\n')) if (line) err.push({ ms, line });
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  const ms = performance.now() - t;
  clearInterval(sampler);
  if (code !== 0) throw new Error(`ssa ${args.join(' ')} exited with ${code}: ${err.slice(-3).map((e) => e.line).join(' | ')}`);
  return { ms, stdout: Buffer.concat(out).toString('utf8'), stderr: err, ...(cpu ? { cpu } : {}) };
}

/** From `ssa screen --progress` lines: when each stage was first reported, s from spawn. */
function stageMarks(stderr: { ms: number; line: string }[], exitMs: number): string {
  const marks: string[] = [];
  for (const stage of SCREENING_STAGES) {
    const first = stderr.find((e) => e.line.startsWith(`ssa screen: ${stage.title} (`));
    if (first) marks.push(`${stage.id} ${(first.ms / 1000).toFixed(2)}`);
  }
  return [...marks, `exit ${(exitMs / 1000).toFixed(2)}`].join(' · ');
}

async function spawns(runs: number, args: string[], env: NodeJS.ProcessEnv = {}): Promise<number[]> {
  const ms: number[] = [];
  for (let k = 0; k < runs; k += 1) ms.push((await timed(args, env)).ms);
  return ms;
}

export async function startupBench(row: Row): Promise<void> {
  const built = spawnSync(process.execPath, ['scripts/build-node.mjs'], { cwd: root, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`scripts/build-node.mjs failed: ${built.stderr}`);

  const help = await spawns(HELP_RUNS, ['--help']);
  row('ssa --help (compiled build)', seconds(median(help)), `median of ${HELP_RUNS} spawns (${seconds(Math.min(...help))} – ${seconds(Math.max(...help))}); target < 0.3 s; load ${load()}`);
  const fromSource = await spawns(3, ['--help'], { SSA_FROM_SOURCE: '1' });
  row('ssa --help from the sources through tsx (SSA_FROM_SOURCE=1)', seconds(median(fromSource)), 'median of 3 spawns; before the build every start went this way, and loaded every command: 1.0 s');
  const screenHelp = await spawns(HELP_RUNS, ['screen', '--help']);
  row('ssa screen --help (start-up of a screening run)', seconds(median(screenHelp)), `median of ${HELP_RUNS}: node, build check, the screen command's modules`);

  if (!existsSync(CATALOG)) {
    row('ssa screen start-up benchmark', 'skipped', `${CATALOG} is absent (../shared/reference not beside the repository)`);
    return;
  }
  const args = ['screen', '--catalog', CATALOG, '--primary', PRIMARIES.join(','), '--start', START, '--end', END, '--threshold-km', '5', '--progress'];
  const runs: Awaited<ReturnType<typeof timed>>[] = [];
  for (let k = 0; k < SCREEN_RUNS; k += 1) runs.push(await timed(args));
  const middle = [...runs].sort((a, b) => a.ms - b.ms)[runs.length >> 1]!;
  const screenMs = middle.ms;
  const conjunctions = (JSON.parse(middle.stdout) as { conjunctions: unknown[] }).conjunctions.length;
  row(
    `ssa screen: ${PRIMARIES.length} primaries × whole catalogue, 48 h, 5 km, one process`,
    seconds(screenMs),
    `median of ${SCREEN_RUNS} (${runs.map((r) => seconds(r.ms)).join(', ')}), ${availableParallelism()} cores, ${conjunctions} conjunctions; load ${load()}`,
  );
  // 'prepare' is reported once the catalogue is read, parsed and named; 'tle' once the workers hold it.
  row('ssa screen: stages first reported (--progress), s from spawn', '', stageMarks(middle.stderr, screenMs));
  if (middle.cpu) {
    // How busy the machine was: on 2 cores the run is bound by CPU, a third of it V8 compiling (ARCHITECTURE.md, "How the code runs").
    const { total, mainThread } = middle.cpu;
    const share = Math.round((100 * total) / ((screenMs / 1000) * availableParallelism()));
    row('ssa screen: CPU (user + system, /proc)', `${total.toFixed(2)} s`, `main thread ${mainThread.toFixed(2)} s, other threads (worker, V8's compiler and GC) ${(total - mainThread).toFixed(2)} s: ${share} % of ${availableParallelism()} cores over the run`);
  }

  const catalog = catalogVersionOf(parseElementSets(readFileSync(CATALOG, 'utf8')).sets);
  const baselines = [await baselineMs(catalog), await baselineMs(catalog)];
  const baseline = Math.min(...baselines.map((b) => b.ms));
  row('propagation: whole catalogue at 60 s over 48 h, BulkPropagator 1 thread', seconds(baseline), `${baselines[0]!.propagations.toLocaleString('en-US')} propagations, best of 2`);
  row('propagation ÷ ssa screen (one process, from its start)', `${(baseline / screenMs).toFixed(1)}×`, 'target ≥ 20×');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await startupBench((what, value, note = '') => console.log(`${what.padEnd(72)} ${value.padStart(10)}  ${note}`));
}
