/**
 * A Monte Carlo Pc run on worker threads (monte-carlo-worker.ts, one per core by default): the
 * chunks of core probability's run go to the threads as they free up, and MonteCarloTally counts
 * them in order, so the answer is the one `monteCarloPc` gives in one thread, only sooner. The
 * threads start with the run and end with it (a run is seconds to minutes; starting a thread takes
 * milliseconds). With `threads` 0 the chunks run in this thread, between event-loop turns.
 */
import { availableParallelism } from 'node:os';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Worker } from 'node:worker_threads';
import {
  MONTE_CARLO_DEFAULTS,
  MonteCarloTally,
  monteCarloChunk,
  monteCarloPlan,
  monteCarloWindow,
  type MonteCarloOptions,
  type MonteCarloPcInput,
  type MonteCarloPcResult,
} from '../../../core/probability/index.ts';
import { startWorker } from '../worker-thread.ts';
import type { MonteCarloWorkerReply, MonteCarloWorkerRequest } from './monte-carlo-protocol.ts';

const ENTRY = new URL('./monte-carlo-worker.ts', import.meta.url);

export interface MonteCarloRunOptions {
  /** Worker threads (default: the machine's cores; 0: this thread). */
  readonly threads?: number;
  readonly signal?: AbortSignal;
  /** Trials and hits counted so far, after each chunk in order. */
  readonly onProgress?: (progress: { samples: number; hits: number; maxSamples: number }) => void;
}

/** The Monte Carlo Pc of one conjunction on worker threads (the same answer as core monteCarloPc). */
export async function runMonteCarlo(input: MonteCarloPcInput, options: MonteCarloOptions = {}, run: MonteCarloRunOptions = {}): Promise<MonteCarloPcResult> {
  const window = options.window ?? monteCarloWindow(input);
  const plan = monteCarloPlan(input, window, options);
  const seed = options.seed ?? MONTE_CARLO_DEFAULTS.seed;
  const tally = new MonteCarloTally(options);
  const maxSamples = options.maxSamples ?? MONTE_CARLO_DEFAULTS.maxSamples;
  const report = () => run.onProgress?.({ ...tally.counted, maxSamples });
  const threads = Math.max(0, Math.floor(run.threads ?? availableParallelism()));
  run.signal?.throwIfAborted();

  if (threads === 0) {
    for (let k = 0; !tally.done && k < tally.chunkCount; k += 1) {
      tally.add(k, monteCarloChunk(plan, seed, k, tally.samplesOf(k)));
      report();
      await nextTurn();
      run.signal?.throwIfAborted();
    }
    return tally.result(window, seed);
  }

  const workers: Worker[] = [];
  try {
    return await new Promise<MonteCarloPcResult>((resolve, reject) => {
      let next = 0;
      let settled = false;
      const finish = (error: Error | null) => {
        if (settled) return;
        settled = true;
        run.signal?.removeEventListener('abort', onAbort);
        if (error) reject(error);
        else resolve(tally.result(window, seed));
      };
      const onAbort = () => finish(run.signal?.reason instanceof Error ? run.signal.reason : new Error('Monte Carlo run aborted'));
      run.signal?.addEventListener('abort', onAbort, { once: true });
      const feed = (worker: Worker) => {
        if (settled || tally.done || next >= tally.chunkCount) return;
        const chunk = next;
        next += 1;
        const request: MonteCarloWorkerRequest = { type: 'chunk', plan, seed, chunk, samples: tally.samplesOf(chunk) };
        worker.postMessage(request);
      };
      for (let i = 0; i < Math.min(threads, tally.chunkCount); i += 1) {
        const worker = startWorker(ENTRY);
        workers.push(worker);
        worker.on('message', (reply: MonteCarloWorkerReply) => {
          if (reply.type === 'ready') return feed(worker);
          if (reply.type === 'failed') return finish(new Error(`Monte Carlo chunk ${reply.chunk} failed: ${reply.message}`));
          if (tally.add(reply.chunk, reply.hits)) {
            report();
            return finish(null);
          }
          report();
          feed(worker);
        });
        worker.on('error', (error) => finish(error));
        worker.on('exit', (code) => {
          if (code !== 0) finish(new Error(`Monte Carlo worker exited with code ${code}`));
        });
      }
    });
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}
