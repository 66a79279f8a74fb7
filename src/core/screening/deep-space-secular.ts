/**
 * SGP4's deep-space secular terms and resonances ("dspace") at one instant, for the screening
 * filters' model of a deep-space orbit (method 'd'): the same operations in the same order as
 * satellite.js src/propagation/dspace.js (Vallado, Crawford, Hujsak & Kelso 2006, AIAA 2006-6753;
 * Hoots & Roehrich 1980, Spacetrack Report #3; Hoots 1986, Spacetrack Report #6), applied where
 * sgp4.js applies them, between its secular update and its mean elements (mean-orbit.ts), and
 * reading the coefficients satellite.js's sgp4init left on the record. So the model's elements are
 * the doubles `sgp4(satrec, tsince).meanElements` holds; mean-orbit.test.ts compares them bit for
 * bit on Vallado's verification set (12-h and 24-h resonances included) and the whole real
 * catalogue.
 *
 * Why: a catalogue screening evaluates the model of its 4,000 deep-space objects some 20 times
 * each, and a whole `sgp4` call also runs the lunar-solar periodics (which the model then ran
 * again), solves Kepler's equation, adds the short-period terms, forms position and velocity and
 * allocates objects, none of which the filters use.
 *
 * As in satellite.js, the resonance integration restarts from the epoch at every call (its record
 * keeps no integrator state between calls), so the result does not depend on call order.
 */
import { constants, type SatRec } from 'satellite.js';

const { twoPi } = constants;

/** sgp4.js's variables that dspace updates (between its secular update and its mean elements). */
export interface SecularUpdate {
  em: number;
  inclm: number;
  argpm: number;
  nodem: number;
  mm: number;
  nm: number;
}

// dspace.js constants.
const FASX2 = 0.13130908;
const FASX4 = 2.8843198;
const FASX6 = 0.37448087;
const G22 = 5.7686396;
const G32 = 0.95240898;
const G44 = 1.8014998;
const G52 = 1.050833;
const G54 = 4.4108898;
/** Earth's rotation, rad/min: dspace.js writes 4.37526908801129966e-3, which is this double (its shortest form). */
const RPTIM = 0.0043752690880113;
const STEPP = 720.0;
const STEPN = -720.0;
const STEP2 = 259200.0;

/** dspace.js for `satrec` at `tsince` minutes, updating `u` in place as sgp4.js does with dspace's result. */
export function deepSpaceResonances(satrec: SatRec, tsince: number, u: SecularUpdate): void {
  const s = satrec;
  const t = tsince;
  const tc = t;
  const theta = (s.gsto + tc * RPTIM) % twoPi;
  u.em += s.dedt * t;
  u.inclm += s.didt * t;
  u.argpm += s.domdt * t;
  u.nodem += s.dnodt * t;
  u.mm += s.dmdt * t;
  if (s.irez === 0) return;
  let atime = s.atime;
  let xni = s.xni;
  let xli = s.xli;
  if (atime === 0.0 || t * atime <= 0.0 || Math.abs(t) < Math.abs(atime)) {
    atime = 0.0;
    xni = s.no;
    xli = s.xlamo;
  }
  const delt = t > 0.0 ? STEPP : STEPN;
  let ft = 0.0;
  let xndt = 0.0;
  let xldot = 0.0;
  let xnddt = 0.0;
  let iretn = 381;
  while (iretn === 381) {
    if (s.irez !== 2) {
      xndt = s.del1 * Math.sin(xli - FASX2) + s.del2 * Math.sin(2.0 * (xli - FASX4)) + s.del3 * Math.sin(3.0 * (xli - FASX6));
      xldot = xni + s.xfact;
      xnddt = s.del1 * Math.cos(xli - FASX2) + 2.0 * s.del2 * Math.cos(2.0 * (xli - FASX4)) + 3.0 * s.del3 * Math.cos(3.0 * (xli - FASX6));
      xnddt *= xldot;
    } else {
      const xomi = s.argpo + s.argpdot * atime;
      const x2omi = xomi + xomi;
      const x2li = xli + xli;
      xndt =
        s.d2201 * Math.sin(x2omi + xli - G22) +
        s.d2211 * Math.sin(xli - G22) +
        s.d3210 * Math.sin(xomi + xli - G32) +
        s.d3222 * Math.sin(-xomi + xli - G32) +
        s.d4410 * Math.sin(x2omi + x2li - G44) +
        s.d4422 * Math.sin(x2li - G44) +
        s.d5220 * Math.sin(xomi + xli - G52) +
        s.d5232 * Math.sin(-xomi + xli - G52) +
        s.d5421 * Math.sin(xomi + x2li - G54) +
        s.d5433 * Math.sin(-xomi + x2li - G54);
      xldot = xni + s.xfact;
      xnddt =
        s.d2201 * Math.cos(x2omi + xli - G22) +
        s.d2211 * Math.cos(xli - G22) +
        s.d3210 * Math.cos(xomi + xli - G32) +
        s.d3222 * Math.cos(-xomi + xli - G32) +
        s.d5220 * Math.cos(xomi + xli - G52) +
        s.d5232 * Math.cos(-xomi + xli - G52) +
        2.0 * (s.d4410 * Math.cos(x2omi + x2li - G44) + s.d4422 * Math.cos(x2li - G44) + s.d5421 * Math.cos(xomi + x2li - G54) + s.d5433 * Math.cos(-xomi + x2li - G54));
      xnddt *= xldot;
    }
    if (Math.abs(t - atime) >= STEPP) iretn = 381;
    else {
      ft = t - atime;
      iretn = 0;
    }
    if (iretn === 381) {
      xli += xldot * delt + xndt * STEP2;
      xni += xndt * delt + xnddt * STEP2;
      atime += delt;
    }
  }
  let nm = xni + xndt * ft + xnddt * ft * ft * 0.5;
  const xl = xli + xldot * ft + xndt * ft * ft * 0.5;
  let dndt: number;
  if (s.irez !== 1) {
    u.mm = xl - 2.0 * u.nodem + 2.0 * theta;
    dndt = nm - s.no;
  } else {
    u.mm = xl - u.nodem - u.argpm + theta;
    dndt = nm - s.no;
  }
  nm = s.no + dndt;
  u.nm = nm;
}
