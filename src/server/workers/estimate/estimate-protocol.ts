import type { Cdm, MessageEstimate } from '../../../core/cdm/index.ts';

/** Messages between the CDM estimate pool (estimate-pool.ts) and its workers (estimate-worker.ts). */
export type EstimateWorkerRequest = { type: 'estimate'; id: number; cdm: Cdm; defaultHbrM: number };

export type EstimateWorkerReply =
  | { type: 'ready' }
  | { type: 'estimate'; id: number; estimate: MessageEstimate }
  | { type: 'estimate-failed'; id: number; message: string; rangeError: boolean };
