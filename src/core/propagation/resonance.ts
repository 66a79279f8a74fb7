/**
 * SGP4's deep-space resonance integrator, carried forward between calls instead of restarted
 * from the epoch at every call.
 *
 * Why: for a 12-h or 24-h resonant orbit (`irez` 1 or 2), SGP4's `dspace` integrates the
 * resonance terms with an Euler-Maclaurin step of 720 min from the epoch to `tsince`. Vallado's
 * C++ (sgp4unit.cpp, AIAA 2006-6753 rev. 2020, `dspace`) passes `atime`, `xli` and `xni` by
 * reference, so the record keeps the integrator's state and the next call continues from it
 * (its "sgp4fix streamline check": restart only when `atime` is 0, on the other side of the
 * epoch, or beyond `tsince`). satellite.js 7 (src/propagation/sgp4.js) reads the three fields
 * but never writes back what `dspace` returns, so every call integrates from the epoch: an
 * element set three years old costs ~1,500 steps per sample, and a screening shard of a stale
 * catalogue spent 99 % of 7.4 minutes there (issue 30).
 *
 * `advanceResonance(satrec, tsince)` runs the same steps, in the same order and with the same
 * operations as dspace.js, from the furthest state already reached at or before `tsince` (the
 * record's own, or a checkpoint every 32 steps), and leaves the state of the last whole step on
 * the record, as Vallado's code does. satellite.js's `sgp4` then takes dspace's continuation
 * branch and does no step of its own. Each step depends only on the state before it, so
 * starting from a state the epoch restart would have passed through gives the same doubles:
 * resonance.test.ts checks the positions bit for bit against a fresh record for every call,
 * in shuffled and backward order, on Vallado's verification set and the real catalogue.
 */
import { sgp4, type PositionAndVelocity, type SatRec } from 'satellite.js';

// dspace.js constants (Hoots & Roehrich 1980, Spacetrack Report #3; satellite.js src/propagation/dspace.js).
const FASX2 = 0.13130908;
const FASX4 = 2.8843198;
const FASX6 = 0.37448087;
const G22 = 5.7686396;
const G32 = 0.95240898;
const G44 = 1.8014998;
const G52 = 1.050833;
const G54 = 4.4108898;
const STEPP = 720.0;
const STEPN = -720.0;
const STEP2 = 259200.0;

/** A checkpoint every this many steps (16 days): a backward move re-integrates at most this many. */
const CHECKPOINT_STEPS = 32;

/** Checkpoints per record: step index (signed, atime / 720) → [xli, xni] at that step. */
const checkpoints = new WeakMap<SatRec, Map<number, readonly [number, number]>>();

/** dspace.js's dot terms of the resonance state at one step. */
export interface ResonanceRates {
  xndt: number;
  xldot: number;
  xnddt: number;
}

const scratch: ResonanceRates = { xndt: 0, xldot: 0, xnddt: 0 };

/**
 * dspace.js's "dot terms calculated" block: the rates of the resonance state (xli, xni) at
 * `atime`, for the near-synchronous (irez 1) or half-day (irez 2) resonance, written into `out`
 * with the same operations in the same order.
 */
export function resonanceRates(s: SatRec, atime: number, xli: number, xni: number, out: ResonanceRates): void {
  if (s.irez !== 2) {
    out.xndt = s.del1 * Math.sin(xli - FASX2) + s.del2 * Math.sin(2.0 * (xli - FASX4)) + s.del3 * Math.sin(3.0 * (xli - FASX6));
    out.xldot = xni + s.xfact;
    out.xnddt = s.del1 * Math.cos(xli - FASX2) + 2.0 * s.del2 * Math.cos(2.0 * (xli - FASX4)) + 3.0 * s.del3 * Math.cos(3.0 * (xli - FASX6));
    out.xnddt *= out.xldot;
    return;
  }
  const xomi = s.argpo + s.argpdot * atime;
  const x2omi = xomi + xomi;
  const x2li = xli + xli;
  out.xndt =
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
  out.xldot = xni + s.xfact;
  out.xnddt =
    s.d2201 * Math.cos(x2omi + xli - G22) +
    s.d2211 * Math.cos(xli - G22) +
    s.d3210 * Math.cos(xomi + xli - G32) +
    s.d3222 * Math.cos(-xomi + xli - G32) +
    s.d5220 * Math.cos(xomi + xli - G52) +
    s.d5232 * Math.cos(-xomi + xli - G52) +
    2.0 * (s.d4410 * Math.cos(x2omi + x2li - G44) + s.d4422 * Math.cos(x2li - G44) + s.d5421 * Math.cos(xomi + x2li - G54) + s.d5433 * Math.cos(-xomi + x2li - G54));
  out.xnddt *= out.xldot;
}

/** Whether SGP4 integrates a resonance for this record: deep space (method 'd'), 12-h or 24-h (irez 2 or 1). */
export function isResonant(s: SatRec): boolean {
  return s.method === 'd' && s.irez !== 0;
}

/**
 * Moves the record's resonance integrator (`atime`, `xli`, `xni`) to the last whole 720-min
 * step before `tsince` (the state dspace.js would reach from the epoch), so that satellite.js's
 * `sgp4(satrec, tsince)` continues from there. Does nothing for orbits without resonance.
 */
export function advanceResonance(satrec: SatRec, tsince: number): void {
  const s = satrec;
  if (!isResonant(s)) return;
  const t = tsince;
  let atime = s.atime;
  let xli = s.xli;
  let xni = s.xni;
  // dspace.js's restart test: the record's state is usable only on the same side of the epoch
  // and not beyond t.
  const usable = !(atime === 0.0 || t * atime <= 0.0 || Math.abs(t) < Math.abs(atime));
  const delt = t > 0.0 ? STEPP : STEPN;
  let saved = checkpoints.get(s);
  // The furthest checkpoint at or before t on t's side (all multiples of CHECKPOINT_STEPS up
  // to the furthest step reached are stored, so the first found going down is the best).
  const reach = Math.trunc(t / STEPP);
  let k = Math.trunc(reach / CHECKPOINT_STEPS) * CHECKPOINT_STEPS;
  const here = usable ? Math.round(atime / STEPP) : 0;
  let start: readonly [number, number] | undefined;
  while (saved && k !== 0 && Math.abs(k) > Math.abs(here)) {
    start = saved.get(k);
    if (start) break;
    k -= Math.sign(k) * CHECKPOINT_STEPS;
  }
  if (start) {
    atime = k * STEPP;
    xli = start[0];
    xni = start[1];
  } else if (!usable) {
    atime = 0.0;
    xni = s.no;
    xli = s.xlamo;
  }
  // dspace.js's loop, less the final evaluation (sgp4 does that one): step while t is a whole
  // step or more away.
  const rates = scratch;
  while (Math.abs(t - atime) >= STEPP) {
    resonanceRates(s, atime, xli, xni, rates);
    xli += rates.xldot * delt + rates.xndt * STEP2;
    xni += rates.xndt * delt + rates.xnddt * STEP2;
    atime += delt;
    const step = Math.round(atime / STEPP);
    if (step % CHECKPOINT_STEPS === 0) {
      if (!saved) {
        saved = new Map();
        checkpoints.set(s, saved);
      }
      if (!saved.has(step)) saved.set(step, [xli, xni]);
    }
  }
  s.atime = atime;
  s.xli = xli;
  s.xni = xni;
}

/**
 * satellite.js's `sgp4`, with the resonance integrator carried between calls on the record
 * (`advanceResonance`): the same result, without re-integrating from the epoch.
 */
export function sgp4Continued(satrec: SatRec, tsince: number): PositionAndVelocity | null {
  advanceResonance(satrec, tsince);
  return sgp4(satrec, tsince);
}
