/**
 * Inputs and outputs of NRLMSISE-00 (Picone, Hedin, Drob & Aikin 2002, "NRLMSISE-00 empirical
 * model of the atmosphere: Statistical comparisons and scientific issues", JGR 107(A12), 1468).
 * Field names and meanings follow the C release's `nrlmsise_input` / `nrlmsise_output`
 * (Brodowski, nrlmsise-00.h), so a value can be traced to the NRL documentation directly.
 */

/**
 * The seven magnetic values of the ap-array mode (C `struct ap_array`, Fortran AP(7)), used when
 * `switches[9] = -1`:
 * 0: daily Ap;
 * 1: 3-hour ap for the current time;
 * 2, 3, 4: 3-hour ap for 3, 6 and 9 hours before the current time;
 * 5: average of the eight 3-hour ap values from 12 to 33 hours before;
 * 6: average of the eight 3-hour ap values from 36 to 57 hours before.
 * The model reads elements 1–6; element 0 is carried for completeness, as in the original.
 */
export type NrlmsiseApArray = readonly [
  dailyAp: number,
  ap3hNow: number,
  ap3hMinus3h: number,
  ap3hMinus6h: number,
  ap3hMinus9h: number,
  mean12To33h: number,
  mean36To57h: number,
];

export interface NrlmsiseInput {
  /** Day of year, 1–366 (the year itself is not a model input). */
  readonly doy: number;
  /** Seconds of the UT day. */
  readonly sec: number;
  /** Geodetic altitude, km. */
  readonly alt: number;
  /** Geodetic latitude, degrees. */
  readonly g_lat: number;
  /** Geodetic longitude, degrees east. */
  readonly g_long: number;
  /**
   * Local apparent solar time, hours. The model uses UT, local time and longitude independently;
   * for physically consistent results use lst = sec/3600 + g_long/15 (nrlmsise-00.h notes).
   */
  readonly lst: number;
  /** 81-day average of F10.7 (centred on doy), sfu. */
  readonly f107A: number;
  /** Daily F10.7 of the previous day, sfu. */
  readonly f107: number;
  /** Daily Ap. */
  readonly ap: number;
  /** The ap history for `switches[9] = -1` (ignored otherwise). */
  readonly apArray?: NrlmsiseApArray;
}

/**
 * The 24 switches of the model (`switches[i]`; see switches.ts for what each one turns on or off).
 * 0 is off, 1 is on, 2 is main effects off but cross terms on; switch 0 selects the units
 * (0 CGS, 1 SI) and switch 9 may be -1 for the ap-array mode.
 */
export interface NrlmsiseFlags {
  readonly switches: readonly number[];
}

/**
 * Densities, in the order of the C `d[9]`:
 * He, O, N2, O2, Ar number densities; total mass density; H, N, anomalous O number densities.
 * Number densities are cm^-3 (switch 0 = 0) or m^-3 (switch 0 = 1); the total mass density is
 * g/cm^3 or kg/m^3. O, H, N and anomalous O are zero below 72.5 km.
 */
export type NrlmsiseDensities = readonly [
  he: number,
  o: number,
  n2: number,
  o2: number,
  ar: number,
  totalMass: number,
  h: number,
  n: number,
  anomalousO: number,
];

/** Exospheric temperature and temperature at the altitude, K. */
export type NrlmsiseTemperatures = readonly [exospheric: number, atAltitude: number];

export interface NrlmsiseOutput {
  /**
   * Densities (see NrlmsiseDensities). `d[5]` differs between gtd7 (He, O, N2, O2, Ar, H, N) and
   * gtd7d (the same plus anomalous oxygen: the effective density for drag).
   */
  readonly d: NrlmsiseDensities;
  /**
   * Temperatures, K. The exospheric temperature is the global average below 123.435 km (the
   * joining altitude ZA of the Bates profile).
   */
  readonly t: NrlmsiseTemperatures;
}
