import { describe, expect, it } from 'vitest';
import { decaySummary } from './decay-card';

describe('decaySummary', () => {
  const base = { capYears: 25, runs: [{}, {}] };
  it('gives the span of re-entry dates, or one date when the runs agree to the day', () => {
    expect(decaySummary({ ...base, earliestReentry: '2026-02-11T10:00:00.000Z', latestReentry: '2026-06-20T04:00:00.000Z' })).toBe('Re-entry between 2026-02-11 and 2026-06-20');
    expect(decaySummary({ ...base, earliestReentry: '2026-02-11T10:00:00.000Z', latestReentry: '2026-02-11T22:00:00.000Z' })).toBe('Re-entry about 2026-02-11');
  });
  it('says when a run, or every run, outlives the cap, and when there is no forecast', () => {
    expect(decaySummary({ ...base, earliestReentry: '2030-01-01T00:00:00.000Z', latestReentry: null })).toBe('Re-entry from 2030-01-01, or beyond 25 years');
    expect(decaySummary({ ...base, earliestReentry: null, latestReentry: null })).toBe('No re-entry within 25 years');
    expect(decaySummary({ capYears: 25, runs: [], earliestReentry: null, latestReentry: null })).toBe('No forecast');
  });
});
