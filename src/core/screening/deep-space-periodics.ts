/**
 * SGP4's deep-space lunar-solar periodics ("dpper"), for the screening's mean-orbit model.
 *
 * satellite.js's `sgp4()` returns the mean elements it has reached just before these periodics
 * (`meanElements`), and applies them inside without exposing the result; the screening filters
 * need the elements after them (their effect on a GEO orbit is kilometres), so this is a port of
 * Vallado's dpper as satellite.js ships it (src/propagation/dpper.js, itself a transcription of
 * Vallado, Crawford, Hujsak & Kelso 2006, AIAA 2006-6753, from Hoots & Roehrich 1980, Spacetrack
 * Report #3, and Hoots 1986, Spacetrack Report #6), limited to the call SGP4 makes while
 * propagating (init = 'n'). Every coefficient comes from the satrec that sgp4init filled.
 * mean-orbit.test.ts checks the port through the whole model against SGP4 positions.
 */
import type { SatRec } from 'satellite.js';

const TWO_PI = 2 * Math.PI;
/** Solar and lunar mean motions (rad/min) and orbit eccentricities, as in dpper. */
const ZNS = 1.19459e-5;
const ZES = 0.01675;
const ZNL = 1.5835218e-4;
const ZEL = 0.0549;

export interface PerturbedAngles {
  readonly ep: number;
  readonly inclp: number;
  readonly nodep: number;
  readonly argpp: number;
  readonly mp: number;
}

/** The five elements after the lunar-solar periodics at `tsince` minutes (dpper with init 'n'). */
export function deepSpacePeriodics(satrec: SatRec, tsince: number, mean: PerturbedAngles): PerturbedAngles {
  const s = satrec;
  let zm = s.zmos + ZNS * tsince;
  let zf = zm + 2 * ZES * Math.sin(zm);
  let sinzf = Math.sin(zf);
  let f2 = 0.5 * sinzf * sinzf - 0.25;
  let f3 = -0.5 * sinzf * Math.cos(zf);
  const ses = s.se2 * f2 + s.se3 * f3;
  const sis = s.si2 * f2 + s.si3 * f3;
  const sls = s.sl2 * f2 + s.sl3 * f3 + s.sl4 * sinzf;
  const sghs = s.sgh2 * f2 + s.sgh3 * f3 + s.sgh4 * sinzf;
  const shs = s.sh2 * f2 + s.sh3 * f3;
  zm = s.zmol + ZNL * tsince;
  zf = zm + 2 * ZEL * Math.sin(zm);
  sinzf = Math.sin(zf);
  f2 = 0.5 * sinzf * sinzf - 0.25;
  f3 = -0.5 * sinzf * Math.cos(zf);
  const sel = s.ee2 * f2 + s.e3 * f3;
  const sil = s.xi2 * f2 + s.xi3 * f3;
  const sll = s.xl2 * f2 + s.xl3 * f3 + s.xl4 * sinzf;
  const sghl = s.xgh2 * f2 + s.xgh3 * f3 + s.xgh4 * sinzf;
  const shll = s.xh2 * f2 + s.xh3 * f3;
  const pe = ses + sel - s.peo;
  const pinc = sis + sil - s.pinco;
  const pl = sls + sll - s.plo;
  let pgh = sghs + sghl - s.pgho;
  let ph = shs + shll - s.pho;

  const inclp = mean.inclp + pinc;
  const ep = mean.ep + pe;
  const sinip = Math.sin(inclp);
  const cosip = Math.cos(inclp);
  let { nodep, argpp, mp } = mean;
  if (inclp >= 0.2) {
    ph /= sinip;
    pgh -= cosip * ph;
    argpp += pgh;
    nodep += ph;
    mp += pl;
  } else {
    // Lyddane's modification for low inclinations (node and perigee through the node vector).
    const sinop = Math.sin(nodep);
    const cosop = Math.cos(nodep);
    const alfdp = sinip * sinop + (ph * cosop + pinc * cosip * sinop);
    const betdp = sinip * cosop + (-ph * sinop + pinc * cosip * cosop);
    nodep %= TWO_PI;
    if (nodep < 0 && s.operationmode === 'a') nodep += TWO_PI;
    const xls = mp + argpp + cosip * nodep + (pl + pgh - pinc * nodep * sinip);
    const xnoh = nodep;
    nodep = Math.atan2(alfdp, betdp);
    if (nodep < 0 && s.operationmode === 'a') nodep += TWO_PI;
    if (Math.abs(xnoh - nodep) > Math.PI) nodep += nodep < xnoh ? TWO_PI : -TWO_PI;
    mp += pl;
    argpp = xls - mp - cosip * nodep;
  }
  return { ep, inclp, nodep, argpp, mp };
}
