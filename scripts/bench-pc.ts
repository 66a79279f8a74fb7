/**
 * Conjunction-assessment benchmarks (issue 11 item 7), called by scripts/bench.ts; also runs alone:
 * `npx tsx scripts/bench-pc.ts`.
 *
 *  - Pc3D (Hall 3D-Nc) time per conjunction: the 28 real CARA events of
 *    ../shared/reference/pc/pc_cases.json, every one of them, whether or not the product would run
 *    3D-Nc for it (it does only where the 2D method is flagged), each started from the bounds the
 *    product would start it from (pc3dInitialBounds of probability/pc-multistep.ts: Coppola's, or
 *    the whole encounter segment where the 2D tests find the encounter extended or offset or cannot
 *    run), warm (a first pass compiles the code): median and worst.
 *  - The risk step's share of a fleet screening run, an upper bound on Pc3D's: the screening
 *    benchmark's job (the fleet against the real catalogue, 48 h, 5 km; scripts/bench-screening.ts)
 *    on the worker pool, warm; then every conjunction of that run for which the product computed a
 *    2D-Nc or 3D-Nc value goes through the whole risk step again here (assessRisk: 2D Pc,
 *    usage-violation tests, 2D-Nc, 3D-Nc, Alfano's maximum), timed, on one thread. Share = that total ÷ the run's wall time
 *    (conservative twice: it counts the 2D work beside 3D-Nc, and in the run the work is spread over
 *    the workers). Target < 10 %.
 *  - Importing 1,000 CDMs: the 27 CARA messages repeated with new MESSAGE_IDs (15 of 27 go
 *    beyond the 2D Pc, 13 to 2D-Nc and 2 to 3D-Nc: far more than a real stream), (a) `ssa cdm import FILE` as one process from its start on
 *    an existing embedded database, and again on first use, when it also creates the database;
 *    (b) POST /api/cdm/import to a running server. Target < 10 s.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseElementSets } from '../src/core/elements/index.ts';
import { pc3d, pc3dInitialBounds, usageViolationsPc2d, type Pc3dInput } from '../src/core/probability/index.ts';
import { catalogVersionOf } from '../src/server/screening/catalog-version.ts';
import { runScreening, screeningJob } from '../src/server/screening/run-screening.ts';
import { ScreeningPool } from '../src/server/workers/screening/screening-pool.ts';
import { FLEET } from './bench-screening.ts';
import { startBenchServer } from './bench-server.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const REFERENCE = fileURLToPath(new URL('../../shared/reference/', import.meta.url));
const CASES = `${REFERENCE}pc/pc_cases.json`;
const CARA = `${REFERENCE}cdm/cara/`;
const CATALOG = `${REFERENCE}catalog/full_catalog_3le_2023-10-09.txt`;

type Row = (what: string, value: string, note?: string) => void;
const ms = (x: number) => `${x.toFixed(1)} ms`;

/** The bounds the product starts 3D-Nc from (pc-multistep.ts), from the 2D method's usage-violation indicators. */
function boundsFor(input: Pc3dInput): 'segment' | 'coppola' {
  return pc3dInitialBounds(usageViolationsPc2d(input).indicators);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

async function perConjunction(row: Row): Promise<void> {
  const cases = (JSON.parse(readFileSync(CASES, 'utf8')) as { cases: { id: string; r1: number[]; v1: number[]; C1: number[][]; r2: number[]; v2: number[]; C2: number[][]; hbr_m: number }[] }).cases.filter((c) => c.id.startsWith('cara_cdm_') || c.id === 'cara_pc3d_hall_example1');
  const inputs = cases.map((c) => {
    const input: Pc3dInput = { r1M: c.r1, v1MPerS: c.v1, cov1: c.C1, r2M: c.r2, v2MPerS: c.v2, cov2: c.C2, hbrM: c.hbr_m };
    return { input, bounds: boundsFor(input) };
  });
  for (const { input, bounds } of inputs) pc3d(input, { initialBounds: bounds });
  const times = inputs.map(({ input, bounds }) => {
    const t = performance.now();
    pc3d(input, { initialBounds: bounds });
    return performance.now() - t;
  });
  const sorted = [...times].sort((a, b) => a - b);
  row(`Pc3D per conjunction: ${times.length} real CARA events, median`, ms(percentile(sorted, 0.5)), 'all events, flagged or not; warm, one thread');
  row('Pc3D per conjunction: worst', ms(sorted.at(-1)!), `90th percentile ${ms(percentile(sorted, 0.9))}`);
}

async function fleetShare(row: Row): Promise<void> {
  if (!existsSync(CATALOG)) {
    row('risk step share of a fleet screening run', 'skipped', `${CATALOG} is absent`);
    return;
  }
  const catalog = catalogVersionOf(parseElementSets(readFileSync(CATALOG, 'utf8')).sets);
  const pool = new ScreeningPool();
  try {
    await pool.loadCatalog(catalog.version, catalog.sets);
    const job = () => screeningJob(catalog, FLEET, '2023-10-09T00:00:00.000Z', '2023-10-11T00:00:00.000Z', 5);
    await runScreening(pool, catalog, job());
    const t = performance.now();
    const report = await runScreening(pool, catalog, job());
    const runMs = performance.now() - t;
    const with3d = report.conjunctions.filter((c) => c.risk.nc2d !== null || c.risk.pc3d !== null || c.risk.violations.some((v) => v.method !== '2D-Pc'));
    // Each again through the whole risk step, timed: the same covariances (the element-set model's 6×6).
    const { assessRisk, riskSubjectOf } = await import('../src/core/screening/index.ts');
    const byId = new Map(catalog.sets.map((s) => [s.norad, s]));
    let riskMs = 0;
    const flagged = report.conjunctions.filter((c) => c.risk.violations.length > 0).length;
    for (const c of with3d) {
      const subject = (n: number) => riskSubjectOf(byId.get(n)!);
      const t0 = performance.now();
      assessRisk(c.approach, subject(c.approach.primary), subject(c.approach.secondary));
      riskMs += performance.now() - t0;
    }
    row(
      `fleet run (${FLEET.length} primaries × ${catalog.sets.length.toLocaleString('en-US')}, 48 h, 5 km)`,
      ms(runMs),
      `${report.conjunctions.length} conjunctions, ${report.proximities.length} proximities, ${flagged} flagged by the 2D tests, ${with3d.length} with 3D-Nc`,
    );
    row('risk step (2D, tests, 3D-Nc) of those conjunctions: share of that run', `${((100 * riskMs) / runMs).toFixed(1)} %`, `${ms(riskMs)} on one thread, an upper bound on Pc3D's share; target < 10 %`);
  } finally {
    await pool.close();
  }
}

async function importBench(row: Row): Promise<void> {
  const files = readdirSync(CARA).filter((f) => f.endsWith('.cdm')).sort();
  const texts = files.map((f) => readFileSync(`${CARA}${f}`, 'utf8'));
  let body = '';
  for (let i = 0; i < 1000; i += 1) body += `${texts[i % texts.length]!.replace(/^MESSAGE_ID\s*=\s*(.*)$/m, (_m, id: string) => `MESSAGE_ID = ${id.trim()}_${String(i).padStart(4, '0')}`)}\n`;
  const dir = await mkdtemp(join(tmpdir(), 'dataforge-bench-cdm-'));
  try {
    const file = join(dir, '1000.cdm');
    await writeFile(file, body);
    const ssa = async (args: string[], dataDir: string): Promise<{ code: number; ms: number }> => {
      const t = performance.now();
      const code = await new Promise<number>((resolve, reject) => {
        const child = spawn(process.execPath, ['bin/ssa.js', ...args, '--data-dir', dataDir], {
          cwd: root,
          env: { ...process.env, DEMO_CATALOG: 'off', DATABASE_URL: '', LOG_LEVEL: 'warn' },
          stdio: ['ignore', 'ignore', 'inherit'],
        });
        child.on('error', reject);
        child.on('exit', (c) => resolve(c ?? 1));
      });
      return { code, ms: performance.now() - t };
    };
    const figure = (r: { code: number; ms: number }) => (r.code === 0 ? `${(r.ms / 1000).toFixed(2)} s` : `exit ${r.code}`);
    // As an operator meets it: the database exists (the server or an earlier import made it).
    const existing = join(dir, 'data');
    await ssa(['catalog', 'stats'], existing);
    row('import 1,000 CDMs: ssa cdm import, one process from its start', figure(await ssa(['cdm', 'import', file], existing)), 'existing embedded database; target < 10 s');
    // The very first use also creates the embedded database (initdb and every migration).
    row('  the same on first use (creates the embedded database)', figure(await ssa(['cdm', 'import', file], join(dir, 'fresh'))), 'one-time database creation included');

    const server = await startBenchServer('dataforge-bench-cdm-server-', { DEMO_CATALOG: 'off', SCREENING: 'off' });
    try {
      const t2 = performance.now();
      const res = await fetch(`${server.base}/api/cdm/import?name=1000.cdm`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body });
      const result = (await res.json()) as { imported: unknown[]; rejected: unknown[] };
      const apiMs = performance.now() - t2;
      row('import 1,000 CDMs: POST /api/cdm/import to a running server', `${(apiMs / 1000).toFixed(2)} s`, `${result.imported.length} imported, ${result.rejected.length} rejected; target < 10 s`);
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function pcBench(row: Row): Promise<void> {
  if (!existsSync(CASES) || !existsSync(CARA)) {
    row('conjunction assessment benchmarks', 'skipped', `${REFERENCE} is absent`);
    return;
  }
  await perConjunction(row);
  await fleetShare(row);
  await importBench(row);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await pcBench((what, value, note = '') => console.log(`${what.padEnd(72)} ${value.padStart(18)}  ${note}`));
}
