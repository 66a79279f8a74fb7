import { describe, expect, it } from 'vitest';
import { splitJob, validateJob, windowOf } from './job.ts';
import { jobOfRequest, type ScreeningRequest } from './request.ts';

const REQUEST: ScreeningRequest = {
  primaries: [190016, 44479],
  startMs: Date.parse('2026-11-21T12:00:00.123Z'),
  endMs: Date.parse('2026-11-23T12:00:00Z'),
  thresholdKm: 5,
};

describe('jobOfRequest', () => {
  it('writes the window as ISO 8601 UTC with milliseconds, which reads back as the same instants', () => {
    const job = jobOfRequest(REQUEST, 'job-1', { version: 'v1', objects: 50_000 });
    expect(job).toEqual({
      id: 'job-1',
      catalog: { version: 'v1', objects: 50_000 },
      primaries: [190016, 44479],
      start: '2026-11-21T12:00:00.123Z',
      end: '2026-11-23T12:00:00.000Z',
      thresholdKm: 5,
    });
    expect(windowOf(job)).toEqual({ start: REQUEST.startMs, end: REQUEST.endMs });
    expect(() => validateJob(job)).not.toThrow();
    expect(splitJob(job, [1, 2, 3, 4], 2)).toHaveLength(2);
  });

  it('copies the primaries (the job is data of its own)', () => {
    const primaries = [1, 2];
    const job = jobOfRequest({ ...REQUEST, primaries }, 'j', { version: 'v', objects: 2 });
    primaries.push(3);
    expect(job.primaries).toEqual([1, 2]);
  });
});
