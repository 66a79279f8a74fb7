/**
 * A queued job's progress as the SST progress panel shows it: the shards' stages weighted as the
 * six SST stages (core/screening/stages.ts STAGE_WEIGHTS: prepare 5 %, tle 10 %, orbits 45 %,
 * detect 30 %, risk 7 %, results 3 %), so that the stage shown is the one the shards are in, and
 * never past detection while the merge and the risk step are still to come.
 */
import { describe, expect, it } from 'vitest';
import type { ShardState } from '../repositories/screening-job-repository.ts';
import { defaultShardCount, jobProgress, queueProgress } from './screening-queue.ts';

const shard = (n: number, status: ShardState['status'], stage: string | null = null, fraction: number | null = null, worker: string | null = null): ShardState => ({
  shard: n,
  status,
  stage,
  fraction,
  worker,
  attempts: status === 'queued' ? 0 : 1,
  startedAt: null,
  updatedAt: null,
  finishedAt: null,
  ms: null,
  error: null,
});

describe('queueProgress', () => {
  it('says the shards wait for a worker until one is taken', () => {
    expect(queueProgress(jobProgress([shard(0, 'queued'), shard(1, 'queued')]))).toEqual({
      stage: 'prepare',
      fraction: 0.025,
      detail: '2 shards queued on the job queue: waiting for a worker',
    });
  });

  it('shows the stage the shards are in', () => {
    // One shard halfway through detection: 5 % + 10 % + 45 % + 15 % of the whole.
    const p = queueProgress(jobProgress([shard(0, 'running', 'detect', 0.5, 'w1')]));
    expect(p.stage).toBe('detect');
    expect(p.fraction).toBeCloseTo(0.75, 12);
    // One shard done and one waiting: half the shard work, within 'orbits'.
    const q = queueProgress(jobProgress([shard(0, 'done', 'detect', 1, 'w1'), shard(1, 'queued')]));
    expect(q.stage).toBe('orbits');
    expect(q.fraction).toBeCloseTo(0.05 + 0.85 / 2, 12);
    expect(q.detail).toBe('1 of 2 shards done on 1 worker(s) of the job queue');
    // Just started: 'tle'.
    expect(queueProgress(jobProgress([shard(0, 'running', 'tle', 0, 'w1'), shard(1, 'running', 'tle', 0.1, 'w2')])).stage).toBe('tle');
  });

  it('stops at the end of detection: all shards done is 90 %, one pending stays below it', () => {
    const done = queueProgress(jobProgress([shard(0, 'done', 'detect', 1, 'w1')]));
    expect(done.stage).toBe('detect');
    expect(done.fraction).toBeCloseTo(0.9, 12);
    const pending = queueProgress(jobProgress([shard(0, 'done', 'detect', 1, 'w1'), shard(1, 'running', 'detect', 1, 'w2')]));
    expect(pending.fraction).toBeLessThan(0.9);
    expect(pending.stage).toBe('detect');
  });

  it('lists each worker once', () => {
    expect(jobProgress([shard(0, 'done', 'detect', 1, 'b'), shard(1, 'running', 'orbits', 0.2, 'a'), shard(2, 'done', 'detect', 1, 'b')]).workers).toEqual(['a', 'b']);
  });
});

describe('defaultShardCount', () => {
  const job = (hours: number, scope?: 'all') => ({
    id: 'j',
    catalog: { version: 'v', objects: 10 },
    primaries: scope ? [] : [1],
    ...(scope ? { scope } : {}),
    start: '2026-11-27T00:00:00.000Z',
    end: new Date(Date.parse('2026-11-27T00:00:00.000Z') + hours * 3_600_000).toISOString(),
    thresholdKm: 5,
  });
  it('cuts a catalogue-wide job in slices of about 2 h (at least 2, at most 500) and a primaries job in 16', () => {
    expect(defaultShardCount(job(24, 'all'))).toBe(12);
    expect(defaultShardCount(job(72, 'all'))).toBe(36);
    expect(defaultShardCount(job(1, 'all'))).toBe(2);
    expect(defaultShardCount(job(168, 'all'))).toBe(84);
    expect(defaultShardCount(job(24))).toBe(16);
  });
});
