/**
 * Issue 12: the demo catalogue is served whole or not at all. It is generated in one transaction,
 * and verified at every start: a partial demo (its import not completed, as a version before issue
 * 12 left it after a crash, or fewer objects or sets than its completed import recorded) is
 * completed by generating it again from the import's own start time and inserting what is missing.
 * On PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CATALOG_SIZE, generateDemoCatalog } from '../../src/core/catalog/index.ts';
import { utcMs } from '../../src/core/units.ts';
import type { Database } from '../../src/server/db/database.ts';
import { catalogImports, elementSets, spaceObjects } from '../../src/server/db/schema.ts';
import { CatalogRepository } from '../../src/server/repositories/catalog-repository.ts';
import { CatalogService } from '../../src/server/services/catalog-service.ts';
import { databaseTargets, type TestStore } from './support/databases.ts';

const DAY_MS = 86_400_000;
const T0 = new Date('2026-11-20T08:00:00Z');
const full = generateDemoCatalog({ now: utcMs(T0.getTime()) });
const key = (norad: number, epochMs: number) => `${norad}@${epochMs}`;
const fullKeys = new Set(full.sets.map((s) => key(s.norad, s.epoch)));

describe.each(databaseTargets)('the demo catalogue, verified at start ($name)', (target) => {
  let store: TestStore;
  let database: Database;
  let messages: (string | undefined)[] = [];

  /** A fresh service, as a start builds it (demo on), logging into `messages`. */
  const start = async (now: Date): Promise<CatalogService> => {
    messages = [];
    const log = { info: (_: object, msg?: string) => void messages.push(msg), warn: (_: object, msg?: string) => void messages.push(msg) };
    const service = new CatalogService(new CatalogRepository(database.db), { fleetOwners: [], fleetNoradIds: [], demo: true }, log);
    await service.initialise(now);
    return service;
  };
  const stored = async () => {
    const { db } = database;
    const [objects] = await db.select({ n: count() }).from(spaceObjects);
    const sets = await db.select({ norad: elementSets.noradId, epoch: elementSets.epoch, importId: elementSets.importId }).from(elementSets);
    const imports = await db.select().from(catalogImports).orderBy(catalogImports.id);
    return { objects: Number(objects?.n ?? 0), sets, imports };
  };
  /** The stored catalogue is exactly the demo of T0, under one completed import recording it. */
  const expectWholeDemo = async (service: CatalogService) => {
    const s = await stored();
    expect(s.objects).toBe(DEMO_CATALOG_SIZE);
    expect(s.sets).toHaveLength(full.sets.length);
    expect(s.sets.every((x) => fullKeys.has(key(x.norad, x.epoch.getTime())))).toBe(true);
    expect(s.imports).toHaveLength(1);
    expect(s.imports[0]).toMatchObject({ source: 'demo', status: 'completed', error: null, startedAt: T0, objectsAdded: DEMO_CATALOG_SIZE, setsAdded: full.sets.length });
    expect(s.sets.every((x) => x.importId === s.imports[0]!.id)).toBe(true);
    expect(service.size).toBe(DEMO_CATALOG_SIZE);
  };

  beforeAll(async () => {
    store = await target.createStore();
    database = await store.open();
  });
  afterAll(async () => {
    await database?.close();
    await store?.destroy();
  });

  it('seeds the whole demo into an empty database as one completed import', async () => {
    expect(full.objects).toHaveLength(DEMO_CATALOG_SIZE);
    expect(full.sets.length).toBeGreaterThan(DEMO_CATALOG_SIZE);
    await expectWholeDemo(await start(T0));
    expect(messages).toContain('demo catalogue generated');
  }, 120_000);

  it('serves a whole demo as it is on the next start, a day later', async () => {
    await expectWholeDemo(await start(new Date(T0.getTime() + DAY_MS)));
    expect(messages).not.toContain('demo catalogue partial: completing it');
    expect(messages).not.toContain('demo catalogue generated');
  });

  it('completes a demo missing half its objects (and their sets) from its import’s start time, three days later', async () => {
    await database.db.delete(spaceObjects).where(sql`${spaceObjects.source} = 'demo' and ${spaceObjects.noradId} % 2 = 0`);
    const partial = await stored();
    expect(partial.objects).toBe(full.objects.filter((o) => o.noradId % 2 === 1).length);
    expect(partial.sets.length).toBeLessThan(full.sets.length);
    // Generated from T0, not from the day of the start: the same objects and epochs come back.
    await expectWholeDemo(await start(new Date(T0.getTime() + 3 * DAY_MS)));
    expect(messages).toContain('demo catalogue partial: completing it');
    expect(messages).toContain('demo catalogue completed');
  }, 120_000);

  it('completes a demo an earlier version left half-written (import never finished, a third of its sets missing)', async () => {
    const [demo] = await database.db.select().from(catalogImports).where(eq(catalogImports.source, 'demo'));
    // What a crash of the code before issue 12 left, once migration 0007 marked the unfinished row interrupted.
    await database.db.delete(elementSets).where(sql`${elementSets.id} % 3 = 0`);
    await database.db.update(catalogImports).set({ status: 'interrupted', finishedAt: null, objectsAdded: 0, setsAdded: 0 }).where(eq(catalogImports.id, demo!.id));
    expect((await stored()).sets.length).toBeLessThan(full.sets.length);
    await expectWholeDemo(await start(new Date(T0.getTime() + 10 * DAY_MS)));
    expect(messages).toContain('demo catalogue partial: completing it');
  }, 120_000);
});
