/**
 * The height integrations of JB2008 (SET `JB2008.for`, DO loops 1–2, 4–5 and 6–7): the
 * barometric equation (Eq. 5) and the diffusion equation (Eq. 6) are integrated with the
 * five-point Newton–Cotes rule on panels whose ends grow geometrically (each panel spans the
 * same ratio of heights, at most e^R). The SET code has no separate GAUSS routine; the
 * quadrature is this inline loop.
 *
 * The Fortran carries two heights from one integration to the next, and they are not exactly
 * equal: ZEND, the end of the last panel (ZR·Z), and Z, the last abscissa (reached by adding DZ
 * four times). The next integration takes its step count from ln(Ztop/Z) but starts its panels
 * at ZEND, and it reuses the last integrand value. `QuadratureState` keeps all three so that
 * the sums match the Fortran's to rounding.
 */
import { WT } from './constants.ts';

export interface QuadratureState {
  /** Z: the last abscissa, km. */
  readonly z: number;
  /** ZEND: the end of the last panel, km. */
  readonly zEnd: number;
  /** AIN: the integrand at the last abscissa. */
  readonly integrand: number;
}

export interface QuadratureResult {
  /** The integral (SUM2 or SUM3 of the Fortran), integrand units × km. */
  readonly sum: number;
  readonly end: QuadratureState;
}

/**
 * Integrates `f` from `start` up (or down) to `zTop` km with N = ⌊ln(zTop/Z)/step⌋ + 1 panels of
 * equal height ratio ZR = exp(ln(zTop/Z)/N) (IDINT truncates toward zero).
 */
export function integrate(start: QuadratureState, zTop: number, step: number, f: (altitudeKm: number) => number): QuadratureResult {
  const al = Math.log(zTop / start.z);
  const n = Math.trunc(al / step) + 1;
  const zr = Math.exp(al / n);
  let z = start.z;
  let zEnd = start.zEnd;
  let ain = start.integrand;
  let sum = 0;
  for (let i = 0; i < n; i++) {
    z = zEnd;
    zEnd = zr * z;
    const dz = 0.25 * (zEnd - z);
    let sum1 = WT[0] * ain;
    for (let j = 1; j < 5; j++) {
      z += dz;
      ain = f(z);
      sum1 += (WT[j] as number) * ain;
    }
    sum += dz * sum1;
  }
  return { sum, end: { z, zEnd, integrand: ain } };
}
