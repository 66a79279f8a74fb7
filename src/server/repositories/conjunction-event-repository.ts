import { and, asc, desc, eq, gte, ilike, inArray, isNull, like, lt, lte, min, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database.ts';
import { conjunctionEvents, conjunctionEventUpdates, spaceObjects } from '../db/schema.ts';
import { insertAlertChanges, type NewAlertChange } from './alert-change-repository.ts';
import { insertOperationsEvents, type NewOperationsEvent, type OperationsEventRow } from './operations-event-repository.ts';

/** A stored conjunction event (`conjunction_events`). */
export type ConjunctionEventRow = typeof conjunctionEvents.$inferSelect;
/**
 * A row to insert. The alert lifecycle columns (issue 29) have database defaults (`new`, unassigned,
 * no decision), so writers that predate them need not name them.
 */
export type NewConjunctionEvent = Omit<ConjunctionEventRow, 'id' | 'alertStatus' | 'assignee' | 'decision'> & Partial<Pick<ConjunctionEventRow, 'alertStatus' | 'assignee' | 'decision'>>;
/** One estimate of an event's history (`conjunction_event_updates`). */
export type ConjunctionEventUpdateRow = typeof conjunctionEventUpdates.$inferSelect;
export type EventUpdateValues = Omit<ConjunctionEventUpdateRow, 'id' | 'eventId' | 'runId'>;

/** Everything one screening run changes in the conjunction events, written in one transaction. */
export interface ConjunctionRunWrite {
  runId: number;
  /** New events (their conjunction ids already allocated, see `maxSequence`), their first estimate and their alert changes ('detected'). */
  created: { event: NewConjunctionEvent; update: EventUpdateValues; changes?: Omit<NewAlertChange, 'eventId'>[] }[];
  /** Changed events: the columns to set, and the estimate to add to the history (null: none). */
  updated: { id: number; set: Partial<NewConjunctionEvent>; update: EventUpdateValues | null }[];
  /** Events to close (their alert closed too). */
  closed: { id: number; reason: string }[];
  /** Operations events of these changes (alert_updated, cdm_generated). */
  events: NewOperationsEvent[];
  /** Alert changes of stored events (risk_raised, reopened, closed): the notifications' outbox, written with the rest. */
  changes?: NewAlertChange[];
}

const BATCH = 1000;

/** Filters and order of the event list (GET /api/conjunctions). */
export interface EventListFilter {
  status: 'open' | 'closed' | 'all';
  source?: string;
  /** Alert statuses (any of). */
  alertStatus?: string[];
  /** A username, or null for alerts assigned to nobody. */
  assignee?: string | null;
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
/** The lifecycle order (core alerts LIFECYCLE_ORDER): new first, closed last. */
const ALERT_STATUS_ORDER = sql`case ${conjunctionEvents.alertStatus} when 'new' then 0 when 'acknowledged' then 1 when 'assessing' then 2 when 'mitigating' then 3 when 'risk_accepted' then 4 when 'false_alarm' then 5 else 6 end`;
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
    if (f.alertStatus && f.alertStatus.length > 0) where.push(inArray(conjunctionEvents.alertStatus, f.alertStatus));
    if (f.assignee === null) where.push(isNull(conjunctionEvents.assignee));
    else if (f.assignee !== undefined) where.push(eq(conjunctionEvents.assignee, f.assignee));
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
      alertStatus: ALERT_STATUS_ORDER,
      // Unassigned ('') first ascending, last descending.
      assignee: sql`coalesce(${conjunctionEvents.assignee}, '')`,
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

  /**
   * Closed events whose TCA is not yet `since` (now less the match tolerance): those a new estimate
   * may reopen (core alerts `systemReopens`), so that screening matches them instead of creating a
   * second event of the same approach.
   */
  async closedSince(since: Date): Promise<ConjunctionEventRow[]> {
    return this.db
      .select()
      .from(conjunctionEvents)
      .where(and(eq(conjunctionEvents.status, 'closed'), gte(conjunctionEvents.tca, since)))
      .orderBy(asc(conjunctionEvents.id));
  }

  /** The earliest TCA of the open events, or undefined when none is open (the expiry timer's next deadline). */
  async earliestOpenTca(): Promise<Date | undefined> {
    const [row] = await this.db.select({ t: min(conjunctionEvents.tca) }).from(conjunctionEvents).where(eq(conjunctionEvents.status, 'open'));
    return row?.t ?? undefined;
  }

  /**
   * Closes every open event whose TCA is before `now` (alert closed, reason tca_passed) and writes
   * each a 'closed' alert change, in one transaction; returns the closed rows (as they were before).
   */
  async closeExpired(now: Date, change: (row: ConjunctionEventRow) => Omit<NewAlertChange, 'eventId'>): Promise<ConjunctionEventRow[]> {
    return this.db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(conjunctionEvents)
        .where(and(eq(conjunctionEvents.status, 'open'), lt(conjunctionEvents.tca, now)))
        .for('update');
      if (due.length === 0) return [];
      for (let i = 0; i < due.length; i += BATCH) {
        await tx
          .update(conjunctionEvents)
          .set({ status: 'closed', closeReason: 'tca_passed', alertStatus: 'closed' })
          .where(
            inArray(
              conjunctionEvents.id,
              due.slice(i, i + BATCH).map((r) => r.id),
            ),
          );
      }
      await insertAlertChanges(
        tx,
        due.map((r) => ({ ...change(r), eventId: r.id })),
      );
      return due;
    });
  }

  /**
   * An operator's change of one event's alert (PATCH /api/conjunctions/{id}): its columns set and
   * its alert changes written in one transaction, only if the alert status is still `expected`
   * (another operator's change in between makes this one 'conflict', and nothing is written).
   */
  async applyAlertChange(write: { id: number; expected: string; set: Partial<NewConjunctionEvent>; changes: Omit<NewAlertChange, 'eventId'>[] }): Promise<'applied' | 'conflict'> {
    return this.db.transaction(async (tx) => {
      const updated =
        Object.keys(write.set).length > 0
          ? await tx
              .update(conjunctionEvents)
              .set(write.set)
              .where(and(eq(conjunctionEvents.id, write.id), eq(conjunctionEvents.alertStatus, write.expected)))
              .returning({ id: conjunctionEvents.id })
          : await tx
              .select({ id: conjunctionEvents.id })
              .from(conjunctionEvents)
              .where(and(eq(conjunctionEvents.id, write.id), eq(conjunctionEvents.alertStatus, write.expected)))
              .for('update');
      if (updated.length === 0) return 'conflict';
      await insertAlertChanges(
        tx,
        write.changes.map((c) => ({ ...c, eventId: write.id })),
      );
      return 'applied';
    });
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
      const changes: NewAlertChange[] = [];
      for (const c of write.created) {
        const eventId = idOf.get(c.event.conjunctionId);
        if (eventId === undefined) throw new Error(`conjunction event ${c.event.conjunctionId} was not stored`);
        history.push({ ...c.update, eventId, runId: write.runId });
        for (const change of c.changes ?? []) changes.push({ ...change, eventId });
      }
      changes.push(...(write.changes ?? []));
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
            .set({ status: 'closed', closeReason: reason, alertStatus: 'closed' })
            .where(inArray(conjunctionEvents.id, ids.slice(i, i + BATCH)));
        }
      }
      for (let i = 0; i < history.length; i += BATCH) await tx.insert(conjunctionEventUpdates).values(history.slice(i, i + BATCH));
      await insertAlertChanges(tx, changes);
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
