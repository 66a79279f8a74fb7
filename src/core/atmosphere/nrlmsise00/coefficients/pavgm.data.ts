/**
 * PAVGM: middle-atmosphere averages, the mean node temperatures and gradient factors the PMA
 * expansions multiply (C `pavgm`, Fortran PAVGM in LOWER7).
 *
 * Transcribed value for value, in the published order, from Dominik Brodowski's C release of
 * NRLMSISE-00, nrlmsise-00_data.c (the C form of the NRL Fortran BLOCK DATA GTD7BK), as stored at
 * github.com/charliewgray/Sputnik, path nrlmsise-00_data.c, commit
 * 3fce18b6d1cb3c7b9f8d9e25893d28900974545a. The literals are kept exactly as printed there.
 * The reference outputs of shared/reference/atmosphere (release 20190709) are reproduced to 1e-10
 * with these tables (../reference-cases.test.ts).
 */
import type { Row } from './row.ts';

export const PAVGM: Row<10> = [
  2.61000E+02, 2.64000E+02, 2.29000E+02, 2.17000E+02, 2.17000E+02,
  2.23000E+02, 2.86760E+02, -2.93940E+00, 2.50000E+00, 0.00000E+00,
];
