/**
 * One plan's screening on a worker thread of its own (plan-worker.ts), started with the job and
 * ended with it; an abort terminates it.
 */
import { startWorker } from '../worker-thread.ts';
import type { PlanJob, PlanWorkerReply } from './plan-protocol.ts';

const ENTRY = new URL('./plan-worker.ts', import.meta.url);

export type PlanOutcome = Extract<PlanWorkerReply, { type: 'done' }>;

export function runPlanScreening(job: PlanJob, signal?: AbortSignal): Promise<PlanOutcome> {
  signal?.throwIfAborted();
  const worker = startWorker(ENTRY);
  return new Promise<PlanOutcome>((resolve, reject) => {
    let settled = false;
    const finish = (error: Error | null, outcome?: PlanOutcome) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      void worker.terminate();
      if (error) reject(error);
      else resolve(outcome!);
    };
    const onAbort = () => finish(signal?.reason instanceof Error ? signal.reason : new Error('plan screening aborted'));
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (reply: PlanWorkerReply) => {
      if (reply.type === 'ready') worker.postMessage({ type: 'plan', job });
      else if (reply.type === 'done') finish(null, reply);
      else finish(reply.rangeError ? new RangeError(reply.message) : new Error(reply.message));
    });
    worker.on('error', (error) => finish(error));
    worker.on('exit', (code) => finish(new Error(`the plan worker stopped with exit code ${code}`)));
  });
}
