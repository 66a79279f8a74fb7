import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { screeningRuns } from '../db/schema.ts';

/** A stored screening run of the continuous screening (`screening_runs`). */
export type ScreeningRunRow = typeof screeningRuns.$inferSelect;
export type ScreeningRunStatus = 'running' | 'completed' | 'failed';

export interface NewScreeningRun {
  /** start-up | catalogue-update | interval | manual */
  reason: string;
  startedAt: Date;
  windowStart: Date;
  windowEnd: Date;
  thresholdKm: number;
  catalogVersion: string;
  primaries: number;
  objects: number;
  /** primaries × objects */
  pairs: number;
}

/** The continuous screening's runs. The only code that touches `screening_runs`. */
export class ScreeningRunRepository {
  constructor(private readonly db: Db) {}

  /** Records a run that starts now ('running'); returns its id. */
  async start(run: NewScreeningRun): Promise<number> {
    const [row] = await this.db
      .insert(screeningRuns)
      .values({ ...run, status: 'running' })
      .returning({ id: screeningRuns.id });
    if (!row) throw new Error('screening_runs insert returned nothing');
    return row.id;
  }

  /** Marks a run completed, with its approach count and its approaches to adversary satellites (see the schema). */
  async complete(id: number, result: { finishedAt: Date; approaches: number; adversaryApproaches: readonly object[] }): Promise<void> {
    await this.db
      .update(screeningRuns)
      // error cleared: another server starting meanwhile may have marked this live run failed (failRunning does not know which runs are live).
      .set({ status: 'completed', error: null, finishedAt: result.finishedAt, approaches: result.approaches, adversaryApproaches: result.adversaryApproaches })
      .where(eq(screeningRuns.id, id));
  }

  async fail(id: number, result: { finishedAt: Date; error: string }): Promise<void> {
    await this.db
      .update(screeningRuns)
      .set({ status: 'failed', finishedAt: result.finishedAt, error: result.error.slice(0, 2000) })
      .where(eq(screeningRuns.id, id));
  }

  /** Marks every run still 'running' as failed (a restart interrupted it); returns how many. */
  async failRunning(finishedAt: Date, error: string): Promise<number> {
    const rows = await this.db
      .update(screeningRuns)
      .set({ status: 'failed', finishedAt, error })
      .where(eq(screeningRuns.status, 'running'))
      .returning({ id: screeningRuns.id });
    return rows.length;
  }

  async get(id: number): Promise<ScreeningRunRow | undefined> {
    const [row] = await this.db.select().from(screeningRuns).where(eq(screeningRuns.id, id));
    return row;
  }

  /** The newest run, whatever its status. */
  async latest(): Promise<ScreeningRunRow | undefined> {
    const [row] = await this.db.select().from(screeningRuns).orderBy(desc(screeningRuns.id)).limit(1);
    return row;
  }

  /** The newest completed run. */
  async lastCompleted(): Promise<ScreeningRunRow | undefined> {
    const [row] = await this.db.select().from(screeningRuns).where(eq(screeningRuns.status, 'completed')).orderBy(desc(screeningRuns.id)).limit(1);
    return row;
  }

  /** Object pairs screened by the completed runs started at or after `since`. */
  async pairsSince(since: Date): Promise<number> {
    const [row] = await this.db
      .select({ pairs: sql<string | number | null>`sum(${screeningRuns.pairs})` })
      .from(screeningRuns)
      .where(and(eq(screeningRuns.status, 'completed'), gte(screeningRuns.startedAt, since)));
    return Number(row?.pairs ?? 0);
  }

  /** Completed runs started at or after `since`: when each started and how many pairs it screened, oldest first. */
  async completedSince(since: Date): Promise<{ startedAt: Date; pairs: number }[]> {
    return this.db
      .select({ startedAt: screeningRuns.startedAt, pairs: screeningRuns.pairs })
      .from(screeningRuns)
      .where(and(eq(screeningRuns.status, 'completed'), gte(screeningRuns.startedAt, since)))
      .orderBy(screeningRuns.startedAt);
  }
}
