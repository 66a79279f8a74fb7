import type { DragCalculationResult, DragCalculationsResponse } from '../../contracts/orbital-drag.ts';
import { LONG_TERM_MEAN_SPACE_WEATHER, parseDragCalculatorInput, type DragCalculation, type DragCalculatorInput } from '../../core/drag/index.ts';
import { utcMs } from '../../core/units.ts';
import type { DragCalculationRepository, StoredDragCalculation } from '../repositories/drag-calculation-repository.ts';
import { DragPool, dragSeriesOf } from '../workers/drag/drag-pool.ts';
import type { SpaceWeatherService } from './space-weather-service.ts';

type StoredResult = DragCalculation & { lifetimeSpaceWeatherSource: string };

/** How many calculations GET /api/drag-calculator/calculations returns when not told. */
export const DEFAULT_CALCULATIONS_LIMIT = 10;

/**
 * The drag calculator (spec §3 "Custom satellite input" → "Drag calculation result"): core
 * calculateDragFor on a worker thread (DragPool), every run stored so the page can list them.
 *
 * The point's density takes the entered solar flux and Kp (the form sends them: defaults 140 sfu and
 * 3); the lifetime takes the imported space-weather series when there is one (observed values, then
 * CelesTrak's predictions, then the long-term mean), so it reflects the real solar cycle. With nothing
 * imported the entered conditions are held constant, and the result says which (`lifetimeSpaceWeather`,
 * `lifetimeSpaceWeatherSource`).
 */
export class DragCalculatorService {
  constructor(
    private readonly repo: DragCalculationRepository,
    private readonly spaceWeather: SpaceWeatherService,
    /** Where the calculation runs: a worker thread, off the event loop (drag-pool.ts). */
    private readonly pool: DragPool = new DragPool(),
  ) {}

  /** Validates (DragInputError naming each bad field), computes and stores one calculation. */
  async calculate(body: unknown, now: Date): Promise<DragCalculationResult> {
    const input = parseDragCalculatorInput(body);
    const snapshot = await this.spaceWeather.snapshot();
    const series = dragSeriesOf(snapshot);
    const result = await this.pool.calculate(input, utcMs(now.getTime()), series);
    const mean = LONG_TERM_MEAN_SPACE_WEATHER;
    const lifetimeSpaceWeatherSource = series
      ? `${snapshot.providerName ?? 'imported'} series from now (observed, then predictions), then the long-term mean F10.7 ${mean.f107}, Ap ${mean.ap}`
      : `the entered conditions held constant (F10.7 ${input.solarFlux} sfu, Kp ${input.geomagnetic}): no space weather imported`;
    const stored = await this.repo.insert<DragCalculatorInput, StoredResult>({
      createdAt: now,
      satellite: input.name,
      model: input.model,
      input,
      result: { ...result, lifetimeSpaceWeatherSource },
    });
    return toResult(stored);
  }

  /** Stops the calculator's worker thread (server shutdown). */
  close(): Promise<void> {
    return this.pool.close();
  }

  /** The newest `limit` calculations and how many there are in all. */
  async list(limit = DEFAULT_CALCULATIONS_LIMIT): Promise<DragCalculationsResponse> {
    const [total, rows] = await Promise.all([this.repo.count(), this.repo.latest<DragCalculatorInput, StoredResult>(limit)]);
    return { total, calculations: rows.map(toResult) };
  }
}

function toResult(row: StoredDragCalculation<DragCalculatorInput, StoredResult>): DragCalculationResult {
  const r = row.result;
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    satellite: r.satellite,
    model: r.model,
    dragForce: r.dragForce,
    atmosphericDensity: r.atmosphericDensity,
    orbitDecayRate: r.orbitDecayRate,
    confidence: r.confidence,
    ...(r.lifetimeEstimate === undefined ? {} : { lifetimeEstimate: r.lifetimeEstimate }),
    ...(r.lifetimeYears === undefined ? {} : { lifetimeYears: r.lifetimeYears }),
    lifetimeText: r.lifetimeText,
    lifetimeSpaceWeather: r.lifetimeSpaceWeather,
    lifetimeSpaceWeatherSource: r.lifetimeSpaceWeatherSource,
    periodChangeSecondsPerDay: r.periodChangeSecondsPerDay,
    modelSpread: { ...r.modelSpread },
    source: r.source,
    decayForecast: r.decayForecast.map((p) => ({ day: p.day, altitudeKm: p.altitudeKm })),
    used: { ...r.used },
    notes: [...r.notes],
  };
}
