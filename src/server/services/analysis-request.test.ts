import { describe, expect, it } from 'vitest';
import { validateAnalysis } from './analysis-request.ts';

const known = new Set([190016, 44479]);
const knows = (id: number) => known.has(id);
const ok = { satellite_ids: [190016], start: '2026-11-21T12:00:00Z', end: '2026-11-23T12:00:00Z', threshold: '5.0' };

describe('validateAnalysis', () => {
  it('accepts the spec defaults: threshold text 5.0 and a 48 h window', () => {
    expect(validateAnalysis(ok, knows)).toEqual({
      primaries: [190016],
      startMs: Date.parse('2026-11-21T12:00:00Z'),
      endMs: Date.parse('2026-11-23T12:00:00Z'),
      thresholdKm: 5,
    });
  });

  it('reads a date-time without a zone as UTC and ids sent as strings', () => {
    expect(validateAnalysis({ ...ok, satellite_ids: ['44479', 44479], start: '2026-11-21T12:00' }, knows)).toMatchObject({
      primaries: [44479],
      startMs: Date.parse('2026-11-21T12:00:00Z'),
    });
  });

  it.each([
    [{ satellite_ids: [] }, /^satellite_ids: select at least one satellite$/],
    [{ satellite_ids: ['abc'] }, /^satellite_ids: not catalogue numbers: abc$/],
    [{ satellite_ids: [25544] }, /^satellite_ids: not in the catalogue: 25544$/],
    [{ start: 'yesterday' }, /^start: 'yesterday' is not an ISO 8601 date-time/],
    [{ end: '2026-13-45T00:00:00Z' }, /^end: '2026-13-45T00:00:00Z' is not an ISO 8601 date-time/],
    [{ end: '2026-11-21T11:00:00Z' }, /^end: must be after start$/],
    [{ end: '2026-12-01T12:00:00Z' }, /^end: the window may be at most 7 days long$/],
    [{ threshold: 'abc' }, /^threshold: 'abc' is not a number of kilometres$/],
    [{ threshold: '0' }, /^threshold: must be greater than 0 km$/],
    [{ threshold: -3 }, /^threshold: must be greater than 0 km$|is not a number/],
    [{ threshold: '500' }, /^threshold: must be at most 100 km$/],
  ])('refuses %j with a 400 naming the field', (change, message) => {
    let caught: unknown;
    try {
      validateAnalysis({ ...ok, ...change } as typeof ok, knows);
    } catch (error) {
      caught = error;
    }
    expect(caught).toMatchObject({ statusCode: 400 });
    expect((caught as Error).message).toMatch(message);
  });
});
