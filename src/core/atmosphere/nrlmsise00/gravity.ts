/**
 * Latitude-dependent surface gravity and effective Earth radius (routine GLATF, kept by the
 * original in common PARMB as GSURF and RE), and the scale height SCALH that uses them.
 * Formulas and constants as in the NRL Fortran release and Brodowski's C release (nrlmsise-00.c).
 */

/** GSURF (cm/s^2) and RE (km) for one evaluation; the original keeps them in module state. */
export interface Gravity {
  /** Surface gravity, cm/s^2. */
  readonly gsurf: number;
  /** Effective Earth radius, km. */
  readonly re: number;
}

/** Degrees to radians as the model writes it (DGTR = 1.74533E-2), kept for identical results. */
export const DGTR = 1.74533e-2;

/** Gas constant in the model's units (RGAS = 831.4). */
export const RGAS = 831.4;

/** GLATF: gravity and effective radius at geodetic latitude `lat` (degrees). */
export function glatf(lat: number): Gravity {
  const c2 = Math.cos(2.0 * DGTR * lat);
  const gsurf = 980.616 * (1.0 - 0.0026373 * c2);
  const re = ((2.0 * gsurf) / (3.085462e-6 + 2.27e-9 * c2)) * 1.0e-5;
  return { gsurf, re };
}

/** SCALH: scale height (km) of molecular weight `xm` at temperature `temp` and altitude `alt`. */
export function scalh(gravity: Gravity, alt: number, xm: number, temp: number): number {
  const g = gravity.gsurf / (1.0 + alt / gravity.re) ** 2;
  return (RGAS * temp) / (g * xm);
}
