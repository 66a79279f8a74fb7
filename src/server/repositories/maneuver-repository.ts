import { asc, desc, eq, gte, inArray, max, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { elementSets, maneuvers } from '../db/schema.ts';
import { insertOperationsEvents, type NewOperationsEvent } from './operations-event-repository.ts';

/** A stored manoeuvre (`maneuvers`). */
export type ManeuverRow = typeof maneuvers.$inferSelect;
export type NewManeuver = Omit<ManeuverRow, 'id'>;

/** One element set of a history, what manoeuvre detection reads. */
export interface HistorySet {
  epoch: Date;
  meanMotion: number;
  eccentricity: number;
  /** deg */
  inclination: number;
  /** deg */
  raan: number;
}

const BATCH = 2000;

/** Detected manoeuvres, and the element-set histories they are detected in. The only code that touches `maneuvers`. */
export class ManeuverRepository {
  constructor(private readonly db: Db) {}

  /** The highest element-set id stored (0 when none): a mark to ask later which histories changed since. */
  async lastElementSetId(): Promise<number> {
    const [row] = await this.db.select({ id: max(elementSets.id) }).from(elementSets);
    return Number(row?.id ?? 0);
  }

  /**
   * The element-set histories (oldest first) of every object with at least two sets, or, with
   * `changedAfter`, only of those that gained a set with an id above it. One query.
   */
  async histories(options: { changedAfter?: number } = {}): Promise<Map<number, HistorySet[]>> {
    const having =
      options.changedAfter === undefined ? sql`count(*) >= 2` : sql`count(*) >= 2 and max(${elementSets.id}) > ${options.changedAfter}`;
    const changed = this.db.select({ noradId: elementSets.noradId }).from(elementSets).groupBy(elementSets.noradId).having(having);
    const rows = await this.db
      .select({
        noradId: elementSets.noradId,
        epoch: elementSets.epoch,
        meanMotion: elementSets.meanMotion,
        eccentricity: elementSets.eccentricity,
        inclination: elementSets.inclination,
        raan: elementSets.raan,
      })
      .from(elementSets)
      .where(inArray(elementSets.noradId, changed))
      .orderBy(asc(elementSets.noradId), asc(elementSets.epoch));
    const out = new Map<number, HistorySet[]>();
    for (const { noradId, ...set } of rows) {
      const list = out.get(noradId);
      if (list) list.push(set);
      else out.set(noradId, [set]);
    }
    return out;
  }

  /**
   * Stores detected manoeuvres, skipping any already stored (same object and detection time),
   * and an operations event for each new one (`describe`), in one transaction. Returns the new rows.
   */
  async recordDetections(rows: readonly NewManeuver[], describe: (row: ManeuverRow) => NewOperationsEvent): Promise<ManeuverRow[]> {
    if (rows.length === 0) return [];
    return this.db.transaction(async (tx) => {
      const added: ManeuverRow[] = [];
      for (let i = 0; i < rows.length; i += BATCH) {
        added.push(...(await tx.insert(maneuvers).values(rows.slice(i, i + BATCH)).onConflictDoNothing().returning()));
      }
      await insertOperationsEvents(tx, added.map(describe));
      return added;
    });
  }

  /** Every manoeuvre detected for one object, oldest first. */
  async ofObject(noradId: number): Promise<ManeuverRow[]> {
    return this.db.select().from(maneuvers).where(eq(maneuvers.noradId, noradId)).orderBy(asc(maneuvers.maneuverTime), asc(maneuvers.id));
  }

  /** Manoeuvres detected (detection time) at or after `since`, newest first. */
  async since(since: Date): Promise<ManeuverRow[]> {
    return this.db.select().from(maneuvers).where(gte(maneuvers.detectionTime, since)).orderBy(desc(maneuvers.detectionTime), desc(maneuvers.id));
  }
}
