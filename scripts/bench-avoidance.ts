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
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { avoidanceModel, leadBasis, minimumDv, polishMinimumDv, tradeSpace } from '../src/core/avoidance/index.ts';
import { estimateFromCdm, readCdm } from '../src/core/cdm/index.ts';
import { CARA_CDM_DIR } from '../tests/reference/index.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const CDM = `${CARA_CDM_DIR}000025994_conj_000037558_20210324_151047_20210323_154356.cdm`;

type Row = (what: string, value: string, note?: string) => void;

function run(args: string[]): Promise<{ ms: number; stdout: string }> {
  const start = performance.now();
  const child = spawn(process.execPath, ['bin/ssa.js', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  let stdout = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve({ ms: performance.now() - start, stdout }) : reject(new Error(`ssa ${args.join(' ')} exited ${code}`))));
  });
}

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

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await avoidanceBench((what, value, note) => console.log(`${what}: ${value}${note ? `  (${note})` : ''}`));
}
