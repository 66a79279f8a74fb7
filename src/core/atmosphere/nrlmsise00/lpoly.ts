/**
 * The state GLOBE7 leaves for GLOB7S (common block LPOLY of the NRL Fortran; file-level statics
 * `plg`, `ctloc`…`c3tloc`, `dfa`, `apdf`, `apt` in Brodowski's C release, nrlmsise-00.c).
 *
 * In the original this lives between calls. Here one `Lpoly` is created per model evaluation and
 * passed down, so gtd7 is a pure function: GLOBE7 writes it exactly where the original writes the
 * statics, and GLOB7S reads it, which keeps the original's order-dependent values (notably that
 * APT(1) is the one from the last GLOBE7 call whose coefficient P(52) is non-zero).
 */
import type { Row } from './coefficients/row.ts';
import { DGTR } from './gravity.ts';
import type { NrlmsiseInput } from './types.ts';

/** Associated Legendre functions P(n, m) of sin(latitude), PLG(n+1, m+1) in the Fortran. */
export type Plg = readonly [m0: Row<9>, m1: Row<9>, m2: Row<9>, m3: Row<9>];

export interface Lpoly {
  readonly plg: Plg;
  /** sin and cos of 1, 2 and 3 times the local-time angle (HR = 0.2618 rad per hour). */
  readonly stloc: number;
  readonly ctloc: number;
  readonly s2tloc: number;
  readonly c2tloc: number;
  readonly s3tloc: number;
  readonly c3tloc: number;
  /** DFA = F10.7A − 150. */
  readonly dfa: number;
  /** APDF: the daily-Ap activity function of the last GLOBE7 call in daily-Ap mode. */
  apdf: number;
  /** APT(1): the 3-hour ap function of the last GLOBE7 call that computed one (ap-array mode). */
  apt0: number;
}

/** Local-time angle per hour as the model writes it (HR = 0.2618). */
export const HR = 0.2618;

/**
 * The Legendre functions and local-time harmonics of GLOBE7 for an input. APDF and APT(1) start at
 * 0, the value of the C statics in a fresh process; GLOBE7 sets them.
 *
 * The original computes the local-time harmonics only when switch 7, 8 or 14 is on; they are read
 * only under those switches, so computing them always gives the same results.
 */
export function createLpoly(input: NrlmsiseInput): Lpoly {
  const c = Math.sin(input.g_lat * DGTR);
  const s = Math.cos(input.g_lat * DGTR);
  const c2 = c * c;
  const c4 = c2 * c2;
  const s2 = s * s;

  const p01 = c;
  const p02 = 0.5 * (3.0 * c2 - 1.0);
  const p03 = 0.5 * (5.0 * c * c2 - 3.0 * c);
  const p04 = (35.0 * c4 - 30.0 * c2 + 3.0) / 8.0;
  const p05 = (63.0 * c2 * c2 * c - 70.0 * c2 * c + 15.0 * c) / 8.0;
  const p06 = (11.0 * c * p05 - 5.0 * p04) / 6.0;

  const p11 = s;
  const p12 = 3.0 * c * s;
  const p13 = 1.5 * (5.0 * c2 - 1.0) * s;
  const p14 = 2.5 * (7.0 * c2 * c - 3.0 * c) * s;
  const p15 = 1.875 * (21.0 * c4 - 14.0 * c2 + 1.0) * s;
  const p16 = (11.0 * c * p15 - 6.0 * p14) / 5.0;

  const p22 = 3.0 * s2;
  const p23 = 15.0 * s2 * c;
  const p24 = 7.5 * (7.0 * c2 - 1.0) * s2;
  const p25 = 3.0 * c * p24 - 2.0 * p23;
  const p26 = (11.0 * c * p25 - 7.0 * p24) / 4.0;
  const p27 = (13.0 * c * p26 - 8.0 * p25) / 5.0;

  const p33 = 15.0 * s2 * s;
  const p34 = 105.0 * s2 * s * c;
  const p35 = (9.0 * c * p34 - 7.0 * p33) / 2.0;
  const p36 = (11.0 * c * p35 - 8.0 * p34) / 3.0;

  const tloc = input.lst;
  return {
    plg: [
      [0, p01, p02, p03, p04, p05, p06, 0, 0],
      [0, p11, p12, p13, p14, p15, p16, 0, 0],
      [0, 0, p22, p23, p24, p25, p26, p27, 0],
      [0, 0, 0, p33, p34, p35, p36, 0, 0],
    ],
    stloc: Math.sin(HR * tloc),
    ctloc: Math.cos(HR * tloc),
    s2tloc: Math.sin(2.0 * HR * tloc),
    c2tloc: Math.cos(2.0 * HR * tloc),
    s3tloc: Math.sin(3.0 * HR * tloc),
    c3tloc: Math.cos(3.0 * HR * tloc),
    dfa: input.f107A - 150.0,
    apdf: 0,
    apt0: 0,
  };
}
