/**
 * PTM: global-average boundary constants (C `ptm`, Fortran PTM in LOWER7), as GTS7 uses them:
 * [0] TINF, [1] TLB, [6], [2], [7], [4] the TN1(2..5) node temperatures, [3] the gradient G0,
 * [5] ZLB = 120 km, [8] the TGN1(2) factor. The C release declares `ptm[50]`; only these ten are
 * given (the rest are zero and unused).
 *
 * Transcribed value for value, in the published order, from Dominik Brodowski's C release of
 * NRLMSISE-00, nrlmsise-00_data.c (the C form of the NRL Fortran BLOCK DATA GTD7BK), as stored at
 * github.com/charliewgray/Sputnik, path nrlmsise-00_data.c, commit
 * 3fce18b6d1cb3c7b9f8d9e25893d28900974545a. The literals are kept exactly as printed there.
 * The reference outputs of shared/reference/atmosphere (release 20190709) are reproduced to 1e-10
 * with these tables (../reference-cases.test.ts).
 */
import type { Row } from './row.ts';

export const PTM: Row<10> = [
  1.04130E+03, 3.86000E+02, 1.95000E+02, 1.66728E+01, 2.13000E+02,
  1.20000E+02, 2.40000E+02, 1.87000E+02, -2.00000E+00, 0.00000E+00,
];
