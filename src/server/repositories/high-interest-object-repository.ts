import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { highInterestObjects } from '../db/schema.ts';
import { FOREIGN_KEY_VIOLATION, sqlState, UNIQUE_VIOLATION } from './database-errors.ts';

/** A stored high-interest object (`high_interest_objects`). */
export type HighInterestObjectRow = typeof highInterestObjects.$inferSelect;
/** What `create` takes: every column but the id; `updatedAt` defaults to `addedDate`. */
export type NewHighInterestObject = Omit<HighInterestObjectRow, 'id' | 'updatedAt'> & { updatedAt?: Date };
/** What `update` changes; `updatedAt` defaults to the current time. */
export type HighInterestObjectPatch = Partial<Omit<HighInterestObjectRow, 'id'>>;

/** `create`/`update` would put a second entry on a satellite that has one (answer 409). */
export class DuplicateHighInterestObjectError extends Error {
  override name = 'DuplicateHighInterestObjectError';
  constructor(readonly satelliteId: number | undefined) {
    super(`satellite ${satelliteId ?? '?'} is already a high-interest object`);
  }
}

/** `create`/`update` names a satellite that is not in the catalogue (`space_objects`). */
export class UnknownSatelliteError extends Error {
  override name = 'UnknownSatelliteError';
  constructor(readonly satelliteId: number | undefined) {
    super(`satellite ${satelliteId ?? '?'} is not in the catalogue`);
  }
}

/** High-interest objects: the operators' watch list (product spec §3). The only code that touches `high_interest_objects`. */
export class HighInterestObjectRepository {
  constructor(private readonly db: Db) {}

  /** Every entry, oldest first. */
  async list(): Promise<HighInterestObjectRow[]> {
    return this.db.select().from(highInterestObjects).orderBy(asc(highInterestObjects.id));
  }

  async get(id: number): Promise<HighInterestObjectRow | undefined> {
    const [row] = await this.db.select().from(highInterestObjects).where(eq(highInterestObjects.id, id));
    return row;
  }

  async getBySatellite(satelliteId: number): Promise<HighInterestObjectRow | undefined> {
    const [row] = await this.db.select().from(highInterestObjects).where(eq(highInterestObjects.satelliteId, satelliteId));
    return row;
  }

  /** Adds an entry. Throws DuplicateHighInterestObjectError (satellite already listed) or UnknownSatelliteError (not in the catalogue). */
  async create(row: NewHighInterestObject): Promise<HighInterestObjectRow> {
    try {
      const [created] = await this.db
        .insert(highInterestObjects)
        .values({ ...row, updatedAt: row.updatedAt ?? row.addedDate })
        .returning();
      if (!created) throw new Error('high_interest_objects insert returned nothing');
      return created;
    } catch (error) {
      throw translate(error, row.satelliteId);
    }
  }

  /** Changes an entry; undefined when there is none with that id. Throws like `create`. */
  async update(id: number, patch: HighInterestObjectPatch): Promise<HighInterestObjectRow | undefined> {
    const { id: _id, ...fields } = patch as HighInterestObjectPatch & { id?: number };
    try {
      const [updated] = await this.db
        .update(highInterestObjects)
        .set({ ...fields, updatedAt: fields.updatedAt ?? new Date() })
        .where(eq(highInterestObjects.id, id))
        .returning();
      return updated;
    } catch (error) {
      throw translate(error, fields.satelliteId);
    }
  }

  /** Removes an entry; false when there was none. */
  async delete(id: number): Promise<boolean> {
    const rows = await this.db.delete(highInterestObjects).where(eq(highInterestObjects.id, id)).returning({ id: highInterestObjects.id });
    return rows.length > 0;
  }

  async count(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(highInterestObjects);
    return Number(row?.n ?? 0);
  }
}

function translate(error: unknown, satelliteId: number | undefined): unknown {
  const state = sqlState(error);
  if (state === UNIQUE_VIOLATION) return new DuplicateHighInterestObjectError(satelliteId);
  if (state === FOREIGN_KEY_VIOLATION) return new UnknownSatelliteError(satelliteId);
  return error;
}
