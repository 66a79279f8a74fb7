/**
 * The screening filters' model of an object: the Keplerian ellipse SGP4 itself builds before it
 * adds its short-period terms, and a bound on how far SGP4's output can be from it.
 *
 * SGP4 (Hoots & Roehrich 1980, Spacetrack Report #3; as revised by Vallado, Crawford, Hujsak &
 * Kelso 2006, AIAA 2006-6753, and ported by satellite.js, src/propagation/sgp4.js) computes, at
 * each instant:
 *  1. mean elements am, em, im, Ωm, ωm, Mm (secular gravity and drag, deep-space resonance);
 *     satellite.js returns these as `meanElements`;
 *  2. for deep-space orbits, the lunar-solar periodics (dpper: deep-space-periodics.ts);
 *  3. the long-period J3 terms: eccentricity vector (axnl, aynl) = (e cos ω, e sin ω + aycof/p)
 *     and mean longitude xl = M + ω + Ω + xlcof·axnl/p;
 *  4. Kepler's equation in (axnl, aynl), giving the radius rl and true argument of latitude su;
 *  5. the short-period J2 terms (Brouwer): r = rl(1 − 1.5 temp2 βl con41) + 0.5 temp1 x1mth2 cos2u,
 *     u = su − 0.25 temp2 x7thm1 sin2u, Ω = Ωp + 1.5 temp2 cos i sin2u,
 *     i = ip + 1.5 temp2 cos i sin i cos2u, with temp1 = J2/(2p), temp2 = temp1/p.
 * The model keeps 1–4 exactly, and of 5 the constant radial factor (1 − 1.5 temp2 βl con41). What
 * it leaves out is the periodic part of 5, whose size the formulas themselves bound:
 *   |Δr| ≤ 0.5 temp1 |x1mth2|, and the position moves by at most r·(|Δu| + |ΔΩ| + |Δi|)
 * (a rotation by a small angle δ moves a vector of length r by at most r|δ|), with
 *   |Δu| ≤ 0.25 temp2 |x7thm1|, |ΔΩ| ≤ 1.5 temp2 |cos i|, |Δi| ≤ 1.5 temp2 |cos i sin i|.
 * That sum is `deviationBound`: in LEO 1–5 km, at GEO well under 1 km. mean-orbit.test.ts checks
 * it against SGP4 positions of real element sets in every regime.
 */
import { constants, type SatRec } from 'satellite.js';
import { sgp4Continued } from '../propagation/resonance.ts';
import { deepSpacePeriodics } from './deep-space-periodics.ts';
import { deepSpaceResonances, type SecularUpdate } from './deep-space-secular.ts';
import {
  C_AYCOF, C_BSTAR, C_CC1, C_CC4, C_CC5, C_CON41, C_D2, C_D3, C_D4, C_DELMO, C_ECCO, C_ETA, C_INCLO, C_ISIMP, C_MDOT, C_MO, C_NO, C_NODECF, C_NODEDOT, C_NODEO,
  C_OMGCOF, C_SINMAO, C_T2COF, C_T3COF, C_T4COF, C_T5COF, C_X1MTH2, C_X7THM1, C_XLCOF, C_XMCOF, NEAR_EARTH_FIELDS, C_ARGPDOT, C_ARGPO,
} from './near-earth-init.ts';

const TWO_PI = 2 * Math.PI;
/** WGS-72 values SGP4 uses (satellite.js constants; orbit/wgs72.ts). */
export const EARTH_RADIUS_KM = constants.earthRadius;
const J2 = constants.j2;
const J3OJ2 = constants.j3oj2;
/** SGP4's xke: √(μ/R³) in 1/min. */
export const XKE = constants.xke;
/** 2/3, as satellite.js writes it (constants.x2o3), so the power is the same double. */
const X2O3 = constants.x2o3;

/** One instant of the model, in SGP4's units (Earth radii, radians, minutes). */
export interface MeanOrbitState {
  /** Minutes since the element-set epoch. */
  readonly tsince: number;
  /** Semi-major axis, Earth radii. */
  readonly am: number;
  /** Eccentricity vector in the orbit plane, from the node: (e cos ω, e sin ω + aycof/p). */
  readonly axnl: number;
  readonly aynl: number;
  /** Inclination and right ascension of the ascending node (TEME), radians. */
  readonly inclination: number;
  readonly node: number;
  /** Mean argument of latitude xl − Ω, radians (not reduced to 0…2π). */
  readonly meanArgLat: number;
  /** Mean motion, rad/min. */
  readonly meanMotion: number;
  /** SGP4's constant short-period radial factor (1 − 1.5 temp2 βl con41). */
  readonly radialFactor: number;
  /** Bound on |SGP4 position − model position|, km. */
  readonly deviationBound: number;
  /** Bound on the periodic radial difference alone, km. */
  readonly radialDeviationBound: number;
}

/**
 * Whether an SGP4 result is the state of an object that has already re-entered although SGP4
 * returned it without an error. Two cases:
 * - SGP4's drag polynomial tempa = 1 − C1 t − … has gone through zero, after which SGP4 still
 *   returns positions (a = a₀·tempa² grows again) that mean nothing. satellite.js ships this test
 *   as `checkForDecay` (T. Kruczek's community check, not part of Vallado's SGP4);
 * - near that zero the mean semi-major axis is below one Earth radius while the short-period
 *   radial factor, which grows as 1/p², lifts the output radius above SGP4's decay test.
 * The screening treats both like an SGP4 failure, so that a re-entered object is not screened.
 */
export function isDecayed(satrec: SatRec, meanSemiMajorAxis: number): boolean {
  return satrec.tempa <= 0 || meanSemiMajorAxis < 1;
}

/** A MeanOrbitState the caller owns and `meanOrbitInto` overwrites (hot loops reuse one instead of allocating a state per call). */
export type MeanOrbitScratch = { -readonly [K in keyof MeanOrbitState]: MeanOrbitState[K] };

export function meanOrbitScratch(): MeanOrbitScratch {
  return { tsince: 0, am: 0, axnl: 0, aynl: 0, inclination: 0, node: 0, meanArgLat: 0, meanMotion: 0, radialFactor: 0, deviationBound: 0, radialDeviationBound: 0 };
}

/** The model at `tsince` minutes from epoch, or undefined where SGP4 fails (its error code is then in satrec.error). */
export function meanOrbitAt(satrec: SatRec, tsince: number): MeanOrbitState | undefined {
  return meanOrbitInto(satrec, tsince, meanOrbitScratch());
}

/** SGP4's mean elements at one instant (satellite.js `meanElements`). */
interface Secular {
  am: number;
  em: number;
  im: number;
  Om: number;
  om: number;
  mm: number;
  nm: number;
}

const secularScratch: Secular = { am: 0, em: 0, im: 0, Om: 0, om: 0, mm: 0, nm: 0 };

/** sgp4.js's variables between its secular update and its mean elements (the deep-space resonances act on them there). */
const updated: SecularUpdate & { tempa: number; tempe: number; templ: number } = { em: 0, inclm: 0, argpm: 0, nodem: 0, mm: 0, nm: 0, tempa: 0, tempe: 0, templ: 0 };

/**
 * SGP4's update for secular gravity and atmospheric drag (Vallado et al. 2006, sgp4, from "update
 * for secular gravity and atmospheric drag"), from a record's constants (row `o` of `c`,
 * near-earth-init.ts layout), into `updated`: the same operations in the same order as satellite.js
 * src/propagation/sgp4.js. With `meanElementsOf` after it (and, for a deep-space orbit,
 * deep-space-secular.ts between them) the elements are the doubles `sgp4(satrec,
 * tsince).meanElements` holds (mean-orbit.test.ts compares them bit for bit on the whole real
 * catalogue and Vallado's verification set). Why not call sgp4: the screening evaluates the model
 * some 20 times per object of the catalogue, and sgp4 also solves Kepler's equation, adds the
 * short-period terms (and for deep space the lunar-solar periodics, which the model runs itself
 * after these elements), forms position and velocity and allocates four objects per call, none of
 * which the filters use (about two thirds of the cost of a track, and most of the garbage of a
 * screening).
 */
function secularUpdate(c: Float64Array, o: number, t: number): void {
  const xmdf = c[o + C_MO]! + c[o + C_MDOT]! * t;
  const argpdf = c[o + C_ARGPO]! + c[o + C_ARGPDOT]! * t;
  const nodedf = c[o + C_NODEO]! + c[o + C_NODEDOT]! * t;
  let argpm = argpdf;
  let mm = xmdf;
  const t2 = t * t;
  const nodem = nodedf + c[o + C_NODECF]! * t2;
  let tempa = 1.0 - c[o + C_CC1]! * t;
  let tempe = c[o + C_BSTAR]! * c[o + C_CC4]! * t;
  let templ = c[o + C_T2COF]! * t2;
  if (c[o + C_ISIMP] !== 1) {
    const delomg = c[o + C_OMGCOF]! * t;
    const delmtemp = 1.0 + c[o + C_ETA]! * Math.cos(xmdf);
    const delm = c[o + C_XMCOF]! * (delmtemp * delmtemp * delmtemp - c[o + C_DELMO]!);
    const temp = delomg + delm;
    mm = xmdf + temp;
    argpm = argpdf - temp;
    const t3 = t2 * t;
    const t4 = t3 * t;
    tempa = tempa - c[o + C_D2]! * t2 - c[o + C_D3]! * t3 - c[o + C_D4]! * t4;
    tempe += c[o + C_BSTAR]! * c[o + C_CC5]! * (Math.sin(mm) - c[o + C_SINMAO]!);
    templ = templ + c[o + C_T3COF]! * t3 + t4 * (c[o + C_T4COF]! + t * c[o + C_T5COF]!);
  }
  const u = updated;
  u.argpm = argpm;
  u.mm = mm;
  u.nodem = nodem;
  u.tempa = tempa;
  u.tempe = tempe;
  u.templ = templ;
  u.nm = c[o + C_NO]!;
  u.em = c[o + C_ECCO]!;
  u.inclm = c[o + C_INCLO]!;
}

/**
 * sgp4.js from `updated` (after the deep-space resonances, for such an orbit) to its mean
 * elements, written into `out`. Returns false, leaving `out` undefined in meaning, where sgp4
 * would stop before its mean elements (error 1 or 2) or where the drag polynomial has passed its
 * zero (`isDecayed`); the caller then runs sgp4 itself, which sets satrec.error.
 */
function meanElementsOf(c: Float64Array, o: number, out: Secular): boolean {
  const u = updated;
  let nm = u.nm;
  let em = u.em;
  if (nm <= 0.0) return false;
  const am = (XKE / nm) ** X2O3 * u.tempa * u.tempa;
  nm = XKE / am ** 1.5;
  em -= u.tempe;
  if (em >= 1.0 || em < -0.001) return false;
  if (em < 1.0e-6) em = 1.0e-6;
  if (u.tempa <= 0 || am < 1) return false;
  let mm = u.mm + c[o + C_NO]! * u.templ;
  let nodem = u.nodem;
  let argpm = u.argpm;
  let xlm = mm + argpm + nodem;
  nodem %= TWO_PI;
  argpm %= TWO_PI;
  xlm %= TWO_PI;
  mm = (xlm - argpm - nodem) % TWO_PI;
  out.am = am;
  out.em = em;
  out.im = u.inclm;
  out.Om = nodem;
  out.om = argpm;
  out.mm = mm;
  out.nm = nm;
  return true;
}

/** A satrec's constants as a row (near-earth-init.ts layout), read once per record. */
const satrecRows = new WeakMap<SatRec, Float64Array>();

function rowOfSatrec(satrec: SatRec): Float64Array {
  let row = satrecRows.get(satrec);
  if (row === undefined) {
    const fields = satrec as unknown as Record<string, number>;
    row = Float64Array.from(NEAR_EARTH_FIELDS, (field) => (field === 'epoch' ? 0 : fields[field]!));
    satrecRows.set(satrec, row);
  }
  return row;
}

/** finishInto's semi-latus rectum, squared eccentricity and periodic radial bound (Earth radii), read right after it. */
let finishPl = 0;
let finishEl2 = 0;
let finishRadialDeviation = 0;

/**
 * From SGP4's mean elements (after the deep-space periodics, for such orbits) and its long- and
 * short-period coefficients: the model state, written into `out` (sgp4.js steps 3 and 5 of the
 * header, and the deviation bounds).
 */
function finishInto(
  out: MeanOrbitScratch,
  tsince: number,
  am: number,
  nm: number,
  ep: number,
  inclp: number,
  nodep: number,
  argpp: number,
  mp: number,
  aycof: number,
  xlcof: number,
  con41: number,
  x1mth2: number,
  x7thm1: number,
): MeanOrbitScratch {
  const axnl = ep * Math.cos(argpp);
  const temp = 1 / (am * (1 - ep * ep));
  const aynl = ep * Math.sin(argpp) + temp * aycof;
  const xl = mp + argpp + nodep + temp * xlcof * axnl;
  const el2 = axnl * axnl + aynl * aynl;
  const pl = am * (1 - el2);
  const betal = Math.sqrt(1 - el2);
  const temp1 = (0.5 * J2) / pl;
  const temp2 = temp1 / pl;
  const cosi = Math.cos(inclp);
  const sini = Math.sin(inclp);
  const radialFactor = 1 - 1.5 * temp2 * betal * con41;
  const radialDeviation = 0.5 * temp1 * Math.abs(x1mth2);
  const angular = 0.25 * temp2 * Math.abs(x7thm1) + 1.5 * temp2 * Math.abs(cosi) + 1.5 * temp2 * Math.abs(cosi * sini);
  const rMax = am * (1 + Math.sqrt(el2)) * radialFactor + radialDeviation;
  out.tsince = tsince;
  out.am = am;
  out.axnl = axnl;
  out.aynl = aynl;
  out.inclination = inclp;
  out.node = nodep;
  out.meanArgLat = xl - nodep;
  out.meanMotion = nm;
  out.radialFactor = radialFactor;
  out.deviationBound = (radialDeviation + rMax * angular) * EARTH_RADIUS_KM;
  out.radialDeviationBound = radialDeviation * EARTH_RADIUS_KM;
  finishPl = pl;
  finishEl2 = el2;
  finishRadialDeviation = radialDeviation;
  return out;
}

/**
 * The model of a near-Earth orbit from its constants (near-earth-init.ts row at `offset` of `c`),
 * without a satellite.js record: writes `out` and returns true, or returns false where sgp4
 * itself must decide, because it stops before its mean elements (error 1 or 2), the drag
 * polynomial has passed its zero (`isDecayed`), or sgp4 could stop after them: a negative
 * semi-latus rectum (error 4) or a radius below one Earth radius (error 6), ruled out when the
 * model's perigee less the short-period radial bound is above one Earth radius, since sgp4's
 * radius is rl·radialFactor + 0.5·temp1·x1mth2·cos 2u with rl ≥ am(1 − e). The caller then runs
 * `meanOrbitInto` on the object's record, which calls sgp4 and gives the same state where sgp4
 * succeeds (mean-orbit.test.ts). `tsince` counts from the row's epoch (C_EPOCH_MS).
 */
export function meanOrbitFromConstants(c: Float64Array, offset: number, tsince: number, out: MeanOrbitScratch): boolean {
  const o = offset;
  const me = secularScratch;
  secularUpdate(c, o, tsince);
  if (!meanElementsOf(c, o, me)) return false;
  finishInto(out, tsince, me.am, me.nm, me.em, me.im, me.Om, me.om, me.mm, c[o + C_AYCOF]!, c[o + C_XLCOF]!, c[o + C_CON41]!, c[o + C_X1MTH2]!, c[o + C_X7THM1]!);
  return clearOfLateErrors(me.am, out);
}

/**
 * Whether sgp4 cannot stop after its mean elements for the state finishInto just wrote: its
 * semi-latus rectum is not negative (error 4) and its perigee less the short-period radial bound
 * is above one Earth radius (error 6), since sgp4's radius is rl·radialFactor +
 * 0.5·temp1·x1mth2·cos 2u with rl ≥ am(1 − e).
 */
function clearOfLateErrors(am: number, out: MeanOrbitScratch): boolean {
  return finishPl >= 0 && am * (1 - Math.sqrt(finishEl2)) * out.radialFactor - finishRadialDeviation > 1 + 1e-9;
}

/**
 * As `meanOrbitAt`, written into `out` (returned), or undefined where SGP4 fails. A near-Earth
 * orbit takes `meanOrbitFromConstants` (its constants read once from the record), a deep-space
 * orbit `deepSpaceModelInto`; sgp4 itself runs only where those decline, i.e. where it fails or
 * could fail. `secular: 'sgp4'` takes sgp4's own mean elements for every orbit (the tests compare
 * the two).
 *
 * Neither own path writes to the satrec beyond the resonance integrator's state (resonance.ts,
 * which only saves work): after one succeeds, satrec.error, .t and .tempa are still
 * those of the last sgp4 call, so `isDecayed(satrec, …)`, which reads .tempa, belongs only after
 * sgp4 itself.
 */
export function meanOrbitInto(satrec: SatRec, tsince: number, out: MeanOrbitScratch, secular: 'auto' | 'sgp4' = 'auto'): MeanOrbitScratch | undefined {
  const deep = satrec.method === 'd';
  if (secular === 'auto' && (deep ? deepSpaceModelInto(satrec, tsince, out) : meanOrbitFromConstants(rowOfSatrec(satrec), 0, tsince, out))) return out;
  const pv = sgp4Continued(satrec, tsince);
  if (!pv || isDecayed(satrec, pv.meanElements.am)) return undefined;
  const me: Secular = pv.meanElements;
  if (deep) {
    // sgp4 has succeeded, so its perturbed eccentricity is within [0, 1] (else error 3).
    deepSpaceFinishInto(satrec, tsince, me, out);
    return out;
  }
  return finishInto(out, tsince, me.am, me.nm, me.em, me.im, me.Om, me.om, me.mm, satrec.aycof, satrec.xlcof, satrec.con41, satrec.x1mth2, satrec.x7thm1);
}

/**
 * From a deep-space orbit's mean elements: the lunar-solar periodics (deep-space-periodics.ts),
 * sgp4's flip of a negative inclination, its J3 and J2 coefficients from the perturbed inclination,
 * then finishInto. False, writing nothing, where the perturbed eccentricity leaves [0, 1] (sgp4's
 * error 3).
 */
function deepSpaceFinishInto(satrec: SatRec, tsince: number, me: Secular, out: MeanOrbitScratch): boolean {
  let { em: ep, im: inclp, Om: nodep, om: argpp, mm: mp } = me;
  ({ ep, inclp, nodep, argpp, mp } = deepSpacePeriodics(satrec, tsince, { ep, inclp, nodep, argpp, mp }));
  if (inclp < 0) {
    inclp = -inclp;
    nodep += Math.PI;
    argpp -= Math.PI;
  }
  if (ep < 0 || ep > 1) return false;
  const sinip = Math.sin(inclp);
  const cosip = Math.cos(inclp);
  const aycof = -0.5 * J3OJ2 * sinip;
  const xlcof = Math.abs(cosip + 1) > 1.5e-12 ? (-0.25 * J3OJ2 * sinip * (3 + 5 * cosip)) / (1 + cosip) : (-0.25 * J3OJ2 * sinip * (3 + 5 * cosip)) / 1.5e-12;
  const cosisq = cosip * cosip;
  finishInto(out, tsince, me.am, me.nm, ep, inclp, nodep, argpp, mp, aycof, xlcof, 3 * cosisq - 1, 1 - cosisq, 7 * cosisq - 1);
  return true;
}

/**
 * The model of a deep-space orbit without a call of sgp4 (the secular update, the deep-space
 * secular terms and resonances of deep-space-secular.ts, the lunar-solar periodics and sgp4's
 * deep-space J3 coefficients as below): writes `out` and returns
 * true, or returns false where sgp4 itself must decide, i.e. where it fails or could fail: before
 * its mean elements (error 1 or 2), at the drag polynomial's zero (`isDecayed`), on a perturbed
 * eccentricity outside [0, 1] (error 3), or after them (error 4 or 6, ruled out as in
 * meanOrbitFromConstants).
 */
function deepSpaceModelInto(satrec: SatRec, tsince: number, out: MeanOrbitScratch): boolean {
  const me = secularScratch;
  const row = rowOfSatrec(satrec);
  secularUpdate(row, 0, tsince);
  deepSpaceResonances(satrec, tsince, updated);
  return meanElementsOf(row, 0, me) && deepSpaceFinishInto(satrec, tsince, me, out) && clearOfLateErrors(me.am, out);
}

/** Eccentricity of the model's ellipse. */
export function eccentricityOf(s: MeanOrbitState): number {
  // Not Math.hypot: V8 passes its arguments as an array (it was a tenth of a screening's garbage).
  return Math.sqrt(s.axnl * s.axnl + s.aynl * s.aynl);
}

/**
 * Kepler's equation in SGP4's form (Vallado et al. 2006, sgp4: eo1 − axnl sin eo1 + aynl cos eo1 = u,
 * Newton with the same 0.95 step limit and tolerance), and the radius (Earth radii, before the
 * radial factor) and true argument of latitude it gives.
 */
export function solveKepler(am: number, axnl: number, aynl: number, meanArgLat: number): { rl: number; su: number } {
  const u = meanArgLat % TWO_PI;
  let eo1 = u;
  let tem5 = 9999.9;
  let sineo1 = 0;
  let coseo1 = 1;
  for (let k = 1; Math.abs(tem5) >= 1e-12 && k <= 10; k += 1) {
    sineo1 = Math.sin(eo1);
    coseo1 = Math.cos(eo1);
    tem5 = (u - aynl * coseo1 + axnl * sineo1 - eo1) / (1 - coseo1 * axnl - sineo1 * aynl);
    if (Math.abs(tem5) >= 0.95) tem5 = tem5 > 0 ? 0.95 : -0.95;
    eo1 += tem5;
  }
  const ecose = axnl * coseo1 + aynl * sineo1;
  const esine = axnl * sineo1 - aynl * coseo1;
  const el2 = axnl * axnl + aynl * aynl;
  const rl = am * (1 - ecose);
  const betal = Math.sqrt(1 - el2);
  const temp = esine / (1 + betal);
  const sinu = (am / rl) * (sineo1 - aynl - axnl * temp);
  const cosu = (am / rl) * (coseo1 - axnl + aynl * temp);
  return { rl, su: Math.atan2(sinu, cosu) };
}

/** The model's TEME position, km (SGP4 without its periodic short-period terms). */
export function meanOrbitPosition(s: MeanOrbitState): [number, number, number] {
  const { rl, su } = solveKepler(s.am, s.axnl, s.aynl, s.meanArgLat);
  const r = rl * s.radialFactor * EARTH_RADIUS_KM;
  const [sinu, cosu] = [Math.sin(su), Math.cos(su)];
  const [sinO, cosO] = [Math.sin(s.node), Math.cos(s.node)];
  const [sini, cosi] = [Math.sin(s.inclination), Math.cos(s.inclination)];
  return [r * (cosO * cosu - sinO * cosi * sinu), r * (sinO * cosu + cosO * cosi * sinu), r * sini * sinu];
}
