import { gunzipSync } from 'node:zlib';
import { degreesLat, degreesLong, eciToEcf, eciToGeodetic, gstime, propagate, twoline2satrec } from 'satellite.js';
import { describe, expect, it } from 'vitest';
import { IsraeliSatellitesResponse, SatellitesResponse } from '../../src/contracts/satellites.ts';
import { formatTle } from '../../src/core/elements/index.ts';
import { FLEET } from '../../src/core/catalog/index.ts';
import { initialiseCatalog, useTestApp } from './support/app.ts';
import { HAS_REFERENCE, readReference } from './support/reference.ts';

// The catalogue through the HTTP API, on PGlite with the 50,000-object demo seeded.

const server = useTestApp({ name: 'catalog', prepare: initialiseCatalog });

describe('the demo catalogue', () => {
  it('is reported by /api/health as 50,000 demo objects', async () => {
    const health = (await server.app.inject({ url: '/api/health' })).json();
    expect(health.catalog).toMatchObject({ objects: 50_000, source: 'demo' });
    expect(Date.parse(health.catalog.newest_epoch)).toBeLessThan(Date.now());
  });
});

describe('GET /api/israeli-satellites', () => {
  it('lists the fleet with every field of the spec entity', async () => {
    const res = await server.app.inject({ url: '/api/israeli-satellites' });
    expect(res.statusCode).toBe(200);
    const fleet = IsraeliSatellitesResponse.parse(res.json());
    expect(fleet.map((s) => s.name).sort()).toEqual(FLEET.map((f) => f.name).sort());
    const ofeq = fleet.find((s) => s.name === 'OFEQ-16');
    expect(ofeq).toMatchObject({ category: 'military', cosparId: '2020-044A', mass: 400, elementSource: 'Demo catalogue (generated, not real data)' });
    for (const s of fleet) {
      expect(Number.isFinite(Number.parseFloat(s.currentPosition.latitude))).toBe(true);
      expect(Math.abs(Number(s.currentPosition.latitude))).toBeLessThanOrEqual(90);
    }
  });

  it('computes each position as satellite.js does independently (WGS-84 geodetic), within 1e-3° and 0.1 km', async () => {
    const before = Date.now();
    const fleet = IsraeliSatellitesResponse.parse((await server.app.inject({ url: '/api/israeli-satellites' })).json());
    for (const sat of fleet) {
      const entry = server.ctx.services.catalog.entry(sat.id);
      if (!entry) throw new Error(`no catalogue entry for ${sat.name}`);
      const { line1, line2 } = formatTle(entry.set);
      const when = new Date(sat.currentPosition.timestamp);
      expect(when.getTime()).toBeGreaterThanOrEqual(before - 1000);
      const pv = propagate(twoline2satrec(line1, line2), when);
      if (!pv) throw new Error(`satellite.js could not propagate ${sat.name}`);
      const geo = eciToGeodetic(pv.position, gstime(when));
      const ecf = eciToEcf(pv.position, gstime(when));
      expect(Number(sat.currentPosition.latitude)).toBeCloseTo(degreesLat(geo.latitude), 3);
      const dLon = ((Number(sat.currentPosition.longitude) - degreesLong(geo.longitude) + 540) % 360) - 180;
      expect(Math.abs(dLon)).toBeLessThan(1e-3);
      expect(Math.abs(Number(sat.currentPosition.altitude) - geo.height)).toBeLessThan(0.1);
      expect(Math.hypot(ecf.x, ecf.y, ecf.z)).toBeGreaterThan(6300);
    }
  });

  it('gives LEO satellites ~90-100 minute periods and GEO ones ~1436 minutes', async () => {
    const fleet = IsraeliSatellitesResponse.parse((await server.app.inject({ url: '/api/israeli-satellites' })).json());
    for (const s of fleet) {
      if (s.name.includes('AMOS') || s.name.includes('DROR')) expect(s.period).toBeGreaterThan(1400);
      else expect(s.period).toBeLessThan(105);
    }
  });
});

describe('GET /api/israeli-satellites/ground-tracks', () => {
  it('predicts 25 points, 5 minutes apart over 2 hours, for every fleet satellite', async () => {
    const body = (await server.app.inject({ url: '/api/israeli-satellites/ground-tracks' })).json();
    expect(body).toMatchObject({ stepMinutes: 5, horizonMinutes: 120 });
    expect(body.tracks).toHaveLength(FLEET.length);
    for (const track of body.tracks) {
      expect(track.points).toHaveLength(25);
      const times = track.points.map((p: { time: string }) => Date.parse(p.time));
      expect(times[1] - times[0]).toBe(300_000);
      expect(times[24] - times[0]).toBe(7_200_000);
    }
  });
});

describe('GET /api/satellites', () => {
  it('lists the whole catalogue as SST records, gzip-compressed, with an ETag', async () => {
    const res = await server.app.inject({ url: '/api/satellites', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    const records = SatellitesResponse.parse(JSON.parse(gunzipSync(res.rawPayload).toString('utf8')));
    expect(records).toHaveLength(50_000);
    expect(records.find((r) => r.name === 'OFEQ-16')).toMatchObject({ noradId: '190016', category: 'military' });
    expect(new Set(records.map((r) => r.category))).toEqual(new Set(['military', 'commercial', 'scientific', 'payload', 'rocket_body', 'debris', 'unknown']));
    const etag = res.headers.etag as string;
    const again = await server.app.inject({ url: '/api/satellites', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
  });
});

describe('POST /api/catalog/import', () => {
  const ISS = `ISS (ZARYA)
1 25544U 98067A   08264.51782528 -.00002182  00000-0 -11606-4 0  2927
2 25544  51.6416 247.4627 0006703 130.5360 325.0288 15.72125391563537`;

  it('imports a 3LE once; the same file again adds nothing', async () => {
    const first = await server.app.inject({ method: 'POST', url: '/api/catalog/import?name=iss.tle', headers: { 'content-type': 'text/plain' }, payload: ISS });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ format: 'tle', records: 1, objectsAdded: 1, setsAdded: 1, duplicates: 0, rejected: 0 });
    const again = await server.app.inject({ method: 'POST', url: '/api/catalog/import?name=iss.tle', headers: { 'content-type': 'text/plain' }, payload: ISS });
    expect(again.json()).toMatchObject({ setsAdded: 0, duplicates: 1 });
    expect(server.ctx.services.catalog.entry(25544)?.object.name).toBe('ISS (ZARYA)');
  });

  it('keeps the good records of a file with bad ones, and names each bad one', async () => {
    const bad = ISS.replace('15.72125391563537', '15.72125391563538') // checksum now wrong
      .replace('ISS (ZARYA)', 'ISS BROKEN');
    const good = `VANGUARD 1
1 00005U 58002B   00179.78495062  .00000023  00000-0  28098-4 0  4753
2 00005  34.2682 348.7242 1859667 331.7664  19.3264 10.82419157413667`;
    const res = await server.app.inject({ method: 'POST', url: '/api/catalog/import', headers: { 'content-type': 'text/plain' }, payload: `${bad}\n${good}` });
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report).toMatchObject({ records: 2, setsAdded: 1, rejected: 1 });
    expect(report.rejections[0]).toMatchObject({ line: 1, norad: '25544' }); // the record starts at its name line
    expect(report.rejections[0].reason).toMatch(/checksum/i);
    expect(server.ctx.services.catalog.entry(5)?.object.name).toBe('VANGUARD 1');
  });

  it('answers 400 with the first reason when nothing in the file is valid, and stores nothing', async () => {
    const before = server.ctx.services.catalog.size;
    const res = await server.app.inject({ method: 'POST', url: '/api/catalog/import', headers: { 'content-type': 'text/plain' }, payload: 'hello\nworld' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^No valid element sets/);
    expect(server.ctx.services.catalog.size).toBe(before);
  });

  it('answers 400 on an empty body and on an unknown kind', async () => {
    const empty = await server.app.inject({ method: 'POST', url: '/api/catalog/import', headers: { 'content-type': 'text/plain' }, payload: '' });
    expect(empty.statusCode).toBe(400);
    const kind = await server.app.inject({ method: 'POST', url: '/api/catalog/import?kind=pdf', headers: { 'content-type': 'text/plain' }, payload: ISS });
    expect(kind.statusCode).toBe(400);
    expect(kind.json().message).toMatch(/querystring\.kind/);
  });

  it('reads OMM JSON sent as application/json', async () => {
    const omm = [
      {
        OBJECT_NAME: 'CALSPHERE 1',
        OBJECT_ID: '1964-063C',
        EPOCH: '2026-07-10T03:44:00.383136',
        MEAN_MOTION: 13.76647064,
        ECCENTRICITY: 0.00234977,
        INCLINATION: 90.2216,
        RA_OF_ASC_NODE: 72.3098,
        ARG_OF_PERICENTER: 220.5925,
        MEAN_ANOMALY: 303.3745,
        EPHEMERIS_TYPE: 0,
        CLASSIFICATION_TYPE: 'U',
        NORAD_CAT_ID: 900,
        ELEMENT_SET_NO: 999,
        REV_AT_EPOCH: 7458,
        BSTAR: 0.00040393571,
        MEAN_MOTION_DOT: 0.00000406,
        MEAN_MOTION_DDOT: 0,
      },
    ];
    const res = await server.app.inject({ method: 'POST', url: '/api/catalog/import', payload: omm });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ format: 'omm-json', setsAdded: 1 });
  });

  it('takes owners from a SATCAT, which later element-set imports keep', async () => {
    const satcat = `OBJECT_NAME,OBJECT_ID,NORAD_CAT_ID,OBJECT_TYPE,OPS_STATUS_CODE,OWNER,LAUNCH_DATE,LAUNCH_SITE,DECAY_DATE,PERIOD,INCLINATION,APOGEE,PERIGEE,RCS,DATA_STATUS_CODE,ORBIT_CENTER,ORBIT_TYPE
ISS (ZARYA),1998-067A,25544,PAY,+,ISS,1998-11-20,TYMSC,,92.9,51.64,422,418,399.0524,,EA,ORB`;
    const res = await server.app.inject({ method: 'POST', url: '/api/catalog/import?kind=satcat', headers: { 'content-type': 'text/csv' }, payload: satcat });
    expect(res.json()).toMatchObject({ format: 'satcat', records: 1 });
    await server.app.inject({ method: 'POST', url: '/api/catalog/import', headers: { 'content-type': 'text/plain' }, payload: ISS.replace('ISS (ZARYA)', 'ISS') });
    expect(server.ctx.services.catalog.entry(25544)?.object).toMatchObject({ name: 'ISS', owner: 'ISS', objectType: 'payload', rcsM2: 399.0524 });
  });
});

describe.skipIf(!HAS_REFERENCE)('importing the real catalogue (../shared/reference/catalog)', () => {
  it('imports all 26,140 objects of the 2023 3LE file with no rejects, and adds nothing on a second import', async () => {
    const text = readReference('catalog/full_catalog_3le_2023-10-09.txt');
    const first = await server.app.inject({ method: 'POST', url: '/api/catalog/import?name=full_catalog_3le_2023-10-09.txt', headers: { 'content-type': 'text/plain' }, payload: text });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ format: 'tle', records: 26_140, rejected: 0 });
    // The ISS, VANGUARD 1 and CALSPHERE test objects above were imported already with other epochs.
    expect(first.json().setsAdded).toBe(26_140);
    const again = await server.app.inject({ method: 'POST', url: '/api/catalog/import', headers: { 'content-type': 'text/plain' }, payload: text });
    expect(again.json()).toMatchObject({ setsAdded: 0, duplicates: 26_140, objectsAdded: 0 });
  }, 120_000);
});
