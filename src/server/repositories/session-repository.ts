import { eq, lt } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { sessions } from '../db/schema.ts';

export interface StoredSession {
  userId?: number;
  [key: string]: unknown;
}

/** Browser sessions (the @fastify/session store's rows). The only code that touches `sessions`. */
export class SessionRepository {
  constructor(private readonly db: Db) {}

  async get(sid: string, now: Date): Promise<StoredSession | undefined> {
    const [row] = await this.db.select().from(sessions).where(eq(sessions.sid, sid));
    if (!row) return undefined;
    if (row.expiresAt.getTime() <= now.getTime()) {
      await this.destroy(sid);
      return undefined;
    }
    return row.data as StoredSession;
  }

  async set(sid: string, data: StoredSession, expiresAt: Date): Promise<void> {
    const userId = typeof data.userId === 'number' ? data.userId : null;
    await this.db
      .insert(sessions)
      .values({ sid, userId, data, expiresAt })
      .onConflictDoUpdate({ target: sessions.sid, set: { userId, data, expiresAt } });
  }

  async destroy(sid: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.sid, sid));
  }

  /** Deletes expired sessions; returns how many. */
  async prune(now: Date): Promise<number> {
    const rows = await this.db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ sid: sessions.sid });
    return rows.length;
  }
}
