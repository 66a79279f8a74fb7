/**
 * JB2008, the Jacchia-Bowman 2008 empirical thermospheric density model: the public API of
 * src/core/atmosphere/jb2008 (see src/core/README.md).
 *
 * Model: B. R. Bowman, W. K. Tobiska, F. A. Marcos, C. Y. Huang, C. S. Lin and W. J. Burke (2008),
 * "A New Empirical Thermospheric Density Model JB2008 Using New Solar and Geomagnetic Indices",
 * AIAA 2008-6438. The code is our TypeScript transcription of the Space Environment Technologies
 * (SET) Fortran release, routine by routine (names in each file):
 * - `JB2008.for` (JB2008, XAMBAR, XGRAV, XLOCAL, DTSUB, SEMIAN08, TMOUTD), read from
 *   juppiega/goce `JB2008.for` @ 2323462b49dcf77b94f1b783b2ff7a0bad8e00da (the SET text; the
 *   reference outputs were built from the same routine at JuliaSpace/JB2008_Test
 *   @ ac412213cf264a306caa484a1b00f4ed00b79340);
 * - the stock driver's SUNPOS and THETA (`JB08DRVY2K.for`), read from juppiega/goce
 *   `JB08DRVCL.for` @ 2323462b… (same routines);
 * - coefficient arrays cross-checked with JuliaSpace/SatelliteToolboxAtmosphericModels.jl
 *   `src/jb2008/constants.jl` @ 059e408b4487af228193a93b996184b346faf67a.
 *
 * Verified against shared/reference/atmosphere/jb2008_cases.json (40 cases from the compiled
 * Fortran) to 1e-12 relative; the float32 literals of the Fortran (SEMIAN08's 0.70, 0.04, 0.37;
 * SUNPOS's rates) are reproduced with Math.fround, and its truncated constants (PI = 3.1415927,
 * …) are kept.
 *
 * Units: angles in radians, heights in km, temperatures in K, density in kg/m³. Valid from
 * 90 km up (RangeError below).
 */
export { jb2008 } from './jb2008.ts';
export type { Jb2008Indices, Jb2008Input, Jb2008Output } from './types.ts';
export { jb2008Density, jb2008InputAt, type Jb2008Density, type Jb2008DensityQuery } from './density.ts';
export { sunPosition, type SunPosition } from './sun-position.ts';
export { greenwichRightAscension } from './greenwich-angle.ts';
export { daysSince1950, fromModifiedJulianDate, modifiedJulianDate } from './mjd.ts';
export { semiannualVariation, type SemiannualVariation } from './semiannual.ts';
export { localTimeLatitudeCorrection } from './dtsub.ts';
