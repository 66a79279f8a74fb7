import type { DensityModel, DragCalculation, DragCalculatorInput, DragInputIssue, LifetimeInput, LifetimeOptions, LifetimePrediction } from '../../../core/drag/index.ts';
import type { ElementSet } from '../../../core/elements/index.ts';
import type { Jb2008Files, SpaceWeatherRecords } from '../../../core/spaceweather/index.ts';

/**
 * Messages between the drag pool (drag-pool.ts) and its worker (drag-worker.ts). A request with an
 * imported series names it by `weather.key`; the records come with the first request of a key
 * (the worker keeps the series of the last key it was sent).
 */
export interface DragWeatherData {
  readonly recordSets: readonly SpaceWeatherRecords[];
  readonly jb2008Files: Jb2008Files;
}

export interface DragWeatherRef {
  readonly key: string;
  readonly data?: DragWeatherData;
}

/**
 * `calculate` and `lifetime` take the series through core spaceWeatherFromSeries (no value where it
 * has only a default); `ratios` and `page-lifetime`, the Orbital Drag page's snapshots, take it with
 * its offline defaults (core spaceWeatherWithDefaults), as the server's SpaceWeatherSnapshot does.
 */
export type DragWorkerRequest =
  | { type: 'calculate'; id: number; input: DragCalculatorInput; timeMs: number; weather?: DragWeatherRef }
  | { type: 'lifetime'; id: number; input: Omit<LifetimeInput, 'spaceWeather'>; options: LifetimeOptions; weather?: DragWeatherRef }
  | { type: 'ratios'; id: number; input: DensityRatiosInput; daysAhead: readonly number[]; weather: DragWeatherRef }
  | { type: 'page-lifetime'; id: number; input: Omit<LifetimeInput, 'spaceWeather'>; options: LifetimeOptions; weather: DragWeatherRef };

/** core orbitAveragedDensityRatios' input without its space weather. */
export interface DensityRatiosInput {
  readonly set: ElementSet;
  readonly time: number;
  readonly dragParameterM2PerKg: number;
  readonly model: DensityModel;
}

export type DragWorkerReply =
  | { type: 'calculated'; id: number; result: DragCalculation }
  | { type: 'predicted'; id: number; prediction: LifetimePrediction }
  | { type: 'ratios'; id: number; ratios: number[] }
  | { type: 'input-error'; id: number; issues: readonly DragInputIssue[] }
  /** core/drag/density.ts DensityDomainError: a model with no density on the way. */
  | { type: 'domain-error'; id: number; message: string }
  | { type: 'failed'; id: number; message: string };
