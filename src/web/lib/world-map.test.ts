import { describe, expect, it } from 'vitest';
import { worldMapPaths } from '@/lib/world-map';

describe('worldMapPaths', () => {
  it('draws the sphere as the whole 1000x500 plane', () => {
    const numbers = (worldMapPaths().sphere.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);
    const xs = numbers.filter((_, i) => i % 2 === 0);
    const ys = numbers.filter((_, i) => i % 2 === 1);
    expect(Math.min(...xs)).toBeCloseTo(0, 0);
    expect(Math.max(...xs)).toBeCloseTo(1000, 0);
    expect(Math.min(...ys)).toBeCloseTo(0, 0);
    expect(Math.max(...ys)).toBeCloseTo(500, 0);
  });

  it('draws land, borders and a graticule from the bundled atlas', () => {
    const paths = worldMapPaths();
    expect(paths.land.length).toBeGreaterThan(10_000);
    expect(paths.borders.length).toBeGreaterThan(1_000);
    expect(paths.graticule).toMatch(/^M/);
  });

  it('builds the paths once', () => {
    expect(worldMapPaths()).toBe(worldMapPaths());
  });
});
