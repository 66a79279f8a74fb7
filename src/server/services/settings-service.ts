import { z } from 'zod';
import { normalizeOwner } from '../../core/operations/index.ts';
import {
  SettingsChange,
  SETTING_KEYS,
  SETTING_VALUES,
  type OperatorSettings,
  type FleetMember,
  type SettingKey,
  type SettingsResponse,
} from '../../contracts/settings.ts';
import type { AppMetaRepository } from '../repositories/app-meta-repository.ts';
import type { CatalogService } from './catalog-service.ts';
import type { OperationsService } from './operations/operations-service.ts';

/** The app_meta key of the settings changed through the API. */
export const SETTINGS_KEY = 'operator_settings';

/** What app_meta holds: the changed settings only (the others follow the environment), and who changed them when. */
const StoredSettings = z.object({
  values: z.record(z.string(), z.unknown()),
  updatedAt: z.string(),
  updatedBy: z.string(),
});
type StoredSettings = z.infer<typeof StoredSettings>;
type Values = Partial<Record<SettingKey, unknown>>;

interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

/** SATCAT owner codes, aliases resolved (IL → ISRA), without repeats, in the order given. */
function canonicalOwners(owners: readonly string[]): string[] {
  return [...new Set(owners.map((o) => normalizeOwner(o)).filter((o): o is string => o !== null))];
}

/** NORAD ids without repeats, ascending. */
const canonicalIds = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);

/**
 * The operator's settings (issue 14, /config): the fleet, the continuous screening's threshold,
 * interval and window, and the alert level. The environment gives the defaults (config.ts, checked
 * at start); a change through the API is one row of app_meta (`operator_settings`: only the changed
 * settings, so a default changed in the environment still reaches the settings nobody changed),
 * written in one transaction under a row lock so that two servers' changes do not undo each other.
 *
 * The settings in force are pushed into the services that use them: CatalogService's fleet (what
 * fleet() returns: the screening, the fleet pages, the globe's classes) and OperationsService
 * (threshold, window, interval, alert level). With several servers on one database each re-reads
 * the row every minute (startSync); the server that took the change applies it at once.
 */
export class SettingsService {
  private stored: StoredSettings | null = null;
  private loaded: Promise<void> | undefined;
  private syncTimer: ReturnType<typeof setInterval> | undefined;
  private storedJson = 'null';

  constructor(
    private readonly repo: AppMetaRepository,
    private readonly defaults: OperatorSettings,
    private readonly catalog: CatalogService,
    private readonly operations: OperationsService,
    private readonly screeningEnabled: boolean,
    private readonly log: Logger,
  ) {}

  /** Reads the stored settings once and applies them (before the catalogue loads, so the first screening has the right fleet). */
  initialise(): Promise<void> {
    this.loaded ??= this.sync(false).then(() => undefined);
    return this.loaded;
  }

  /**
   * Re-reads the stored row and applies it when it changed (another server's change). True when it
   * changed. `runNow`: whether a change of what is screened starts a run here.
   */
  async sync(runNow = false): Promise<boolean> {
    const raw = await this.repo.get(SETTINGS_KEY);
    const json = JSON.stringify(raw ?? null);
    if (json === this.storedJson && this.loaded) return false;
    this.storedJson = json;
    const parsed = raw === undefined || raw === null ? null : StoredSettings.safeParse(raw);
    if (parsed && !parsed.success) this.log.warn({ issues: parsed.error.issues }, 'stored settings unreadable: the environment’s defaults are used');
    this.stored = parsed?.success ? parsed.data : null;
    this.apply(runNow);
    return true;
  }

  startSync(everyMs: number): void {
    this.syncTimer ??= setInterval(() => {
      this.sync(false).catch((error: Error) => this.log.warn({ err: error }, 'settings sync with the database failed'));
    }, everyMs);
    this.syncTimer.unref?.();
  }

  stopSync(): void {
    clearInterval(this.syncTimer);
    this.syncTimer = undefined;
  }

  /** The settings in force and where each comes from, with the fleet's members by name. */
  async current(): Promise<SettingsResponse> {
    await this.initialise();
    return this.describe();
  }

  /**
   * Changes settings (a value) or takes them back to the environment's (null), in one transaction,
   * then applies them here. The change was validated by the route (SettingsChange); it is parsed
   * again so that a caller inside the server gets the same checks.
   */
  async change(change: SettingsChange, actor: string, now: Date): Promise<SettingsResponse> {
    await this.initialise();
    const checked = SettingsChange.parse(change);
    const next = await this.repo.update(SETTINGS_KEY, now, (previous) => {
      const prior = StoredSettings.safeParse(previous);
      const values: Values = { ...(prior.success ? prior.data.values : {}) };
      for (const key of SETTING_KEYS) {
        if (!(key in checked)) continue;
        const value = checked[key];
        if (value === null || value === undefined) delete values[key];
        else if (key === 'fleetOwners') values[key] = canonicalOwners(value as string[]);
        else if (key === 'fleetNoradIds') values[key] = canonicalIds(value as number[]);
        else values[key] = value;
      }
      return { values, updatedAt: now.toISOString(), updatedBy: actor } satisfies StoredSettings;
    });
    this.storedJson = JSON.stringify(next);
    this.stored = next as StoredSettings;
    this.apply(true);
    this.log.info({ change: checked, by: actor }, 'settings changed');
    return this.describe();
  }

  /** The settings in force: stored values that still pass their checks, else the environment's. */
  effective(): OperatorSettings {
    const values = this.stored?.values ?? {};
    const pick = <T>(key: SettingKey, fallback: T): T => {
      if (!(key in values)) return fallback;
      const parsed = SETTING_VALUES[key].safeParse(values[key]);
      return parsed.success ? (parsed.data as T) : fallback;
    };
    const d = this.defaults;
    return {
      fleet: { owners: pick('fleetOwners', d.fleet.owners), noradIds: pick('fleetNoradIds', d.fleet.noradIds) },
      screening: {
        thresholdKm: pick('thresholdKm', d.screening.thresholdKm),
        intervalMinutes: pick('intervalMinutes', d.screening.intervalMinutes),
        windowDays: pick('windowDays', d.screening.windowDays),
      },
      alertLevel: pick('alertLevel', d.alertLevel),
    };
  }

  private apply(runNow: boolean): void {
    const settings = this.effective();
    const fleetChanged = this.catalog.setFleet(settings.fleet);
    this.operations.applySettings({ ...settings.screening, alertLevel: settings.alertLevel, fleetOwners: settings.fleet.owners, fleetChanged, runNow });
  }

  private describe(): SettingsResponse {
    const effective = this.effective();
    const values = this.stored?.values ?? {};
    const owners = new Set(effective.fleet.owners);
    const ids = new Set(effective.fleet.noradIds);
    const fleetMembers: FleetMember[] = this.catalog.fleet().map(({ object }) => {
      const byOwner = object.owner !== null && owners.has(object.owner);
      const byId = ids.has(object.noradId);
      return { noradId: object.noradId, name: object.name, owner: object.owner, objectType: object.objectType, via: byOwner && byId ? 'both' : byOwner ? 'owner' : 'norad' };
    });
    return {
      effective,
      defaults: this.defaults,
      stored: SETTING_KEYS.filter((key) => key in values),
      updatedAt: this.stored?.updatedAt ?? null,
      updatedBy: this.stored?.updatedBy ?? null,
      screeningEnabled: this.screeningEnabled,
      fleetMembers,
      missingNoradIds: effective.fleet.noradIds.filter((id) => this.catalog.entry(id) === undefined),
    };
  }
}
