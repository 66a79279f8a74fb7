import { describe, expect, it } from 'vitest';
import { GEO_TRACK, LEO_TRACK, MEO_TRACK, MERIDIAN_TRACK } from '@/components/dashboard/satellite-tracking/ground-track-fixtures';
import {
  densifyTrack,
  directionArrows,
  formatDegrees,
  futurePointOpacity,
  greatCircleDegrees,
  segmentPath,
  splitAtAntimeridian,
  trackDistanceDegrees,
} from '@/components/dashboard/satellite-tracking/ground-track-geometry';

describe('splitAtAntimeridian', () => {
  it('keeps a track that does not cross ±180° in one piece', () => {
    const points = [
      { latitude: 0, longitude: 10 },
      { latitude: 5, longitude: 20 },
    ];
    expect(splitAtAntimeridian(points)).toEqual([points]);
    expect(splitAtAntimeridian([])).toEqual([]);
  });

  it('cuts an eastward crossing at the edges, at the latitude interpolated in longitude', () => {
    // 170° E → 170° W is 20° of longitude; 180° is halfway, so latitude 10 → 20 gives 15 there.
    const segments = splitAtAntimeridian([
      { latitude: 10, longitude: 170 },
      { latitude: 20, longitude: -170 },
    ]);
    expect(segments).toEqual([
      [
        { latitude: 10, longitude: 170 },
        { latitude: 15, longitude: 180 },
      ],
      [
        { latitude: 15, longitude: -180 },
        { latitude: 20, longitude: -170 },
      ],
    ]);
  });

  it('cuts a westward crossing the other way round', () => {
    // -175 → 165 going west is 20°; 180° is a quarter of the way: latitude 0 → -8 gives -2.
    const segments = splitAtAntimeridian([
      { latitude: 0, longitude: -175 },
      { latitude: -8, longitude: 165 },
    ]);
    expect(segments[0]?.at(-1)).toEqual({ latitude: -2, longitude: -180 });
    expect(segments[1]?.[0]).toEqual({ latitude: -2, longitude: 180 });
  });

  it('splits the LEO fixture once, between 165° W and 175° E, and no drawn step spans more than half the map', () => {
    const segments = splitAtAntimeridian(LEO_TRACK.points);
    expect(segments).toHaveLength(2);
    expect(segments[0]).toHaveLength(15); // 14 points and the edge point
    expect(segments[1]).toHaveLength(12); // the edge point and 11 points
    for (const segment of segments) {
      const xs = segmentPath(segment)
        .split(' ')
        .map((pair) => Number(pair.split(',')[0]));
      for (let index = 1; index < xs.length; index += 1) expect(Math.abs((xs[index] as number) - (xs[index - 1] as number))).toBeLessThan(500);
    }
    expect(segmentPath(segments[0] ?? []).split(' ').at(-1)).toBe('0.00,250.00');
    expect(segmentPath(segments[1] ?? []).split(' ')[0]).toBe('1000.00,250.00');
  });
});

describe('distances', () => {
  it('measures great-circle angles in degrees', () => {
    expect(greatCircleDegrees({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 90 })).toBeCloseTo(90, 10);
    expect(greatCircleDegrees({ latitude: 0, longitude: 0 }, { latitude: 90, longitude: 0 })).toBeCloseTo(90, 10);
    // Across the antimeridian the short way: 175° E to 175° W is 10°.
    expect(greatCircleDegrees({ latitude: 0, longitude: 175 }, { latitude: 0, longitude: -175 })).toBeCloseTo(10, 10);
    // 60° N: one degree of longitude is about half a degree of arc (2·asin(cos 60°·sin 0.5°) = 0.49998°).
    expect(greatCircleDegrees({ latitude: 60, longitude: 0 }, { latitude: 60, longitude: 1 })).toBeCloseTo(0.49998, 4);
  });

  it('sums the step angles of the fixture tracks (worked out by hand)', () => {
    expect(trackDistanceDegrees(LEO_TRACK.points)).toBeCloseTo(480, 9); // 24 steps of 20°
    expect(trackDistanceDegrees(GEO_TRACK.points)).toBe(0);
    expect(trackDistanceDegrees(MERIDIAN_TRACK.points)).toBeCloseTo(120, 9); // 24 steps of 5°
    expect(trackDistanceDegrees(MEO_TRACK.points)).toBeCloseTo(2, 9);
    expect(trackDistanceDegrees([])).toBe(0);
    expect(formatDegrees(480)).toBe('480.0°');
  });
});

describe('fading and arrows', () => {
  it('fades the future points linearly from 1 now to 0.15 at the end', () => {
    expect(futurePointOpacity(0, 25)).toBe(1);
    expect(futurePointOpacity(12, 25)).toBeCloseTo(0.575, 10);
    expect(futurePointOpacity(24, 25)).toBeCloseTo(0.15, 10);
    expect(futurePointOpacity(0, 1)).toBe(1);
  });

  it('puts an arrow every third step, pointing the way of motion, none across the antimeridian or on a standing satellite', () => {
    const west = directionArrows(LEO_TRACK.points);
    expect(west).toHaveLength(8);
    for (const arrow of west) expect(Math.abs(arrow.angle)).toBeCloseTo(180, 6);
    // First arrow: middle of 95° E → 75° E on the equator, x = 500 + 85 × 1000/360.
    expect(west[0]?.x).toBeCloseTo(736.11, 2);
    expect(west[0]?.y).toBeCloseTo(250, 6);
    const north = directionArrows(MERIDIAN_TRACK.points);
    expect(north).toHaveLength(8);
    for (const arrow of north) expect(arrow.angle).toBeCloseTo(-90, 6);
    expect(directionArrows(GEO_TRACK.points)).toEqual([]);
    expect(directionArrows([
      { latitude: 0, longitude: 175 },
      { latitude: 0, longitude: -165 },
    ])).toEqual([]);
  });
});

describe('densifyTrack', () => {
  it('keeps every predicted point and adds four on the great circle between each pair', () => {
    const dense = densifyTrack(MERIDIAN_TRACK.points);
    expect(dense).toHaveLength(24 * 5 + 1);
    MERIDIAN_TRACK.points.forEach((point, index) => expect(dense[index * 5]).toBe(point));
    // Along the 35° E meridian every minute is 1° of latitude.
    expect(dense[1]?.latitude).toBeCloseTo(-59, 9);
    expect(dense[1]?.longitude).toBeCloseTo(35, 9);
  });

  it('goes over the pole, not along the parallel, between 80° N 0° and 80° N 180°', () => {
    const [, middle] = densifyTrack(
      [
        { latitude: 80, longitude: 0 },
        { latitude: 80, longitude: 180 },
      ],
      2,
    );
    expect(middle?.latitude).toBeCloseTo(90, 6);
  });

  it('crosses the antimeridian in one-minute pieces, so the split still falls on the edges', () => {
    const dense = densifyTrack(LEO_TRACK.points);
    // -165° then -169, -173, -177, 179 (wrapped), 175.
    expect(dense.slice(65, 71).map((point) => Math.round(point.longitude))).toEqual([-165, -169, -173, -177, 179, 175]);
    const segments = splitAtAntimeridian(dense);
    expect(segments).toHaveLength(2);
    expect(segments[0]?.at(-1)?.longitude).toBe(-180);
    expect(segments[1]?.[0]?.longitude).toBe(180);
    expect(segments[0]?.at(-1)?.latitude).toBeCloseTo(0, 9);
  });

  it('adds nothing for a satellite that does not move', () => {
    expect(densifyTrack(GEO_TRACK.points)).toHaveLength(GEO_TRACK.points.length);
  });
});
