import { afterEach, describe, expect, it } from 'vitest';
import type { ElementSet } from '../../src/core/elements/index.ts';
import { degrees, utcMs } from '../../src/core/units.ts';
import { CatalogRepository, type SpaceObject } from '../../src/server/repositories/catalog-repository.ts';
import { databaseTargets, type TestStore } from './support/databases.ts';

const NOW = new Date('2026-11-21T12:00:00Z');

function object(noradId: number, extra: Partial<SpaceObject> = {}): SpaceObject {
  return {
    noradId,
    name: `OBJECT ${noradId}`,
    cosparId: null,
    objectType: 'unknown',
    owner: null,
    rcsSize: null,
    rcsM2: null,
    massKg: null,
    launchDate: null,
    decayDate: null,
    category: null,
    mission: null,
    description: null,
    source: 'import',
    ...extra,
  };
}

function set(norad: number, epochIso: string, meanMotion = 15.5): ElementSet {
  return {
    norad,
    classification: 'U',
    epoch: utcMs(Date.parse(epochIso)),
    meanMotion,
    eccentricity: 0.001,
    inclination: degrees(51.6),
    raan: degrees(10),
    argPerigee: degrees(20),
    meanAnomaly: degrees(30),
    bstar: 1e-4,
    meanMotionDot: 0,
    meanMotionDdot: 0,
    elementSetNo: 999,
    revAtEpoch: 1,
    ephemerisType: 0,
  };
}

describe.each(databaseTargets)('CatalogRepository on $name', (target) => {
  let store: TestStore | undefined;
  afterEach(async () => {
    await store?.destroy();
    store = undefined;
  });

  it('keeps metadata a later record does not carry, and counts only new objects', async () => {
    store = await target.createStore();
    const db = await store.open();
    try {
      const repo = new CatalogRepository(db.db);
      expect(await repo.upsertObjects([object(25544, { owner: 'ISS', objectType: 'payload', rcsM2: 399 })], NOW)).toBe(1);
      // A TLE import knows only the name: owner, type and RCS stay.
      expect(await repo.upsertObjects([object(25544, { name: 'ISS (ZARYA)' }), object(5)], NOW)).toBe(1);
      expect(await repo.findObject(25544)).toMatchObject({ name: 'ISS (ZARYA)', owner: 'ISS', objectType: 'payload', rcsM2: 399 });
      expect(await repo.countObjects()).toBe(2);
    } finally {
      await db.close();
    }
  });

  it('adds an element set once per object and epoch, keeps the history, and serves the newest', async () => {
    store = await target.createStore();
    const db = await store.open();
    try {
      const repo = new CatalogRepository(db.db);
      await repo.upsertObjects([object(25544), object(5)], NOW);
      const first = [set(25544, '2026-11-20T00:00:00Z'), set(25544, '2026-11-21T00:00:00Z', 15.51), set(5, '2026-11-19T06:00:00Z')];
      expect(await repo.insertElementSets(first, 'import', null, NOW)).toBe(3);
      expect(await repo.insertElementSets(first, 'import', null, NOW)).toBe(0);
      expect(await repo.countElementSets()).toBe(3);
      const newest = await repo.newestEntries();
      expect(newest.map((e) => [e.object.noradId, new Date(e.set.epoch).toISOString(), e.set.meanMotion])).toEqual([
        [5, '2026-11-19T06:00:00.000Z', 15.5],
        [25544, '2026-11-21T00:00:00.000Z', 15.51],
      ]);
      expect((await repo.history(25544)).map((h) => h.meanMotion)).toEqual([15.5, 15.51]);
      expect((await repo.newestEntries({ noradIds: [5] })).map((e) => e.object.noradId)).toEqual([5]);
      expect((await repo.newestEpoch())?.toISOString()).toBe('2026-11-21T00:00:00.000Z');
    } finally {
      await db.close();
    }
  });

  it('keeps an epoch to the microsecond, so sets a millisecond apart are both kept', async () => {
    store = await target.createStore();
    const db = await store.open();
    try {
      const repo = new CatalogRepository(db.db);
      await repo.upsertObjects([object(7)], NOW);
      expect(await repo.insertElementSets([set(7, '2026-11-20T00:00:00.000Z'), set(7, '2026-11-20T00:00:00.001Z')], 'import', null, NOW)).toBe(2);
    } finally {
      await db.close();
    }
  });

  it('records an import with its counts and first rejections', async () => {
    store = await target.createStore();
    const db = await store.open();
    try {
      const repo = new CatalogRepository(db.db);
      const id = await repo.startImport('import', 'x.tle', 'tle', NOW);
      await repo.finishImport(id, { objectsAdded: 1, setsAdded: 2, duplicates: 3, rejections: [{ line: 4, reason: 'bad checksum' }] }, NOW);
      expect(await repo.lastImport()).toMatchObject({ label: 'x.tle', setsAdded: 2, duplicates: 3, rejected: 1, rejections: [{ line: 4, reason: 'bad checksum' }] });
    } finally {
      await db.close();
    }
  });
});
