import { fetchSwpcSpaceWeather } from '../sources/noaa-swpc.ts';
import type { SpaceWeatherService } from './space-weather-service.ts';

interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  debug(obj: object, msg?: string): void;
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
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<SpaceWeatherUpdateOutcome> | undefined;
  private unreachable = false;

  constructor(
    private readonly service: SpaceWeatherService,
    private readonly options: { enabled: boolean; baseUrl: string; intervalMs: number; fetch?: typeof fetch },
    private readonly log: Logger,
  ) {}

  start(): void {
    if (!this.options.enabled || this.timer) return;
    void this.runOnce();
    this.timer = setInterval(() => void this.runOnce(), this.options.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  runOnce(): Promise<SpaceWeatherUpdateOutcome> {
    this.running ??= this.pass().finally(() => {
      this.running = undefined;
    });
    return this.running;
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
