import { describe, expect, it } from 'vitest';
import { randomStream } from './random-stream.ts';

describe('randomStream (xoshiro128** seeded by SplitMix32)', () => {
  it('is the same for the same seed and chunk, and differs between chunks and seeds', () => {
    const draw = (seed: number, chunk: number) => {
      const out = new Float64Array(8);
      randomStream(seed, chunk).normals(out, 0, 8);
      return [...out];
    };
    expect(draw(7, 3)).toEqual(draw(7, 3));
    expect(draw(7, 3)).not.toEqual(draw(7, 4));
    expect(draw(7, 3)).not.toEqual(draw(8, 3));
  });

  it('draws standard normals: mean 0, variance 1, the 3σ tail share, and no correlation between successive deviates', () => {
    const n = 400_000;
    const out = new Float64Array(n);
    randomStream(1, 0).normals(out, 0, n);
    let sum = 0;
    let sum2 = 0;
    let tail = 0;
    let lag = 0;
    for (let i = 0; i < n; i += 1) {
      sum += out[i]!;
      sum2 += out[i]! * out[i]!;
      if (Math.abs(out[i]!) > 3) tail += 1;
      if (i > 0) lag += out[i]! * out[i - 1]!;
    }
    const se = 1 / Math.sqrt(n);
    expect(Math.abs(sum / n)).toBeLessThan(4 * se);
    expect(Math.abs(sum2 / n - 1)).toBeLessThan(4 * Math.SQRT2 * se);
    // P(|z| > 3) = 2.6998e-3 (Abramowitz & Stegun Table 26.1).
    expect(Math.abs(tail / n - 2.6998e-3)).toBeLessThan(4 * Math.sqrt(2.6998e-3 / n));
    expect(Math.abs(lag / n)).toBeLessThan(4 * se);
  });

  it('gives uniforms strictly inside (0, 1)', () => {
    const s = randomStream(0, 0);
    for (let i = 0; i < 10_000; i += 1) {
      const u = s.uniform();
      expect(u > 0 && u < 1).toBe(true);
    }
  });
});
