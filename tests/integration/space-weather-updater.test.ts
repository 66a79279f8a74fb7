import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppContext, type AppContext } from '../../src/server/app-context.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase, type Database } from '../../src/server/db/database.ts';
import { SWPC_PRODUCTS } from '../../src/server/sources/noaa-swpc.ts';
import { SpaceWeatherUpdater } from '../../src/server/services/space-weather-updater.ts';
import { VERSION } from '../../src/server/version.ts';

// Recorded responses in the feeds' published shapes (src/core/spaceweather/swpc-json.ts names
// them): Penticton's noon flux and the 3-hourly planetary Kp table around 2024-03-19.
const F107 = [
  { time_tag: '2024-03-19T20:00:00', frequency: 2800, flux: 170.0, reporting_schedule: 'Noon', avg_begin_date: '2023-12-20T20:00:00', ninety_day_mean: 156.0, rec_count: 90 },
  { time_tag: '2024-03-18T20:00:00', frequency: 2800, flux: 177.4, reporting_schedule: 'Noon', avg_begin_date: '2023-12-19T20:00:00', ninety_day_mean: 156.0, rec_count: 90 },
];
const KP_TABLE = [
  ['time_tag', 'Kp', 'a_running', 'station_count'],
  ...['1.00', '1.33', '2.00', '2.67', '3.00', '3.33', '4.00', '4.67'].map((kp, n) => [`2024-03-19 ${String(3 * n).padStart(2, '0')}:00:00.000`, kp, String([4, 5, 7, 12, 15, 18, 27, 39][n]), '8']),
];

let server: Server;
let baseUrl: string;
let feedsUp = true;
let dir: string;
let database: Database;
let ctx: AppContext;

beforeAll(async () => {
  const bodies = new Map<string, unknown>([
    [SWPC_PRODUCTS.f107.path, F107],
    [SWPC_PRODUCTS.planetaryKIndex.path, KP_TABLE],
    [SWPC_PRODUCTS.kIndex1m.path, []],
  ]);
  server = createServer((req, res) => {
    const body = feedsUp ? bodies.get(req.url ?? '') : undefined;
    res.writeHead(body === undefined ? 503 : 200, { 'content-type': 'application/json' });
    res.end(body === undefined ? 'unavailable' : JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  dir = await mkdtemp(join(tmpdir(), 'dataforge-swpc-'));
  const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', DEMO_CATALOG: 'off' });
  database = await openDatabase({ dataDir: config.DATA_DIR });
  ctx = createAppContext(config, database, VERSION);
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await database?.close();
  await rm(dir, { recursive: true, force: true });
});

function quietLog() {
  const levels: string[] = [];
  const at = (level: string) => () => levels.push(level);
  return { levels, log: { info: at('info'), warn: at('warn'), debug: at('debug') } };
}

describe('SpaceWeatherUpdater (NOAA SWPC feeds)', () => {
  it('is off by default', () => {
    expect(ctx.config.SWPC_UPDATES).toBe('off');
  });

  it('stores the feeds and the look-ups use them, naming NOAA SWPC', async () => {
    const { log } = quietLog();
    const updater = new SpaceWeatherUpdater(ctx.services.spaceWeather, { enabled: true, baseUrl, intervalMs: 3_600_000 }, log);
    const outcome = await updater.runOnce();
    expect(outcome.errors).toEqual([]);
    expect(outcome.daysAdded).toBeGreaterThan(0);
    // 12:00 UT on 2024-03-19 falls in the fifth 3-hour interval (12-15 UT): Kp 3.00 in the recorded table.
    const look = await ctx.services.spaceWeather.lookup(new Date('2024-03-19T13:30:00Z'));
    expect(look.kp).toMatchObject({ value: 3, status: 'observed' });
    expect(look.data_source).toContain('NOAA SWPC');
    // NRLMSISE-00's f107 is the previous day's observed flux: 2024-03-18 noon, 177.4 sfu.
    expect(look.f107.value).toBeCloseTo(177.4, 6);
    const again = await updater.runOnce();
    expect(again.daysAdded).toBe(0);
  });

  it('warns once when the feeds are unreachable, then stays quiet', async () => {
    feedsUp = false;
    const { levels, log } = quietLog();
    const updater = new SpaceWeatherUpdater(ctx.services.spaceWeather, { enabled: true, baseUrl, intervalMs: 3_600_000 }, log);
    await updater.runOnce();
    await updater.runOnce();
    expect(levels).toEqual(['warn', 'debug']);
    feedsUp = true;
  });
});
