/**
 * Load benchmark of every GET the web app polls (issue 15 item 7, product spec §7): each endpoint
 * of the spec's table, served by a real server process (`node bin/ssa.js serve` on the demo
 * catalogue, fresh DATA_DIR, as `npm start` runs it) and loaded alone by autocannon from this
 * process over loopback, with the headers Chromium sends on a fetch:
 *
 *  - "200": a fresh fetch, answered in full (compressed as the browser's Accept-Encoding allows);
 *  - "304": a revalidation of the copy the browser holds (If-None-Match with the ETag of the
 *    first answer), what most polls of an unchanged list are; an answer that changes on its own
 *    clock (the fleet's positions, each second) is a 200 again once it changed (the share of 304s is shown).
 *
 * Target: at least 10,000 requests/s with p99 latency under 10 ms at 16 connections, every
 * endpoint. GET /api/orbital-drag/nrlmsise-real cycles through the four fixed queries the Orbital
 * Drag page sends (web queries/orbital-drag.ts READING_POSITIONS).
 *
 * autocannon appends every response body to a string (`body += chunk`), which costs it about 1 ms
 * for each 85 kB compressed list: measured that way, /api/conjunctions/active "served" 900
 * requests/s while the server sat at 8 % of a core, and a bare Node server sending the same bytes
 * got the same 900/s. The bench turns that off (`countBodiesOnly`) so the figures are the
 * server's; the bytes still cross the socket and are counted.
 *
 * Run alone: npx tsx scripts/bench-polls.ts [--seconds N] [--connections N] [--only path-substring]
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { cpuSeconds, startBenchServer, waitFor } from './bench-server.ts';

type Row = (what: string, value: string, note?: string) => void;

/** The spec §7 table's GETs, in its order; the one with a query lists the queries the page sends. */
export const SPEC_POLLS: readonly { path: string; queries?: readonly string[] }[] = [
  { path: '/api/conjunctions/active' },
  { path: '/api/events' },
  { path: '/api/israeli-satellites' },
  { path: '/api/dashboard/stats' },
  { path: '/api/maneuvers/recent' },
  { path: '/api/analytics/threat-summary' },
  { path: '/api/threat-assessments' },
  { path: '/api/high-interest-objects' },
  { path: '/api/satellites' },
  { path: '/api/orbital-drag/realtime' },
  { path: '/api/orbital-drag/space-weather' },
  { path: '/api/orbital-drag/predictions' },
  {
    path: '/api/orbital-drag/nrlmsise-real',
    // READING_POSITIONS of src/web/queries/orbital-drag.ts: Ofeq-16, -13, -11, -9.
    queries: ['?lat=32&lon=35&alt=450', '?lat=32&lon=35&alt=445', '?lat=32&lon=35&alt=448', '?lat=32&lon=35&alt=442'],
  },
  { path: '/api/orbital-drag/density-profile' },
];

export const POLL_TARGET = { requestsPerSecond: 10_000, p99Ms: 10, connections: 16 } as const;

/** What Chromium 140 sends with a same-origin fetch() of the web app (no cookie: AUTH=off). */
export const BROWSER_HEADERS: Record<string, string> = {
  accept: '*/*',
  'accept-encoding': 'gzip, deflate, br, zstd',
  'accept-language': 'en-US,en;q=0.9',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
  'sec-ch-ua': '"Chromium";v="140", "Not=A?Brand";v="24"',
  'sec-ch-ua-mobile': '?0',
  'sec-ch-ua-platform': '"Linux"',
  'sec-fetch-dest': 'empty',
  'sec-fetch-mode': 'cors',
  'sec-fetch-site': 'same-origin',
};

export const FIRST_SCREENING_TIMEOUT_MS = 15 * 60_000;

/**
 * autocannon keeps each response body as a string (lib/pipelinedRequestsQueue.js `addBody`), only
 * for its `expectBody` / `verifyBody` / `onResponse` options, which this bench does not use.
 * Dropping it leaves the load generator's work per response independent of the body.
 */
export function countBodiesOnly(): void {
  const require = createRequire(import.meta.url);
  const queue = require('autocannon/lib/pipelinedRequestsQueue.js') as { prototype: { addBody?: unknown } };
  if (typeof queue.prototype.addBody !== 'function') throw new Error('autocannon internals changed: PipelinedRequestsQueue.prototype.addBody is gone; review countBodiesOnly()');
  queue.prototype.addBody = () => undefined;
}


interface Measured {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Share of the answers that were 304 (a revalidation of a body that changed meanwhile is a 200). */
  notModified: number;
  /** Answers other than 200 and 304, errors and timeouts. */
  unexpected: number;
  /** CPU used during the run as a share of one core: the server process's, and this process's (the load generator). */
  serverCpu: number | undefined;
  clientCpu: number;
}

async function measure(base: string, pid: number | undefined, paths: readonly string[], headers: (path: string) => Record<string, string>, seconds: number, connections: number): Promise<Measured> {
  const requests = paths.map((path) => ({ method: 'GET' as const, path, headers: headers(path) }));
  const cpuBefore = cpuSeconds(pid);
  const clientBefore = process.cpuUsage();
  const started = performance.now();
  const result = await autocannon({ url: base, connections, duration: seconds, requests });
  const wall = (performance.now() - started) / 1000;
  const cpuAfter = cpuSeconds(pid);
  const client = process.cpuUsage(clientBefore);
  const ok = result.statusCodeStats['200']?.count ?? 0;
  const notModified = result.statusCodeStats['304']?.count ?? 0;
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    notModified: notModified / Math.max(1, ok + notModified),
    unexpected: result.requests.total - ok - notModified + result.errors + result.timeouts,
    serverCpu: cpuBefore === undefined || cpuAfter === undefined ? undefined : (cpuAfter - cpuBefore) / wall,
    clientCpu: (client.user + client.system) / 1e6 / wall,
  };
}

const kB = (bytes: number) => `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} kB`;

/** Starts the server, waits for its first screening run, then loads each §7 GET alone, fresh and revalidated. */
export async function pollsBench(row: Row, options: { seconds?: number; connections?: number; only?: string } = {}): Promise<boolean> {
  const seconds = options.seconds ?? 5;
  const connections = options.connections ?? POLL_TARGET.connections;
  countBodiesOnly();
  const started = performance.now();
  const server = await startBenchServer('dataforge-bench-polls-', { DEMO_CATALOG: 'on' });
  const { base, child } = server;
  try {
    const lastScreening = await waitFor('the first screening run (/api/dashboard/stats lastScreening)', FIRST_SCREENING_TIMEOUT_MS, child, async () => {
      const stats = (await (await fetch(`${base}/api/dashboard/stats`)).json()) as { lastScreening?: string | null };
      return stats.lastScreening ?? undefined;
    });
    row('polls server: ready with the first screening done', `${((performance.now() - started) / 1000).toFixed(1)} s`, `lastScreening ${lastScreening}`);
    console.log(`  ${connections} connections, ${seconds} s per run; target ≥ ${POLL_TARGET.requestsPerSecond.toLocaleString('en-US')} req/s and p99 < ${POLL_TARGET.p99Ms} ms`);

    const missed: string[] = [];
    for (const { path, queries } of SPEC_POLLS) {
      if (options.only && !path.includes(options.only)) continue;
      const paths = (queries ?? ['']).map((q) => path + q);
      // One browser fetch first: the ETags to revalidate with, the sizes, and anything built on first use.
      const etags = new Map<string, string>();
      let plainBytes = 0;
      let sentBytes = 0;
      for (const p of paths) {
        const res = await fetch(base + p, { headers: BROWSER_HEADERS });
        if (!res.ok) throw new Error(`GET ${p}: ${res.status} ${await res.text()}`);
        plainBytes += (await res.text()).length;
        const etag = res.headers.get('etag');
        if (etag) etags.set(p, etag);
        sentBytes += Number(res.headers.get('content-length') ?? 0);
      }
      const label = path + (queries ? ` (${queries.length} queries)` : '');
      const fresh = await measure(base, child.pid, paths, () => BROWSER_HEADERS, seconds, connections);
      const runs: [string, Measured][] = [['200', fresh]];
      if (etags.size === paths.length) {
        runs.push(['304', await measure(base, child.pid, paths, (p) => ({ ...BROWSER_HEADERS, 'if-none-match': etags.get(p)! }), seconds, connections)]);
      }
      for (const [kind, m] of runs) {
        const meets = m.requestsPerSecond >= POLL_TARGET.requestsPerSecond && m.p99Ms < POLL_TARGET.p99Ms && m.unexpected === 0;
        if (!meets) missed.push(`${path} ${kind}`);
        const what = kind === '200' ? `, ${kB(plainBytes / paths.length)} JSON → ${sentBytes > 0 ? kB(sentBytes / paths.length) : 'chunked'} sent` : `, ${Math.round(m.notModified * 100)} % 304`;
        const cpu = `${m.serverCpu === undefined ? '' : `, CPU server ${Math.round(m.serverCpu * 100)} %`} client ${Math.round(m.clientCpu * 100)} %`;
        row(
          `GET ${label} ${kind}`,
          `${Math.round(m.requestsPerSecond).toLocaleString('en-US')} /s`,
          `p50 ${m.p50Ms} ms, p99 ${m.p99Ms} ms${what}${cpu}${m.unexpected > 0 ? `, ${m.unexpected} errors` : ''} ${meets ? 'ok' : 'MISSED'}`,
        );
      }
      if (etags.size < paths.length) row(`GET ${label} 304`, 'n/a', 'no ETag: every poll is answered in full');
    }
    row(
      `§7 polls target (${connections} connections)`,
      missed.length === 0 ? 'met' : 'NOT met',
      missed.length === 0 ? 'every endpoint, fresh and revalidated' : `missed: ${missed.join('; ')}`,
    );
    return missed.length === 0;
  } finally {
    await server.stop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values } = parseArgs({ options: { seconds: { type: 'string' }, connections: { type: 'string' }, only: { type: 'string' } } });
  const row: Row = (what, value, note = '') => console.log(`${what.padEnd(62)} ${value.padStart(10)}  ${note}`);
  const met = await pollsBench(row, {
    ...(values.seconds !== undefined && { seconds: Number(values.seconds) }),
    ...(values.connections !== undefined && { connections: Number(values.connections) }),
    ...(values.only !== undefined && { only: values.only }),
  });
  process.exitCode = met ? 0 : 1;
}
