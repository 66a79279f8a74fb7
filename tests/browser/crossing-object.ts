/**
 * A catalogue object made to meet a primary after an avoidance burn, and only after it (issue 28,
 * item 7: "a plan that creates a new conjunction"), for avoidance-plan-flow.test.ts.
 *
 * The primary's post-burn track is the server's own (core avoidance postBurnTrack on the SGP4 of its
 * element set, as services/conjunctions/avoidance-plans.ts screens it). At the chosen instant the new
 * object is put `missKm` from the track's position, across the track: its velocity is the track's
 * rotated about the radial axis by `crossingDeg` and scaled by `speedFactor` (> 1: the point is
 * near its perigee, its orbit a little larger than the primary's, so the two do not meet again one
 * revolution later), and the offset is normal to both velocities, so it is normal to the relative
 * velocity and the instant is the TCA. Without the burn the primary is elsewhere along its track
 * then (an along-track burn drifts it about 3 Δv t): that drift, projected on the encounter plane,
 * is the miss of the pair without the burn, and the geometry is chosen to keep it above the
 * screening threshold.
 *
 * The object's element set is fitted to that state at its own epoch (the instant): SGP4 mean
 * elements found by fixed-point iteration on the Cartesian state (x ← x + (target − SGP4(x))), the
 * usual way of making a TLE from a state vector, to well under a millimetre; it is imported as a
 * CCSDS OMM (full precision, no TLE rounding). B* is 0.
 */
import { postBurnTrack, sgp4StateAt, type KmState, type StateAt } from '../../src/core/avoidance/index.ts';
import type { ElementSet } from '../../src/core/elements/index.ts';
import { writeOmmKvn } from '../../src/core/elements/index.ts';
import { WGS72_MU } from '../../src/core/orbit/index.ts';
import { createSgp4, propagateAt } from '../../src/core/propagation/index.ts';
import { utcMs } from '../../src/core/units.ts';

type V3 = [number, number, number];

const sub = (a: readonly number[], b: readonly number[]): V3 => [a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!];
const add = (a: readonly number[], b: readonly number[]): V3 => [a[0]! + b[0]!, a[1]! + b[1]!, a[2]! + b[2]!];
const scale = (a: readonly number[], k: number): V3 => [a[0]! * k, a[1]! * k, a[2]! * k];
const dot = (a: readonly number[], b: readonly number[]) => a[0]! * b[0]! + a[1]! * b[1]! + a[2]! * b[2]!;
const cross = (a: readonly number[], b: readonly number[]): V3 => [a[1]! * b[2]! - a[2]! * b[1]!, a[2]! * b[0]! - a[0]! * b[2]!, a[0]! * b[1]! - a[1]! * b[0]!];
const norm = (a: readonly number[]) => Math.hypot(a[0]!, a[1]!, a[2]!);
const unit = (a: readonly number[]) => scale(a, 1 / norm(a));
const DEG = Math.PI / 180;
const wrap360 = (deg: number) => ((deg % 360) + 360) % 360;

/** The SGP4 track of an element set as postBurnTrack takes it (TEME km, km/s at UTC ms). */
export function sgp4Track(set: ElementSet): StateAt {
  return sgp4StateAt(createSgp4(set));
}

/** Classical elements (degrees, rev/day) of a state, for the mean elements' guess. */
function elementsOf(r: V3, v: V3, mu = WGS72_MU) {
  const h = cross(r, v);
  const rn = norm(r);
  const e = sub(scale(r, dot(v, v) / mu - 1 / rn), scale(v, dot(r, v) / mu));
  const ecc = norm(e);
  const a = 1 / (2 / rn - dot(v, v) / mu);
  const inc = Math.acos(h[2] / norm(h));
  const node: V3 = [-h[1], h[0], 0];
  const raan = Math.atan2(node[1], node[0]);
  const hu = unit(h);
  const nu = unit(node);
  const argPerigee = Math.atan2(dot(cross(nu, e), hu), dot(nu, e));
  const trueAnomaly = Math.atan2(dot(cross(e, r), hu), dot(e, r));
  const eccentricAnomaly = 2 * Math.atan(Math.sqrt((1 - ecc) / (1 + ecc)) * Math.tan(trueAnomaly / 2));
  const meanAnomaly = eccentricAnomaly - ecc * Math.sin(eccentricAnomaly);
  if (!(a > 0) || !(ecc < 1) || ecc < 1e-4) throw new RangeError(`elementsOf: need a bound, not near-circular orbit (a ${a} km, e ${ecc})`);
  return {
    meanMotion: (Math.sqrt(mu / a ** 3) * 86_400) / (2 * Math.PI),
    eccentricity: ecc,
    inclination: inc / DEG,
    raan: wrap360(raan / DEG),
    argPerigee: wrap360(argPerigee / DEG),
    meanAnomaly: wrap360(meanAnomaly / DEG),
  };
}

/** SGP4 mean elements whose state at `epochMs` (tsince 0) is `target`, to 1 mm and 1 µm/s. */
export function fitElementSet(target: KmState, epochMs: number, meta: { norad: number; name: string; cosparId: string }): ElementSet {
  let guessR: V3 = [...target.r];
  let guessV: V3 = [...target.v];
  for (let k = 0; k < 60; k += 1) {
    const set: ElementSet = {
      norad: meta.norad,
      name: meta.name,
      cosparId: meta.cosparId,
      classification: 'U',
      epoch: utcMs(epochMs),
      ...elementsOf(guessR, guessV),
      bstar: 0,
      meanMotionDot: 0,
      meanMotionDdot: 0,
      elementSetNo: 999,
      revAtEpoch: 1,
      ephemerisType: 0,
    } as ElementSet;
    const s = propagateAt(createSgp4(set), utcMs(epochMs));
    if (!s.ok) throw new Error(`fitElementSet: SGP4 fails: ${s.message}`);
    const dr = sub(target.r, s.r);
    const dv = sub(target.v, s.v);
    if (norm(dr) < 1e-6 && norm(dv) < 1e-9) return set;
    guessR = add(guessR, dr);
    guessV = add(guessV, dv);
  }
  throw new Error('fitElementSet: the fit did not converge in 60 iterations');
}

export interface CrossingOptions {
  /** The primary's element set, as the server's catalogue holds it. */
  readonly primary: ElementSet;
  readonly burnMs: number;
  readonly dvRtnMps: readonly [number, number, number];
  /** How far the server's post-burn track runs (the plan's window end plus an hour). */
  readonly untilMs: number;
  /** When the new object meets the post-burn track: its TCA, and its element set's epoch. */
  readonly encounterMs: number;
  readonly missKm: number;
  readonly crossingDeg: number;
  readonly speedFactor: number;
  readonly norad: number;
  readonly name: string;
  readonly cosparId: string;
}

export interface Crossing {
  readonly set: ElementSet;
  /** The set as a CCSDS OMM (KVN), for POST /api/catalog/import. */
  readonly omm: string;
  /** The primary's post-burn track (the server's). */
  readonly track: StateAt;
}

export function crossingObject(o: CrossingOptions): Crossing {
  const track = postBurnTrack(sgp4Track(o.primary), o.burnMs, [...o.dvRtnMps] as V3, o.untilMs);
  const at = track(o.encounterMs);
  if (!at) throw new Error(`no post-burn state at ${new Date(o.encounterMs).toISOString()}`);
  const radial = unit(at.r);
  // The track's velocity rotated about the radial axis (Rodrigues), scaled.
  const v = at.v;
  const c = Math.cos(o.crossingDeg * DEG);
  const s = Math.sin(o.crossingDeg * DEG);
  const rotated = add(add(scale(v, c), scale(cross(radial, v), s)), scale(radial, dot(radial, v) * (1 - c)));
  const v3 = scale(rotated, o.speedFactor);
  const offset = scale(unit(cross(v, v3)), o.missKm);
  const set = fitElementSet({ r: add(at.r, offset), v: v3 }, o.encounterMs, { norad: o.norad, name: o.name, cosparId: o.cosparId });
  return { set, omm: writeOmmKvn([set], { creationDate: utcMs(Date.now()), originator: 'DATA FORGE TESTS' }), track };
}
