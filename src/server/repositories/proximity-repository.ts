import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { proximities } from '../db/schema.ts';
import { insertOperationsEvents, type NewOperationsEvent } from './operations-event-repository.ts';

/** A stored proximity (`proximities`). */
export type ProximityRow = typeof proximities.$inferSelect;
export type NewProximity = Omit<ProximityRow, 'id'>;

/** One screening run's proximity changes, written in one transaction. */
export interface ProximityRunWrite {
  created: NewProximity[];
  updated: { id: number; set: Partial<NewProximity> }[];
  closed: number[];
  events: NewOperationsEvent[];
}

/** Pairs that stay close (core screening/proximity.ts). The only code that touches `proximities`. */
export class ProximityRepository {
  constructor(private readonly db: Db) {}

  async open(): Promise<ProximityRow[]> {
    return this.db.select().from(proximities).where(eq(proximities.status, 'open')).orderBy(asc(proximities.id));
  }

  /** Open ones first, then the most recently seen; at most `limit`. */
  async list(limit: number): Promise<ProximityRow[]> {
    return this.db.select().from(proximities).orderBy(desc(proximities.status), desc(proximities.lastUpdated), desc(proximities.id)).limit(limit);
  }

  async applyRun(w: ProximityRunWrite): Promise<void> {
    if (w.created.length + w.updated.length + w.closed.length + w.events.length === 0) return;
    await this.db.transaction(async (tx) => {
      if (w.created.length > 0) await tx.insert(proximities).values(w.created);
      for (const u of w.updated) await tx.update(proximities).set(u.set).where(eq(proximities.id, u.id));
      if (w.closed.length > 0) await tx.update(proximities).set({ status: 'closed' }).where(inArray(proximities.id, w.closed));
      await insertOperationsEvents(tx, w.events);
    });
  }
}
