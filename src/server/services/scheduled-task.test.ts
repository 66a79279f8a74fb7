import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PeriodicTask } from './scheduled-task.ts';

const log = { info: () => undefined, warn: () => undefined, debug: () => undefined };

describe('PeriodicTask.setIntervalMs (a new screening interval from the Configuration screen)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('ticks on the new period from the change on, and claims with the new gap', async () => {
    const runs: number[] = [];
    const gaps: number[] = [];
    const task = new PeriodicTask({
      task: 'screening',
      intervalMs: 15 * 60_000,
      firstDelayMs: 60 * 60_000,
      claims: { claim: async (_task, gapMs) => (gaps.push(gapMs), true) },
      run: () => runs.push(Date.now()),
      log,
    });
    const t0 = Date.now();
    task.start();
    await vi.advanceTimersByTimeAsync(15 * 60_000);
    expect(runs.map((t) => t - t0)).toEqual([15 * 60_000]);
    // Changed 5 minutes after that tick: the next comes 30 minutes after the change, not 10 after.
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    task.setIntervalMs(30 * 60_000);
    await vi.advanceTimersByTimeAsync(29 * 60_000);
    expect(runs).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs.map((t) => t - t0)).toEqual([15 * 60_000, 50 * 60_000]);
    expect(gaps).toEqual([15 * 60_000, 30 * 60_000]);
    task.stop();
  });

  it('before start, only changes the period start() uses; after stop, nothing', async () => {
    const runs: number[] = [];
    const task = new PeriodicTask({ task: 't', intervalMs: 1000, firstDelayMs: 10_000, run: () => runs.push(Date.now()), log });
    task.setIntervalMs(2000);
    const t0 = Date.now();
    task.start();
    await vi.advanceTimersByTimeAsync(4000);
    expect(runs.map((t) => t - t0)).toEqual([2000, 4000]);
    task.stop();
    task.setIntervalMs(500);
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toHaveLength(2);
  });
});
