import { describe, expect, it } from 'vitest';
import { screeningRequestOf, type AnalyzeSelectedRequest } from './conjunctions.ts';

const known = new Set([190016, 44479]);
const knows = (id: number) => known.has(id);
const ok: AnalyzeSelectedRequest = { satellite_ids: [190016], start: '2026-11-21T12:00:00Z', end: '2026-11-23T12:00:00Z', threshold: '5.0' };

describe('screeningRequestOf', () => {
  it('reads the spec defaults, threshold text 5.0 and a 48 h window, into the request in UTC ms and km', () => {
    expect(screeningRequestOf(ok, knows)).toEqual({
      request: { primaries: [190016], startMs: Date.parse('2026-11-21T12:00:00Z'), endMs: Date.parse('2026-11-23T12:00:00Z'), thresholdKm: 5 },
    });
  });

  it('reads a date-time without a zone as UTC, one with an offset at its offset, and ids sent as strings once each', () => {
    expect(screeningRequestOf({ ...ok, satellite_ids: ['44479', 44479], start: '2026-11-21T12:00', end: '2026-11-21T16:00+02:00', threshold: 0.5 }, knows)).toEqual({
      request: { primaries: [44479], startMs: Date.parse('2026-11-21T12:00:00Z'), endMs: Date.parse('2026-11-21T14:00:00Z'), thresholdKm: 0.5 },
    });
  });

  it.each([
    [{ satellite_ids: [] }, 'satellite_ids: select at least one satellite'],
    [{ satellite_ids: ['abc'] }, 'satellite_ids: not catalogue numbers: abc'],
    [{ satellite_ids: [25544] }, 'satellite_ids: not in the catalogue: 25544'],
    [{ start: 'yesterday' }, "start: 'yesterday' is not an ISO 8601 date-time (e.g. 2026-11-21T12:00:00Z)"],
    [{ end: '2026-13-45T00:00:00Z' }, "end: '2026-13-45T00:00:00Z' is not an ISO 8601 date-time (e.g. 2026-11-21T12:00:00Z)"],
    [{ end: '2026-11-21T11:00:00Z' }, 'end: must be after start'],
    [{ end: '2026-12-01T12:00:00Z' }, 'end: the window may be at most 7 days long'],
    [{ threshold: 'abc' }, "threshold: 'abc' is not a number of kilometres"],
    [{ threshold: '0' }, 'threshold: must be greater than 0 km'],
    [{ threshold: -3 }, "threshold: '-3' is not a number of kilometres"],
    [{ threshold: '500' }, 'threshold: must be at most 100 km'],
  ])('refuses %j, naming the field', (change, problem) => {
    expect(screeningRequestOf({ ...ok, ...change } as AnalyzeSelectedRequest, knows)).toEqual({ problem });
  });
});
