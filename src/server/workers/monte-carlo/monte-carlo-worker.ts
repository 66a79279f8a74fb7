/**
 * A Monte Carlo worker: the hits of each chunk of trials it is sent (core probability
 * monteCarloChunk). Chunks carry their own seeded streams, so which worker runs which chunk does not
 * change a run's answer.
 */
import { parentPort } from 'node:worker_threads';
import { monteCarloChunk } from '../../../core/probability/index.ts';
import type { MonteCarloWorkerReply, MonteCarloWorkerRequest } from './monte-carlo-protocol.ts';

const port = parentPort;
if (!port) throw new Error('monte-carlo-worker.ts runs as a worker thread');
const reply = (message: MonteCarloWorkerReply) => port.postMessage(message);

port.on('message', (request: MonteCarloWorkerRequest) => {
  try {
    reply({ type: 'hits', chunk: request.chunk, hits: monteCarloChunk(request.plan, request.seed, request.chunk, request.samples) });
  } catch (error) {
    reply({ type: 'failed', chunk: request.chunk, message: error instanceof Error ? error.message : String(error) });
  }
});
reply({ type: 'ready' });
