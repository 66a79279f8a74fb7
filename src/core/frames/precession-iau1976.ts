/**
 * IAU 1976 precession (Lieske, Lederle, Fricke & Morando 1977, A&A 58, 1–16), from the J2000.0
 * mean equator and equinox (EME2000) to the mean equator and equinox of date (MOD), as
 * Vallado, "Fundamentals of Astrodynamics and Applications", 4th ed., Eq. 3-88 to 3-91, and his
 * precess(ttt, '80') give it (also IERS Conventions 1996, IERS TN 21, Ch. 5; SOFA iauPrec76):
 *
 *   ζ = 2306.2181″ T + 0.30188″ T² + 0.017998″ T³
 *   θ = 2004.3109″ T − 0.42665″ T² − 0.041833″ T³
 *   z = 2306.2181″ T + 1.09468″ T² + 0.018203″ T³
 *
 *   r_MOD = ROT3(−z) ROT2(θ) ROT3(−ζ) r_J2000,   so   r_J2000 = ROT3(ζ) ROT2(−θ) ROT3(z) r_MOD
 *
 * with T the Julian centuries of TT since J2000.0 (the precession is from the fixed epoch J2000.0,
 * so Lieske's T₀ terms vanish).
 */
import { radians, type Radians } from '../units.ts';
import { multiply, rotY, rotZ, type Matrix3 } from './rotation-matrix.ts';

const ARCSEC = Math.PI / 648_000;

export interface PrecessionAngles {
  readonly zeta: Radians;
  readonly theta: Radians;
  readonly z: Radians;
}

/** ζ, θ, z at `t`, TT centuries since J2000.0. */
export function precessionAngles1976(t: number): PrecessionAngles {
  return {
    zeta: radians((2306.2181 + (0.30188 + 0.017998 * t) * t) * t * ARCSEC),
    theta: radians((2004.3109 + (-0.42665 - 0.041833 * t) * t) * t * ARCSEC),
    z: radians((2306.2181 + (1.09468 + 0.018203 * t) * t) * t * ARCSEC),
  };
}

/** The matrix taking mean-of-date components to J2000 (EME2000) components: ROT3(ζ) ROT2(−θ) ROT3(z). */
export function modToJ2000Matrix(t: number): Matrix3 {
  const { zeta, theta, z } = precessionAngles1976(t);
  return multiply(multiply(rotZ(zeta), rotY(-theta)), rotZ(z));
}
