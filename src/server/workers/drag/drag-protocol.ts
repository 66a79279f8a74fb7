import type { DragCalculation, DragCalculatorInput, DragInputIssue } from '../../../core/drag/index.ts';
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

export type DragWorkerRequest = {
  type: 'calculate';
  id: number;
  input: DragCalculatorInput;
  timeMs: number;
  weather?: { key: string; data?: DragWeatherData };
};

export type DragWorkerReply =
  | { type: 'ready' }
  | { type: 'result'; id: number; result: DragCalculation }
  | { type: 'input-error'; id: number; issues: readonly DragInputIssue[] }
  | { type: 'failed'; id: number; message: string };
