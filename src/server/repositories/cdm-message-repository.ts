import { and, desc, eq, gte, inArray, like, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { cdmMessages, conjunctionEvents, conjunctionEventUpdates, spaceObjects } from '../db/schema.ts';
import type { ConjunctionEventRow, EventUpdateValues, NewConjunctionEvent } from './conjunction-event-repository.ts';
import { insertOperationsEvents, type NewOperationsEvent } from './operations-event-repository.ts';

/** A stored CDM (`cdm_messages`). */
export type CdmMessageRow = typeof cdmMessages.$inferSelect;
export type NewCdmMessage = Omit<CdmMessageRow, 'id' | 'eventId'>;

/** An object a message names that the catalogue does not know yet (created from the message). */
export interface MessageObject {
  noradId: number;
  name: string;
  cosparId: string | null;
  objectType: 'payload' | 'rocket_body' | 'debris' | 'unknown';
}

/** Everything one imported message changes, written in one transaction. */
export interface MessageWrite {
  /** A new event (its conjunction id is allocated inside the transaction from the TCA year), or the event to update. */
  event: { create: Omit<NewConjunctionEvent, 'conjunctionId'> } | { update: { id: number; set: Partial<NewConjunctionEvent> } };
  /** The estimate to add to the event's history; null when the message is older than the event's estimate and only adds its record. */
  history: EventUpdateValues;
  message: NewCdmMessage;
  objects: MessageObject[];
  events: (Omit<NewOperationsEvent, 'conjunctionId'> & { conjunctionId?: string | null })[];
}

/** Imported CCSDS CDMs and the events they make. The only code that touches `cdm_messages`. */
export class CdmMessageRepository {
  constructor(private readonly db: Db) {}

  async find(originator: string, messageId: string): Promise<CdmMessageRow | undefined> {
    const [row] = await this.db
      .select()
      .from(cdmMessages)
      .where(and(eq(cdmMessages.originator, originator), eq(cdmMessages.messageId, messageId)));
    return row;
  }

  /** The stored (originator, message id) keys among these, as 'originator\u0001messageId'. */
  async existingKeys(keys: readonly { originator: string; messageId: string }[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    for (let i = 0; i < keys.length; i += 500) {
      const batch = keys.slice(i, i + 500);
      const rows = await this.db
        .select({ originator: cdmMessages.originator, messageId: cdmMessages.messageId, eventId: cdmMessages.eventId })
        .from(cdmMessages)
        .where(or(...batch.map((k) => and(eq(cdmMessages.originator, k.originator), eq(cdmMessages.messageId, k.messageId)))));
      for (const r of rows) out.set(`${r.originator}\u0001${r.messageId}`, r.eventId);
    }
    return out;
  }

  async byId(id: number): Promise<CdmMessageRow | undefined> {
    const [row] = await this.db.select().from(cdmMessages).where(eq(cdmMessages.id, id));
    return row;
  }

  /** The messages of an event, newest first (by creation date). */
  async ofEvent(eventId: number): Promise<CdmMessageRow[]> {
    return this.db.select().from(cdmMessages).where(eq(cdmMessages.eventId, eventId)).orderBy(desc(cdmMessages.creationDate), desc(cdmMessages.id));
  }

  /**
   * The stored event of this pair (either order) with a TCA within `toleranceMs` of `tca`, the
   * closest first; open events before closed ones at equal distance.
   */
  async matchingEvent(a: number, b: number, tca: Date, toleranceMs: number): Promise<ConjunctionEventRow | undefined> {
    const lo = new Date(tca.getTime() - toleranceMs);
    const hi = new Date(tca.getTime() + toleranceMs);
    const rows = await this.db
      .select()
      .from(conjunctionEvents)
      .where(
        and(
          or(and(eq(conjunctionEvents.primaryNorad, a), eq(conjunctionEvents.secondaryNorad, b)), and(eq(conjunctionEvents.primaryNorad, b), eq(conjunctionEvents.secondaryNorad, a))),
          gte(conjunctionEvents.tca, lo),
          lte(conjunctionEvents.tca, hi),
        ),
      );
    return rows.sort((x, y) => Math.abs(x.tca.getTime() - tca.getTime()) - Math.abs(y.tca.getTime() - tca.getTime()) || (x.status === 'open' ? -1 : 1))[0];
  }

  async eventById(id: number): Promise<ConjunctionEventRow | undefined> {
    const [row] = await this.db.select().from(conjunctionEvents).where(eq(conjunctionEvents.id, id));
    return row;
  }

  /** Whether the catalogue has a row for this object (with or without element sets). */
  /** The names of those of `noradIds` the catalogue has a row for. */
  async objectNames(noradIds: readonly number[]): Promise<Map<number, string>> {
    const out = new Map<number, string>();
    // One IN list per 10,000 ids keeps far below Postgres' 65,535 bind parameters.
    for (let i = 0; i < noradIds.length; i += 10_000) {
      const rows = await this.db
        .select({ noradId: spaceObjects.noradId, name: spaceObjects.name })
        .from(spaceObjects)
        .where(inArray(spaceObjects.noradId, noradIds.slice(i, i + 10_000)));
      for (const r of rows) out.set(r.noradId, r.name);
    }
    return out;
  }

  /** The newest creation date among an event's messages, or undefined. */
  async newestCreation(eventId: number): Promise<Date | undefined> {
    const [row] = await this.db.select({ d: cdmMessages.creationDate }).from(cdmMessages).where(eq(cdmMessages.eventId, eventId)).orderBy(desc(cdmMessages.creationDate)).limit(1);
    return row?.d;
  }

  /**
   * Writes one message: the objects it introduces, the event (created with the next CNJ id of its
   * TCA year, or updated), its history point, the message and the operations events, all or
   * nothing. A concurrent import of the same message loses on the unique (originator,
   * message_id) index and the whole transaction rolls back.
   */
  async write(w: MessageWrite): Promise<{ event: ConjunctionEventRow; messageId: number }> {
    return this.db.transaction(async (tx) => {
      if (w.objects.length > 0) {
        const now = w.message.importedAt;
        await tx
          .insert(spaceObjects)
          .values(w.objects.map((o) => ({ ...o, owner: null, source: 'cdm', updatedAt: now })))
          .onConflictDoNothing();
      }
      let event: ConjunctionEventRow;
      if ('create' in w.event) {
        const year = w.event.create.tca.getUTCFullYear();
        const prefix = `CNJ-${year}-`;
        const [seq] = await tx
          .select({ n: sql<number | string | null>`max(cast(split_part(${conjunctionEvents.conjunctionId}, '-', 3) as integer))` })
          .from(conjunctionEvents)
          .where(like(conjunctionEvents.conjunctionId, `${prefix}%`));
        const next = Number(seq?.n ?? 0) + 1;
        const conjunctionId = `${prefix}${String(next).padStart(3, '0')}`;
        [event] = (await tx
          .insert(conjunctionEvents)
          .values({ ...w.event.create, conjunctionId })
          .returning()) as [ConjunctionEventRow];
      } else {
        const { id, set } = w.event.update;
        const rows = Object.keys(set).length > 0 ? await tx.update(conjunctionEvents).set(set).where(eq(conjunctionEvents.id, id)).returning() : await tx.select().from(conjunctionEvents).where(eq(conjunctionEvents.id, id));
        event = rows[0]!;
      }
      await tx.insert(conjunctionEventUpdates).values({ ...w.history, eventId: event.id, runId: null });
      // Only the id back: the row holds the raw message (kilobytes each).
      const [message] = (await tx
        .insert(cdmMessages)
        .values({ ...w.message, eventId: event.id })
        .returning({ id: cdmMessages.id })) as [{ id: number }];
      await insertOperationsEvents(
        tx,
        w.events.map((e) => ({ ...e, conjunctionId: e.conjunctionId ?? event.conjunctionId })),
      );
      return { event, messageId: message.id };
    });
  }
}


