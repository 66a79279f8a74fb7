import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppContext, type AppContext } from '../../src/server/app-context.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase, type Database } from '../../src/server/db/database.ts';
import { CatalogUpdater } from '../../src/server/services/catalog-updater.ts';
import { SPACE_TRACK_GP_QUERY } from '../../src/server/sources/space-track.ts';
import { VERSION } from '../../src/server/version.ts';
import { HAS_REFERENCE, readReference } from './support/reference.ts';

// The online updaters against recorded responses: a loopback server replays what
// CelesTrak and Space-Track send, built from the real files in ../shared/reference.
let server: Server;
let baseUrl: string;
let dir: string;
let database: Database;
let ctx: AppContext;
const requests: string[] = [];

const celestrakCsv = () => readReference('catalog/celestrak_active_gp_2026-07.csv').split('\n').slice(0, 201).join('\n'); // header + 200
const spaceTrack3le = () => readReference('catalog/full_catalog_3le_2023-10-09.txt').split(/\r?\n/).slice(0, 300).join('\r\n'); // 100 objects

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/NORAD/elements/gp.php') {
      res.writeHead(200, { 'content-type': 'text/csv' });
      // CelesTrak's answer to an unknown group is a sentence with status 200.
      res.end(url.searchParams.get('GROUP') === 'active' ? celestrakCsv() : 'Invalid query: "GROUP=nosuch" (GROUP=nosuch not found)');
    } else if (url.pathname === '/ajaxauth/login' && req.method === 'POST') {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        if (form.get('identity') === 'ops@example.org' && form.get('password') === 'secret') {
          res.writeHead(200, { 'set-cookie': 'chocolatechip=s3ss10n; path=/; HttpOnly', 'content-type': 'application/json' });
          res.end('""');
        } else {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end('{"Login":"Failed"}');
        }
      });
    } else if (req.url === SPACE_TRACK_GP_QUERY && req.headers.cookie === 'chocolatechip=s3ss10n') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(spaceTrack3le());
    } else {
      res.writeHead(401);
      res.end('unauthorised');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  dir = await mkdtemp(join(tmpdir(), 'dataforge-updater-'));
  const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', DEMO_CATALOG: 'off' });
  database = await openDatabase({ dataDir: config.DATA_DIR });
  ctx = createAppContext(config, database, VERSION);
  await ctx.services.catalog.initialise(new Date());
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await database?.close();
  await rm(dir, { recursive: true, force: true });
});

function recordingLog() {
  const lines: { level: string; msg: string | undefined }[] = [];
  const at = (level: string) => (_obj: object, msg?: string) => lines.push({ level, msg });
  return { lines, log: { info: at('info'), warn: at('warn'), debug: at('debug') } };
}

describe.skipIf(!HAS_REFERENCE)('CatalogUpdater with recorded responses', () => {
  it('imports a CelesTrak GP group as OMM CSV, and adds nothing when it has not changed', async () => {
    const { log } = recordingLog();
    const updater = new CatalogUpdater(
      ctx.services.catalog,
      { celestrak: { enabled: true, baseUrl, groups: ['active'] }, spaceTrack: { baseUrl }, intervalMs: 3_600_000 },
      log,
    );
    const [first] = await updater.runOnce();
    expect(first).toMatchObject({ source: 'celestrak', report: { format: 'omm-csv', records: 200, setsAdded: 200, rejected: 0 } });
    expect(requests).toContain('GET /NORAD/elements/gp.php?GROUP=active&FORMAT=csv');
    const [again] = await updater.runOnce();
    expect(again?.report).toMatchObject({ setsAdded: 0, duplicates: 200 });
    expect(ctx.services.catalog.stats().source).toBe('celestrak');
  });

  it('logs in to Space-Track with the credentials and imports the 3LE catalogue', async () => {
    const { log } = recordingLog();
    const updater = new CatalogUpdater(
      ctx.services.catalog,
      { celestrak: { enabled: false, baseUrl, groups: [] }, spaceTrack: { baseUrl, identity: 'ops@example.org', password: 'secret' }, intervalMs: 3_600_000 },
      log,
    );
    const [outcome] = await updater.runOnce();
    expect(outcome).toMatchObject({ source: 'spacetrack', report: { format: 'tle', records: 100, setsAdded: 100 } });
    expect(ctx.services.catalog.entry(5)?.setSource).toBe('spacetrack');
  });

  it('reports a failed Space-Track login and CelesTrak refusing a group, and imports nothing', async () => {
    const { log } = recordingLog();
    const before = ctx.services.catalog.size;
    const updater = new CatalogUpdater(
      ctx.services.catalog,
      { celestrak: { enabled: true, baseUrl, groups: ['nosuch'] }, spaceTrack: { baseUrl, identity: 'ops@example.org', password: 'wrong' }, intervalMs: 3_600_000 },
      log,
    );
    const outcomes = await updater.runOnce();
    expect(outcomes.map((o) => o.error)).toEqual([expect.stringMatching(/did not send GP CSV for group nosuch/), 'Space-Track login failed (200)']);
    expect(ctx.services.catalog.size).toBe(before);
  });
});

describe('CatalogUpdater off-line', () => {
  it('warns once when a source is unreachable, then stays quiet', async () => {
    const { lines, log } = recordingLog();
    const updater = new CatalogUpdater(
      ctx.services.catalog,
      { celestrak: { enabled: true, baseUrl: 'http://127.0.0.1:1', groups: ['active'] }, spaceTrack: { baseUrl }, intervalMs: 3_600_000 },
      log,
    );
    const [first] = await updater.runOnce();
    await updater.runOnce();
    await updater.runOnce();
    expect(first?.error).toBeDefined();
    expect(lines.map((l) => l.level)).toEqual(['warn', 'debug', 'debug']);
  });

  it('is off unless CelesTrak updates or Space-Track credentials are configured', () => {
    expect(ctx.services.updater.enabled).toBe(false);
  });
});
