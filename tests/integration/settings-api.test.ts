/**
 * The Configuration screen's server side (issue 14): the fleet and the screening settings through
 * GET/PATCH /api/settings, kept in the database over the environment's defaults, used by the next
 * screening run; and GET /api/data-sources with each source's last success or failure, recorded by
 * the real updaters (CelesTrak answered by a loopback server replaying the real 2026-07 GP file).
 *
 * The catalogue is the 1,320-object subset of the real 2023-10-09 catalogue; two SATCAT rows give
 * owners (ISS: owner code ISS, as CelesTrak's SATCAT has it; AMOS-5 here stands for an Israeli
 * member: owner ISRA).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSourceStatus } from '../../src/contracts/data-sources.ts';
import type { SettingsResponse } from '../../src/contracts/settings.ts';
import { screeningRuns } from '../../src/server/db/schema.ts';
import { SettingsService } from '../../src/server/services/settings-service.ts';
import { useTestApp } from './support/app.ts';
import { catalogSubset2023, HAS_REFERENCE, readReference } from './support/reference.ts';

const SATCAT = `OBJECT_NAME,OBJECT_ID,NORAD_CAT_ID,OBJECT_TYPE,OPS_STATUS_CODE,OWNER,LAUNCH_DATE,LAUNCH_SITE,DECAY_DATE,PERIOD,INCLINATION,APOGEE,PERIGEE,RCS,DATA_STATUS_CODE,ORBIT_CENTER,ORBIT_TYPE
ISS (ZARYA),1998-067A,25544,PAY,+,ISS,1998-11-20,TYMSC,,92.9,51.64,422,418,399.0524,,EA,ORB
AMOS-5,2011-074A,37820,PAY,+,ISRA,2011-12-11,TYMSC,,1436.1,0.05,35798,35776,,,EA,ORB`;

let celestrak: Server;
let celestrakUrl = 'http://127.0.0.1:9';
let celestrakUp = false;

beforeAll(async () => {
  celestrak = createServer((req, res) => {
    if (!celestrakUp) {
      res.writeHead(503);
      res.end('maintenance');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/csv' });
    res.end(readReference('catalog/celestrak_active_gp_2026-07.csv').split('\n').slice(0, 11).join('\n'));
  });
  await new Promise<void>((resolve) => celestrak.listen(0, '127.0.0.1', resolve));
  celestrakUrl = `http://127.0.0.1:${(celestrak.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => celestrak.close(resolve)));

const server = useTestApp({
  name: 'settings',
  env: {
    DEMO_CATALOG: 'off',
    SCREENING: 'on',
    SCREENING_THRESHOLD_KM: '5',
    SCREENING_WINDOW_DAYS: '1',
    SCREENING_INTERVAL_MINUTES: '15',
    FLEET_OWNERS: 'ISRA',
    CATALOG_SCREENING_HOURS: '0',
    CELESTRAK_UPDATES: 'on',
    get CELESTRAK_URL() {
      return celestrakUrl;
    },
  },
  prepare: async (ctx) => {
    await ctx.services.settings.initialise();
    await ctx.services.catalog.initialise(new Date());
    if (!HAS_REFERENCE) return;
    await ctx.services.catalog.importElementSets(catalogSubset2023(), { source: 'import', label: 'subset' }, new Date());
    // 37820 is not in the subset (not a multiple of 20): its SATCAT row adds the object without an element set.
    await ctx.services.catalog.importSatcat(SATCAT, 'satcat.csv', new Date());
  },
});

const settings = async () => (await server.app.inject({ method: 'GET', url: '/api/settings' })).json() as SettingsResponse;
const patch = (payload: unknown) => server.app.inject({ method: 'PATCH', url: '/api/settings', payload: payload as object });

describe.skipIf(!HAS_REFERENCE)('GET/PATCH /api/settings', () => {
  it('starts from the environment: nothing stored, the ISRA owner code as the fleet', async () => {
    const body = await settings();
    const env = { fleet: { owners: ['ISRA'], noradIds: [] }, screening: { thresholdKm: 5, intervalMinutes: 15, windowDays: 1 }, alertLevel: 'high' };
    expect(body).toMatchObject({ effective: env, defaults: env, stored: [], updatedAt: null, screeningEnabled: true, missingNoradIds: [] });
    // The ISRA object has no element set here, so it is no catalogue entry: the fleet is empty.
    expect(body.fleetMembers).toEqual([]);
  });

  it('adds members by NORAD id and changes the screening; the next run screens them with the new threshold and window', async () => {
    const res = await patch({ fleetNoradIds: [25544, 99999, 25544], thresholdKm: 10, windowDays: 0.5, alertLevel: 'critical' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as SettingsResponse;
    expect(body.effective).toEqual({ fleet: { owners: ['ISRA'], noradIds: [25544, 99999] }, screening: { thresholdKm: 10, intervalMinutes: 15, windowDays: 0.5 }, alertLevel: 'critical' });
    expect(body.stored).toEqual(['fleetNoradIds', 'thresholdKm', 'windowDays', 'alertLevel']);
    expect(body.updatedBy).toBe('SDA Operations Center');
    expect(body.fleetMembers).toEqual([{ noradId: 25544, name: 'ISS (ZARYA)', owner: 'ISS', objectType: 'payload', via: 'norad' }]);
    expect(body.missingNoradIds).toEqual([99999]);

    // The fleet pages follow at once.
    const fleet = (await server.app.inject({ method: 'GET', url: '/api/israeli-satellites' })).json() as { noradId: string }[];
    expect(fleet.map((s) => s.noradId)).toEqual(['25544']);

    const outcome = await server.ctx.services.operations.runNow('manual');
    expect(outcome.status).toBe('completed');
    const [run] = await server.ctx.database.db.select().from(screeningRuns).orderBy(desc(screeningRuns.id)).limit(1);
    expect(run).toMatchObject({ thresholdKm: 10, primaries: 1 });
    expect(run!.windowEnd.getTime() - run!.windowStart.getTime()).toBe(12 * 3_600_000);
  });

  it('takes owner codes with the spec aliases (il → ISRA), upper-cased, without repeats', async () => {
    const body = (await patch({ fleetOwners: ['il', 'ISS', ' isra '] })).json() as SettingsResponse;
    expect(body.effective.fleet.owners).toEqual(['ISRA', 'ISS']);
    expect(body.fleetMembers).toEqual([{ noradId: 25544, name: 'ISS (ZARYA)', owner: 'ISS', objectType: 'payload', via: 'both' }]);
  });

  it('takes a setting back to the environment with null', async () => {
    const body = (await patch({ thresholdKm: null, fleetOwners: null })).json() as SettingsResponse;
    expect(body.effective.screening.thresholdKm).toBe(5);
    expect(body.effective.fleet.owners).toEqual(['ISRA']);
    expect(body.stored).toEqual(['fleetNoradIds', 'windowDays', 'alertLevel']);
  });

  it.each([
    [{ thresholdKm: 0 }, 'The threshold must be a positive number of km'],
    [{ thresholdKm: 101 }, 'The threshold must be at most 100'],
    [{ windowDays: 8 }, 'The window must be at most 7'],
    [{ intervalMinutes: 'often' }, 'The interval must be a number of minutes'],
    [{ alertLevel: 'medium' }, 'alertLevel'],
    [{ fleetOwners: ['NOT A CODE'] }, 'must be a SATCAT owner code'],
    [{ fleetNoradIds: [1.5] }, 'must be a whole NORAD id'],
    [{}, 'name at least one setting to change'],
    [{ colour: 'red' }, 'colour'],
  ])('refuses %j with a 400 naming the problem, and keeps what is stored', async (payload, message) => {
    const before = await settings();
    const res = await patch(payload);
    expect(res.statusCode).toBe(400);
    expect((res.json() as { message: string }).message).toContain(message);
    expect(await settings()).toEqual(before);
  });

  it('is kept in the database: another server on it reads the same settings', async () => {
    const { ctx } = server;
    const other = new SettingsService(
      ctx.repositories.appMeta,
      (await settings()).defaults,
      ctx.services.catalog,
      ctx.services.operations,
      true,
      { info: () => undefined, warn: () => undefined },
    );
    expect((await other.current()).effective).toEqual((await settings()).effective);
    expect(await other.sync()).toBe(false);
    await patch({ intervalMinutes: 30 });
    expect(await other.sync()).toBe(true);
    expect(other.effective().screening.intervalMinutes).toBe(30);
  });
});

describe.skipIf(!HAS_REFERENCE)('GET /api/data-sources', () => {
  const sources = async () => (await server.app.inject({ method: 'GET', url: '/api/data-sources' })).json() as DataSourceStatus[];

  it('lists CelesTrak (on, not tried yet), Space-Track and NOAA SWPC (off, saying what turns them on)', async () => {
    const list = await sources();
    expect(list.map((s) => [s.id, s.name, s.state, s.intervalMinutes])).toEqual([
      ['celestrak', 'CelesTrak', 'waiting', 360],
      ['spacetrack', 'Space-Track', 'off', null],
      ['spacetrack-cdm', 'Space-Track CDMs', 'off', null],
      ['noaa-swpc', 'NOAA SWPC', 'off', null],
    ]);
    expect(list[0]!.setup).toBe(`GP groups active from ${celestrakUrl}`);
    expect(list[1]!.setup).toContain('SPACETRACK_USER');
    expect(list[2]!.setup).toContain('SPACETRACK_USER');
    expect(list[3]!.setup).toContain('SWPC_UPDATES=off');
  });

  it('records a failure with its reason, then a success with what it brought; the failure stays listed', async () => {
    celestrakUp = false;
    let res = await server.app.inject({ method: 'POST', url: '/api/data-sources/celestrak/update' });
    expect(res.statusCode).toBe(200);
    let celestrakStatus = (res.json() as DataSourceStatus[])[0]!;
    expect(celestrakStatus).toMatchObject({ state: 'failing', lastSuccessAt: null, lastError: 'CelesTrak GP group active: CelesTrak answered 503 Service Unavailable for group active' });
    const failedAt = celestrakStatus.lastFailureAt;
    expect(failedAt).not.toBeNull();

    celestrakUp = true;
    res = await server.app.inject({ method: 'POST', url: '/api/data-sources/celestrak/update' });
    celestrakStatus = (res.json() as DataSourceStatus[])[0]!;
    // The first 10 objects of the real 2026-07 GP file: none of them held before.
    expect(celestrakStatus).toMatchObject({ state: 'ok', lastFailureAt: failedAt, lastResult: '10 element sets added, 0 already present, 0 rejected' });
    expect(celestrakStatus.lastSuccessAt).toBe(celestrakStatus.lastAttemptAt);
  });

  it('refuses to read a source that is off with a 409 saying how to turn it on, and an unknown one with a 400', async () => {
    const off = await server.app.inject({ method: 'POST', url: '/api/data-sources/noaa-swpc/update' });
    expect(off.statusCode).toBe(409);
    expect((off.json() as { message: string }).message).toBe('NOAA SWPC is off on this server: Off (SWPC_UPDATES=off): import space-weather files instead');
    const unknown = await server.app.inject({ method: 'POST', url: '/api/data-sources/nosuch/update' });
    expect(unknown.statusCode).toBe(400);
  });
});
