// nextTurn: a turn of the event loop for the requests that came meanwhile (between insert batches).
import { setImmediate as nextTurn } from 'node:timers/promises';
import { and, eq, gte, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database.ts';
import { catalogScreeningConjunctions, screeningJobs, spaceObjects } from '../db/schema.ts';

export interface CatalogConjunctionRow {
  primaryNorad: number;
  secondaryNorad: number;
  primaryName: string;
  secondaryName: string;
  tca: Date;
  missDistanceKm: number;
  relativeSpeedKmS: number;
  collisionProbability: number;
  maxCollisionProbability: number;
  riskLevel: string;
  pcMethod: string;
  regime: string;
}

/** Which of a run's conjunctions, in which order. */
export interface CatalogConjunctionSelection {
  sort: 'pc' | 'maxpc' | 'miss' | 'tca';
  risk?: string | undefined;
  type?: string | undefined;
  owner?: string | undefined;
  q?: string | undefined;
}

export interface CatalogConjunctionFilter extends CatalogConjunctionSelection {
  limit: number;
  offset: number;
}

export interface CatalogConjunctionListed extends CatalogConjunctionRow {
  primaryType: string | null;
  primaryOwner: string | null;
  secondaryType: string | null;
  secondaryOwner: string | null;
}

/** A row with its place in the run (seq), the last part of every sort key. */
interface KeyedRow extends CatalogConjunctionRow {
  seq: number;
}
type KeyedRowListed = KeyedRow & Omit<CatalogConjunctionListed, keyof CatalogConjunctionRow>;
/** The run's own table, or a page cut from it: the same columns. */
type Source = Record<'seq' | keyof CatalogConjunctionRow, AnyPgColumn>;

/**
 * Rows per insert. With the embedded PGlite each insert runs on the event loop, and awaiting it
 * gives no other request a turn: a 3-day catalogue-wide run's 452,776 rows in 2,000-row batches
 * held the server for 54 s. 500-row batches (about 60 ms each there) with a turn between them keep
 * the polls answered; other queries wait for the transaction as before.
 */
const BATCH = 500;

/** The conjunctions of catalogue-wide runs (`catalog_screening_conjunctions`). The only code that touches that table. */
export class CatalogScreeningRepository {
  constructor(private readonly db: Db) {}

  /** Stores a run's conjunctions in one transaction (all or none), in batches. */
  async store(jobId: string, rows: readonly CatalogConjunctionRow[]): Promise<void> {
    await this.storeFrom(jobId, 0, rows);
    await this.analyze();
  }

  /**
   * Stores rows `firstSeq`, `firstSeq + 1`, … of a run in one transaction, in place of every row
   * from `firstSeq` on: a run streamed chunk by chunk (issue 30, item 8) writes each chunk so, and a
   * server that takes the run over and starts again from 0 replaces what the first one wrote. The
   * rows are read only once the run is completed (CatalogScreeningService), so the run's rows
   * appear all at once, or not at all.
   */
  async storeFrom(jobId: string, firstSeq: number, rows: readonly CatalogConjunctionRow[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(C).where(and(eq(C.jobId, jobId), gte(C.seq, firstSeq)));
      for (let first = 0; first < rows.length; first += BATCH) {
        await tx.insert(C).values(rows.slice(first, first + BATCH).map((r, i) => ({ ...r, jobId, seq: firstSeq + first + i })));
        await nextTurn();
      }
    });
  }

  /** Removes a run's rows at these places (the approaches folded into proximities); what they were, for the run's counts. */
  async remove(jobId: string, seqs: readonly number[]): Promise<Pick<CatalogConjunctionRow, 'riskLevel' | 'regime' | 'tca'>[]> {
    const out: Pick<CatalogConjunctionRow, 'riskLevel' | 'regime' | 'tca'>[] = [];
    await this.db.transaction(async (tx) => {
      for (let first = 0; first < seqs.length; first += BATCH) {
        const part = seqs.slice(first, first + BATCH);
        out.push(...(await tx.delete(C).where(and(eq(C.jobId, jobId), inArray(C.seq, part))).returning({ riskLevel: C.riskLevel, regime: C.regime, tca: C.tca })));
      }
    });
    return out;
  }

  /**
   * The planner walks the sort's index for a page only when it knows how many rows a run has.
   * PostgreSQL's autovacuum gathers that in its own time; the embedded PGlite never runs it, and
   * without statistics a page of a 452,776-row run sorted every row (0.4–2 s instead of 0.1 s).
   */
  async analyze(): Promise<void> {
    await this.db.execute(sql`analyze ${C}`);
  }

  /** Removes the rows of catalogue-wide runs that failed or were cancelled (what a streamed run wrote before it ended so). */
  async clearEnded(): Promise<void> {
    await this.db
      .delete(C)
      .where(inArray(C.jobId, this.db.select({ id: screeningJobs.id }).from(screeningJobs).where(and(eq(screeningJobs.kind, 'catalog'), inArray(screeningJobs.status, ['failed', 'cancelled'])))));
  }

  /** Removes every row of one run. */
  async clear(jobId: string): Promise<void> {
    await this.db.delete(C).where(eq(C.jobId, jobId));
  }

  /**
   * A page of a run's conjunctions, filtered and sorted; object type and owner from the catalogue.
   * The number matching comes from `count`.
   */
  async rowsPage(jobId: string, filter: CatalogConjunctionSelection, limit: number, offset: number): Promise<CatalogConjunctionListed[]> {
    return (await this.rows(jobId, filter, limit, offset)).map(withoutSeq);
  }

  /** How many of a run's conjunctions the filters select. */
  async count(jobId: string, filter: CatalogConjunctionSelection): Promise<number> {
    const [count] = await this.db.select({ n: sql<number>`count(*)::int` }).from(C).where(conditionOf(jobId, filter));
    return count?.n ?? 0;
  }

  /**
   * Every conjunction the sort and filters select, up to `max`, in chunks with a turn of the event
   * loop between them. Each chunk continues from the last row's sort key (keyset pagination; the key
   * ends with seq, so it is unique) and walks the same index as a page: a 100,000-row CSV export is
   * many short queries instead of one that holds the server for seconds. A filter that keeps few rows
   * makes the walk longer per row kept, so the chunk's size follows the time the last one took.
   */
  async *chunks(jobId: string, filter: CatalogConjunctionSelection, max: number): AsyncGenerator<CatalogConjunctionListed[]> {
    let after: KeyedRow | undefined;
    // A name search cannot use the sort's index to find its rows: the planner scans the run's rows
    // for each query, however few it returns. Its export is one query, as a page's count is.
    let size = filter.q ? max : CHUNK.first;
    for (let left = max; left > 0; ) {
      const started = performance.now();
      const limit = Math.min(size, left);
      const rows = await this.rows(jobId, filter, limit, 0, after);
      if (rows.length > 0) yield rows.map(withoutSeq);
      if (rows.length < limit) return;
      left -= rows.length;
      after = rows.at(-1);
      const ms = Math.max(1, performance.now() - started);
      size = Math.round(Math.min(CHUNK.most, Math.max(CHUNK.least, (size * CHUNK.targetMs) / ms)));
      await nextTurn();
    }
  }

  /**
   * Rows in the sort's order from `offset` (or after a keyset row). The run's own rows are cut first,
   * by an index walk in the sort's order (see the schema); only the rows of the cut are joined to the
   * catalogue for their objects' type and owner.
   */
  private async rows(jobId: string, filter: CatalogConjunctionSelection, limit: number, offset: number, after?: KeyedRow): Promise<KeyedRowListed[]> {
    const { p, s } = objects();
    const where = [conditionOf(jobId, filter)];
    if (after) where.push(sql`(${sql.join(sortKey(filter.sort, C), sql`, `)}) > (${sql.join(keyValues(filter.sort, after), sql`, `)})`);
    const cut = this.db
      .select(listedColumns(C))
      .from(C)
      .where(and(...where))
      .orderBy(...sortKey(filter.sort, C))
      .limit(limit)
      .offset(offset)
      .as('cut');
    return this.db
      .select({ ...listedColumns(cut), primaryType: p.objectType, primaryOwner: p.owner, secondaryType: s.objectType, secondaryOwner: s.owner })
      .from(cut)
      .leftJoin(p, eq(p.noradId, cut.primaryNorad))
      .leftJoin(s, eq(s.noradId, cut.secondaryNorad))
      .orderBy(...sortKey(filter.sort, cut));
  }
}

function withoutSeq({ seq: _seq, ...row }: KeyedRowListed): CatalogConjunctionListed {
  return row;
}

/** Export chunks: rows in the first, bounds, and the time one should take on the event loop. */
const CHUNK = { first: 500, least: 100, most: 5_000, targetMs: 60 };

const C = catalogScreeningConjunctions;

function objects() {
  return { p: alias(spaceObjects, 'p'), s: alias(spaceObjects, 's') };
}

function conditionOf(jobId: string, filter: CatalogConjunctionSelection): SQL {
  const where: SQL[] = [eq(C.jobId, jobId)];
  if (filter.risk) where.push(eq(C.riskLevel, filter.risk));
  // Either object of the pair; an object the catalogue does not hold matches neither filter. The
  // catalogue's side is a small set the planner hashes once, checked as the run's index is walked.
  const either = (objectsWith: SQL) => {
    const ids = sql`(select ${spaceObjects.noradId} from ${spaceObjects} where ${objectsWith})`;
    return sql`(${C.primaryNorad} in ${ids} or ${C.secondaryNorad} in ${ids})`;
  };
  if (filter.type) where.push(either(sql`${spaceObjects.objectType} = ${filter.type}`));
  if (filter.owner) where.push(either(sql`upper(${spaceObjects.owner}) = upper(${filter.owner})`));
  if (filter.q) {
    // LIKE wildcards in the search text are literal.
    const pattern = `%${filter.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    where.push(or(ilike(C.primaryName, pattern), ilike(C.secondaryName, pattern), sql`${C.primaryNorad}::text like ${pattern}`, sql`${C.secondaryNorad}::text like ${pattern}`)!);
  }
  return and(...where)!;
}

function listedColumns<T extends Source>(t: T) {
  return {
    seq: t.seq,
    primaryNorad: t.primaryNorad,
    secondaryNorad: t.secondaryNorad,
    primaryName: t.primaryName,
    secondaryName: t.secondaryName,
    tca: t.tca,
    missDistanceKm: t.missDistanceKm,
    relativeSpeedKmS: t.relativeSpeedKmS,
    collisionProbability: t.collisionProbability,
    maxCollisionProbability: t.maxCollisionProbability,
    riskLevel: t.riskLevel,
    pcMethod: t.pcMethod,
    regime: t.regime,
  };
}

/**
 * The sort's key, ascending in every part and ending with seq (the run's own order), so that it is
 * unique and a keyset continues exactly where a chunk ended. Pc sorts highest first as its negation
 * ascending: the same order as `pc desc`, and the form the expression indexes of the schema hold.
 */
function sortKey(sort: CatalogConjunctionFilter['sort'], t: Source): SQL[] {
  switch (sort) {
    case 'pc':
      return [sql`(-${t.collisionProbability})`, sql`${t.missDistanceKm}`, sql`${t.seq}`];
    case 'maxpc':
      return [sql`(-${t.maxCollisionProbability})`, sql`${t.missDistanceKm}`, sql`${t.seq}`];
    case 'miss':
      return [sql`${t.missDistanceKm}`, sql`${t.seq}`];
    case 'tca':
      return [sql`${t.tca}`, sql`${t.seq}`];
  }
}

/** The last row's values of its sort key (the same parts as sortKey). */
function keyValues(sort: CatalogConjunctionFilter['sort'], row: KeyedRow): SQL[] {
  const seq = sql`${row.seq}::int`;
  switch (sort) {
    case 'pc':
      return [sql`${-row.collisionProbability}::float8`, sql`${row.missDistanceKm}::float8`, seq];
    case 'maxpc':
      return [sql`${-row.maxCollisionProbability}::float8`, sql`${row.missDistanceKm}::float8`, seq];
    case 'miss':
      return [sql`${row.missDistanceKm}::float8`, seq];
    case 'tca':
      // Stored from JavaScript dates, so milliseconds are the whole value.
      return [sql`${row.tca.toISOString()}::timestamptz`, seq];
  }
}
