import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { scheduledTaskClaims } from '../db/schema.ts';

/** The latest claim of a periodic task. */
export type ScheduledTaskClaim = typeof scheduledTaskClaims.$inferSelect;

/**
 * Claims of periodic tasks by the servers sharing one database (issue 13). The only code that
 * touches `scheduled_task_claims`.
 */
export class ScheduledTaskRepository {
  constructor(private readonly db: Db) {}

  /**
   * Claims the periodic run of `task` for `instance`: true when no instance (this one included)
   * claimed it less than `minGapMs` before `now`, and then records this claim; false otherwise.
   *
   * One statement, `INSERT ... ON CONFLICT (task) DO UPDATE ... WHERE ... RETURNING`: PostgreSQL
   * makes it atomic "even under high concurrency" (docs, INSERT, "ON CONFLICT Clause"). Two
   * servers claiming together: the second waits for the first's row lock (or, for a task never
   * claimed, for its insert to commit), then evaluates the WHERE against the row the first wrote,
   * and gets nothing back. No advisory lock or explicit transaction is needed, and on PGlite (one
   * connection, one process) the same statement simply runs alone.
   *
   * `now` defaults to the database's clock (`statement_timestamp()`): servers on several machines
   * then compare one clock, and a server whose clock is off cannot make the others skip or double
   * a run. Tests pass `now` to be deterministic. A stored claim more than a whole gap after `now`
   * means the clock was set back: it is not believed (otherwise the task would pause until the
   * clock caught up again), but a claim only slightly ahead is (a statement that started before
   * another one and waited for its row lock sees that claim "ahead" of its own timestamp).
   */
  async claim(task: string, minGapMs: number, instance: string, now?: Date): Promise<boolean> {
    const at = now ? sql`${now.toISOString()}::timestamptz` : sql`statement_timestamp()`;
    const gap = sql`make_interval(secs => ${minGapMs / 1000}::double precision)`;
    const rows = await this.db
      .insert(scheduledTaskClaims)
      .values({ task, lastStartedAt: at, instance, claims: 1 })
      .onConflictDoUpdate({
        target: scheduledTaskClaims.task,
        set: { lastStartedAt: sql`excluded.last_started_at`, instance: sql`excluded.instance`, claims: sql`${scheduledTaskClaims.claims} + 1` },
        setWhere: sql`${scheduledTaskClaims.lastStartedAt} <= excluded.last_started_at - ${gap} or ${scheduledTaskClaims.lastStartedAt} > excluded.last_started_at + ${gap}`,
      })
      .returning({ task: scheduledTaskClaims.task });
    return rows.length === 1;
  }

  /** The latest claim of `task`, if any (for logs and tests). */
  async get(task: string): Promise<ScheduledTaskClaim | undefined> {
    const [row] = await this.db.select().from(scheduledTaskClaims).where(eq(scheduledTaskClaims.task, task));
    return row;
  }
}
