/**
 * One plan's or one ephemeris' screening on worker threads of its own (plan-worker.ts), started
 * with the job and ended with it: the catalogue split into one share per thread (one per core by
 * default), each thread starting SGP4 for its share and screening the track against it, and the
 * shares' results merged here (plan-screening.ts mergePlanShares, ephemeris-screening.ts
 * mergeEphemerisShares) into what one thread would have found. An abort, or a share that fails,
 * terminates every thread.
 */
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import type { ElementSet } from '../../../core/elements/index.ts';
import type { EphemerisScreeningOutcome } from '../../../core/screening/index.ts';
import { mergeEphemerisShares, type EphemerisJob } from '../../screening/ephemeris-screening.ts';
import { mergePlanShares, type PlanScreening } from '../../screening/plan-screening.ts';
import { startWorker } from '../worker-thread.ts';
import type { PlanJob, PlanWorkerReply, PlanWorkerRequest, ShareTimings } from './plan-protocol.ts';

const ENTRY = new URL('./plan-worker.ts', import.meta.url);

export type PlanOutcome = { type: 'done' } & PlanScreening;
export type EphemerisOutcome = EphemerisScreeningOutcome;

export interface TrackRunOptions {
  /** Worker threads (default os.availableParallelism()); never more than the catalogue has NORAD ids, never fewer than one. */
  readonly threads?: number;
  /** Called as each share is done: its index, its element sets, and its thread's times. */
  readonly onShare?: (share: { readonly index: number; readonly objects: number; readonly ms: ShareTimings }) => void;
}

export async function runPlanScreening(job: PlanJob, signal?: AbortSignal, options: TrackRunOptions = {}): Promise<PlanOutcome> {
  const shares = shareCatalogue(job.catalogue, options.threads);
  const keep = [job.reference.norad];
  const requests = shares.map((catalogue): PlanWorkerRequest => ({ type: 'plan', job: { ...job, catalogue, objectTypes: only(job.objectTypes, catalogue, keep), names: only(job.names, catalogue, keep) } }));
  const replies = await runShares(requests, 'plan-share', signal, options.onShare);
  return { type: 'done', ...mergePlanShares(job, replies.map((r) => r.share)) };
}

export async function runEphemerisScreening(job: EphemerisJob, signal?: AbortSignal, options: TrackRunOptions = {}): Promise<EphemerisOutcome> {
  const shares = shareCatalogue(job.catalogue, options.threads);
  const requests = shares.map((catalogue): PlanWorkerRequest => ({ type: 'ephemeris', job: { ...job, catalogue, objectTypes: only(job.objectTypes, catalogue, [job.reference.norad]) } }));
  const replies = await runShares(requests, 'ephemeris-share', signal, options.onShare);
  return mergeEphemerisShares(replies.map((r) => r.outcome));
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

/** A NORAD-keyed record cut to a share's ids (and `keep`): a share looks up no other (cloning the whole record to every thread would). */
function only<V>(record: Readonly<Record<number, V>>, share: readonly Pick<ElementSet, 'norad'>[], keep: readonly number[]): Record<number, V> {
  const out: Record<number, V> = {};
  for (const norad of [...keep, ...share.map((s) => s.norad)]) {
    const value = record[norad];
    if (value !== undefined) out[norad] = value;
  }
  return out;
}

type ShareReply = Extract<PlanWorkerReply, { type: 'plan-share' | 'ephemeris-share' }>;

/** One worker per request, each ended when it answers; the answers in the requests' order. */
function runShares<T extends ShareReply['type']>(requests: readonly PlanWorkerRequest[], type: T, signal: AbortSignal | undefined, onShare: TrackRunOptions['onShare']): Promise<Extract<ShareReply, { type: T }>[]> {
  signal?.throwIfAborted();
  const what = requests[0]?.type ?? 'track';
  return new Promise((resolve, reject) => {
    const workers: Worker[] = [];
    const replies: (Extract<ShareReply, { type: T }> | undefined)[] = requests.map(() => undefined);
    let done = 0;
    let settled = false;
    const finish = (error: Error | null) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      for (const worker of workers) void worker.terminate();
      if (error) reject(error);
      else resolve(replies as Extract<ShareReply, { type: T }>[]);
    };
    const onAbort = () => finish(signal?.reason instanceof Error ? signal.reason : new Error(`${what} screening aborted`));
    signal?.addEventListener('abort', onAbort, { once: true });
    for (const [index, request] of requests.entries()) {
      let worker: Worker;
      try {
        worker = startWorker(ENTRY);
      } catch (error) {
        finish(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      workers.push(worker);
      worker.on('message', (reply: PlanWorkerReply) => {
        if (settled) return;
        if (reply.type === 'ready') worker.postMessage(request);
        else if (reply.type === 'failed') finish(reply.rangeError ? new RangeError(reply.message) : new Error(reply.message));
        else if (reply.type !== type) finish(new Error(`the track worker answered ${reply.type} to a ${request.type} screening`));
        else {
          replies[index] = reply as Extract<ShareReply, { type: T }>;
          done += 1;
          void worker.terminate();
          onShare?.({ index, objects: request.job.catalogue.length, ms: reply.ms });
          if (done === requests.length) finish(null);
        }
      });
      worker.on('error', (error) => finish(error));
      worker.on('exit', (code) => {
        if (replies[index] === undefined) finish(new Error(`the track worker stopped with exit code ${code}`));
      });
    }
  });
}
