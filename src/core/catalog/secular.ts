/**
 * Secular J2 rates of the node, perigee and mean anomaly of a mean orbit
 * (Vallado, "Fundamentals of Astrodynamics and Applications", 4th ed., §9.6,
 * Eq. 9-41; first-order in J2). Used to place a satellite's older element sets
 * consistently along its orbit when the demo builds element-set histories.
 */
import { WGS72_J2, WGS72_MU, WGS72_RADIUS } from '../orbit/wgs72.ts';

export interface SecularRates {
  /** rad/s */
  raanDot: number;
  /** rad/s */
  argPerigeeDot: number;
  /** rad/s, including the mean motion */
  meanAnomalyDot: number;
}

export function secularRates(aKm: number, eccentricity: number, inclinationRad: number): SecularRates {
  const n = Math.sqrt(WGS72_MU / (aKm * aKm * aKm));
  const p = aKm * (1 - eccentricity * eccentricity);
  const k = 1.5 * WGS72_J2 * (WGS72_RADIUS / p) ** 2 * n;
  const sin2 = Math.sin(inclinationRad) ** 2;
  return {
    raanDot: -k * Math.cos(inclinationRad),
    argPerigeeDot: k * (2 - 2.5 * sin2),
    meanAnomalyDot: n + k * Math.sqrt(1 - eccentricity * eccentricity) * (1 - 1.5 * sin2),
  };
}

/** Mean motion in rev/day of a mean orbit of semi-major axis `aKm` (WGS-72 μ). */
export function meanMotionRevPerDay(aKm: number): number {
  return (Math.sqrt(WGS72_MU / (aKm * aKm * aKm)) * 86400) / (2 * Math.PI);
}
