import { describe, expect, it } from 'vitest';
import type { ElementSet } from '../elements/element-set.ts';
import { WGS72_MU } from '../orbit/wgs72.ts';
import { degrees, utcMs } from '../units.ts';
import { meanOrbitAt, meanOrbitFromElementSet, periodSeconds } from './mean-orbit.ts';

const EPOCH = utcMs(Date.UTC(2024, 0, 1));
const DAY_MS = 86_400_000;
const RAD = Math.PI / 180;

const elements = (meanMotion: number, inclinationDeg: number, eccentricity = 0.0001): ElementSet => ({
  norad: 1,
  classification: 'U',
  epoch: EPOCH,
  meanMotion,
  eccentricity,
  inclination: degrees(inclinationDeg),
  raan: degrees(10),
  argPerigee: degrees(20),
  meanAnomaly: degrees(0),
  bstar: 0,
  meanMotionDot: 0,
  meanMotionDdot: 0,
  elementSetNo: 999,
  revAtEpoch: 1,
  ephemerisType: 0,
});

/** Node and perigee moved over `days`, degrees. */
function drift(set: ElementSet, days: number) {
  const later = meanOrbitAt(set, utcMs(EPOCH + days * DAY_MS));
  return { raanDeg: later.raanRad / RAD - set.raan, argPerigeeDeg: later.argPerigeeRad / RAD - set.argPerigee, orbit: later };
}

describe('meanOrbitAt', () => {
  it('takes a from the mean motion with WGS-72 μ as SGP4 does: Kepler’s third law gives the period back, and the geostationary radius', () => {
    // A sidereal day, 86,164.0905 s (IERS Conventions 2010 ω⊕ = 7.292115e-5 rad/s): n = 1.00273791 rev/day.
    const geo = meanOrbitAt(elements(1.00273791, 0), EPOCH);
    // T = 2π √(a³/μ) with μ = 398,600.8 km³/s² (WGS-72, Vallado et al. 2006 getgravconst) is 86,400 s / n again.
    expect(periodSeconds(geo.semiMajorAxisKm, WGS72_MU)).toBeCloseTo(86_400 / 1.00273791, 6);
    // The geostationary radius, 42,164.17 km with μ = 398,600.4418 (Vallado, Fundamentals, 4th ed., §2.3), is
    // 42,164.18 km with WGS-72's μ (a ∝ μ^(1/3): +0.3 ppm).
    expect(geo.semiMajorAxisKm).toBeCloseTo(42_164.17 * Math.cbrt(398_600.8 / 398_600.4418), 2);
    for (const n of [15.5, 14.2, 2.00563]) {
      const a = meanOrbitAt(elements(n, 51.6), EPOCH).semiMajorAxisKm;
      expect(periodSeconds(a, WGS72_MU)).toBeCloseTo(86_400 / n, 6);
    }
  });

  it('is the element set’s mean orbit at its epoch, with a shifted as asked', () => {
    const set = elements(15.5, 51.64, 0.0007);
    expect(meanOrbitAt(set, EPOCH)).toEqual(meanOrbitFromElementSet(set).orbit);
    expect(meanOrbitAt(set, EPOCH, -1.5).semiMajorAxisKm).toBeCloseTo(meanOrbitFromElementSet(set).orbit.semiMajorAxisKm - 1.5, 12);
    expect(meanOrbitAt(set, utcMs(EPOCH + DAY_MS)).eccentricity).toBe(0.0007);
    expect(meanOrbitAt(set, utcMs(EPOCH + DAY_MS)).inclinationRad).toBeCloseTo(51.64 * RAD, 15);
  });

  it('turns a sun-synchronous orbit’s node with the Sun: Landsat 8 (705 km, 98.2°) by 360°/365.2422 d ≈ 0.9856° a day', () => {
    // USGS, Landsat 8 Data Users Handbook §2: near-polar sun-synchronous orbit, 705 km, inclination 98.2°.
    const a = 6378.137 + 705;
    const n = (Math.sqrt(WGS72_MU / a ** 3) * 86_400) / (2 * Math.PI);
    const { raanDeg } = drift(elements(n, 98.2), 1);
    expect(raanDeg).toBeCloseTo(360 / 365.2422, 2);
  });

  it('moves the ISS’s node westwards by about 5° a day (51.6°, ~420 km)', () => {
    expect(drift(elements(15.5, 51.64), 1).raanDeg).toBeCloseTo(-5.0, 1);
  });

  it('keeps the perigee of an orbit at the critical inclination arccos(1/√5) = 63.43° still (Molniya)', () => {
    const critical = Math.acos(1 / Math.sqrt(5)) / RAD;
    const { argPerigeeDeg, raanDeg } = drift(elements(2.00563, critical, 0.74), 10);
    expect(Math.abs(argPerigeeDeg)).toBeLessThan(1e-9);
    expect(raanDeg).toBeLessThan(0);
  });
});
