import { and, count, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { auditLog } from '../db/schema.ts';

export interface AuditEntry {
  at: Date;
  actor: string;
  via: 'session' | 'token' | 'local' | 'cli' | 'anonymous';
  role: string | null;
  method: string;
  action: string;
  path: string;
  status: number;
  ip: string | null;
  detail: Record<string, unknown> | null;
}

export interface AuditQuery {
  actor?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  limit: number;
  offset: number;
}

/** Who wrote what, when. The only code that touches `audit_log`; rows are only ever added. */
export class AuditRepository {
  constructor(private readonly db: Db) {}

  async record(entry: AuditEntry): Promise<void> {
    await this.db.insert(auditLog).values(entry);
  }

  async list(query: AuditQuery): Promise<{ total: number; entries: (AuditEntry & { id: number })[] }> {
    const conditions: SQL[] = [];
    if (query.actor) conditions.push(eq(auditLog.actor, query.actor));
    if (query.from) conditions.push(gte(auditLog.at, query.from));
    if (query.to) conditions.push(lte(auditLog.at, query.to));
    const where = conditions.length ? and(...conditions) : undefined;
    const [total] = await this.db.select({ n: count() }).from(auditLog).where(where);
    const rows = await this.db.select().from(auditLog).where(where).orderBy(desc(auditLog.id)).limit(query.limit).offset(query.offset);
    return {
      total: Number(total?.n ?? 0),
      entries: rows.map((r) => ({ ...r, via: r.via as AuditEntry['via'], detail: (r.detail ?? null) as Record<string, unknown> | null })),
    };
  }
}
