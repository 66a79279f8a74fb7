import { describe, expect, it } from 'vitest';
import { createRandom } from './random.ts';

describe('createRandom', () => {
  it('is deterministic per seed', () => {
    const a = createRandom(42);
    const b = createRandom(42);
    expect(Array.from({ length: 5 }, () => a.next())).toEqual(Array.from({ length: 5 }, () => b.next()));
    expect(createRandom(43).next()).not.toBe(createRandom(42).next());
  });

  it('is uniform enough: mean 0.5 and variance 1/12 over 100,000 draws', () => {
    const r = createRandom(7);
    let sum = 0;
    let sumSq = 0;
    const n = 100_000;
    for (let i = 0; i < n; i++) {
      const x = r.next();
      sum += x;
      sumSq += x * x;
    }
    const mean = sum / n;
    expect(mean).toBeCloseTo(0.5, 2);
    expect(sumSq / n - mean * mean).toBeCloseTo(1 / 12, 2);
  });

  it('draws standard normals', () => {
    const r = createRandom(9);
    const xs = Array.from({ length: 50_000 }, () => r.normal());
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
    const sd = Math.sqrt(xs.reduce((s, x) => s + (x - mean) ** 2, 0) / xs.length);
    expect(mean).toBeCloseTo(0, 1);
    expect(sd).toBeCloseTo(1, 1);
  });
});
