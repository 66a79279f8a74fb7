/**
 * NRLMSISE-00, the NRL empirical model of the neutral atmosphere from the ground to the exosphere
 * (Picone, Hedin, Drob & Aikin 2002, "NRLMSISE-00 empirical model of the atmosphere: Statistical
 * comparisons and scientific issues", JGR 107(A12), 1468). Our own TypeScript port of the NRL
 * Fortran release, structured after Dominik Brodowski's C release 20190709, with the published
 * coefficient tables; a pure function of its inputs (see src/core/README.md).
 *
 * - `gtd7(input, flags?)`: densities and temperatures; d[5] without anomalous oxygen.
 * - `gtd7d(input, flags?)`: the same with d[5] including anomalous oxygen (use this for drag).
 * - `nrlmsiseDensity({ time, latitudeDeg, longitudeDeg, altitudeKm, f107, f107A, ap | apArray })`:
 *   GTD7D in SI at an instant, with doy, sec and lst = sec/3600 + lon/15 derived from it.
 * - `nrlmsiseFlags({ units, apArray })`, `NRLMSISE_STANDARD_FLAGS`, `NRLMSISE_SI_FLAGS`,
 *   `NRLMSISE_SWITCH`: the 24 switches.
 */
export { gtd7, gtd7d } from './gtd7.ts';
export {
  nrlmsiseDensity,
  nrlmsiseTimeInputs,
  type NrlmsiseDensity,
  type NrlmsiseDensityApArrayInput,
  type NrlmsiseDensityDailyApInput,
  type NrlmsiseDensityInput,
} from './density.ts';
export {
  NRLMSISE_SI_FLAGS,
  NRLMSISE_STANDARD_FLAGS,
  NRLMSISE_SWITCH,
  NRLMSISE_SWITCH_COUNT,
  nrlmsiseFlags,
  type NrlmsiseFlagOptions,
} from './switches.ts';
export type {
  NrlmsiseApArray,
  NrlmsiseDensities,
  NrlmsiseFlags,
  NrlmsiseInput,
  NrlmsiseOutput,
  NrlmsiseTemperatures,
} from './types.ts';
