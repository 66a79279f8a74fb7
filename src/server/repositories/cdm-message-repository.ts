import { and, desc, eq, gte, inArray, lte, or } from 'drizzle-orm';
import { conjunctionIdFor } from '../../core/operations/index.ts';
import type { Db } from '../db/database.ts';
import { cdmImports, cdmMessages, conjunctionEvents, conjunctionEventUpdates, spaceObjects } from '../db/schema.ts';
import { INTERRUPTED_IMPORT_ERROR, insertMissingObjects, type MinimalSpaceObject } from './catalog-repository.ts';
import { maxConjunctionSequence, type ConjunctionEventRow, type EventUpdateValues, type NewConjunctionEvent } from './conjunction-event-repository.ts';
import { insertAlertChanges, type NewAlertChange } from './alert-change-repository.ts';
import { isUniqueViolationOf } from './database-errors.ts';
import { insertOperationsEvents, type NewOperationsEvent } from './operations-event-repository.ts';
import { storableText } from '../../core/elements/index.ts';

/** A stored CDM (`cdm_messages`). */
export type CdmMessageRow = typeof cdmMessages.$inferSelect;
export type NewCdmMessage = Omit<CdmMessageRow, 'id' | 'eventId'>;

/** An object a message names that the catalogue does not know yet (created from the message). */
export type MessageObject = MinimalSpaceObject;

/** Everything one imported message changes, written in one transaction. */
export interface MessageWrite {
  /** A new event (its conjunction id is allocated inside the transaction from the TCA year), or the event to update. */
  event: { create: Omit<NewConjunctionEvent, 'conjunctionId'> } | { update: { id: number; set: Partial<NewConjunctionEvent> } };
  /** The message's estimate, added to the event's history (also when the message is older than the event's estimate). */
  history: EventUpdateValues;
  message: NewCdmMessage;
  objects: MessageObject[];
  events: (Omit<NewOperationsEvent, 'conjunctionId'> & { conjunctionId?: string | null })[];
  /** The alert changes the message makes (issue 29: detected, risk_raised, reopened, closed), written with it. */
  changes?: Omit<NewAlertChange, 'eventId'>[];
}

/** Another writer stored this (originator, MESSAGE_ID) first: nothing of the message was written. */
export class DuplicateCdmMessageError extends Error {
  override name = 'DuplicateCdmMessageError';
  constructor(
    readonly originator: string,
    readonly messageId: string,
  ) {
    super(`CDM ${messageId} from ${originator} is already stored`);
  }
}

// The unique indexes a message write can hit (db/schema.ts), told apart by name: only the first
// means "the same message again".
const MESSAGE_KEY_INDEX = 'cdm_messages_originator_message_uq';
const CONJUNCTION_ID_INDEX = 'conjunction_events_cid_uq';
/** Tries at a new event's CNJ id: each lost race means another writer committed one meanwhile. */
const ALLOCATION_ATTEMPTS = 3;

/** A stored CDM import (`cdm_imports`). */
export type CdmImportRow = typeof cdmImports.$inferSelect;

/** What a completed CDM import stored and refused. */
export interface CdmImportCounts {
  messages: number;
  created: number;
  updated: number;
  duplicates: number;
  rejected: number;
  /** The first rejected messages (at most 100 are kept), with the file each came from. */
  rejections: readonly { file: string | null; index: number | null; line: number | null; messageId: string | null; reason: string }[];
}

/**
 * Imported CCSDS CDMs, the events they make and the imports that brought them. The only code that
 * touches `cdm_messages` and `cdm_imports`.
 */
export class CdmMessageRepository {
  constructor(private readonly db: Db) {}

  /**
   * Runs `work` in one transaction, with a repository whose every statement is part of it: all of
   * it commits or none (each message's `write` inside it is a savepoint). Inside, use only that
   * repository (PGlite has one connection: a statement on the outer handle would wait for the
   * transaction, which waits for it).
   */
  async transaction<T>(work: (repo: CdmMessageRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new CdmMessageRepository(tx)));
  }

  /**
   * Records an import that starts now, as `running`, in a statement of its own: it stays visible if
   * the import's transaction never commits (a crash), and is then marked interrupted at the next start.
   */
  async startImport(label: string, now: Date): Promise<number> {
    const [row] = await this.db.insert(cdmImports).values({ status: 'running', label, startedAt: now }).returning({ id: cdmImports.id });
    if (!row) throw new Error('cdm_imports insert returned nothing');
    return row.id;
  }

  /**
   * Locks the import's row for the rest of this transaction (call it first inside the import's
   * transaction), so that `markInterrupted` in a process starting meanwhile on the same PostgreSQL
   * database skips it.
   */
  async lockImport(id: number): Promise<void> {
    await this.db.select({ id: cdmImports.id }).from(cdmImports).where(eq(cdmImports.id, id)).for('update');
  }

  /** Marks an import completed with its counts: call it inside the transaction that writes its messages. */
  async finishImport(id: number, counts: CdmImportCounts, now: Date): Promise<void> {
    await this.db
      .update(cdmImports)
      .set({ status: 'completed', error: null, finishedAt: now, ...counts, rejections: counts.rejections.slice(0, 100).map(storableRejection) })
      .where(eq(cdmImports.id, id));
  }

  /** Marks an import failed with its error (its transaction rolled back); one already completed is left as it is. */
  async failImport(id: number, error: string, now: Date): Promise<void> {
    await this.db
      .update(cdmImports)
      .set({ status: 'failed', error: storableText(error.slice(0, 2000)), finishedAt: now })
      .where(and(eq(cdmImports.id, id), eq(cdmImports.status, 'running')));
  }

  /**
   * Marks every import still `running` interrupted (its process stopped before its transaction
   * committed: none of its messages are stored); returns their ids. Rows locked by an import in
   * progress (another process on the same PostgreSQL database) are skipped.
   */
  async markInterrupted(): Promise<number[]> {
    const running = this.db.select({ id: cdmImports.id }).from(cdmImports).where(eq(cdmImports.status, 'running')).for('update', { skipLocked: true });
    const rows = await this.db
      .update(cdmImports)
      .set({ status: 'interrupted', error: INTERRUPTED_IMPORT_ERROR })
      .where(inArray(cdmImports.id, running))
      .returning({ id: cdmImports.id });
    return rows.map((r) => r.id);
  }

  async importById(id: number): Promise<CdmImportRow | undefined> {
    const [row] = await this.db.select().from(cdmImports).where(eq(cdmImports.id, id));
    return row;
  }

  /**
   * The stored messages among these (originator, message id) keys, as 'originator\u0001messageId',
   * each with the conjunction id of its event (a duplicate is reported with it).
   */
  async existingKeys(keys: readonly { originator: string; messageId: string }[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    for (let i = 0; i < keys.length; i += 500) {
      const batch = keys.slice(i, i + 500);
      const rows = await this.db
        .select({ originator: cdmMessages.originator, messageId: cdmMessages.messageId, conjunctionId: conjunctionEvents.conjunctionId })
        .from(cdmMessages)
        .innerJoin(conjunctionEvents, eq(conjunctionEvents.id, cdmMessages.eventId))
        .where(or(...batch.map((k) => and(eq(cdmMessages.originator, k.originator), eq(cdmMessages.messageId, k.messageId)))));
      for (const r of rows) out.set(`${r.originator}\u0001${r.messageId}`, r.conjunctionId);
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
   * nothing (a transaction; on a repository bound to a transaction, a savepoint of it). Throws
   * DuplicateCdmMessageError when another writer stored the same (originator, MESSAGE_ID) first;
   * the message's writes have then rolled back.
   */
  async write(w: MessageWrite): Promise<{ event: ConjunctionEventRow; messageId: number }> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.writeOnce(w);
      } catch (error) {
        if (isUniqueViolationOf(error, MESSAGE_KEY_INDEX)) throw new DuplicateCdmMessageError(w.message.originator, w.message.messageId);
        // Another process writing events to the same database (`ssa cdm import` beside the server,
        // or a second server) took the CNJ id between this transaction's read of the year's highest
        // sequence and its insert. Everything rolled back, so allocating again is safe; a writer
        // that keeps losing is no ordinary race and fails loudly rather than being called a duplicate.
        if (isUniqueViolationOf(error, CONJUNCTION_ID_INDEX)) {
          if (attempt < ALLOCATION_ATTEMPTS) continue;
          throw new Error(`CDM ${w.message.messageId} from ${w.message.originator}: other writers took its new conjunction id ${ALLOCATION_ATTEMPTS} times running`, { cause: error });
        }
        throw error;
      }
    }
  }

  private async writeOnce(w: MessageWrite): Promise<{ event: ConjunctionEventRow; messageId: number }> {
    return this.db.transaction(async (tx) => {
      await insertMissingObjects(tx, w.objects, 'cdm', w.message.importedAt);
      let event: ConjunctionEventRow;
      if ('create' in w.event) {
        const year = w.event.create.tca.getUTCFullYear();
        const conjunctionId = conjunctionIdFor(year, (await maxConjunctionSequence(tx, year)) + 1);
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
      await insertAlertChanges(
        tx,
        (w.changes ?? []).map((c) => ({ ...c, eventId: event.id })),
      );
      return { event, messageId: message.id };
    });
  }
}

/**
 * A rejection as jsonb can hold it: a message's own text (its MESSAGE_ID, a Space-Track JSON
 * `"\ud800"` escape) may carry a NUL or a lone surrogate, which jsonb refuses (core/elements/nul.ts).
 */
function storableRejection(r: CdmImportCounts['rejections'][number]): CdmImportCounts['rejections'][number] {
  return { ...r, file: r.file === null ? null : storableText(r.file), messageId: r.messageId === null ? null : storableText(r.messageId), reason: storableText(r.reason) };
}
