import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { conjunctionAlertChanges } from '../db/schema.ts';

/** A stored alert change (`conjunction_alert_changes`): the event's lifecycle history and the notifications' outbox. */
export type AlertChangeRow = typeof conjunctionAlertChanges.$inferSelect;
/** A change to insert: every column but the id; `dispatched_at` is left null (the dispatcher sets it). */
export type NewAlertChange = Omit<typeof conjunctionAlertChanges.$inferInsert, 'id' | 'dispatchedAt'>;
/** The kinds of change (schema comment of `conjunction_alert_changes.kind`). */
export type AlertChangeKind = 'status' | 'assigned' | 'comment' | 'detected' | 'risk_raised' | 'reopened' | 'closed' | 'plan_screened';

/** Rows per INSERT: 14 columns × 1000 stays far below PostgreSQL's 65,535 bind parameters. */
const BATCH = 1000;

/**
 * Inserts alert changes with `db`: the database, or (as every writer of a change should) the
 * transaction of the write the changes describe, so that a change is in the outbox exactly when
 * what it reports is committed. Batched: one screening run may change thousands of events.
 */
export async function insertAlertChanges(db: Pick<Db, 'insert'>, rows: readonly NewAlertChange[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await db.insert(conjunctionAlertChanges).values(rows.slice(i, i + BATCH));
}

/** The alert changes of conjunction events. The only code that reads `conjunction_alert_changes` for the events' history. */
export class AlertChangeRepository {
  constructor(private readonly db: Db) {}

  /** An event's changes, oldest first. */
  async ofEvent(eventId: number): Promise<AlertChangeRow[]> {
    return this.db.select().from(conjunctionAlertChanges).where(eq(conjunctionAlertChanges.eventId, eventId)).orderBy(asc(conjunctionAlertChanges.at), asc(conjunctionAlertChanges.id));
  }

  /** The changes of several events, oldest first (tests and the digest). */
  async ofEvents(eventIds: readonly number[]): Promise<AlertChangeRow[]> {
    if (eventIds.length === 0) return [];
    return this.db.select().from(conjunctionAlertChanges).where(inArray(conjunctionAlertChanges.eventId, [...eventIds])).orderBy(asc(conjunctionAlertChanges.id));
  }

  async insert(rows: readonly NewAlertChange[]): Promise<void> {
    await insertAlertChanges(this.db, rows);
  }
}
