/**
 * Memory of a whole catalogue-wide run (issue 30, item 8): the real server (`node bin/ssa.js serve`,
 * embedded database, the 50,000-object demo catalogue on a fresh data directory, as `npm start` runs
 * it), then the run the schedule makes by default (CATALOG_SCREENING_WINDOW_HOURS 72 from now, 5 km),
 * asked for at once through the API rather than 10 minutes after the start. Prints the server's
 * resident peak (VmHWM, every thread of the process: the worker threads are in it) over the start-up
 * and over the run alone (the peak is reset between them through /proc/PID/clear_refs, Linux ≥ 4.0),
 * against the target of < 1.5 GB through a whole run.
 *
 *   npx tsx scripts/bench-memory.ts [window hours, default 72] [settle seconds before the run, default 180]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startBenchServer } from './bench-server.ts';

/** kB in a GB (10⁹ bytes: the stricter reading of the target). */
const GB = 1e6;

function statusKb(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) : Number.NaN;
}

export interface MemoryBench {
  readonly objects: number;
  readonly conjunctions: number;
  readonly startupPeakGb: number;
  readonly settledGb: number;
  readonly runPeakGb: number;
  readonly afterRunGb: number;
  readonly runSeconds: number;
}

export async function memoryBench(windowHours = 72, log: (line: string) => void = () => undefined, settleSeconds = 180): Promise<MemoryBench> {
  const server = await startBenchServer('ssa-bench-memory-', { CATALOG_SCREENING_HOURS: '0' });
  const pid = server.child.pid!;
  try {
    // The schedule's first run comes 10 minutes after a start: by then the start-up's own work (demo
    // catalogue, fleet screening, operations run) has ended and its garbage has been collected.
    await new Promise((r) => setTimeout(r, settleSeconds * 1000));
    const startupPeakGb = statusKb(pid, 'VmHWM') / GB;
    const settledGb = statusKb(pid, 'VmRSS') / GB;
    log(`  settled ${settleSeconds} s after start: ${settledGb.toFixed(2)} GB resident`);
    // From here the peak is the run's (5: reset the peak resident set size, proc(5) clear_refs).
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    const start = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000);
    const end = new Date(start.getTime() + windowHours * 3_600_000);
    const started = performance.now();
    const submitted = await fetch(`${server.base}/api/catalog-screenings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ start: start.toISOString(), end: end.toISOString(), threshold_km: 5 }),
    });
    if (submitted.status !== 202 && submitted.status !== 201 && submitted.status !== 200) throw new Error(`POST /api/catalog-screenings answered ${submitted.status}: ${await submitted.text()}`);
    const { id } = (await submitted.json()) as { id: string };
    let last = '';
    for (;;) {
      await new Promise((r) => setTimeout(r, 2000));
      const run = (await (await fetch(`${server.base}/api/catalog-screenings/${id}`)).json()) as { status: string; progress: { stage: string }; summary: { objects: number; conjunctions: number } | null; error: string | null };
      const line = `${run.status} ${run.progress.stage}: ${(statusKb(pid, 'VmRSS') / GB).toFixed(2)} GB resident, peak ${(statusKb(pid, 'VmHWM') / GB).toFixed(2)} GB`;
      if (run.progress.stage !== last) log(`  ${Math.round((performance.now() - started) / 1000)} s ${line}`);
      last = run.progress.stage;
      if (run.status === 'completed') {
        return {
          objects: run.summary!.objects,
          conjunctions: run.summary!.conjunctions,
          startupPeakGb,
          settledGb,
          runPeakGb: statusKb(pid, 'VmHWM') / GB,
          afterRunGb: statusKb(pid, 'VmRSS') / GB,
          runSeconds: (performance.now() - started) / 1000,
        };
      }
      if (run.status !== 'running' && run.status !== 'queued') throw new Error(`the run ${run.status}: ${run.error}`);
    }
  } finally {
    await server.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const hours = Number(process.argv[2] ?? 72);
  const r = await memoryBench(hours, (line) => console.log(line), Number(process.argv[3] ?? 180));
  console.log(`Catalogue-wide run of ${r.objects.toLocaleString('en-US')} objects over ${hours} h at 5 km: ${r.conjunctions.toLocaleString('en-US')} conjunctions in ${r.runSeconds.toFixed(0)} s`);
  console.log(`  server resident peak (VmHWM): start-up ${r.startupPeakGb.toFixed(2)} GB (${r.settledGb.toFixed(2)} GB settled), the run ${r.runPeakGb.toFixed(2)} GB (target < 1.5 GB); ${r.afterRunGb.toFixed(2)} GB after it`);
}
