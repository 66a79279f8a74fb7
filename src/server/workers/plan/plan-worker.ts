/**
 * A track worker (issue 28): screens an avoidance plan (screening/plan-screening.ts) or an
 * operator ephemeris (screening/ephemeris-screening.ts) against its share of the catalogue, off the
 * server's event loop; plan-runner.ts starts one per core and merges their shares.
 */
import { parentPort } from 'node:worker_threads';
import { screenEphemerisJob } from '../../screening/ephemeris-screening.ts';
import { planSubjects, screenPlanShare } from '../../screening/plan-screening.ts';
import type { PlanWorkerReply, PlanWorkerRequest } from './plan-protocol.ts';
import { threadCpuMs } from './thread-cpu.ts';

const port = parentPort;
if (!port) throw new Error('plan-worker.ts runs as a worker thread');
const reply = (message: PlanWorkerReply) => port.postMessage(message);

const cpuSince = (from: number | null) => {
  const now = threadCpuMs();
  return from === null || now === null ? null : now - from;
};

port.on('message', (request: PlanWorkerRequest) => {
  try {
    const cpu0 = threadCpuMs();
    const t0 = performance.now();
    if (request.type === 'plan') {
      const prepared = planSubjects(request.job.catalogue);
      const t1 = performance.now();
      const share = screenPlanShare(request.job, prepared);
      reply({ type: 'plan-share', share, ms: { initMs: t1 - t0, screenMs: performance.now() - t1, cpuMs: cpuSince(cpu0) } });
    } else {
      const outcome = screenEphemerisJob(request.job);
      reply({ type: 'ephemeris-share', outcome, ms: { initMs: null, screenMs: performance.now() - t0, cpuMs: cpuSince(cpu0) } });
    }
  } catch (error) {
    reply({ type: 'failed', message: error instanceof Error ? error.message : String(error), rangeError: error instanceof RangeError });
  }
});
reply({ type: 'ready' });
