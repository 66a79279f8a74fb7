/** Messages between the screening pool and its workers (plain, structured-cloneable data). */
import type { ObjectType } from '../../../core/catalog/index.ts';
import type { CloseApproach, RiskAssessment, ScreeningShard, ShardResult } from '../../../core/screening/index.ts';
import type { CatalogColumns } from './catalog-columns.ts';

export type ScreeningWorkerRequest =
  /**
   * Replaces the worker's catalogue (its SGP4 models are initialised lazily, then kept). The sets
   * come in columns (catalog-columns.ts): packed once, their numbers shared by every worker.
   */
  | { type: 'catalog'; version: string; columns: CatalogColumns }
  /**
   * Screens one shard. `cancel` is an Int32Array over a SharedArrayBuffer: the pool stores a
   * non-zero value in element 0 to stop the job; the worker polls it between objects and pairs.
   */
  | {
      type: 'shard';
      shard: ScreeningShard;
      cancel: Int32Array;
      /**
       * A catalogue-wide shard's approaches packed here (core/screening/approach-columns.ts) and
       * transferred: `shard-done` then has none as objects and `packed` instead, so that the pool's
       * thread never builds the 100,000 objects of a shard (issue 30, item 8).
       */
      pack?: boolean;
    }
  /**
   * The brute-force reference (core/screening/brute-force.ts) for the recall test: the
   * secondaries of `secondaries` against `primaries`, coarse samples with satellite.js's WASM
   * BulkPropagator, refinement with the JavaScript SGP4.
   */
  /** The risk step (core/screening/conjunction-risk.ts, default covariances) for close approaches on the loaded catalogue. */
  | { type: 'risk'; version: string; approaches: CloseApproach[]; objectTypes: Record<number, ObjectType> }
  | { type: 'brute-force'; version: string; primaries: number[]; secondaries: { from: number; to: number }; start: string; end: string; thresholdKm: number; stepMs: number };

export type ShardStage = 'tle' | 'orbits' | 'detect';

/** What a worker warms up on (workerData.warmUp; screening-worker.ts `warmUp`): a sample of this file, over this window. */
export interface WarmUpRequest {
  readonly catalogPath: string;
  /** ISO 8601 UTC, as a job's. */
  readonly start: string;
  readonly end: string;
  readonly thresholdKm: number;
}

export type ScreeningWorkerReply =
  | { type: 'ready' }
  /** The warm-up (screening-worker.ts `warmUp`) is over: its time, size and outcome (approaches −1 and `error` if it failed). */
  | { type: 'warmed-up'; ms: number; objects: number; primaries: number; approaches: number; error?: string }
  | { type: 'catalog-loaded'; version: string; objects: number }
  | { type: 'progress'; shard: number; stage: ShardStage; fraction: number }
  | { type: 'shard-done'; result: ShardResult; ms: Record<ShardStage, number>; packed?: Float64Array }
  | { type: 'cancelled'; shard: number }
  | { type: 'risk-done'; risks: RiskAssessment[] }
  | { type: 'brute-force-done'; approaches: CloseApproach[]; sgp4Calls: number; propagations: number; ms: number }
  | { type: 'error'; message: string };
