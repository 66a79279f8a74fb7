/**
 * PDL: turbopause and chemistry/dissociation correction parameters (C `pdl[2][25]`, Fortran
 * PDL(25,2), "TURBO").
 *
 * Transcribed value for value, in the published order, from Dominik Brodowski's C release of
 * NRLMSISE-00, nrlmsise-00_data.c (the C form of the NRL Fortran BLOCK DATA GTD7BK), as stored at
 * github.com/charliewgray/Sputnik, path nrlmsise-00_data.c, commit
 * 3fce18b6d1cb3c7b9f8d9e25893d28900974545a. The literals are kept exactly as printed there.
 * The reference outputs of shared/reference/atmosphere (release 20190709) are reproduced to 1e-10
 * with these tables (../reference-cases.test.ts).
 */
import type { Row } from './row.ts';

export const PDL: readonly [first: Row<25>, second: Row<25>] = [
  // PDL(1..25, 1)
  [
    1.09930E+00, 3.90631E+00, 3.07165E+00, 9.86161E-01, 1.63536E+01,
    4.63830E+00, 1.00000E+00, 0.00000E+00, 0.00000E+00, 0.00000E+00,
    0.00000E+00, 0.00000E+00, 0.00000E+00, 0.00000E+00, 0.00000E+00,
    0.00000E+00, 0.00000E+00, 0.00000E+00, 0.00000E+00, 0.00000E+00,
    0.00000E+00, 0.00000E+00, 1.28840E+00, 3.10302E-02, 1.18339E-01,
  ],
  // PDL(1..25, 2); PDL(16, 2) is ZA, the joining altitude of the Bates profile (123.435 km)
  [
    1.00000E+00, 7.00000E-01, 1.15020E+00, 3.44689E+00, 1.28840E+00,
    1.00000E+00, 1.08738E+00, 1.22947E+00, 1.10016E+00, 7.34129E-01,
    1.15241E+00, 2.22784E+00, 7.95046E-01, 4.01612E+00, 4.47749E+00,
    1.23435E+02, -7.60535E-02, 1.68986E-06, 7.44294E-01, 1.03604E+00,
    1.72783E+02, 1.15020E+00, 3.44689E+00, -7.46230E-01, 9.49154E-01,
  ],
];
