import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { appMeta } from '../db/schema.ts';

export interface StartRecord {
  installedAt: Date;
  startCount: number;
}

/** Key/value facts about this installation. The only code that touches `app_meta`. */
export class AppMetaRepository {
  constructor(private readonly db: Db) {}

  async get<T = unknown>(key: string): Promise<T | undefined> {
    const rows = await this.db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, key));
    return rows[0]?.value as T | undefined;
  }

  async set(key: string, value: unknown, now: Date): Promise<void> {
    await this.db
      .insert(appMeta)
      .values({ key, value, updatedAt: now })
      .onConflictDoUpdate({ target: appMeta.key, set: { value, updatedAt: now } });
  }

  /**
   * The value stored under `key`, storing `value` first if there is none. Atomic: two servers
   * starting together on one database agree on the value (the second insert does nothing).
   */
  async getOrCreate<T>(key: string, value: T, now: Date): Promise<T> {
    await this.db.insert(appMeta).values({ key, value, updatedAt: now }).onConflictDoNothing();
    return (await this.get<T>(key)) as T;
  }

  /**
   * Reads, changes and writes the value under `key` in one transaction, holding the row's lock
   * meanwhile, so that two servers changing it together each see the other's change (READ
   * COMMITTED: the second SELECT ... FOR UPDATE waits for the first transaction and reads its
   * row). A missing row is first inserted as JSON null (ON CONFLICT DO NOTHING waits for a
   * concurrent insert of the same key), so there is always a row to lock. Returns what was written.
   */
  async update<T>(key: string, now: Date, change: (previous: unknown) => T): Promise<T> {
    return this.db.transaction(async (tx) => {
      await tx.insert(appMeta).values({ key, value: sql`'null'::jsonb`, updatedAt: now }).onConflictDoNothing();
      const [row] = await tx.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, key)).for('update');
      const next = change(row?.value ?? null);
      await tx.update(appMeta).set({ value: next, updatedAt: now }).where(eq(appMeta.key, key));
      return next;
    });
  }

  /** Counts a server start; the first one also records the installation time. */
  async recordStart(now: Date): Promise<StartRecord> {
    return this.db.transaction(async (tx) => {
      await tx.insert(appMeta).values({ key: 'installed_at', value: now.toISOString(), updatedAt: now }).onConflictDoNothing();
      const [counted] = await tx
        .insert(appMeta)
        .values({ key: 'start_count', value: 1, updatedAt: now })
        .onConflictDoUpdate({
          target: appMeta.key,
          set: { value: sql`to_jsonb((${appMeta.value})::text::int + 1)`, updatedAt: now },
        })
        .returning({ value: appMeta.value });
      const [installed] = await tx.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, 'installed_at'));
      return { installedAt: new Date(String(installed?.value)), startCount: Number(counted?.value) };
    });
  }
}
