import type { AvoidanceEncounter, BurnDirection, TradeSpace } from '../../../core/avoidance/index.ts';

/** Messages between the trade-space runner (avoidance-runner.ts) and its worker (avoidance-worker.ts). */
export interface TradeSpaceJob {
  readonly encounter: AvoidanceEncounter;
  readonly maxLeadS: number;
  readonly leadTimesS: readonly number[];
  readonly dvMagnitudesMps: readonly number[];
  readonly direction: BurnDirection;
  readonly targets: readonly number[];
}

export type AvoidanceWorkerRequest = { type: 'trade'; job: TradeSpaceJob };

export type AvoidanceWorkerReply = { type: 'ready' } | { type: 'done'; space: TradeSpace } | { type: 'failed'; message: string; rangeError: boolean };
