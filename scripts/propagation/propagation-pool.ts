import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { WorkerReply, WorkerRequest } from './propagation-protocol.ts';

// Workers run the TypeScript sources through tsx's loader, as the main process does.
const BOOTSTRAP = new URL('../../src/server/workers/tsx-bootstrap.mjs', import.meta.url);
const ENTRY = new URL('./propagation-worker.ts', import.meta.url).href;

export interface SpanResult {
  propagations: number;
  errors: number;
  /** Sum of x over successful propagations: a cheap check that shards did the same work. */
  checksum: number;
  /** Wall-clock time of the whole span. */
  ms: number;
  /** Busy time per worker. */
  workerMs: number[];
}

/**
 * A pool of propagation workers, one per core by default. The catalogue is split
 * into equal shards, one per worker; a span propagates every shard in parallel.
 */
export class PropagationPool {
  private readonly workers: Worker[];
  private readonly ready: Promise<void>;

  constructor(readonly size = availableParallelism()) {
    this.workers = Array.from(
      { length: size },
      () => new Worker(BOOTSTRAP, { workerData: { entry: ENTRY } }),
    );
    this.ready = Promise.all(this.workers.map((w) => this.next(w, 'ready'))).then(() => undefined);
  }

  private next<T extends WorkerReply['type']>(worker: Worker, type: T): Promise<Extract<WorkerReply, { type: T }>> {
    return new Promise((resolve, reject) => {
      const onMessage = (reply: WorkerReply) => {
        worker.off('error', onError);
        if (reply.type === 'error') reject(new Error(`propagation worker: ${reply.message}`));
        else if (reply.type === type) resolve(reply as Extract<WorkerReply, { type: T }>);
        else reject(new Error(`propagation worker answered ${reply.type}, expected ${type}`));
      };
      const onError = (error: Error) => {
        worker.off('message', onMessage);
        reject(error);
      };
      worker.once('message', onMessage);
      worker.once('error', onError);
    });
  }

  private async ask<T extends WorkerReply['type']>(worker: Worker, request: WorkerRequest, type: T) {
    const reply = this.next(worker, type);
    worker.postMessage(request);
    return reply;
  }

  /** Splits the TLEs into one shard per worker. */
  async load(tles: [string, string][]): Promise<void> {
    await this.ready;
    const per = Math.ceil(tles.length / this.size);
    await Promise.all(this.workers.map((w, i) => this.ask(w, { type: 'load', tles: tles.slice(i * per, (i + 1) * per) }, 'loaded')));
  }

  async span(startMs: number, stepMs: number, steps: number): Promise<SpanResult> {
    const started = performance.now();
    const replies = await Promise.all(this.workers.map((w) => this.ask(w, { type: 'span', startMs, stepMs, steps }, 'span')));
    return {
      propagations: replies.reduce((s, r) => s + r.propagations, 0),
      errors: replies.reduce((s, r) => s + r.errors, 0),
      checksum: replies.reduce((s, r) => s + r.checksum, 0),
      ms: performance.now() - started,
      workerMs: replies.map((r) => r.ms),
    };
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
