/**
 * The exospheric density correction factor FEX of JB2008 above 1000 km (SET `JB2008.for`;
 * Bowman 2001, "Atmospheric Density Variations at 1500 km to 4000 km Height Determined from Long
 * Term Orbit Perturbation Analysis", AAS 01-132): linear in height and F10B from 1500 km up,
 * joined to 1 at 1000 km by a cubic in ζ = (z − 1000)/500 that matches the value and slope at
 * 1500 km. 1 below 1000 km.
 */
import { CHT } from './constants.ts';

export function highAltitudeCorrection(altitudeKm: number, f10b: number): number {
  const [cht1, cht2, cht3, cht4] = CHT;
  if (altitudeKm >= 1500) return cht1 + cht2 * f10b + cht3 * altitudeKm + cht4 * f10b * altitudeKm;
  if (altitudeKm < 1000) return 1;
  const zeta = (altitudeKm - 1000) * 0.002;
  const zeta2 = zeta * zeta;
  const zeta3 = zeta * zeta2;
  const f15c = cht1 + cht2 * f10b + cht3 * 1500 + cht4 * f10b * 1500;
  const f15cZeta = (cht3 + cht4 * f10b) * 500;
  const fex2 = 3 * f15c - f15cZeta - 3;
  const fex3 = f15cZeta - 2 * f15c + 2;
  return 1 + fex2 * zeta2 + fex3 * zeta3;
}
