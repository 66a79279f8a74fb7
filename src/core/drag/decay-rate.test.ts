/** da/dt = −ρ (Cd A/m) √(μa) and the period change (Vallado §9.6; Kepler's third law). */
import { describe, expect, it } from 'vitest';
import { EARTH_MU_KM3_S2 } from './constants.ts';
import { circularDecayRate, periodRate } from './decay-rate.ts';
import { periodSeconds } from './mean-orbit.ts';

describe('circular decay rate', () => {
  it('is −ρ B √(μa) in km/day', () => {
    // ρ = 4e-12 kg/m³, Cd·A/m = 0.01 m²/kg, a = 6778.137 km: √(μa) = 5.1979e10 m²/s → 2.079e-3 m/s = 0.1796 km/day.
    const r = circularDecayRate(4e-12, 0.01, 6778.137);
    const expected = -4e-12 * 0.01 * Math.sqrt(EARTH_MU_KM3_S2 * 1e9 * 6778.137e3) * 86.4;
    expect(r.semiMajorAxisRateKmPerDay).toBeCloseTo(expected, 12);
    expect(r.semiMajorAxisRateKmPerDay).toBeCloseTo(-0.1796, 4);
  });

  it('period change = (3/2)(T/a) da/dt, the derivative of T = 2π√(a³/μ)', () => {
    const a = 6828;
    const h = 1e-3;
    const numeric = (periodSeconds(a + h) - periodSeconds(a - h)) / (2 * h);
    expect(periodRate(a, -0.1)).toBeCloseTo(numeric * -0.1, 9);
    // 450 km, 0.1 km/day: about −0.12 s of period per day.
    expect(periodRate(a, -0.1)).toBeCloseTo(-0.1235, 3);
  });
});
