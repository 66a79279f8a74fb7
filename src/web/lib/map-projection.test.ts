import { describe, expect, it } from 'vitest';
import { MAP_HEIGHT, MAP_WIDTH, projectToMap } from '@/lib/map-projection';

describe('projectToMap (1000x500 plane)', () => {
  it('puts latitude 0, longitude 0 at the centre', () => {
    expect(projectToMap(0, 0)).toEqual({ x: 500, y: 250 });
  });

  it('maps latitude 32, longitude 35 to (597.22, 161.11)', () => {
    const { x, y } = projectToMap(32, 35);
    expect(x).toBeCloseTo(597.222, 3);
    expect(y).toBeCloseTo(161.111, 3);
  });

  it('spans the whole plane: -180..180 to x 0..1000 and 90..-90 to y 0..500', () => {
    expect(MAP_WIDTH).toBe(1000);
    expect(MAP_HEIGHT).toBe(500);
    const northWest = projectToMap(90, -180);
    const southEast = projectToMap(-90, 180);
    expect(northWest.x).toBeCloseTo(0, 9);
    expect(northWest.y).toBeCloseTo(0, 9);
    expect(southEast.x).toBeCloseTo(1000, 9);
    expect(southEast.y).toBeCloseTo(500, 9);
  });

  it('is linear in both axes: 1000/360 units per degree', () => {
    const { x, y } = projectToMap(-45, -90);
    expect(x).toBeCloseTo(250, 9);
    expect(y).toBeCloseTo(375, 9);
  });
});
