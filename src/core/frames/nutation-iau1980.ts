/**
 * The IAU 1980 theory of nutation (Seidelmann 1982, Celest. Mech. 27, 79–106; Wahr 1981), all 106
 * terms, and the IAU 1980 mean obliquity of the ecliptic (Lieske et al. 1977), as used by the
 * IAU-76/FK5 reduction of Vallado, "Fundamentals of Astrodynamics and Applications", 4th ed.,
 * §3.7.2, and by the teme2eci of Vallado, Crawford, Hujsak & Kelso 2006 (AIAA 2006-6753).
 *
 *   Δψ = Σ (Aᵢ + A′ᵢ T) sin aᵢ,   Δε = Σ (Bᵢ + B′ᵢ T) cos aᵢ,
 *   aᵢ = k₁ l + k₂ l′ + k₃ F + k₄ D + k₅ Ω
 *
 * T: Julian centuries of TT since J2000.0. The table is Table 3.222.1 of the Explanatory
 * Supplement to the Astronomical Almanac (Seidelmann ed., 1992), in the order and units of SOFA's
 * iauNut80 (0.1 mas = 0.0001″ and the same per century); Vallado's nut80.dat holds the same 106
 * terms sorted by amplitude. Summed smallest first, as iauNut80 does. Checked term by term against
 * ERFA's eraNut80 at five dates 1980–2050 to 1e-14 rad (see the test).
 *
 * Not included: the IERS celestial-pole offsets δΔψ, δΔε (EOP corrections to this 1980 model);
 * `nutationIau1980` takes them as an option. Without them the true/mean-of-date frames are those of
 * the IAU-76/FK5 system, whose J2000 frame is CCSDS's EME2000.
 */
import { radians, type Radians } from '../units.ts';

const ARCSEC = Math.PI / 648_000;
const TWO_PI = 2 * Math.PI;
/** Table units (0.1 mas) to radians. */
const UNIT = ARCSEC / 1e4;

/**
 * [k_l, k_l′, k_F, k_D, k_Ω, A, A′, B, B′]: multipliers of the fundamental arguments, then the
 * longitude (sine) and obliquity (cosine) coefficients in 0.0001″ and 0.0001″ per Julian century.
 */
type NutationTerm = readonly [number, number, number, number, number, number, number, number, number];

// prettier-ignore
const TERMS: readonly NutationTerm[] = [
  // 1–10
  [ 0,  0,  0,  0,  1, -171996, -174.2,  92025,  8.9],
  [ 0,  0,  0,  0,  2,    2062,    0.2,   -895,  0.5],
  [-2,  0,  2,  0,  1,      46,      0,    -24,    0],
  [ 2,  0, -2,  0,  0,      11,      0,      0,    0],
  [-2,  0,  2,  0,  2,      -3,      0,      1,    0],
  [ 1, -1,  0, -1,  0,      -3,      0,      0,    0],
  [ 0, -2,  2, -2,  1,      -2,      0,      1,    0],
  [ 2,  0, -2,  0,  1,       1,      0,      0,    0],
  [ 0,  0,  2, -2,  2,  -13187,   -1.6,   5736, -3.1],
  [ 0,  1,  0,  0,  0,    1426,   -3.4,     54, -0.1],
  // 11–20
  [ 0,  1,  2, -2,  2,    -517,    1.2,    224, -0.6],
  [ 0, -1,  2, -2,  2,     217,   -0.5,    -95,  0.3],
  [ 0,  0,  2, -2,  1,     129,    0.1,    -70,    0],
  [ 2,  0,  0, -2,  0,      48,      0,      1,    0],
  [ 0,  0,  2, -2,  0,     -22,      0,      0,    0],
  [ 0,  2,  0,  0,  0,      17,   -0.1,      0,    0],
  [ 0,  1,  0,  0,  1,     -15,      0,      9,    0],
  [ 0,  2,  2, -2,  2,     -16,    0.1,      7,    0],
  [ 0, -1,  0,  0,  1,     -12,      0,      6,    0],
  [-2,  0,  0,  2,  1,      -6,      0,      3,    0],
  // 21–30
  [ 0, -1,  2, -2,  1,      -5,      0,      3,    0],
  [ 2,  0,  0, -2,  1,       4,      0,     -2,    0],
  [ 0,  1,  2, -2,  1,       4,      0,     -2,    0],
  [ 1,  0,  0, -1,  0,      -4,      0,      0,    0],
  [ 2,  1,  0, -2,  0,       1,      0,      0,    0],
  [ 0,  0, -2,  2,  1,       1,      0,      0,    0],
  [ 0,  1, -2,  2,  0,      -1,      0,      0,    0],
  [ 0,  1,  0,  0,  2,       1,      0,      0,    0],
  [-1,  0,  0,  1,  1,       1,      0,      0,    0],
  [ 0,  1,  2, -2,  0,      -1,      0,      0,    0],
  // 31–40
  [ 0,  0,  2,  0,  2,   -2274,   -0.2,    977, -0.5],
  [ 1,  0,  0,  0,  0,     712,    0.1,     -7,    0],
  [ 0,  0,  2,  0,  1,    -386,   -0.4,    200,    0],
  [ 1,  0,  2,  0,  2,    -301,      0,    129, -0.1],
  [ 1,  0,  0, -2,  0,    -158,      0,     -1,    0],
  [-1,  0,  2,  0,  2,     123,      0,    -53,    0],
  [ 0,  0,  0,  2,  0,      63,      0,     -2,    0],
  [ 1,  0,  0,  0,  1,      63,    0.1,    -33,    0],
  [-1,  0,  0,  0,  1,     -58,   -0.1,     32,    0],
  [-1,  0,  2,  2,  2,     -59,      0,     26,    0],
  // 41–50
  [ 1,  0,  2,  0,  1,     -51,      0,     27,    0],
  [ 0,  0,  2,  2,  2,     -38,      0,     16,    0],
  [ 2,  0,  0,  0,  0,      29,      0,     -1,    0],
  [ 1,  0,  2, -2,  2,      29,      0,    -12,    0],
  [ 2,  0,  2,  0,  2,     -31,      0,     13,    0],
  [ 0,  0,  2,  0,  0,      26,      0,     -1,    0],
  [-1,  0,  2,  0,  1,      21,      0,    -10,    0],
  [-1,  0,  0,  2,  1,      16,      0,     -8,    0],
  [ 1,  0,  0, -2,  1,     -13,      0,      7,    0],
  [-1,  0,  2,  2,  1,     -10,      0,      5,    0],
  // 51–60
  [ 1,  1,  0, -2,  0,      -7,      0,      0,    0],
  [ 0,  1,  2,  0,  2,       7,      0,     -3,    0],
  [ 0, -1,  2,  0,  2,      -7,      0,      3,    0],
  [ 1,  0,  2,  2,  2,      -8,      0,      3,    0],
  [ 1,  0,  0,  2,  0,       6,      0,      0,    0],
  [ 2,  0,  2, -2,  2,       6,      0,     -3,    0],
  [ 0,  0,  0,  2,  1,      -6,      0,      3,    0],
  [ 0,  0,  2,  2,  1,      -7,      0,      3,    0],
  [ 1,  0,  2, -2,  1,       6,      0,     -3,    0],
  [ 0,  0,  0, -2,  1,      -5,      0,      3,    0],
  // 61–70
  [ 1, -1,  0,  0,  0,       5,      0,      0,    0],
  [ 2,  0,  2,  0,  1,      -5,      0,      3,    0],
  [ 0,  1,  0, -2,  0,      -4,      0,      0,    0],
  [ 1,  0, -2,  0,  0,       4,      0,      0,    0],
  [ 0,  0,  0,  1,  0,      -4,      0,      0,    0],
  [ 1,  1,  0,  0,  0,      -3,      0,      0,    0],
  [ 1,  0,  2,  0,  0,       3,      0,      0,    0],
  [ 1, -1,  2,  0,  2,      -3,      0,      1,    0],
  [-1, -1,  2,  2,  2,      -3,      0,      1,    0],
  [-2,  0,  0,  0,  1,      -2,      0,      1,    0],
  // 71–80
  [ 3,  0,  2,  0,  2,      -3,      0,      1,    0],
  [ 0, -1,  2,  2,  2,      -3,      0,      1,    0],
  [ 1,  1,  2,  0,  2,       2,      0,     -1,    0],
  [-1,  0,  2, -2,  1,      -2,      0,      1,    0],
  [ 2,  0,  0,  0,  1,       2,      0,     -1,    0],
  [ 1,  0,  0,  0,  2,      -2,      0,      1,    0],
  [ 3,  0,  0,  0,  0,       2,      0,      0,    0],
  [ 0,  0,  2,  1,  2,       2,      0,     -1,    0],
  [-1,  0,  0,  0,  2,       1,      0,     -1,    0],
  [ 1,  0,  0, -4,  0,      -1,      0,      0,    0],
  // 81–90
  [-2,  0,  2,  2,  2,       1,      0,     -1,    0],
  [-1,  0,  2,  4,  2,      -2,      0,      1,    0],
  [ 2,  0,  0, -4,  0,      -1,      0,      0,    0],
  [ 1,  1,  2, -2,  2,       1,      0,     -1,    0],
  [ 1,  0,  2,  2,  1,      -1,      0,      1,    0],
  [-2,  0,  2,  4,  2,      -1,      0,      1,    0],
  [-1,  0,  4,  0,  2,       1,      0,      0,    0],
  [ 1, -1,  0, -2,  0,       1,      0,      0,    0],
  [ 2,  0,  2, -2,  1,       1,      0,     -1,    0],
  [ 2,  0,  2,  2,  2,      -1,      0,      0,    0],
  // 91–100
  [ 1,  0,  0,  2,  1,      -1,      0,      0,    0],
  [ 0,  0,  4, -2,  2,       1,      0,      0,    0],
  [ 3,  0,  2, -2,  2,       1,      0,      0,    0],
  [ 1,  0,  2, -2,  0,      -1,      0,      0,    0],
  [ 0,  1,  2,  0,  1,       1,      0,      0,    0],
  [-1, -1,  0,  2,  1,       1,      0,      0,    0],
  [ 0,  0, -2,  0,  1,      -1,      0,      0,    0],
  [ 0,  0,  2, -1,  2,      -1,      0,      0,    0],
  [ 0,  1,  0,  2,  0,      -1,      0,      0,    0],
  [ 1,  0, -2, -2,  0,      -1,      0,      0,    0],
  // 101–106
  [ 0, -1,  2,  0,  1,      -1,      0,      0,    0],
  [ 1,  1,  0, -2,  1,      -1,      0,      0,    0],
  [ 1,  0, -2,  2,  0,      -1,      0,      0,    0],
  [ 2,  0,  0,  2,  0,       1,      0,      0,    0],
  [ 0,  0,  2,  4,  2,      -1,      0,      0,    0],
  [ 0,  1,  0,  1,  0,       1,      0,      0,    0],
];

export interface FundamentalArguments {
  /** l: mean anomaly of the Moon. */
  readonly l: number;
  /** l′: mean anomaly of the Sun. */
  readonly lPrime: number;
  /** F: mean argument of latitude of the Moon (L − Ω). */
  readonly f: number;
  /** D: mean elongation of the Moon from the Sun. */
  readonly d: number;
  /** Ω: longitude of the Moon's mean ascending node on the ecliptic, from the mean equinox of date. */
  readonly omega: number;
}

/** An angle of `arcsec + revolutions·T` whole turns, in radians; the whole turns are taken modulo 1 first to keep precision. */
function argument(arcsec: number, revolutionsPerCentury: number, t: number): number {
  return arcsec * ARCSEC + ((revolutionsPerCentury * t) % 1) * TWO_PI;
}

/**
 * The Delaunay arguments of the 1980 theory (Explanatory Supplement 1992, §3.222; SOFA iauNut80;
 * the same polynomials as Vallado's fundarg(ttt, '80'), there in degrees). `t`: TT centuries since J2000.0.
 */
export function fundamentalArguments1980(t: number): FundamentalArguments {
  return {
    l: argument(485866.733 + (715922.633 + (31.31 + 0.064 * t) * t) * t, 1325, t),
    lPrime: argument(1287099.804 + (1292581.224 + (-0.577 - 0.012 * t) * t) * t, 99, t),
    f: argument(335778.877 + (295263.137 + (-13.257 + 0.011 * t) * t) * t, 1342, t),
    d: argument(1072261.307 + (1105601.328 + (-6.891 + 0.019 * t) * t) * t, 1236, t),
    omega: argument(450160.28 + (-482890.539 + (7.455 + 0.008 * t) * t) * t, -5, t),
  };
}

/**
 * Mean obliquity of the ecliptic, IAU 1980 (Lieske et al. 1977; Explanatory Supplement 1992,
 * Eq. 3.222-1; SOFA iauObl80; Vallado's nutation, `meaneps`):
 * ε̄ = 84381.448″ − 46.8150″ T − 0.00059″ T² + 0.001813″ T³.
 */
export function meanObliquity1980(t: number): Radians {
  return radians((84381.448 + (-46.815 + (-0.00059 + 0.001813 * t) * t) * t) * ARCSEC);
}

/** IERS celestial-pole offsets to the 1980 nutation (IERS EOP "dPsi", "dEps"), radians. */
export interface NutationCorrections {
  readonly dPsi: Radians;
  readonly dEps: Radians;
}

export interface Nutation1980 {
  /** Nutation in longitude Δψ (including `corrections.dPsi` when given). */
  readonly dPsi: Radians;
  /** Nutation in obliquity Δε (including `corrections.dEps` when given). */
  readonly dEps: Radians;
  /** Mean obliquity ε̄. */
  readonly meanObliquity: Radians;
  /** True obliquity ε = ε̄ + Δε. */
  readonly trueObliquity: Radians;
  /** Ω, the Moon's node, for the kinematic terms of the equation of the equinoxes. */
  readonly moonNode: Radians;
}

/** Δψ, Δε (all 106 terms) and the obliquities at `t`, TT centuries since J2000.0. */
export function nutationIau1980(t: number, corrections?: NutationCorrections): Nutation1980 {
  const { l, lPrime, f, d, omega } = fundamentalArguments1980(t);
  let dPsi = 0;
  let dEps = 0;
  for (let i = TERMS.length - 1; i >= 0; i -= 1) {
    const [kl, klp, kf, kd, ko, a, aT, b, bT] = TERMS[i]!;
    const angle = kl * l + klp * lPrime + kf * f + kd * d + ko * omega;
    dPsi += (a + aT * t) * Math.sin(angle);
    dEps += (b + bT * t) * Math.cos(angle);
  }
  dPsi = dPsi * UNIT + (corrections?.dPsi ?? 0);
  dEps = dEps * UNIT + (corrections?.dEps ?? 0);
  const meanObliquity = meanObliquity1980(t);
  return {
    dPsi: radians(dPsi),
    dEps: radians(dEps),
    meanObliquity,
    trueObliquity: radians(meanObliquity + dEps),
    moonNode: radians(omega),
  };
}

/** The number of terms in the series (106 for the full IAU 1980 theory). */
export const NUTATION_1980_TERM_COUNT = TERMS.length;
