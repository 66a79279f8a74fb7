import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalysisJob } from '@contracts/conjunctions.ts';
import { FakeEventSource, installFakeEventSource } from '@/test/event-source-fake';
import { ANALYZE_API, makeConjunction, makeJob, makeResult } from '@/test/sst-fixtures';
import { NO_SELECTION_MESSAGE, useConjunctionAnalysis } from '@/components/sst/use-conjunction-analysis';
import { json } from '@/test/fetch-mock';

const REQUEST = { satellite_ids: [190016], start: '2025-03-01T19:04:00.000Z', end: '2025-03-03T19:04:00.000Z', threshold: '5.0' };
const JOB_API = '/api/conjunctions/jobs/job-1';

/** POST answers 202 with a running job; GET of the job answers `job()`. */
function mockJobApi(job: () => Response = () => json(200, makeJob())) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === ANALYZE_API && init?.method === 'POST') return json(202, makeJob());
    if (url === JOB_API) return job();
    return new Response('Not Found', { status: 404, statusText: 'Not Found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function started() {
  const hook = renderHook(() => useConjunctionAnalysis());
  act(() => hook.result.current.analyze(REQUEST));
  await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
  return hook;
}

const statuses = (steps: { status: string }[]) => steps.map((step) => step.status);

beforeEach(() => {
  installFakeEventSource();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('useConjunctionAnalysis', () => {
  it("with no satellites sends nothing and only logs 'No satellites selected for analysis' (spec §5)", () => {
    const fetchMock = mockJobApi();
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const { result } = renderHook(() => useConjunctionAnalysis());
    act(() => result.current.analyze({ ...REQUEST, satellite_ids: [] }));
    expect(log).toHaveBeenCalledExactlyOnceWith(NO_SELECTION_MESSAGE);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(FakeEventSource.instances).toHaveLength(0);
    expect(result.current.panelOpen).toBe(false);
    expect(result.current.running).toBe(false);
    expect(statuses(result.current.steps)).toEqual(Array(6).fill('pending'));
  });

  it('opens the panel with the first step running, and closes it on request', async () => {
    mockJobApi();
    const { result } = await started();
    expect(result.current.panelOpen).toBe(true);
    expect(result.current.running).toBe(true);
    expect(result.current.run).toBe(1);
    act(() => result.current.closePanel());
    expect(result.current.panelOpen).toBe(false);
    expect(result.current.running).toBe(true);
  });

  it('waits while the browser reconnects a dropped stream', async () => {
    const fetchMock = mockJobApi();
    const { result } = await started();
    act(() => FakeEventSource.latest().fail({ permanent: false }));
    expect(fetchMock.mock.calls.filter(([url]) => url === JOB_API)).toEqual([]);
    expect(result.current.running).toBe(true);
  });

  it('reads the job once the stream is lost, and takes its result', async () => {
    const done: AnalysisJob = makeJob({ status: 'completed', step: 'results', fraction: 1, result: makeResult([makeConjunction()]) });
    const fetchMock = mockJobApi(() => json(200, done));
    const { result } = await started();
    act(() => FakeEventSource.latest().fail({ permanent: true }));
    await waitFor(() => expect(result.current.running).toBe(false));
    expect(fetchMock).toHaveBeenCalledWith(JOB_API, expect.objectContaining({ method: 'GET', credentials: 'include' }));
    expect(result.current.result?.conjunctions).toHaveLength(1);
    expect(statuses(result.current.steps)).toEqual(Array(6).fill('completed'));
  });

  it('listens again when the lost job is still running', async () => {
    mockJobApi(() => json(200, makeJob({ step: 'detect', detail: 'half way' })));
    const { result } = await started();
    act(() => FakeEventSource.latest().fail({ permanent: true }));
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(2));
    act(() => FakeEventSource.latest().emit('done', makeJob({ status: 'completed', step: 'results', result: makeResult([]) })));
    expect(result.current.result?.conjunctions).toEqual([]);
    expect(result.current.running).toBe(false);
  });

  it("fails with the server's message when the lost job cannot be read", async () => {
    mockJobApi(() => json(404, { message: 'Job job-1 not found' }));
    const { result } = await started();
    act(() => FakeEventSource.latest().fail({ permanent: true }));
    await waitFor(() => expect(result.current.running).toBe(false));
    expect(result.current.steps[0]).toMatchObject({ status: 'error', details: 'Error: Job job-1 not found' });
  });

  it('ignores a malformed progress event', async () => {
    mockJobApi();
    const { result } = await started();
    act(() => FakeEventSource.latest().emit('progress', 'not json'));
    expect(statuses(result.current.steps)).toEqual(['running', 'pending', 'pending', 'pending', 'pending', 'pending']);
  });

  it('stops listening when the page goes', async () => {
    mockJobApi();
    const { unmount } = await started();
    unmount();
    expect(FakeEventSource.latest().closed).toBe(true);
  });
});
