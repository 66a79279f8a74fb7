/**
 * An object's ephemeris from its element set: SGP4 states at a fixed step over a span, in TEME
 * (SGP4's own frame) or EME2000 (CCSDS's usual inertial frame; frames/teme-eme2000.ts), for the
 * OEM and CZML exports. Time is an argument: no clock here.
 */
import type { ElementSet } from '../elements/element-set.ts';
import { temeToEme2000State } from '../frames/teme-eme2000.ts';
import { createSgp4, propagateAt, type Sgp4Model } from '../propagation/sgp4.ts';
import { utcMs, type UtcMs } from '../units.ts';

export type EphemerisFrame = 'TEME' | 'EME2000';

/** One state: position km, velocity km/s. */
export interface EphemerisState {
  readonly epoch: UtcMs;
  readonly r: readonly [number, number, number];
  readonly v: readonly [number, number, number];
}

export interface Ephemeris {
  readonly frame: EphemerisFrame;
  readonly states: EphemerisState[];
  /** Set when SGP4 failed before the end of the span (e.g. the object decayed): the states stop before it. */
  readonly stoppedAt?: { readonly epoch: UtcMs; readonly reason: string };
}

/** At most this many states in one ephemeris (a week at 10 s is 60,481). */
export const MAX_EPHEMERIS_STATES = 100_000;

/**
 * States from `startMs` to `stopMs` inclusive every `stepS` seconds (the last one at `stopMs` when
 * the step does not divide the span). Throws a RangeError for an empty or reversed span, a step
 * that is not positive, or more than MAX_EPHEMERIS_STATES states.
 */
export function sampleEphemeris(source: ElementSet | Sgp4Model, startMs: UtcMs, stopMs: UtcMs, stepS: number, frame: EphemerisFrame): Ephemeris {
  if (!(stopMs > startMs)) throw new RangeError('the span must end after it starts');
  if (!(Number.isFinite(stepS) && stepS > 0)) throw new RangeError('the step must be a positive number of seconds');
  const stepMs = stepS * 1000;
  const count = Math.floor((stopMs - startMs) / stepMs) + 1;
  const total = count + ((stopMs - startMs) % stepMs === 0 ? 0 : 1);
  if (total > MAX_EPHEMERIS_STATES) throw new RangeError(`${total} states is more than ${MAX_EPHEMERIS_STATES}: use a longer step or a shorter span`);
  const model = 'satrec' in source ? source : createSgp4(source);
  const states: EphemerisState[] = [];
  for (let k = 0; k < total; k += 1) {
    const epoch = utcMs(k < count ? startMs + k * stepMs : stopMs);
    const result = propagateAt(model, epoch);
    if (!result.ok) return { frame, states, stoppedAt: { epoch, reason: result.message } };
    if (frame === 'TEME') {
      states.push({ epoch, r: [result.r[0], result.r[1], result.r[2]], v: [result.v[0], result.v[1], result.v[2]] });
    } else {
      const s = temeToEme2000State({ r: result.r, v: result.v }, epoch);
      states.push({ epoch, r: [s.r[0], s.r[1], s.r[2]], v: [s.v[0], s.v[1], s.v[2]] });
    }
  }
  return { frame, states };
}
