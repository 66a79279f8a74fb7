/**
 * PDM: lower-boundary densities, mixing ratios, turbopause heights and correction scales of each
 * species (C `pdm[8][10]`, Fortran PDM(10,8) in LOWER7).
 *
 * Transcribed value for value, in the published order, from Dominik Brodowski's C release of
 * NRLMSISE-00, nrlmsise-00_data.c (the C form of the NRL Fortran BLOCK DATA GTD7BK), as stored at
 * github.com/charliewgray/Sputnik, path nrlmsise-00_data.c, commit
 * 3fce18b6d1cb3c7b9f8d9e25893d28900974545a. The literals are kept exactly as printed there.
 * The reference outputs of shared/reference/atmosphere (release 20190709) are reproduced to 1e-10
 * with these tables (../reference-cases.test.ts).
 */
import type { Row } from './row.ts';

export const PDM: readonly [he: Row<10>, o: Row<10>, n2: Row<10>, o2: Row<10>, ar: Row<10>, h: Row<10>, n: Row<10>, hotO: Row<10>] = [
  // He
  [
    2.45600E+07, 6.71072E-06, 1.00000E+02, 0.00000E+00, 1.10000E+02,
    1.00000E+01, 0.00000E+00, 0.00000E+00, 0.00000E+00, 0.00000E+00,
  ],
  // O
  [
    8.59400E+10, 1.00000E+00, 1.05000E+02, -8.00000E+00, 1.10000E+02,
    1.00000E+01, 9.00000E+01, 2.00000E+00, 0.00000E+00, 0.00000E+00,
  ],
  // N2 (element 5 is the mean molecular weight of full mixing, 28.95)
  [
    2.81000E+11, 0.00000E+00, 1.05000E+02, 2.80000E+01, 2.89500E+01,
    0.00000E+00, 0.00000E+00, 0.00000E+00, 0.00000E+00, 0.00000E+00,
  ],
  // O2
  [
    3.30000E+10, 2.68270E-01, 1.05000E+02, 1.00000E+00, 1.10000E+02,
    1.00000E+01, 1.10000E+02, -1.00000E+01, 0.00000E+00, 0.00000E+00,
  ],
  // Ar
  [
    1.33000E+09, 1.19615E-02, 1.05000E+02, 0.00000E+00, 1.10000E+02,
    1.00000E+01, 0.00000E+00, 0.00000E+00, 0.00000E+00, 0.00000E+00,
  ],
  // H
  [
    1.76100E+05, 1.00000E+00, 9.50000E+01, -8.00000E+00, 1.10000E+02,
    1.00000E+01, 9.00000E+01, 2.00000E+00, 0.00000E+00, 0.00000E+00,
  ],
  // N
  [
    1.00000E+07, 1.00000E+00, 1.05000E+02, -8.00000E+00, 1.10000E+02,
    1.00000E+01, 9.00000E+01, 2.00000E+00, 0.00000E+00, 0.00000E+00,
  ],
  // hot (anomalous) O
  [
    1.00000E+06, 1.00000E+00, 1.05000E+02, -8.00000E+00, 5.50000E+02,
    7.60000E+01, 9.00000E+01, 2.00000E+00, 0.00000E+00, 4.00000E+03,
  ],
];
