/**
 * The time of closest approach of two trajectories near a guess: the zeros of the range rate
 * f(t) = Δr·Δv (Δr = r₂ − r₁, Δv = v₂ − v₁) where it turns from negative to positive are the local
 * minima of the distance (the screening's definition of TCA, as in core screening and CARA's
 * FindNearbyCA). The window is sampled so that no minimum is stepped over (a step well under the
 * time the pair takes to cross its own separation), then each bracketed zero is refined by the
 * Illinois variant of regula falsi (Dowell & Jarratt 1971; math/illinois.ts) to a microsecond; the
 * nearest of the minima (and of the window's ends, where the distance may still be falling) is
 * returned.
 * Units: s, m, m/s.
 */
import { illinoisRoot } from '../math/illinois.ts';
import type { Trajectory } from './trajectory.ts';

export interface ClosestApproach {
  /** Seconds from the reference TCA. */
  readonly tS: number;
  readonly primary: Float64Array;
  readonly secondary: Float64Array;
  /** |r₂ − r₁| at tS, m. */
  readonly missM: number;
  /** False when the nearest point is a window end (no minimum inside the window). */
  readonly interior: boolean;
}

function rangeRate(p: Float64Array, s: Float64Array): number {
  return (s[0]! - p[0]!) * (s[3]! - p[3]!) + (s[1]! - p[1]!) * (s[4]! - p[4]!) + (s[2]! - p[2]!) * (s[5]! - p[5]!);
}

function distance(p: Float64Array, s: Float64Array): number {
  return Math.hypot(s[0]! - p[0]!, s[1]! - p[1]!, s[2]! - p[2]!);
}

/**
 * The closest approach of `primary` and `secondary` within [guessS − halfWindowS, guessS + halfWindowS],
 * sampled at `samples` + 1 points (default 128) before refinement.
 */
export function closestApproach(primary: Trajectory, secondary: Trajectory, guessS: number, halfWindowS: number, samples = 128): ClosestApproach {
  if (!Number.isFinite(guessS) || !(halfWindowS > 0) || !Number.isFinite(halfWindowS)) throw new RangeError('closestApproach: the guess must be finite and the half window positive');
  const a = guessS - halfWindowS;
  const h = (2 * halfWindowS) / samples;
  const at = (t: number) => {
    const p = primary(t);
    const s = secondary(t);
    return { t, p, s, f: rangeRate(p, s), d: distance(p, s) };
  };
  let best: ClosestApproach | null = null;
  const consider = (t: number, p: Float64Array, s: Float64Array, interior: boolean) => {
    const d = distance(p, s);
    // Ties go to the point nearer the guess (the conjunction being followed).
    if (best === null || d < best.missM || (d === best.missM && Math.abs(t - guessS) < Math.abs(best.tS - guessS))) best = { tS: t, primary: p, secondary: s, missM: d, interior };
  };
  let prev = at(a);
  if (prev.f > 0) consider(prev.t, prev.p, prev.s, false);
  for (let i = 1; i <= samples; i += 1) {
    const cur = at(a + i * h);
    if (prev.f < 0 && cur.f >= 0) {
      // Illinois regula falsi (math/illinois.ts) on the bracket f(prev) < 0 ≤ f(cur), to 1e-6 s.
      // The root is the last time the search evaluated, or an end of the bracket: its state is kept, not evaluated again.
      let last = prev;
      const tRoot = illinoisRoot(
        (t) => {
          last = at(t);
          return last.f;
        },
        prev.t,
        cur.t,
        prev.f,
        cur.f,
        1e-6,
      );
      if (tRoot === undefined) throw new RangeError(`closestApproach: the range rate is not a number between ${prev.t} s and ${cur.t} s`);
      const root = tRoot === last.t ? last : tRoot === cur.t ? cur : tRoot === prev.t ? prev : at(tRoot);
      consider(root.t, root.p, root.s, true);
    }
    prev = cur;
  }
  if (prev.f < 0) consider(prev.t, prev.p, prev.s, false);
  if (best === null) {
    // f ≥ 0 at the start and ≤ 0 nowhere after it (or the reverse): the nearer end.
    const start = at(a);
    const end = prev;
    best = start.d <= end.d ? { tS: start.t, primary: start.p, secondary: start.s, missM: start.d, interior: false } : { tS: end.t, primary: end.p, secondary: end.s, missM: end.d, interior: false };
  }
  return best;
}
