/**
 * The orbit-averaged decay against closed forms:
 * - with the atmosphere's rotation, the averaged da/dt over the circular-orbit law da/dt = −ρ̄ (Cd A/m) √(μa)
 *   (Vallado §9.6) is King-Hele's factor F = (1 − r ω⊕ cos i / v)² (King-Hele 1987): exactly for equatorial
 *   orbits, within 0.2 % for inclined ones, where density and wind vary together along the orbit;
 * - the sampling converges (12 samples against 48);
 * - on an eccentric orbit drag lowers e, and the apogee more than the perigee (King-Hele 1987, ch. 4).
 */
import { describe, expect, it } from 'vitest';
import { utcMs } from '../units.ts';
import { EARTH_EQUATORIAL_RADIUS_KM, EARTH_MU_KM3_S2, EARTH_ROTATION_RAD_PER_S } from './constants.ts';
import { circularDecayRate } from './decay-rate.ts';
import type { MeanOrbit } from './mean-orbit.ts';
import { orbitAveragedDecay, samplesPerOrbit } from './orbit-average.ts';

const time = utcMs(Date.UTC(2024, 2, 20));
const sw = { f107: 150, f107A: 150, ap: 15 };
const circular = (altitudeKm: number, inclinationDeg: number): MeanOrbit => ({
  semiMajorAxisKm: EARTH_EQUATORIAL_RADIUS_KM + altitudeKm,
  eccentricity: 0,
  inclinationRad: (inclinationDeg * Math.PI) / 180,
  raanRad: 1,
  argPerigeeRad: 0,
});

describe('orbit-averaged decay', () => {
  it("equals the circular-orbit law times King-Hele's rotation factor F", () => {
    for (const [inclination, tolerance] of [[0, 1e-9], [51.6, 2e-3], [97.5, 2e-3], [142, 2e-3], [180, 1e-9]] as const) {
      const orbit = circular(400, inclination);
      const r = orbitAveragedDecay({ orbit, time, dragParameterM2PerKg: 0.01, model: 'nrlmsise00', spaceWeather: sw, samples: 48 });
      const law = circularDecayRate(r.meanDensityKgPerM3, 0.01, orbit.semiMajorAxisKm).semiMajorAxisRateKmPerDay;
      const v = Math.sqrt(EARTH_MU_KM3_S2 / orbit.semiMajorAxisKm);
      const f = (1 - (orbit.semiMajorAxisKm * EARTH_ROTATION_RAD_PER_S * Math.cos(orbit.inclinationRad)) / v) ** 2;
      expect(Math.abs(r.semiMajorAxisRateKmPerDay / law / f - 1), `i = ${inclination}°`).toBeLessThan(tolerance);
      expect(r.eccentricityRatePerDay).toBe(0);
    }
  });

  it('12 samples per revolution agree with 48 to 1 % (circular orbits, 200–800 km, both models)', () => {
    for (const model of ['nrlmsise00', 'jb2008'] as const) {
      for (const altitude of [200, 400, 800]) {
        for (const inclination of [28.5, 97.5]) {
          const orbit = circular(altitude, inclination);
          const coarse = orbitAveragedDecay({ orbit, time, dragParameterM2PerKg: 0.01, model, spaceWeather: sw, samples: 12 });
          const fine = orbitAveragedDecay({ orbit, time, dragParameterM2PerKg: 0.01, model, spaceWeather: sw, samples: 48 });
          expect(Math.abs(coarse.semiMajorAxisRateKmPerDay / fine.semiMajorAxisRateKmPerDay - 1), `${model} ${altitude} km ${inclination}°`).toBeLessThan(0.01);
        }
      }
    }
  });

  it('on an eccentric orbit lowers e, the apogee faster than the perigee; its sampling converges', () => {
    const orbit: MeanOrbit = { semiMajorAxisKm: EARTH_EQUATORIAL_RADIUS_KM + 600, eccentricity: 0.02, inclinationRad: 1, raanRad: 0.5, argPerigeeRad: 2 };
    const n = samplesPerOrbit(orbit);
    expect(n).toBeGreaterThan(12);
    const r = orbitAveragedDecay({ orbit, time, dragParameterM2PerKg: 0.01, model: 'nrlmsise00', spaceWeather: sw });
    expect(r.samples).toBe(n);
    expect(r.eccentricityRatePerDay).toBeLessThan(0);
    const perigeeRate = r.semiMajorAxisRateKmPerDay * (1 - orbit.eccentricity) - orbit.semiMajorAxisKm * r.eccentricityRatePerDay;
    const apogeeRate = r.semiMajorAxisRateKmPerDay * (1 + orbit.eccentricity) + orbit.semiMajorAxisKm * r.eccentricityRatePerDay;
    expect(apogeeRate).toBeLessThan(perigeeRate);
    expect(perigeeRate).toBeLessThan(0);
    expect(Math.abs(apogeeRate)).toBeGreaterThan(3 * Math.abs(perigeeRate));
    const fine = orbitAveragedDecay({ orbit, time, dragParameterM2PerKg: 0.01, model: 'nrlmsise00', spaceWeather: sw, samples: 192 });
    expect(Math.abs(r.semiMajorAxisRateKmPerDay / fine.semiMajorAxisRateKmPerDay - 1)).toBeLessThan(0.01);
    expect(Math.abs(r.eccentricityRatePerDay / fine.eccentricityRatePerDay - 1)).toBeLessThan(0.01);
  });

  it('averages over a step: a span spreads the samples in time and follows the series', () => {
    const orbit = circular(400, 51.6);
    const quiet = { f107: 70, f107A: 70, ap: 4 };
    const active = { f107: 250, f107A: 250, ap: 50 };
    const switchAt = utcMs(time + 0.5 * 86_400_000);
    const rate = (spaceWeather: typeof sw | ((t: number) => typeof sw), spanDays: number) =>
      orbitAveragedDecay({ orbit, time, spanDays, dragParameterM2PerKg: 0.01, model: 'nrlmsise00', spaceWeather, samples: 24 }).semiMajorAxisRateKmPerDay;
    const half = rate((t) => (t < switchAt ? quiet : active), 1);
    expect(half).toBeLessThan(rate(quiet, 0));
    expect(half).toBeGreaterThan(rate(active, 0));
    // Half the samples in each regime: close to the mean of the two.
    expect(half / ((rate(quiet, 0) + rate(active, 0)) / 2)).toBeGreaterThan(0.8);
    expect(half / ((rate(quiet, 0) + rate(active, 0)) / 2)).toBeLessThan(1.2);
  });
});

describe('inputs that cannot be averaged', () => {
  it('gcd is iterative and refuses non-integers instead of recursing forever', async () => {
    const { gcd } = await import('./orbit-average.ts');
    expect(gcd(12, 18)).toBe(6);
    expect(gcd(0, 7)).toBe(7);
    expect(gcd(46, 121)).toBe(1);
    // Consecutive Fibonacci numbers: Euclid's worst case, 77 steps, no stack involved.
    expect(gcd(5527939700884757, 8944394323791464)).toBe(1);
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, 1.5, 2 ** 53 + 2]) {
      // Named, not "Maximum call stack size exceeded" (also a RangeError), which the recursive form gave for NaN.
      expect(() => gcd(bad, 12)).toThrow(`gcd needs two safe integers, got ${bad} and 12`);
      expect(() => gcd(12, bad)).toThrow(`gcd needs two safe integers, got 12 and ${bad}`);
    }
  });

  it('refuses a NaN or unbound orbit with a RangeError (it once reached gcd as a NaN sample count)', () => {
    const nan = { ...circular(400, 51.6), semiMajorAxisKm: Number.NaN };
    expect(() => samplesPerOrbit(nan)).toThrow('semi-major axis NaN km is not a positive finite number');
    expect(() => orbitAveragedDecay({ orbit: nan, time, dragParameterM2PerKg: 0.01, model: 'nrlmsise00', spaceWeather: sw })).toThrow(/semi-major axis NaN km/);
    const open = { ...circular(400, 51.6), eccentricity: 1 };
    expect(() => orbitAveragedDecay({ orbit: open, time, dragParameterM2PerKg: 0.01, model: 'nrlmsise00', spaceWeather: sw })).toThrow(/eccentricity 1 is outside/);
    expect(() => orbitAveragedDecay({ orbit: circular(400, 51.6), time, dragParameterM2PerKg: 0.01, model: 'nrlmsise00', spaceWeather: sw, samples: 2.5 })).toThrow('samples per orbit 2.5 is not a whole number 1–100000');
  });
});
