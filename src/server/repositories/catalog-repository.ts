import { and, count, desc, eq, inArray, max, or, sql } from 'drizzle-orm';
import type { ObjectType } from '../../core/catalog/index.ts';
import type { ElementSet, Rejection } from '../../core/elements/index.ts';
import { utcMs, degrees } from '../../core/units.ts';
import type { Db } from '../db/database.ts';
import { catalogImports, elementSets, spaceObjects } from '../db/schema.ts';

export interface SpaceObject {
  noradId: number;
  name: string;
  cosparId: string | null;
  objectType: ObjectType;
  owner: string | null;
  rcsSize: string | null;
  rcsM2: number | null;
  massKg: number | null;
  launchDate: string | null;
  decayDate: string | null;
  category: string | null;
  mission: string | null;
  description: string | null;
  source: string;
}

/** An object's newest element set, what the propagator cache is built from. */
export interface CatalogEntry {
  object: SpaceObject;
  set: ElementSet;
  setSource: string;
}

export interface ImportCounts {
  objectsAdded: number;
  setsAdded: number;
  duplicates: number;
}

// Postgres takes at most 65,535 bind parameters a statement; element_sets has 19 columns.
const SET_BATCH = 2000;
const OBJECT_BATCH = 3000;

/** running | completed | failed | interrupted (see `catalog_imports` in schema.ts). */
export type ImportStatus = 'running' | 'completed' | 'failed' | 'interrupted';

/** What an import cut short by a crash or a stop says: its transaction never committed. */
export const INTERRUPTED_IMPORT_ERROR = 'interrupted: the server stopped before the import committed; nothing of it was stored';

/** A stored element set with its object's name and designator, as the core reads it. */
function elementSetOf(object: typeof spaceObjects.$inferSelect, set: typeof elementSets.$inferSelect): ElementSet {
  return {
    norad: set.noradId,
    name: object.name,
    ...(object.cosparId ? { cosparId: object.cosparId } : {}),
    classification: set.classification as ElementSet['classification'],
    epoch: utcMs(set.epoch.getTime()),
    meanMotion: set.meanMotion,
    eccentricity: set.eccentricity,
    inclination: degrees(set.inclination),
    raan: degrees(set.raan),
    argPerigee: degrees(set.argPerigee),
    meanAnomaly: degrees(set.meanAnomaly),
    bstar: set.bstar,
    meanMotionDot: set.meanMotionDot,
    meanMotionDdot: set.meanMotionDdot,
    elementSetNo: set.elementSetNo,
    revAtEpoch: set.revAtEpoch,
    ephemerisType: set.ephemerisType,
  };
}

/** The catalogue's SQL: objects, element-set history, ingestions. */
export class CatalogRepository {
  constructor(private readonly db: Db) {}

  /**
   * Runs `work` in one transaction, with a repository whose every statement is part of it: all of
   * it commits or none. Inside, use only that repository (PGlite has one connection: a statement on
   * the outer handle would wait for the transaction, which waits for it).
   */
  async transaction<T>(work: (repo: CatalogRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new CatalogRepository(tx)));
  }

  async countObjects(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(spaceObjects);
    return Number(row?.n ?? 0);
  }

  async countElementSets(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(elementSets);
    return Number(row?.n ?? 0);
  }

  async newestEpoch(): Promise<Date | null> {
    const [row] = await this.db.select({ epoch: max(elementSets.epoch) }).from(elementSets);
    return row?.epoch ?? null;
  }

  /** Distinct sources of stored element sets with their counts. */
  async setSources(): Promise<{ source: string; sets: number }[]> {
    const rows = await this.db.select({ source: elementSets.source, sets: count() }).from(elementSets).groupBy(elementSets.source);
    return rows.map((r) => ({ source: r.source, sets: Number(r.sets) }));
  }

  /**
   * Inserts new objects and refreshes known ones. Metadata already stored is
   * kept where the new record has none (a TLE import knows only a name and a
   * COSPAR id; it must not erase the owner a SATCAT import gave).
   */
  async upsertObjects(unsorted: SpaceObject[], now: Date): Promise<number> {
    // In key order: an import holds its row locks to the end of its transaction, and two imports
    // that lock the same objects in the same order wait for each other instead of deadlocking.
    const objects = [...unsorted].sort((a, b) => a.noradId - b.noradId);
    let added = 0;
    for (let i = 0; i < objects.length; i += OBJECT_BATCH) {
      const batch = objects.slice(i, i + OBJECT_BATCH).map((o) => ({ ...o, updatedAt: now }));
      const keep = (column: string) => sql.raw(`coalesce(excluded.${column}, space_objects.${column})`);
      const rows = await this.db
        .insert(spaceObjects)
        .values(batch)
        .onConflictDoUpdate({
          target: spaceObjects.noradId,
          set: {
            name: sql.raw('excluded.name'),
            cosparId: keep('cospar_id'),
            // A guessed 'unknown' never replaces a known type.
            objectType: sql.raw(`case when excluded.object_type = 'unknown' then space_objects.object_type else excluded.object_type end`),
            owner: keep('owner'),
            rcsSize: keep('rcs_size'),
            rcsM2: keep('rcs_m2'),
            massKg: keep('mass_kg'),
            launchDate: keep('launch_date'),
            decayDate: keep('decay_date'),
            category: keep('category'),
            mission: keep('mission'),
            description: keep('description'),
            updatedAt: sql.raw('excluded.updated_at'),
          },
        })
        // xmax = 0 only for freshly inserted rows (a Postgres idiom for "inserted, not updated").
        .returning({ inserted: sql<boolean>`(xmax = 0)` });
      added += rows.filter((r) => r.inserted).length;
    }
    return added;
  }

  /** Adds element sets; a set whose (norad, epoch) is already stored is skipped. Returns how many were new. */
  async insertElementSets(unsorted: readonly ElementSet[], source: string, importId: number | null, now: Date): Promise<number> {
    // In key order, as upsertObjects, so concurrent imports cannot deadlock on the unique index.
    const sets = [...unsorted].sort((a, b) => a.norad - b.norad || a.epoch - b.epoch);
    let added = 0;
    for (let i = 0; i < sets.length; i += SET_BATCH) {
      const batch = sets.slice(i, i + SET_BATCH).map((s) => ({
        noradId: s.norad,
        epoch: new Date(s.epoch),
        meanMotion: s.meanMotion,
        eccentricity: s.eccentricity,
        inclination: s.inclination,
        raan: s.raan,
        argPerigee: s.argPerigee,
        meanAnomaly: s.meanAnomaly,
        bstar: s.bstar,
        meanMotionDot: s.meanMotionDot,
        meanMotionDdot: s.meanMotionDdot,
        elementSetNo: s.elementSetNo,
        revAtEpoch: s.revAtEpoch,
        classification: s.classification,
        ephemerisType: s.ephemerisType,
        source,
        importId,
        createdAt: now,
      }));
      const rows = await this.db.insert(elementSets).values(batch).onConflictDoNothing().returning({ id: elementSets.id });
      added += rows.length;
    }
    return added;
  }

  /** Each object's newest element set (DISTINCT ON keeps the first row per object in epoch-descending order). */
  async newestEntries(filter?: { noradIds?: number[]; owners?: string[] }): Promise<CatalogEntry[]> {
    const conditions = [];
    if (filter?.noradIds?.length) conditions.push(inArray(spaceObjects.noradId, filter.noradIds));
    if (filter?.owners?.length) conditions.push(inArray(spaceObjects.owner, filter.owners));
    const where = conditions.length === 0 ? undefined : conditions.length === 1 ? conditions[0] : or(...conditions);
    const rows = await this.db
      .selectDistinctOn([elementSets.noradId], { object: spaceObjects, set: elementSets })
      .from(elementSets)
      .innerJoin(spaceObjects, eq(spaceObjects.noradId, elementSets.noradId))
      .where(where)
      .orderBy(elementSets.noradId, desc(elementSets.epoch));
    return rows.map(({ object, set }) => ({
      object: toSpaceObject(object),
      setSource: set.source,
      set: elementSetOf(object, set),
    }));
  }

  /** Every stored element set of one object, oldest first (at most `limit`, the newest ones). */
  async elementSets(noradId: number, limit = 100_000): Promise<ElementSet[]> {
    return (await this.elementSetsWithSources(noradId, limit)).map((r) => r.set);
  }

  /** As elementSets, each with the source it came from. */
  async elementSetsWithSources(noradId: number, limit = 100_000): Promise<{ set: ElementSet; source: string }[]> {
    const rows = await this.db
      .select({ object: spaceObjects, set: elementSets })
      .from(elementSets)
      .innerJoin(spaceObjects, eq(spaceObjects.noradId, elementSets.noradId))
      .where(eq(elementSets.noradId, noradId))
      .orderBy(desc(elementSets.epoch))
      .limit(limit);
    return rows.reverse().map(({ object, set }) => ({ set: elementSetOf(object, set), source: set.source }));
  }

  /** Element-set history of one object, oldest first. */
  async history(noradId: number): Promise<{ epoch: Date; source: string; meanMotion: number; eccentricity: number; inclination: number; raan: number }[]> {
    return this.db
      .select({
        epoch: elementSets.epoch,
        source: elementSets.source,
        meanMotion: elementSets.meanMotion,
        eccentricity: elementSets.eccentricity,
        inclination: elementSets.inclination,
        raan: elementSets.raan,
      })
      .from(elementSets)
      .where(eq(elementSets.noradId, noradId))
      .orderBy(elementSets.epoch);
  }

  async findObject(noradId: number): Promise<SpaceObject | undefined> {
    const [row] = await this.db.select().from(spaceObjects).where(eq(spaceObjects.noradId, noradId));
    return row ? toSpaceObject(row) : undefined;
  }

  /**
   * Records an import that starts now, as `running`, in a statement of its own: it stays visible if
   * the import's transaction never commits (a crash), and is then marked interrupted at the next start.
   */
  async startImport(source: string, label: string, format: string | null, now: Date): Promise<number> {
    const [row] = await this.db.insert(catalogImports).values({ status: 'running', source, label, format, startedAt: now }).returning({ id: catalogImports.id });
    if (!row) throw new Error('catalog_imports insert returned nothing');
    return row.id;
  }

  /**
   * Locks the import's row for the rest of this transaction (call it first inside the import's
   * transaction): a server starting meanwhile on the same PostgreSQL database then skips it when it
   * marks the imports of crashed processes interrupted (`markInterrupted`).
   */
  async lockImport(id: number): Promise<void> {
    await this.db.select({ id: catalogImports.id }).from(catalogImports).where(eq(catalogImports.id, id)).for('update');
  }

  /** Marks an import completed with its counts: call it inside the transaction that writes its data. */
  async finishImport(id: number, result: ImportCounts & { rejections: readonly Rejection[] }, now: Date): Promise<void> {
    await this.db
      .update(catalogImports)
      .set({
        status: 'completed',
        error: null,
        finishedAt: now,
        objectsAdded: result.objectsAdded,
        setsAdded: result.setsAdded,
        duplicates: result.duplicates,
        rejected: result.rejections.length,
        rejections: result.rejections.slice(0, 100),
      })
      .where(eq(catalogImports.id, id));
  }

  /** Marks an import failed with its error (its transaction rolled back); an import already completed is left as it is. */
  async failImport(id: number, error: string, now: Date): Promise<void> {
    await this.db
      .update(catalogImports)
      .set({ status: 'failed', error: error.slice(0, 2000), finishedAt: now })
      .where(and(eq(catalogImports.id, id), eq(catalogImports.status, 'running')));
  }

  /**
   * Marks every import still `running` interrupted (its process stopped before its transaction
   * committed, so none of its data is stored); returns their ids. Rows locked by an import in
   * progress (another process on the same PostgreSQL database) are skipped.
   */
  async markInterrupted(): Promise<number[]> {
    const running = this.db.select({ id: catalogImports.id }).from(catalogImports).where(eq(catalogImports.status, 'running')).for('update', { skipLocked: true });
    const rows = await this.db
      .update(catalogImports)
      .set({ status: 'interrupted', error: INTERRUPTED_IMPORT_ERROR })
      .where(inArray(catalogImports.id, running))
      .returning({ id: catalogImports.id });
    return rows.map((r) => r.id);
  }

  /**
   * Completed imports, as "how many:newest id": changes whenever any server sharing the database
   * completes an import (CatalogService.syncWithDatabase).
   */
  async importSignature(): Promise<string> {
    const [row] = await this.db.select({ n: count(), last: max(catalogImports.id) }).from(catalogImports).where(eq(catalogImports.status, 'completed'));
    return `${Number(row?.n ?? 0)}:${Number(row?.last ?? 0)}`;
  }

  /** The newest import (of `source`), whatever its status. */
  async lastImport(source?: string) {
    const [row] = await this.db
      .select()
      .from(catalogImports)
      .where(source ? eq(catalogImports.source, source) : undefined)
      .orderBy(desc(catalogImports.id))
      .limit(1);
    return row;
  }

  /** Objects whose record came from `source` ('demo': the demo catalogue's), and element sets of one import. */
  async countStored(source: string, importId: number): Promise<{ objects: number; sets: number }> {
    const [objects] = await this.db.select({ n: count() }).from(spaceObjects).where(eq(spaceObjects.source, source));
    const [sets] = await this.db.select({ n: count() }).from(elementSets).where(eq(elementSets.importId, importId));
    return { objects: Number(objects?.n ?? 0), sets: Number(sets?.n ?? 0) };
  }

  /** The NORAD ids of every stored object. */
  async storedNoradIds(): Promise<Set<number>> {
    const rows = await this.db.select({ noradId: spaceObjects.noradId }).from(spaceObjects);
    return new Set(rows.map((r) => r.noradId));
  }

  /** The element sets of one import, as `${norad}@${epoch ms}`. */
  async setKeysOfImport(importId: number): Promise<Set<string>> {
    const rows = await this.db.select({ noradId: elementSets.noradId, epoch: elementSets.epoch }).from(elementSets).where(eq(elementSets.importId, importId));
    return new Set(rows.map((r) => `${r.noradId}@${r.epoch.getTime()}`));
  }

  /** Adds the objects not stored yet, as they are; an object already stored is left untouched. Returns how many were new. */
  async insertMissingObjects(objects: readonly SpaceObject[], now: Date): Promise<number> {
    let added = 0;
    for (let i = 0; i < objects.length; i += OBJECT_BATCH) {
      const rows = await this.db
        .insert(spaceObjects)
        .values(objects.slice(i, i + OBJECT_BATCH).map((o) => ({ ...o, updatedAt: now })))
        .onConflictDoNothing()
        .returning({ noradId: spaceObjects.noradId });
      added += rows.length;
    }
    return added;
  }
}

/** An object known only by what another source says of it (a CDM's OBJECT_DESIGNATOR, OBJECT_NAME, …). */
export type MinimalSpaceObject = Pick<SpaceObject, 'noradId' | 'name' | 'cosparId' | 'objectType'>;

/**
 * Adds the objects the catalogue has no row for, with `db` (the database or a transaction of the
 * caller's write); an object already there is left as it is (the catalogue's own record wins).
 */
export async function insertMissingObjects(db: Pick<Db, 'insert'>, objects: readonly MinimalSpaceObject[], source: string, now: Date): Promise<void> {
  for (let i = 0; i < objects.length; i += OBJECT_BATCH) {
    await db
      .insert(spaceObjects)
      .values(objects.slice(i, i + OBJECT_BATCH).map((o) => ({ ...o, owner: null, source, updatedAt: now })))
      .onConflictDoNothing();
  }
}

function toSpaceObject(row: typeof spaceObjects.$inferSelect): SpaceObject {
  const { updatedAt: _updatedAt, ...rest } = row;
  return { ...rest, objectType: rest.objectType as ObjectType };
}
