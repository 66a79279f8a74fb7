import { randomUUID } from 'node:crypto';
import type { AnalysisJob, AnalysisStepId, SstResult } from '../../contracts/conjunctions.ts';
import type { ScreeningRequest } from '../../core/screening/index.ts';

export interface AnalysisProgress {
  step: AnalysisStepId;
  fraction: number;
  detail: string;
}

/** What the jobs need of the screening service (ScreeningService implements it). */
export interface AnalysisService {
  /** Runs one analysis of a checked request; reports progress; stops when the signal aborts. */
  runAnalysis(jobId: string, request: ScreeningRequest, report: (progress: AnalysisProgress) => void, signal: AbortSignal): Promise<Omit<SstResult, 'job_id'>>;
}

type Listener = (event: 'progress' | 'done', job: AnalysisJob) => void;

interface JobState {
  job: AnalysisJob;
  listeners: Set<Listener>;
  controller: AbortController;
  finished: Promise<AnalysisJob>;
  finishedAt?: number;
}

/** How many finished jobs (with their results and CDMs) are kept, and for how long. */
const KEEP_JOBS = 50;
const KEEP_MS = 6 * 3_600_000;
/** Progress is sent on every stage change and at least every 2 % within a stage. */
const PROGRESS_STEP = 0.02;

/**
 * SST analyses as jobs: started by POST, observed by server-sent events, kept in
 * memory for a few hours so results and their CDMs can be fetched.
 */
export class AnalysisJobs {
  private readonly jobs = new Map<string, JobState>();

  constructor(private readonly service: AnalysisService) {}

  /** Starts an analysis of `request` (read and checked by the contract's `screeningRequestOf`). */
  start(request: ScreeningRequest): JobState {
    this.evict();
    const jobId = randomUUID().slice(0, 8);
    const state: JobState = {
      job: { job_id: jobId, status: 'running', step: 'prepare', fraction: 0, detail: `${request.primaries.length} satellite(s) selected` },
      listeners: new Set(),
      controller: new AbortController(),
      finished: Promise.resolve(undefined as unknown as AnalysisJob),
    };
    this.jobs.set(jobId, state);
    let lastSent = { step: state.job.step, fraction: 0 };
    const report = (progress: AnalysisProgress) => {
      if (state.job.status !== 'running') return;
      state.job = { ...state.job, ...progress };
      if (progress.step !== lastSent.step || progress.fraction - lastSent.fraction >= PROGRESS_STEP) {
        lastSent = { step: progress.step, fraction: progress.fraction };
        this.emit(state, 'progress');
      }
    };
    state.finished = this.service.runAnalysis(jobId, request, report, state.controller.signal).then(
      (result) => this.finish(state, { status: 'completed', step: 'results', fraction: 1, detail: `${result.conjunctions.length} conjunction(s) found`, result: { job_id: jobId, ...result } }),
      (error: unknown) =>
        this.finish(
          state,
          state.controller.signal.aborted
            ? { status: 'cancelled', detail: 'Cancelled', error: 'Analysis cancelled' }
            : { status: 'failed', error: error instanceof Error && error.message ? error.message : 'Unknown error' },
        ),
    );
    return state;
  }

  /** Cancels every running analysis and waits until each has ended (server shutdown). */
  async stop(): Promise<void> {
    const running = [...this.jobs.values()].filter((s) => s.job.status === 'running');
    for (const state of running) state.controller.abort(new Error('the server stopped'));
    await Promise.allSettled(running.map((s) => s.finished));
  }

  get(jobId: string): AnalysisJob | undefined {
    return this.jobs.get(jobId)?.job;
  }

  /** The finished job (waits while it runs). */
  async wait(jobId: string): Promise<AnalysisJob | undefined> {
    return this.jobs.get(jobId)?.finished;
  }

  cancel(jobId: string): boolean {
    const state = this.jobs.get(jobId);
    if (!state || state.job.status !== 'running') return false;
    state.controller.abort();
    return true;
  }

  /** Calls `listener` with progress and the final job; returns the unsubscribe function. A finished job is reported at once. */
  subscribe(jobId: string, listener: Listener): (() => void) | undefined {
    const state = this.jobs.get(jobId);
    if (!state) return undefined;
    if (state.job.status !== 'running') {
      listener('done', state.job);
      return () => undefined;
    }
    listener('progress', withoutResult(state.job));
    state.listeners.add(listener);
    return () => state.listeners.delete(listener);
  }

  private finish(state: JobState, change: Partial<AnalysisJob>): AnalysisJob {
    state.job = { ...state.job, ...change };
    state.finishedAt = Date.now();
    this.emit(state, 'done');
    state.listeners.clear();
    return state.job;
  }

  private emit(state: JobState, event: 'progress' | 'done'): void {
    const job = event === 'done' ? state.job : withoutResult(state.job);
    for (const listener of state.listeners) listener(event, job);
  }

  private evict(): void {
    const now = Date.now();
    const finished = [...this.jobs.entries()].filter(([, s]) => s.finishedAt !== undefined).sort((a, b) => (a[1].finishedAt ?? 0) - (b[1].finishedAt ?? 0));
    finished.forEach(([id, s], index) => {
      const tooMany = finished.length - index > KEEP_JOBS;
      if (tooMany || now - (s.finishedAt ?? now) > KEEP_MS) this.jobs.delete(id);
    });
  }
}

function withoutResult(job: AnalysisJob): AnalysisJob {
  const { result: _result, ...rest } = job;
  return rest;
}
