import type { MonteCarloPlan } from '../../../core/probability/index.ts';

/** Messages between the Monte Carlo runner (monte-carlo-pool.ts) and its workers (monte-carlo-worker.ts). */
export type MonteCarloWorkerRequest = { type: 'chunk'; plan: MonteCarloPlan; seed: number; chunk: number; samples: number };

export type MonteCarloWorkerReply = { type: 'ready' } | { type: 'hits'; chunk: number; hits: number } | { type: 'failed'; chunk: number; message: string };
