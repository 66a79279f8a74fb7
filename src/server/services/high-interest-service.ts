import type { CreateHighInterestObject, HighInterestObject, Priority, UpdateHighInterestObject } from '../../contracts/operations.ts';
import { ADVERSARIES } from '../../core/catalog/index.ts';
import { trackingStatus } from '../../core/operations/index.ts';
import { utcMs } from '../../core/units.ts';
import { HttpError } from '../http/errors.ts';
import type { AppMetaRepository } from '../repositories/app-meta-repository.ts';
import {
  DuplicateHighInterestObjectError,
  UnknownSatelliteError,
  type HighInterestObjectPatch,
  type HighInterestObjectRepository,
  type HighInterestObjectRow,
} from '../repositories/high-interest-object-repository.ts';
import { ClockedSnapshot } from '../http/clocked-snapshot.ts';
import type { Snapshot } from '../http/snapshot.ts';
import type { CatalogService } from './catalog-service.ts';

export interface HighInterestServiceOptions {
  /** Who an entry is added by when the request names no one (config OPERATOR_LABEL). */
  operatorLabel: string;
  /** The demo catalogue is on (config DEMO_CATALOG): seed the adversary satellites once. */
  demo: boolean;
}

/** What is told when the watch list changes (the dashboard stats count it). */
export interface HighInterestListener {
  highInterestChanged(): void;
}

interface Logger {
  info(obj: object, msg?: string): void;
  warn?(obj: object, msg?: string): void;
}

/** app_meta key: the demo watch list was seeded once (so removing its entries sticks). */
export const DEMO_SEEDED_KEY = 'high_interest_demo_seeded';
export const DEMO_ADDED_BY = 'Demo catalogue';
export const DEMO_TRACKING_FREQUENCY_MIN = 720;

const MS_PER_MINUTE = 60_000;
/** How long before each UTC minute the watch list of that minute is built. */
const LIST_LEAD_MS = 5_000;

/** Priority of an adversary satellite from its risk multiplier (product spec §9: 0.9-1.8). */
export function priorityFromMultiplier(multiplier: number): Priority {
  if (multiplier >= 1.6) return 'critical';
  if (multiplier >= 1.3) return 'high';
  if (multiplier >= 1.0) return 'medium';
  return 'low';
}

const invalid = (field: string, message: string) => new HttpError(400, `Invalid request: body.${field}: ${message}`);
const duplicate = (satelliteId: number, existing?: number) =>
  new HttpError(409, `satelliteId: ${satelliteId} is already a high-interest object${existing === undefined ? '' : ` (id ${existing})`}`);
const missing = (id: number) => new HttpError(404, `No high-interest object ${id}`);

/**
 * High-interest objects (product spec §3, §4; DECISIONS.md §7): the operators'
 * watch list, each entry with the epoch of its object's newest element set as
 * its last observation and the tracking status derived from it.
 *
 * The list is polled every 5 s by every dashboard, so it is served as a
 * snapshot refreshed on its own clock (http/clocked-snapshot.ts): the tracking
 * status moves with the clock a UTC minute at a time, so each minute's list is
 * built a few seconds before the minute starts; a change of the entries or of
 * the catalogue is built for the next request at once.
 */
export class HighInterestService {
  private seeding: Promise<void> | undefined;
  private version = 0;
  private readonly snapshot: ClockedSnapshot<undefined, HighInterestObject[]>;

  constructor(
    private readonly repo: HighInterestObjectRepository,
    private readonly appMeta: AppMetaRepository,
    private readonly catalog: CatalogService,
    private readonly listener: HighInterestListener,
    private readonly options: HighInterestServiceOptions,
    private readonly log?: Logger,
  ) {
    this.snapshot = new ClockedSnapshot({
      periodMs: MS_PER_MINUTE,
      leadMs: LIST_LEAD_MS,
      inputs: async () => ({ version: `${this.catalog.changeCount}:${this.version}`, value: undefined }),
      build: async (minuteStartMs) => (await this.repo.list()).map((row) => this.view(row, new Date(minuteStartMs))),
      onError: (error) => this.log?.warn?.({ err: error }, 'could not build the watch list ahead of its minute'),
    });
  }

  /**
   * Seeds the demo watch list (once per installation, when the demo catalogue
   * is on and loaded). Called at start-up after the catalogue; every other
   * method waits for it too, so it may also run on first use.
   */
  initialise(now: Date): Promise<void> {
    this.seeding ??= this.seedDemo(now).then(
      (settled) => {
        // The catalogue is not loaded yet: try again on the next call.
        if (!settled) this.seeding = undefined;
      },
      (error: unknown) => {
        this.seeding = undefined;
        throw error;
      },
    );
    return this.seeding;
  }

  /** The watch list with tracking status as of the current UTC minute, serialised once. */
  async list(now: Date): Promise<Snapshot<HighInterestObject[]>> {
    await this.initialise(now);
    return this.snapshot.get();
  }

  /** Stops the refresh timer (server shutdown). */
  stop(): void {
    this.snapshot.stop();
  }

  async get(id: number, now: Date): Promise<HighInterestObject> {
    const found = (await this.list(now)).body.find((o) => o.id === id);
    if (!found) throw missing(id);
    return found;
  }

  async create(input: CreateHighInterestObject, now: Date): Promise<HighInterestObject> {
    await this.initialise(now);
    this.checkSatellite(input.satelliteId);
    const existing = await this.repo.getBySatellite(input.satelliteId);
    if (existing) throw duplicate(input.satelliteId, existing.id);
    const row = await this.write(input.satelliteId, () =>
      this.repo.create({
        satelliteId: input.satelliteId,
        priority: input.priority,
        reason: input.reason,
        specialInstructions: input.specialInstructions ?? null,
        addedBy: input.addedBy ?? this.options.operatorLabel,
        addedDate: now,
        trackingFrequency: input.trackingFrequency,
      }),
    );
    this.changed();
    return this.view(row, now);
  }

  async update(id: number, patch: UpdateHighInterestObject, now: Date): Promise<HighInterestObject> {
    await this.initialise(now);
    const current = await this.repo.get(id);
    if (!current) throw missing(id);
    if (patch.satelliteId !== undefined && patch.satelliteId !== current.satelliteId) {
      this.checkSatellite(patch.satelliteId);
      const other = await this.repo.getBySatellite(patch.satelliteId);
      if (other && other.id !== id) throw duplicate(patch.satelliteId, other.id);
    }
    const fields: HighInterestObjectPatch = { updatedAt: now };
    if (patch.satelliteId !== undefined) fields.satelliteId = patch.satelliteId;
    if (patch.priority !== undefined) fields.priority = patch.priority;
    if (patch.reason !== undefined) fields.reason = patch.reason;
    if (patch.specialInstructions !== undefined) fields.specialInstructions = patch.specialInstructions;
    if (patch.trackingFrequency !== undefined) fields.trackingFrequency = patch.trackingFrequency;
    if (patch.addedBy !== undefined) fields.addedBy = patch.addedBy;
    const row = await this.write(patch.satelliteId, () => this.repo.update(id, fields));
    if (!row) throw missing(id);
    this.changed();
    return this.view(row, now);
  }

  async delete(id: number, now: Date): Promise<void> {
    await this.initialise(now);
    if (!(await this.repo.delete(id))) throw missing(id);
    this.changed();
  }

  private checkSatellite(satelliteId: number): void {
    if (!this.catalog.entry(satelliteId)) throw invalid('satelliteId', `${satelliteId} is not an object of the catalogue`);
  }

  /** A repository write with its constraint violations as answers (another request may have raced this one). */
  private async write<T>(satelliteId: number | undefined, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof DuplicateHighInterestObjectError) throw duplicate(satelliteId ?? error.satelliteId ?? 0);
      if (error instanceof UnknownSatelliteError) throw invalid('satelliteId', `${satelliteId ?? '?'} is not an object of the catalogue`);
      throw error;
    }
  }

  private changed(): void {
    this.version += 1;
    this.listener.highInterestChanged();
  }

  private view(row: HighInterestObjectRow, now: Date): HighInterestObject {
    const entry = this.catalog.entry(row.satelliteId);
    const epoch = entry ? entry.set.epoch : null;
    return {
      id: row.id,
      satelliteId: row.satelliteId,
      satelliteName: entry?.object.name ?? `NORAD ${row.satelliteId}`,
      priority: row.priority as Priority,
      reason: row.reason,
      specialInstructions: row.specialInstructions,
      addedBy: row.addedBy,
      addedDate: row.addedDate.toISOString(),
      lastObservation: epoch === null ? null : new Date(epoch).toISOString(),
      trackingFrequency: row.trackingFrequency,
      trackingStatus: trackingStatus(epoch, row.trackingFrequency, utcMs(now.getTime())),
    };
  }

  /** Seeds the demo watch list unless done before; false when it cannot tell yet (catalogue not loaded). */
  private async seedDemo(now: Date): Promise<boolean> {
    if (!this.options.demo) return true;
    if (this.catalog.size === 0) return false;
    if (await this.appMeta.get(DEMO_SEEDED_KEY)) return true;
    const present = ADVERSARIES.filter((a) => this.catalog.entry(a.norad) !== undefined);
    let added = 0;
    for (const adversary of present) {
      if (await this.repo.getBySatellite(adversary.norad)) continue;
      try {
        await this.repo.create({
          satelliteId: adversary.norad,
          priority: priorityFromMultiplier(adversary.riskMultiplier),
          reason: adversary.description,
          specialInstructions: null,
          addedBy: DEMO_ADDED_BY,
          addedDate: now,
          trackingFrequency: DEMO_TRACKING_FREQUENCY_MIN,
        });
        added += 1;
      } catch (error) {
        if (!(error instanceof DuplicateHighInterestObjectError)) throw error;
      }
    }
    await this.appMeta.set(DEMO_SEEDED_KEY, { at: now.toISOString(), added }, now);
    this.log?.info({ added }, 'demo high-interest objects seeded');
    if (added > 0) this.changed();
    return true;
  }
}
