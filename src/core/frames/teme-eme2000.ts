/**
 * TEME ↔ EME2000 (J2000 mean equator and equinox, IAU-76/FK5), after the teme2eci/eci2teme of
 * Vallado, Crawford, Hujsak & Kelso, "Revisiting Spacetrack Report #3", AIAA 2006-6753 (§"TEME"
 * and its code), itself the IAU-76/FK5 reduction of Vallado, "Fundamentals of Astrodynamics and
 * Applications", 4th ed., §3.7.2:
 *
 *   r_EME2000 = P · N · ROT3(−Eq_eq) · r_TEME
 *
 * - TEME → TOD, ROT3(−Eq_eq): TEME's x axis is the mean equinox measured along the true equator,
 *   so the true equinox of date lies Eq_eq east of it. Eq_eq is the IAU 1982 equation of the
 *   equinoxes Δψ cos ε̄ (ε̄ the mean obliquity), *without* the kinematic terms
 *   0.00264″ sin Ω + 0.000063″ sin 2Ω that IAU 1994 Resolution C7 added from 1997: exactly what
 *   teme2eci does ("rotate teme through just geometric terms"). `equinoxKinematicTerms: true` adds
 *   them, which is what the worked example of Vallado's Example 3-15 / Table 3-6 implies (its TEME
 *   vector is R3(−GMST)·PEF and its TOD vector R3(−GAST)·PEF, GAST with the 1994 terms): the two
 *   differ by at most 0.0027″ = 1.3e-8 rad, ≤ 0.1 m in LEO and ≤ 0.6 m at GEO.
 * - TOD → MOD, N = ROT1(−ε̄) ROT3(Δψ) ROT1(ε̄ + Δε): IAU 1980 nutation, the full 106-term series
 *   (nutation-iau1980.ts), not the 4-term truncation teme2eci's older `truemean` offered.
 * - MOD → J2000, P = ROT3(ζ) ROT2(−θ) ROT3(z): IAU 1976 precession (precession-iau1976.ts).
 *
 * The angles are functions of TT (terrestrial-time.ts: TT = UTC + ΔAT + 32.184 s, ΔAT from the
 * leap-second table unless given). UT1 does not enter: no Earth rotation is involved, so neither
 * UT1 − UTC nor polar motion is needed (they are for TEME ↔ ECEF, teme-ecef.ts).
 *
 * Without `nutationCorrections` (the IERS δΔψ, δΔε) the result is the FK5 J2000 frame, i.e.
 * EME2000. With them it is what Vallado's Table 3-6 (and teme2eci called with ddpsi, ddeps) calls
 * GCRF; the two differ by ~1 m in LEO.
 *
 * Velocity: rotated with the same matrix. The matrix turns slowly (precession ~7e-12 rad/s plus the
 * nutation rates; at most 1.1e-11 rad/s in all, sampled over a lunar nodal cycle, see the test) and
 * its rate is neglected, as teme2eci neglects it: the velocity is off by at most that rate × |r|,
 * i.e. 8e-8 km/s (0.08 mm/s) at 7,000 km and 0.5 mm/s at GEO.
 * Applied to two objects at the same instant, the rotation is common to both, so their relative
 * geometry (distances, relative speed, RTN components) is unchanged to rounding.
 */
import type { Position, Teme, UtcMs } from '../units.ts';
import { temePosition, temeVelocity } from '../units.ts';
import { eme2000Position, eme2000Velocity, type Eme2000Position, type Eme2000State } from './eme2000.ts';
import { nutationIau1980, type NutationCorrections } from './nutation-iau1980.ts';
import { modToJ2000Matrix } from './precession-iau1976.ts';
import { apply, multiply, rotX, rotZ, transpose, type Matrix3 } from './rotation-matrix.ts';
import type { State } from './teme-ecef.ts';
import { terrestrialTimeCenturies } from './terrestrial-time.ts';

const ARCSEC = Math.PI / 648_000;

export interface TemeEme2000Options {
  /** TAI − UTC (ΔAT), seconds; default: the leap-second table of terrestrial-time.ts. */
  readonly taiMinusUtcSeconds?: number;
  /**
   * Add the IAU 1994 kinematic terms 0.00264″ sin Ω + 0.000063″ sin 2Ω to the equation of the
   * equinoxes (IERS Conventions 1996, Ch. 5). Default false, as Vallado's teme2eci.
   */
  readonly equinoxKinematicTerms?: boolean;
  /** IERS celestial-pole offsets δΔψ, δΔε; default none, which gives EME2000 (FK5 J2000). */
  readonly nutationCorrections?: NutationCorrections;
}

/** The three rotations of the chain and their product, each taking components in the first frame to the second. */
export interface TemeEme2000Rotations {
  readonly temeToTod: Matrix3;
  readonly todToMod: Matrix3;
  readonly modToJ2000: Matrix3;
  readonly temeToEme2000: Matrix3;
  /** The equation of the equinoxes used, radians. */
  readonly equationOfEquinoxes: number;
}

/** The TEME → TOD → MOD → J2000 rotations at a UTC instant. */
export function temeEme2000Rotations(t: UtcMs, options: TemeEme2000Options = {}): TemeEme2000Rotations {
  const centuries = terrestrialTimeCenturies(t, options.taiMinusUtcSeconds);
  const nutation = nutationIau1980(centuries, options.nutationCorrections);
  const omega = nutation.moonNode;
  const kinematic = options.equinoxKinematicTerms ? (0.00264 * Math.sin(omega) + 0.000063 * Math.sin(2 * omega)) * ARCSEC : 0;
  const equationOfEquinoxes = nutation.dPsi * Math.cos(nutation.meanObliquity) + kinematic;
  const temeToTod = rotZ(-equationOfEquinoxes);
  const todToMod = multiply(multiply(rotX(-nutation.meanObliquity), rotZ(nutation.dPsi)), rotX(nutation.trueObliquity));
  const modToJ2000 = modToJ2000Matrix(centuries);
  return { temeToTod, todToMod, modToJ2000, temeToEme2000: multiply(modToJ2000, multiply(todToMod, temeToTod)), equationOfEquinoxes };
}

/** The matrix M with r_EME2000 = M r_TEME at `t` (UTC); its transpose goes back. */
export function temeToEme2000Matrix(t: UtcMs, options: TemeEme2000Options = {}): Matrix3 {
  return temeEme2000Rotations(t, options).temeToEme2000;
}

/** Position TEME → EME2000 at `t` (UTC). */
export function temeToEme2000(r: Position<Teme>, t: UtcMs, options: TemeEme2000Options = {}): Eme2000Position {
  const [x, y, z] = apply(temeToEme2000Matrix(t, options), r);
  return eme2000Position(x, y, z);
}

/** Position EME2000 → TEME at `t` (UTC). */
export function eme2000ToTeme(r: Eme2000Position, t: UtcMs, options: TemeEme2000Options = {}): Position<Teme> {
  const [x, y, z] = apply(transpose(temeToEme2000Matrix(t, options)), r);
  return temePosition(x, y, z);
}

/** Position and velocity TEME → EME2000 at `t` (UTC); the rotation's rate is neglected (see above). */
export function temeToEme2000State(state: State<Teme>, t: UtcMs, options: TemeEme2000Options = {}): Eme2000State {
  const m = temeToEme2000Matrix(t, options);
  const [rx, ry, rz] = apply(m, state.r);
  const [vx, vy, vz] = apply(m, state.v);
  return { r: eme2000Position(rx, ry, rz), v: eme2000Velocity(vx, vy, vz) };
}

/** Position and velocity EME2000 → TEME at `t` (UTC): the inverse of temeToEme2000State. */
export function eme2000ToTemeState(state: Eme2000State, t: UtcMs, options: TemeEme2000Options = {}): State<Teme> {
  const m = transpose(temeToEme2000Matrix(t, options));
  const [rx, ry, rz] = apply(m, state.r);
  const [vx, vy, vz] = apply(m, state.v);
  return { r: temePosition(rx, ry, rz), v: temeVelocity(vx, vy, vz) };
}
