/**
 * SGP4's initialisation of a near-Earth orbit (period < 225 min), as far as the screening
 * filters' model needs it (mean-orbit.ts `meanOrbitFromConstants`): the constants of SGP4's
 * secular update and of its long-period and short-period coefficients, written as doubles into a
 * Float64Array row instead of a satellite.js record.
 *
 * The same operations in the same order as satellite.js (Vallado, Crawford, Hujsak & Kelso 2006,
 * AIAA 2006-6753, ported as satellite.js src/io.js `twoline2satrec`/`json2satrec` for the unit
 * conversions, src/propagation/initl.js for the un-Kozai'd mean motion, and
 * src/propagation/sgp4init.js from "initialization" to the near-Earth t3cof…t5cof), so every
 * constant is the double sgp4init stores on the record; near-earth-init.test.ts compares them bit
 * for bit on Vallado's verification set and the whole real catalogue.
 *
 * Why: a catalogue screening needs the filters' model of every object but SGP4 itself of a few
 * hundred. A satellite.js record is ~100 properties added one by one, each double boxed on the
 * heap: initialising and keeping 26,000 of them was a third of a cold `ssa screen`, and most of
 * its garbage collection. A row here is 34 doubles and no objects. The record is still built
 * (createSgp4) for every object the screening propagates with SGP4.
 *
 * The epoch enters SGP4's near-Earth initialisation nowhere (only the deep-space terms use it), so
 * a set read from a TLE and one read from an OMM give the same row.
 */
import { constants } from 'satellite.js';
import type { ElementSet } from '../elements/element-set.ts';

const { pi, deg2rad, xpdotp, xke, x2o3, j2, j3oj2, j4, earthRadius } = constants;

// Row layout: SGP4's names (satellite.js SatRec), plus the epoch the model's tsince counts from.
export const C_EPOCH_MS = 0;
export const C_NO = 1;
export const C_ECCO = 2;
export const C_INCLO = 3;
export const C_NODEO = 4;
export const C_ARGPO = 5;
export const C_MO = 6;
export const C_BSTAR = 7;
export const C_ISIMP = 8;
export const C_MDOT = 9;
export const C_ARGPDOT = 10;
export const C_NODEDOT = 11;
export const C_NODECF = 12;
export const C_OMGCOF = 13;
export const C_XMCOF = 14;
export const C_ETA = 15;
export const C_DELMO = 16;
export const C_SINMAO = 17;
export const C_CC1 = 18;
export const C_CC4 = 19;
export const C_CC5 = 20;
export const C_T2COF = 21;
export const C_T3COF = 22;
export const C_T4COF = 23;
export const C_T5COF = 24;
export const C_D2 = 25;
export const C_D3 = 26;
export const C_D4 = 27;
export const C_AYCOF = 28;
export const C_XLCOF = 29;
export const C_CON41 = 30;
export const C_X1MTH2 = 31;
export const C_X7THM1 = 32;
/** Doubles per row. */
export const NEAR_EARTH_CONSTANTS = 33;

/** The satellite.js record fields of the row, by index (for the tests' bit-for-bit comparison). */
export const NEAR_EARTH_FIELDS = [
  'epoch', 'no', 'ecco', 'inclo', 'nodeo', 'argpo', 'mo', 'bstar', 'isimp', 'mdot', 'argpdot', 'nodedot', 'nodecf', 'omgcof', 'xmcof', 'eta',
  'delmo', 'sinmao', 'cc1', 'cc4', 'cc5', 't2cof', 't3cof', 't4cof', 't5cof', 'd2', 'd3', 'd4', 'aycof', 'xlcof', 'con41', 'x1mth2', 'x7thm1',
] as const;

/** The fields of an element set that SGP4's initialisation reads (a set, or a reader over a catalogue's columns). */
export type NearEarthInputs = Pick<ElementSet, 'epoch' | 'meanMotion' | 'eccentricity' | 'inclination' | 'raan' | 'argPerigee' | 'meanAnomaly' | 'bstar' | 'ephemerisType'>;

/**
 * Writes the set's near-Earth constants into out[offset … offset + NEAR_EARTH_CONSTANTS − 1] and
 * returns true; false (writing nothing) when the set is not one this covers: a deep-space orbit
 * (sgp4init's method 'd'), SGP4-XP elements (ephemeris type 4, which createSgp4 refuses), or
 * elements sgp4init would not initialise (a mean motion or eccentricity it rejects). The caller
 * then uses createSgp4 and satellite.js's record, as before.
 */
export function nearEarthConstantsInto(set: NearEarthInputs, out: Float64Array, offset: number): boolean {
  if (set.ephemerisType === 4) return false;
  // satellite.js io.js twoline2satrec (json2satrec alike): the units SGP4 works in.
  const xno = set.meanMotion / xpdotp;
  const ecco = set.eccentricity;
  const inclo = set.inclination * deg2rad;
  const nodeo = set.raan * deg2rad;
  const argpo = set.argPerigee * deg2rad;
  const mo = set.meanAnomaly * deg2rad;
  const bstar = set.bstar;
  if (!(xno > 0) || !(ecco >= 0 && ecco < 1)) return false;

  // initl.js: un-Kozai the mean motion.
  const eccsq = ecco * ecco;
  const omeosq = 1.0 - eccsq;
  const rteosq = Math.sqrt(omeosq);
  const cosio = Math.cos(inclo);
  const cosio2 = cosio * cosio;
  const ak = (xke / xno) ** x2o3;
  const d1 = (0.75 * j2 * (3.0 * cosio2 - 1.0)) / (rteosq * omeosq);
  let delPrime = d1 / (ak * ak);
  const adel = ak * (1.0 - delPrime * delPrime - delPrime * (1.0 / 3.0 + (134.0 * delPrime * delPrime) / 81.0));
  delPrime = d1 / (adel * adel);
  const no = xno / (1.0 + delPrime);
  const ao = (xke / no) ** x2o3;
  const sinio = Math.sin(inclo);
  const po = ao * omeosq;
  const con42 = 1.0 - 5.0 * cosio2;
  const con41 = -con42 - cosio2 - cosio2;
  const posq = po * po;
  const rp = ao * (1.0 - ecco);
  // sgp4init.js: a deep-space orbit is satellite.js's to initialise.
  if ((2 * pi) / no >= 225.0) return false;

  // sgp4init.js, near-Earth branch.
  const ss = 78.0 / earthRadius + 1.0;
  const qzms2ttemp = (120.0 - 78.0) / earthRadius;
  const qzms2t = qzms2ttemp * qzms2ttemp * qzms2ttemp * qzms2ttemp;
  let isimp = 0;
  if (rp < 220.0 / earthRadius + 1.0) isimp = 1;
  let sfour = ss;
  let qzms24 = qzms2t;
  const perige = (rp - 1.0) * earthRadius;
  if (perige < 156.0) {
    sfour = perige - 78.0;
    if (perige < 98.0) sfour = 20.0;
    const qzms24temp = (120.0 - sfour) / earthRadius;
    qzms24 = qzms24temp * qzms24temp * qzms24temp * qzms24temp;
    sfour = sfour / earthRadius + 1.0;
  }
  const pinvsq = 1.0 / posq;
  const tsi = 1.0 / (ao - sfour);
  const eta = ao * ecco * tsi;
  const etasq = eta * eta;
  const eeta = ecco * eta;
  const psisq = Math.abs(1.0 - etasq);
  const coef = qzms24 * tsi ** 4.0;
  const coef1 = coef / psisq ** 3.5;
  const cc2 = coef1 * no * (ao * (1.0 + 1.5 * etasq + eeta * (4.0 + etasq)) + ((0.375 * j2 * tsi) / psisq) * con41 * (8.0 + 3.0 * etasq * (8.0 + etasq)));
  const cc1 = bstar * cc2;
  let cc3 = 0.0;
  if (ecco > 1.0e-4) cc3 = (-2.0 * coef * tsi * j3oj2 * no * sinio) / ecco;
  const x1mth2 = 1.0 - cosio2;
  const cc4 =
    2.0 *
    no *
    coef1 *
    ao *
    omeosq *
    (eta * (2.0 + 0.5 * etasq) +
      ecco * (0.5 + 2.0 * etasq) -
      ((j2 * tsi) / (ao * psisq)) * (-3.0 * con41 * (1.0 - 2.0 * eeta + etasq * (1.5 - 0.5 * eeta)) + 0.75 * x1mth2 * (2.0 * etasq - eeta * (1.0 + etasq)) * Math.cos(2.0 * argpo)));
  const cc5 = 2.0 * coef1 * ao * omeosq * (1.0 + 2.75 * (etasq + eeta) + eeta * etasq);
  const cosio4 = cosio2 * cosio2;
  const temp1 = 1.5 * j2 * pinvsq * no;
  const temp2 = 0.5 * temp1 * j2 * pinvsq;
  const temp3 = -0.46875 * j4 * pinvsq * pinvsq * no;
  const mdot = no + 0.5 * temp1 * rteosq * con41 + 0.0625 * temp2 * rteosq * (13.0 - 78.0 * cosio2 + 137.0 * cosio4);
  const argpdot = -0.5 * temp1 * con42 + 0.0625 * temp2 * (7.0 - 114.0 * cosio2 + 395.0 * cosio4) + temp3 * (3.0 - 36.0 * cosio2 + 49.0 * cosio4);
  const xhdot1 = -temp1 * cosio;
  const nodedot = xhdot1 + (0.5 * temp2 * (4.0 - 19.0 * cosio2) + 2.0 * temp3 * (3.0 - 7.0 * cosio2)) * cosio;
  const omgcof = bstar * cc3 * Math.cos(argpo);
  let xmcof = 0.0;
  if (ecco > 1.0e-4) xmcof = (-x2o3 * coef * bstar) / eeta;
  const nodecf = 3.5 * omeosq * xhdot1 * cc1;
  const t2cof = 1.5 * cc1;
  const temp4 = 1.5e-12;
  const xlcof = Math.abs(cosio + 1.0) > 1.5e-12 ? (-0.25 * j3oj2 * sinio * (3.0 + 5.0 * cosio)) / (1.0 + cosio) : (-0.25 * j3oj2 * sinio * (3.0 + 5.0 * cosio)) / temp4;
  const aycof = -0.5 * j3oj2 * sinio;
  const delmotemp = 1.0 + eta * Math.cos(mo);
  const delmo = delmotemp * delmotemp * delmotemp;
  const sinmao = Math.sin(mo);
  const x7thm1 = 7.0 * cosio2 - 1.0;
  let d2 = 0.0;
  let d3 = 0.0;
  let d4 = 0.0;
  let t3cof = 0.0;
  let t4cof = 0.0;
  let t5cof = 0.0;
  if (isimp !== 1) {
    const cc1sq = cc1 * cc1;
    d2 = 4.0 * ao * tsi * cc1sq;
    const temp = (d2 * tsi * cc1) / 3.0;
    d3 = (17.0 * ao + sfour) * temp;
    d4 = 0.5 * temp * ao * tsi * (221.0 * ao + 31.0 * sfour) * cc1;
    t3cof = d2 + 2.0 * cc1sq;
    t4cof = 0.25 * (3.0 * d3 + cc1 * (12.0 * d2 + 10.0 * cc1sq));
    t5cof = 0.2 * (3.0 * d4 + 12.0 * cc1 * d3 + 6.0 * d2 * d2 + 15.0 * cc1sq * (2.0 * d2 + cc1sq));
  }

  const o = offset;
  out[o + C_EPOCH_MS] = set.epoch;
  out[o + C_NO] = no;
  out[o + C_ECCO] = ecco;
  out[o + C_INCLO] = inclo;
  out[o + C_NODEO] = nodeo;
  out[o + C_ARGPO] = argpo;
  out[o + C_MO] = mo;
  out[o + C_BSTAR] = bstar;
  out[o + C_ISIMP] = isimp;
  out[o + C_MDOT] = mdot;
  out[o + C_ARGPDOT] = argpdot;
  out[o + C_NODEDOT] = nodedot;
  out[o + C_NODECF] = nodecf;
  out[o + C_OMGCOF] = omgcof;
  out[o + C_XMCOF] = xmcof;
  out[o + C_ETA] = eta;
  out[o + C_DELMO] = delmo;
  out[o + C_SINMAO] = sinmao;
  out[o + C_CC1] = cc1;
  out[o + C_CC4] = cc4;
  out[o + C_CC5] = cc5;
  out[o + C_T2COF] = t2cof;
  out[o + C_T3COF] = t3cof;
  out[o + C_T4COF] = t4cof;
  out[o + C_T5COF] = t5cof;
  out[o + C_D2] = d2;
  out[o + C_D3] = d3;
  out[o + C_D4] = d4;
  out[o + C_AYCOF] = aycof;
  out[o + C_XLCOF] = xlcof;
  out[o + C_CON41] = con41;
  out[o + C_X1MTH2] = x1mth2;
  out[o + C_X7THM1] = x7thm1;
  return true;
}

/** The set's near-Earth constants in a row of their own, or undefined (see nearEarthConstantsInto). */
export function nearEarthConstants(set: ElementSet): Float64Array | undefined {
  const row = new Float64Array(NEAR_EARTH_CONSTANTS);
  return nearEarthConstantsInto(set, row, 0) ? row : undefined;
}
