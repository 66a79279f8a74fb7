import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { conjunctionAlertChanges, conjunctionEvents, notificationDeliveries, notificationRules, notificationSettings } from '../db/schema.ts';

export type NotificationRuleRow = typeof notificationRules.$inferSelect;
export type NewNotificationRule = typeof notificationRules.$inferInsert;
export type NotificationDeliveryRow = typeof notificationDeliveries.$inferSelect;
export type NewNotificationDelivery = typeof notificationDeliveries.$inferInsert;
export type AlertChangeRow = typeof conjunctionAlertChanges.$inferSelect;
export type NewAlertChange = typeof conjunctionAlertChanges.$inferInsert;
export type AlertEventRow = Pick<
  typeof conjunctionEvents.$inferSelect,
  'id' | 'conjunctionId' | 'primaryNorad' | 'secondaryNorad' | 'tca' | 'missKm' | 'pc' | 'riskLevel' | 'status' | 'alertStatus' | 'assignee'
>;

/** A delivery claimed for sending, with its rule's encrypted secret (webhooks). */
export interface ClaimedDelivery extends NotificationDeliveryRow {
  readonly secretEnc: string | null;
}

/** What one dispatch transaction reads: a batch of undispatched changes and what decides their deliveries. */
export interface DispatchBatch {
  readonly changes: readonly AlertChangeRow[];
  readonly events: ReadonlyMap<number, AlertEventRow>;
  readonly rules: readonly NotificationRuleRow[];
  /** Pending deliveries not yet attempted, of the batch's events (locked: a sender cannot take them meanwhile). */
  readonly mergeable: readonly NotificationDeliveryRow[];
  /** The last delivery time per `${ruleId}:${eventId}`, of the batch's events. */
  readonly lastDelivered: ReadonlyMap<string, Date>;
  /** `${ruleId}:${changeId}` of every change already in a delivery of the batch's events. */
  readonly reported: ReadonlySet<string>;
}

/** What the dispatcher decided for a batch. */
export interface DispatchWrites {
  readonly inserts: readonly NewNotificationDelivery[];
  readonly merges: readonly { id: string; changeIds: number[]; event: string; subject: string; payload: unknown }[];
}

const EVENT_COLUMNS = {
  id: conjunctionEvents.id,
  conjunctionId: conjunctionEvents.conjunctionId,
  primaryNorad: conjunctionEvents.primaryNorad,
  secondaryNorad: conjunctionEvents.secondaryNorad,
  tca: conjunctionEvents.tca,
  missKm: conjunctionEvents.missKm,
  pc: conjunctionEvents.pc,
  riskLevel: conjunctionEvents.riskLevel,
  status: conjunctionEvents.status,
  alertStatus: conjunctionEvents.alertStatus,
  assignee: conjunctionEvents.assignee,
};

/**
 * Notification rules, their deliveries (the delivery queue's truth), the stored SMTP settings, and
 * the outbox side of `conjunction_alert_changes` (issue 29). The only code that touches these tables.
 */
export class NotificationRepository {
  constructor(private readonly db: Db) {}

  // --- rules

  async listRules(): Promise<NotificationRuleRow[]> {
    return this.db.select().from(notificationRules).orderBy(asc(notificationRules.id));
  }

  async getRule(id: number): Promise<NotificationRuleRow | undefined> {
    const [row] = await this.db.select().from(notificationRules).where(eq(notificationRules.id, id));
    return row;
  }

  async insertRule(values: NewNotificationRule): Promise<NotificationRuleRow> {
    const [row] = await this.db.insert(notificationRules).values(values).returning();
    return row!;
  }

  async updateRule(id: number, set: Partial<NewNotificationRule>): Promise<NotificationRuleRow | undefined> {
    if (Object.keys(set).length === 0) return this.getRule(id);
    const [row] = await this.db.update(notificationRules).set(set).where(eq(notificationRules.id, id)).returning();
    return row;
  }

  /**
   * Removes a rule; its messages still waiting end dead ("the rule was removed": nothing could sign
   * them any more), its sent ones stay as history (rule_id becomes null). One transaction.
   */
  async removeRule(id: number): Promise<NotificationRuleRow | undefined> {
    return this.db.transaction(async (tx) => {
      await tx
        .update(notificationDeliveries)
        .set({ status: 'dead', lastError: 'the rule was removed', lockedUntil: null })
        .where(and(eq(notificationDeliveries.ruleId, id), eq(notificationDeliveries.status, 'pending')));
      const [row] = await tx.delete(notificationRules).where(eq(notificationRules.id, id)).returning();
      return row;
    });
  }

  /** Enabled e-mail rules that listen to `event` (the daily digest's subscribers). */
  async enabledEmailRules(event: string): Promise<NotificationRuleRow[]> {
    return this.db
      .select()
      .from(notificationRules)
      .where(and(eq(notificationRules.enabled, true), eq(notificationRules.channel, 'email'), sql`${notificationRules.events} @> ${JSON.stringify([event])}::jsonb`))
      .orderBy(asc(notificationRules.id));
  }

  /** Enabled rules that listen to `event`. */
  async enabledRules(event?: string): Promise<NotificationRuleRow[]> {
    const where: SQL[] = [eq(notificationRules.enabled, true)];
    if (event) where.push(sql`${notificationRules.events} @> ${JSON.stringify([event])}::jsonb`);
    return this.db.select().from(notificationRules).where(and(...where)).orderBy(asc(notificationRules.id));
  }

  // --- deliveries

  async listDeliveries(filter: { status: 'pending' | 'delivered' | 'dead' | 'all'; ruleId?: number | undefined; limit: number }): Promise<NotificationDeliveryRow[]> {
    const where: SQL[] = [];
    if (filter.status !== 'all') where.push(eq(notificationDeliveries.status, filter.status));
    if (filter.ruleId !== undefined) where.push(eq(notificationDeliveries.ruleId, filter.ruleId));
    return this.db
      .select()
      .from(notificationDeliveries)
      .where(where.length ? and(...where) : undefined)
      .orderBy(desc(notificationDeliveries.createdAt), desc(notificationDeliveries.id))
      .limit(filter.limit);
  }

  async getDelivery(id: string): Promise<NotificationDeliveryRow | undefined> {
    const [row] = await this.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.id, id));
    return row;
  }

  /** Inserts deliveries; one whose (rule, dedupe key) exists is not inserted again. Returns the inserted rows. */
  async insertDeliveries(rows: readonly NewNotificationDelivery[]): Promise<NotificationDeliveryRow[]> {
    if (rows.length === 0) return [];
    return this.db
      .insert(notificationDeliveries)
      .values([...rows])
      .onConflictDoNothing({ target: [notificationDeliveries.ruleId, notificationDeliveries.dedupeKey] })
      .returning();
  }

  /** A dead delivery back to pending, due now, with a fresh set of attempts; undefined when it is not dead (or unknown). */
  async retryDead(id: string, now: Date): Promise<NotificationDeliveryRow | undefined> {
    const [row] = await this.db
      .update(notificationDeliveries)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: now, lockedUntil: null })
      .where(and(eq(notificationDeliveries.id, id), eq(notificationDeliveries.status, 'dead'), isNotNull(notificationDeliveries.ruleId)))
      .returning();
    return row;
  }

  /**
   * Claims up to `limit` due deliveries (pending, next attempt reached, no live lease) for one
   * sender: each gets a lease until `leaseUntil` and its attempt counted before it is tried, so a
   * process killed mid-send leaves a row that another sender (or the next start) retries once the
   * lease ran out, and a message that crashes its sender cannot loop forever. FOR UPDATE SKIP
   * LOCKED: senders on several servers never take the same row (PostgreSQL docs, SELECT, "The
   * Locking Clause").
   */
  async claimDue(now: Date, leaseUntil: Date, limit: number, onlyId?: string): Promise<ClaimedDelivery[]> {
    return this.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: notificationDeliveries.id })
        .from(notificationDeliveries)
        .where(
          and(
            eq(notificationDeliveries.status, 'pending'),
            lte(notificationDeliveries.nextAttemptAt, now),
            or(isNull(notificationDeliveries.lockedUntil), lte(notificationDeliveries.lockedUntil, now)),
            onlyId === undefined ? undefined : eq(notificationDeliveries.id, onlyId),
          ),
        )
        .orderBy(asc(notificationDeliveries.nextAttemptAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      const rows = await tx
        .update(notificationDeliveries)
        .set({ lockedUntil: leaseUntil, attempts: sql`${notificationDeliveries.attempts} + 1` })
        .where(
          inArray(
            notificationDeliveries.id,
            due.map((d) => d.id),
          ),
        )
        .returning();
      const ruleIds = [...new Set(rows.map((r) => r.ruleId).filter((id): id is number => id !== null))];
      const secrets = new Map(
        ruleIds.length ? (await tx.select({ id: notificationRules.id, secretEnc: notificationRules.secretEnc }).from(notificationRules).where(inArray(notificationRules.id, ruleIds))).map((r) => [r.id, r.secretEnc]) : [],
      );
      return rows.map((r) => ({ ...r, secretEnc: r.ruleId === null ? null : (secrets.get(r.ruleId) ?? null) }));
    });
  }

  /** The receivers took these (one statement for a claim's batch). Only while this sender's lease holds. */
  async markDeliveredMany(ids: readonly string[], leaseUntil: Date, at: Date): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .update(notificationDeliveries)
      .set({ status: 'delivered', deliveredAt: at, lockedUntil: null, lastError: null, nextAttemptAt: null })
      .where(and(inArray(notificationDeliveries.id, [...ids]), eq(notificationDeliveries.lockedUntil, leaseUntil)));
  }

  /** A failed attempt: retried at `nextAttemptAt`, or dead when null. */
  async markFailed(id: string, leaseUntil: Date, error: string, nextAttemptAt: Date | null): Promise<void> {
    await this.db
      .update(notificationDeliveries)
      .set(nextAttemptAt ? { lastError: error, nextAttemptAt, lockedUntil: null } : { status: 'dead', lastError: error, lockedUntil: null, nextAttemptAt: null })
      .where(and(eq(notificationDeliveries.id, id), eq(notificationDeliveries.lockedUntil, leaseUntil)));
  }

  /**
   * Ends every lease (the embedded database at start: its data directory is locked to this
   * process, so a lease can only be a killed predecessor's, and its rows are due again now).
   */
  async releaseLeases(): Promise<number> {
    const rows = await this.db
      .update(notificationDeliveries)
      .set({ lockedUntil: null })
      .where(and(eq(notificationDeliveries.status, 'pending'), isNotNull(notificationDeliveries.lockedUntil)))
      .returning({ id: notificationDeliveries.id });
    return rows.length;
  }

  /** The earliest next attempt of a pending delivery (the sender's next wake-up), if any. */
  async nextDue(): Promise<Date | undefined> {
    const [row] = await this.db
      .select({ at: sql<Date | string | null>`min(${notificationDeliveries.nextAttemptAt})` })
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.status, 'pending'));
    return row?.at ? new Date(row.at) : undefined;
  }

  /** Counts by status (tests, the bench). */
  async countByStatus(): Promise<Record<string, number>> {
    const rows = await this.db.select({ status: notificationDeliveries.status, n: sql<number>`count(*)::int` }).from(notificationDeliveries).groupBy(notificationDeliveries.status);
    return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  }

  // --- the outbox

  /** An alert change (the lifecycle writes these with its own changes; tests and the bench through here). */
  async insertChanges(rows: readonly NewAlertChange[]): Promise<AlertChangeRow[]> {
    if (rows.length === 0) return [];
    return this.db
      .insert(conjunctionAlertChanges)
      .values([...rows])
      .returning();
  }

  /** Undispatched changes left (tests, the bench). */
  async undispatchedCount(): Promise<number> {
    const [row] = await this.db.select({ n: sql<number>`count(*)::int` }).from(conjunctionAlertChanges).where(isNull(conjunctionAlertChanges.dispatchedAt));
    return Number(row?.n ?? 0);
  }

  /**
   * One dispatch step, in one transaction: claims up to `limit` undispatched changes (oldest first,
   * FOR UPDATE SKIP LOCKED: two servers dispatching take different changes), reads what `plan`
   * needs, writes its deliveries (a (rule, dedupe key) already there is not inserted again) and
   * merges, and marks the changes dispatched. A crash anywhere rolls all of it back: the changes are
   * dispatched again, and nothing twice. Returns how many changes it took.
   */
  async dispatch(limit: number, now: Date, plan: (batch: DispatchBatch) => DispatchWrites): Promise<{ changes: number; inserted: number; merged: number }> {
    return this.db.transaction(async (tx) => {
      const changes = await tx
        .select()
        .from(conjunctionAlertChanges)
        .where(isNull(conjunctionAlertChanges.dispatchedAt))
        .orderBy(asc(conjunctionAlertChanges.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      if (changes.length === 0) return { changes: 0, inserted: 0, merged: 0 };
      const eventIds = [...new Set(changes.map((c) => c.eventId))];
      const rules = await tx.select().from(notificationRules).where(eq(notificationRules.enabled, true)).orderBy(asc(notificationRules.id));
      let events = new Map<number, AlertEventRow>();
      let mergeable: NotificationDeliveryRow[] = [];
      const lastDelivered = new Map<string, Date>();
      const reported = new Set<string>();
      if (rules.length > 0) {
        events = new Map((await tx.select(EVENT_COLUMNS).from(conjunctionEvents).where(inArray(conjunctionEvents.id, eventIds))).map((e) => [e.id, e]));
        mergeable = await tx
          .select()
          .from(notificationDeliveries)
          .where(
            and(
              inArray(notificationDeliveries.eventId, eventIds),
              eq(notificationDeliveries.status, 'pending'),
              eq(notificationDeliveries.attempts, 0),
              or(isNull(notificationDeliveries.lockedUntil), lte(notificationDeliveries.lockedUntil, now)),
            ),
          )
          .orderBy(asc(notificationDeliveries.createdAt))
          .for('update', { skipLocked: true });
        const delivered = await tx
          .select({ ruleId: notificationDeliveries.ruleId, eventId: notificationDeliveries.eventId, at: sql<Date | string>`max(${notificationDeliveries.deliveredAt})` })
          .from(notificationDeliveries)
          .where(and(inArray(notificationDeliveries.eventId, eventIds), gt(notificationDeliveries.deliveredAt, new Date(now.getTime() - 3_600_000))))
          .groupBy(notificationDeliveries.ruleId, notificationDeliveries.eventId);
        for (const d of delivered) if (d.ruleId !== null && d.eventId !== null) lastDelivered.set(`${d.ruleId}:${d.eventId}`, new Date(d.at));
        const linked = await tx.execute(
          sql`select distinct d.rule_id, c.value::int as change_id from ${notificationDeliveries} d, jsonb_array_elements(d.change_ids) c where d.event_id in (${sql.join(
            eventIds.map((id) => sql`${id}`),
            sql`, `,
          )}) and d.rule_id is not null`,
        );
        for (const r of rowsOf<{ rule_id: number; change_id: number }>(linked)) reported.add(`${r.rule_id}:${r.change_id}`);
      }
      const writes = plan({ changes, events, rules, mergeable, lastDelivered, reported });
      let inserted = 0;
      for (let i = 0; i < writes.inserts.length; i += 500) {
        const done = await tx
          .insert(notificationDeliveries)
          .values(writes.inserts.slice(i, i + 500))
          .onConflictDoNothing({ target: [notificationDeliveries.ruleId, notificationDeliveries.dedupeKey] })
          .returning({ id: notificationDeliveries.id });
        inserted += done.length;
      }
      for (const m of writes.merges) {
        await tx.update(notificationDeliveries).set({ changeIds: m.changeIds, event: m.event, subject: m.subject, payload: m.payload }).where(eq(notificationDeliveries.id, m.id));
      }
      await tx
        .update(conjunctionAlertChanges)
        .set({ dispatchedAt: now })
        .where(
          inArray(
            conjunctionAlertChanges.id,
            changes.map((c) => c.id),
          ),
        );
      return { changes: changes.length, inserted, merged: writes.merges.length };
    });
  }

  /** Open alerts whose TCA lies in [from, to] (the tca_near check). */
  async openEventsWithTcaBetween(from: Date, to: Date): Promise<AlertEventRow[]> {
    return this.db
      .select(EVENT_COLUMNS)
      .from(conjunctionEvents)
      .where(and(eq(conjunctionEvents.status, 'open'), ne(conjunctionEvents.alertStatus, 'closed'), gte(conjunctionEvents.tca, from), lte(conjunctionEvents.tca, to)))
      .orderBy(asc(conjunctionEvents.tca));
  }

  // --- settings

  async getSetting(key: string): Promise<unknown> {
    const [row] = await this.db.select().from(notificationSettings).where(eq(notificationSettings.key, key));
    return row?.value;
  }

  async putSetting(key: string, value: unknown, now: Date): Promise<void> {
    await this.db
      .insert(notificationSettings)
      .values({ key, value, updatedAt: now })
      .onConflictDoUpdate({ target: notificationSettings.key, set: { value, updatedAt: now } });
  }
}

/** Rows of `execute` (node-postgres answers a QueryResult, PGlite a Results: both have `rows`). */
function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}
