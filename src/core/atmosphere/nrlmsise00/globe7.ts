/**
 * GLOBE7: the G(L) expansion of the upper-thermosphere parameters in F10.7, time, latitude,
 * local time, longitude and magnetic activity (Hedin 1987, "MSIS-86 thermospheric model", JGR 92,
 * 4649, Appendix; Picone et al. 2002). Ported from the NRL Fortran release and Brodowski's C
 * release (nrlmsise-00.c, `globe7`, `g0`, `sumex`, `sg0`), arithmetic order kept.
 *
 * Coefficient indices are the C ones (Fortran P(i) is p[i - 1]); parameters 82, 89, 99 and
 * 139–149 (Fortran numbering) are not used by the model.
 */
import type { Row } from './coefficients/row.ts';
import { DGTR } from './gravity.ts';
import { HR, type Lpoly } from './lpoly.ts';
import type { SelectedSwitches } from './switches.ts';
import type { NrlmsiseApArray, NrlmsiseInput } from './types.ts';

/** Day-of-year angle per day (DR = 1.72142E-2) and UT angle per second (SR = 7.2722E-5). */
export const DR = 1.72142e-2;
export const SR = 7.2722e-5;

/** A GLOBE7 coefficient set (PT, PS or a row of PD). */
export type Globe7Coefficients = Row<150>;

/**
 * Eq. A24d, the 3-hour magnetic activity function. `p24` is P(25), raised to 1e-4 when smaller:
 * the original writes that floor into the coefficient table itself; it is applied here on read.
 */
function g0(a: number, p: Globe7Coefficients, p24: number): number {
  const k = Math.sqrt(p24 * p24);
  return a - 4.0 + (p[25] - 1.0) * (a - 4.0 + (Math.exp(-k * (a - 4.0)) - 1.0) / k);
}

/** Eq. A24c. */
function sumex(ex: number): number {
  return 1.0 + ((1.0 - ex ** 19.0) / (1.0 - ex)) * ex ** 0.5;
}

/** Eq. A24a: the weighted ap history. */
function sg0(ex: number, p: Globe7Coefficients, p24: number, ap: NrlmsiseApArray): number {
  return (
    (g0(ap[1], p, p24) +
      (g0(ap[2], p, p24) * ex +
        g0(ap[3], p, p24) * ex * ex +
        g0(ap[4], p, p24) * ex ** 3.0 +
        ((g0(ap[5], p, p24) * ex ** 4.0 + g0(ap[6], p, p24) * ex ** 12.0) * (1.0 - ex ** 8.0)) / (1.0 - ex))) /
    sumex(ex)
  );
}

/**
 * GLOBE7: returns G(L) (the relative variation of the parameter whose coefficients are `p`).
 * Writes APDF (daily-Ap mode) or APT(1) (ap-array mode, when P(52) ≠ 0) into `lpoly`, as the
 * original does into LPOLY.
 */
export function globe7(p: Globe7Coefficients, input: NrlmsiseInput, switches: SelectedSwitches, lpoly: Lpoly): number {
  const { sw, swc } = switches;
  const { plg, dfa } = lpoly;
  const [, p01, p02, p03, p04, p05, p06] = plg[0];
  const [, p11, p12, p13, p14, p15, p16] = plg[1];
  const [, , p22, p23, p24, p25, , p27] = plg[2];
  const [, , , p33, p34, , p36] = plg[3];
  const tloc = input.lst;
  const t = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];

  const cd32 = Math.cos(DR * (input.doy - p[31]));
  const cd18 = Math.cos(2.0 * DR * (input.doy - p[17]));
  const cd14 = Math.cos(DR * (input.doy - p[13]));
  const cd39 = Math.cos(2.0 * DR * (input.doy - p[38]));

  // F10.7 effect
  const df = input.f107 - input.f107A;
  t[0] = p[19] * df * (1.0 + p[59] * dfa) + p[20] * df * df + p[21] * dfa + p[29] * dfa ** 2.0;
  const f1 = 1.0 + (p[47] * dfa + p[19] * df + p[20] * df * df) * swc[1];
  const f2 = 1.0 + (p[49] * dfa + p[19] * df + p[20] * df * df) * swc[1];

  // Time independent
  t[1] = p[1] * p02 + p[2] * p04 + p[22] * p06 + p[14] * p02 * dfa * swc[1] + p[26] * p01;
  // Symmetrical annual
  t[2] = p[18] * cd32;
  // Symmetrical semiannual
  t[3] = (p[15] + p[16] * p02) * cd18;
  // Asymmetrical annual
  t[4] = f1 * (p[9] * p01 + p[10] * p03) * cd14;
  // Asymmetrical semiannual
  t[5] = p[37] * p01 * cd39;

  // Diurnal
  if (sw[7]) {
    const t71 = p[11] * p12 * cd14 * swc[5];
    const t72 = p[12] * p12 * cd14 * swc[5];
    t[6] =
      f2 *
      ((p[3] * p11 + p[4] * p13 + p[27] * p15 + t71) * lpoly.ctloc + (p[6] * p11 + p[7] * p13 + p[28] * p15 + t72) * lpoly.stloc);
  }
  // Semidiurnal
  if (sw[8]) {
    const t81 = (p[23] * p23 + p[35] * p25) * cd14 * swc[5];
    const t82 = (p[33] * p23 + p[36] * p25) * cd14 * swc[5];
    t[7] = f2 * ((p[5] * p22 + p[41] * p24 + t81) * lpoly.c2tloc + (p[8] * p22 + p[42] * p24 + t82) * lpoly.s2tloc);
  }
  // Terdiurnal
  if (sw[14]) {
    t[13] =
      f2 *
      ((p[39] * p33 + (p[93] * p34 + p[46] * p36) * cd14 * swc[5]) * lpoly.s3tloc +
        (p[40] * p33 + (p[94] * p34 + p[48] * p36) * cd14 * swc[5]) * lpoly.c3tloc);
  }

  // Magnetic activity
  if (sw[9] === -1) {
    const ap = input.apArray;
    if (ap === undefined) throw new RangeError('NRLMSISE-00: switches[9] = -1 needs input.apArray');
    if (p[51] !== 0) {
      let exp1 = Math.exp((-10800.0 * Math.sqrt(p[51] * p[51])) / (1.0 + p[138] * (45.0 - Math.sqrt(input.g_lat * input.g_lat))));
      if (exp1 > 0.99999) exp1 = 0.99999;
      const p24Floor = p[24] < 1.0e-4 ? 1.0e-4 : p[24];
      lpoly.apt0 = sg0(exp1, p, p24Floor, ap);
      if (sw[9]) {
        t[8] =
          lpoly.apt0 *
          (p[50] +
            p[96] * p02 +
            p[54] * p04 +
            (p[125] * p01 + p[126] * p03 + p[127] * p05) * cd14 * swc[5] +
            (p[128] * p11 + p[129] * p13 + p[130] * p15) * swc[7] * Math.cos(HR * (tloc - p[131])));
      }
    }
  } else {
    const apd = input.ap - 4.0;
    let p44 = p[43];
    const p45 = p[44];
    if (p44 < 0) p44 = 1.0e-5;
    lpoly.apdf = apd + (p45 - 1.0) * (apd + (Math.exp(-p44 * apd) - 1.0) / p44);
    if (sw[9]) {
      t[8] =
        lpoly.apdf *
        (p[32] +
          p[45] * p02 +
          p[34] * p04 +
          (p[100] * p01 + p[101] * p03 + p[102] * p05) * cd14 * swc[5] +
          (p[121] * p11 + p[122] * p13 + p[123] * p15) * swc[7] * Math.cos(HR * (tloc - p[124])));
    }
  }

  if (sw[10] && input.g_long > -1000.0) {
    // Longitudinal
    if (sw[11]) {
      t[10] =
        (1.0 + p[80] * dfa * swc[1]) *
        ((p[64] * p12 +
          p[65] * p14 +
          p[66] * p16 +
          p[103] * p11 +
          p[104] * p13 +
          p[105] * p15 +
          swc[5] * (p[109] * p11 + p[110] * p13 + p[111] * p15) * cd14) *
          Math.cos(DGTR * input.g_long) +
          (p[90] * p12 +
            p[91] * p14 +
            p[92] * p16 +
            p[106] * p11 +
            p[107] * p13 +
            p[108] * p15 +
            swc[5] * (p[112] * p11 + p[113] * p13 + p[114] * p15) * cd14) *
            Math.sin(DGTR * input.g_long));
    }
    // UT and mixed UT, longitude
    if (sw[12]) {
      t[11] =
        (1.0 + p[95] * p01) *
        (1.0 + p[81] * dfa * swc[1]) *
        (1.0 + p[119] * p01 * swc[5] * cd14) *
        ((p[68] * p01 + p[69] * p03 + p[70] * p05) * Math.cos(SR * (input.sec - p[71])));
      t[11] +=
        swc[11] *
        (p[76] * p23 + p[77] * p25 + p[78] * p27) *
        Math.cos(SR * (input.sec - p[79]) + 2.0 * DGTR * input.g_long) *
        (1.0 + p[137] * dfa * swc[1]);
    }
    // UT, longitude, magnetic activity
    if (sw[13]) {
      if (sw[9] === -1) {
        if (p[51] !== 0) {
          const apt0 = lpoly.apt0;
          t[12] =
            apt0 * swc[11] * (1 + p[132] * p01) * ((p[52] * p12 + p[98] * p14 + p[67] * p16) * Math.cos(DGTR * (input.g_long - p[97]))) +
            apt0 * swc[11] * swc[5] * (p[133] * p11 + p[134] * p13 + p[135] * p15) * cd14 * Math.cos(DGTR * (input.g_long - p[136])) +
            apt0 * swc[12] * (p[55] * p01 + p[56] * p03 + p[57] * p05) * Math.cos(SR * (input.sec - p[58]));
        }
      } else {
        const apdf = lpoly.apdf;
        t[12] =
          apdf * swc[11] * (1.0 + p[120] * p01) * ((p[60] * p12 + p[61] * p14 + p[62] * p16) * Math.cos(DGTR * (input.g_long - p[63]))) +
          apdf * swc[11] * swc[5] * (p[115] * p11 + p[116] * p13 + p[117] * p15) * cd14 * Math.cos(DGTR * (input.g_long - p[118])) +
          apdf * swc[12] * (p[83] * p01 + p[84] * p03 + p[85] * p05) * Math.cos(SR * (input.sec - p[75]));
      }
    }
  }

  let tinf = p[30];
  for (let i = 0; i < 14; i += 1) tinf += Math.abs(sw[i + 1]!) * t[i]!;
  return tinf;
}
