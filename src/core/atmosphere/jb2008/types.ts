/**
 * Inputs and outputs of the JB2008 subroutine (SET `JB2008.for` argument list, same names in
 * lower case). Angles in radians, heights in km, temperatures in K, density in kg/m³.
 */

/**
 * The space-weather drivers of JB2008, each already taken at the lag the model expects
 * (JB2008.for header; Bowman et al. 2008, AIAA 2008-6438): the "B" values are 81-day means
 * centred on the input time, at the same lag.
 */
export interface Jb2008Indices {
  /** F10.7 solar radio flux, sfu (1e-22 W/(m² Hz)), tabular time 1 day earlier. */
  readonly f10: number;
  /** 81-day centred mean of F10.7, 1 day earlier. */
  readonly f10b: number;
  /** S10.7: EUV index (26–34 nm) scaled to F10.7 units, 1 day earlier. */
  readonly s10: number;
  /** 81-day centred mean of S10.7, 1 day earlier. */
  readonly s10b: number;
  /** M10.7: Mg II core-to-wing index scaled to F10.7 units, 2 days earlier. */
  readonly xm10: number;
  /** 81-day centred mean of M10.7, 2 days earlier. */
  readonly xm10b: number;
  /** Y10.7: solar X-ray and Lyman-α index scaled to F10.7 units, 5 days earlier. */
  readonly y10: number;
  /** 81-day centred mean of Y10.7, 5 days earlier. */
  readonly y10b: number;
  /** ΔTc from the Dst index (DSTDTC), K: the geomagnetic storm heating (0 in quiet conditions). */
  readonly dstdtc: number;
}

export interface Jb2008Input extends Jb2008Indices {
  /** AMJD: modified Julian date, days (JD − 2400000.5), UT. */
  readonly amjd: number;
  /** SUN: the Sun's right ascension and declination, radians (sunPosition gives the driver's). */
  readonly sun: readonly [rightAscensionRad: number, declinationRad: number];
  /**
   * SAT: the point's right ascension (Greenwich sidereal angle + east longitude) and geocentric
   * latitude, radians, and its height, km (≥ 90).
   */
  readonly sat: readonly [rightAscensionRad: number, geocentricLatitudeRad: number, altitudeKm: number];
}

export interface Jb2008Output {
  /**
   * TEMP: [exospheric temperature above the point, K (Tl + DSTDTC: without the DTSUB local-time/latitude
   * correction, which does enter the profile); temperature at the point, K].
   */
  readonly temp: readonly [exosphericK: number, localK: number];
  /** RHO: total mass density, kg/m³. */
  readonly rho: number;
}
