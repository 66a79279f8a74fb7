/**
 * The Bates–Jacchia temperature profile of JB2008 (SET `JB2008.for`, Jacchia 1970 equations):
 * the inflection-point temperature Tx at 125 km from the exospheric temperature (Eq. 9), the
 * gradient there (Eq. 11), and the local temperature `XLOCAL`: a polynomial below 125 km
 * (Eq. 10) and an arctangent approach to T∞ above it (Eq. 13).
 */
import { PIOV2 } from './constants.ts';

/** The array `TC` of the Fortran: the four coefficients that fix the profile for one T∞. */
export interface TemperatureProfile {
  /** TC(1) = Tx, the temperature at 125 km, K. */
  readonly tx: number;
  /** TC(2) = Gx, the temperature gradient at 125 km, K/km. */
  readonly gx: number;
  /** TC(3) = A = (T∞ − Tx)/(π/2), K. */
  readonly a: number;
  /** TC(4) = Gx/A, 1/km. */
  readonly gxOverA: number;
}

/** The profile for exospheric temperature `tinf` (K): Eq. (9), (11) and the A of Eq. (13). */
export function temperatureProfile(tinf: number): TemperatureProfile {
  // Eq. (9)
  const tx = 444.3807 + 0.02385 * tinf - 392.8292 * Math.exp(-0.0021357 * tinf);
  // Eq. (11)
  const gx = 0.054285714 * (tx - 183);
  // Eq. (13); PIOV2 is the model's truncated 1.5707963.
  const a = (tinf - tx) / PIOV2;
  return { tx, gx, a, gxOverA: gx / a };
}

/** `XLOCAL`: the temperature (K) at `altitudeKm`, Eq. (10) at or below 125 km, Eq. (13) above. */
export function localTemperature(altitudeKm: number, tc: TemperatureProfile): number {
  const dz = altitudeKm - 125;
  if (dz <= 0) return ((-9.8204695e-6 * dz - 7.3039742e-4) * (dz * dz) + 1) * dz * tc.gx + tc.tx;
  return tc.tx + tc.a * Math.atan(tc.gxOverA * dz * (1 + 4.5e-6 * dz ** 2.5));
}
