import { asc, desc, eq, inArray, like, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { conjunctionEvents, conjunctionEventUpdates } from '../db/schema.ts';
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

  /** The highest sequence number of the conjunction ids of a TCA year ('CNJ-2026-042' → 42), 0 when none. */
  async maxSequence(year: number): Promise<number> {
    const prefix = `CNJ-${year}-`;
    const [row] = await this.db
      .select({ n: sql<number | string | null>`max(cast(split_part(${conjunctionEvents.conjunctionId}, '-', 3) as integer))` })
      .from(conjunctionEvents)
      .where(like(conjunctionEvents.conjunctionId, `${prefix}%`));
    return Number(row?.n ?? 0);
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
}
