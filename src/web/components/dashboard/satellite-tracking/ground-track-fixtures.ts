import type { GroundTrack, GroundTracksResponse } from '@contracts/satellites.ts';

/*
 * Test data only: GET /api/israeli-satellites/ground-tracks answers for the
 * tracking card's tests, with tracks simple enough to work out by hand.
 * Never imported by app code.
 */

export const TRACKS_START = '2025-03-01T19:05:00.000Z';

function times(count: number): string[] {
  return Array.from({ length: count }, (_, index) => new Date(Date.parse(TRACKS_START) + index * 5 * 60_000).toISOString());
}

/** Longitude wrapped to -180..180. */
function wrap(longitude: number): number {
  return ((((longitude + 180) % 360) + 360) % 360) - 180;
}

/**
 * OFEQ-16 (LEO, 94.6 min): 25 points on the equator moving west 20° a step,
 * from 95° E: 95, 75, …, -165, then 175 (the antimeridian between steps 13
 * and 14), …, -25. 24 steps of 20° = 480.0°; two segments.
 */
export const LEO_TRACK: GroundTrack = {
  id: 45918,
  name: 'OFEQ-16',
  category: 'military',
  period: 94.6,
  points: times(25).map((time, index) => ({ time, latitude: 0, longitude: wrap(95 - 20 * index), altitude: 500 })),
};

/** AMOS-17 (GEO, 1,436.1 min = 23.9 h): standing at 0.01° N, 17° E. 0.0°. */
export const GEO_TRACK: GroundTrack = {
  id: 44479,
  name: 'AMOS-17',
  category: 'commercial',
  period: 1436.1,
  points: times(25).map((time) => ({ time, latitude: 0.01, longitude: 17, altitude: 35786 })),
};

/** VENUS (LEO, 98.9 min): north along the 35° E meridian, 5° a step from 60° S to 60° N. 24 × 5° = 120.0°. */
export const MERIDIAN_TRACK: GroundTrack = {
  id: 42901,
  name: 'VENUS',
  category: 'scientific',
  period: 98.9,
  points: times(25).map((time, index) => ({ time, latitude: -60 + 5 * index, longitude: 35, altitude: 720 })),
};

/** TESTBED-1 (MEO, 720 min: a = 26,610 km, about 20,232 km up): three points 1° apart on the equator. 2.0°. */
export const MEO_TRACK: GroundTrack = {
  id: 40000,
  name: 'TESTBED-1',
  category: 'technology',
  period: 720,
  points: times(3).map((time, index) => ({ time, latitude: 0, longitude: index, altitude: 20232 })),
};

export const TEST_TRACKS: GroundTracksResponse = {
  start: TRACKS_START,
  stepMinutes: 5,
  horizonMinutes: 120,
  tracks: [LEO_TRACK, GEO_TRACK, MERIDIAN_TRACK, MEO_TRACK],
};
