/**
 * A pool of screening workers (worker_threads, one per core by default) that runs screening
 * jobs shard by shard: the job is split into shards (core/screening/job.ts), each worker takes
 * its own shards first and then helps with the others, and the shard results are merged. The
 * workers keep the catalogue version and the SGP4 models they initialised, so a second job on
 * the same version skips that work.
 *
 * Progress: `onProgress` receives the stage ('tle', 'orbits', 'detect' while the workers run)
 * and the share done, averaged over shards. Cancellation: aborting the signal sets a flag in
 * shared memory that every worker polls between objects and pairs; the job then rejects with
 * the signal's reason (an AbortError by default).
 */
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import type { ObjectType } from '../../../core/catalog/index.ts';
import type { ElementSet } from '../../../core/elements/index.ts';
import {
  mergeShardResults,
  splitJob,
  type CloseApproach,
  type RiskAssessment,
  type ScreeningJob,
  type ScreeningResult,
  type ScreeningShard,
  type ShardResult,
} from '../../../core/screening/index.ts';
import { startWorker } from '../worker-thread.ts';
import { packCatalog } from './catalog-columns.ts';
import type { ScreeningWorkerReply, ScreeningWorkerRequest, ShardStage, WarmUpRequest } from './screening-protocol.ts';

const ENTRY = new URL('./screening-worker.ts', import.meta.url);

export interface PoolProgress {
  readonly stage: ShardStage;
  /** Share of this stage done over all shards, 0…1. */
  readonly fraction: number;
  readonly shardsDone: number;
  readonly shards: number;
}

export interface PoolRunOptions {
  readonly onProgress?: (progress: PoolProgress) => void;
  readonly signal?: AbortSignal;
  /** Shards per worker (default 4: enough to balance uneven NORAD ranges; 2 time slices for a catalogue-wide job). */
  readonly shardsPerWorker?: number;
  /** Also split the window into this many slices (default 1). */
  readonly timeSlices?: number;
  /** Each shard's own progress (which worker thread, stage, share) and its result when done. */
  readonly onShard?: (event: ShardEvent) => void;
  /**
   * false: the merged result holds no approaches (its stats and skipped objects only); `onShard`
   * has each shard's as it comes and keeps what it needs (a catalogue-wide run packs them,
   * issue 30 item 8). Default true.
   */
  readonly keepApproaches?: boolean;
  /**
   * Workers that run the job's shards (default: all of them), the others staying idle. A
   * catalogue-wide geometry holds the SGP4 state of every object in each worker that runs it
   * (some 500 MB for 50,000 objects): one worker bounds a run's memory at the cost of time.
   */
  readonly workers?: number;
}

export interface ShardEvent {
  readonly shard: ScreeningShard;
  /** The worker thread, 0 … size − 1. */
  readonly worker: number;
  readonly stage: ShardStage;
  readonly fraction: number;
  /** With `keepApproaches: false`, a catalogue-wide shard's approaches come packed (`packed`), not in `result`. */
  readonly done?: { readonly result: ShardResult; readonly ms: Record<ShardStage, number>; readonly packed?: Float64Array };
}

export interface PoolRunTimings {
  /** Per stage, the longest time any shard spent in it, ms. */
  readonly stageMs: Record<ShardStage, number>;
  readonly wallMs: number;
}

export interface ScreeningPoolOptions {
  /**
   * Each worker, once started, screens a sample of this file over this window
   * (screening-worker.ts `warmUp`), so that V8 has compiled the screener by the time the catalogue
   * comes. For a caller that starts the pool and then spends a few hundred ms reading and parsing
   * that file, with a core to spare (`ssa screen`); a caller whose catalogue is at hand gains nothing.
   */
  readonly warmUp?: WarmUpRequest;
}

export type WarmUpReport = Extract<ScreeningWorkerReply, { type: 'warmed-up' }>;

interface Slot {
  worker: Worker;
  /** Replaced on purpose (recycle): its exit is no failure. */
  retired?: boolean;
  ready: Promise<unknown>;
  onReply?: (reply: ScreeningWorkerReply) => void;
  onFailure?: (error: Error) => void;
}

export class ScreeningPool {
  private readonly slots: Slot[];
  private version: string | undefined;
  private norads: number[] = [];
  private queue: Promise<unknown> = Promise.resolve();
  private closing = false;
  /** Workers running a shard of runShard, and the callers waiting for one. */
  private readonly busy = new Set<number>();
  private readonly waiting: (() => void)[] = [];
  private readonly warmUpReports: WarmUpReport[] = [];

  constructor(
    readonly size = availableParallelism(),
    private readonly options: ScreeningPoolOptions = {},
  ) {
    this.slots = Array.from({ length: size }, (_, i) => this.spawn(i));
  }

  /**
   * Starts worker `index`. A worker that dies (an uncaught error, out of memory) fails the job it
   * was running and is replaced; the new one holds no catalogue, so the next loadCatalog reloads.
   */
  private spawn(index: number): Slot {
    const slot = { worker: startWorker(ENTRY, this.options.warmUp ? { warmUp: this.options.warmUp } : {}) } as Slot;
    slot.worker.on('message', (reply: ScreeningWorkerReply) => {
      if (reply.type === 'warmed-up') this.warmUpReports.push(reply);
      else slot.onReply?.(reply);
    });
    slot.worker.on('error', (error: Error) => slot.onFailure?.(error));
    slot.worker.on('exit', (code) => {
      if (this.closing || slot.retired) return;
      slot.onFailure?.(new Error(`screening worker exited with code ${code}`));
      this.version = undefined;
      this.slots[index] = this.spawn(index);
    });
    slot.ready = this.await(slot, 'ready');
    return slot;
  }

  private get ready(): Promise<unknown> {
    return Promise.all(this.slots.map((slot) => slot.ready));
  }

  private await<T extends ScreeningWorkerReply['type']>(slot: Slot, type: T, request?: ScreeningWorkerRequest): Promise<Extract<ScreeningWorkerReply, { type: T }>> {
    return new Promise((resolve, reject) => {
      slot.onReply = (reply) => {
        if (reply.type === type) resolve(reply as Extract<ScreeningWorkerReply, { type: T }>);
        else if (reply.type === 'error') reject(new Error(`screening worker: ${reply.message}`));
      };
      slot.onFailure = reject;
      if (request) slot.worker.postMessage(request);
    });
  }

  /** The workers' warm-up reports so far, in the order they came (ScreeningPoolOptions.warmUp). */
  get warmUps(): readonly WarmUpReport[] {
    return this.warmUpReports;
  }

  /** The catalogue version the workers hold, if any. */
  get catalogVersion(): string | undefined {
    return this.version;
  }

  /** Loads a catalogue version (one element set per NORAD id) into every worker; a no-op if they hold it already. */
  async loadCatalog(version: string, sets: readonly ElementSet[]): Promise<void> {
    await this.ready;
    if (this.version === version) return;
    this.version = undefined;
    const columns = packCatalog(sets);
    await Promise.all(this.slots.map((slot) => this.await(slot, 'catalog-loaded', { type: 'catalog', version, columns })));
    this.version = version;
    this.norads = sets.map((s) => s.norad);
  }

  /**
   * Replaces every worker by a fresh one, which holds no catalogue (the next loadCatalog reloads):
   * what the old ones held goes back to the system with their threads. A catalogue-wide geometry
   * leaves some 500 MB in each worker for 50,000 objects (the SGP4 models, the tracks, and the WASM
   * sampler's memory, which WebAssembly never gives back), none of which its risk step needs
   * (issue 30, item 8). Only between jobs: call it in turn (ScreeningService.exclusive).
   */
  async recycle(): Promise<void> {
    await this.ready;
    const old = [...this.slots];
    for (const [index, slot] of old.entries()) {
      slot.retired = true;
      this.slots[index] = this.spawn(index);
    }
    this.version = undefined;
    await Promise.all(old.map((slot) => slot.worker.terminate()));
    await this.ready;
  }

  /** Screens a job on the loaded catalogue version (jobs run one after another). */
  screen(job: ScreeningJob, options: PoolRunOptions = {}): Promise<{ result: ScreeningResult; timings: PoolRunTimings }> {
    const run = this.queue.then(() => this.run(job, options));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async run(job: ScreeningJob, options: PoolRunOptions): Promise<{ result: ScreeningResult; timings: PoolRunTimings }> {
    await this.ready;
    const started = performance.now();
    if (job.catalog.version !== this.version) throw new Error(`the pool holds catalogue '${this.version ?? 'none'}', the job needs '${job.catalog.version}'`);
    options.signal?.throwIfAborted();
    // A catalogue-wide shard is a time slice that rebuilds every object's track: fewer, longer ones.
    const perWorker = options.shardsPerWorker ?? (job.scope === 'all' ? 2 : 4);
    const shards = splitJob(job, this.norads, this.size * perWorker, options.timeSlices ?? 1);
    const cancel = new Int32Array(new SharedArrayBuffer(4));
    const onAbort = () => Atomics.store(cancel, 0, 1);
    options.signal?.addEventListener('abort', onAbort);

    // Each worker's own shards first (same NORAD ranges every job: its SGP4 models are warm), then the others.
    const own = this.slots.map((_, w) => shards.filter((s) => s.index % this.size === w));
    const take = (w: number) => own[w]!.shift() ?? own.reduce((a, b) => (b.length > a.length ? b : a)).pop();
    const stageFraction = new Map<number, { stage: ShardStage; fraction: number }>();
    const results: ShardResult[] = [];
    const stageMs: Record<ShardStage, number> = { tle: 0, orbits: 0, detect: 0 };
    let cancelled = false;
    const report = () => {
      const order: ShardStage[] = ['tle', 'orbits', 'detect'];
      const stage = order.reduce((a, s) => ([...stageFraction.values()].some((f) => f.stage === s) ? s : a), 'tle' as ShardStage);
      const rank = order.indexOf(stage);
      let sum = 0;
      for (const shard of shards) {
        const f = stageFraction.get(shard.index);
        const r = f ? order.indexOf(f.stage) : -1;
        sum += r > rank ? 1 : r === rank ? f!.fraction : 0;
      }
      options.onProgress?.({ stage, fraction: sum / shards.length, shardsDone: results.length, shards: shards.length });
    };

    const drive = async (w: number): Promise<void> => {
      const slot = this.slots[w]!;
      for (let shard = take(w); shard; shard = take(w)) {
        if (cancelled) return;
        options.onShard?.({ shard, worker: w, stage: 'tle', fraction: 0 });
        const done = await this.shardOn(slot, shard, cancel, options.keepApproaches === false, (stage, fraction) => {
          stageFraction.set(shard.index, { stage, fraction });
          options.onShard?.({ shard, worker: w, stage, fraction });
          report();
        });
        if (done.type === 'shard-done') options.onShard?.({ shard, worker: w, stage: 'detect', fraction: 1, done: { result: done.result, ms: done.ms, ...(done.packed ? { packed: done.packed } : {}) } });
        if (done.type === 'cancelled') {
          cancelled = true;
          return;
        }
        if (done.type !== 'shard-done') throw new Error(`screening worker answered ${done.type}`);
        results.push(options.keepApproaches === false ? { ...done.result, approaches: [] } : done.result);
        for (const stage of ['tle', 'orbits', 'detect'] as const) stageMs[stage] = Math.max(stageMs[stage], done.ms[stage]);
        stageFraction.set(shard.index, { stage: 'detect', fraction: 1 });
        report();
      }
    };
    const driving = Math.max(1, Math.min(this.size, options.workers ?? this.size));
    try {
      await Promise.all(this.slots.slice(0, driving).map((_, w) => drive(w)));
    } catch (error) {
      Atomics.store(cancel, 0, 1);
      throw error;
    } finally {
      options.signal?.removeEventListener('abort', onAbort);
    }
    if (cancelled || options.signal?.aborted) throw options.signal?.reason ?? new DOMException('screening cancelled', 'AbortError');
    return { result: mergeShardResults(job, shards.length, results), timings: { stageMs, wallMs: performance.now() - started } };
  }

  /** Sends one shard to a worker; resolves with its last reply (done or cancelled). */
  private shardOn(slot: Slot, shard: ScreeningShard, cancel: Int32Array, pack: boolean, onProgress: (stage: ShardStage, fraction: number) => void): Promise<ScreeningWorkerReply> {
    return new Promise<ScreeningWorkerReply>((resolve, reject) => {
      slot.onReply = (reply) => {
        if (reply.type === 'progress') onProgress(reply.stage, reply.fraction);
        else if (reply.type === 'error') reject(new Error(`screening worker: ${reply.message}`));
        else resolve(reply);
      };
      slot.onFailure = reject;
      slot.worker.postMessage({ type: 'shard', shard, cancel, ...(pack ? { pack } : {}) } satisfies ScreeningWorkerRequest);
    });
  }

  /**
   * Runs one shard (of a job from elsewhere: the job queue) on the first free worker, on the
   * loaded catalogue version. Shards run in parallel up to the pool's size; more wait for a
   * worker. Rejects with the signal's reason when aborted.
   */
  async runShard(shard: ScreeningShard, options: { onProgress?: (stage: ShardStage, fraction: number) => void; signal?: AbortSignal } = {}): Promise<{ result: ShardResult; ms: Record<ShardStage, number> }> {
    await this.ready;
    let w = this.slots.findIndex((_, i) => !this.busy.has(i));
    while (w < 0) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
      w = this.slots.findIndex((_, i) => !this.busy.has(i));
    }
    this.busy.add(w);
    const cancel = new Int32Array(new SharedArrayBuffer(4));
    const onAbort = () => Atomics.store(cancel, 0, 1);
    options.signal?.addEventListener('abort', onAbort);
    try {
      options.signal?.throwIfAborted();
      if (shard.job.catalog.version !== this.version) throw new Error(`the pool holds catalogue '${this.version ?? 'none'}', the shard needs '${shard.job.catalog.version}'`);
      const done = await this.shardOn(this.slots[w]!, shard, cancel, false, options.onProgress ?? (() => {}));
      if (done.type === 'cancelled') throw options.signal?.reason ?? new DOMException('screening cancelled', 'AbortError');
      if (done.type !== 'shard-done') throw new Error(`screening worker answered ${done.type}`);
      return { result: done.result, ms: done.ms };
    } finally {
      options.signal?.removeEventListener('abort', onAbort);
      this.busy.delete(w);
      this.waiting.shift()?.();
    }
  }

  /** Shards running through runShard. */
  get activeShards(): number {
    return this.busy.size;
  }

  /**
   * The risk step for close approaches on the loaded catalogue, in parallel: chunks of up to 32 go
   * to whichever worker is free, at least four chunks per worker so that a few dozen approaches (a
   * 3D-Nc Pc costs milliseconds each) still spread evenly; the result is in the order of `approaches`.
   */
  async assessRisks(
    approaches: readonly CloseApproach[],
    options: { signal?: AbortSignal; onProgress?: (done: number) => void; objectTypes?: Record<number, ObjectType> } = {},
  ): Promise<RiskAssessment[]> {
    await this.ready;
    const version = this.version;
    if (!version) throw new Error('no catalogue loaded');
    const CHUNK = Math.max(1, Math.min(32, Math.ceil(approaches.length / (4 * this.size))));
    const out: RiskAssessment[] = new Array(approaches.length);
    let next = 0;
    let done = 0;
    await Promise.all(
      this.slots.map(async (slot) => {
        while (next < approaches.length) {
          options.signal?.throwIfAborted();
          const first = next;
          next += CHUNK;
          const chunk = approaches.slice(first, first + CHUNK);
          const reply = await this.await(slot, 'risk-done', { type: 'risk', version, approaches: chunk, objectTypes: options.objectTypes ?? {} });
          reply.risks.forEach((risk, i) => (out[first + i] = risk));
          done += chunk.length;
          options.onProgress?.(done);
        }
      }),
    );
    return out;
  }

  /**
   * The brute-force reference over the loaded catalogue (recall test): NORAD ranges split over
   * the workers, each sampling with the WASM BulkPropagator.
   */
  async bruteForce(primaries: number[], start: string, end: string, thresholdKm: number, stepMs: number): Promise<{ approaches: CloseApproach[]; sgp4Calls: number; propagations: number; workerMs: number[] }> {
    await this.ready;
    if (!this.version) throw new Error('no catalogue loaded');
    const ids = [...this.norads].sort((a, b) => a - b);
    const parts = this.slots.map((_, w) => ({ from: w === 0 ? 0 : ids[Math.floor((w * ids.length) / this.size)]!, to: w === this.size - 1 ? Number.MAX_SAFE_INTEGER : ids[Math.floor(((w + 1) * ids.length) / this.size)]! - 1 }));
    const version = this.version;
    const replies = await Promise.all(
      this.slots.map((slot, w) => this.await(slot, 'brute-force-done', { type: 'brute-force', version, primaries, secondaries: parts[w]!, start, end, thresholdKm, stepMs })),
    );
    const approaches = replies.flatMap((r) => r.approaches).sort((x, y) => x.tca - y.tca || x.primary - y.primary || x.secondary - y.secondary);
    return { approaches, sgp4Calls: replies.reduce((s, r) => s + r.sgp4Calls, 0), propagations: replies.reduce((s, r) => s + r.propagations, 0), workerMs: replies.map((r) => r.ms) };
  }

  async close(): Promise<void> {
    this.closing = true;
    for (const slot of this.slots) slot.onFailure = undefined;
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
  }
}
