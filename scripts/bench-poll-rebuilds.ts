/**
 * The dashboard's polls while the Orbital Drag snapshots rebuild (issue 30 item 9). bench-polls.ts
 * loads each GET alone between rebuilds; here every GET of product spec §7 is loaded at once, each
 * by its own autocannon instance, while the clocked snapshots turn fast: the server process (a real
 * `node bin/ssa.js serve` on the demo catalogue, as bench-polls.ts starts it) runs with
 * bench-clock.mjs, whose clock goes RATE times as fast from the signal the bench sends once the
 * first screening run is done. At the default rate 120 a UTC minute lasts 0.5 s and an hour 30 s:
 * GET /api/orbital-drag/realtime (and the page's other minute snapshots) is rebuilt twice a second
 * and /api/orbital-drag/predictions twice a minute, each by its timer ahead of its period as in
 * production (clocked-snapshot.ts), so a poll of any endpoint meets them.
 *
 * GET /api/israeli-satellites is left out: the fleet's positions are a snapshot per second of the
 * same clock (services/fleet-views.ts), so at rate 120 the server would rebuild them 120 times a
 * second, a load no real clock makes, and every other poll would measure that instead (seen: p99
 * about 60 ms for every endpoint, before and after the drag builds left the event loop). It is in
 * bench-polls.ts.
 *
 * Printed per endpoint: requests/s, p50, p99 and the slowest answer, against p99 < 10 ms; and the
 * rebuilds seen (distinct `lastUpdate` / `generated` of the two answers, read by a probe every 100 ms).
 *
 * Run alone: npx tsx scripts/bench-poll-rebuilds.ts [--seconds N] [--connections N per endpoint] [--rate N]
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { BROWSER_HEADERS, countBodiesOnly, FIRST_SCREENING_TIMEOUT_MS, POLL_TARGET, SPEC_POLLS } from './bench-polls.ts';
import { cpuSeconds, startBenchServer, waitFor } from './bench-server.ts';

type Row = (what: string, value: string, note?: string) => void;

const CLOCK = new URL('./bench-clock.mjs', import.meta.url).href;

/** Polls on a clock of seconds, which the fast clock would rebuild many times a second (see above). */
const LEFT_OUT: readonly string[] = ['/api/israeli-satellites'];

export async function pollRebuildsBench(row: Row, options: { seconds?: number; connections?: number; rate?: number } = {}): Promise<boolean> {
  const seconds = options.seconds ?? 40;
  const connections = options.connections ?? 2;
  const rate = options.rate ?? 120;
  countBodiesOnly();
  const server = await startBenchServer('dataforge-bench-rebuilds-', {
    DEMO_CATALOG: 'on',
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${CLOCK}`.trim(),
    BENCH_CLOCK_RATE: String(rate),
    // Scheduled work stays out of the run (the fast clock would bring the 15-minute screening every 7.5 s).
    SCREENING_INTERVAL_MINUTES: '1440',
    CATALOG_SCREENING_HOURS: '0',
  });
  const { base, child } = server;
  try {
    await waitFor('the first screening run (/api/dashboard/stats lastScreening)', FIRST_SCREENING_TIMEOUT_MS, child, async () => {
      const stats = (await (await fetch(`${base}/api/dashboard/stats`)).json()) as { lastScreening?: string | null };
      return stats.lastScreening ?? undefined;
    });
    // The fast clock starts before the first Orbital Drag request, so the snapshots' timers are armed on it.
    child.kill('SIGUSR2');
    const polls = SPEC_POLLS.filter(({ path }) => !LEFT_OUT.includes(path)).map(({ path, queries }) => ({ path, paths: (queries ?? ['']).map((q) => path + q) }));
    for (const { paths } of polls) {
      for (const p of paths) {
        const res = await fetch(base + p, { headers: BROWSER_HEADERS });
        if (!res.ok) throw new Error(`GET ${p}: ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
      }
    }
    console.log(
      `  every §7 GET but ${LEFT_OUT.join(', ')} at once, ${connections} connection(s) each, ${seconds} s; server clock ×${rate} (a minute is ${(60 / rate).toFixed(2)} s, an hour ${(3600 / rate).toFixed(0)} s); target p99 < ${POLL_TARGET.p99Ms} ms`,
    );

    // The probe: which snapshot each rebuilt answer is, every 100 ms.
    const seen = { realtime: new Set<string>(), predictions: new Set<string>() };
    let probing = true;
    const probe = (async () => {
      while (probing) {
        const [r, p] = await Promise.all([fetch(`${base}/api/orbital-drag/realtime`), fetch(`${base}/api/orbital-drag/predictions`)]);
        seen.realtime.add(((await r.json()) as { lastUpdate: string }).lastUpdate);
        seen.predictions.add(((await p.json()) as { generated: string }).generated);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();

    const cpuBefore = cpuSeconds(child.pid);
    const started = performance.now();
    const results = await Promise.all(
      polls.map(({ paths }) => autocannon({ url: base, connections, duration: seconds, requests: paths.map((path) => ({ method: 'GET' as const, path, headers: BROWSER_HEADERS })) })),
    );
    const wall = (performance.now() - started) / 1000;
    const cpuAfter = cpuSeconds(child.pid);
    probing = false;
    await probe;

    const missed: string[] = [];
    let total = 0;
    polls.forEach(({ path, paths }, k) => {
      const r = results[k]!;
      const ok = r.statusCodeStats['200']?.count ?? 0;
      const unexpected = r.requests.total - ok + r.errors + r.timeouts;
      const meets = r.latency.p99 < POLL_TARGET.p99Ms && unexpected === 0;
      if (!meets) missed.push(path);
      total += r.requests.average;
      row(
        `GET ${path}${paths.length > 1 ? ` (${paths.length} queries)` : ''} during rebuilds`,
        `${Math.round(r.requests.average).toLocaleString('en-US')} /s`,
        `p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, max ${r.latency.max} ms${unexpected > 0 ? `, ${unexpected} errors` : ''} ${meets ? 'ok' : 'MISSED'}`,
      );
    });
    const cpu = cpuBefore === undefined || cpuAfter === undefined ? '' : `, server CPU ${Math.round(((cpuAfter - cpuBefore) / wall) * 100)} %`;
    row('rebuilds seen during the run', `${seen.realtime.size} + ${seen.predictions.size}`, `realtime (UTC minutes) + predictions (UTC hours); all polls ${Math.round(total).toLocaleString('en-US')} req/s${cpu}`);
    row(
      `§7 polls during drag rebuilds (p99 < ${POLL_TARGET.p99Ms} ms)`,
      missed.length === 0 ? 'met' : 'NOT met',
      missed.length === 0 ? 'every endpoint' : `missed: ${missed.join('; ')}`,
    );
    return missed.length === 0;
  } finally {
    await server.stop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values } = parseArgs({ options: { seconds: { type: 'string' }, connections: { type: 'string' }, rate: { type: 'string' } } });
  const row: Row = (what, value, note = '') => console.log(`${what.padEnd(70)} ${value.padStart(10)}  ${note}`);
  const met = await pollRebuildsBench(row, {
    ...(values.seconds !== undefined && { seconds: Number(values.seconds) }),
    ...(values.connections !== undefined && { connections: Number(values.connections) }),
    ...(values.rate !== undefined && { rate: Number(values.rate) }),
  });
  process.exitCode = met ? 0 : 1;
}
