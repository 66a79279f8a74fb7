import type { DragCalculation, DragCalculatorInput, DragInputIssue, LifetimeInput, LifetimeOptions, LifetimePrediction } from '../../../core/drag/index.ts';
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

export type DragWorkerRequest =
  | { type: 'calculate'; id: number; input: DragCalculatorInput; timeMs: number; weather?: DragWeatherRef }
  | { type: 'lifetime'; id: number; input: Omit<LifetimeInput, 'spaceWeather'>; options: LifetimeOptions; weather?: DragWeatherRef };

export type DragWorkerReply =
  | { type: 'calculated'; id: number; result: DragCalculation }
  | { type: 'predicted'; id: number; prediction: LifetimePrediction }
  | { type: 'input-error'; id: number; issues: readonly DragInputIssue[] }
  /** core/drag/density.ts DensityDomainError: a model with no density on the way. */
  | { type: 'domain-error'; id: number; message: string }
  | { type: 'failed'; id: number; message: string };
