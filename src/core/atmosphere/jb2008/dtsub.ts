/**
 * `DTSUB`: the JB2008 correction ΔTc (K) to the exospheric temperature for local solar time and
 * latitude, a function of height between 120 and 800 km (SET `JB2008.for`; introduced with
 * JB2006, Bowman et al. 2006, AIAA 2006-6166, and smoothed across the height bands in its
 * Rev A, Oct 2006). Zero outside 120–800 km.
 *
 * With tx = LST/24, ycs = cos(latitude) and F = (F10 − 100)/100, the bands are:
 * - 120–200 km: a cubic in ZP = (z − 120)/80 from 0 (value and slope) at 120 km to the 200 km
 *   value (the C(17..23) terms);
 * - 200–240 km: linear in H = (z − 200)/50 (C terms);
 * - 240–300 km: a cubic in ZP = (z − 240)/60 from the 240 km value to the 300 km one;
 * - 300–600 km: the B polynomial, linear in H = z/100;
 * - 600–800 km: a cubic in ZP = (z − 600)/100 from the 600 km value to zero at 800 km.
 *
 * The cubics match the neighbouring bands' slopes per unit of each band's own variable (50, 60,
 * 80 or 100 km), as the Fortran writes them: the joins are continuous in value (dtsub.test.ts)
 * but the slope jumps by those ratios at 200, 240 and 300 km.
 *
 * The polynomials below are the Fortran's sums grouped by factor (F, ycs, H); the Fortran adds
 * the same products term by term, which differs only in rounding.
 */

/** DATA B(1..19) of DTSUB, exactly as printed (JB2008.for; same values in SatelliteToolbox's constants.jl). */
const B = [
  -0.457512297e1, -0.512114909e1, -0.693003609e2, 0.203716701e3, 0.703316291e3, -0.194349234e4, 0.110651308e4,
  -0.174378996e3, 0.188594601e4, -0.709371517e4, 0.922454523e4, -0.384508073e4, -0.645841789e1, 0.409703319e2,
  -0.482006560e3, 0.181870931e4, -0.237389204e4, 0.996703815e3, 0.361416936e2,
] as const;

/** DATA C(1..23) of DTSUB, exactly as printed. */
const C = [
  -0.155986211e2, -0.512114909e1, -0.693003609e2, 0.203716701e3, 0.703316291e3, -0.194349234e4, 0.110651308e4,
  -0.220835117e3, 0.143256989e4, -0.318481844e4, 0.328981513e4, -0.135332119e4, 0.199956489e2, -0.127093998e2,
  0.212825156e2, -0.275555432e1, 0.110234982e2, 0.148881951e3, -0.751640284e3, 0.637876542e3, 0.127093998e2,
  -0.212825156e2, 0.275555432e1,
] as const;

const [B1, B2, B3, B4, B5, B6, B7, B8, B9, B10, B11, B12, B13, B14, B15, B16, B17, B18, B19] = B;
const [C1, , C3, C4, C5, C6, C7, C8, C9, C10, C11, C12, C13, C14, C15, C16, C17, C18, C19, C20, C21, C22, C23] = C;

/** Powers tx, tx², …, tx⁵ of the local-time fraction. */
type Powers = readonly [number, number, number, number, number];

function powers(tx: number): Powers {
  const t2 = tx * tx;
  const t4 = t2 * t2;
  return [tx, t2, t2 * tx, t4, t4 * tx];
}

/** DTC200: the C(17..23) terms, the 200 km value of the 200–240 km band. */
function cAt200(t: Powers, f: number, ycs: number): number {
  const [t1, t2, t3] = t;
  return C17 + C18 * t1 * ycs + C19 * t2 * ycs + C20 * t3 * ycs + C21 * f * ycs + C22 * t1 * f * ycs + C23 * t2 * f * ycs;
}

/** DTC200DZ: the C(1..16) terms, the slope per unit H of the 200–240 km band (the Fortran uses B(2) = C(2) here). */
function cSlope(t: Powers, f: number, ycs: number): number {
  const [t1, t2, t3, t4, t5] = t;
  return (
    C1 + B2 * f + C3 * t1 * f + C4 * t2 * f + C5 * t3 * f + C6 * t4 * f + C7 * t5 * f +
    C8 * t1 * ycs + C9 * t2 * ycs + C10 * t3 * ycs + C11 * t4 * ycs + C12 * t5 * ycs +
    C13 * ycs + C14 * f * ycs + C15 * t1 * f * ycs + C16 * t2 * f * ycs
  );
}

/** The B(13..18) terms without H: the slope per unit H (= 100 km) of the 300–600 km band. */
function bSlope(t: Powers, ycs: number): number {
  const [t1, t2, t3, t4, t5] = t;
  return B13 * ycs + B14 * t1 * ycs + B15 * t2 * ycs + B16 * t3 * ycs + B17 * t4 * ycs + B18 * t5 * ycs;
}

/** The 300–600 km band at H = z/100. */
function bValue(t: Powers, f: number, ycs: number, h: number): number {
  const [t1, t2, t3, t4, t5] = t;
  return (
    B1 + B2 * f + B3 * t1 * f + B4 * t2 * f + B5 * t3 * f + B6 * t4 * f + B7 * t5 * f +
    B8 * t1 * ycs + B9 * t2 * ycs + B10 * t3 * ycs + B11 * t4 * ycs + B12 * t5 * ycs +
    h * bSlope(t, ycs) + B19 * ycs
  );
}

/**
 * ΔTc (K) for F10.7 `f10` (the daily value, 1-day lag, as JB2008 passes it), local solar time
 * `lstHours` (0–24), latitude `latRad` and height `altitudeKm`.
 */
export function localTimeLatitudeCorrection(f10: number, lstHours: number, latRad: number, altitudeKm: number): number {
  const t = powers(lstHours / 24);
  const ycs = Math.cos(latRad);
  const f = (f10 - 100) / 100;
  const z = altitudeKm;

  if (z >= 120 && z <= 200) {
    const dtc200 = cAt200(t, f, ycs);
    const dtc200dz = cSlope(t, f, ycs);
    const cc = 3 * dtc200 - dtc200dz;
    const dd = dtc200 - cc;
    const zp = (z - 120) / 80;
    return cc * zp * zp + dd * zp * zp * zp;
  }
  if (z > 200 && z <= 240) {
    const h = (z - 200) / 50;
    return cSlope(t, f, ycs) * h + cAt200(t, f, ycs);
  }
  if (z > 240 && z <= 300) {
    const aa = cSlope(t, f, ycs) * (40 / 50) + cAt200(t, f, ycs);
    const bb = cSlope(t, f, ycs);
    const dtc300 = bValue(t, f, ycs, 300 / 100);
    const dtc300dz = bSlope(t, ycs);
    const cc = 3 * dtc300 - dtc300dz - 3 * aa - 2 * bb;
    const dd = dtc300 - aa - bb - cc;
    const zp = (z - 240) / 60;
    return aa + bb * zp + cc * zp * zp + dd * zp * zp * zp;
  }
  if (z > 300 && z <= 600) {
    return bValue(t, f, ycs, z / 100);
  }
  if (z > 600 && z <= 800) {
    const zp = (z - 600) / 100;
    const aa = bValue(t, f, ycs, 600 / 100);
    const bb = bSlope(t, ycs);
    const cc = -(3 * aa + 4 * bb) / 4;
    const dd = (aa + bb) / 4;
    return aa + bb * zp + cc * zp * zp + dd * zp * zp * zp;
  }
  return 0;
}
