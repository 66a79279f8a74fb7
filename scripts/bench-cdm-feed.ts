/**
 * The Space-Track CDM feed (issue 29 item 6): the import of 500 messages, target < 10 s. Called by
 * scripts/bench.ts; also runs alone: `npx tsx scripts/bench-cdm-feed.ts`.
 *
 * As a server meets it on a pass of its feed: the server's own services on a fresh embedded database
 * (createAppContext, as `ssa serve` builds them), and a loopback server that speaks Space-Track's
 * protocol (tests/integration/support/space-track-mock.ts) answering 500 cdm_public records built
 * from the 27 real CARA CDMs (each pass over them with its own CDM_IDs and its TCAs an hour later:
 * 500 distinct conjunctions of 16 fleet objects). Timed from the pass's start: the login, the two
 * queries (SAT_1_ID and SAT_2_ID) through the rate limiter, the records' reading and the import's one
 * transaction. Then the same pass again, when all 500 are already stored (the hourly case).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createAppContext } from '../src/server/app-context.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { CdmFeed } from '../src/server/services/conjunctions/cdm-feed.ts';
import { SpaceTrackClient } from '../src/server/sources/space-track.ts';
import { VERSION } from '../src/server/version.ts';
import { manyCdmPublicRecords, startSpaceTrackMock } from '../tests/integration/support/space-track-mock.ts';

type Row = (what: string, value: string, note?: string) => void;

const COUNT = 500;
/** The bench's "now": before every CARA TCA (2020-12-16 on), so that all 500 are ahead. */
const NOW = Date.parse('2020-12-01T00:00:00Z');

export async function cdmFeedBench(row: Row): Promise<void> {
  const records = manyCdmPublicRecords(COUNT);
  const fleet = [...new Set(records.map((r) => Number(r.SAT_1_ID)))];
  const identity = 'bench@example.org';
  const password = 'bench-password';
  const started = Date.now();
  const clock = () => NOW + (Date.now() - started);
  const mock = await startSpaceTrackMock({ identity, password, now: clock, publicRecords: records });
  const dir = await mkdtemp(join(tmpdir(), 'dataforge-bench-cdm-feed-'));
  const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'warn', DEMO_CATALOG: 'off', SCREENING: 'off' });
  const database = await openDatabase({ dataDir: config.DATA_DIR });
  const ctx = createAppContext(config, database, VERSION);
  try {
    await ctx.services.catalog.initialise(new Date());
    await ctx.services.cdmImport.initialise();
    const client = new SpaceTrackClient({ baseUrl: mock.baseUrl, identity, password, now: clock });
    const feed = new CdmFeed(
      ctx.services.cdmImport,
      { client, cdmClass: 'public', intervalMs: 3_600_000, fleet: () => fleet, status: ctx.services.sourceStatus, now: () => new Date(clock()) },
      ctx.log.child({ service: 'cdm-feed' }),
    );
    let t = performance.now();
    const cpu = process.cpuUsage();
    const first = await feed.runOnce();
    const firstMs = performance.now() - t;
    // This process's CPU time over the pass (the import runs on its main thread, PGlite included): on a
    // machine shared with other work the wall time grows, this does not.
    const used = process.cpuUsage(cpu);
    const cpuS = (used.user + used.system) / 1e6;
    if (first.error || first.imported !== COUNT) throw new Error(`the feed imported ${first.imported} of ${COUNT}: ${first.error ?? JSON.stringify(first.rejected.slice(0, 3))}`);
    row(
      `CDM feed: ${COUNT} cdm_public messages from a Space-Track mock over HTTP`,
      `${(firstMs / 1000).toFixed(2)} s`,
      `login + ${first.requests} queries + import (${first.created} new events) from the pass's start, ${cpuS.toFixed(2)} s CPU; target < 10 s`,
    );
    t = performance.now();
    const again = await feed.runOnce();
    const againMs = performance.now() - t;
    row('  the same pass again (all already stored)', `${(againMs / 1000).toFixed(2)} s`, `${again.duplicates} duplicates, ${again.imported} imported; session reused (${client.logins} login)`);
  } finally {
    await ctx.services.cdmImport.close();
    await ctx.services.screening.close();
    await database.close();
    await mock.close();
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await cdmFeedBench((what, value, note = '') => console.log(`${what.padEnd(72)} ${value.padStart(18)}  ${note}`));
}
