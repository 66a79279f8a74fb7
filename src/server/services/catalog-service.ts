import { parseElementSets, type ElementFormat, type ElementSet, type Rejection } from '../../core/elements/index.ts';
import { generateDemoCatalog, objectTypeFromName, parseSatcatCsv } from '../../core/catalog/index.ts';
import { createSgp4, type Sgp4Model } from '../../core/propagation/index.ts';
import { utcMs } from '../../core/units.ts';
import { VersionedSnapshot, type Snapshot } from '../http/snapshot.ts';
import type { SatelliteRecord } from '../../contracts/satellites.ts';
import type { CatalogRepository, SpaceObject } from '../repositories/catalog-repository.ts';

/** The label of the demo catalogue's import row. */
const DEMO_LABEL = 'Demo catalogue (generated, not real data)';

/** An object with its newest element set and that set's initialised SGP4 model (null when SGP4 refused it). */
export interface CatalogEntry {
  object: SpaceObject;
  set: ElementSet;
  setSource: string;
  model: Sgp4Model | null;
}

/**
 * Whether an entry's set can be propagated with SGP4 (`model` is not null), without making its
 * model: every set but SGP4-XP (ephemeris type 4), the one set createSgp4 refuses.
 */
export function hasSgp4(entry: Pick<CatalogEntry, 'set'>): boolean {
  return entry.set.ephemerisType !== 4;
}

/**
 * A cache entry whose SGP4 model is made when first read. The main thread propagates few of a
 * large catalogue's objects (the fleet, an object page; screening, the globe and the drag runs
 * propagate in workers), and satellite.js's records of all 50,000 demo objects would hold some
 * 110 MB of boxed numbers here for nothing (issue 30, item 8).
 */
function lazyEntry(row: Omit<CatalogEntry, 'model'>): CatalogEntry {
  let model: Sgp4Model | null | undefined;
  return {
    object: row.object,
    set: row.set,
    setSource: row.setSource,
    get model(): Sgp4Model | null {
      // Ephemeris type 4 (SGP4-XP): kept in the catalogue, never propagated with plain SGP4.
      if (model === undefined) model = hasSgp4(row) ? createSgp4(row.set) : null;
      return model;
    },
  };
}

export interface ImportReport {
  format: ElementFormat | 'satcat';
  records: number;
  objectsAdded: number;
  setsAdded: number;
  duplicates: number;
  rejected: number;
  /** The first 100 rejected records with their reasons. */
  rejections: Rejection[];
}

export interface CatalogStats {
  objects: number;
  /** Where the newest element sets came from: 'demo', 'import', 'celestrak', 'spacetrack', or several joined by '+'. */
  source: string;
  newest_epoch: string | null;
}

export interface CatalogServiceOptions {
  fleetOwners: readonly string[];
  fleetNoradIds: readonly number[];
  demo: boolean;
}

interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

/**
 * A change of the catalogue, told to `onChange` listeners once the in-memory cache has it: an
 * import (element sets or SATCAT) with its report, or the demo catalogue seeded at start-up.
 */
export type CatalogChange =
  | {
      kind: 'import';
      source: string;
      label: string;
      report: ImportReport;
      /** Objects that had no element set in the catalogue before this import. */
      newNoradIds: number[];
      now: Date;
    }
  | { kind: 'demo'; report: ImportReport; now: Date };
export type CatalogListener = (change: CatalogChange) => void;

export class ImportError extends Error {
  override name = 'ImportError';
  constructor(
    message: string,
    readonly report: ImportReport,
  ) {
    super(message);
  }
}

const MAX_REJECTIONS_KEPT = 100;

/**
 * The catalogue: seeding the demo, imports, and an in-memory cache of every
 * object's newest element set with its SGP4 model, which positions, screening
 * and lists are computed from.
 */
export class CatalogService {
  private entries = new Map<number, CatalogEntry>();
  /** stats() of the catalogue as it was at change `changes`. */
  private statsOf: { changes: number; stats: CatalogStats } | undefined;
  /** The fleet as of a change count (`fleet`). */
  private fleetOf: { changes: number; fleet: CatalogEntry[] } | undefined;
  /** Bodies derived from the whole catalogue, serialised once per change (`derived`). */
  private readonly derivedSnapshots = new Map<string, { cache: VersionedSnapshot<unknown>; build: () => unknown }>();
  private rebuildScheduled = false;
  private changes = 0;
  private readonly listeners = new Set<CatalogListener>();
  /** The completed imports the cache reflects (CatalogRepository.importSignature). */
  private seen: string | undefined;
  private syncTimer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly repo: CatalogRepository,
    private options: CatalogServiceOptions,
    private readonly log: Logger,
  ) {}

  /**
   * Start-up: marks the imports a crash cut short interrupted, completes a partial demo catalogue
   * (`ensureDemo`) or seeds it into an empty database (unless disabled), then loads the cache.
   */
  async initialise(now: Date): Promise<void> {
    const interrupted = await this.repo.markInterrupted();
    if (interrupted.length > 0) this.log.warn({ imports: interrupted.length, ids: interrupted }, 'catalogue imports cut short by a stop marked interrupted');
    const demo = await this.ensureDemo(now);
    const started = performance.now();
    await this.reload();
    this.log.info({ objects: this.entries.size, ms: Math.round(performance.now() - started) }, 'catalogue loaded');
    if (demo) this.notify({ kind: 'demo', report: demo, now });
  }

  /**
   * The demo catalogue is served whole or not at all. Its newest import not completed (a version
   * before issue 12 wrote it without a transaction; since then a crash leaves none of it but the
   * import row), or holding fewer objects or sets than that import recorded, with some of it
   * stored: it is completed, generated again from the import's own start time (the generator is
   * deterministic given its UTC day) and inserted where missing. Otherwise, with the demo on, an
   * empty database is seeded. Returns the report of what was written, or undefined.
   */
  private async ensureDemo(now: Date): Promise<ImportReport | undefined> {
    const last = await this.repo.lastImport('demo');
    if (last) {
      const stored = await this.repo.countStored('demo', last.id);
      const short = last.status !== 'completed' || stored.objects < last.objectsAdded || stored.sets < last.setsAdded;
      if (short && (stored.objects > 0 || stored.sets > 0)) {
        this.log.warn({ importId: last.id, status: last.status, objects: stored.objects, sets: stored.sets, recorded: { objects: last.objectsAdded, sets: last.setsAdded } }, 'demo catalogue partial: completing it');
        return this.seedDemo(last.startedAt, last.id);
      }
    }
    if (this.options.demo && (await this.repo.countObjects()) === 0) return this.seedDemo(now);
    return undefined;
  }

  /**
   * Calls `listener` after every import (with its report) and after the demo catalogue is
   * seeded and loaded; returns a function that removes it. A listener that throws is logged, not fatal.
   */
  onChange(listener: CatalogListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private notify(change: CatalogChange): void {
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch (error) {
        this.log.warn({ err: error, change: change.kind }, 'catalogue change listener failed');
      }
    }
  }

  /**
   * Generates the demo catalogue into the database in one transaction (objects, element sets and
   * the import row completed), so a crash leaves all of it or none. With `importId` (a partial demo,
   * see `ensureDemo`), that import is completed instead: `now` must be its start time, and what is
   * already stored is kept (objects and sets are only inserted where missing). The cache is loaded
   * by `initialise`, which then tells the listeners.
   */
  async seedDemo(now: Date, importId?: number): Promise<ImportReport> {
    const started = performance.now();
    const demo = generateDemoCatalog({ now: utcMs(now.getTime()) });
    const objects = demo.objects.map((o) => ({ ...o, rcsM2: null, decayDate: null, source: 'demo' }));
    const id = importId ?? (await this.repo.startImport('demo', DEMO_LABEL, 'generated', now));
    this.log.info({ importId: id, objects: objects.length, sets: demo.sets.length }, 'demo catalogue generation started');
    const counts = await this.writeImport(id, async (repo) => {
      await repo.lockImport(id);
      // Completing: only what is missing is sent (the inserts would skip the rest, but not for free).
      const [storedIds, storedSets] = importId === undefined ? [new Set<number>(), new Set<string>()] : await Promise.all([repo.storedNoradIds(), repo.setKeysOfImport(id)]);
      const objectsAdded = await repo.insertMissingObjects(
        objects.filter((o) => !storedIds.has(o.noradId)),
        now,
      );
      const setsAdded = await repo.insertElementSets(
        demo.sets.filter((s) => !storedSets.has(`${s.norad}@${new Date(s.epoch).getTime()}`)),
        'demo',
        id,
        now,
      );
      // A completed partial demo records what the demo now holds, which `ensureDemo` checks at every start.
      const recorded = importId === undefined ? { objects: objectsAdded, sets: setsAdded } : await repo.countStored('demo', id);
      await repo.finishImport(id, { objectsAdded: recorded.objects, setsAdded: recorded.sets, duplicates: demo.sets.length - recorded.sets, rejections: [] }, new Date());
      return { objectsAdded, setsAdded };
    });
    this.log.info({ objects: counts.objectsAdded, sets: counts.setsAdded, ms: Math.round(performance.now() - started) }, importId === undefined ? 'demo catalogue generated' : 'demo catalogue completed');
    return {
      format: 'tle',
      records: demo.sets.length,
      objectsAdded: counts.objectsAdded,
      setsAdded: counts.setsAdded,
      duplicates: demo.sets.length - counts.setsAdded,
      rejected: 0,
      rejections: [],
    };
  }

  /**
   * Runs an import's writes in one transaction (which must end by completing the import row); if
   * it fails, the import is marked failed with the error, and the error rethrown.
   */
  private async writeImport<T>(importId: number, work: (repo: CatalogRepository) => Promise<T>): Promise<T> {
    try {
      return await this.repo.transaction(work);
    } catch (error) {
      await this.repo.failImport(importId, error instanceof Error ? error.message : String(error), new Date()).catch((failError: unknown) => {
        this.log.warn({ err: failError, importId }, 'could not mark the catalogue import failed');
      });
      throw error;
    }
  }

  /** Rebuilds the cache from the database (all objects, or only `noradIds`). */
  async reload(noradIds?: number[]): Promise<void> {
    // Read before the rows: an import completing meanwhile is seen by the next sync.
    const signature = noradIds ? undefined : await this.repo.importSignature();
    const rows = await this.repo.newestEntries(noradIds ? { noradIds } : undefined);
    if (signature !== undefined) this.seen = signature;
    if (!noradIds) this.entries = new Map();
    for (const row of rows) this.entries.set(row.object.noradId, lazyEntry(row));
    this.changed();
  }

  /** The cache changed: derived data rebuilds (`changeCount`), and the derived snapshots already asked for are rebuilt ahead of the next request. */
  private changed(): void {
    this.changes += 1;
    if (this.rebuildScheduled || this.derivedSnapshots.size === 0) return;
    this.rebuildScheduled = true;
    // After the listeners of this change (and whatever else this tick changes) ran.
    setImmediate(() => {
      this.rebuildScheduled = false;
      for (const [name, { build }] of this.derivedSnapshots) this.derived(name, build);
    }).unref();
  }

  /**
   * With several servers on one database, another server's import reaches this cache here: when
   * the completed imports differ from those the cache reflects, the cache is rebuilt from the
   * database (no import listeners are told: the importing server announced it and runs the
   * screening after it). Called before claimed runs and every minute (startSync); true when it
   * reloaded.
   */
  async syncWithDatabase(): Promise<boolean> {
    const signature = await this.repo.importSignature();
    if (signature === this.seen) return false;
    const started = performance.now();
    await this.reload();
    this.log.info({ objects: this.entries.size, ms: Math.round(performance.now() - started) }, 'catalogue reloaded: imports completed by another server');
    return true;
  }

  /** Syncs every `everyMs` (serve.ts, with DATABASE_URL: other servers may import). */
  startSync(everyMs: number): void {
    this.syncTimer ??= setInterval(() => {
      this.syncWithDatabase().catch((error: Error) => this.log.warn({ err: error }, 'catalogue sync with the database failed'));
    }, everyMs);
    this.syncTimer.unref?.();
  }

  stopSync(): void {
    clearInterval(this.syncTimer);
    this.syncTimer = undefined;
  }

  /** Grows whenever the cache changes, so derived data (screening catalogue versions) knows to rebuild. */
  get changeCount(): number {
    return this.changes;
  }

  get size(): number {
    return this.entries.size;
  }

  entry(noradId: number): CatalogEntry | undefined {
    return this.entries.get(noradId);
  }

  all(): IterableIterator<CatalogEntry> {
    return this.entries.values();
  }

  /**
   * A new fleet (issue 14, /config): what fleet() returns from now on. The feeds that mark the
   * fleet (the globe's classes) are rebuilt: the change counts as a catalogue change.
   */
  setFleet(fleet: { owners: readonly string[]; noradIds: readonly number[] }): boolean {
    const same = (a: readonly (string | number)[], b: readonly (string | number)[]) => a.length === b.length && a.every((v, i) => v === b[i]);
    if (same(fleet.owners, this.options.fleetOwners) && same(fleet.noradIds, this.options.fleetNoradIds)) return false;
    this.options = { ...this.options, fleetOwners: [...fleet.owners], fleetNoradIds: [...fleet.noradIds] };
    this.changed();
    return true;
  }

  /** The fleet: objects of the configured owners or NORAD ids (DECISIONS.md §3). */
  fleet(): CatalogEntry[] {
    // Found once per change (a fleet setting is one too): many polls ask for it, and a walk of the
    // 50,000 demo entries took a fifth of the event loop's time under the dashboard's poll load
    // (scripts/bench-poll-rebuilds.ts, issue 30 item 9). A copy, so that a caller may sort or cut it.
    if (this.fleetOf?.changes !== this.changes) {
      const owners = new Set(this.options.fleetOwners);
      const ids = new Set(this.options.fleetNoradIds);
      const fleet = [...this.entries.values()]
        .filter((e) => ids.has(e.object.noradId) || (e.object.owner !== null && owners.has(e.object.owner)))
        .sort((a, b) => a.object.name.localeCompare(b.object.name));
      this.fleetOf = { changes: this.changes, fleet };
    }
    return [...this.fleetOf.fleet];
  }

  /** The catalogue's size, sources and newest epoch, computed once per change: GET /api/health asks on every call (a walk of 50,000 entries took 18 ms). */
  stats(): CatalogStats {
    if (this.statsOf?.changes !== this.changes) this.statsOf = { changes: this.changes, stats: this.computeStats() };
    return this.statsOf.stats;
  }

  private computeStats(): CatalogStats {
    let newest = -Infinity;
    const sources = new Set<string>();
    for (const e of this.entries.values()) {
      if (e.set.epoch > newest) newest = e.set.epoch;
      sources.add(e.setSource);
    }
    return {
      objects: this.entries.size,
      source: sources.size === 0 ? 'empty' : [...sources].sort().join('+'),
      newest_epoch: Number.isFinite(newest) ? new Date(newest).toISOString() : null,
    };
  }

  /**
   * A body derived from the whole catalogue (named `name`, built by `build`), as a snapshot built
   * once per catalogue change: the first request after a change builds it, or the rebuild that a
   * change schedules once it was asked for (so a polled list is ready before the next poll).
   */
  derived<T>(name: string, build: () => T): Snapshot<T> {
    let derived = this.derivedSnapshots.get(name);
    if (!derived) this.derivedSnapshots.set(name, (derived = { cache: new VersionedSnapshot<unknown>(), build }));
    return derived.cache.getSync(String(this.changes), build) as Snapshot<T>;
  }

  /**
   * The SST satellite records of the whole catalogue, serialised once per catalogue change
   * (50,000 records are about 4 MB of JSON; building them on every request would cost more than
   * serving them).
   */
  satelliteRecords(): Snapshot<SatelliteRecord[]> {
    return this.derived('satellite-records', () =>
      [...this.entries.values()]
        .map(({ object }) => ({
          id: object.noradId,
          name: object.name,
          noradId: String(object.noradId),
          cosparId: object.cosparId,
          category: object.category ?? object.objectType,
        }))
        .sort((a, b) => a.id - b.id),
    );
  }

  /**
   * Adds element sets from a file in any supported format. Good records are
   * stored even when others are rejected; a set already stored (same object
   * and epoch) is counted as a duplicate and not added again. The import is
   * whole or nothing: its row is written `running`, then its objects, sets and
   * the row completed in one transaction (an error marks the row failed; a
   * crash leaves it running until the next start marks it interrupted).
   */
  async importElementSets(text: string, meta: { source: string; label: string }, now: Date): Promise<ImportReport> {
    const parsed = parseElementSets(text);
    const report = (counts: Partial<ImportReport>): ImportReport => ({
      format: parsed.format,
      records: parsed.sets.length + parsed.rejected.length,
      objectsAdded: 0,
      setsAdded: 0,
      duplicates: 0,
      rejected: parsed.rejected.length,
      rejections: parsed.rejected.slice(0, MAX_REJECTIONS_KEPT),
      ...counts,
    });
    if (parsed.sets.length === 0) {
      const first = parsed.rejected[0];
      const why = first ? `${parsed.rejected.length} record(s) rejected; first at line ${first.line}: ${first.reason}` : 'the file holds no element sets';
      throw new ImportError(`No valid element sets (${parsed.format}): ${why}`, report({}));
    }
    const newNoradIds = [...new Set(parsed.sets.map((s) => s.norad).filter((norad) => !this.entries.has(norad)))];
    // A name only comes with 3LE/OMM; a 2-line TLE must not rename a known object.
    const objects = new Map<number, SpaceObject>();
    for (const set of parsed.sets) {
      const known = this.entries.get(set.norad);
      if (known && !set.name) continue;
      const name = set.name ?? `NORAD ${set.norad}`;
      objects.set(set.norad, {
        noradId: set.norad,
        name,
        cosparId: set.cosparId ?? null,
        objectType: objectTypeFromName(name),
        owner: null,
        rcsSize: null,
        rcsM2: null,
        massKg: null,
        launchDate: null,
        decayDate: null,
        category: null,
        mission: null,
        description: null,
        source: meta.source,
      });
    }
    const importId = await this.repo.startImport(meta.source, meta.label, parsed.format, now);
    this.log.info({ importId, label: meta.label, sets: parsed.sets.length }, 'element-set import started');
    // Objects, sets and the completed import row commit together: a crash or an error leaves none of them.
    const result = await this.writeImport(importId, async (repo) => {
      await repo.lockImport(importId);
      const objectsAdded = await repo.upsertObjects([...objects.values()], now);
      const setsAdded = await repo.insertElementSets(parsed.sets, meta.source, importId, now);
      const counts = report({ objectsAdded, setsAdded, duplicates: parsed.sets.length - setsAdded });
      await repo.finishImport(importId, { ...counts, rejections: parsed.rejected }, now);
      return counts;
    });
    await this.reloadAfterImport(parsed.sets.map((s) => s.norad), importId);
    this.log.info({ label: meta.label, ...result, rejections: undefined }, 'element sets imported');
    this.notify({ kind: 'import', source: meta.source, label: meta.label, report: result, newNoradIds, now });
    return result;
  }

  /** Adds or refreshes object metadata (owner, type, launch and decay dates, RCS) from a CelesTrak SATCAT CSV. */
  async importSatcat(text: string, label: string, now: Date): Promise<ImportReport> {
    const parsed = parseSatcatCsv(text);
    const report: ImportReport = {
      format: 'satcat',
      records: parsed.records.length + parsed.rejected.length,
      objectsAdded: 0,
      setsAdded: 0,
      duplicates: 0,
      rejected: parsed.rejected.length,
      rejections: parsed.rejected.slice(0, MAX_REJECTIONS_KEPT),
    };
    if (parsed.records.length === 0) {
      const first = parsed.rejected[0];
      throw new ImportError(`No valid SATCAT records${first ? `; first problem at line ${first.line}: ${first.reason}` : ''}`, report);
    }
    const importId = await this.repo.startImport('satcat', label, 'satcat', now);
    const records = parsed.records.map((r) => ({
      noradId: r.norad,
      name: r.name,
      cosparId: r.cosparId,
      objectType: r.objectType,
      owner: r.owner,
      rcsSize: r.rcsM2 === null ? null : r.rcsM2 < 0.1 ? 'SMALL' : r.rcsM2 <= 1 ? 'MEDIUM' : 'LARGE',
      rcsM2: r.rcsM2,
      massKg: null,
      launchDate: r.launchDate,
      decayDate: r.decayDate,
      category: null,
      mission: null,
      description: null,
      source: 'satcat',
    }));
    const result = await this.writeImport(importId, async (repo) => {
      await repo.lockImport(importId);
      const counts = { ...report, objectsAdded: await repo.upsertObjects(records, now) };
      await repo.finishImport(importId, { ...counts, rejections: parsed.rejected }, now);
      return counts;
    });
    await this.reloadAfterImport(parsed.records.map((r) => r.norad), importId);
    this.notify({ kind: 'import', source: 'satcat', label, report: result, newNoradIds: [], now });
    return result;
  }

  private async reloadAfterImport(noradIds: number[], importId: number): Promise<void> {
    const unique = [...new Set(noradIds)];
    const before = this.seen;
    // One IN list is bounded by Postgres' 65,535 parameters; past that reload everything.
    await (unique.length > 30_000 ? this.reload() : this.reload(unique));
    if (unique.length > 30_000 || before === undefined) return;
    // The cache reflects every completed import if this one is the only one completed since it
    // last did; otherwise the next sync rebuilds it (another server imported meanwhile).
    const [count, last] = before.split(':').map(Number);
    const now = await this.repo.importSignature();
    if (now === `${count! + 1}:${Math.max(last!, importId)}` && importId > last!) this.seen = now;
  }
}
