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
 * The resonance integration continues from the state the record holds (resonance.ts, as in
 * Vallado's C++, where dspace writes atime, xli and xni back), rather than restarting from the
 * epoch at every call as satellite.js does; the doubles are the same, whatever the call order.
 */
import { constants, type SatRec } from 'satellite.js';
import { advanceResonance, resonanceRates, type ResonanceRates } from '../propagation/resonance.ts';

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

/** Earth's rotation, rad/min: dspace.js writes 4.37526908801129966e-3, which is this double (its shortest form). */
const RPTIM = 0.0043752690880113;

const ratesScratch: ResonanceRates = { xndt: 0, xldot: 0, xnddt: 0 };

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
  // The integrator's state at the last whole 720-min step before t (resonance.ts: continued from
  // the last state reached, the same doubles as dspace's integration from the epoch); dspace's
  // loop then evaluates the rates there once and takes no step.
  advanceResonance(s, t);
  const atime = s.atime;
  const xni = s.xni;
  const xli = s.xli;
  const rates = ratesScratch;
  resonanceRates(s, atime, xli, xni, rates);
  const { xndt, xldot, xnddt } = rates;
  const ft = t - atime;
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
