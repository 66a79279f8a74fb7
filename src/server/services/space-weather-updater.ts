import { fetchSwpcSpaceWeather } from '../sources/noaa-swpc.ts';
import type { SourceStatusRecorder } from './data-source-status.ts';
import { PeriodicTask, type TaskClaims } from './scheduled-task.ts';
import type { SpaceWeatherService } from './space-weather-service.ts';

interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  debug(obj: object, msg?: string): void;
}

/** The claim key of the scheduled NOAA SWPC reads, the same in every server. */
export const SPACE_WEATHER_UPDATE_TASK = 'space-weather-update';

export interface SpaceWeatherUpdaterOptions {
  enabled: boolean;
  baseUrl: string;
  intervalMs: number;
  fetch?: typeof fetch;
  /**
   * The scheduled reads (at start and every interval) are claimed here, so that servers sharing
   * one database read the feeds once per interval between them (issue 13); without it every tick reads.
   */
  claims?: TaskClaims | undefined;
  /** Where each read's outcome is recorded (the data sources' status on /config). */
  status?: SourceStatusRecorder | undefined;
}

export interface SpaceWeatherUpdateOutcome {
  products: string[];
  daysAdded?: number;
  daysUpdated?: number;
  errors: { product: string; message: string }[];
}

/**
 * Reads the NOAA SWPC JSON feeds (F10.7 flux, planetary K index) on a schedule when
 * enabled (SWPC_UPDATES=on; off by default, the product runs air-gapped) and stores
 * them as provider 'noaa-swpc'. Unreachable feeds are logged once, then quietly.
 */
export class SpaceWeatherUpdater {
  private periodic: PeriodicTask | undefined;
  private running: Promise<SpaceWeatherUpdateOutcome> | undefined;
  private unreachable = false;

  constructor(
    private readonly service: SpaceWeatherService,
    private readonly options: SpaceWeatherUpdaterOptions,
    private readonly log: Logger,
  ) {}

  /** A read now and then every interval, each one only when this server claims it (one server of several on a database reads). */
  start(): void {
    if (!this.options.enabled || this.periodic) return;
    this.periodic = new PeriodicTask({
      task: SPACE_WEATHER_UPDATE_TASK,
      intervalMs: this.options.intervalMs,
      firstDelayMs: 0,
      claims: this.options.claims,
      // A timer's pass has no caller to reject to: a failed store (the database down) is logged, not an unhandled rejection.
      run: () => void this.runOnce().catch((error: unknown) => this.log.warn({ err: error }, 'NOAA SWPC space weather could not be stored')),
      log: this.log,
    });
    this.periodic.start();
  }

  stop(): void {
    this.periodic?.stop();
    this.periodic = undefined;
  }

  runOnce(): Promise<SpaceWeatherUpdateOutcome> {
    this.running ??= this.recorded().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** A pass, its outcome recorded: a success when every feed came and was stored. */
  private async recorded(): Promise<SpaceWeatherUpdateOutcome> {
    const at = new Date();
    let attempt: { at: Date; ok: boolean; error?: string; result?: string };
    let outcome: SpaceWeatherUpdateOutcome | undefined;
    let thrown: unknown;
    try {
      outcome = await this.pass();
      attempt =
        outcome.errors.length === 0
          ? { at, ok: true, result: `${outcome.products.join(', ')}: ${outcome.daysAdded ?? 0} days added, ${outcome.daysUpdated ?? 0} updated` }
          : { at, ok: false, error: outcome.errors.map((e) => `${e.product}: ${e.message}`).join('; ') };
    } catch (error) {
      thrown = error;
      attempt = { at, ok: false, error: error instanceof Error ? error.message : String(error) };
    }
    try {
      await this.options.status?.record('noaa-swpc', attempt);
    } catch (error) {
      this.log.warn({ err: error }, 'could not record the data source’s status');
    }
    if (outcome === undefined) throw thrown;
    return outcome;
  }

  private async pass(): Promise<SpaceWeatherUpdateOutcome> {
    const got = await fetchSwpcSpaceWeather({ baseUrl: this.options.baseUrl, ...(this.options.fetch && { fetch: this.options.fetch }) });
    const errors = got.errors.map((e) => ({ product: e.product, message: e.message }));
    if (errors.length > 0) {
      if (this.unreachable) this.log.debug({ errors }, 'NOAA SWPC feeds still unavailable');
      else this.log.warn({ errors }, 'NOAA SWPC feeds unavailable; will retry quietly');
    }
    this.unreachable = got.records.length === 0;
    if (got.records.length === 0) return { products: [], errors };
    const counts = await this.service.importSwpc(got.records, new Date());
    this.log.info({ products: got.products, ...counts }, 'NOAA SWPC space weather stored');
    return { products: [...got.products], daysAdded: counts.daysAdded, daysUpdated: counts.daysUpdated, errors };
  }
}
