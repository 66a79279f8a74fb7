/**
 * The trade space of one conjunction on a worker thread of its own (avoidance-worker.ts), started
 * with the job and ended with it; an abort terminates it. RangeError where the core refuses the
 * encounter (no closed orbit, no encounter plane), Error where the worker failed otherwise.
 */
import type { TradeSpace } from '../../../core/avoidance/index.ts';
import { startWorker } from '../worker-thread.ts';
import type { AvoidanceWorkerReply, TradeSpaceJob } from './avoidance-protocol.ts';

const ENTRY = new URL('./avoidance-worker.ts', import.meta.url);

export function runTradeSpace(job: TradeSpaceJob, signal?: AbortSignal): Promise<TradeSpace> {
  signal?.throwIfAborted();
  const worker = startWorker(ENTRY);
  return new Promise<TradeSpace>((resolve, reject) => {
    let settled = false;
    const finish = (error: Error | null, space?: TradeSpace) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      void worker.terminate();
      if (error) reject(error);
      else resolve(space!);
    };
    const onAbort = () => finish(signal?.reason instanceof Error ? signal.reason : new Error('trade space aborted'));
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (reply: AvoidanceWorkerReply) => {
      if (reply.type === 'ready') worker.postMessage({ type: 'trade', job });
      else if (reply.type === 'done') finish(null, reply.space);
      else finish(reply.rangeError ? new RangeError(reply.message) : new Error(reply.message));
    });
    worker.on('error', (error) => finish(error));
    worker.on('exit', (code) => finish(new Error(`the avoidance worker stopped with exit code ${code}`)));
  });
}
