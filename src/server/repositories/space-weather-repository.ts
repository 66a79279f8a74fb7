import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { solarIndicesDays, spaceWeatherDays, spaceWeatherImports, stormTemperatureDays } from '../db/schema.ts';
import { INTERRUPTED_IMPORT_ERROR } from './catalog-repository.ts';

/** One UTC day of one provider, as stored (see `space_weather_days` in schema.ts). */
export interface SpaceWeatherDay {
  provider: string;
  /** YYYY-MM-DD (UTC). */
  date: string;
  status: 'observed' | 'predicted';
  cadence: 'daily' | 'monthly';
  f107Obs: number | null;
  f107Adj: number | null;
  f107AdjMethod: string | null;
  f107ObsCenter81: number | null;
  f107AdjCenter81: number | null;
  f107ObsLast81: number | null;
  f107AdjLast81: number | null;
  meanStatus: 'observed' | 'predicted' | null;
  meanMethod: string | null;
  /** Eight 3-hour values (00–03 … 21–24 UT), null where missing; null when the day has none. */
  kp: (number | null)[] | null;
  ap: (number | null)[] | null;
  apDaily: number | null;
  source: string;
  /** YYYY-MM-DD: the last observed day of the file the row came from. */
  asOf: string;
}

/** One UTC day of SET's JB2008 solar indices, as stored (see `solar_indices_days` in schema.ts). */
export interface SolarIndicesRow {
  /** YYYY-MM-DD (UTC). */
  date: string;
  f10: number | null;
  f81c: number | null;
  s10: number | null;
  s81c: number | null;
  m10: number | null;
  m81c: number | null;
  y10: number | null;
  y81c: number | null;
  source: string;
}

const SOLAR_CONTENT = ['f10', 'f81c', 's10', 's81c', 'm10', 'm81c', 'y10', 'y81c'] as const;

/** One UTC day of SET's JB2008 storm temperature change, as stored (see `storm_temperature_days`). */
export interface StormTemperatureRow {
  /** YYYY-MM-DD (UTC). */
  date: string;
  /** ΔTc at 00 … 23 h UT, K. */
  hourly: number[];
  source: string;
}

/**
 * Runs an insert … on conflict do update … where … returning (xmax = 0) over `rows` in batches and
 * counts: inserted rows come back with xmax = 0, updated ones without, and rows the WHERE kept as
 * they were do not come back.
 */
async function upsertInBatches<T>(rows: readonly T[], insertBatch: (batch: T[]) => Promise<{ inserted: boolean }[]>): Promise<DayUpsertCounts> {
  const counts: DayUpsertCounts = { added: 0, updated: 0, unchanged: 0 };
  for (let i = 0; i < rows.length; i += DAY_BATCH) {
    const batch = rows.slice(i, i + DAY_BATCH);
    const returned = await insertBatch(batch);
    const added = returned.filter((r) => r.inserted).length;
    counts.added += added;
    counts.updated += returned.length - added;
    counts.unchanged += batch.length - returned.length;
  }
  return counts;
}

export interface DayUpsertCounts {
  added: number;
  updated: number;
  unchanged: number;
}

export interface SpaceWeatherImportRow {
  id: number;
  provider: string;
  label: string;
  startedAt: Date;
  finishedAt: Date | null;
  rows: number;
  daysAdded: number;
  daysUpdated: number;
  daysUnchanged: number;
  rejected: number;
  rejections: unknown;
  firstDate: string | null;
  lastDate: string | null;
  lastObservedDate: string | null;
}

// Postgres takes at most 65,535 bind parameters a statement; a day row has 22 columns.
const DAY_BATCH = 2000;

/**
 * The columns whose change makes a stored day out of date. `source` (it names the file and line)
 * and `as_of` are left out, so importing the same values from another file changes nothing.
 */
const CONTENT = [
  'status',
  'cadence',
  'f107_obs',
  'f107_adj',
  'f107_adj_method',
  'f107_obs_center81',
  'f107_adj_center81',
  'f107_obs_last81',
  'f107_adj_last81',
  'mean_status',
  'mean_method',
  'kp',
  'ap',
  'ap_daily',
];

/** The space-weather SQL: daily records and the imports that brought them. */
export class SpaceWeatherRepository {
  constructor(private readonly db: Db) {}

  /**
   * Runs `work` in one transaction, with a repository whose every statement is part of it: all of
   * it commits or none. Inside, use only that repository (PGlite has one connection: a statement on
   * the outer handle would wait for the transaction, which waits for it).
   */
  async transaction<T>(work: (repo: SpaceWeatherRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new SpaceWeatherRepository(tx)));
  }

  /**
   * Records an import that starts now, as `running`, in a statement of its own: it stays visible if
   * the import's transaction never commits (a crash), and is then marked interrupted at the next start.
   */
  async startImport(provider: string, label: string, now: Date): Promise<number> {
    const [row] = await this.db.insert(spaceWeatherImports).values({ status: 'running', provider, label, startedAt: now }).returning({ id: spaceWeatherImports.id });
    if (!row) throw new Error('space_weather_imports insert returned nothing');
    return row.id;
  }

  /**
   * Locks the import's row for the rest of this transaction (call it first inside the import's
   * transaction), so that `markInterrupted` in a server starting meanwhile on the same PostgreSQL
   * database skips it.
   */
  async lockImport(id: number): Promise<void> {
    await this.db.select({ id: spaceWeatherImports.id }).from(spaceWeatherImports).where(eq(spaceWeatherImports.id, id)).for('update');
  }

  /** Marks an import failed with its error (its transaction rolled back); one already completed is left as it is. */
  async failImport(id: number, error: string, now: Date): Promise<void> {
    await this.db
      .update(spaceWeatherImports)
      .set({ status: 'failed', error: error.slice(0, 2000), finishedAt: now })
      .where(and(eq(spaceWeatherImports.id, id), eq(spaceWeatherImports.status, 'running')));
  }

  /**
   * Marks every import still `running` interrupted (its process stopped before its transaction
   * committed: none of its days are stored); returns their ids. Rows locked by an import in progress
   * (another process on the same PostgreSQL database) are skipped.
   */
  async markInterrupted(): Promise<number[]> {
    const running = this.db.select({ id: spaceWeatherImports.id }).from(spaceWeatherImports).where(eq(spaceWeatherImports.status, 'running')).for('update', { skipLocked: true });
    const rows = await this.db
      .update(spaceWeatherImports)
      .set({ status: 'interrupted', error: INTERRUPTED_IMPORT_ERROR })
      .where(inArray(spaceWeatherImports.id, running))
      .returning({ id: spaceWeatherImports.id });
    return rows.map((r) => r.id);
  }

  /** Marks an import completed with its counts: call it inside the transaction that writes its days. */
  async finishImport(
    id: number,
    result: DayUpsertCounts & {
      rows: number;
      rejections: readonly { line: number; reason: string }[];
      firstDate: string | null;
      lastDate: string | null;
      lastObservedDate: string | null;
    },
    now: Date,
  ): Promise<void> {
    await this.db
      .update(spaceWeatherImports)
      .set({
        status: 'completed',
        error: null,
        finishedAt: now,
        rows: result.rows,
        daysAdded: result.added,
        daysUpdated: result.updated,
        daysUnchanged: result.unchanged,
        rejected: result.rejections.length,
        rejections: result.rejections.slice(0, 100),
        firstDate: result.firstDate,
        lastDate: result.lastDate,
        lastObservedDate: result.lastObservedDate,
      })
      .where(eq(spaceWeatherImports.id, id));
  }

  /**
   * Stores days: a new (provider, date) is inserted; a stored one is replaced only when the incoming
   * row comes from a file at least as current (as_of) and its values or status differ. So the same
   * file twice changes nothing, a newer file turns predictions into observations, and an older file
   * cannot undo that.
   */
  async upsertDays(days: readonly SpaceWeatherDay[], importId: number | null, now: Date): Promise<DayUpsertCounts> {
    const stored = (c: string) => `space_weather_days.${c}`;
    const changed = sql.raw(
      `excluded.as_of >= space_weather_days.as_of and (${CONTENT.map(stored).join(', ')}) is distinct from (${CONTENT.map((c) => `excluded.${c}`).join(', ')})`,
    );
    const excluded = (c: string) => sql.raw(`excluded.${c}`);
    return upsertInBatches(days, (batch) =>
      this.db
        .insert(spaceWeatherDays)
        .values(batch.map((d) => ({ ...d, importId, updatedAt: now })))
        .onConflictDoUpdate({
          target: [spaceWeatherDays.provider, spaceWeatherDays.date],
          set: {
            ...Object.fromEntries(CONTENT.map((c) => [camel(c), excluded(c)])),
            source: excluded('source'),
            asOf: excluded('as_of'),
            importId: excluded('import_id'),
            updatedAt: excluded('updated_at'),
          },
          setWhere: changed,
        })
        // xmax = 0 only for freshly inserted rows; rows the WHERE kept as they were are not returned.
        .returning({ inserted: sql<boolean>`(xmax = 0)` }),
    );
  }

  /**
   * Stores SOLFSMY days: a new date is inserted; a stored one is replaced when any index differs
   * (the later import wins: SET revises its files). `source` alone changing is not a change.
   */
  async upsertSolarIndices(days: readonly SolarIndicesRow[], importId: number | null, now: Date): Promise<DayUpsertCounts> {
    const changed = sql.raw(`(${SOLAR_CONTENT.map((c) => `solar_indices_days.${c}`).join(', ')}) is distinct from (${SOLAR_CONTENT.map((c) => `excluded.${c}`).join(', ')})`);
    const excluded = (c: string) => sql.raw(`excluded.${c}`);
    return upsertInBatches(days, (batch) =>
      this.db
        .insert(solarIndicesDays)
        .values(batch.map((d) => ({ ...d, importId, updatedAt: now })))
        .onConflictDoUpdate({
          target: solarIndicesDays.date,
          set: { ...Object.fromEntries(SOLAR_CONTENT.map((c) => [c, excluded(c)])), source: excluded('source'), importId: excluded('import_id'), updatedAt: excluded('updated_at') },
          setWhere: changed,
        })
        .returning({ inserted: sql<boolean>`(xmax = 0)` }),
    );
  }

  /** Stores DTCFILE days, replaced as `upsertSolarIndices` replaces its days. */
  async upsertStormTemperature(days: readonly StormTemperatureRow[], importId: number | null, now: Date): Promise<DayUpsertCounts> {
    return upsertInBatches(days, (batch) =>
      this.db
        .insert(stormTemperatureDays)
        .values(batch.map((d) => ({ ...d, importId, updatedAt: now })))
        .onConflictDoUpdate({
          target: stormTemperatureDays.date,
          set: { hourly: sql.raw('excluded.hourly'), source: sql.raw('excluded.source'), importId: sql.raw('excluded.import_id'), updatedAt: sql.raw('excluded.updated_at') },
          setWhere: sql.raw('storm_temperature_days.hourly is distinct from excluded.hourly'),
        })
        .returning({ inserted: sql<boolean>`(xmax = 0)` }),
    );
  }

  /** Every stored DTCFILE day, by date. */
  async allStormTemperature(): Promise<StormTemperatureRow[]> {
    const rows = await this.db.select().from(stormTemperatureDays).orderBy(asc(stormTemperatureDays.date));
    return rows.map(({ importId: _importId, updatedAt: _updatedAt, ...day }) => day);
  }

  /** Every stored SOLFSMY day, by date. */
  async allSolarIndices(): Promise<SolarIndicesRow[]> {
    const rows = await this.db.select().from(solarIndicesDays).orderBy(asc(solarIndicesDays.date));
    return rows.map(({ importId: _importId, updatedAt: _updatedAt, ...day }) => day);
  }

  /** Every stored day, by provider then date. */
  async allDays(): Promise<SpaceWeatherDay[]> {
    const rows = await this.db.select().from(spaceWeatherDays).orderBy(asc(spaceWeatherDays.provider), asc(spaceWeatherDays.date));
    return rows.map(({ importId: _importId, updatedAt: _updatedAt, ...day }) => day as SpaceWeatherDay);
  }

  async countDays(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(spaceWeatherDays);
    return Number(row?.n ?? 0);
  }

  async day(provider: string, date: string): Promise<SpaceWeatherDay | undefined> {
    const [row] = await this.db
      .select()
      .from(spaceWeatherDays)
      .where(sql`${spaceWeatherDays.provider} = ${provider} and ${spaceWeatherDays.date} = ${date}`);
    if (!row) return undefined;
    const { importId: _importId, updatedAt: _updatedAt, ...day } = row;
    return day as SpaceWeatherDay;
  }

  /** The newest completed import, or undefined. */
  async lastImport(): Promise<SpaceWeatherImportRow | undefined> {
    const [row] = await this.db
      .select()
      .from(spaceWeatherImports)
      .where(eq(spaceWeatherImports.status, 'completed'))
      .orderBy(desc(spaceWeatherImports.id))
      .limit(1);
    return row;
  }
}

function camel(column: string): string {
  return column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}
