import { fetchCelestrakGroup } from '../sources/celestrak.ts';
import { fetchSpaceTrackCatalog, type SpaceTrackClient } from '../sources/space-track.ts';
import type { CatalogService, ImportReport } from './catalog-service.ts';
import type { SourceStatusRecorder } from './data-source-status.ts';
import { PeriodicTask, type TaskClaims } from './scheduled-task.ts';

export interface UpdaterOptions {
  celestrak: { enabled: boolean; baseUrl: string; groups: readonly string[] };
  /**
   * `client`: the process's Space-Track client (app-context.ts), shared with the CDM feed: one
   * session cookie and one rate limiter for both (sources/space-track.ts). Without it each pass
   * logs in with a client of its own (still under the process's limiter).
   */
  spaceTrack: { baseUrl: string; identity?: string | undefined; password?: string | undefined; client?: SpaceTrackClient | undefined };
  intervalMs: number;
  fetch?: typeof fetch;
  /**
   * The scheduled passes (at start and every interval) are claimed here, so that servers sharing
   * one database fetch once per interval between them (issue 13); without it every tick fetches.
   */
  claims?: TaskClaims | undefined;
  /** Where each pass's outcome per source is recorded (the data sources' status on /config). */
  status?: SourceStatusRecorder | undefined;
}

/** The claim key of the scheduled catalogue updates, the same in every server. */
export const CATALOG_UPDATE_TASK = 'catalog-update';

interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  debug(obj: object, msg?: string): void;
}

export interface UpdateOutcome {
  source: 'celestrak' | 'spacetrack';
  label: string;
  report?: ImportReport;
  error?: string;
}

/**
 * Fetches element sets from CelesTrak and Space-Track on a schedule and imports
 * them into the catalogue history. Off-line is normal for this product: a source
 * that cannot be reached is logged once as a warning, then quietly (debug) until
 * it answers again.
 */
export class CatalogUpdater {
  private periodic: PeriodicTask | undefined;
  private running: Promise<UpdateOutcome[]> | undefined;
  private readonly unreachable = new Set<string>();

  constructor(
    private readonly catalog: CatalogService,
    private readonly options: UpdaterOptions,
    private readonly log: Logger,
  ) {}

  get enabled(): boolean {
    return this.options.celestrak.enabled || Boolean(this.options.spaceTrack.identity && this.options.spaceTrack.password);
  }

  /**
   * A pass now and then every interval, each one only when this server claims it: with several
   * servers on one database one of them fetches (the sources limit how often a client may download
   * the same data), and a server started within an interval of the last pass does not fetch again.
   */
  start(): void {
    if (!this.enabled || this.periodic) return;
    this.periodic = new PeriodicTask({
      task: CATALOG_UPDATE_TASK,
      intervalMs: this.options.intervalMs,
      firstDelayMs: 0,
      claims: this.options.claims,
      run: () => void this.runOnce(),
      log: this.log,
    });
    this.periodic.start();
  }

  stop(): void {
    this.periodic?.stop();
    this.periodic = undefined;
  }

  /** One pass over every enabled source; a pass already under way is joined, not doubled. */
  runOnce(): Promise<UpdateOutcome[]> {
    this.running ??= this.pass().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async pass(): Promise<UpdateOutcome[]> {
    const outcomes: UpdateOutcome[] = [];
    const fetchOptions = (baseUrl: string) => ({ baseUrl, ...(this.options.fetch && { fetch: this.options.fetch }) });
    if (this.options.celestrak.enabled) {
      for (const group of this.options.celestrak.groups) {
        const label = `CelesTrak GP group ${group}`;
        outcomes.push(await this.attempt('celestrak', label, () => fetchCelestrakGroup(group, fetchOptions(this.options.celestrak.baseUrl))));
      }
    }
    const { identity, password, baseUrl } = this.options.spaceTrack;
    if (identity && password) {
      const { client } = this.options.spaceTrack;
      outcomes.push(await this.attempt('spacetrack', 'Space-Track GP', () => fetchSpaceTrackCatalog({ identity, password }, fetchOptions(baseUrl), client)));
    }
    await this.recordStatus(outcomes, new Date());
    return outcomes;
  }

  /** Per source, one attempt: a success when every group it was asked for came and was imported. */
  private async recordStatus(outcomes: readonly UpdateOutcome[], at: Date): Promise<void> {
    const status = this.options.status;
    if (!status) return;
    for (const source of ['celestrak', 'spacetrack'] as const) {
      const mine = outcomes.filter((o) => o.source === source);
      if (mine.length === 0) continue;
      const failed = mine.filter((o) => o.error !== undefined);
      const sum = (key: 'setsAdded' | 'duplicates' | 'rejected') => mine.reduce((n, o) => n + (o.report?.[key] ?? 0), 0);
      const attempt =
        failed.length === 0
          ? { at, ok: true, result: `${sum('setsAdded')} element sets added, ${sum('duplicates')} already present, ${sum('rejected')} rejected` }
          : { at, ok: false, error: failed.map((o) => `${o.label}: ${o.error}`).join('; ') };
      try {
        await status.record(source, attempt);
      } catch (error) {
        this.log.warn({ source, err: error }, 'could not record the data source’s status');
      }
    }
  }

  private async attempt(source: UpdateOutcome['source'], label: string, download: () => Promise<string>): Promise<UpdateOutcome> {
    let text: string;
    try {
      text = await download();
    } catch (error) {
      const message = (error as Error).message;
      if (this.unreachable.has(label)) this.log.debug({ source: label, error: message }, 'catalogue source still unreachable');
      else this.log.warn({ source: label, error: message }, 'catalogue source unreachable; will retry quietly');
      this.unreachable.add(label);
      return { source, label, error: message };
    }
    this.unreachable.delete(label);
    try {
      const report = await this.catalog.importElementSets(text, { source, label }, new Date());
      return { source, label, report };
    } catch (error) {
      const message = (error as Error).message;
      this.log.warn({ source: label, error: message }, 'catalogue update could not be imported');
      return { source, label, error: message };
    }
  }
}
