/**
 * GTS7: the thermospheric part of NRLMSISE-00, for altitudes of 72.5 km and above (Picone et al.
 * 2002; the MSIS-86 formulation of Hedin 1987, JGR 92, 4649). Ported from the NRL Fortran release
 * and Brodowski's C release (nrlmsise-00.c, `gts7`): every species' diffusive profile from its
 * density at ZLB, the turbopause mixing (DNET) and the chemistry / dissociation corrections
 * (CCOR, CCOR2) below their altitude limits, then the temperature at the altitude.
 */
import { PD } from './coefficients/pd.data.ts';
import { PDL } from './coefficients/pdl.data.ts';
import { PDM } from './coefficients/pdm.data.ts';
import { PMA } from './coefficients/pma.data.ts';
import { PS } from './coefficients/ps.data.ts';
import { PT } from './coefficients/pt.data.ts';
import { PTL } from './coefficients/ptl.data.ts';
import { PTM } from './coefficients/ptm.data.ts';
import { ccor, ccor2, dnet } from './corrections.ts';
import { DR, globe7 } from './globe7.ts';
import { glob7s } from './glob7s.ts';
import { DGTR, scalh, type Gravity } from './gravity.ts';
import type { Lpoly } from './lpoly.ts';
import { densu, type ThermosphereProfile } from './profiles.ts';
import type { SelectedSwitches } from './switches.ts';
import type { NrlmsiseDensities, NrlmsiseInput } from './types.ts';

/** Thermal diffusion coefficients of He, O, N2, O2, Ar, (total), H, N, anomalous O. */
const ALPHA = [-0.38, 0.0, 0.0, 0.0, 0.17, 0.0, -0.38, 0.0, 0.0] as const;
/** Altitudes (km) below which the mixing and ground-ratio corrections apply: He, O, N2, O2, Ar, (total), H, N. */
const ALTL = [200.0, 300.0, 160.0, 250.0, 240.0, 450.0, 320.0, 450.0] as const;

/** What GTS7 hands back to GTD7: its outputs and the values GTD7 takes from the shared state. */
export interface Gts7Result {
  /** Densities in the units of switch 0 (d[5] without anomalous oxygen). */
  readonly d: NrlmsiseDensities;
  /** Exospheric temperature and temperature at the altitude, K. */
  readonly t: readonly [number, number];
  /**
   * DM28: the fully mixed N2 density at the altitude, cm^-3 (never scaled to SI), computed only
   * when switch 15 is on and the altitude is at or below 160 km; otherwise 0, the value of the C
   * static in a fresh process.
   */
  readonly dm28: number;
  /** TN1(5) and TGN1(2): the temperature and gradient at 72.5 km, the top of GTD7's lower profile. */
  readonly tn1Last: number;
  readonly tgn1Last: number;
}

/** GTS7 at `input.alt` (≥ 72.5 km: GTD7 calls it at 72.5 km for lower altitudes). */
export function gts7(input: NrlmsiseInput, switches: SelectedSwitches, gravity: Gravity, lpoly: Lpoly): Gts7Result {
  const { sw } = switches;
  const [pdmHe, pdmO, pdmN2, pdmO2, pdmAr, pdmH, pdmN, pdmHotO] = PDM;
  const [pdl0, pdl1] = PDL;
  const za = pdl1[15];
  const zn1 = [za, 110.0, 100.0, 90.0, 72.5];
  const z = input.alt;
  const g7 = (p: Parameters<typeof globe7>[0]): number => globe7(p, input, switches, lpoly);
  const g7s = (p: Parameters<typeof glob7s>[0]): number => glob7s(p, input, switches, lpoly);

  // Tinf variations not important below ZA or ZN1(1)
  const tinf = input.alt > zn1[0]! ? PTM[0] * PT[0] * (1.0 + sw[16] * g7(PT)) : PTM[0] * PT[0];
  // Gradient variations not important below ZN1(5)
  const g0 = input.alt > zn1[4]! ? PTM[3] * PS[0] * (1.0 + sw[19] * g7(PS)) : PTM[3] * PS[0];
  const tlb = PTM[1] * (1.0 + sw[17] * g7(PD[3])) * PD[3][0];
  const s = g0 / (tinf - tlb);

  // Lower thermosphere temperature variations not significant for density above 300 km
  const tn1: number[] = [0, 0, 0, 0, 0];
  let tgn1Last: number;
  if (input.alt < 300.0) {
    tn1[1] = (PTM[6] * PTL[0][0]) / (1.0 - sw[18] * g7s(PTL[0]));
    tn1[2] = (PTM[2] * PTL[1][0]) / (1.0 - sw[18] * g7s(PTL[1]));
    tn1[3] = (PTM[7] * PTL[2][0]) / (1.0 - sw[18] * g7s(PTL[2]));
    tn1[4] = (PTM[4] * PTL[3][0]) / (1.0 - sw[18] * sw[20] * g7s(PTL[3]));
    tgn1Last = (PTM[8] * PMA[8][0] * (1.0 + sw[18] * sw[20] * g7s(PMA[8])) * tn1[4] * tn1[4]) / (PTM[4] * PTL[3][0]) ** 2.0;
  } else {
    tn1[1] = PTM[6] * PTL[0][0];
    tn1[2] = PTM[2] * PTL[1][0];
    tn1[3] = PTM[7] * PTL[2][0];
    tn1[4] = PTM[4] * PTL[3][0];
    tgn1Last = (PTM[8] * PMA[8][0] * tn1[4] * tn1[4]) / (PTM[4] * PTL[3][0]) ** 2.0;
  }
  const profile: ThermosphereProfile = { tinf, tlb, zlb: PTM[5], s2: s, zn1, tn1, tgn1Last };
  const density = (alt: number, dlb: number, xm: number, alpha: number): number => densu(gravity, alt, dlb, xm, alpha, profile).density;

  // N2 variation factor at ZLB
  const g28 = sw[21] * g7(PD[2]);
  // Variation of turbopause height
  const zhf = pdl1[24] * (1.0 + sw[5] * pdl0[24] * Math.sin(DGTR * input.g_lat) * Math.cos(DR * (input.doy - PT[13])));
  const xmm = pdmN2[4];

  // **** N2 density ****
  // Diffusive density at ZLB, then at the altitude
  const db28 = pdmN2[0] * Math.exp(g28) * PD[2][0];
  let dN2 = density(z, db28, 28.0, ALPHA[2]);
  // Turbopause
  const zh28 = pdmN2[2] * zhf;
  const zhm28 = pdmN2[3] * pdl1[5];
  const xmd = 28.0 - xmm;
  // Mixed density at ZLB
  const b28 = density(zh28, db28, xmd, ALPHA[2] - 1.0);
  let dm28 = 0;
  if (sw[15] && z <= ALTL[2]) {
    // Mixed density at the altitude, then the net density
    dm28 = density(z, b28, xmm, ALPHA[2]);
    dN2 = dnet(dN2, dm28, zhm28, xmm, 28.0);
  }

  // **** He density ****
  const g4 = sw[21] * g7(PD[0]);
  const db04 = pdmHe[0] * Math.exp(g4) * PD[0][0];
  let dHe = density(z, db04, 4.0, ALPHA[0]);
  if (sw[15] && z < ALTL[0]) {
    const b04 = density(pdmHe[2], db04, 4.0 - xmm, ALPHA[0] - 1.0);
    const dm04 = density(z, b04, xmm, 0.0);
    dHe = dnet(dHe, dm04, zhm28, xmm, 4.0);
    // Correction to specified mixing ratio at ground
    const rl = Math.log((b28 * pdmHe[1]) / b04);
    dHe = dHe * ccor(z, rl, pdmHe[5] * pdl1[1], pdmHe[4] * pdl1[0]);
  }

  // **** O density ****
  const g16 = sw[21] * g7(PD[1]);
  const db16 = pdmO[0] * Math.exp(g16) * PD[1][0];
  let dO = density(z, db16, 16.0, ALPHA[1]);
  if (sw[15] && z <= ALTL[1]) {
    const b16 = density(pdmO[2], db16, 16.0 - xmm, ALPHA[1] - 1.0);
    const dm16 = density(z, b16, xmm, 0.0);
    dO = dnet(dO, dm16, zhm28, xmm, 16.0);
    const rl = pdmO[1] * pdl1[16] * (1.0 + sw[1] * pdl0[23] * (input.f107A - 150.0));
    dO = dO * ccor2(z, rl, pdmO[5] * pdl1[3], pdmO[4] * pdl1[2], pdmO[5] * pdl1[4]);
    // Chemistry correction
    dO = dO * ccor(z, pdmO[3] * pdl1[14], pdmO[7] * pdl1[13], pdmO[6] * pdl1[12]);
  }

  // **** O2 density ****
  const g32 = sw[21] * g7(PD[4]);
  const db32 = pdmO2[0] * Math.exp(g32) * PD[4][0];
  let dO2 = density(z, db32, 32.0, ALPHA[3]);
  if (sw[15]) {
    if (z <= ALTL[3]) {
      const b32 = density(pdmO2[2], db32, 32.0 - xmm, ALPHA[3] - 1.0);
      const dm32 = density(z, b32, xmm, 0.0);
      dO2 = dnet(dO2, dm32, zhm28, xmm, 32.0);
      // Correction to specified mixing ratio at ground
      const rl = Math.log((b28 * pdmO2[1]) / b32);
      dO2 = dO2 * ccor(z, rl, pdmO2[5] * pdl1[7], pdmO2[4] * pdl1[6]);
    }
    // Correction for general departure from diffusive equilibrium above ZLB
    const rc32 = pdmO2[3] * pdl1[23] * (1.0 + sw[1] * pdl0[23] * (input.f107A - 150.0));
    dO2 = dO2 * ccor2(z, rc32, pdmO2[7] * pdl1[22], pdmO2[6] * pdl1[21], pdmO2[7] * pdl0[22]);
  }

  // **** Ar density ****
  const g40 = sw[21] * g7(PD[5]);
  const db40 = pdmAr[0] * Math.exp(g40) * PD[5][0];
  let dAr = density(z, db40, 40.0, ALPHA[4]);
  if (sw[15] && z <= ALTL[4]) {
    const b40 = density(pdmAr[2], db40, 40.0 - xmm, ALPHA[4] - 1.0);
    const dm40 = density(z, b40, xmm, 0.0);
    dAr = dnet(dAr, dm40, zhm28, xmm, 40.0);
    const rl = Math.log((b28 * pdmAr[1]) / b40);
    dAr = dAr * ccor(z, rl, pdmAr[5] * pdl1[9], pdmAr[4] * pdl1[8]);
  }

  // **** H density ****
  const g1 = sw[21] * g7(PD[6]);
  const db01 = pdmH[0] * Math.exp(g1) * PD[6][0];
  let dH = density(z, db01, 1.0, ALPHA[6]);
  if (sw[15] && z <= ALTL[6]) {
    const b01 = density(pdmH[2], db01, 1.0 - xmm, ALPHA[6] - 1.0);
    const dm01 = density(z, b01, xmm, 0.0);
    dH = dnet(dH, dm01, zhm28, xmm, 1.0);
    const rl = Math.log((b28 * pdmH[1] * Math.sqrt(pdl1[17] * pdl1[17])) / b01);
    dH = dH * ccor(z, rl, pdmH[5] * pdl1[11], pdmH[4] * pdl1[10]);
    // Chemistry correction
    dH = dH * ccor(z, pdmH[3] * pdl1[20], pdmH[7] * pdl1[19], pdmH[6] * pdl1[18]);
  }

  // **** N density ****
  const g14 = sw[21] * g7(PD[7]);
  const db14 = pdmN[0] * Math.exp(g14) * PD[7][0];
  let dN = density(z, db14, 14.0, ALPHA[7]);
  if (sw[15] && z <= ALTL[7]) {
    const b14 = density(pdmN[2], db14, 14.0 - xmm, ALPHA[7] - 1.0);
    const dm14 = density(z, b14, xmm, 0.0);
    dN = dnet(dN, dm14, zhm28, xmm, 14.0);
    const rl = Math.log((b28 * pdmN[1] * Math.sqrt(pdl0[2] * pdl0[2])) / b14);
    dN = dN * ccor(z, rl, pdmN[5] * pdl0[1], pdmN[4] * pdl0[0]);
    // Chemistry correction
    dN = dN * ccor(z, pdmN[3] * pdl0[5], pdmN[7] * pdl0[4], pdmN[6] * pdl0[3]);
  }

  // **** Anomalous O density ****
  const g16h = sw[21] * g7(PD[8]);
  const db16h = pdmHotO[0] * Math.exp(g16h) * PD[8][0];
  const tho = pdmHotO[9] * pdl0[6];
  const hotProfile: ThermosphereProfile = { ...profile, tinf: tho, tlb: tho };
  const dd = densu(gravity, z, db16h, 16.0, ALPHA[8], hotProfile).density;
  const zsht = pdmHotO[5];
  const zmho = pdmHotO[4];
  const zsho = scalh(gravity, zmho, 16.0, tho);
  const dHotO = dd * Math.exp((-zsht / zsho) * (Math.exp(-(z - zmho) / zsht) - 1.0));

  // Total mass density
  const rho = 1.66e-24 * (4.0 * dHe + 16.0 * dO + 28.0 * dN2 + 32.0 * dO2 + 40.0 * dAr + dH + 14.0 * dN);

  // Temperature at the altitude
  const tz = densu(gravity, Math.sqrt(input.alt * input.alt), 1.0, 0.0, 0.0, profile).temperature;

  const d: NrlmsiseDensities = sw[0]
    ? [dHe * 1.0e6, dO * 1.0e6, dN2 * 1.0e6, dO2 * 1.0e6, dAr * 1.0e6, (rho * 1.0e6) / 1000, dH * 1.0e6, dN * 1.0e6, dHotO * 1.0e6]
    : [dHe, dO, dN2, dO2, dAr, rho, dH, dN, dHotO];
  return { d, t: [tinf, tz], dm28, tn1Last: tn1[4], tgn1Last };
}
