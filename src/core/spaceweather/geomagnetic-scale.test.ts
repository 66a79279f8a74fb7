import { describe, expect, it } from 'vitest';
import { geomagneticScale, kpText, NOAA_G_SCALE } from './geomagnetic-scale.ts';
import { newestObservationEnd } from './newest-observation.ts';

// NOAA SWPC, "NOAA Space Weather Scales" (www.swpc.noaa.gov/noaa-scales-explanation), geomagnetic storms:
// G1 Minor Kp = 5, G2 Moderate Kp = 6, G3 Strong Kp = 7, G4 Severe Kp = 8 including a 9−, G5 Extreme Kp = 9.
const NOAA_TABLE: [number, number, string][] = [
  [5, 1, 'Minor'],
  [6, 2, 'Moderate'],
  [7, 3, 'Strong'],
  [8, 4, 'Severe'],
  [9, 5, 'Extreme'],
];

describe('NOAA G-scale from Kp', () => {
  it('follows SWPC’s table: Kp 5 → G1 Minor … Kp 9 → G5 Extreme', () => {
    for (const [kp, g, name] of NOAA_TABLE) expect(geomagneticScale(kp), `Kp ${kp}`).toMatchObject({ g, name });
    expect(NOAA_G_SCALE.map((s) => [s.kp, s.g, s.name])).toEqual(NOAA_TABLE);
  });

  it('puts 9− in G4 ("Kp = 8, including a 9−") and counts each third with the whole value it is written with', () => {
    const g = (kp: number) => geomagneticScale(kp)?.g ?? 0;
    // 4+, 5−, 5o, 5+, 6−, 7−, 8−, 8+, 9−, 9o
    expect([13, 14, 15, 16, 17, 20, 23, 25, 26, 27].map((thirds) => g(thirds / 3))).toEqual([0, 1, 1, 1, 2, 3, 4, 4, 4, 5]);
    // SWPC's decimal thirds (4.67, 8.67) are read at the nearest third.
    expect([4.67, 8.67, 8.99].map(g)).toEqual([1, 4, 5]);
    expect([0, 3, 4 + 1 / 3].map((kp) => geomagneticScale(kp))).toEqual([undefined, undefined, undefined]);
  });

  it('gives the spec’s alert colours: G4–G5 Major (red), G3 High (orange), G2 Moderate, G1 Minor', () => {
    expect([5, 6, 7, 8, 9].map((kp) => geomagneticScale(kp)?.level)).toEqual(['Minor', 'Moderate', 'High', 'Major', 'Major']);
  });

  it('writes Kp in thirds as Bartels’ notation does: 3o, 5−, 7+', () => {
    expect([3, 5 - 1 / 3, 7 + 1 / 3, 9 - 1 / 3, 0, 26 / 3].map(kpText)).toEqual(['3o', '5−', '7+', '9−', '0o', '9−']);
  });
});

describe('newestObservationEnd', () => {
  it('is the end of the newer of the last observed F10.7 day and the last observed 3-hour ap interval', () => {
    expect(newestObservationEnd({ lastObservedFluxDate: '2026-04-26', lastObservedApInterval: '2026-04-26T21:00Z/+3h' })).toBe(Date.parse('2026-04-27T00:00:00Z'));
    expect(newestObservationEnd({ lastObservedFluxDate: '2026-04-25', lastObservedApInterval: '2026-04-26T09:00Z/+3h' })).toBe(Date.parse('2026-04-26T12:00:00Z'));
    expect(newestObservationEnd({ lastObservedFluxDate: null, lastObservedApInterval: null })).toBeUndefined();
  });
});
