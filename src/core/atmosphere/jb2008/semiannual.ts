/**
 * `SEMIAN08`: the JB2008 semiannual density variation, Δlog10ρ = F(z)·G(t) (SET `JB2008.for`;
 * Bowman et al. 2008, "The Thermospheric Semiannual Density Response to Solar EUV Heating",
 * JASTP 70, and AIAA 2008-6438). F(z), the amplitude, is quadratic in height with the solar
 * index FSMB = F10B − 0.70·S10B − 0.04·M10B; G(t), the phase function, is a two-harmonic
 * series in the day of year with FSMB = F10B − 0.75·S10B − 0.37·M10B. The 1997–2006 fit
 * coefficients are FZM and GTM.
 *
 * Single precision: 0.70, 0.04 and 0.37 are default-REAL literals in the Fortran, so the
 * compiler rounds them to float32 (0.699999988…, 0.0399999991…, 0.370000004…) before the
 * double multiplication; 1.00 and 0.75 are exact either way. Math.fround reproduces that
 * (shared/reference/atmosphere/jb2008_cases.json, `conventions.single_precision_literals`).
 * With the decimal values instead, the densities of that file move by up to 5e-8 relative
 * (measured on its 40 cases; its README estimates ~1e-9).
 */

/** DATA FZM(1..5): F(z) global model, 1997–2006 fit. */
const FZM = [0.2689, -0.1176e-1, 0.2782e-1, -0.2782e-1, 0.347e-3] as const;
/** DATA GTM(1..10): G(t) global model, 1997–2006 fit. */
const GTM = [-0.3633, 0.8506e-1, 0.2401, -0.1897, -0.2554, -0.179e-1, 0.565e-3, -0.6407e-3, -0.3418e-2, -0.1252e-2] as const;

/** SEMIAN08's own 2π (DATA TWOPI /6.2831853072D0/), not the JB2008 routine's 6.2831853. */
const TWOPI = 6.2831853072;

/** The float32 values of the REAL literals 0.70, 0.04 and 0.37. */
const F32_0_70 = Math.fround(0.7);
const F32_0_04 = Math.fround(0.04);
const F32_0_37 = Math.fround(0.37);

export interface SemiannualVariation {
  /** FZZ: the amplitude F(z), at least 1e-6 (SEMIAN08 clamps it there). */
  readonly amplitude: number;
  /** GTZ: the phase function G(t). */
  readonly phase: number;
  /** DRLOG: Δlog10ρ = F(z)·G(t). */
  readonly deltaLog10Rho: number;
}

/**
 * SEMIAN08 for day of year `day` (1.0 = January 1 00:00, fraction included), height
 * `altitudeKm` and the 81-day centred means `f10b`, `s10b`, `xm10b`.
 */
export function semiannualVariation(day: number, altitudeKm: number, f10b: number, s10b: number, xm10b: number): SemiannualVariation {
  const [fz1, fz2, fz3, fz4, fz5] = FZM;
  const [gt1, gt2, gt3, gt4, gt5, gt6, gt7, gt8, gt9, gt10] = GTM;

  const fsmbZ = 1 * f10b - F32_0_70 * s10b - F32_0_04 * xm10b;
  const htz = altitudeKm / 1000;
  let fzz = fz1 + fz2 * fsmbZ + fz3 * fsmbZ * htz + fz4 * fsmbZ * (htz * htz) + fz5 * (fsmbZ * fsmbZ) * htz;

  const fsmbT = 1 * f10b - 0.75 * s10b - F32_0_37 * xm10b;
  const tau = (day - 1) / 365;
  const sin1p = Math.sin(TWOPI * tau);
  const cos1p = Math.cos(TWOPI * tau);
  const sin2p = Math.sin(2 * TWOPI * tau);
  const cos2p = Math.cos(2 * TWOPI * tau);
  const gtz =
    gt1 + gt2 * sin1p + gt3 * cos1p + gt4 * sin2p + gt5 * cos2p +
    gt6 * fsmbT + gt7 * fsmbT * sin1p + gt8 * fsmbT * cos1p + gt9 * fsmbT * sin2p + gt10 * fsmbT * cos2p;

  if (fzz < 1e-6) fzz = 1e-6;
  return { amplitude: fzz, phase: gtz, deltaLog10Rho: fzz * gtz };
}
