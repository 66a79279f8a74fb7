/**
 * Stale element sets and deep-space resonance (issue 30 item 7), called by scripts/bench.ts; also
 * runs alone: `npx tsx scripts/bench-stale.ts`.
 *
 *  1. `ssa screen --all` on the real 2023-10-09 catalogue (26,140 objects) over 2 h of 2026-06-01,
 *     as one process from its start, with the default MAX_ELEMENT_AGE_DAYS (30): every set is some
 *     950 days from the window, so all are listed stale and none is screened. (The probe's run of
 *     such a window screened them all: one 2-h shard of 6,001 objects ran more than 7.4 min.)
 *  2. One 2-h shard of the whole catalogue on one worker thread, at the catalogue's own date
 *     (2023-10-09T00:00Z): the shard's cost as the worker measures it (SGP4 initialisation, tracks,
 *     grid and refinement), the sets more than 30 days from the window left out. Target < 10 s.
 *  3. The resonance integrator: satellite.js's `sgp4` on the catalogue's 12-h and 24-h resonant
 *     objects at 2026-06-01, sample by sample 60 s apart over 2 h, integrating from the epoch at
 *     every call (as satellite.js does) and carried along (core/propagation/resonance.ts).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sgp4 } from 'satellite.js';
import { parseElementSets } from '../src/core/elements/index.ts';
import { createSgp4, isResonant, sgp4Continued } from '../src/core/propagation/index.ts';
import { DEFAULT_MAX_ELEMENT_AGE_DAYS, windowOf, staleElementSets } from '../src/core/screening/index.ts';
import { localCatalogVersion } from '../src/server/screening/catalog-version.ts';
import { screeningJob } from '../src/server/screening/run-screening.ts';
import { ScreeningPool } from '../src/server/workers/screening/screening-pool.ts';

type Row = (what: string, value: string, note?: string) => void;

const root = fileURLToPath(new URL('..', import.meta.url));
const CATALOG = fileURLToPath(new URL('../../shared/reference/catalog/full_catalog_3le_2023-10-09.txt', import.meta.url));

function runCli(args: string[]): Promise<{ ms: number; stdout: string; stderr: string; code: number | null }> {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    const child = spawn(process.execPath, ['bin/ssa.js', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ ms: performance.now() - t, stdout, stderr, code }));
  });
}

/** One shard of a catalogue-wide job over [start, end) on one worker thread: the worker's own timings. */
async function screeningJobShardCost(path: string, start: string, end: string, thresholdKm: number) {
  const { sets } = parseElementSets(readFileSync(path, 'utf8'));
  const version = localCatalogVersion(sets);
  const job = screeningJob(version, 'all', start, end, thresholdKm, DEFAULT_MAX_ELEMENT_AGE_DAYS);
  const pool = new ScreeningPool(1);
  try {
    await pool.loadCatalog(version.version, version.sets);
    let done: { ms: Record<'tle' | 'orbits' | 'detect', number>; approaches: number } | undefined;
    const t = performance.now();
    await pool.screen(job, {
      shardsPerWorker: 1,
      onShard: (e) => {
        if (e.done) done = { ms: e.done.ms, approaches: e.done.result.approaches.length };
      },
    });
    const wallMs = performance.now() - t;
    if (!done) throw new Error('the shard did not report');
    const { ms, approaches } = done;
    return { shardMs: ms.tle + ms.orbits + ms.detect, wallMs, ms, approaches, stale: staleElementSets(version.sets, windowOf(job), DEFAULT_MAX_ELEMENT_AGE_DAYS).length };
  } finally {
    await pool.close();
  }
}

export async function staleBench(row: Row): Promise<void> {
  if (!existsSync(CATALOG)) {
    row('Stale element sets (issue 30)', 'n/a', `${CATALOG} not found`);
    return;
  }
  const run = await runCli(['screen', '--all', '--catalog', CATALOG, '--start', '2026-06-01T00:00:00Z', '--end', '2026-06-01T02:00:00Z', '--threshold-km', '5']);
  if (run.code !== 0) throw new Error(`ssa screen failed (${run.code}): ${run.stderr}`);
  const out = JSON.parse(run.stdout) as { total_objects: number; conjunctions: unknown[]; stale_objects: { age_days: number }[] };
  const ages = out.stale_objects.map((s) => s.age_days);
  row(
    'Stale sets: ssa screen --all, 2023 catalogue, 2 h of 2026-06-01',
    `${(run.ms / 1000).toFixed(2)} s`,
    `one process from its start; ${out.stale_objects.length.toLocaleString('en-US')} of ${out.total_objects.toLocaleString('en-US')} stale (${Math.min(...ages).toFixed(0)}–${Math.max(...ages).toFixed(0)} days), ${out.conjunctions.length} conjunctions`,
  );

  const shard = await screeningJobShardCost(CATALOG, '2023-10-09T00:00:00.000Z', '2023-10-09T02:00:00.000Z', 5);
  row(
    '  one 2-h shard of the whole catalogue, one worker (2023-10-09)',
    `${(shard.shardMs / 1000).toFixed(2)} s`,
    `target < 10 s; SGP4 init ${(shard.ms.tle / 1000).toFixed(1)} s, tracks ${(shard.ms.orbits / 1000).toFixed(1)} s, grid and refinement ${(shard.ms.detect / 1000).toFixed(1)} s; ${shard.approaches} close approaches; ${shard.stale} sets > ${DEFAULT_MAX_ELEMENT_AGE_DAYS} days from the window left out`,
  );

  // 3. The integrator alone.
  const { sets } = parseElementSets(readFileSync(CATALOG, 'utf8'));
  const resonant = sets.filter((set) => {
    try {
      return isResonant(createSgp4(set).satrec);
    } catch {
      return false;
    }
  });
  const at = Date.parse('2026-06-01T00:00:00Z');
  const time = (call: (set: (typeof resonant)[number], satrec: ReturnType<typeof createSgp4>['satrec'], tsince: number) => unknown) => {
    const models = resonant.map((set) => ({ set, satrec: createSgp4(set).satrec }));
    const t = performance.now();
    for (const { set, satrec } of models) for (let k = 0; k <= 120; k += 1) call(set, satrec, (at + k * 60_000 - set.epoch) / 60_000);
    return performance.now() - t;
  };
  const fromEpoch = time((_, satrec, tsince) => sgp4(satrec, tsince));
  const carried = time((_, satrec, tsince) => sgp4Continued(satrec, tsince));
  row(
    `  SGP4 of the ${resonant.length.toLocaleString('en-US')} resonant objects, 121 samples each (2026)`,
    `${(carried / 1000).toFixed(2)} s`,
    `integrator carried along; ${(fromEpoch / 1000).toFixed(2)} s integrating from the epoch at every call (satellite.js): ×${(fromEpoch / carried).toFixed(0)}`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await staleBench((what, value, note = '') => console.log(`${what.padEnd(72)} ${value.padStart(12)}  ${note}`));
}
