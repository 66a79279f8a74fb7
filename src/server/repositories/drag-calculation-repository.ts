import { count, desc } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { dragCalculations } from '../db/schema.ts';

/** A stored drag-calculator run. `input` and `result` are kept as JSON, as they were computed. */
export interface StoredDragCalculation<I = unknown, R = unknown> {
  id: number;
  createdAt: Date;
  satellite: string;
  model: string;
  input: I;
  result: R;
}

/** The drag calculator's history: every calculation, newest first. */
export class DragCalculationRepository {
  constructor(private readonly db: Db) {}

  async insert<I, R>(row: { createdAt: Date; satellite: string; model: string; input: I; result: R }): Promise<StoredDragCalculation<I, R>> {
    const [stored] = await this.db.insert(dragCalculations).values(row).returning();
    if (!stored) throw new Error('drag_calculations insert returned nothing');
    return stored as StoredDragCalculation<I, R>;
  }

  /** The newest `limit` calculations, newest first (ids grow with time). */
  async latest<I, R>(limit: number): Promise<StoredDragCalculation<I, R>[]> {
    const rows = await this.db.select().from(dragCalculations).orderBy(desc(dragCalculations.id)).limit(limit);
    return rows as StoredDragCalculation<I, R>[];
  }

  async count(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(dragCalculations);
    return Number(row?.n ?? 0);
  }
}
