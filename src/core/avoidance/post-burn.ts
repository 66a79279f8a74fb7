/**
 * A primary's track after a burn, on any reference (issue 28): SGP4 of its element set, or an
 * operator's ephemeris. The burn's effect (trajectory.ts: burned minus unburned numerical
 * propagation from the reference's state at the burn) is added to the reference, so that the plan
 * stays consistent with the track that found the conjunction. Time in UTC ms, states TEME (or the
 * reference's frame) in km and km/s, as the screener takes them.
 */
import type { Vector3 } from '../probability/vector3.ts';
import { propagateAt, type Sgp4Model } from '../propagation/sgp4.ts';
import { utcMs } from '../units.ts';
import { burnDelta, rtnToInertialVector, type PropagationOptions } from './trajectory.ts';

export interface KmState {
  readonly r: readonly [number, number, number];
  readonly v: readonly [number, number, number];
}

export type StateAt = (tMs: number) => KmState | undefined;

/** An SGP4 model as a reference track (TEME km, km/s at UTC ms; undefined where SGP4 fails). */
export function sgp4StateAt(model: Sgp4Model): StateAt {
  return (t) => {
    const s = propagateAt(model, utcMs(t));
    return s.ok ? { r: [s.r[0], s.r[1], s.r[2]], v: [s.v[0], s.v[1], s.v[2]] } : undefined;
  };
}

/** The post-burn track on [reference's span, untilMs]: the reference before the burn, reference + effect after. */
export function postBurnTrack(reference: StateAt, burnMs: number, dvRtnMps: Vector3, untilMs: number, options: PropagationOptions = {}): StateAt {
  const at = reference(burnMs);
  if (!at) throw new RangeError(`the reference has no state at the burn (${new Date(burnMs).toISOString()})`);
  if (!(untilMs > burnMs)) throw new RangeError('the track must reach past the burn');
  const stateM = [...at.r, ...at.v].map((x) => x * 1000);
  const dvInertial = rtnToInertialVector(stateM, dvRtnMps);
  // The effect on a time axis in seconds from the burn (burnDelta reads the reference at the burn only).
  const delta = burnDelta(() => Float64Array.from(stateM), 0, dvInertial, (untilMs - burnMs) / 1000, options);
  return (tMs: number) => {
    const base = reference(tMs);
    if (!base || tMs < burnMs) return base;
    if (tMs > untilMs) return undefined;
    const d = delta((tMs - burnMs) / 1000);
    return {
      r: [base.r[0] + d[0]! / 1000, base.r[1] + d[1]! / 1000, base.r[2] + d[2]! / 1000],
      v: [base.v[0] + d[3]! / 1000, base.v[1] + d[4]! / 1000, base.v[2] + d[5]! / 1000],
    };
  };
}
