/** The calculator's circular orbit: through the point, northbound, of the requested inclination and altitude. */
import { describe, expect, it } from 'vitest';
import { geodeticToEcef } from '../frames/geodetic.ts';
import { temeToEcef } from '../frames/teme-ecef.ts';
import { degToRad, degrees, km, temePosition, utcMs } from '../units.ts';
import { circularOrbitThroughPoint, inclinationReaches } from './circular-orbit.ts';
import { EARTH_EQUATORIAL_RADIUS_KM, EARTH_MU_KM3_S2 } from './constants.ts';

const time = utcMs(Date.UTC(2024, 5, 1, 12));

describe('circularOrbitThroughPoint', () => {
  for (const inclinationDeg of [51.6, 97.5, 142]) {
    it(`puts the satellite over the point, moving north, at i = ${inclinationDeg}°`, () => {
      const c = circularOrbitThroughPoint({ time, latitudeDeg: 32, longitudeDeg: 35, altitudeKm: 450, inclinationDeg });
      expect(c.orbit.semiMajorAxisKm).toBe(EARTH_EQUATORIAL_RADIUS_KM + 450);
      expect(c.orbit.eccentricity).toBe(0);
      expect(c.orbit.inclinationRad).toBeCloseTo((inclinationDeg * Math.PI) / 180, 15);
      const { r, v } = c.state;
      const point = geodeticToEcef({ latitude: degToRad(degrees(32)), longitude: degToRad(degrees(35)), altitude: km(450) });
      const satellite = temeToEcef(temePosition(r[0], r[1], r[2]), time);
      const cos = (satellite[0] * point[0] + satellite[1] * point[1] + satellite[2] * point[2]) / (Math.hypot(...satellite) * Math.hypot(...point));
      expect(Math.acos(Math.min(1, cos))).toBeLessThan(1e-9);
      expect(v[2]).toBeGreaterThan(0);
      expect(Math.hypot(...v)).toBeCloseTo(Math.sqrt(EARTH_MU_KM3_S2 / c.orbit.semiMajorAxisKm), 12);
      // The angular momentum gives back the inclination.
      const h = [r[1] * v[2] - r[2] * v[1], r[2] * v[0] - r[0] * v[2], r[0] * v[1] - r[1] * v[0]];
      expect((Math.acos(h[2]! / Math.hypot(...h)) * 180) / Math.PI).toBeCloseTo(inclinationDeg, 9);
    });
  }

  it('handles equatorial orbits (i = 0° and 180°) over the equator', () => {
    for (const inclinationDeg of [0, 180]) {
      const c = circularOrbitThroughPoint({ time, latitudeDeg: 0, longitudeDeg: -70, altitudeKm: 400, inclinationDeg });
      const satellite = temeToEcef(temePosition(...c.state.r), time);
      expect((Math.atan2(satellite[1], satellite[0]) * 180) / Math.PI).toBeCloseTo(-70, 9);
      expect(Math.abs(c.state.r[2])).toBeLessThan(1e-9);
      const h = c.state.r[0] * c.state.v[1] - c.state.r[1] * c.state.v[0];
      expect(Math.sign(h)).toBe(inclinationDeg === 0 ? 1 : -1);
    }
  });

  it('refuses a latitude the orbit never reaches', () => {
    expect(inclinationReaches(51.6, 51.6)).toBe(true);
    expect(inclinationReaches(51.6, -52)).toBe(false);
    expect(inclinationReaches(142, 38)).toBe(true);
    expect(inclinationReaches(142, 39)).toBe(false);
    expect(() => circularOrbitThroughPoint({ time, latitudeDeg: 60, longitudeDeg: 0, altitudeKm: 400, inclinationDeg: 51.6 })).toThrow(RangeError);
  });
});
