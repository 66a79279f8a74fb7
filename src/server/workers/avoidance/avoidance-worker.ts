/**
 * An avoidance worker: the trade space of one conjunction (core avoidance tradeSpace), off the
 * server's event loop (seconds of arithmetic for a 60 × 40 grid).
 */
import { parentPort } from 'node:worker_threads';
import { avoidanceModel, tradeSpace } from '../../../core/avoidance/index.ts';
import type { AvoidanceWorkerReply, AvoidanceWorkerRequest } from './avoidance-protocol.ts';

const port = parentPort;
if (!port) throw new Error('avoidance-worker.ts runs as a worker thread');
const reply = (message: AvoidanceWorkerReply) => port.postMessage(message);

port.on('message', (request: AvoidanceWorkerRequest) => {
  try {
    const { job } = request;
    const model = avoidanceModel(job.encounter, { maxLeadS: job.maxLeadS });
    reply({ type: 'done', space: tradeSpace(model, { leadTimesS: job.leadTimesS, dvMagnitudesMps: job.dvMagnitudesMps, direction: job.direction, targets: job.targets }) });
  } catch (error) {
    reply({ type: 'failed', message: error instanceof Error ? error.message : String(error), rangeError: error instanceof RangeError });
  }
});
reply({ type: 'ready' });
