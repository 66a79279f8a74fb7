import { describe, expect, it } from 'vitest';
import type { CloseApproach } from './close-approach.ts';
import { inShard, mergeShardResults, splitJob, validateJob, windowOf, type ScreeningJob, type ShardResult } from './job.ts';
import type { ScreeningStats } from './screen.ts';

const job: ScreeningJob = {
  id: 'job-1',
  catalog: { version: 'sha256:abc', objects: 7 },
  primaries: [25397],
  start: '2023-10-09T00:00:00.000Z',
  end: '2023-10-11T00:00:00.000Z',
  thresholdKm: 5,
};
const ids = [5, 11, 25397, 44713, 270_288, 900, 1200];

const stats = (approaches: number): ScreeningStats => ({
  objects: 3,
  tracks: 3,
  irregularObjects: 0,
  skippedObjects: 0,
  pairs: 2,
  pairsAfterApsisFilter: 1,
  coplanarPairs: 0,
  pairsWithCandidates: 1,
  candidateIntervals: 1,
  radialRejections: 0,
  sgp4Calls: 100,
  approaches,
});
const approach = (secondary: number, tca: number) => ({ primary: 25397, secondary, tca }) as unknown as CloseApproach;

describe('screening jobs and shards', () => {
  it('round-trips through JSON unchanged', () => {
    const shards = splitJob(job, ids, 3, 2);
    expect(JSON.parse(JSON.stringify(shards))).toEqual(shards);
  });

  it('splits the catalogue into NORAD ranges that hold every id exactly once, for every time slice', () => {
    const shards = splitJob(job, ids, 3, 2);
    expect(shards).toHaveLength(6);
    expect(shards.map((s) => s.index)).toEqual([0, 1, 2, 3, 4, 5]);
    for (const slice of [shards.slice(0, 3), shards.slice(3)]) {
      for (const id of [...ids, 1, 300_000]) expect(slice.filter((s) => inShard(s, id)), `id ${id}`).toHaveLength(1);
    }
    // The time slices tile the window: [start, middle) and [middle, end).
    expect(shards[0]!.start).toBe(job.start);
    expect(shards[0]!.end).toBe('2023-10-10T00:00:00.000Z');
    expect(shards[3]!.start).toBe('2023-10-10T00:00:00.000Z');
    expect(shards[5]!.end).toBe(job.end);
    expect(windowOf(shards[3]!).start).toBe(Date.UTC(2023, 9, 10));
  });

  it('refuses malformed jobs with a message naming the field', () => {
    expect(() => validateJob({ ...job, primaries: [] })).toThrow(/primaries/);
    expect(() => validateJob({ ...job, end: job.start })).toThrow(/end must be after/);
    expect(() => validateJob({ ...job, start: '9 October' })).toThrow(/ISO 8601/);
    expect(() => validateJob({ ...job, thresholdKm: 0 })).toThrow(/thresholdKm/);
  });

  it('merges shard results sorted by TCA, sums statistics, and refuses missing, repeated or foreign shards', () => {
    const results: ShardResult[] = [
      { jobId: 'job-1', shard: 1, catalogVersion: 'sha256:abc', approaches: [approach(44713, 30)], stats: stats(1), skipped: [{ norad: 900, reason: 'decayed' }] },
      { jobId: 'job-1', shard: 0, catalogVersion: 'sha256:abc', approaches: [approach(5, 20), approach(11, 40)], stats: stats(2), skipped: [{ norad: 900, reason: 'decayed' }] },
    ];
    const merged = mergeShardResults(job, 2, results);
    expect(merged.approaches.map((a) => a.secondary)).toEqual([5, 44713, 11]);
    expect(merged.stats.approaches).toBe(3);
    expect(merged.stats.sgp4Calls).toBe(200);
    expect(merged.stats.objects).toBe(7);
    expect(merged.skipped).toEqual([{ norad: 900, reason: 'decayed' }]);
    expect(() => mergeShardResults(job, 3, results)).toThrow(/missing/);
    expect(() => mergeShardResults(job, 2, [results[0]!, results[0]!])).toThrow(/twice/);
    expect(() => mergeShardResults(job, 2, [results[0]!, { ...results[1]!, catalogVersion: 'other' }])).toThrow(/catalogue/);
  });

  it('splits a catalogue-wide job into time slices of the whole catalogue, and counts its pairs once when merging', () => {
    const all: ScreeningJob = { ...job, primaries: [], scope: 'all' };
    const shards = splitJob(all, ids, 2, 2);
    expect(shards).toHaveLength(4);
    expect(shards.map((s) => [s.start, s.end])).toEqual([
      ['2023-10-09T00:00:00.000Z', '2023-10-09T12:00:00.000Z'],
      ['2023-10-09T12:00:00.000Z', '2023-10-10T00:00:00.000Z'],
      ['2023-10-10T00:00:00.000Z', '2023-10-10T12:00:00.000Z'],
      ['2023-10-10T12:00:00.000Z', '2023-10-11T00:00:00.000Z'],
    ]);
    for (const shard of shards) for (const id of ids) expect(inShard(shard, id)).toBe(true);
    const results: ShardResult[] = shards.map((s) => ({ jobId: all.id, shard: s.index, catalogVersion: all.catalog.version, approaches: [], stats: stats(0), skipped: [] }));
    expect(mergeShardResults(all, 4, results).stats.pairs).toBe((7 * 6) / 2);
  });

  it('refuses a catalogue-wide job with primaries, and a primaries job without', () => {
    expect(() => validateJob({ ...job, scope: 'all' })).toThrow(/must be empty/);
    expect(() => validateJob({ ...job, primaries: [] })).toThrow(/non-empty/);
    expect(() => validateJob({ ...job, primaries: [], scope: 'some' as 'all' })).toThrow(/scope/);
    expect(() => validateJob({ ...job, primaries: [], scope: 'all' })).not.toThrow();
  });
});
