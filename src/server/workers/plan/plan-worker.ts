/**
 * A plan worker (issue 28): screens one avoidance plan against the catalogue
 * (screening/plan-screening.ts), off the server's event loop.
 */
import { parentPort } from 'node:worker_threads';
import { screenPlan } from '../../screening/plan-screening.ts';
import type { PlanWorkerReply, PlanWorkerRequest } from './plan-protocol.ts';

const port = parentPort;
if (!port) throw new Error('plan-worker.ts runs as a worker thread');
const reply = (message: PlanWorkerReply) => port.postMessage(message);

port.on('message', (request: PlanWorkerRequest) => {
  try {
    reply({ type: 'done', ...screenPlan(request.job) });
  } catch (error) {
    reply({ type: 'failed', message: error instanceof Error ? error.message : String(error), rangeError: error instanceof RangeError });
  }
});
reply({ type: 'ready' });
