/**
 * Notifications (issue 29 item 6): "1,000 alerts changing state in one screening run produce their
 * notifications within 10 s, with bounded memory". Called by scripts/bench.ts; also runs alone:
 * `npx tsx scripts/bench-notifications.ts`.
 *
 * A fresh embedded database holds 1,000 open conjunction events, each with one undispatched alert
 * change (`detected`, as a screening run that raises 1,000 alerts writes them), and one webhook
 * rule (scope all, new_alert) to a loopback HTTP receiver that verifies each signature. The
 * server's notification service (createAppContext's, as `ssa serve` starts it) is then started and
 * timed until the receiver accepted all 1,000 messages and every delivery row says delivered.
 * Measured in a child process of its own, so that its peak RSS (getrusage's maxrss) is the
 * notifications' alone and not the earlier benches'; the RSS before the start is printed beside it.
 */
import { spawn } from 'node:child_process';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createAppContext } from '../src/server/app-context.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { conjunctionEvents } from '../src/server/db/schema.ts';
import { VERSION } from '../src/server/version.ts';

type Row = (what: string, value: string, note?: string) => void;

const COUNT = 1000;
const SECRET = 'bench-webhook-secret-0123456789';
const KEY = '9a8b7c6d5e4f30211203f4e5d6c7b8a99a8b7c6d5e4f30211203f4e5d6c7b8a9';

interface Result {
  readonly ms: number;
  readonly dispatchMs: number;
  /** CPU time of the process meanwhile (receiver included): on a loaded machine, what the wall time would be alone. */
  readonly cpuMs: number;
  readonly delivered: number;
  readonly received: number;
  readonly badSignatures: number;
  readonly rssBeforeMb: number;
  readonly peakRssMb: number;
}

/** The measurement itself (in the child process). */
async function measure(): Promise<Result> {
  const dataDir = await mkdtemp(join(tmpdir(), 'dataforge-bench-notify-'));
  let received = 0;
  let badSignatures = 0;
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const [t, v1] = String(req.headers['data-forge-signature']).split(',').map((p) => p.split('=')[1] ?? '');
      const expected = createHmac('sha256', SECRET).update(`${t}.${raw}`).digest();
      const given = Buffer.from(v1 ?? '', 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) badSignatures += 1;
      received += 1;
      res.writeHead(204);
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_CATALOG: 'off', SCREENING: 'off', NOTIFY_SECRET_KEY: KEY });
  const database = await openDatabase({ dataDir });
  try {
    const ctx = createAppContext(config, database, VERSION);
    const notifications = ctx.services.notifications;
    await notifications.createRule({ channel: 'webhook', target: url, secret: SECRET, scope: 'all', events: ['new_alert'], tcaWithinHours: 24, enabled: true }, 'bench');
    const now = new Date();
    const events = await database.db
      .insert(conjunctionEvents)
      .values(
        Array.from({ length: COUNT }, (_, i) => ({
          conjunctionId: `CNJ-2026-${String(i + 1).padStart(4, '0')}`,
          primaryNorad: 40_000 + (i % 20),
          secondaryNorad: 10_000 + i,
          tca: new Date(now.getTime() + (1 + (i % 72)) * 3_600_000),
          missKm: 0.2 + (i % 50) / 100,
          radialKm: 0.1,
          inTrackKm: 0.2,
          crossTrackKm: 0.1,
          relativeVelocityKmS: 10,
          pc: 1e-4 * (1 + (i % 9)),
          maxPc: 1e-3,
          riskLevel: i % 4 === 0 ? 'critical' : 'high',
          status: 'open',
          firstDetected: now,
          lastUpdated: now,
          details: {},
        })),
      )
      .returning({ id: conjunctionEvents.id, riskLevel: conjunctionEvents.riskLevel });
    await ctx.repositories.notifications.insertChanges(events.map((e) => ({ eventId: e.id, at: now, kind: 'detected', toRisk: e.riskLevel, reason: 'screening run 1' })));
    global.gc?.();
    const rssBeforeMb = process.memoryUsage().rss / 2 ** 20;

    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    // The dispatch (changes into deliveries) timed apart, then the service's own loop sends them.
    await notifications.dispatchAll();
    const dispatchMs = performance.now() - started;
    notifications.start({ embedded: true });
    for (;;) {
      if (received >= COUNT) {
        const counts = await ctx.repositories.notifications.countByStatus();
        if ((counts.delivered ?? 0) >= COUNT) break;
      }
      if (performance.now() - started > 120_000) throw new Error(`only ${received} of ${COUNT} messages within 120 s`);
      await new Promise((r) => setTimeout(r, 10));
    }
    const ms = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    await notifications.stop();
    const counts = await ctx.repositories.notifications.countByStatus();
    return { ms, dispatchMs, cpuMs, delivered: counts.delivered ?? 0, received, badSignatures, rssBeforeMb, peakRssMb: process.resourceUsage().maxRSS / 1024 };
  } finally {
    await database.close();
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Runs the measurement in a child process and prints its figures. */
export async function notificationsBench(row: Row): Promise<void> {
  const file = fileURLToPath(import.meta.url);
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', file, '--child'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`bench-notifications exited with ${code}: ${out}`))));
  });
  const result = JSON.parse(output.trim().split('\n').pop()!) as Result;
  row(`notifications: ${COUNT} alert changes → webhook deliveries`, `${(result.ms / 1000).toFixed(2)} s`, `target < 10 s; dispatch ${(result.dispatchMs / 1000).toFixed(2)} s; CPU ${(result.cpuMs / 1000).toFixed(2)} s; ${result.delivered} delivered, ${result.received} received, ${result.badSignatures} bad signatures`);
  row('notifications: peak RSS of that process', `${result.peakRssMb.toFixed(0)} MB`, `${result.rssBeforeMb.toFixed(0)} MB before the start`);
}

if (process.argv.includes('--child')) {
  process.stdout.write(`${JSON.stringify(await measure())}\n`);
} else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await notificationsBench((what, value, note = '') => console.log(`${what.padEnd(58)} ${value.padStart(16)}  ${note}`));
}
