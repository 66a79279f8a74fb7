/**
 * One propagation worker: holds a shard of the catalogue as satellite.js satrecs
 * and propagates it with satellite.js's WASM BulkPropagator (Vallado's C++ SGP4
 * compiled to WebAssembly), one thread per worker.
 */
import { parentPort } from 'node:worker_threads';
import { BulkPropagator, EciBaseCalculator, createSingleThreadRuntime, twoline2satrec, type SatRec } from 'satellite.js';
import type { WorkerReply, WorkerRequest } from './propagation-protocol.ts';

if (!parentPort) throw new Error('propagation-worker must run in a worker thread');
const port = parentPort;

const runtime = await createSingleThreadRuntime();
let satrecs: SatRec[] = [];

/** Dates per BulkPropagator run: bounds the output buffer (satellites × dates × 56 bytes). */
const MAX_CELLS_PER_RUN = 2_000_000;

function span(request: Extract<WorkerRequest, { type: 'span' }>): WorkerReply {
  const started = performance.now();
  const datesPerRun = Math.max(1, Math.min(request.steps, Math.floor(MAX_CELLS_PER_RUN / Math.max(1, satrecs.length))));
  const propagator = new BulkPropagator({ runtime, calculators: [new EciBaseCalculator()], satRecsCount: satrecs.length, datesCount: datesPerRun });
  let propagations = 0;
  let errors = 0;
  let checksum = 0;
  try {
    propagator.setSatRecs(satrecs);
    for (let first = 0; first < request.steps; first += datesPerRun) {
      const count = Math.min(datesPerRun, request.steps - first);
      const dates = Array.from({ length: count }, (_, k) => new Date(request.startMs + (first + k) * request.stepMs));
      propagator.setDates(dates);
      propagator.run();
      const { position, error } = propagator.getRawOutput().eci;
      for (let i = 0; i < satrecs.length * count; i++) {
        if (error[i] === 0) checksum += position[3 * i] ?? 0;
        else errors++;
      }
      propagations += satrecs.length * count;
    }
  } finally {
    propagator.dispose();
  }
  return { type: 'span', propagations, errors, checksum, ms: performance.now() - started };
}

port.on('message', (request: WorkerRequest) => {
  try {
    if (request.type === 'load') {
      satrecs = request.tles.map(([line1, line2]) => twoline2satrec(line1, line2));
      port.postMessage({ type: 'loaded', count: satrecs.length } satisfies WorkerReply);
    } else {
      port.postMessage(span(request));
    }
  } catch (error) {
    port.postMessage({ type: 'error', message: (error as Error).message } satisfies WorkerReply);
  }
});
port.postMessage({ type: 'ready' } satisfies WorkerReply);
