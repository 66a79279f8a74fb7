/**
 * Issue 12, "nothing half-written", for every kind of import (element sets, SATCAT, space weather,
 * CDMs), through the services on PGlite and on PostgreSQL when DATABASE_URL is set: an import that
 * fails part-way stores nothing and its record says `failed` with the error; a record left
 * `running` (its process killed; tests/integration/crash-*.test.ts kill the real server) is marked
 * `interrupted` at start-up by each service's initialise.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAppContext, type AppContext } from '../../src/server/app-context.ts';
import { loadConfig } from '../../src/server/config.ts';
import type { Database } from '../../src/server/db/database.ts';
import { catalogImports, cdmImports, cdmMessages as cdmMessagesTable, elementSets, spaceObjects, spaceWeatherDays, spaceWeatherImports } from '../../src/server/db/schema.ts';
import { CatalogRepository, INTERRUPTED_IMPORT_ERROR } from '../../src/server/repositories/catalog-repository.ts';
import { CdmMessageRepository } from '../../src/server/repositories/cdm-message-repository.ts';
import { SpaceWeatherRepository } from '../../src/server/repositories/space-weather-repository.ts';
import { CatalogService } from '../../src/server/services/catalog-service.ts';
import { SpaceWeatherService } from '../../src/server/services/space-weather-service.ts';
import { VERSION } from '../../src/server/version.ts';
import { databaseTargets, type TestStore } from './support/databases.ts';
import { readVendored } from '../reference/index.ts';
import { CATALOG_2023, hasReference, readReference, SW_ALL_1998 } from './support/reference.ts';

const NOW = new Date('2026-11-21T12:00:00Z');
// Each test leaves rows the last one counts, so without the catalogue or space weather of ../shared/reference the whole file skips.
const present = hasReference('atomic-imports.test', CATALOG_2023, SW_ALL_1998);
// The first 100 objects of the real 2023 catalogue (3LE: three lines each).
const TLE = present ? readReference(CATALOG_2023).split(/\r?\n/).slice(0, 300).join('\n') : '';
// Header and the first 365 days of CelesTrak's SW-All file.
const SW_ALL = present ? readReference(SW_ALL_1998).split(/\r?\n/).slice(0, 366).join('\n') : '';
// Two of NASA CARA's CDMs, of different pairs.
const CARA = ['000025994_conj_000037558_20210324_151047_20210323_154356.cdm', '000020580_conj_000002017_20230613_001923_20230608_063715.cdm'];

/** A warn/info logger that keeps what it was told. */
function recordingLogger() {
  const lines: { msg: string | undefined; obj: object }[] = [];
  const log = { info: (obj: object, msg?: string) => void lines.push({ obj, msg }), warn: (obj: object, msg?: string) => void lines.push({ obj, msg }) };
  return { log, lines };
}

describe.skipIf(!present).each(databaseTargets)('atomic imports ($name)', (target) => {
  let store: TestStore;
  let database: Database;
  let ctx: AppContext;
  const count$ = async (table: typeof spaceObjects | typeof elementSets | typeof spaceWeatherDays) => Number((await database.db.select({ n: count() }).from(table))[0]?.n ?? 0);

  beforeAll(async () => {
    store = await target.createStore();
    database = await store.open();
    ctx = createAppContext(loadConfig({ DATA_DIR: '/nonexistent', LOG_LEVEL: 'silent', DEMO_CATALOG: 'off', SCREENING: 'off' }), database, VERSION);
  });
  afterAll(async () => {
    await ctx?.services.cdmImport.close();
    await ctx?.services.screening.close();
    await database?.close();
    await store?.destroy();
  });
  afterEach(() => vi.restoreAllMocks());

  it('element sets: a failure part-way stores nothing and the record says failed; the same file again is imported whole', async () => {
    const catalog = ctx.services.catalog;
    // Objects are written, then the sets fail: the objects roll back with them.
    vi.spyOn(CatalogRepository.prototype, 'insertElementSets').mockRejectedValueOnce(new Error('injected failure'));
    await expect(catalog.importElementSets(TLE, { source: 'import', label: 'first-100.tle' }, NOW)).rejects.toThrow('injected failure');
    expect([await count$(spaceObjects), await count$(elementSets)]).toEqual([0, 0]);
    expect(catalog.size).toBe(0);
    const again = await catalog.importElementSets(TLE, { source: 'import', label: 'first-100.tle' }, NOW);
    expect(again).toMatchObject({ records: 100, objectsAdded: 100, setsAdded: 100, duplicates: 0 });
    const rows = await database.db.select().from(catalogImports).orderBy(catalogImports.id);
    expect(rows.map((r) => [r.label, r.status, r.error, r.objectsAdded, r.setsAdded, r.finishedAt !== null])).toEqual([
      ['first-100.tle', 'failed', 'injected failure', 0, 0, true],
      ['first-100.tle', 'completed', null, 100, 100, true],
    ]);
    expect([await count$(spaceObjects), await count$(elementSets), catalog.size]).toEqual([100, 100, 100]);
  });

  it('SATCAT: a failure stores nothing and the record says failed', async () => {
    const satcat = `OBJECT_NAME,OBJECT_ID,NORAD_CAT_ID,OBJECT_TYPE,OPS_STATUS_CODE,OWNER,LAUNCH_DATE,LAUNCH_SITE,DECAY_DATE,PERIOD,INCLINATION,APOGEE,PERIGEE,RCS,DATA_STATUS_CODE,ORBIT_CENTER,ORBIT_TYPE
NEW SAT,2026-001A,99001,PAY,+,ISRA,2026-01-01,AFETR,,95.0,51.6,420,410,1.5,,EA,ORB`;
    vi.spyOn(CatalogRepository.prototype, 'finishImport').mockRejectedValueOnce(new Error('injected failure'));
    await expect(ctx.services.catalog.importSatcat(satcat, 'satcat.csv', NOW)).rejects.toThrow('injected failure');
    expect(await database.db.select().from(spaceObjects).where(eq(spaceObjects.noradId, 99001))).toEqual([]);
    const [row] = await database.db.select().from(catalogImports).where(eq(catalogImports.label, 'satcat.csv'));
    expect(row).toMatchObject({ status: 'failed', error: 'injected failure', objectsAdded: 0 });
  });

  it('space weather: a failure stores no day and the record says failed; the last import shown is the last completed', async () => {
    const service = ctx.services.spaceWeather;
    vi.spyOn(SpaceWeatherRepository.prototype, 'finishImport').mockRejectedValueOnce(new Error('injected failure'));
    await expect(service.importSwAll(SW_ALL, 'SW-All-1998.csv', NOW)).rejects.toThrow('injected failure');
    expect(await count$(spaceWeatherDays)).toBe(0);
    expect(await ctx.repositories.spaceWeather.lastImport()).toBeUndefined();
    const report = await service.importSwAll(SW_ALL, 'SW-All-1998.csv', NOW);
    expect(report).toMatchObject({ rows: 365, daysAdded: 365, daysUpdated: 0 });
    expect(await count$(spaceWeatherDays)).toBe(365);
    const rows = await database.db.select().from(spaceWeatherImports).orderBy(spaceWeatherImports.id);
    expect(rows.map((r) => [r.status, r.error, r.daysAdded])).toEqual([
      ['failed', 'injected failure', 0],
      ['completed', null, 365],
    ]);
    expect(await ctx.repositories.spaceWeather.lastImport()).toMatchObject({ id: rows[1]!.id, label: 'SW-All-1998.csv' });
  });

  it('CDMs: one transaction per import, in which a message another writer stored meanwhile is skipped alone (a savepoint)', async () => {
    const [a, b] = CARA.map((f) => readVendored(`cdm/cara/${f}`));
    const first = await ctx.services.cdmImport.importFile(a!, 'a.cdm', NOW);
    expect(first.imported.map((i) => i.action)).toEqual(['created']);
    // As if another process stored message a between this import's read of the stored keys and its write.
    vi.spyOn(CdmMessageRepository.prototype, 'existingKeys').mockResolvedValueOnce(new Map());
    const [outcome] = await ctx.services.cdmImport.importFiles([{ text: `${a}\n${b}`, fileName: 'a-and-b.cdm' }], NOW);
    if (!outcome || !('response' in outcome)) throw new Error('expected a report');
    expect(outcome.response.duplicates).toEqual([{ index: 0, messageId: first.imported[0]!.messageId, conjunctionId: null }]);
    expect(outcome.response.imported.map((i) => [i.index, i.action])).toEqual([[1, 'created']]);
    const rows = await database.db.select().from(cdmImports).orderBy(cdmImports.id);
    expect(rows.map((r) => [r.label, r.status, r.messages, r.created, r.updated, r.duplicates, r.rejected])).toEqual([
      ['a.cdm', 'completed', 1, 1, 0, 0, 0],
      ['a-and-b.cdm', 'completed', 2, 1, 0, 1, 0],
    ]);
    const [messages] = await database.db.select({ n: count() }).from(cdmMessagesTable);
    expect(Number(messages?.n)).toBe(2);
  });

  it('marks the imports left running by a crash interrupted at start-up, in all three tables, and says how many', async () => {
    const { catalog, spaceWeather, cdmMessages } = ctx.repositories;
    // What a process killed inside the imports' transactions leaves: their rows, running.
    const catalogIds = [await catalog.startImport('import', 'killed-1.tle', 'tle', NOW), await catalog.startImport('satcat', 'killed-2.csv', 'satcat', NOW)];
    const weatherId = await spaceWeather.startImport('celestrak-sw-all', 'killed.csv', NOW);
    const cdmId = await cdmMessages.startImport('killed.cdm', NOW);

    const catalogLog = recordingLogger();
    const weatherLog = recordingLogger();
    const cdmLog = recordingLogger();
    // The services as the server builds them at start-up, with loggers to read.
    await new CatalogService(catalog, { fleetOwners: [], fleetNoradIds: [], demo: false }, catalogLog.log).initialise(NOW);
    await new SpaceWeatherService(spaceWeather, weatherLog.log).initialise();
    expect(await ctx.services.cdmImport.initialise(cdmLog.log)).toEqual([cdmId]);

    expect(catalogLog.lines).toContainEqual({ msg: 'catalogue imports cut short by a stop marked interrupted', obj: { imports: 2, ids: catalogIds } });
    expect(weatherLog.lines).toContainEqual({ msg: 'space-weather imports cut short by a stop marked interrupted', obj: { imports: 1, ids: [weatherId] } });
    expect(cdmLog.lines).toEqual([{ msg: 'CDM imports cut short by a stop marked interrupted', obj: { imports: 1, ids: [cdmId] } }]);
    const interrupted = { status: 'interrupted', error: INTERRUPTED_IMPORT_ERROR, finishedAt: null };
    const { db } = database;
    for (const id of catalogIds) expect((await db.select().from(catalogImports).where(eq(catalogImports.id, id)))[0]).toMatchObject(interrupted);
    expect((await db.select().from(spaceWeatherImports).where(eq(spaceWeatherImports.id, weatherId)))[0]).toMatchObject(interrupted);
    expect((await db.select().from(cdmImports).where(eq(cdmImports.id, cdmId)))[0]).toMatchObject(interrupted);
    // Completed and failed records are left as they were; a second start finds nothing to mark.
    expect(await database.db.select({ status: catalogImports.status }).from(catalogImports).orderBy(catalogImports.id)).toEqual(
      ['failed', 'completed', 'failed', 'interrupted', 'interrupted'].map((s) => ({ status: s })),
    );
    expect(await catalog.markInterrupted()).toEqual([]);
    expect(await spaceWeather.markInterrupted()).toEqual([]);
    expect(await cdmMessages.markInterrupted()).toEqual([]);
  });

  // Only PostgreSQL has other connections (PGlite has one, and one process by its lock).
  if (target.name === 'postgres') {
    it('skips the row of an import still running in another process (locked by its transaction)', async () => {
      // On PostgreSQL a second server (or `ssa cdm import`) may start while an import runs: its row is locked, not abandoned.
      const repo = ctx.repositories.catalog;
      const id = await repo.startImport('import', 'in-progress.tle', 'tle', NOW);
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let locked!: () => void;
      const isLocked = new Promise<void>((r) => (locked = r));
      const importing = repo.transaction(async (tx) => {
        await tx.lockImport(id);
        locked();
        await held;
      });
      await isLocked;
      expect(await repo.markInterrupted()).toEqual([]);
      release();
      await importing;
      expect(await repo.markInterrupted()).toEqual([id]);
    });
  }
});
