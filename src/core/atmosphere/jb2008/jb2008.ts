/**
 * The JB2008 subroutine: Jacchia-Bowman 2008 total mass density and temperatures (SET
 * `JB2008.for`, Bowman et al. 2008, AIAA 2008-6438; provenance in index.ts).
 *
 * The CIRA "integration form" of a Jacchia model: no tables; from 90 km the barometric equation
 * (Eq. 5, mixed atmosphere, to 105 km) and then the diffusion equation for each species (Eq. 6)
 * are integrated numerically through the Bates–Jacchia temperature profile for the local
 * exospheric temperature, then the semiannual and seasonal-latitudinal variations and the
 * high-altitude correction are applied. Steps, in the Fortran's order:
 *
 * 1. T∞: Tc from the solar indices (Eq. 14), Tl = Tc·(1 + 0.31·DF) (Eq. 15–17), plus the Dst
 *    heating DSTDTC and the DTSUB local-time/latitude correction.
 * 2. 90 km → min(z, 105 km): barometric integral of M̄·g/T (Eq. 5) from ρ(90 km) = 3.46e-6 kg/m³;
 *    number densities at the top from the sea-level fractions (Eq. 2–4).
 * 3. Above 105 km: the diffusion integral of g/T to min(z, 500 km) and on to max(z, 500 km);
 *    each species falls with its molecular weight (Eq. 6, thermal diffusion for He). Hydrogen is
 *    fixed at 500 km from T∞ (Eq. 7, with T∞ where CIRA72 had T500) and carried up or down to z.
 *    At or below 105 km hydrogen is made negligible (He − 25 in ln).
 * 4. Δlog10ρ: seasonal-latitudinal (Eq. 24) and, while the last abscissa is below 2000 km,
 *    the semiannual SEMIAN08 (Eq. 23); the sum of the species' masses gives ρ; above 1000 km ρ is
 *    scaled by FEX.
 */
import { AL10, ALPHA, AMW, AVOGAD, FRAC, R1, R2, R3, RSTAR, Z1 } from './constants.ts';
import { yearDayFromD1950 } from './day-of-year.ts';
import { localTimeLatitudeCorrection } from './dtsub.ts';
import { globalExosphericTemperature, localExosphericTemperature, localSolarTimeHours } from './exospheric-temperature.ts';
import { gravity } from './gravity.ts';
import { highAltitudeCorrection } from './high-altitude.ts';
import { meanMolecularWeight } from './mean-molecular-weight.ts';
import { MJD_1950_JAN_0 } from './mjd.ts';
import { integrate } from './newton-cotes.ts';
import { seasonalLatitudinalVariation } from './seasonal-latitudinal.ts';
import { semiannualVariation } from './semiannual.ts';
import { localTemperature, temperatureProfile } from './temperature-profile.ts';
import type { Jb2008Input, Jb2008Output } from './types.ts';

/** Mass density at 90 km, kg/m³ (the 3.46D-6 of Eq. 5). */
const RHO_90_KM = 3.46e-6;
/** Mean molecular weight of sea-level air, kg/kmol (Eq. 3). */
const SEA_LEVEL_AMW = 28.96;
/** Top of the mixed (barometric) region and the height where hydrogen is fixed, km. */
const Z_MIXED_TOP = 105;
const Z_HYDROGEN = 500;
/** The semiannual term is applied only below this height (the Fortran tests Z.LT.2000.). */
const Z_SEMIANNUAL_LIMIT = 2000;

/**
 * JB2008 at one point. Throws a RangeError below 90 km (the model's lower boundary, where the
 * Fortran's integration loop would not run) or for a non-finite height.
 */
export function jb2008(input: Jb2008Input): Jb2008Output {
  const [sunRa, sunDec] = input.sun;
  const [satRa, lat, zht] = input.sat;
  if (!(zht >= Z1) || !Number.isFinite(zht)) throw new RangeError(`JB2008 is defined from 90 km up; got ${zht} km`);

  // 1. Exospheric temperature.
  const tsubc = globalExosphericTemperature(input);
  const tsubl = localExosphericTemperature(tsubc, sunRa, sunDec, satRa, lat);
  const dtclst = localTimeLatitudeCorrection(input.f10, localSolarTimeHours(satRa, sunRa), lat, zht);
  const temp1 = tsubl + input.dstdtc;
  const tinf = tsubl + input.dstdtc + dtclst;
  const tc = temperatureProfile(tinf);

  // 2. Eq. (5): barometric integration 90 km → min(z, 105 km) of M̄(z)·g(z)/T(z).
  const ambar1 = meanMolecularWeight(Z1);
  const tloc1 = localTemperature(Z1, tc);
  const mixed = integrate(
    { z: Z1, zEnd: Z1, integrand: (ambar1 * gravity(Z1)) / tloc1 },
    Math.min(zht, Z_MIXED_TOP),
    R1,
    (z) => (meanMolecularWeight(z) * gravity(z)) / localTemperature(z, tc),
  );
  const zTopMixed = mixed.end.z;
  const ambar2 = meanMolecularWeight(zTopMixed);
  const tloc2 = localTemperature(zTopMixed, tc);
  const fact1 = 1000 / RSTAR;
  const rhoMixed = (RHO_90_KM * ambar2 * tloc1 * Math.exp(-fact1 * mixed.sum)) / ambar1 / tloc2;

  // Eq. (2)–(4): ln number densities (per m³) of N2, O2, O, Ar, He at the top of the mixed region.
  const anm = AVOGAD * rhoMixed;
  const an = anm / ambar2;
  const fact2 = anm / SEA_LEVEL_AMW;
  const aln = [
    Math.log(FRAC[0] * fact2),
    Math.log(fact2 * (1 + FRAC[1]) - an),
    Math.log(2 * (an - fact2)),
    Math.log(FRAC[2] * fact2),
    Math.log(FRAC[3] * fact2),
    0,
  ];

  let temp2: number;
  let zLast: number;
  if (zht <= Z_MIXED_TOP) {
    temp2 = tloc2;
    // "Put in negligible hydrogen".
    aln[5] = (aln[4] as number) - 25;
    zLast = zTopMixed;
  } else {
    // 3. Eq. (6): diffusion integrals of g/T, 105 km → min(z, 500) → max(z, 500).
    const integrand = (z: number) => gravity(z) / localTemperature(z, tc);
    const lower = integrate(
      { z: zTopMixed, zEnd: mixed.end.zEnd, integrand: gravity(zTopMixed) / tloc2 },
      Math.min(zht, Z_HYDROGEN),
      R2,
      integrand,
    );
    const upper = integrate(lower.end, Math.max(zht, Z_HYDROGEN), zht > Z_HYDROGEN ? R3 : R2, integrand);
    const tloc3 = localTemperature(lower.end.z, tc);
    const tloc4 = localTemperature(upper.end.z, tc);
    zLast = upper.end.z;

    // Below 500 km the point is the end of the lower integral and hydrogen comes down from 500 km
    // (HSIGN = +1); above, the point is the end of the upper one and hydrogen goes up (HSIGN = −1).
    const above = zht > Z_HYDROGEN;
    temp2 = above ? tloc4 : tloc3;
    const altr = Math.log(temp2 / tloc2);
    const fact2Diffusion = above ? fact1 * (lower.sum + upper.sum) : fact1 * lower.sum;
    const hsign = above ? -1 : 1;
    for (let i = 0; i < 5; i++) {
      aln[i] = (aln[i] as number) - (1 + (ALPHA[i] as number)) * altr - fact2Diffusion * (AMW[i] as number);
    }
    // Eq. (7): hydrogen at 500 km, log10 n(H) = 73.13 − 39.4·log T∞ + 5.5·(log T∞)² (+6 for m⁻³).
    const al10t5 = Math.log10(tinf);
    const alnh5 = (5.5 * al10t5 - 39.4) * al10t5 + 73.13;
    aln[5] = AL10 * (alnh5 + 6) + hsign * (Math.log(tloc4 / tloc3) + fact1 * upper.sum * AMW[5]);
  }

  // 4. Eq. (24) and Eq. (23).
  const dlrsl = seasonalLatitudinalVariation(input.amjd, lat, zht);
  let dlrsa = 0;
  // The Fortran tests the last abscissa Z of the integrations (≈ max(z, 500 km) above 105 km), not z.
  if (zLast < Z_SEMIANNUAL_LIMIT) {
    const { dayOfYear } = yearDayFromD1950(input.amjd - MJD_1950_JAN_0);
    // SEMIAN08 clamps F(z) to ≥ 1e-6, so the Fortran's "IF (FZZ.LT.0.0D0) DLRSA = 0" never fires.
    dlrsa = semiannualVariation(dayOfYear, zht, input.f10b, input.s10b, input.xm10b).deltaLog10Rho;
  }
  const dlr = AL10 * (dlrsl + dlrsa);

  let sumnm = 0;
  for (let i = 0; i < 6; i++) sumnm += Math.exp((aln[i] as number) + dlr) * (AMW[i] as number);
  const rho = (sumnm / AVOGAD) * highAltitudeCorrection(zht, input.f10b);

  return { temp: [temp1, temp2], rho };
}
