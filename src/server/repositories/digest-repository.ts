import { and, asc, desc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database.ts';
import { catalogScreeningConjunctions, cdmMessages, conjunctionAlertChanges, conjunctionEvents, conjunctionEventUpdates, screeningJobs, spaceObjects } from '../db/schema.ts';

/**
 * Reads for the daily digest (issue 29): one day's open alerts with their Pc over the day, the CDMs
 * imported, the operators' decisions, and the newest catalogue-wide run's top conjunctions. Read
 * only; the tables belong to their own repositories, which write them.
 */

export interface DigestAlertRow {
  id: number;
  conjunctionId: string;
  primaryNorad: number;
  secondaryNorad: number;
  primaryName: string | null;
  secondaryName: string | null;
  tca: Date;
  missKm: number;
  pc: number;
  riskLevel: string;
  assignee: string | null;
  /** The alert status at the end of the day (see `openAlertsAt`). */
  statusAtEnd: string;
}

export interface DigestEstimate {
  eventId: number;
  at: Date;
  pc: number;
  riskLevel: string;
  missKm: number;
}

export interface DigestCdmRow {
  conjunctionId: string;
  originator: string;
  messageId: string;
  creationDate: Date;
  importedAt: Date;
  tca: Date;
  object1Norad: number;
  object2Norad: number;
  object1Name: string | null;
  object2Name: string | null;
  pc: number | null;
  pcMethod: string;
}

export interface DigestDecisionRow {
  conjunctionId: string;
  at: Date;
  actor: string | null;
  fromStatus: string | null;
  toStatus: string;
  comment: string | null;
}

export interface DigestCatalogRun {
  jobId: string;
  finishedAt: Date;
  spec: unknown;
  conjunctions: number;
}

export interface DigestCatalogRow {
  primaryNorad: number;
  secondaryNorad: number;
  primaryName: string;
  secondaryName: string;
  tca: Date;
  missKm: number;
  pc: number;
  riskLevel: string;
}

/** The operators' decisions a digest reports: a move to one of these statuses. */
export const DECISION_STATUSES = ['risk_accepted', 'false_alarm', 'mitigating', 'closed'] as const;

const p = alias(spaceObjects, 'digest_p');
const s = alias(spaceObjects, 'digest_s');

export class DigestRepository {
  constructor(private readonly db: Db) {}

  /**
   * Alerts open at `end`: detected before it, TCA after it (an alert whose TCA passed is closed at
   * once), and not closed at `end`. The status at `end` comes from the alert's changes: the status
   * the last change before `end` moved it to; else the status the first change after `end` moved it
   * from; else (no change at all) the status it has now. A digest for a past day thus shows the
   * statuses of that day, not today's.
   */
  async openAlertsAt(end: Date): Promise<DigestAlertRow[]> {
    const c = conjunctionAlertChanges;
    const endIso = end.toISOString();
    const before = sql<string | null>`(select ${c.toStatus} from ${c} where ${c.eventId} = ${conjunctionEvents.id} and ${c.toStatus} is not null and ${c.at} < ${endIso}::timestamptz order by ${c.at} desc, ${c.id} desc limit 1)`;
    const after = sql<string | null>`(select ${c.fromStatus} from ${c} where ${c.eventId} = ${conjunctionEvents.id} and ${c.toStatus} is not null and ${c.at} >= ${endIso}::timestamptz order by ${c.at} asc, ${c.id} asc limit 1)`;
    const statusAtEnd = sql<string>`coalesce(${before}, ${after}, ${conjunctionEvents.alertStatus})`;
    return this.db
      .select({
        id: conjunctionEvents.id,
        conjunctionId: conjunctionEvents.conjunctionId,
        primaryNorad: conjunctionEvents.primaryNorad,
        secondaryNorad: conjunctionEvents.secondaryNorad,
        primaryName: p.name,
        secondaryName: s.name,
        tca: conjunctionEvents.tca,
        missKm: conjunctionEvents.missKm,
        pc: conjunctionEvents.pc,
        riskLevel: conjunctionEvents.riskLevel,
        assignee: conjunctionEvents.assignee,
        statusAtEnd,
      })
      .from(conjunctionEvents)
      .leftJoin(p, eq(p.noradId, conjunctionEvents.primaryNorad))
      .leftJoin(s, eq(s.noradId, conjunctionEvents.secondaryNorad))
      .where(and(lt(conjunctionEvents.firstDetected, end), sql`${conjunctionEvents.tca} > ${endIso}::timestamptz`, sql`${statusAtEnd} <> 'closed'`))
      .orderBy(asc(conjunctionEvents.id));
  }

  /** Each event's last estimate before `before` (the one in force then). */
  async estimatesInForce(eventIds: readonly number[], before: Date): Promise<Map<number, DigestEstimate>> {
    return this.byEvent(eventIds, (ids) =>
      this.db
        .selectDistinctOn([conjunctionEventUpdates.eventId], estimateColumns)
        .from(conjunctionEventUpdates)
        .where(and(inArray(conjunctionEventUpdates.eventId, ids), lt(conjunctionEventUpdates.at, before)))
        .orderBy(conjunctionEventUpdates.eventId, desc(conjunctionEventUpdates.at), desc(conjunctionEventUpdates.id)),
    );
  }

  /** Each event's first estimate in [start, end). */
  async firstEstimatesIn(eventIds: readonly number[], start: Date, end: Date): Promise<Map<number, DigestEstimate>> {
    return this.byEvent(eventIds, (ids) =>
      this.db
        .selectDistinctOn([conjunctionEventUpdates.eventId], estimateColumns)
        .from(conjunctionEventUpdates)
        .where(and(inArray(conjunctionEventUpdates.eventId, ids), gte(conjunctionEventUpdates.at, start), lt(conjunctionEventUpdates.at, end)))
        .orderBy(conjunctionEventUpdates.eventId, asc(conjunctionEventUpdates.at), asc(conjunctionEventUpdates.id)),
    );
  }

  /** How many estimates each event got in [start, end). */
  async estimateCounts(eventIds: readonly number[], start: Date, end: Date): Promise<Map<number, number>> {
    const out = new Map<number, number>();
    for (const ids of chunks(eventIds)) {
      const rows = await this.db
        .select({ eventId: conjunctionEventUpdates.eventId, n: sql<number>`count(*)::int` })
        .from(conjunctionEventUpdates)
        .where(and(inArray(conjunctionEventUpdates.eventId, ids), gte(conjunctionEventUpdates.at, start), lt(conjunctionEventUpdates.at, end)))
        .groupBy(conjunctionEventUpdates.eventId);
      for (const r of rows) out.set(r.eventId, r.n);
    }
    return out;
  }

  /** CDMs imported in [start, end), oldest first, at most `limit`, and how many there were. */
  async cdmsImported(start: Date, end: Date, limit: number): Promise<{ total: number; rows: DigestCdmRow[] }> {
    const inWindow = and(gte(cdmMessages.importedAt, start), lt(cdmMessages.importedAt, end));
    const [count] = await this.db.select({ n: sql<number>`count(*)::int` }).from(cdmMessages).where(inWindow);
    const rows = await this.db
      .select({
        conjunctionId: conjunctionEvents.conjunctionId,
        originator: cdmMessages.originator,
        messageId: cdmMessages.messageId,
        creationDate: cdmMessages.creationDate,
        importedAt: cdmMessages.importedAt,
        tca: cdmMessages.tca,
        object1Norad: cdmMessages.object1Norad,
        object2Norad: cdmMessages.object2Norad,
        object1Name: p.name,
        object2Name: s.name,
        pc: cdmMessages.pc,
        pcMethod: cdmMessages.pcMethod,
      })
      .from(cdmMessages)
      .innerJoin(conjunctionEvents, eq(conjunctionEvents.id, cdmMessages.eventId))
      .leftJoin(p, eq(p.noradId, cdmMessages.object1Norad))
      .leftJoin(s, eq(s.noradId, cdmMessages.object2Norad))
      .where(inWindow)
      .orderBy(asc(cdmMessages.importedAt), asc(cdmMessages.id))
      .limit(limit);
    return { total: count?.n ?? 0, rows };
  }

  /** Operators' moves to a decision status (DECISION_STATUSES) in [start, end), oldest first, at most `limit`. */
  async decisions(start: Date, end: Date, limit: number): Promise<DigestDecisionRow[]> {
    const c = conjunctionAlertChanges;
    const rows = await this.db
      .select({ conjunctionId: conjunctionEvents.conjunctionId, at: c.at, actor: c.actor, fromStatus: c.fromStatus, toStatus: c.toStatus, comment: c.comment })
      .from(c)
      .innerJoin(conjunctionEvents, eq(conjunctionEvents.id, c.eventId))
      .where(and(eq(c.kind, 'status'), isNotNull(c.toStatus), inArray(c.toStatus, [...DECISION_STATUSES]), gte(c.at, start), lt(c.at, end)))
      .orderBy(asc(c.at), asc(c.id))
      .limit(limit);
    return rows.map((r) => ({ ...r, toStatus: r.toStatus ?? 'closed' }));
  }

  /** The newest completed catalogue-wide run that finished before `end`, with its number of stored conjunctions. */
  async latestCatalogRun(end: Date): Promise<DigestCatalogRun | undefined> {
    const [job] = await this.db
      .select({ jobId: screeningJobs.id, finishedAt: screeningJobs.finishedAt, spec: screeningJobs.spec })
      .from(screeningJobs)
      .where(and(eq(screeningJobs.kind, 'catalog'), eq(screeningJobs.status, 'completed'), isNotNull(screeningJobs.finishedAt), lt(screeningJobs.finishedAt, end)))
      .orderBy(desc(screeningJobs.finishedAt))
      .limit(1);
    if (!job?.finishedAt) return undefined;
    const [count] = await this.db.select({ n: sql<number>`count(*)::int` }).from(catalogScreeningConjunctions).where(eq(catalogScreeningConjunctions.jobId, job.jobId));
    return { jobId: job.jobId, finishedAt: job.finishedAt, spec: job.spec, conjunctions: count?.n ?? 0 };
  }

  /**
   * A run's `limit` highest-Pc conjunctions, ties (many Pcs are 0 without covariance) closest first:
   * the order and index of the /analytics table's Pc sort (catalog-screening-repository.ts).
   */
  async topCatalogConjunctions(jobId: string, limit: number): Promise<DigestCatalogRow[]> {
    const C = catalogScreeningConjunctions;
    return this.db
      .select({
        primaryNorad: C.primaryNorad,
        secondaryNorad: C.secondaryNorad,
        primaryName: C.primaryName,
        secondaryName: C.secondaryName,
        tca: C.tca,
        missKm: C.missDistanceKm,
        pc: C.collisionProbability,
        riskLevel: C.riskLevel,
      })
      .from(C)
      .where(eq(C.jobId, jobId))
      .orderBy(sql`(-${C.collisionProbability})`, asc(C.missDistanceKm), asc(C.seq))
      .limit(limit);
  }

  private async byEvent(eventIds: readonly number[], query: (ids: number[]) => Promise<DigestEstimate[]>): Promise<Map<number, DigestEstimate>> {
    const out = new Map<number, DigestEstimate>();
    for (const ids of chunks(eventIds)) for (const r of await query(ids)) out.set(r.eventId, r);
    return out;
  }
}

const estimateColumns = {
  eventId: conjunctionEventUpdates.eventId,
  at: conjunctionEventUpdates.at,
  pc: conjunctionEventUpdates.pc,
  riskLevel: conjunctionEventUpdates.riskLevel,
  missKm: conjunctionEventUpdates.missKm,
};

/** Ids per statement: a bound parameter each, well under PostgreSQL's 65,535. */
function* chunks(ids: readonly number[], size = 1000): Generator<number[]> {
  for (let i = 0; i < ids.length; i += size) yield ids.slice(i, i + size);
}
