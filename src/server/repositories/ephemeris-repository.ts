import { and, desc, eq, getTableColumns, gte, lte } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { ephemerides } from '../db/schema.ts';
import { isUniqueViolationOf } from './database-errors.ts';

/** A stored ephemeris (`ephemerides`), its text included. */
export type EphemerisRow = typeof ephemerides.$inferSelect;
export type NewEphemeris = Omit<EphemerisRow, 'id'>;
/** A stored ephemeris without its text (the lists and the metadata). */
export type EphemerisMetaRow = Omit<EphemerisRow, 'text'>;

/** The unique index that makes the same file twice for one object one row (db/schema.ts). */
const FILE_KEY_INDEX = 'ephemerides_norad_sha256_uq';

const { text: _text, ...metaColumns } = getTableColumns(ephemerides);

/**
 * Operators' uploaded ephemerides (issue 28). The only code that touches `ephemerides`. An import
 * writes one row in one transaction (`insertOnce`): the file is stored whole or not at all.
 */
export class EphemerisRepository {
  constructor(private readonly db: Db) {}

  /**
   * Stores `row` unless the same file (norad id and SHA-256) is stored already, in one transaction;
   * returns the row stored, or the one already there with `duplicate` true (also when another writer
   * stored it between the check and the insert: the unique index decides).
   */
  async insertOnce(row: NewEphemeris): Promise<{ row: EphemerisMetaRow; duplicate: boolean }> {
    try {
      return await this.db.transaction(async (tx) => {
        const [existing] = await tx
          .select(metaColumns)
          .from(ephemerides)
          .where(and(eq(ephemerides.noradId, row.noradId), eq(ephemerides.sha256, row.sha256)));
        if (existing) return { row: existing, duplicate: true };
        const [inserted] = await tx.insert(ephemerides).values(row).returning(metaColumns);
        if (!inserted) throw new Error('ephemerides insert returned nothing');
        return { row: inserted, duplicate: false };
      });
    } catch (error) {
      if (!isUniqueViolationOf(error, FILE_KEY_INDEX)) throw error;
      const existing = await this.byFile(row.noradId, row.sha256);
      if (!existing) throw error;
      return { row: existing, duplicate: true };
    }
  }

  async byFile(noradId: number, sha256: string): Promise<EphemerisMetaRow | undefined> {
    const [row] = await this.db
      .select(metaColumns)
      .from(ephemerides)
      .where(and(eq(ephemerides.noradId, noradId), eq(ephemerides.sha256, sha256)));
    return row;
  }

  /** The newest imports first (then the highest id), of one object or all; at most `limit`. */
  async list(options: { noradId?: number; limit: number }): Promise<EphemerisMetaRow[]> {
    return this.db
      .select(metaColumns)
      .from(ephemerides)
      .where(options.noradId === undefined ? undefined : eq(ephemerides.noradId, options.noradId))
      .orderBy(desc(ephemerides.importedAt), desc(ephemerides.id))
      .limit(options.limit);
  }

  async get(id: number): Promise<EphemerisMetaRow | undefined> {
    const [row] = await this.db.select(metaColumns).from(ephemerides).where(eq(ephemerides.id, id));
    return row;
  }

  /** One ephemeris with its text. */
  async withText(id: number): Promise<EphemerisRow | undefined> {
    const [row] = await this.db.select().from(ephemerides).where(eq(ephemerides.id, id));
    return row;
  }

  /**
   * The object's ephemerides whose usable span (the union of their segments') contains `start` …
   * `end`, newest CREATION_DATE first (then the highest id), without their text.
   */
  async covering(noradId: number, start: Date, end: Date): Promise<EphemerisMetaRow[]> {
    return this.db
      .select(metaColumns)
      .from(ephemerides)
      .where(and(eq(ephemerides.noradId, noradId), lte(ephemerides.usableStart, start), gte(ephemerides.usableStop, end)))
      .orderBy(desc(ephemerides.creationDate), desc(ephemerides.id));
  }
}
