import type { ObjectType } from '../../../core/catalog/index.ts';
import type { ElementSet } from '../../../core/elements/index.ts';
import type { Oem } from '../../../core/ephemeris/index.ts';
import type { EphemerisScreeningOutcome } from '../../../core/screening/index.ts';
import type { EphemerisJob } from '../../screening/ephemeris-screening.ts';
import type { PlanShare } from '../../screening/plan-screening.ts';

/**
 * Messages between the track runner (plan-runner.ts) and its workers (plan-worker.ts): an avoidance
 * plan's screening, or an operator ephemeris', one share of the catalogue per worker.
 */
export interface PlanJob {
  /** The primary's element set: the screening's reference (core screenNear), and the plan's trajectory unless `referenceOem` is given. */
  readonly reference: ElementSet;
  /** The operator ephemeris the plan is made on instead (it covers the window and an hour past it), read. */
  readonly referenceOem?: Oem;
  /** The catalogue to screen against (the primary's own set is left out); to a worker, its share of it. */
  readonly catalogue: readonly ElementSet[];
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

export type PlanWorkerRequest = { type: 'plan'; job: PlanJob } | { type: 'ephemeris'; job: EphemerisJob };

/**
 * A worker's times, ms: SGP4 started for its share (null for an ephemeris: counted in screenMs), the
 * screening, and the thread's CPU time over both (Linux; null elsewhere): on a busy machine the
 * wall times grow, the CPU time does not.
 */
export interface ShareTimings {
  readonly initMs: number | null;
  readonly screenMs: number;
  readonly cpuMs: number | null;
}

export type PlanWorkerReply =
  | { type: 'ready' }
  | { type: 'plan-share'; share: PlanShare; ms: ShareTimings }
  | { type: 'ephemeris-share'; outcome: EphemerisScreeningOutcome; ms: ShareTimings }
  | { type: 'failed'; message: string; rangeError: boolean };
