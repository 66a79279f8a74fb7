/**
 * F = ½ ρ v_rel² Cd A with v_rel = v − ω⊕ × r, against hand arithmetic on the README moderate-case density
 * (NRLMSISE-00, 400 km: 6.775e-12 kg/m³; shared/reference/atmosphere/README.md).
 */
import { describe, expect, it } from 'vitest';
import { utcMs } from '../units.ts';
import { velocityRelativeToAtmosphere } from './atmosphere-frame.ts';
import { EARTH_EQUATORIAL_RADIUS_KM, EARTH_MU_KM3_S2, EARTH_ROTATION_RAD_PER_S } from './constants.ts';
import { dragAtState, dragForceN, dragParameter } from './drag-force.ts';

describe('drag force', () => {
  it('½ ρ v² Cd A: 6.775e-12 kg/m³ at 7.67 km/s on 2.2 × 3.2 m² is 1.40 mN', () => {
    const f = dragForceN(6.775e-12, 7.67, 2.2, 3.2);
    expect(f).toBeCloseTo(0.5 * 6.775e-12 * 7670 ** 2 * 2.2 * 3.2, 15);
    expect(f).toBeCloseTo(1.403e-3, 6);
    expect(dragParameter(2.2, 3.2, 400)).toBeCloseTo(0.0176, 12);
  });

  it('v_rel on an equatorial circular orbit is v − ω r prograde and v + ω r retrograde', () => {
    const a = EARTH_EQUATORIAL_RADIUS_KM + 400;
    const v = Math.sqrt(EARTH_MU_KM3_S2 / a);
    const pro = velocityRelativeToAtmosphere([a, 0, 0], [0, v, 0]);
    const retro = velocityRelativeToAtmosphere([a, 0, 0], [0, -v, 0]);
    expect(Math.hypot(...pro)).toBeCloseTo(v - EARTH_ROTATION_RAD_PER_S * a, 12);
    expect(Math.hypot(...retro)).toBeCloseTo(v + EARTH_ROTATION_RAD_PER_S * a, 12);
    // Over the pole the air moves across the track only: |v_rel| = √(v² + (ω r)²)… with r on the axis, ω × r = 0.
    expect(Math.hypot(...velocityRelativeToAtmosphere([0, 0, a], [v, 0, 0]))).toBeCloseTo(v, 12);
  });

  it('dragAtState: density at the state\'s place, relative velocity, force and deceleration', () => {
    const a = EARTH_EQUATORIAL_RADIUS_KM + 400;
    const v = Math.sqrt(EARTH_MU_KM3_S2 / a);
    const time = utcMs(Date.UTC(2021, 2, 21, 12));
    const r = dragAtState({ r: [a, 0, 0], v: [0, v, 0], time, model: 'nrlmsise00', spaceWeather: { f107: 150, f107A: 150, ap: 15 }, dragCoefficient: 2.2, areaM2: 3.2, massKg: 400 });
    expect(r.point.altitudeKm).toBeCloseTo(400, 6);
    expect(r.point.latitudeDeg).toBeCloseTo(0, 9);
    expect(r.relativeSpeedKmPerS).toBeCloseTo(v - EARTH_ROTATION_RAD_PER_S * a, 12);
    expect(r.forceN).toBeCloseTo(dragForceN(r.densityKgPerM3, r.relativeSpeedKmPerS, 2.2, 3.2), 18);
    expect(r.accelerationMPerS2).toBeCloseTo(r.forceN / 400, 18);
    // Order of magnitude: a 400 kg, 3.2 m² satellite at 400 km in moderate activity feels ~0.1–1 mN (~1e-6 m/s²).
    expect(r.forceN).toBeGreaterThan(1e-4);
    expect(r.forceN).toBeLessThan(1e-3 * 2);
  });
});
