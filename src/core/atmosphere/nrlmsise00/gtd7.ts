/**
 * GTD7 and GTD7D, the entry points of NRLMSISE-00 (Picone, Hedin, Drob & Aikin 2002, JGR 107(A12),
 * 1468): the neutral atmosphere from the ground to the exosphere. Ported from the NRL Fortran
 * release and Brodowski's C release 20190709 (nrlmsise-00.c, `gtd7`, `gtd7d`).
 *
 * At and above 72.5 km the result is GTS7's. Below, GTS7 is evaluated at 72.5 km and the
 * temperature is continued down by two splines in 1/T (72.5 → 32.5 km and 32.5 → 0 km, nodes from
 * GLOB7S expansions of PMA times PAVGM), the N2 density by hydrostatics on them (DENSM), and He,
 * O2 and Ar by their mixing ratios to N2, with a linear transition to full mixing from 72.5 down
 * to 62.5 km. O, H, N and anomalous O are zero there.
 *
 * Pure: the original's module state (GSURF/RE, the LPOLY harmonics and APDF/APT, DM28, the MESO7
 * node arrays) is created afresh for each call and passed along, so a result never depends on an
 * earlier call. The reference outputs were made the same way (a fresh state per case).
 */
import { PAVGM } from './coefficients/pavgm.data.ts';
import { PDM } from './coefficients/pdm.data.ts';
import { PMA } from './coefficients/pma.data.ts';
import { glob7s } from './glob7s.ts';
import { glatf } from './gravity.ts';
import { createLpoly } from './lpoly.ts';
import { densm, type ProfileNodes } from './profiles.ts';
import { gts7 } from './gts7.ts';
import { NRLMSISE_SWITCH, nrlmsiseFlags, selectSwitches } from './switches.ts';
import type { NrlmsiseDensities, NrlmsiseFlags, NrlmsiseInput, NrlmsiseOutput } from './types.ts';

/** ZN3: troposphere / stratosphere spline nodes, km. */
const ZN3 = [32.5, 20.0, 15.0, 10.0, 0.0] as const;
/** ZN2: stratosphere / mesosphere spline nodes, km; ZN2(1) = 72.5 km is where GTS7 hands over. */
const ZN2 = [72.5, 55.0, 45.0, 32.5] as const;
/** ZMIX: bottom of the linear transition to full mixing, km. */
const ZMIX = 62.5;

/** The default flags of a call without them: all variations on, CGS, ap array when one is given. */
function defaultFlags(input: NrlmsiseInput): NrlmsiseFlags {
  return nrlmsiseFlags({ apArray: input.apArray !== undefined });
}

function checkInput(input: NrlmsiseInput, sw9: number): void {
  if (sw9 === -1 && (input.apArray === undefined || input.apArray.length !== 7)) {
    throw new RangeError('NRLMSISE-00: switches[9] = -1 needs input.apArray with 7 values');
  }
}

/**
 * GTD7: number densities, total mass density without anomalous oxygen, exospheric temperature and
 * temperature at the altitude. `flags` defaults to all variations on, CGS units, and the ap-array
 * mode exactly when `input.apArray` is given. Throws a RangeError for a malformed switch array or
 * for switch 9 = -1 without an ap array.
 *
 * Below 72.5 km with switch 15 off, the original reads a mixed N2 density (DM28) that GTS7 did not
 * compute: stale from an earlier call, or 0 in a fresh process. This port follows a fresh process,
 * as the reference outputs do, which makes the densities there NaN; keep switch 15 on below 72.5 km.
 */
export function gtd7(input: NrlmsiseInput, flags: NrlmsiseFlags = defaultFlags(input)): NrlmsiseOutput {
  const switches = selectSwitches(flags);
  const { sw } = switches;
  checkInput(input, sw[NRLMSISE_SWITCH.dailyAp]);

  // Latitude variation of gravity (none for switch 2 = 0)
  const gravity = glatf(sw[2] === 0 ? 45.0 : input.g_lat);
  const lpoly = createLpoly(input);
  const xmm = PDM[2][4];

  // Thermosphere / mesosphere (above ZN2(1))
  const altt = input.alt > ZN2[0] ? input.alt : ZN2[0];
  const upper = gts7({ ...input, alt: altt }, switches, gravity, lpoly);
  if (input.alt >= ZN2[0]) return { d: upper.d, t: upper.t };

  // Metric adjustment of DM28 (GTS7 keeps it in cm^-3)
  const dm28m = sw[0] ? upper.dm28 * 1.0e6 : upper.dm28;
  const g7s = (p: Parameters<typeof glob7s>[0]): number => glob7s(p, input, switches, lpoly);

  // Lower mesosphere / upper stratosphere (between ZN3(1) and ZN2(1)): temperatures at the nodes
  // and gradients at the end nodes; inverse temperature is linear in the spherical harmonics.
  const tn2 = [
    upper.tn1Last,
    (PMA[0][0] * PAVGM[0]) / (1.0 - sw[20] * g7s(PMA[0])),
    (PMA[1][0] * PAVGM[1]) / (1.0 - sw[20] * g7s(PMA[1])),
    (PMA[2][0] * PAVGM[2]) / (1.0 - sw[20] * sw[22] * g7s(PMA[2])),
  ] as const;
  const tgn2Last =
    (PAVGM[8] * PMA[9][0] * (1.0 + sw[20] * sw[22] * g7s(PMA[9])) * tn2[3] * tn2[3]) / (PMA[2][0] * PAVGM[2]) ** 2.0;
  const strat: ProfileNodes = { z: ZN2, t: tn2, tg: [upper.tgn1Last, tgn2Last] };

  // Lower stratosphere and troposphere (at and below ZN3(1)). Release 20190709 computes these
  // nodes at exactly 32.5 km too, where DENSM reads them; the 20151122 release did not (NaN there).
  let trop: ProfileNodes = { z: ZN3, t: [tn2[3], 0, 0, 0, 0], tg: [tgn2Last, 0] };
  if (input.alt <= ZN3[0]) {
    const tn3Last = (PMA[6][0] * PAVGM[6]) / (1.0 - sw[22] * g7s(PMA[6]));
    trop = {
      z: ZN3,
      t: [
        tn2[3],
        (PMA[3][0] * PAVGM[3]) / (1.0 - sw[22] * g7s(PMA[3])),
        (PMA[4][0] * PAVGM[4]) / (1.0 - sw[22] * g7s(PMA[4])),
        (PMA[5][0] * PAVGM[5]) / (1.0 - sw[22] * g7s(PMA[5])),
        tn3Last,
      ],
      tg: [tgn2Last, (PMA[7][0] * PAVGM[7] * (1.0 + sw[22] * g7s(PMA[7])) * tn3Last * tn3Last) / (PMA[6][0] * PAVGM[6]) ** 2.0],
    };
  }

  // Linear transition to full mixing below ZN2(1)
  const dmc = input.alt > ZMIX ? 1.0 - (ZN2[0] - input.alt) / (ZN2[0] - ZMIX) : 0;
  const dz28 = upper.d[2];

  // N2 density
  let dmr = upper.d[2] / dm28m - 1.0;
  const n2 = densm(gravity, input.alt, dm28m, xmm, upper.t[1], strat, trop).density * (1.0 + dmr * dmc);
  // He density
  dmr = upper.d[0] / (dz28 * PDM[0][1]) - 1.0;
  const he = n2 * PDM[0][1] * (1.0 + dmr * dmc);
  // O2 density
  dmr = upper.d[3] / (dz28 * PDM[3][1]) - 1.0;
  const o2 = n2 * PDM[3][1] * (1.0 + dmr * dmc);
  // Ar density
  dmr = upper.d[4] / (dz28 * PDM[4][1]) - 1.0;
  const ar = n2 * PDM[4][1] * (1.0 + dmr * dmc);
  // O, anomalous O, H and N are zero below 72.5 km
  const o = 0;
  const h = 0;
  const n = 0;

  // Total mass density
  let rho = 1.66e-24 * (4.0 * he + 16.0 * o + 28.0 * n2 + 32.0 * o2 + 40.0 * ar + h + 14.0 * n);
  if (sw[0]) rho = rho / 1000;

  // Temperature at the altitude
  const tz = densm(gravity, input.alt, 1.0, 0, upper.t[1], strat, trop).temperature;
  return { d: [he, o, n2, o2, ar, rho, h, n, 0], t: [upper.t[0], tz] };
}

/**
 * GTD7D: as GTD7, but d[5] is the effective total mass density for drag, which includes anomalous
 * oxygen (significant above about 500 km).
 */
export function gtd7d(input: NrlmsiseInput, flags: NrlmsiseFlags = defaultFlags(input)): NrlmsiseOutput {
  const { d, t } = gtd7(input, flags);
  let rho = 1.66e-24 * (4.0 * d[0] + 16.0 * d[1] + 28.0 * d[2] + 32.0 * d[3] + 40.0 * d[4] + d[6] + 14.0 * d[7] + 16.0 * d[8]);
  if (flags.switches[NRLMSISE_SWITCH.siUnits] === 1) rho = rho / 1000;
  const densities: NrlmsiseDensities = [d[0], d[1], d[2], d[3], d[4], rho, d[6], d[7], d[8]];
  return { d: densities, t };
}
