/**
 * The constants of the JB2008 subroutine, with the values of the SET `JB2008.for` DATA
 * statements (provenance in index.ts). Several are truncated decimals (PI = 3.1415927,
 * AL10 = 2.3025851, …); they are kept as printed because the model's outputs depend on them at
 * the 1e-8 level and the reference outputs were made with them.
 */

/** `PI`: the model's π, truncated to 8 digits (DATA PI /3.1415927D0/). */
export const PI = 3.1415927;
/** `TWOPI` (DATA TWOPI /6.2831853D0/), used by the seasonal-latitudinal term (Eq. 24). */
export const TWOPI = 6.2831853;
/** `PIOV2` (DATA PIOV2 /1.5707963D0/), the π/2 of Eq. (13). */
export const PIOV2 = 1.5707963;
/** `DEGRAD = PI / 180.D0`, with the truncated PI. */
export const DEGRAD = PI / 180;

/** `AL10`, ln 10 truncated (DATA AL10 /2.3025851D0/). */
export const AL10 = 2.3025851;

/** `AVOGAD`: Avogadro's number in molecules per kmol (DATA AVOGAD /6.02257D26/). */
export const AVOGAD = 6.02257e26;

/** `RSTAR`: the universal gas constant, J/(K·kmol) (DATA RSTAR /8314.32D0/). */
export const RSTAR = 8314.32;

/**
 * `AMW`: molecular weights, kg/kmol, in the model's species order N2, O2, O, Ar, He, H.
 * Every per-species array in this folder uses that order.
 */
export const AMW = [28.0134, 31.9988, 15.9994, 39.948, 4.0026, 1.00797] as const;

/**
 * `FRAC`: assumed sea-level volume fractions of N2, O2, Ar and He (Eq. 3), in that order
 * (note: not the AMW order).
 */
export const FRAC = [0.7811, 0.20955, 9.34e-3, 1.289e-5] as const;

/** `ALPHA`: thermal diffusion coefficients of Eq. (6), species N2, O2, O, Ar, He. */
export const ALPHA = [0, 0, 0, 0, -0.38] as const;

/**
 * `R1`, `R2`, `R3`: the logarithmic height steps of the integrations, 90–105 km, 105–500 km and
 * above 500 km (a panel spans at most a factor e^R in height).
 */
export const R1 = 0.01;
export const R2 = 0.025;
export const R3 = 0.075;

/**
 * `WT`: the five-point Newton–Cotes (Boole) weights 14/45, 64/45, 24/45, 64/45, 14/45 for a
 * step of h = panel/4 (so the rule is h · Σ WT·f), as the Fortran prints them to 15 digits.
 */
export const WT = [0.311111111111111, 1.422222222222222, 0.533333333333333, 1.422222222222222, 0.311111111111111] as const;

/** `CHT`: the coefficients of the exospheric density correction above 1000 km (Bowman 2001, AAS 01-132). */
export const CHT = [0.22, -0.2e-2, 0.115e-2, -0.211e-5] as const;

/** The lower boundary of the model, km: the integrations start at Z1 = 90 km. */
export const Z1 = 90;
