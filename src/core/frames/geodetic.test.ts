import { describe, expect, it } from 'vitest';
import { degrees, degToRad, ecefPosition, km, radToDeg, temePosition } from '../units.ts';
import { ecefToGeodetic, ellipsoidAltitude, geodeticToEcef } from './geodetic.ts';
import { WGS84_B, WGS84_E2 } from './wgs84.ts';

const deg = (x: number) => degToRad(degrees(x));

describe('WGS-84 geodetic conversions', () => {
  it('derives the TR8350.2 Table 3.3 constants', () => {
    expect(WGS84_B * 1000).toBeCloseTo(6356752.3142, 4);
    expect(WGS84_E2).toBeCloseTo(6.69437999014e-3, 14);
  });

  it('reproduces Vallado Example 3-3: (6524.834, 6862.875, 6448.296) km → 34.352496°, 46.4464°, 5085.22 km', () => {
    // Vallado, Fundamentals of Astrodynamics and Applications, 4th ed., Example 3-3 (Algorithm 12).
    // The book's latitude carries the tolerance its iteration stopped at: iterated to convergence,
    // both WGS-84 and the book's own e⊕ = 0.081819221456 give 34.3524952°, within 1e-6° of it.
    const g = ecefToGeodetic(ecefPosition(6524.834, 6862.875, 6448.296));
    expect(Math.abs(radToDeg(g.latitude) - 34.352496)).toBeLessThan(1e-6);
    expect(radToDeg(g.longitude)).toBeCloseTo(46.4464, 4);
    expect(g.altitude).toBeCloseTo(5085.22, 2);
  });

  it('reproduces Vallado Example 7-1: site 39.007°, −104.883°, 2187 m → (−1275.1219, −4797.9890, 3994.2975) km', () => {
    const r = geodeticToEcef({ latitude: deg(39.007), longitude: deg(-104.883), altitude: km(2.187) });
    expect(r[0]).toBeCloseTo(-1275.1219, 4);
    expect(r[1]).toBeCloseTo(-4797.989, 4);
    expect(r[2]).toBeCloseTo(3994.2975, 4);
  });

  it('puts the equator and the poles where the ellipsoid says', () => {
    expect(geodeticToEcef({ latitude: deg(0), longitude: deg(0), altitude: km(0) })).toEqual([6378.137, 0, 0]);
    const pole = ecefToGeodetic(ecefPosition(0, 0, WGS84_B + 100));
    expect(radToDeg(pole.latitude)).toBe(90);
    expect(pole.altitude).toBeCloseTo(100, 9);
    expect(ecefToGeodetic(ecefPosition(0, 0, -WGS84_B)).altitude).toBeCloseTo(0, 9);
  });

  it('round-trips from the ground to GEO at every latitude to 1e-9 km', () => {
    for (const lat of [-90, -89.9999, -60, -1e-7, 0, 33.3, 45, 89.99, 90]) {
      for (const alt of [-0.4, 0, 400, 20_200, 35_786]) {
        const g = { latitude: deg(lat), longitude: deg(-123.4), altitude: km(alt) };
        const back = ecefToGeodetic(geodeticToEcef(g));
        expect(Math.abs(back.latitude - g.latitude), `${lat} ${alt}`).toBeLessThan(1e-14);
        expect(Math.abs(back.altitude - alt), `${lat} ${alt}`).toBeLessThan(1e-9);
        if (Math.abs(lat) < 90) expect(back.longitude).toBeCloseTo(g.longitude, 14);
      }
    }
  });

  it('gives the same altitude for a TEME vector as for its ECEF rotation', () => {
    const r = temePosition(-9060.47373569, 4658.70952502, 813.68673153);
    const theta = 1.234;
    const ecef = ecefPosition(Math.cos(theta) * r[0] + Math.sin(theta) * r[1], -Math.sin(theta) * r[0] + Math.cos(theta) * r[1], r[2]);
    expect(ellipsoidAltitude(r)).toBeCloseTo(ecefToGeodetic(ecef).altitude, 9);
  });
});
