import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { conjunctionPlans } from '../db/schema.ts';
import { insertAlertChanges, type NewAlertChange } from './alert-change-repository.ts';

/** A stored avoidance plan (`conjunction_plans`). */
export type ConjunctionPlanRow = typeof conjunctionPlans.$inferSelect;
export type NewConjunctionPlan = Omit<ConjunctionPlanRow, 'id'>;

/** Avoidance plans of conjunction events (issue 28). The only code that touches `conjunction_plans`; every write is one statement (a plan's outcome, one transaction with its alert change). */
export class ConjunctionPlanRepository {
  constructor(private readonly db: Db) {}

  async insert(plan: NewConjunctionPlan): Promise<ConjunctionPlanRow> {
    const [row] = await this.db.insert(conjunctionPlans).values(plan).returning();
    return row!;
  }

  async byEvent(eventId: number): Promise<ConjunctionPlanRow[]> {
    return this.db.select().from(conjunctionPlans).where(eq(conjunctionPlans.eventId, eventId)).orderBy(asc(conjunctionPlans.id));
  }

  async get(eventId: number, planId: number): Promise<ConjunctionPlanRow | undefined> {
    const [row] = await this.db
      .select()
      .from(conjunctionPlans)
      .where(and(eq(conjunctionPlans.eventId, eventId), eq(conjunctionPlans.id, planId)));
    return row;
  }

  /** The screening's outcome, only onto a plan still screening (a restart may have failed it meanwhile). */
  async finish(
    planId: number,
    set: Pick<Partial<NewConjunctionPlan>, 'status' | 'screenedAt' | 'result' | 'acceptable' | 'reason' | 'error'>,
    /** The event's alert change this outcome makes (issue 29: plan_screened), written in the same transaction. */
    change?: (row: ConjunctionPlanRow) => NewAlertChange,
  ): Promise<ConjunctionPlanRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(conjunctionPlans)
        .set(set)
        .where(and(eq(conjunctionPlans.id, planId), eq(conjunctionPlans.status, 'screening')))
        .returning();
      if (row && change) await insertAlertChanges(tx, [change(row)]);
      return row;
    });
  }

  /** The operator's decision on a screened plan; undefined when the plan is not in the status `from`. */
  async decide(planId: number, from: string, to: 'chosen' | 'discarded', at: Date, by: string): Promise<ConjunctionPlanRow | undefined> {
    const [row] = await this.db
      .update(conjunctionPlans)
      .set({ status: to, decidedAt: at, decidedBy: by })
      .where(and(eq(conjunctionPlans.id, planId), eq(conjunctionPlans.status, from)))
      .returning();
    return row;
  }

  /** Plans a stopped server left screening are failed, saying so (run at start: no job survives a restart). */
  async failInterrupted(at: Date): Promise<number> {
    const rows = await this.db
      .update(conjunctionPlans)
      .set({ status: 'failed', error: 'Interrupted: the server stopped while the plan was being screened; screen it again', screenedAt: at })
      .where(eq(conjunctionPlans.status, 'screening'))
      .returning({ id: conjunctionPlans.id });
    return rows.length;
  }
}
