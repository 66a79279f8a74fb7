/**
 * A track worker (issue 28): screens an avoidance plan (screening/plan-screening.ts) or an
 * operator ephemeris (screening/ephemeris-screening.ts) against its share of the catalogue, off the
 * server's event loop; plan-runner.ts keeps one per core (TrackPool) and merges their shares.
 *
 * The worker keeps its share of the last catalogue version it was sent (its element sets, object
 * types and names) and, once a job has needed them, the share's SGP4 models: a job on the same
 * version comes without the share and starts no SGP4.
 */
import { parentPort } from 'node:worker_threads';
import type { ObjectType } from '../../../core/catalog/index.ts';
import { screenEphemerisJob } from '../../screening/ephemeris-screening.ts';
import { planSubjects, screenPlanShare } from '../../screening/plan-screening.ts';
import type { PlanWorkerReply, PlanWorkerRequest, ShareLoad } from './plan-protocol.ts';
import { threadCpuMs } from './thread-cpu.ts';

const port = parentPort;
if (!port) throw new Error('plan-worker.ts runs as a worker thread');
const reply = (message: PlanWorkerReply) => port.postMessage(message);

const cpuSince = (from: number | null) => {
  const now = threadCpuMs();
  return from === null || now === null ? null : now - from;
};

/** The share held: its catalogue version, and its SGP4 models once started. */
let held: { key: string; share: ShareLoad; prepared?: ReturnType<typeof planSubjects> } | undefined;

/** A record whose own entries (the job's: its reference's) come first, then the share's, uncopied. */
function over<V>(share: Readonly<Record<number, V>>, own: Readonly<Record<number, V>>): Record<number, V> {
  return Object.assign(Object.create(share) as Record<number, V>, own);
}

port.on('message', (request: PlanWorkerRequest) => {
  try {
    if (request.load) held = { key: request.key, share: request.load };
    if (!held || held.key !== request.key) throw new Error(`the track worker holds catalogue '${held?.key ?? 'none'}', the job needs '${request.key}'`);
    const state = held;
    const cpu0 = threadCpuMs();
    const t0 = performance.now();
    let initMs = 0;
    const prepare = () => {
      if (!state.prepared) {
        const t = performance.now();
        state.prepared = planSubjects(state.share.catalogue);
        initMs = performance.now() - t;
      }
      return state.prepared;
    };
    const objectTypes = over<ObjectType>(state.share.objectTypes, request.job.objectTypes);
    if (request.type === 'plan') {
      const prepared = prepare();
      const share = screenPlanShare({ ...request.job, catalogue: state.share.catalogue, objectTypes, names: over(state.share.names, request.job.names) }, prepared);
      reply({ type: 'plan-share', id: request.id, share, ms: { initMs, screenMs: performance.now() - t0 - initMs, cpuMs: cpuSince(cpu0) } });
    } else {
      const outcome = screenEphemerisJob({ ...request.job, catalogue: state.share.catalogue, objectTypes }, prepare);
      reply({ type: 'ephemeris-share', id: request.id, outcome, ms: { initMs, screenMs: performance.now() - t0 - initMs, cpuMs: cpuSince(cpu0) } });
    }
  } catch (error) {
    reply({ type: 'failed', id: request.id, message: error instanceof Error ? error.message : String(error), rangeError: error instanceof RangeError });
  }
});
reply({ type: 'ready' });
