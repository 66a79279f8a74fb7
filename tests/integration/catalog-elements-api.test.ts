import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CatalogElements, OBJECT_CLASS_CODE, OBJECT_CLASSES } from '../../src/contracts/catalog-elements.ts';
import { initialiseCatalog, useTestApp } from './support/app.ts';

// GET /api/catalog/elements through the HTTP API, on PGlite with the 50,000-object demo seeded.

const server = useTestApp({ name: 'elements', prepare: initialiseCatalog });

const ISS = `ISS (ZARYA)
1 25544U 98067A   08264.51782528 -.00002182  00000-0 -11606-4 0  2927
2 25544  51.6416 247.4627 0006703 130.5360 325.0288 15.72125391563537`;

describe('GET /api/catalog/elements', () => {
  let etag = '';

  it('has one column entry per catalogue object, sorted by NORAD id, each as the catalogue holds it', async () => {
    const res = await server.app.inject({ url: '/api/catalog/elements' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = CatalogElements.parse(res.json());
    const catalog = server.ctx.services.catalog;
    expect(body.count).toBe(catalog.size);
    expect(body.count).toBe(50_000);
    expect(body.classes).toEqual([...OBJECT_CLASSES]);
    for (const key of ['norad', 'name', 'cls', 'type', 'owner', 'epoch', 'meanMotion', 'eccentricity', 'inclination', 'raan', 'argPerigee', 'meanAnomaly', 'bstar'] as const) {
      expect(body[key], key).toHaveLength(body.count);
    }
    for (let i = 1; i < body.count; i++) expect(body.norad[i]! > body.norad[i - 1]!).toBe(true);

    // Every value is the catalogue's own (no rounding on the way).
    for (let i = 0; i < body.count; i += 997) {
      const entry = catalog.entry(body.norad[i]!);
      if (!entry) throw new Error(`no entry ${body.norad[i]}`);
      const { set, object } = entry;
      expect(body.name[i]).toBe(object.name);
      expect([body.epoch[i], body.meanMotion[i], body.eccentricity[i], body.inclination[i], body.raan[i], body.argPerigee[i], body.meanAnomaly[i], body.bstar[i]]).toEqual([
        set.epoch,
        set.meanMotion,
        set.eccentricity,
        set.inclination,
        set.raan,
        set.argPerigee,
        set.meanAnomaly,
        set.bstar,
      ]);
    }

    // Classes: the fleet first, then the object type.
    const fleet = new Set(catalog.fleet().map((e) => e.object.noradId));
    expect(fleet.size).toBeGreaterThan(0);
    const counts = new Map<number, number>();
    body.cls.forEach((c, i) => {
      counts.set(c, (counts.get(c) ?? 0) + 1);
      const entry = catalog.entry(body.norad[i]!)!;
      const want = fleet.has(body.norad[i]!) ? 'fleet' : entry.object.objectType;
      expect(OBJECT_CLASSES[c]).toBe(want);
    });
    expect(counts.get(OBJECT_CLASS_CODE.fleet)).toBe(fleet.size);

    // Type and owner, dictionary-coded: the SATCAT type (also for the fleet) and the owner code (-1: none).
    expect(body.owners).toEqual([...new Set([...catalog.all()].map((e) => e.object.owner).filter((o) => o !== null))].sort());
    expect(new Set(body.owners).size).toBe(body.owners.length);
    const owned = new Set<string>();
    body.norad.forEach((norad, i) => {
      const { object } = catalog.entry(norad)!;
      expect(OBJECT_CLASSES[body.type[i]!]).toBe(object.objectType);
      expect(body.owner[i] === -1 ? null : body.owners[body.owner[i]!]).toBe(object.owner);
      if (object.owner !== null) owned.add(object.owner);
    });
    expect(owned.size).toBe(body.owners.length);
    expect(body.owner.filter((o) => o >= 0).length).toBeGreaterThan(body.count / 2);
    for (const c of ['payload', 'rocket_body', 'debris'] as const) expect(counts.get(OBJECT_CLASS_CODE[c]) ?? 0).toBeGreaterThan(100);
    expect(body.noSgp4).toEqual([...catalog.all()].filter((e) => e.model === null).map((e) => e.object.noradId).sort((a, b) => a - b));
    etag = String(res.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
  });

  it('answers 304 to a current ETag, and compresses for clients that accept it', async () => {
    const again = await server.app.inject({ url: '/api/catalog/elements', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const br = await server.app.inject({ url: '/api/catalog/elements', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.etag).toBe(etag);
    const raw = br.rawPayload;
    const json = brotliDecompressSync(raw).toString('utf8');
    // Compact: well under 100 bytes an object on the wire.
    expect(raw.length / 50_000).toBeLessThan(100);
    expect(CatalogElements.parse(JSON.parse(json)).count).toBe(50_000);
  });

  it('changes with the catalogue: an import adds the object and a new ETag', async () => {
    const imported = await server.app.inject({ method: 'POST', url: '/api/catalog/import', headers: { 'content-type': 'text/plain' }, payload: ISS });
    expect(imported.statusCode).toBe(200);
    const stale = await server.app.inject({ url: '/api/catalog/elements', headers: { 'if-none-match': etag } });
    expect(stale.statusCode).toBe(200);
    expect(stale.headers.etag).not.toBe(etag);
    const body = CatalogElements.parse(stale.json());
    expect(body.count).toBe(50_001);
    const i = body.norad.indexOf(25544);
    expect(body.name[i]).toBe('ISS (ZARYA)');
    expect(body.cls[i]).toBe(OBJECT_CLASS_CODE.payload);
    expect(body.type[i]).toBe(OBJECT_CLASS_CODE.payload);
    expect(body.owner[i]).toBe(-1);
    expect(body.inclination[i]).toBe(51.6416);
  });

  it('is documented in the OpenAPI description', async () => {
    const doc = (await server.app.inject({ url: '/api/docs/json' })).json();
    expect(doc.paths['/api/catalog/elements'].get.summary).toMatch(/element set/);
  });
});
