import { desc } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { operationsEvents } from '../db/schema.ts';

/** A stored operations event (DECISIONS.md §7). */
export type OperationsEventRow = typeof operationsEvents.$inferSelect;
export type NewOperationsEvent = Omit<OperationsEventRow, 'id'>;

const BATCH = 2000;

/** The operations event log. The only code that touches `operations_events` (besides the run writes of ConjunctionEventRepository and ManeuverRepository, in their transactions). */
export class OperationsEventRepository {
  constructor(private readonly db: Db) {}

  /** Appends events, in the order given; returns them stored. */
  async insert(events: readonly NewOperationsEvent[]): Promise<OperationsEventRow[]> {
    return insertOperationsEvents(this.db, events);
  }

  /** The newest `limit` events, newest first (ties: the later written first). */
  async recent(limit: number): Promise<OperationsEventRow[]> {
    return this.db.select().from(operationsEvents).orderBy(desc(operationsEvents.timestamp), desc(operationsEvents.id)).limit(limit);
  }
}

/** Inserts operations events with `db` (a transaction or the database), in batches. */
export async function insertOperationsEvents(db: Pick<Db, 'insert'>, events: readonly NewOperationsEvent[]): Promise<OperationsEventRow[]> {
  const out: OperationsEventRow[] = [];
  for (let i = 0; i < events.length; i += BATCH) out.push(...(await db.insert(operationsEvents).values(events.slice(i, i + BATCH)).returning()));
  return out;
}
