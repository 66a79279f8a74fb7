/**
 * SGP4 positions of a pair and the refinement of one bracketed minimum of their distance.
 * Shared by the screener (interval-search.ts) and the brute-force reference (brute-force.ts), so
 * both define the time of closest approach the same way: the minimum of |r₂ − r₁| of the SGP4
 * positions, found by Brent's method (minimize.ts) to 10 µs.
 */
import { sgp4Continued } from '../propagation/resonance.ts';
import type { Sgp4Model } from '../propagation/sgp4.ts';
import { isDecayed } from './mean-orbit.ts';
import { brentMinimum } from './minimize.ts';

/** Counts SGP4 evaluations, for the statistics. */
export interface EvaluationCounter {
  sgp4Calls: number;
}

/** Writes the SGP4 position (TEME, km) at `t` (UTC ms) into out[offset…offset+2]; false where SGP4 fails. */
export function positionInto(model: Sgp4Model, t: number, out: Float64Array, offset: number): boolean {
  const pv = sgp4Continued(model.satrec, (t - model.epoch) / 60_000);
  if (!pv || model.satrec.error !== 0 || isDecayed(model.satrec, pv.meanElements.am)) return false;
  out[offset] = pv.position.x;
  out[offset + 1] = pv.position.y;
  out[offset + 2] = pv.position.z;
  return true;
}

const scratch = new Float64Array(6);

/** |r_b − r_a|² at `t`, km², or undefined where either SGP4 fails. */
export function distanceSquared(a: Sgp4Model, b: Sgp4Model, t: number, counter: EvaluationCounter): number | undefined {
  counter.sgp4Calls += 2;
  if (!positionInto(a, t, scratch, 0) || !positionInto(b, t, scratch, 3)) return undefined;
  const dx = scratch[3]! - scratch[0]!;
  const dy = scratch[4]! - scratch[1]!;
  const dz = scratch[5]! - scratch[2]!;
  return dx * dx + dy * dy + dz * dz;
}

/** Tolerance on the time of closest approach, seconds. */
export const TCA_TOLERANCE_S = 1e-5;

/**
 * The minimum of the distance on [lo, hi] (UTC ms) from a middle sample `mid` whose distance is
 * not above those at lo and hi. Returns the instant and distance (km), or undefined when SGP4
 * fails inside, or when the minimum sits on the bracket's edge (then it is not a minimum of
 * this bracket: the distance is still falling beyond it).
 */
export function refineMinimum(a: Sgp4Model, b: Sgp4Model, lo: number, mid: number, hi: number, counter: EvaluationCounter): { t: number; distanceKm: number } | undefined {
  // Work in seconds from `mid`: milliseconds since 1970 would cost the parabola its precision.
  const f = (x: number) => distanceSquared(a, b, mid + x * 1000, counter);
  const found = brentMinimum(f, (lo - mid) / 1000, (hi - mid) / 1000, 0, TCA_TOLERANCE_S);
  if (!found) return undefined;
  const edge = 4 * TCA_TOLERANCE_S;
  if (found.x - (lo - mid) / 1000 < edge || (hi - mid) / 1000 - found.x < edge) return undefined;
  return { t: mid + found.x * 1000, distanceKm: Math.sqrt(found.value) };
}
