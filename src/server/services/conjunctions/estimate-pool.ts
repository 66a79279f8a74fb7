/**
 * CDM estimates on worker threads (estimate-worker.ts, one per core), started on first use and
 * kept for the next import: an import of many messages computes their Pc in parallel while the
 * import service writes them one by one. With `size` 0 (or where workers cannot start) the
 * estimates are computed in this thread.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Cdm } from '../../../core/cdm/cdm.ts';
import { estimateFromCdm, type MessageEstimate } from '../../../core/cdm/message-estimate.ts';
import type { EstimateWorkerReply, EstimateWorkerRequest } from '../../workers/estimate-protocol.ts';

const BOOTSTRAP = new URL('../../workers/tsx-bootstrap.mjs', import.meta.url);
const ENTRY = new URL('../../workers/estimate-worker.ts', import.meta.url).href;

interface Pending {
  resolve: (estimate: MessageEstimate) => void;
  reject: (error: Error) => void;
  request: EstimateWorkerRequest;
}

export class EstimatePool {
  private workers: Worker[] | undefined;
  private readonly pending = new Map<number, Pending>();
  private readonly queue: number[] = [];
  private readonly idle: Worker[] = [];
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
    this.start();
    const id = this.nextId++;
    return new Promise<MessageEstimate>((resolve, reject) => {
      this.pending.set(id, { resolve, reject, request: { type: 'estimate', id, cdm, defaultHbrM } });
      this.queue.push(id);
      this.dispatch();
    });
  }

  private start(): void {
    if (this.workers) return;
    this.workers = Array.from({ length: this.size }, () => this.spawn());
  }

  private spawn(): Worker {
    const worker = new Worker(BOOTSTRAP, { workerData: { entry: ENTRY } });
    let current: number | undefined;
    const take = () => {
      const id = this.queue.shift();
      if (id === undefined) {
        // An idle worker does not keep the process alive; a busy one does (a CLI import waits for it).
        worker.unref();
        this.idle.push(worker);
        return;
      }
      current = id;
      worker.ref();
      worker.postMessage(this.pending.get(id)!.request);
    };
    (worker as Worker & { take?: () => void }).take = take;
    worker.on('message', (reply: EstimateWorkerReply) => {
      if (reply.type === 'ready') return take();
      const p = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      current = undefined;
      if (p) {
        if (reply.type === 'estimate') p.resolve(reply.estimate);
        else p.reject(reply.rangeError ? new RangeError(reply.message) : new Error(reply.message));
      }
      take();
    });
    const fail = (error: Error) => {
      if (current !== undefined) {
        this.pending.get(current)?.reject(error);
        this.pending.delete(current);
      }
      const index = this.workers?.indexOf(worker) ?? -1;
      if (index >= 0 && this.workers) this.workers[index] = this.spawn();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (this.workers && code !== 0) fail(new Error(`CDM estimate worker exited with code ${code}`));
    });
    return worker;
  }

  private dispatch(): void {
    while (this.queue.length > 0 && this.idle.length > 0) {
      const worker = this.idle.shift()! as Worker & { take?: () => void };
      worker.take?.();
    }
  }

  async close(): Promise<void> {
    const workers = this.workers;
    this.workers = undefined;
    this.idle.length = 0;
    for (const p of this.pending.values()) p.reject(new Error('CDM estimate pool closed'));
    this.pending.clear();
    await Promise.all((workers ?? []).map((w) => w.terminate()));
  }
}
