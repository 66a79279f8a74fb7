import { createHash } from 'node:crypto';
import type { ElementSet, Rejection } from '../../core/elements/element-set.ts';
import { parseElementSets, type ElementFormat } from '../../core/elements/parse-element-sets.ts';
import { generateDemoCatalog } from '../../core/catalog/demo-catalog.ts';
import { objectTypeFromName, parseSatcatCsv } from '../../core/catalog/satcat.ts';
import { createSgp4, type Sgp4Model } from '../../core/propagation/sgp4.ts';
import { utcMs } from '../../core/units.ts';
import type { CatalogRepository, SpaceObject } from '../repositories/catalog-repository.ts';

/** An object with its newest element set and that set's initialised SGP4 model (null when SGP4 refused it). */
export interface CatalogEntry {
  object: SpaceObject;
  set: ElementSet;
  setSource: string;
  model: Sgp4Model | null;
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
  private recordsCache: { json: string; etag: string } | null = null;
  private changes = 0;
  private readonly listeners = new Set<CatalogListener>();

  constructor(
    private readonly repo: CatalogRepository,
    private readonly options: CatalogServiceOptions,
    private readonly log: Logger,
  ) {}

  /** Seeds the demo catalogue into an empty database (unless disabled), then loads the cache. */
  async initialise(now: Date): Promise<void> {
    const demo = this.options.demo && (await this.repo.countObjects()) === 0 ? await this.seedDemo(now) : undefined;
    const started = performance.now();
    await this.reload();
    this.log.info({ objects: this.entries.size, ms: Math.round(performance.now() - started) }, 'catalogue loaded');
    if (demo) this.notify({ kind: 'demo', report: demo, now });
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

  /** Generates the demo catalogue into the database (the cache is loaded by `initialise`, which then tells the listeners). */
  async seedDemo(now: Date): Promise<ImportReport> {
    const started = performance.now();
    const demo = generateDemoCatalog({ now: utcMs(now.getTime()) });
    const importId = await this.repo.startImport('demo', 'Demo catalogue (generated, not real data)', 'generated', now);
    const objectsAdded = await this.repo.upsertObjects(
      demo.objects.map((o) => ({ ...o, rcsM2: null, decayDate: null, source: 'demo' })),
      now,
    );
    const setsAdded = await this.repo.insertElementSets(demo.sets, 'demo', importId, now);
    await this.repo.finishImport(importId, { objectsAdded, setsAdded, duplicates: demo.sets.length - setsAdded, rejections: [] }, now);
    this.log.info({ objects: objectsAdded, sets: setsAdded, ms: Math.round(performance.now() - started) }, 'demo catalogue generated');
    const report: ImportReport = {
      format: 'tle',
      records: demo.sets.length,
      objectsAdded,
      setsAdded,
      duplicates: demo.sets.length - setsAdded,
      rejected: 0,
      rejections: [],
    };
    return report;
  }

  /** Rebuilds the cache from the database (all objects, or only `noradIds`). */
  async reload(noradIds?: number[]): Promise<void> {
    const rows = await this.repo.newestEntries(noradIds ? { noradIds } : undefined);
    if (!noradIds) this.entries = new Map();
    for (const row of rows) {
      let model: Sgp4Model | null = null;
      try {
        model = createSgp4(row.set);
      } catch {
        // Ephemeris type 4 (SGP4-XP): kept in the catalogue, never propagated with plain SGP4.
      }
      this.entries.set(row.object.noradId, { ...row, model });
    }
    this.recordsCache = null;
    this.changes += 1;
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

  /** The fleet: objects of the configured owners or NORAD ids (DECISIONS.md §3). */
  fleet(): CatalogEntry[] {
    const owners = new Set(this.options.fleetOwners);
    const ids = new Set(this.options.fleetNoradIds);
    return [...this.entries.values()]
      .filter((e) => ids.has(e.object.noradId) || (e.object.owner !== null && owners.has(e.object.owner)))
      .sort((a, b) => a.object.name.localeCompare(b.object.name));
  }

  stats(): CatalogStats {
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
   * The SST satellite records of the whole catalogue, serialised once per
   * catalogue change (50,000 records are about 4 MB of JSON; building them on
   * every request would cost more than serving them).
   */
  satelliteRecords(): { json: string; etag: string } {
    if (!this.recordsCache) {
      const records = [...this.entries.values()]
        .map(({ object }) => ({
          id: object.noradId,
          name: object.name,
          noradId: String(object.noradId),
          cosparId: object.cosparId,
          category: object.category ?? object.objectType,
        }))
        .sort((a, b) => a.id - b.id);
      const json = JSON.stringify(records);
      this.recordsCache = { json, etag: `"${createHash('sha1').update(json).digest('base64url')}"` };
    }
    return this.recordsCache;
  }

  /**
   * Adds element sets from a file in any supported format. Good records are
   * stored even when others are rejected; a set already stored (same object
   * and epoch) is counted as a duplicate and not added again.
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
    const importId = await this.repo.startImport(meta.source, meta.label, parsed.format, now);
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
    const objectsAdded = await this.repo.upsertObjects([...objects.values()], now);
    const setsAdded = await this.repo.insertElementSets(parsed.sets, meta.source, importId, now);
    const result = report({ objectsAdded, setsAdded, duplicates: parsed.sets.length - setsAdded });
    await this.repo.finishImport(importId, { ...result, rejections: parsed.rejected }, now);
    await this.reloadAfterImport(parsed.sets.map((s) => s.norad));
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
    const objectsAdded = await this.repo.upsertObjects(
      parsed.records.map((r) => ({
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
      })),
      now,
    );
    const result = { ...report, objectsAdded };
    await this.repo.finishImport(importId, { ...result, rejections: parsed.rejected }, now);
    await this.reloadAfterImport(parsed.records.map((r) => r.norad));
    this.notify({ kind: 'import', source: 'satcat', label, report: result, newNoradIds: [], now });
    return result;
  }

  private async reloadAfterImport(noradIds: number[]): Promise<void> {
    const unique = [...new Set(noradIds)];
    // One IN list is bounded by Postgres' 65,535 parameters; past that reload everything.
    await (unique.length > 30_000 ? this.reload() : this.reload(unique));
  }
}
