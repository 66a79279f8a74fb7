/**
 * CDM estimates on worker threads (estimate-worker.ts, one per core), started on first use and
 * kept for the next import: an import of many messages computes their Pc in parallel while the
 * import service writes them one by one. With `size` 0 (or where workers cannot start) the
 * estimates are computed in this thread.
 */
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { estimateFromCdm, type Cdm, type MessageEstimate } from '../../../core/cdm/index.ts';
import { startWorker } from '../worker-thread.ts';
import type { EstimateWorkerReply, EstimateWorkerRequest } from './estimate-protocol.ts';

const ENTRY = new URL('./estimate-worker.ts', import.meta.url);

interface Pending {
  resolve: (estimate: MessageEstimate) => void;
  reject: (error: Error) => void;
  request: EstimateWorkerRequest;
}

interface Slot {
  readonly worker: Worker;
  ready: boolean;
  /** Requests sent to this worker and not yet answered. */
  readonly inflight: Set<number>;
}

/**
 * Requests each worker holds at once. More than one, so a worker never waits for the main thread
 * to hand it the next message: during an import that thread is busy writing (PGlite runs
 * synchronously in it), and a worker fed one message at a time idled for much of each write.
 */
const DEPTH = 4;

export class EstimatePool {
  private slots: Slot[] | undefined;
  private readonly pending = new Map<number, Pending>();
  private readonly queue: number[] = [];
  private nextId = 1;

  constructor(private readonly size: number = Math.max(1, availableParallelism())) {}

  /** The estimate of one message; RangeError where its numbers cannot be used (as estimateFromCdm). */
  estimate(cdm: Cdm, defaultHbrM: number): Promise<MessageEstimate> {
    if (this.size === 0) {
      try {
        return Promise.resolve(estimateFromCdm(cdm, { defaultHbrM }));
      } catch (error) {
        return Promise.reject(error as Error);
      }
    }
    this.slots ??= Array.from({ length: this.size }, () => this.spawn());
    const id = this.nextId++;
    return new Promise<MessageEstimate>((resolve, reject) => {
      this.pending.set(id, { resolve, reject, request: { type: 'estimate', id, cdm, defaultHbrM } });
      this.queue.push(id);
      this.dispatch();
    });
  }

  private spawn(): Slot {
    const worker = startWorker(ENTRY);
    const slot: Slot = { worker, ready: false, inflight: new Set() };
    worker.on('message', (reply: EstimateWorkerReply) => {
      if (reply.type === 'ready') {
        slot.ready = true;
      } else {
        slot.inflight.delete(reply.id);
        const p = this.pending.get(reply.id);
        this.pending.delete(reply.id);
        if (p) {
          if (reply.type === 'estimate') p.resolve(reply.estimate);
          else p.reject(reply.rangeError ? new RangeError(reply.message) : new Error(reply.message));
        }
      }
      this.dispatch();
      // An idle worker does not keep the process alive; a busy one does (a CLI import waits for it).
      if (slot.inflight.size === 0) worker.unref();
    });
    const fail = (error: Error) => {
      for (const id of slot.inflight) {
        this.pending.get(id)?.reject(error);
        this.pending.delete(id);
      }
      slot.inflight.clear();
      const index = this.slots?.indexOf(slot) ?? -1;
      if (index >= 0 && this.slots) this.slots[index] = this.spawn();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (this.slots && code !== 0) fail(new Error(`CDM estimate worker exited with code ${code}`));
    });
    return slot;
  }

  /** Hands queued requests to the least-loaded ready workers, up to DEPTH each. */
  private dispatch(): void {
    while (this.queue.length > 0 && this.slots) {
      let best: Slot | undefined;
      for (const slot of this.slots) if (slot.ready && slot.inflight.size < DEPTH && (!best || slot.inflight.size < best.inflight.size)) best = slot;
      if (!best) return;
      const id = this.queue.shift()!;
      const p = this.pending.get(id);
      if (!p) continue;
      best.inflight.add(id);
      best.worker.ref();
      best.worker.postMessage(p.request);
    }
  }

  async close(): Promise<void> {
    const slots = this.slots;
    this.slots = undefined;
    this.queue.length = 0;
    for (const p of this.pending.values()) p.reject(new Error('CDM estimate pool closed'));
    this.pending.clear();
    await Promise.all((slots ?? []).map((s) => s.worker.terminate()));
  }
}
