import type { PlanResult } from '../../../contracts/avoidance.ts';
import type { ObjectType } from '../../../core/catalog/index.ts';
import type { ElementSet } from '../../../core/elements/index.ts';

/** Messages between the plan runner (plan-runner.ts) and its worker (plan-worker.ts). */
export interface PlanJob {
  readonly reference: ElementSet;
  /** The catalogue to screen against (the primary's own set is left out). */
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

export type PlanWorkerRequest = { type: 'plan'; job: PlanJob };

export type PlanWorkerReply = { type: 'ready' } | { type: 'done'; result: PlanResult; acceptable: boolean; reason: string } | { type: 'failed'; message: string; rangeError: boolean };
