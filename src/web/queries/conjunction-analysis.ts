import type { AnalysisJob, AnalyzeSelectedRequest } from '@contracts/conjunctions.ts';
import { apiRequest } from '@/lib/query-client';

/*
 * The SST screening job (DECISIONS §6, src/contracts/conjunctions.ts): POST
 * analyze-selected with ?async=1 answers 202 with the job at once, and the job's
 * progress and result arrive as server-sent events. Progress is not cacheable
 * state, so this module is plain functions rather than TanStack queries.
 */

export const ANALYZE_SELECTED_URL = '/api/conjunctions/analyze-selected?async=1';

export function analysisJobUrl(jobId: string): string {
  return `/api/conjunctions/jobs/${encodeURIComponent(jobId)}`;
}

export function analysisEventsUrl(jobId: string): string {
  return `${analysisJobUrl(jobId)}/events`;
}

/** Starts a screening job. A bad request (e.g. threshold 'abc') throws '400: {"message": ...}'. */
export async function startAnalysisJob(request: AnalyzeSelectedRequest): Promise<AnalysisJob> {
  const res = await apiRequest('POST', ANALYZE_SELECTED_URL, request);
  return (await res.json()) as AnalysisJob;
}

/** The job as it stands now (used when the event stream is lost). */
export async function fetchAnalysisJob(jobId: string): Promise<AnalysisJob> {
  const res = await apiRequest('GET', analysisJobUrl(jobId));
  return (await res.json()) as AnalysisJob;
}

export interface JobWatchHandlers {
  /** `progress`: the stage running now, its fraction and detail. */
  onProgress: (job: AnalysisJob) => void;
  /** `done`: completed with its result, or failed/cancelled with its error. */
  onDone: (job: AnalysisJob) => void;
  /** The stream closed for good before `done` (the browser gave up reconnecting). */
  onLost: () => void;
}

function readJob(event: Event): AnalysisJob | null {
  try {
    return JSON.parse((event as MessageEvent<string>).data) as AnalysisJob;
  } catch {
    return null;
  }
}

/**
 * Follows a job's events until `done`. EventSource reconnects by itself after a
 * dropped connection; only a stream it has closed (an HTTP error) counts as lost.
 * Returns the function that stops listening.
 */
export function watchAnalysisJob(jobId: string, handlers: JobWatchHandlers): () => void {
  const source = new EventSource(analysisEventsUrl(jobId), { withCredentials: true });
  source.addEventListener('progress', (event) => {
    const job = readJob(event);
    if (job) handlers.onProgress(job);
  });
  source.addEventListener('done', (event) => {
    source.close();
    const job = readJob(event);
    if (job) handlers.onDone(job);
    else handlers.onLost();
  });
  source.addEventListener('error', () => {
    if (source.readyState === EventSource.CLOSED) handlers.onLost();
  });
  return () => source.close();
}
