import { afterEach, describe, expect, it } from 'vitest';
import { DragCalculationRepository } from '../../src/server/repositories/drag-calculation-repository.ts';
import { SpaceWeatherRepository, type SpaceWeatherDay } from '../../src/server/repositories/space-weather-repository.ts';
import { databaseTargets, type TestStore } from './support/databases.ts';

// The space-weather and drag-calculation repositories on PGlite and, with DATABASE_URL, PostgreSQL.
const NOW = new Date('2026-11-21T12:00:00Z');

function day(date: string, extra: Partial<SpaceWeatherDay> = {}): SpaceWeatherDay {
  return {
    provider: 'celestrak-sw-all',
    date,
    status: 'observed',
    cadence: 'daily',
    f107Obs: 156.3,
    f107Adj: 158.3,
    f107AdjMethod: null,
    f107ObsCenter81: 127.9,
    f107AdjCenter81: 129.4,
    f107ObsLast81: 126.2,
    f107AdjLast81: 125,
    meanStatus: 'predicted',
    meanMethod: 'the centred window reaches past the file’s last observed day',
    // Kp in thirds (7/3 is not a short decimal) and a missing interval: both must come back as they went in.
    kp: [7 / 3, 10 / 3, 7 / 3, 10 / 3, 4 / 3, 1, 8 / 3, null],
    ap: [9, 18, 9, 18, 5, 4, 12, null],
    apDaily: 11,
    source: 'CelesTrak SW-All test.csv line 3 (OBS)',
    asOf: '2026-04-26',
    ...extra,
  };
}

describe.each(databaseTargets)('SpaceWeatherRepository on $name', (target) => {
  let store: TestStore | undefined;
  afterEach(async () => {
    await store?.destroy();
    store = undefined;
  });

  it('stores days exactly, adds nothing twice, lets a newer file change a day and never an older one', async () => {
    store = await target.createStore();
    const db = await store.open();
    try {
      const repo = new SpaceWeatherRepository(db.db);
      const first = [day('2026-04-26'), day('2026-04-27', { status: 'predicted', kp: null, ap: null, apDaily: null, f107Obs: 153 })];
      const importId = await repo.startImport('celestrak-sw-all', 'test.csv', NOW);
      expect(await repo.upsertDays(first, importId, NOW)).toEqual({ added: 2, updated: 0, unchanged: 0 });
      expect(await repo.allDays()).toEqual(first);

      // The same rows from another file (another source line): nothing changes.
      const again = first.map((d) => ({ ...d, source: 'CelesTrak SW-All copy.csv line 9 (OBS)' }));
      expect(await repo.upsertDays(again, null, NOW)).toEqual({ added: 0, updated: 0, unchanged: 2 });
      expect((await repo.day('celestrak-sw-all', '2026-04-27'))?.source).toBe(first[1]!.source);

      // A newer file observed 04-27: the prediction becomes an observation.
      const observed = day('2026-04-27', { f107Obs: 151.2, asOf: '2026-05-20', source: 'CelesTrak SW-All newer.csv line 4 (OBS)' });
      expect(await repo.upsertDays([observed], null, NOW)).toEqual({ added: 0, updated: 1, unchanged: 0 });
      expect(await repo.day('celestrak-sw-all', '2026-04-27')).toEqual(observed);

      // An older file's prediction for that day must not undo it.
      expect(await repo.upsertDays([first[1]!], null, NOW)).toEqual({ added: 0, updated: 0, unchanged: 1 });
      expect((await repo.day('celestrak-sw-all', '2026-04-27'))?.status).toBe('observed');

      await repo.finishImport(importId, { added: 2, updated: 0, unchanged: 0, rows: 2, rejections: [{ line: 5, reason: 'bad' }], firstDate: '2026-04-26', lastDate: '2026-04-27', lastObservedDate: '2026-04-26' }, NOW);
      expect(await repo.lastImport()).toMatchObject({ label: 'test.csv', daysAdded: 2, rejected: 1, rejections: [{ line: 5, reason: 'bad' }], lastObservedDate: '2026-04-26' });
      expect(await repo.countDays()).toBe(2);
    } finally {
      await db.close();
    }
  });

  it('inserts more days than one statement can bind (batches of 2,000)', async () => {
    store = await target.createStore();
    const db = await store.open();
    try {
      const repo = new SpaceWeatherRepository(db.db);
      const start = Date.UTC(2000, 0, 1);
      const days = Array.from({ length: 4500 }, (_, i) => day(new Date(start + i * 86_400_000).toISOString().slice(0, 10)));
      expect(await repo.upsertDays(days, null, NOW)).toEqual({ added: 4500, updated: 0, unchanged: 0 });
      expect(await repo.upsertDays(days, null, NOW)).toEqual({ added: 0, updated: 0, unchanged: 4500 });
      expect(await repo.countDays()).toBe(4500);
    } finally {
      await db.close();
    }
  });

  it('stores SET’s SOLFSMY and DTCFILE days, adds nothing twice, and takes a later file’s changed values', async () => {
    store = await target.createStore();
    const db = await store.open();
    try {
      const repo = new SpaceWeatherRepository(db.db);
      const solar = { date: '2003-10-28', f10: 274.4, f81c: 147, s10: 210.5, s81c: 130.2, m10: 250.1, m81c: 140.3, y10: null, y81c: null, source: 'SET SOLFSMY a.txt line 6' };
      expect(await repo.upsertSolarIndices([solar], null, NOW)).toEqual({ added: 1, updated: 0, unchanged: 0 });
      expect(await repo.upsertSolarIndices([{ ...solar, source: 'SET SOLFSMY b.txt line 9' }], null, NOW)).toEqual({ added: 0, updated: 0, unchanged: 1 });
      const revised = { ...solar, y10: 180.2, y81c: 150.1, source: 'SET SOLFSMY c.txt line 7' };
      expect(await repo.upsertSolarIndices([revised], null, NOW)).toEqual({ added: 0, updated: 1, unchanged: 0 });
      expect(await repo.allSolarIndices()).toEqual([revised]);

      const storm = { date: '2003-10-29', hourly: Array.from({ length: 24 }, (_, h) => 100 + h), source: 'SET DTCFILE a.txt line 1' };
      expect(await repo.upsertStormTemperature([storm], null, NOW)).toEqual({ added: 1, updated: 0, unchanged: 0 });
      expect(await repo.upsertStormTemperature([storm], null, NOW)).toEqual({ added: 0, updated: 0, unchanged: 1 });
      const stormRevised = { ...storm, hourly: storm.hourly.map((v, h) => (h === 23 ? 299 : v)) };
      expect(await repo.upsertStormTemperature([stormRevised], null, NOW)).toEqual({ added: 0, updated: 1, unchanged: 0 });
      expect(await repo.allStormTemperature()).toEqual([stormRevised]);
    } finally {
      await db.close();
    }
  });
});

describe.each(databaseTargets)('DragCalculationRepository on $name', (target) => {
  let store: TestStore | undefined;
  afterEach(async () => {
    await store?.destroy();
    store = undefined;
  });

  it('keeps every calculation and lists the newest first; the store survives a reopen', async () => {
    store = await target.createStore();
    let db = await store.open();
    try {
      const repo = new DragCalculationRepository(db.db);
      for (let i = 1; i <= 5; i++) {
        await repo.insert({ createdAt: new Date(NOW.getTime() + i * 1000), satellite: `SAT-${i}`, model: 'nrlmsise', input: { mass: i }, result: { dragForce: i * 1e-4, lifetimeEstimate: undefined } });
      }
      expect(await repo.count()).toBe(5);
      const latest = await repo.latest<{ mass: number }, { dragForce: number }>(3);
      expect(latest.map((r) => r.satellite)).toEqual(['SAT-5', 'SAT-4', 'SAT-3']);
      expect(latest[0]).toMatchObject({ model: 'nrlmsise', input: { mass: 5 }, result: { dragForce: 5e-4 } });
      expect(latest[0]!.createdAt.toISOString()).toBe('2026-11-21T12:00:05.000Z');
    } finally {
      await db.close();
    }
    db = await store.open();
    try {
      expect(await new DragCalculationRepository(db.db).count()).toBe(5);
    } finally {
      await db.close();
    }
  });
});
