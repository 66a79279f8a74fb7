import type { SpaceWeatherLookup } from '../../contracts/orbital-drag.ts';
import type { Jb2008SpaceWeather, NrlmsiseSpaceWeather } from '../../core/spaceweather/index.ts';
import {
  createSpaceWeatherSeries,
  jb2008SpaceWeather,
  looksLikeDtcfile,
  looksLikeSolfsmy,
  nrlmsiseSpaceWeather,
  parseDtcfile,
  parseSolfsmy,
  parseSwAllCsv,
  type IndexValue,
  type Jb2008Files,
  type SolarIndicesDay,
  type StormTemperatureDay,
  type SpaceWeatherRecords,
  type SpaceWeatherSeries,
  type SpaceWeatherStatus,
  type SwAllDataType,
} from '../../core/spaceweather/index.ts';
import { modelSpaceWeather, spaceWeatherWithDefaults, type SpaceWeather, type SpaceWeatherFn } from '../../core/drag/index.ts';
import { MS_PER_DAY } from '../../core/time/index.ts';
import { utcMs, type UtcMs } from '../../core/units.ts';
import type { DayUpsertCounts, SolarIndicesRow, SpaceWeatherDay, SpaceWeatherImportRow, SpaceWeatherRepository, StormTemperatureRow } from '../repositories/space-weather-repository.ts';

/** The provider key of CelesTrak SW-All files in the database. */
export const SW_ALL_PROVIDER = 'celestrak-sw-all';
/** The provider key of the NOAA SWPC JSON feeds (fetched by SpaceWeatherUpdater). */
export const SWPC_PROVIDER = 'noaa-swpc';
/** The provider keys (and report formats) of SET's JB2008 files: SOLFSMY.TXT and DTCFILE.TXT. */
export const SOLFSMY_PROVIDER = 'set-solfsmy';
export const DTCFILE_PROVIDER = 'set-dtcfile';

/** How each provider is named for people, and the order a series takes them in (the more trusted first). */
const PROVIDERS: readonly { key: string; name: string }[] = [
  { key: SW_ALL_PROVIDER, name: 'CelesTrak SW-All' },
  { key: SWPC_PROVIDER, name: 'NOAA SWPC' },
];

const INTERVALS_PER_DAY = 8;
const MAX_REJECTIONS_KEPT = 100;

export type SpaceWeatherImportReport = SwAllImportReport | SetFileImportReport;

/** What every import report says. */
interface ImportReportBase {
  file: string;
  /** Rows kept. */
  rows: number;
  daysAdded: number;
  /** Days already stored whose values this file changed (SW-All: a newer file, predictions became observations). */
  daysUpdated: number;
  /** Days already stored as they are (the same values; SW-All: or a newer file's). */
  daysUnchanged: number;
  rejected: number;
  /** The first 100 rejected rows with their line numbers and reasons. */
  rejections: { line: number; reason: string }[];
  firstDate: string | null;
  lastDate: string | null;
}

/** What importing one of SET's JB2008 files did: SOLFSMY.TXT (F10, S10, M10, Y10) or DTCFILE.TXT (ΔTc). */
export interface SetFileImportReport extends ImportReportBase {
  format: typeof SOLFSMY_PROVIDER | typeof DTCFILE_PROVIDER;
}

export interface SwAllImportReport extends ImportReportBase {
  format: 'celestrak-sw-all';
  /** Rows kept per F10.7_DATA_TYPE. */
  counts: Record<SwAllDataType, number>;
  lastObservedDate: string | null;
}

/** A file with no valid row at all: nothing was stored. */
export class SpaceWeatherImportError extends Error {
  override name = 'SpaceWeatherImportError';
  constructor(
    message: string,
    readonly report: SpaceWeatherImportReport,
  ) {
    super(message);
  }
}

interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

const dayNumberOf = (date: string): number => Math.floor(Date.parse(`${date}T00:00:00Z`) / MS_PER_DAY);
const dateOf = (day: number): string => new Date(day * MS_PER_DAY).toISOString().slice(0, 10);

/**
 * A parser's records as daily rows of one provider. Each day gathers its flux, 81-day means, eight
 * 3-hour Kp/ap and daily Ap; `asOf` (the file's last observed day) goes with every row.
 */
export function recordsToDays(records: SpaceWeatherRecords, provider: string, asOf: string): SpaceWeatherDay[] {
  const days = new Map<number, SpaceWeatherDay>();
  const dayOf = (day: number, status: 'observed' | 'predicted', source: string): SpaceWeatherDay => {
    let row = days.get(day);
    if (!row) {
      row = {
        provider,
        date: dateOf(day),
        status,
        cadence: 'daily',
        f107Obs: null,
        f107Adj: null,
        f107AdjMethod: null,
        f107ObsCenter81: null,
        f107AdjCenter81: null,
        f107ObsLast81: null,
        f107AdjLast81: null,
        meanStatus: null,
        meanMethod: null,
        kp: null,
        ap: null,
        apDaily: null,
        source,
        asOf,
      };
      days.set(day, row);
    }
    return row;
  };
  for (const r of records.flux) {
    const row = dayOf(r.day, r.status, r.source);
    Object.assign(row, { status: r.status, cadence: r.cadence, f107Obs: r.observed, f107Adj: r.adjusted, f107AdjMethod: r.adjustedMethod ?? null });
  }
  for (const r of records.dailyAp) dayOf(r.day, r.status, r.source).apDaily = r.ap;
  for (const r of records.threeHourly) {
    const day = Math.floor(r.interval / INTERVALS_PER_DAY);
    const slot = r.interval - day * INTERVALS_PER_DAY;
    const row = dayOf(day, r.status, r.source);
    row.kp ??= Array<number | null>(INTERVALS_PER_DAY).fill(null);
    row.ap ??= Array<number | null>(INTERVALS_PER_DAY).fill(null);
    row.kp[slot] = r.kp;
    row.ap[slot] = r.ap;
  }
  for (const r of records.fluxMeans) {
    const row = dayOf(r.day, r.status, r.source);
    Object.assign(row, {
      cadence: r.cadence,
      f107ObsCenter81: r.observedCentred81,
      f107AdjCenter81: r.adjustedCentred81,
      f107ObsLast81: r.observedTrailing81,
      f107AdjLast81: r.adjustedTrailing81,
      meanStatus: r.status,
      meanMethod: r.method ?? null,
    });
  }
  return [...days.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/** Stored rows back into the core's records, one record set per provider (the inverse of `recordsToDays`). */
export function daysToRecords(days: readonly SpaceWeatherDay[]): Map<string, SpaceWeatherRecords> {
  const sets = new Map<string, { flux: SpaceWeatherRecords['flux'][number][]; fluxMeans: SpaceWeatherRecords['fluxMeans'][number][]; threeHourly: SpaceWeatherRecords['threeHourly'][number][]; dailyAp: SpaceWeatherRecords['dailyAp'][number][] }>();
  for (const d of days) {
    let set = sets.get(d.provider);
    if (!set) sets.set(d.provider, (set = { flux: [], fluxMeans: [], threeHourly: [], dailyAp: [] }));
    const day = dayNumberOf(d.date);
    const { status, cadence, source } = d;
    if (d.f107Obs !== null || d.f107Adj !== null) {
      set.flux.push({ day, observed: d.f107Obs, adjusted: d.f107Adj, status, cadence, source, ...(d.f107AdjMethod === null ? {} : { adjustedMethod: d.f107AdjMethod }) });
    }
    if ([d.f107ObsCenter81, d.f107AdjCenter81, d.f107ObsLast81, d.f107AdjLast81].some((v) => v !== null)) {
      set.fluxMeans.push({
        day,
        observedCentred81: d.f107ObsCenter81,
        adjustedCentred81: d.f107AdjCenter81,
        observedTrailing81: d.f107ObsLast81,
        adjustedTrailing81: d.f107AdjLast81,
        status: d.meanStatus ?? status,
        cadence,
        source,
        ...(d.meanMethod === null ? {} : { method: d.meanMethod }),
      });
    }
    for (let slot = 0; slot < INTERVALS_PER_DAY; slot += 1) {
      const kp = d.kp?.[slot];
      const ap = d.ap?.[slot];
      if (kp === null || kp === undefined || ap === null || ap === undefined) continue;
      set.threeHourly.push({ interval: day * INTERVALS_PER_DAY + slot, kp, ap, status, source });
    }
    if (d.apDaily !== null) set.dailyAp.push({ day, ap: d.apDaily, status, source });
  }
  return sets;
}

/** Everything the models take at an instant, with where each value came from. */
export interface SpaceWeatherConditions {
  readonly time: UtcMs;
  /** NRLMSISE-00's inputs: F10.7 of the previous day, its 81-day centred mean, daily Ap, ap history. */
  readonly nrlmsise: NrlmsiseSpaceWeather;
  /** JB2008's indices (S10/M10/Y10 proxies and ΔTc from ap: src/core/spaceweather/jb2008-indices.ts). */
  readonly jb2008: Jb2008SpaceWeather;
  /** Planetary Kp of the 3-hour interval holding the instant. */
  readonly kp: IndexValue;
  /** The same numbers as the drag code takes them (src/core/drag SpaceWeather). */
  readonly weather: SpaceWeather;
  /** The weakest status of F10.7, its mean, Ap and Kp. */
  readonly status: SpaceWeatherStatus;
  /** Names the real source, e.g. "CelesTrak SW-All (observed)" or "Offline default: F10.7 150, Ap 15". */
  readonly dataSource: string;
}

const RANK: Record<SpaceWeatherStatus, number> = { default: 0, predicted: 1, observed: 2 };
const weakest = (values: readonly IndexValue[]): IndexValue => values.reduce((w, v) => (RANK[v.status] < RANK[w.status] ? v : w));

/**
 * The space weather of one moment of the database: the series built from every stored day, and the
 * look-ups the endpoints make. Immutable: an import builds a new snapshot.
 */
export class SpaceWeatherSnapshot {
  /** `series` as the drag code's function of time (never undefined: the offline default where there is no record). */
  readonly weatherAt: SpaceWeatherFn & ((t: UtcMs) => SpaceWeather);

  constructor(
    readonly series: SpaceWeatherSeries,
    /** Grows with every rebuild, so caches of derived values know when to drop them. */
    readonly version: number,
    /** Days stored (0: nothing imported, every value is the stated typical level). */
    readonly storedDays: number,
    /** Name of the provider the stored days come from ("CelesTrak SW-All"), or null. */
    readonly providerName: string | null,
    readonly lastImport: SpaceWeatherImportRow | undefined,
    /** SET's SOLFSMY and DTCFILE days by day number (empty: none imported; JB2008 takes the F10.7 proxies and ΔTc from ap). */
    readonly jb2008Files: Jb2008Files = {},
    /** What `series` was built from, the more trusted provider first (the drag calculator's worker builds its own copy). */
    readonly recordSets: readonly SpaceWeatherRecords[] = [],
  ) {
    // What at(t).weather is (both modelSpaceWeather), without the rest of the conditions; the drag worker builds the same from the records.
    this.weatherAt = spaceWeatherWithDefaults(series, jb2008Files);
  }

  get imported(): boolean {
    return this.storedDays > 0;
  }

  at(time: UtcMs): SpaceWeatherConditions {
    const nrlmsise = nrlmsiseSpaceWeather(this.series, time);
    const jb2008 = jb2008SpaceWeather(this.series, time, this.jb2008Files);
    const kp = this.series.kp3h(time);
    const weather = modelSpaceWeather(nrlmsise, jb2008);
    const status = weakest([nrlmsise.f107, nrlmsise.f107A, nrlmsise.ap, kp]).status;
    return { time, nrlmsise, jb2008, kp, weather, status, dataSource: this.describe(nrlmsise, kp) };
  }

  private describe(n: NrlmsiseSpaceWeather, kp: IndexValue): string {
    const typical = this.series.typical;
    if (!this.imported || this.providerName === null) return `Offline default: F10.7 ${typical.f107}, Ap ${typical.ap}`;
    const flux = weakest([n.f107, n.f107A]);
    const geomagnetic = weakest([n.ap, kp]);
    const text = (v: IndexValue) => (v.status === 'default' ? `offline default: newest imported value${v.date ? ` of ${v.date}` : ''}` : v.status);
    if (flux.status === geomagnetic.status && flux.status !== 'default') return `${this.providerName} (${flux.status})`;
    return `${this.providerName} (F10.7 ${text(flux)}; Kp/Ap ${text(geomagnetic)})`;
  }
}

/**
 * Space weather: imports of CelesTrak SW-All files into the database, and the series built from the
 * stored days, kept in memory (built on first use, rebuilt after each import through this service;
 * another process's import is seen after a restart).
 *
 * With nothing imported, every look-up is the stated typical level (DECISIONS.md §8 offline
 * default, src/core/spaceweather/typical-level.ts); with data, an instant the records do not cover
 * takes the newest imported value and says so.
 */
export class SpaceWeatherService {
  private current: SpaceWeatherSnapshot | undefined;
  private loading: Promise<SpaceWeatherSnapshot> | undefined;
  private builds = 0;

  constructor(
    private readonly repo: SpaceWeatherRepository,
    private readonly log: Logger,
  ) {}

  /** Start-up: marks the imports a stop cut short (left `running`) interrupted. */
  async initialise(): Promise<void> {
    const interrupted = await this.repo.markInterrupted();
    if (interrupted.length > 0) this.log.warn({ imports: interrupted.length, ids: interrupted }, 'space-weather imports cut short by a stop marked interrupted');
  }

  /**
   * Writes one import: the row is recorded `running`, then `store` writes the data and completes
   * the row in one transaction (whole or not at all); on an error the row is marked failed and the
   * error rethrown.
   */
  private async writeImport<T>(provider: string, label: string, now: Date, store: (repo: SpaceWeatherRepository, importId: number) => Promise<T>): Promise<T> {
    const importId = await this.repo.startImport(provider, label, now);
    try {
      return await this.repo.transaction(async (repo) => {
        await repo.lockImport(importId);
        return store(repo, importId);
      });
    } catch (error) {
      await this.repo.failImport(importId, error instanceof Error ? error.message : String(error), new Date()).catch((failError: unknown) => {
        this.log.warn({ err: failError, importId }, 'could not mark the space-weather import failed');
      });
      throw error;
    }
  }

  /** The current snapshot, built from the database on first use. */
  async snapshot(): Promise<SpaceWeatherSnapshot> {
    if (this.current) return this.current;
    this.loading ??= this.build();
    return this.loading;
  }

  private build(): Promise<SpaceWeatherSnapshot> {
    const building = (async () => {
      const [days, lastImport, solarRows, stormRows] = await Promise.all([this.repo.allDays(), this.repo.lastImport(), this.repo.allSolarIndices(), this.repo.allStormTemperature()]);
      const solar = new Map<number, SolarIndicesDay>(solarRows.map(({ date, ...values }) => [dayNumberOf(date), { day: dayNumberOf(date), ...values }]));
      const storm = new Map<number, StormTemperatureDay>(stormRows.map(({ date, ...values }) => [dayNumberOf(date), { day: dayNumberOf(date), ...values }]));
      const sets = daysToRecords(days);
      const ordered = [...PROVIDERS.map((p) => p.key).filter((k) => sets.has(k)), ...[...sets.keys()].filter((k) => !PROVIDERS.some((p) => p.key === k)).sort()];
      const recordSets = ordered.map((k) => sets.get(k)!);
      const series = createSpaceWeatherSeries(recordSets);
      const names = ordered.map((k) => PROVIDERS.find((p) => p.key === k)?.name ?? k);
      this.builds += 1;
      const snapshot = new SpaceWeatherSnapshot(series, this.builds, days.length, names.length ? names.join(' + ') : null, lastImport, { solar, storm }, recordSets);
      this.current = snapshot;
      return snapshot;
    })();
    this.loading = building;
    building.finally(() => {
      if (this.loading === building) this.loading = undefined;
    }).catch(() => undefined);
    return building;
  }

  /** Imports a space-weather file of any kind this server reads, told apart by content: SET's SOLFSMY.TXT or DTCFILE.TXT, else a CelesTrak SW-All CSV. */
  importFile(text: string, label: string, now: Date): Promise<SpaceWeatherImportReport> {
    if (looksLikeSolfsmy(text)) return this.importSolfsmy(text, label, now);
    if (looksLikeDtcfile(text)) return this.importDtcfile(text, label, now);
    return this.importSwAll(text, label, now);
  }

  /**
   * Imports SET's SOLFSMY.TXT (JB2008's solar indices): good rows are stored even when others are
   * rejected; the same file twice changes nothing; a later file replaces days whose indices it
   * changes. Throws SpaceWeatherImportError when no row is valid.
   */
  importSolfsmy(text: string, label: string, now: Date): Promise<SetFileImportReport> {
    const parsed = parseSolfsmy(text, { source: `SET SOLFSMY ${label}` });
    const rows: SolarIndicesRow[] = parsed.days.map(({ day, ...values }) => ({ date: dateOf(day), ...values }));
    return this.importSetFile(SOLFSMY_PROVIDER, 'SOLFSMY', label, now, parsed, (repo, importId) => repo.upsertSolarIndices(rows, importId, now));
  }

  /** Imports SET's DTCFILE.TXT (JB2008's hourly storm temperature change), as `importSolfsmy`. */
  importDtcfile(text: string, label: string, now: Date): Promise<SetFileImportReport> {
    const parsed = parseDtcfile(text, { source: `SET DTCFILE ${label}` });
    const rows: StormTemperatureRow[] = parsed.days.map(({ day, hourly, source }) => ({ date: dateOf(day), hourly: [...hourly], source }));
    return this.importSetFile(DTCFILE_PROVIDER, 'DTCFILE', label, now, parsed, (repo, importId) => repo.upsertStormTemperature(rows, importId, now));
  }

  private async importSetFile(
    format: SetFileImportReport['format'],
    name: string,
    label: string,
    now: Date,
    parsed: { days: readonly unknown[]; rejected: { line: number; reason: string }[]; firstDate: string | null; lastDate: string | null },
    store: (repo: SpaceWeatherRepository, importId: number) => Promise<DayUpsertCounts>,
  ): Promise<SetFileImportReport> {
    const report: SetFileImportReport = {
      format,
      file: label,
      rows: parsed.days.length,
      daysAdded: 0,
      daysUpdated: 0,
      daysUnchanged: 0,
      rejected: parsed.rejected.length,
      rejections: parsed.rejected.slice(0, MAX_REJECTIONS_KEPT),
      firstDate: parsed.firstDate,
      lastDate: parsed.lastDate,
    };
    if (parsed.days.length === 0) {
      const first = parsed.rejected[0];
      throw new SpaceWeatherImportError(`No valid ${name} rows${first ? `: ${parsed.rejected.length} rejected; first at line ${first.line}: ${first.reason}` : ': the file holds no data rows'}`, report);
    }
    const counts = await this.writeImport(format, label, now, async (repo, importId) => {
      const stored = await store(repo, importId);
      await repo.finishImport(importId, { ...stored, rows: parsed.days.length, rejections: report.rejections, firstDate: parsed.firstDate, lastDate: parsed.lastDate, lastObservedDate: parsed.lastDate }, now);
      return stored;
    });
    Object.assign(report, { daysAdded: counts.added, daysUpdated: counts.updated, daysUnchanged: counts.unchanged });
    await this.build();
    this.log.info({ file: label, format, rows: report.rows, added: counts.added, updated: counts.updated, rejected: report.rejected }, `SET ${name} imported`);
    return report;
  }

  /**
   * Imports a CelesTrak SW-All CSV: good rows are stored even when others are rejected (each with its
   * line and reason); a day already stored with the same values is left alone, so the same file
   * twice adds nothing. Throws SpaceWeatherImportError when no row is valid.
   */
  async importSwAll(text: string, label: string, now: Date): Promise<SwAllImportReport> {
    const parsed = parseSwAllCsv(text, { source: `CelesTrak SW-All ${label}` });
    const report: SwAllImportReport = {
      format: 'celestrak-sw-all',
      file: label,
      rows: parsed.rows,
      counts: { ...parsed.counts },
      daysAdded: 0,
      daysUpdated: 0,
      daysUnchanged: 0,
      rejected: parsed.rejected.length,
      rejections: parsed.rejected.slice(0, MAX_REJECTIONS_KEPT).map((r) => ({ line: r.line, reason: r.reason })),
      firstDate: parsed.firstDate,
      lastDate: parsed.lastDate,
      lastObservedDate: parsed.lastObservedDate,
    };
    if (parsed.rows === 0) {
      const first = parsed.rejected[0];
      throw new SpaceWeatherImportError(`No valid SW-All rows${first ? `: ${parsed.rejected.length} rejected; first at line ${first.line}: ${first.reason}` : ': the file holds no data rows'}`, report);
    }
    // A file's currency is its last observed day; a file of predictions only counts as of its first day.
    const asOf = parsed.lastObservedDate ?? parsed.firstDate!;
    const days = recordsToDays(parsed.records, SW_ALL_PROVIDER, asOf);
    const counts = await this.writeImport(SW_ALL_PROVIDER, label, now, async (repo, importId) => {
      const stored = await repo.upsertDays(days, importId, now);
      await repo.finishImport(importId, { ...stored, rows: parsed.rows, rejections: report.rejections, firstDate: parsed.firstDate, lastDate: parsed.lastDate, lastObservedDate: parsed.lastObservedDate }, now);
      return stored;
    });
    Object.assign(report, { daysAdded: counts.added, daysUpdated: counts.updated, daysUnchanged: counts.unchanged });
    await this.build();
    this.log.info({ file: label, rows: report.rows, added: counts.added, updated: counts.updated, rejected: report.rejected }, 'space weather imported');
    return report;
  }

  /**
   * Stores what the NOAA SWPC feeds gave (one record set per product, merged into daily rows
   * of provider 'noaa-swpc'). SW-All stays first in the series: its observed values win.
   */
  async importSwpc(records: readonly SpaceWeatherRecords[], now: Date): Promise<{ daysAdded: number; daysUpdated: number; daysUnchanged: number }> {
    const merged: SpaceWeatherRecords = {
      flux: records.flatMap((r) => r.flux),
      fluxMeans: records.flatMap((r) => r.fluxMeans),
      threeHourly: records.flatMap((r) => r.threeHourly),
      dailyAp: records.flatMap((r) => r.dailyAp),
    };
    const today = now.toISOString().slice(0, 10);
    const days = recordsToDays(merged, SWPC_PROVIDER, today);
    const dates = days.map((d) => d.date).sort();
    const counts = await this.writeImport(SWPC_PROVIDER, 'NOAA SWPC feeds', now, async (repo, importId) => {
      const stored = await repo.upsertDays(days, importId, now);
      await repo.finishImport(importId, { ...stored, rows: days.length, rejections: [], firstDate: dates[0] ?? null, lastDate: dates.at(-1) ?? null, lastObservedDate: dates.at(-1) ?? null }, now);
      return stored;
    });
    await this.build();
    return { daysAdded: counts.added, daysUpdated: counts.updated, daysUnchanged: counts.unchanged };
  }

  /** GET /api/space-weather: the indices the models take at `time`, each with its provenance. */
  async lookup(time: Date): Promise<SpaceWeatherLookup> {
    const snapshot = await this.snapshot();
    const c = snapshot.at(utcMs(time.getTime()));
    const last = snapshot.lastImport;
    return {
      time: time.toISOString(),
      data_source: c.dataSource,
      status: c.status,
      f107: c.nrlmsise.f107,
      f107a: c.nrlmsise.f107A,
      ap: c.nrlmsise.ap,
      kp: c.kp,
      ap_history: [...c.nrlmsise.apArray],
      jb2008: { ...c.jb2008.components, status: c.jb2008.status, method: c.jb2008.method },
      coverage: snapshot.series.coverage(),
      last_import: last ? { file: last.label, imported_at: (last.finishedAt ?? last.startedAt).toISOString(), last_observed_date: last.lastObservedDate } : null,
    };
  }
}

/** An instant `hours` after `time`. */
export const hoursAfter = (time: UtcMs, hours: number): UtcMs => utcMs(time + hours * 3_600_000);
