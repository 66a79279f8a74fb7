import { describe, expect, it } from 'vitest';
import type { ElementSet } from '../elements/element-set.ts';
import { semiMajorAxis } from '../orbit/mean-elements.ts';
import { degrees, utcMs, type UtcMs } from '../units.ts';
import { orbitAveragedDensityRatios } from './density-outlook.ts';
import { meanOrbitAt } from './mean-orbit.ts';
import { orbitAveragedDecay } from './orbit-average.ts';

const EPOCH = utcMs(Date.parse('2026-03-21T00:00:00Z'));
const DAY_MS = 86_400_000;
// A 400 km circular orbit at 51.6°: n from a = R + 400 km with WGS-72 μ (Kepler's third law).
const MEAN_MOTION = 86_400 / (2 * Math.PI * Math.sqrt((6378.135 + 400) ** 3 / 398_600.8));
const SET: ElementSet = {
  norad: 1,
  classification: 'U',
  epoch: EPOCH,
  meanMotion: MEAN_MOTION,
  eccentricity: 0.0005,
  inclination: degrees(51.6),
  raan: degrees(40),
  argPerigee: degrees(90),
  meanAnomaly: degrees(0),
  bstar: 0,
  meanMotionDot: 0,
  meanMotionDdot: 0,
  elementSetNo: 999,
  revAtEpoch: 1,
  ephemerisType: 0,
};
const QUIET = { f107: 150, f107A: 150, ap: 15 };
const input = (spaceWeather: (t: UtcMs) => typeof QUIET) => ({ set: SET, time: EPOCH, dragParameterM2PerKg: 0.02, model: 'nrlmsise00' as const, spaceWeather });

describe('orbitAveragedDensityRatios', () => {
  it('is 1 for today, and the orbit-averaged density on the J2-moved, decayed orbit over today’s for later days', () => {
    expect(semiMajorAxis(MEAN_MOTION)).toBeCloseTo(6778.135, 6);
    const [today, tomorrow] = orbitAveragedDensityRatios(input(() => QUIET), [0, 1]);
    expect(today).toBe(1);
    const now = orbitAveragedDecay({ orbit: meanOrbitAt(SET, EPOCH), time: EPOCH, dragParameterM2PerKg: 0.02, model: 'nrlmsise00', spaceWeather: QUIET });
    const at = utcMs(EPOCH + DAY_MS);
    const later = orbitAveragedDecay({ orbit: meanOrbitAt(SET, at, now.semiMajorAxisRateKmPerDay), time: at, dragParameterM2PerKg: 0.02, model: 'nrlmsise00', spaceWeather: QUIET });
    expect(tomorrow).toBe(later.meanDensityKgPerM3 / now.meanDensityKgPerM3);
    // Constant space weather: a day changes the orbit-averaged density by a few percent at most (the orbit barely moves).
    expect(Math.abs(tomorrow! - 1)).toBeLessThan(0.05);
  });

  it('rises with a storm forecast: Ap 15 → 100 from tomorrow heats the thermosphere and raises the density', () => {
    const storm = (t: UtcMs) => (t >= EPOCH + 0.5 * DAY_MS ? { ...QUIET, ap: 100 } : QUIET);
    const [quietDay] = orbitAveragedDensityRatios(input(() => QUIET), [1]);
    const [stormDay] = orbitAveragedDensityRatios(input(storm), [1]);
    expect(stormDay!).toBeGreaterThan(1.3 * quietDay!);
  });
});
