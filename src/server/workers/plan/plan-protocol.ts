import type { ObjectType } from '../../../core/catalog/index.ts';
import type { ElementSet } from '../../../core/elements/index.ts';
import type { Oem } from '../../../core/ephemeris/index.ts';
import type { EphemerisScreeningOutcome } from '../../../core/screening/index.ts';
import type { EphemerisJob } from '../../screening/ephemeris-screening.ts';
import type { PlanShare } from '../../screening/plan-screening.ts';

/**
 * Messages between the track runner (plan-runner.ts) and its workers (plan-worker.ts): an avoidance
 * plan's screening, or an operator ephemeris', one share of the catalogue per worker, kept by the
 * worker between jobs on the same catalogue version.
 */
export interface PlanJob {
  /** The primary's element set: the screening's reference (core screenNear), and the plan's trajectory unless `referenceOem` is given. */
  readonly reference: ElementSet;
  /** The operator ephemeris the plan is made on instead (it covers the window and an hour past it), read. */
  readonly referenceOem?: Oem;
  /** The catalogue to screen against (the primary's own set is left out); to a worker, its share of it. */
  readonly catalogue: readonly ElementSet[];
  /**
   * Names this catalogue (with its object types and names) for the track pool (plan-runner.ts
   * TrackPool): a job with the key of the pool's last one reuses the shares its threads hold and
   * sends none of it. The same key must mean the same catalogue; without one, the shares are sent.
   */
  readonly catalogueKey?: string;
  readonly objectTypes: Readonly<Record<number, ObjectType>>;
  readonly names: Readonly<Record<number, string>>;
  readonly burnMs: number;
  readonly dvRtnMps: readonly [number, number, number];
  readonly windowStartMs: number;
  readonly windowEndMs: number;
  readonly thresholdKm: number;
  readonly targetPc: number;
  /** The event the plan is for: its secondary and TCA, and its Pc as it stands. */
  readonly event: { readonly secondary: number; readonly tcaMs: number; readonly missKm: number; readonly pc: number | null; readonly pcMethod: string };
}

/** A worker's share of a catalogue version: its element sets, and the object types and names of their ids. */
export interface ShareLoad {
  readonly catalogue: readonly ElementSet[];
  readonly objectTypes: Readonly<Record<number, ObjectType>>;
  readonly names: Readonly<Record<number, string>>;
}

/** A job's own fields: the catalogue's are the worker's loaded share; the reference's type and name ride along (the share may not hold it). */
export type PlanTask = Omit<PlanJob, 'catalogue'>;
export type EphemerisTask = Omit<EphemerisJob, 'catalogue'>;

/**
 * A job for one worker, on catalogue version `key`: `load` (its share of that version) is sent
 * only when the worker holds another version or none; the worker keeps the share and its SGP4
 * models for the next job on the same key. `id` pairs the answer with the job.
 */
export type PlanWorkerRequest =
  | { type: 'plan'; id: number; key: string; load?: ShareLoad; job: PlanTask }
  | { type: 'ephemeris'; id: number; key: string; load?: ShareLoad; job: EphemerisTask };

/**
 * A worker's times, ms: SGP4 started for its share in this job (0 where it kept the models of an
 * earlier job on the same catalogue version), the screening, and the thread's CPU time over both
 * (Linux; null elsewhere): on a busy machine the wall times grow, the CPU time does not.
 */
export interface ShareTimings {
  readonly initMs: number | null;
  readonly screenMs: number;
  readonly cpuMs: number | null;
}

export type PlanWorkerReply =
  | { type: 'ready' }
  | { type: 'plan-share'; id: number; share: PlanShare; ms: ShareTimings }
  | { type: 'ephemeris-share'; id: number; outcome: EphemerisScreeningOutcome; ms: ShareTimings }
  | { type: 'failed'; id: number; message: string; rangeError: boolean };
