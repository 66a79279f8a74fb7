/**
 * GLOB7S: the expansion G(L) of the lower-atmosphere parameters (the TN1, TN2, TN3 spline nodes
 * and end gradients), "version of GLOBE for lower atmosphere 10/26/99" of the NRL Fortran release;
 * `glob7s` in Brodowski's C release (nrlmsise-00.c), arithmetic order kept. It reads the Legendre
 * functions, local-time harmonics, DFA, APDF and APT(1) that the last GLOBE7 call left in `lpoly`.
 *
 * The original also checks the parameter-set marker p[99] = 2 (and sets it when 0); every table of
 * this release carries it, so the check is not repeated here.
 */
import type { Row } from './coefficients/row.ts';
import { DR } from './globe7.ts';
import { DGTR } from './gravity.ts';
import type { Lpoly } from './lpoly.ts';
import type { SelectedSwitches } from './switches.ts';
import type { NrlmsiseInput } from './types.ts';

/** A GLOB7S coefficient set (a row of PTL or PMA). */
export type Glob7sCoefficients = Row<100>;

export function glob7s(p: Glob7sCoefficients, input: NrlmsiseInput, switches: SelectedSwitches, lpoly: Lpoly): number {
  const { sw, swc } = switches;
  const { plg, dfa } = lpoly;
  const [, p01, p02, p03, p04, p05, p06] = plg[0];
  const [, p11, p12, p13, p14, p15, p16] = plg[1];
  const [, , p22, p23, p24, p25] = plg[2];
  const p33 = plg[3][3];
  const t = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];

  const cd32 = Math.cos(DR * (input.doy - p[31]));
  const cd18 = Math.cos(2.0 * DR * (input.doy - p[17]));
  const cd14 = Math.cos(DR * (input.doy - p[13]));
  const cd39 = Math.cos(2.0 * DR * (input.doy - p[38]));

  // F10.7
  t[0] = p[21] * dfa;
  // Time independent
  t[1] = p[1] * p02 + p[2] * p04 + p[22] * p06 + p[26] * p01 + p[14] * p03 + p[59] * p05;
  // Symmetrical annual
  t[2] = (p[18] + p[47] * p02 + p[29] * p04) * cd32;
  // Symmetrical semiannual
  t[3] = (p[15] + p[16] * p02 + p[30] * p04) * cd18;
  // Asymmetrical annual
  t[4] = (p[9] * p01 + p[10] * p03 + p[20] * p05) * cd14;
  // Asymmetrical semiannual
  t[5] = p[37] * p01 * cd39;

  // Diurnal
  if (sw[7]) {
    const t71 = p[11] * p12 * cd14 * swc[5];
    const t72 = p[12] * p12 * cd14 * swc[5];
    t[6] = (p[3] * p11 + p[4] * p13 + t71) * lpoly.ctloc + (p[6] * p11 + p[7] * p13 + t72) * lpoly.stloc;
  }
  // Semidiurnal
  if (sw[8]) {
    const t81 = (p[23] * p23 + p[35] * p25) * cd14 * swc[5];
    const t82 = (p[33] * p23 + p[36] * p25) * cd14 * swc[5];
    t[7] = (p[5] * p22 + p[41] * p24 + t81) * lpoly.c2tloc + (p[8] * p22 + p[42] * p24 + t82) * lpoly.s2tloc;
  }
  // Terdiurnal
  if (sw[14]) t[13] = p[39] * p33 * lpoly.s3tloc + p[40] * p33 * lpoly.c3tloc;

  // Magnetic activity
  if (sw[9]) {
    if (sw[9] === 1) t[8] = lpoly.apdf * (p[32] + p[45] * p02 * swc[2]);
    if (sw[9] === -1) t[8] = p[50] * lpoly.apt0 + p[96] * p02 * lpoly.apt0 * swc[2];
  }

  // Longitudinal
  if (!(sw[10] === 0 || sw[11] === 0 || input.g_long <= -1000.0)) {
    t[10] =
      (1.0 +
        p01 * (p[80] * swc[5] * Math.cos(DR * (input.doy - p[81])) + p[85] * swc[6] * Math.cos(2.0 * DR * (input.doy - p[86]))) +
        p[83] * swc[3] * Math.cos(DR * (input.doy - p[84])) +
        p[87] * swc[4] * Math.cos(2.0 * DR * (input.doy - p[88]))) *
      ((p[64] * p12 + p[65] * p14 + p[66] * p16 + p[74] * p11 + p[75] * p13 + p[76] * p15) * Math.cos(DGTR * input.g_long) +
        (p[90] * p12 + p[91] * p14 + p[92] * p16 + p[77] * p11 + p[78] * p13 + p[79] * p15) * Math.sin(DGTR * input.g_long));
  }

  let tt = 0;
  for (let i = 0; i < 14; i += 1) tt += Math.abs(sw[i + 1]!) * t[i]!;
  return tt;
}
