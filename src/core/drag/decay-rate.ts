/**
 * Decay of a near-circular orbit at one density: da/dt = −ρ (Cd A/m) √(μ a) (Vallado §9.6; King-Hele 1987,
 * ch. 4: the circular-orbit limit, atmosphere not rotating), and the period change it implies,
 * dT/dt = (3/2)(T/a) da/dt from T = 2π √(a³/μ) (Kepler's third law).
 *
 * This is the textbook closed form; orbit-average.ts gives the same rate averaged over a revolution with the
 * atmosphere's rotation, which is what the calculator reports.
 */
import { EARTH_MU_KM3_S2, SECONDS_PER_DAY } from './constants.ts';
import { periodSeconds } from './mean-orbit.ts';

export interface CircularDecay {
  /** da/dt, km/day (negative). */
  readonly semiMajorAxisRateKmPerDay: number;
  /** dT/dt, seconds of period per day (negative). */
  readonly periodRateSecondsPerDay: number;
}

/** da/dt and dT/dt for a circular orbit of radius `semiMajorAxisKm` in air of density ρ (kg/m³), Cd·A/m in m²/kg. */
export function circularDecayRate(densityKgPerM3: number, dragParameterM2PerKg: number, semiMajorAxisKm: number): CircularDecay {
  const aM = semiMajorAxisKm * 1000;
  const dadtMPerS = -densityKgPerM3 * dragParameterM2PerKg * Math.sqrt(EARTH_MU_KM3_S2 * 1e9 * aM);
  const semiMajorAxisRateKmPerDay = (dadtMPerS / 1000) * SECONDS_PER_DAY;
  return { semiMajorAxisRateKmPerDay, periodRateSecondsPerDay: periodRate(semiMajorAxisKm, semiMajorAxisRateKmPerDay) };
}

/** dT/dt (s/day) of an orbit of semi-major axis a (km) whose a changes by `semiMajorAxisRateKmPerDay`. */
export function periodRate(semiMajorAxisKm: number, semiMajorAxisRateKmPerDay: number): number {
  return (1.5 * periodSeconds(semiMajorAxisKm) * semiMajorAxisRateKmPerDay) / semiMajorAxisKm;
}
