import { and, asc, desc, eq, gte, ilike, inArray, like, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database.ts';
import { conjunctionEvents, conjunctionEventUpdates, spaceObjects } from '../db/schema.ts';
import { insertOperationsEvents, type NewOperationsEvent, type OperationsEventRow } from './operations-event-repository.ts';

/** A stored conjunction event (`conjunction_events`). */
export type ConjunctionEventRow = typeof conjunctionEvents.$inferSelect;
export type NewConjunctionEvent = Omit<ConjunctionEventRow, 'id'>;
/** One estimate of an event's history (`conjunction_event_updates`). */
export type ConjunctionEventUpdateRow = typeof conjunctionEventUpdates.$inferSelect;
export type EventUpdateValues = Omit<ConjunctionEventUpdateRow, 'id' | 'eventId' | 'runId'>;

/** Everything one screening run changes in the conjunction events, written in one transaction. */
export interface ConjunctionRunWrite {
  runId: number;
  /** New events (their conjunction ids already allocated, see `maxSequence`) and their first estimate. */
  created: { event: NewConjunctionEvent; update: EventUpdateValues }[];
  /** Changed events: the columns to set, and the estimate to add to the history (null: none). */
  updated: { id: number; set: Partial<NewConjunctionEvent>; update: EventUpdateValues | null }[];
  closed: { id: number; reason: string }[];
  /** Operations events of these changes (alert_updated, cdm_generated). */
  events: NewOperationsEvent[];
}

const BATCH = 1000;

/** Filters and order of the event list (GET /api/conjunctions). */
export interface EventListFilter {
  status: 'open' | 'closed' | 'all';
  source?: string;
  risk?: string[];
  /** Name, NORAD id, COSPAR id or owner code of either object. */
  q?: string;
  tcaFrom?: Date;
  tcaTo?: Date;
  sort: { field: string; descending: boolean };
  limit: number;
  offset: number;
}

/** An event with both objects' catalogue identity, as the list shows it. */
export interface EventListRow {
  event: ConjunctionEventRow;
  /** Null when the catalogue has no row for the object. */
  primary: ObjectIdentity | null;
  secondary: ObjectIdentity | null;
}

export interface ObjectIdentity {
  name: string;
  cosparId: string | null;
  objectType: string;
  owner: string | null;
}

const primaryObject = alias(spaceObjects, 'primary_object');
const secondaryObject = alias(spaceObjects, 'secondary_object');
const RISK_ORDER = sql`case ${conjunctionEvents.riskLevel} when 'critical' then 3 when 'high' then 2 when 'medium' then 1 else 0 end`;

/** Conjunction events of the continuous screening and their estimate histories. The only code that touches `conjunction_events` and `conjunction_event_updates`. */
export class ConjunctionEventRepository {
  constructor(private readonly db: Db) {}

  /** Open events, oldest first. */
  async open(): Promise<ConjunctionEventRow[]> {
    return this.db.select().from(conjunctionEvents).where(eq(conjunctionEvents.status, 'open')).orderBy(asc(conjunctionEvents.id));
  }

  async byConjunctionId(conjunctionId: string): Promise<ConjunctionEventRow | undefined> {
    const [row] = await this.db.select().from(conjunctionEvents).where(eq(conjunctionEvents.conjunctionId, conjunctionId));
    return row;
  }

  /** The most recently changed event, open or closed. */
  async mostRecent(): Promise<ConjunctionEventRow | undefined> {
    const [row] = await this.db.select().from(conjunctionEvents).orderBy(desc(conjunctionEvents.lastUpdated), desc(conjunctionEvents.id)).limit(1);
    return row;
  }

  /** The estimate history of an event, oldest first. */
  async updates(eventId: number): Promise<ConjunctionEventUpdateRow[]> {
    return this.db
      .select()
      .from(conjunctionEventUpdates)
      .where(eq(conjunctionEventUpdates.eventId, eventId))
      .orderBy(asc(conjunctionEventUpdates.at), asc(conjunctionEventUpdates.id));
  }

  /** Events matching a filter, in its order, with the total count matching. */
  async list(f: EventListFilter): Promise<{ total: number; rows: EventListRow[] }> {
    const where: SQL[] = [];
    if (f.status !== 'all') where.push(eq(conjunctionEvents.status, f.status));
    if (f.source) where.push(eq(conjunctionEvents.source, f.source));
    if (f.risk && f.risk.length > 0) where.push(inArray(conjunctionEvents.riskLevel, f.risk));
    if (f.tcaFrom) where.push(gte(conjunctionEvents.tca, f.tcaFrom));
    if (f.tcaTo) where.push(lte(conjunctionEvents.tca, f.tcaTo));
    if (f.q) {
      const pattern = `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const either: SQL[] = [];
      for (const o of [primaryObject, secondaryObject]) {
        either.push(ilike(o.name, pattern), ilike(o.cosparId, pattern), eq(sql`upper(${o.owner})`, f.q.toUpperCase()));
      }
      if (/^\d{1,9}$/.test(f.q)) either.push(eq(conjunctionEvents.primaryNorad, Number(f.q)), eq(conjunctionEvents.secondaryNorad, Number(f.q)));
      where.push(or(...either)!);
    }
    const condition = where.length > 0 ? and(...where) : undefined;
    const column: Record<string, SQL | typeof conjunctionEvents.tca> = {
      tca: sql`${conjunctionEvents.tca}`,
      primary: sql`coalesce(${primaryObject.name}, '')`,
      secondary: sql`coalesce(${secondaryObject.name}, '')`,
      miss: sql`${conjunctionEvents.missKm}`,
      radial: sql`${conjunctionEvents.radialKm}`,
      inTrack: sql`${conjunctionEvents.inTrackKm}`,
      crossTrack: sql`${conjunctionEvents.crossTrackKm}`,
      relativeVelocity: sql`${conjunctionEvents.relativeVelocityKmS}`,
      pc: sql`${conjunctionEvents.pc}`,
      risk: RISK_ORDER,
      source: sql`${conjunctionEvents.source}`,
      lastUpdated: sql`${conjunctionEvents.lastUpdated}`,
    };
    const key = column[f.sort.field] ?? sql`${conjunctionEvents.tca}`;
    const [count] = await this.db
      .select({ n: sql<number | string>`count(*)` })
      .from(conjunctionEvents)
      .leftJoin(primaryObject, eq(primaryObject.noradId, conjunctionEvents.primaryNorad))
      .leftJoin(secondaryObject, eq(secondaryObject.noradId, conjunctionEvents.secondaryNorad))
      .where(condition);
    const rows = await this.db
      .select({
        event: conjunctionEvents,
        primary: { name: primaryObject.name, cosparId: primaryObject.cosparId, objectType: primaryObject.objectType, owner: primaryObject.owner },
        secondary: { name: secondaryObject.name, cosparId: secondaryObject.cosparId, objectType: secondaryObject.objectType, owner: secondaryObject.owner },
      })
      .from(conjunctionEvents)
      .leftJoin(primaryObject, eq(primaryObject.noradId, conjunctionEvents.primaryNorad))
      .leftJoin(secondaryObject, eq(secondaryObject.noradId, conjunctionEvents.secondaryNorad))
      .where(condition)
      .orderBy(f.sort.descending ? desc(key) : asc(key), f.sort.descending ? desc(conjunctionEvents.id) : asc(conjunctionEvents.id))
      .limit(f.limit)
      .offset(f.offset);
    return { total: Number(count?.n ?? 0), rows };
  }

  /** The highest sequence number of the conjunction ids of a TCA year ('CNJ-2026-042' → 42), 0 when none. */
  async maxSequence(year: number): Promise<number> {
    return maxConjunctionSequence(this.db, year);
  }

  /**
   * Writes one run's changes in a single transaction (creates, updates, closes, the estimate
   * history rows and the operations events): a failure leaves the events as they were.
   */
  async applyRun(write: ConjunctionRunWrite): Promise<{ created: ConjunctionEventRow[]; events: OperationsEventRow[] }> {
    return this.db.transaction(async (tx) => {
      const created: ConjunctionEventRow[] = [];
      for (let i = 0; i < write.created.length; i += BATCH) {
        const batch = write.created.slice(i, i + BATCH).map((c) => c.event);
        created.push(...(await tx.insert(conjunctionEvents).values(batch).returning()));
      }
      const idOf = new Map(created.map((row) => [row.conjunctionId, row.id]));
      const history: (typeof conjunctionEventUpdates.$inferInsert)[] = [];
      for (const c of write.created) {
        const eventId = idOf.get(c.event.conjunctionId);
        if (eventId === undefined) throw new Error(`conjunction event ${c.event.conjunctionId} was not stored`);
        history.push({ ...c.update, eventId, runId: write.runId });
      }
      for (const u of write.updated) {
        if (Object.keys(u.set).length > 0) await tx.update(conjunctionEvents).set(u.set).where(eq(conjunctionEvents.id, u.id));
        if (u.update) history.push({ ...u.update, eventId: u.id, runId: write.runId });
      }
      const byReason = new Map<string, number[]>();
      for (const c of write.closed) byReason.set(c.reason, [...(byReason.get(c.reason) ?? []), c.id]);
      for (const [reason, ids] of byReason) {
        for (let i = 0; i < ids.length; i += BATCH) {
          await tx
            .update(conjunctionEvents)
            .set({ status: 'closed', closeReason: reason })
            .where(inArray(conjunctionEvents.id, ids.slice(i, i + BATCH)));
        }
      }
      for (let i = 0; i < history.length; i += BATCH) await tx.insert(conjunctionEventUpdates).values(history.slice(i, i + BATCH));
      const events = await insertOperationsEvents(tx, write.events);
      return { created, events };
    });
  }

  /**
   * Sets a new estimate of one event, with its history row and operations events, in one
   * transaction, only if the event is still as it was read (`lastUpdated` unchanged): an estimate
   * made from an older state must not overwrite a newer one. False, and nothing written, otherwise.
   */
  async applyEstimateIfUnchanged(write: { id: number; lastUpdated: Date; set: Partial<NewConjunctionEvent>; update: EventUpdateValues; events: NewOperationsEvent[] }): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const changed = await tx
        .update(conjunctionEvents)
        .set(write.set)
        .where(and(eq(conjunctionEvents.id, write.id), eq(conjunctionEvents.lastUpdated, write.lastUpdated)))
        .returning({ id: conjunctionEvents.id });
      if (changed.length === 0) return false;
      await tx.insert(conjunctionEventUpdates).values({ ...write.update, eventId: write.id, runId: null });
      await insertOperationsEvents(tx, write.events);
      return true;
    });
  }
}

/**
 * The highest sequence number of the conjunction ids of a TCA year ('CNJ-2026-042' → 42), 0 when
 * none, read with `db` (the database, or the transaction of a write that allocates the next id).
 */
export async function maxConjunctionSequence(db: Pick<Db, 'select'>, year: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number | string | null>`max(cast(split_part(${conjunctionEvents.conjunctionId}, '-', 3) as integer))` })
    .from(conjunctionEvents)
    .where(like(conjunctionEvents.conjunctionId, `CNJ-${year}-%`));
  return Number(row?.n ?? 0);
}
