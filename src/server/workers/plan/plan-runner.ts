/**
 * An avoidance plan's or an operator ephemeris' screening on track worker threads (plan-worker.ts):
 * the catalogue split into one share per thread (one per core by default), each thread starting
 * SGP4 for its share and screening the track against it, and the shares' results merged here
 * (plan-screening.ts mergePlanShares, ephemeris-screening.ts mergeEphemerisShares) into what one
 * thread would have found.
 *
 * TrackPool keeps its threads between jobs (started on the first, one per core), and each thread
 * keeps its share of the catalogue version it was last sent and that share's SGP4 models, as
 * ScreeningPool (workers/screening/screening-pool.ts) keeps its catalogue versions: a job whose
 * `catalogueKey` is the pool's last one sends only its own fields (reference, burn, window, …) and
 * starts no SGP4; another key (or none) sends the new shares. Jobs run one after another. An
 * abort, or a thread that dies, terminates every thread: the next job starts new ones. A share
 * that fails fails its job once every share has answered (the threads stay in step).
 *
 * runPlanScreening / runEphemerisScreening run on a given pool, or on threads of the job's own.
 */
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import type { ElementSet } from '../../../core/elements/index.ts';
import type { EphemerisScreeningOutcome } from '../../../core/screening/index.ts';
import { mergeEphemerisShares, type EphemerisJob } from '../../screening/ephemeris-screening.ts';
import { mergePlanShares, type PlanScreening } from '../../screening/plan-screening.ts';
import { startWorker } from '../worker-thread.ts';
import type { PlanJob, PlanWorkerReply, PlanWorkerRequest, ShareLoad, ShareTimings } from './plan-protocol.ts';

const ENTRY = new URL('./plan-worker.ts', import.meta.url);

export type PlanOutcome = { type: 'done' } & PlanScreening;
export type EphemerisOutcome = EphemerisScreeningOutcome;

export interface TrackRunOptions {
  /** Worker threads of a job's own (default os.availableParallelism()); never more than the catalogue has NORAD ids, never fewer than one. Not for a pool's job: the pool's size is. */
  readonly threads?: number;
  /** The pool to run on (its threads kept between jobs); without one, the job starts threads of its own and ends them. */
  readonly pool?: TrackPool;
  /** Called as each share is done: its index, its element sets, and its thread's times. */
  readonly onShare?: (share: { readonly index: number; readonly objects: number; readonly ms: ShareTimings }) => void;
}

export async function runPlanScreening(job: PlanJob, signal?: AbortSignal, options: TrackRunOptions = {}): Promise<PlanOutcome> {
  return withPool(options, (pool) => pool.runPlan(job, signal, options.onShare));
}

export async function runEphemerisScreening(job: EphemerisJob, signal?: AbortSignal, options: TrackRunOptions = {}): Promise<EphemerisOutcome> {
  return withPool(options, (pool) => pool.runEphemeris(job, signal, options.onShare));
}

async function withPool<T>(options: TrackRunOptions, run: (pool: TrackPool) => Promise<T>): Promise<T> {
  if (options.pool) return run(options.pool);
  const pool = new TrackPool({ threads: options.threads });
  try {
    return await run(pool);
  } finally {
    await pool.close();
  }
}

type ShareReply = Extract<PlanWorkerReply, { type: 'plan-share' | 'ephemeris-share' }>;

interface Slot {
  readonly worker: Worker;
  readonly ready: Promise<void>;
  /** Its share's element sets, counted. */
  objects: number;
  /** The job in hand: its id, and where its answer goes. */
  pending?: { id: number; settle: (reply: ShareReply | Error) => void };
}

/**
 * Track worker threads kept between jobs (see the file's comment). `threads`: its size (default
 * one per core), started as jobs need them (never more than a catalogue has NORAD ids).
 */
export class TrackPool {
  readonly size: number;
  private slots: Slot[] = [];
  private tail: Promise<unknown> = Promise.resolve();
  private jobs = 0;
  private anonymous = 0;
  /** The catalogue version the threads hold, how many shares it has, and whether with the names (an ephemeris' load has none). */
  private held: { key: string; shares: number; named: boolean } | undefined;
  private loadCount = 0;

  constructor(options: { readonly threads?: number } = {}) {
    this.size = Math.max(1, Math.floor(options.threads ?? availableParallelism()));
  }

  /** The catalogue version the threads hold, if any. */
  get catalogueKey(): string | undefined {
    return this.held?.key;
  }

  /** How many times the pool has sent its threads a catalogue's shares. */
  get loads(): number {
    return this.loadCount;
  }

  /** Threads running. */
  get threads(): number {
    return this.slots.length;
  }

  runPlan(job: PlanJob, signal?: AbortSignal, onShare?: TrackRunOptions['onShare']): Promise<PlanOutcome> {
    const { catalogue, catalogueKey, objectTypes, names, ...rest } = job;
    const own = job.reference.norad;
    return this.enqueue(async () => {
      const replies = await this.run({ catalogue, objectTypes, names }, true, catalogueKey, { type: 'plan', job: { ...rest, objectTypes: pick(objectTypes, own), names: pick(names, own) } }, signal, onShare);
      return { type: 'done' as const, ...mergePlanShares(job, replies.map((r) => (r as Extract<ShareReply, { type: 'plan-share' }>).share)) };
    });
  }

  runEphemeris(job: EphemerisJob, signal?: AbortSignal, onShare?: TrackRunOptions['onShare']): Promise<EphemerisOutcome> {
    const { catalogue, catalogueKey, objectTypes, ...rest } = job;
    return this.enqueue(async () => {
      const replies = await this.run({ catalogue, objectTypes, names: {} }, false, catalogueKey, { type: 'ephemeris', job: { ...rest, objectTypes: pick(objectTypes, job.reference.norad) } }, signal, onShare);
      return mergeEphemerisShares(replies.map((r) => (r as Extract<ShareReply, { type: 'ephemeris-share' }>).outcome));
    });
  }

  /** Ends the threads (and the versions they hold); a job after this starts new ones. */
  async close(): Promise<void> {
    await this.reset();
  }

  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task);
    this.tail = result.catch(() => undefined);
    return result;
  }

  private async reset(): Promise<void> {
    const slots = this.slots;
    this.slots = [];
    this.held = undefined;
    for (const slot of slots) slot.pending?.settle(new Error('the track pool was closed'));
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  private start(): Slot {
    const worker = startWorker(ENTRY);
    let isReady: () => void = () => undefined;
    let failed: (error: Error) => void = () => undefined;
    const ready = new Promise<void>((resolve, reject) => {
      isReady = resolve;
      failed = reject;
    });
    ready.catch(() => undefined);
    const slot: Slot = { worker, ready, objects: 0 };
    worker.on('message', (reply: PlanWorkerReply) => {
      if (reply.type === 'ready') return isReady();
      if (slot.pending?.id !== reply.id) return;
      const { settle } = slot.pending;
      slot.pending = undefined;
      settle(reply.type === 'failed' ? (reply.rangeError ? new RangeError(reply.message) : new Error(reply.message)) : reply);
    });
    const died = (error: Error) => {
      failed(error);
      if (!this.slots.includes(slot)) return;
      // A thread lost: the pool starts afresh (the others are ended too, the job in hand fails).
      slot.pending?.settle(error);
      slot.pending = undefined;
      void this.reset();
    };
    worker.on('error', died);
    worker.on('exit', (code) => died(new Error(`the track worker stopped with exit code ${code}`)));
    // Idle threads do not keep the process alive; a job's do (run() refs them).
    worker.unref();
    return slot;
  }

  /** One job on the pool's threads (the catalogue's shares sent where they hold another version): every share's answer, in the shares' order. */
  private async run(catalogue: ShareLoad, named: boolean, catalogueKey: string | undefined, task: Pick<PlanWorkerRequest, 'type' | 'job'>, signal: AbortSignal | undefined, onShare: TrackRunOptions['onShare']): Promise<ShareReply[]> {
    signal?.throwIfAborted();
    const type = task.type;
    // Without a key, a catalogue is a version of its own.
    const key = catalogueKey ?? `anonymous:${(this.anonymous += 1)}`;
    let loads: ShareLoad[] | undefined;
    let n: number;
    if (this.held?.key === key && this.slots.length >= this.held.shares && (this.held.named || !named)) n = this.held.shares;
    else {
      const shares = shareCatalogue(catalogue.catalogue, this.size);
      loads = shares.map((share) => ({ catalogue: share, objectTypes: only(catalogue.objectTypes, share), names: only(catalogue.names, share) }));
      n = shares.length;
      this.held = undefined;
    }
    while (this.slots.length < n) this.slots.push(this.start());
    const slots = this.slots.slice(0, n);
    const id = (this.jobs += 1);
    for (const slot of slots) slot.worker.ref();
    let onAbort: (() => void) | undefined;
    try {
      const aborted = new Promise<never>((_, reject) => {
        onAbort = () => {
          reject(signal?.reason instanceof Error ? signal.reason : new Error(`${type} screening aborted`));
          void this.reset();
        };
        signal?.addEventListener('abort', onAbort, { once: true });
      });
      aborted.catch(() => undefined);
      await Promise.race([Promise.all(slots.map((s) => s.ready)), aborted]);
      const answers = slots.map((slot, index) => {
        const load = loads?.[index];
        const request = { ...task, id, key, ...(load ? { load } : {}) } as PlanWorkerRequest;
        return new Promise<ShareReply | Error>((settle) => {
          slot.pending = { id, settle };
          if (load) slot.objects = load.catalogue.length;
          slot.worker.postMessage(request);
        }).then((reply) => {
          if (!(reply instanceof Error)) onShare?.({ index, objects: slot.objects, ms: reply.ms });
          return reply;
        });
      });
      if (loads) {
        this.loadCount += 1;
        this.held = { key, shares: n, named };
      }
      // Every share answers before the job settles (so the next job finds its threads free); the first failure is the job's.
      const replies = await Promise.race([Promise.all(answers), aborted]);
      const failure = replies.find((r): r is Error => r instanceof Error);
      if (failure) throw failure;
      return replies as ShareReply[];
    } finally {
      if (onAbort) signal?.removeEventListener('abort', onAbort);
      for (const slot of slots) slot.worker.unref();
    }
  }
}

/** `record`'s entry for `norad` alone. */
function pick<V>(record: Readonly<Record<number, V>>, norad: number): Record<number, V> {
  const value = record[norad];
  return value === undefined ? {} : { [norad]: value };
}

/**
 * The catalogue in `threads` shares (default one per core, at most one per NORAD id, at least
 * one): NORAD ids dealt in turn in the catalogue's order, every element set of an id to the same
 * share in its order, so that each share holds its part of every orbit regime (the catalogue is in
 * NORAD order, and a range of ids is a range of launch years: contiguous shares would not weigh
 * the same).
 */
export function shareCatalogue<T extends Pick<ElementSet, 'norad'>>(catalogue: readonly T[], threads = availableParallelism()): T[][] {
  const ids = new Set(catalogue.map((s) => s.norad)).size;
  const n = Math.max(1, Math.min(Math.floor(threads), ids));
  const shares: T[][] = Array.from({ length: n }, () => []);
  const shareOf = new Map<number, number>();
  for (const set of catalogue) {
    let k = shareOf.get(set.norad);
    if (k === undefined) {
      k = shareOf.size % n;
      shareOf.set(set.norad, k);
    }
    shares[k]!.push(set);
  }
  return shares;
}

/** A NORAD-keyed record cut to a share's ids: a share looks up no other (cloning the whole record to every thread would); a job's reference comes with the job. */
function only<V>(record: Readonly<Record<number, V>>, share: readonly Pick<ElementSet, 'norad'>[]): Record<number, V> {
  const out: Record<number, V> = {};
  for (const { norad } of share) {
    const value = record[norad];
    if (value !== undefined) out[norad] = value;
  }
  return out;
}

