/**
 * The brute-force reference that proves the screener's recall: no filters, every pair sampled
 * on a fixed grid, every sample that could be near a minimum below the threshold refined.
 *
 * Why a minimum cannot hide between samples. Let the distance d(t) = |r₂(t) − r₁(t)| have a local
 * minimum T with d(T) < D, and let the grid step be h. The sample t_k nearest T is at most h/2
 * away, and d changes no faster than the relative speed v_rel, so d(t_k) ≤ d(T) + v_rel·h/2.
 * The relative speed of two objects bound to the Earth above its surface is below twice the
 * escape speed at one Earth radius, √(2μ/R) = 11.18 km/s (vis-viva: v² = μ(2/r − 1/a) < 2μ/r),
 * so MAX_RELATIVE_SPEED_KM_S = 22.4 km/s bounds it (SGP4 returns no state below one Earth
 * radius, and re-entered states are discarded: mean-orbit.ts `isDecayed`). Of the two samples
 * around T, the one with the smaller distance is a local minimum of the samples (the distance
 * is unimodal over the two steps around T: with h = 60 s, two steps are far below a quarter of
 * the shortest orbital time scale 2π r_p/v_p ≈ 3,700 s of any orbit above the surface), and its
 * distance is at most that of the nearest sample. So every sample that is a local minimum of the
 * samples and is closer than D + v_max·h/2 is refined by Brent's method on its two neighbours
 * (pair-distance.ts, the same refinement as the screener's), and nothing else can hold an
 * approach below D. Padding a sampled distance by what the relative motion can cover between
 * samples is the principle of the "smart sieve" of Alarcón-Rodríguez, Martínez-Fadrique &
 * Klinkrad (2004, Advances in Space Research, "Development of a collision risk assessment tool"),
 * here with the crudest bound on purpose: the reference must not share the screener's filters.
 */
import type { Sgp4Model } from '../propagation/sgp4.ts';
import { closeApproachAt, type CloseApproach } from './close-approach.ts';
import { EARTH_RADIUS_KM } from './mean-orbit.ts';
import { MU_KM3_S2, type ScreeningWindow } from './object-track.ts';
import { positionInto, refineMinimum, type EvaluationCounter } from './pair-distance.ts';
import type { ScreeningSubject } from './screen.ts';

/** 2 √(2μ/R): no two objects above the surface approach each other faster (see the header). */
export const MAX_RELATIVE_SPEED_KM_S = 2 * Math.sqrt((2 * MU_KM3_S2) / EARTH_RADIUS_KM);
export const BRUTE_FORCE_STEP_MS = 60_000;

/** The sample instants: the window with two steps beyond each end, so edge minima are bracketed. */
export function bruteForceTimes(window: ScreeningWindow, stepMs = BRUTE_FORCE_STEP_MS): Float64Array {
  const first = window.start - 2 * stepMs;
  const count = Math.ceil((window.end + 2 * stepMs - first) / stepMs) + 1;
  return Float64Array.from({ length: count }, (_, k) => first + k * stepMs);
}

/** SGP4 positions at `times` (x, y, z per instant), NaN where SGP4 fails. */
export function sampledPositions(model: Sgp4Model, times: Float64Array, counter: EvaluationCounter): Float64Array {
  const out = new Float64Array(3 * times.length);
  for (let k = 0; k < times.length; k += 1) {
    counter.sgp4Calls += 1;
    if (!positionInto(model, times[k]!, out, 3 * k)) out[3 * k] = out[3 * k + 1] = out[3 * k + 2] = Number.NaN;
  }
  return out;
}

/**
 * The approaches of one pair from its sampled positions (NaN = SGP4 failed there): the flagging
 * rule of the header, then Brent refinement with SGP4.
 */
export function bruteForcePair(
  primary: Sgp4Model,
  secondary: Sgp4Model,
  times: Float64Array,
  primaryPositions: Float64Array,
  secondaryPositions: Float64Array,
  window: ScreeningWindow,
  thresholdKm: number,
  counter: EvaluationCounter,
): CloseApproach[] {
  const n = times.length;
  const step = n > 1 ? times[1]! - times[0]! : BRUTE_FORCE_STEP_MS;
  const band = thresholdKm + (MAX_RELATIVE_SPEED_KM_S * step) / 2000;
  const d = new Float64Array(n);
  for (let k = 0; k < n; k += 1) {
    const dx = secondaryPositions[3 * k]! - primaryPositions[3 * k]!;
    const dy = secondaryPositions[3 * k + 1]! - primaryPositions[3 * k + 1]!;
    const dz = secondaryPositions[3 * k + 2]! - primaryPositions[3 * k + 2]!;
    const value = Math.hypot(dx, dy, dz);
    d[k] = Number.isNaN(value) ? Infinity : value;
  }
  const out: CloseApproach[] = [];
  for (let m = 1; m + 1 < n; m += 1) {
    if (!(d[m]! < band) || d[m]! > d[m - 1]! || d[m]! > d[m + 1]!) continue;
    const minimum = refineMinimum(primary, secondary, times[m - 1]!, times[m]!, times[m + 1]!, counter);
    if (!minimum || minimum.distanceKm >= thresholdKm || minimum.t < window.start || minimum.t >= window.end) continue;
    if (out.some((a) => Math.abs(a.tca - minimum.t) < 1)) continue;
    const approach = closeApproachAt(primary, secondary, minimum.t);
    if (approach) out.push(approach);
  }
  return out;
}

export interface BruteForceInput {
  readonly primaries: readonly ScreeningSubject[];
  readonly secondaries: readonly ScreeningSubject[];
  readonly window: ScreeningWindow;
  readonly thresholdKm: number;
  readonly stepMs?: number;
}

/** Every approach below the threshold, by brute force (a pair of two primaries once, lower id first). */
export function bruteForce(input: BruteForceInput): { approaches: CloseApproach[]; sgp4Calls: number } {
  const times = bruteForceTimes(input.window, input.stepMs);
  const counter: EvaluationCounter = { sgp4Calls: 0 };
  const primaryIds = new Set(input.primaries.map((p) => p.norad));
  const primaryPositions = new Map(input.primaries.map((p) => [p.norad, sampledPositions(p.model, times, counter)]));
  const approaches: CloseApproach[] = [];
  for (const secondary of input.secondaries) {
    const positions = primaryPositions.get(secondary.norad) ?? sampledPositions(secondary.model, times, counter);
    for (const primary of input.primaries) {
      if (secondary.norad === primary.norad || (primaryIds.has(secondary.norad) && secondary.norad < primary.norad)) continue;
      approaches.push(...bruteForcePair(primary.model, secondary.model, times, primaryPositions.get(primary.norad)!, positions, input.window, input.thresholdKm, counter));
    }
  }
  approaches.sort((x, y) => x.tca - y.tca || x.primary - y.primary || x.secondary - y.secondary);
  return { approaches, sgp4Calls: counter.sgp4Calls };
}
