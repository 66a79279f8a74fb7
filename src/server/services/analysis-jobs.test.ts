import { describe, expect, it } from 'vitest';
import type { AnalysisJob } from '../../contracts/conjunctions.ts';
import type { ScreeningRequest } from '../../core/screening/index.ts';
import { AnalysisJobs, type AnalysisService } from './analysis-jobs.ts';

type Run = AnalysisService['runAnalysis'];
const analysis: ScreeningRequest = { primaries: [1], startMs: 0, endMs: 3_600_000, thresholdKm: 5 };

/** A screening service whose one analysis the test ends; it records the request it was given. */
function controllable() {
  let resolve!: (v: Awaited<ReturnType<Run>>) => void;
  let reject!: (e: Error) => void;
  let report!: Parameters<Run>[2];
  let signal!: AbortSignal;
  const requests: ScreeningRequest[] = [];
  const service: AnalysisService = {
    runAnalysis: (_id, request, r, s) => {
      requests.push(request);
      report = r;
      signal = s;
      s.addEventListener('abort', () => reject(new Error('aborted')));
      return new Promise((res, rej) => {
        resolve = res;
        reject = rej;
      });
    },
  };
  return { service, requests, resolve: (v: Awaited<ReturnType<Run>>) => resolve(v), fail: (e: Error) => reject(e), report: (...a: Parameters<Parameters<Run>[2]>) => report(...a), signal: () => signal };
}

describe('AnalysisJobs', () => {
  it('streams stage changes and the final result to subscribers', async () => {
    const c = controllable();
    const jobs = new AnalysisJobs(c.service);
    const { job_id } = jobs.start(analysis).job;
    const events: [string, AnalysisJob][] = [];
    jobs.subscribe(job_id, (event, job) => events.push([event, job]));
    c.report({ step: 'tle', fraction: 0.1, detail: 'x' });
    c.report({ step: 'tle', fraction: 0.105, detail: 'x' }); // under 2 %: not sent
    c.report({ step: 'detect', fraction: 0.5, detail: 'half' });
    c.resolve({ total_objects: 50_000, conjunctions: [] });
    await jobs.wait(job_id);
    // The request reaches the service as it was given: one object, unchanged.
    expect(c.requests).toEqual([analysis]);
    expect(c.requests[0]).toBe(analysis);
    expect(events.map(([e, j]) => [e, j.step, j.status])).toEqual([
      ['progress', 'prepare', 'running'],
      ['progress', 'tle', 'running'],
      ['progress', 'detect', 'running'],
      ['done', 'results', 'completed'],
    ]);
    expect(events.at(-1)?.[1].result).toEqual({ job_id, total_objects: 50_000, conjunctions: [] });
    expect(events[1]?.[1].result).toBeUndefined();
  });

  it('reports a failure with its message, and Unknown error without one', async () => {
    const c = controllable();
    const jobs = new AnalysisJobs(c.service);
    const { job_id } = jobs.start(analysis).job;
    c.fail(new Error(''));
    expect(await jobs.wait(job_id)).toMatchObject({ status: 'failed', error: 'Unknown error' });
  });

  it('cancels a running job through its signal', async () => {
    const c = controllable();
    const jobs = new AnalysisJobs(c.service);
    const { job_id } = jobs.start(analysis).job;
    expect(jobs.cancel(job_id)).toBe(true);
    expect(c.signal().aborted).toBe(true);
    expect(await jobs.wait(job_id)).toMatchObject({ status: 'cancelled' });
    expect(jobs.cancel(job_id)).toBe(false);
  });

  it('answers a late subscriber with the finished job at once', async () => {
    const c = controllable();
    const jobs = new AnalysisJobs(c.service);
    const { job_id } = jobs.start(analysis).job;
    c.resolve({ total_objects: 1, conjunctions: [] });
    await jobs.wait(job_id);
    const seen: string[] = [];
    jobs.subscribe(job_id, (event) => seen.push(event));
    expect(seen).toEqual(['done']);
    expect(jobs.subscribe('nope', () => undefined)).toBeUndefined();
  });
});
