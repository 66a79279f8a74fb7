/**
 * A CDM estimate worker: the product's Pc (core cdm/message-estimate.ts: the 2D Pc, its usage
 * violations, Hall's 3D-Nc where flagged, and the Monte Carlo where 3D-Nc fails its own tests, with
 * the automatic budget: core probability AUTOMATIC_MONTE_CARLO) of each message it is sent. Estimates are pure CPU
 * work independent of each other, so an import of many messages spreads them over the cores.
 */
import { parentPort } from 'node:worker_threads';
import { estimateFromCdm } from '../../../core/cdm/index.ts';
import { AUTOMATIC_MONTE_CARLO } from '../../../core/probability/index.ts';
import type { EstimateWorkerReply, EstimateWorkerRequest } from './estimate-protocol.ts';

const port = parentPort;
if (!port) throw new Error('estimate-worker.ts runs as a worker thread');
const reply = (message: EstimateWorkerReply) => port.postMessage(message);

port.on('message', (request: EstimateWorkerRequest) => {
  try {
    reply({ type: 'estimate', id: request.id, estimate: estimateFromCdm(request.cdm, { defaultHbrM: request.defaultHbrM, pc: AUTOMATIC_MONTE_CARLO }) });
  } catch (error) {
    reply({ type: 'estimate-failed', id: request.id, message: error instanceof Error ? error.message : String(error), rangeError: error instanceof RangeError });
  }
});
reply({ type: 'ready' });
