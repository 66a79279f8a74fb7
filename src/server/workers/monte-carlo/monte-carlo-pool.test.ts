import { describe, expect, it } from 'vitest';
import { monteCarloPc, type MonteCarloPcInput } from '../../../core/probability/index.ts';
import { runMonteCarlo } from './monte-carlo-pool.ts';

// Alfano (2009) case 5's geometry in round numbers: a slow LEO pass (0.5 m/s), Pc about 4e-2.
const r1M = [6_878_137, 0, 0];
const v1MPerS = [0, 5_400, 5_400];
const cov = (s: number) => Array.from({ length: 6 }, (_, i) => Array.from({ length: 6 }, (__, j) => (i === j ? (i < 3 ? s * s : 1e-4) : i === 1 && j === 3 ? -0.5 * s * 1e-2 : j === 1 && i === 3 ? -0.5 * s * 1e-2 : 0)));
const input: MonteCarloPcInput = { r1M, v1MPerS, cov1: cov(60), r2M: [6_878_137 + 3, 0, 0], v2MPerS: [0, 5_400.3, 5_400.4], cov2: cov(80), hbrM: 10 };
const options = { window: { startS: -300, endS: 300 }, maxSamples: 6 * 8192, chunkSamples: 8192, targetRelativeHalfWidth: 1e-9, seed: 5 };

describe('runMonteCarlo on worker threads', () => {
  it('gives exactly the single-thread answer, with progress in order', async () => {
    const progress: number[] = [];
    const threaded = await runMonteCarlo(input, options, { threads: 2, onProgress: (p) => progress.push(p.samples) });
    expect(threaded).toEqual(monteCarloPc(input, options));
    expect(threaded.hits).toBeGreaterThan(0);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(6 * 8192);
  });

  it('runs in this thread with threads 0, and stops on an abort', async () => {
    expect(await runMonteCarlo(input, options, { threads: 0 })).toEqual(monteCarloPc(input, options));
    const controller = new AbortController();
    const run = runMonteCarlo(input, { ...options, maxSamples: 1e9 }, { threads: 1, signal: controller.signal, onProgress: () => controller.abort(new Error('stop')) });
    await expect(run).rejects.toThrow('stop');
  });
});
