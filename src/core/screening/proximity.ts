/**
 * Co-located objects and proximity operations: pairs that stay close are not conjunctions (issue
 * 11). A docked module, a formation or a rendezvous is in the screening volume for hours; its
 * "approaches" recur once an orbit at a few m/s, and a collision probability computed for each of
 * them (as if two strangers crossed) is meaningless: the operator of an attached module does not
 * want 31 "critical conjunctions" a day.
 *
 * OUR RULES (the issue leaves them to us; stated so they can be argued with):
 * - Candidate: an approach whose relative speed at TCA is below 5 m/s ("a few m/s"), or whose
 *   straight-line time inside the threshold, 2·√(threshold² − miss²)/v, is at least a quarter of
 *   the shorter orbital period ("a large part of an orbit").
 * - Check: the pair's distance is sampled every 30 s over the window with SGP4; the runs of
 *   samples inside the threshold are found. The pair is a proximity when a run lasts at least a
 *   quarter of the shorter period, or a run holds a candidate approach slower than 5 m/s.
 * - One record per pair and window: from the first qualifying run's start to the last one's end,
 *   with the minimum, maximum and mean distance and the mean relative speed over those runs.
 * - Kind: 'attached' when inside the threshold for the whole window, never beyond 2 km and
 *   slower than 2 m/s on average (docked or berthed: what moves is element-set noise; the ISS and
 *   its docked vehicles in the 2023-10-09 catalogue stay within 0.2–1.8 km at about 1 m/s because
 *   their element sets have different epochs); 'formation' when inside for the whole window
 *   otherwise; 'proximity_operation' when the pair enters or leaves within the window (approach,
 *   departure, inspection).
 * - The pair's approaches with a TCA inside a qualifying run are removed from the conjunctions.
 * The sampling step bounds what a run can miss: a pair outside the threshold for less than 30 s
 * between two samples inside it is reported as one run, which is the conservative reading here.
 */
import type { ElementSet } from '../elements/element-set.ts';
import { periodMinutes } from '../orbit/mean-elements.ts';
import { createSgp4, propagateAt, type Sgp4Model } from '../propagation/sgp4.ts';
import { utcMs } from '../units.ts';
import type { CloseApproach } from './close-approach.ts';

export type ProximityKind = 'attached' | 'formation' | 'proximity_operation';

export interface ProximityRecord {
  readonly primary: number;
  readonly secondary: number;
  readonly kind: ProximityKind;
  /** UTC ms. */
  readonly startMs: number;
  readonly endMs: number;
  readonly minKm: number;
  readonly maxKm: number;
  readonly meanKm: number;
  /** Mean relative speed over the interval, m/s. */
  readonly relativeSpeedMPerS: number;
  /** Approaches of the screening folded into this record. */
  readonly approaches: number;
}

export const PROXIMITY_RULES = {
  /** Below this relative speed at TCA an approach is no crossing. */
  maxRelativeSpeedMPerS: 5,
  /** Share of the shorter orbital period spent inside the threshold that makes a proximity. */
  minShareOfPeriod: 0.25,
  /** Within this distance throughout the window, and slower than attachedMaxSpeedMPerS on average, a pair is attached. */
  attachedMaxKm: 2,
  attachedMaxSpeedMPerS: 2,
  /** Sampling step of the check, s. */
  sampleStepS: 30,
} as const;

/** Whether an approach may belong to a proximity (the cheap first test, from the approach alone). */
function isProximityCandidate(a: ProximityApproach, thresholdKm: number, shorterPeriodS: number): boolean {
  const speedMPerS = a.relativeSpeedKmS * 1000;
  if (speedMPerS < PROXIMITY_RULES.maxRelativeSpeedMPerS) return true;
  const halfChordKm = Math.sqrt(Math.max(0, thresholdKm * thresholdKm - a.missDistanceKm * a.missDistanceKm));
  return (2 * halfChordKm) / a.relativeSpeedKmS >= PROXIMITY_RULES.minShareOfPeriod * shorterPeriodS;
}

interface Sample {
  t: number;
  d: number;
  v: number;
}

function sampleDistance(m1: Sgp4Model, m2: Sgp4Model, startMs: number, endMs: number, stepMs: number): Sample[] {
  const out: Sample[] = [];
  for (let t = startMs; t <= endMs; t += stepMs) {
    const a = propagateAt(m1, utcMs(t));
    const b = propagateAt(m2, utcMs(t));
    if (!a.ok || !b.ok) continue;
    out.push({
      t,
      d: Math.hypot(b.r[0] - a.r[0], b.r[1] - a.r[1], b.r[2] - a.r[2]),
      v: Math.hypot(b.v[0] - a.v[0], b.v[1] - a.v[1], b.v[2] - a.v[2]),
    });
  }
  return out;
}

/** What the proximity rules read of an approach: a stored conjunction row carries it as well as a CloseApproach. */
export type ProximityApproach = Pick<CloseApproach, 'primary' | 'secondary' | 'tca' | 'missDistanceKm' | 'relativeSpeedKmS'>;

/** The shorter orbital period of a pair's element sets, s (infinite when one is unknown). */
export function shorterPeriodS(elementSet: (norad: number) => ElementSet | undefined, primary: number, secondary: number): number {
  const period = (norad: number) => {
    const set = elementSet(norad);
    return set ? periodMinutes(set.meanMotion) * 60 : Number.POSITIVE_INFINITY;
  };
  return Math.min(period(primary), period(secondary));
}

/**
 * Whether an approach makes its pair worth the check (the cheap first test, from the approach
 * alone). A pair none of whose approaches passes it is no proximity: a screening streamed shard by
 * shard notes the pairs that pass and checks only those at the end (proximityOfPair).
 */
export function isProximityCandidateOf(a: ProximityApproach, thresholdKm: number, elementSet: (norad: number) => ElementSet | undefined): boolean {
  const shorter = shorterPeriodS(elementSet, a.primary, a.secondary);
  return Number.isFinite(shorter) && isProximityCandidate(a, thresholdKm, shorter);
}

/**
 * The check of one pair (`list`: every approach of the pair found over the window): its
 * proximity record and the approaches folded into it, or undefined when it is no proximity.
 */
export function proximityOfPair<A extends ProximityApproach>(
  list: readonly A[],
  elementSet: (norad: number) => ElementSet | undefined,
  window: { readonly startMs: number; readonly endMs: number },
  thresholdKm: number,
): { record: ProximityRecord; folded: A[] } | undefined {
  const first = list[0];
  if (!first) return undefined;
  const shorter = shorterPeriodS(elementSet, first.primary, first.secondary);
  if (!Number.isFinite(shorter) || !list.some((a) => isProximityCandidate(a, thresholdKm, shorter))) return undefined;
  const s1 = elementSet(first.primary);
  const s2 = elementSet(first.secondary);
  if (!s1 || !s2) return undefined;
  let m1: Sgp4Model;
  let m2: Sgp4Model;
  try {
    m1 = createSgp4(s1);
    m2 = createSgp4(s2);
  } catch {
    return undefined;
  }
  const stepMs = PROXIMITY_RULES.sampleStepS * 1000;
  const samples = sampleDistance(m1, m2, window.startMs, window.endMs, stepMs);
  // Runs of consecutive samples inside the threshold.
  const runs: Sample[][] = [];
  let run: Sample[] = [];
  for (const s of samples) {
    if (s.d < thresholdKm) run.push(s);
    else if (run.length > 0) {
      runs.push(run);
      run = [];
    }
  }
  if (run.length > 0) runs.push(run);
  const slow = list.filter((a) => a.relativeSpeedKmS * 1000 < PROXIMITY_RULES.maxRelativeSpeedMPerS);
  const contains = (r: Sample[], t: number) => t >= r[0]!.t - stepMs && t <= r[r.length - 1]!.t + stepMs;
  const qualifying = runs.filter((r) => r[r.length - 1]!.t - r[0]!.t >= PROXIMITY_RULES.minShareOfPeriod * shorter * 1000 || slow.some((a) => contains(r, a.tca)));
  if (qualifying.length === 0) return undefined;
  const inside = qualifying.flat();
  const startMs = qualifying[0]![0]!.t;
  const endMs = qualifying[qualifying.length - 1]!.at(-1)!.t;
  const folded = list.filter((a) => qualifying.some((r) => contains(r, a.tca)));
  const maxKm = Math.max(...inside.map((s) => s.d));
  const relativeSpeedMPerS = (1000 * inside.reduce((sum, s) => sum + s.v, 0)) / inside.length;
  const whole = startMs <= window.startMs + stepMs && endMs >= window.endMs - stepMs && qualifying.length === 1;
  const attached = maxKm <= PROXIMITY_RULES.attachedMaxKm && relativeSpeedMPerS <= PROXIMITY_RULES.attachedMaxSpeedMPerS;
  return {
    record: {
      primary: first.primary,
      secondary: first.secondary,
      kind: whole ? (attached ? 'attached' : 'formation') : 'proximity_operation',
      startMs,
      endMs,
      minKm: Math.min(...inside.map((s) => s.d)),
      maxKm,
      meanKm: inside.reduce((sum, s) => sum + s.d, 0) / inside.length,
      relativeSpeedMPerS,
      approaches: folded.length,
    },
    folded,
  };
}

/**
 * Splits a screening's approaches into conjunctions and proximities. `elementSet` gives the
 * element set screened for an object; the window is the screened one [startMs, endMs].
 */
export function separateProximities(
  approaches: readonly CloseApproach[],
  elementSet: (norad: number) => ElementSet | undefined,
  window: { readonly startMs: number; readonly endMs: number },
  thresholdKm: number,
): { conjunctions: CloseApproach[]; proximities: ProximityRecord[] } {
  const byPair = new Map<string, CloseApproach[]>();
  for (const a of approaches) {
    const key = `${a.primary}:${a.secondary}`;
    const list = byPair.get(key);
    if (list) list.push(a);
    else byPair.set(key, [a]);
  }
  const removed = new Set<CloseApproach>();
  const proximities: ProximityRecord[] = [];
  for (const list of byPair.values()) {
    const found = proximityOfPair(list, elementSet, window, thresholdKm);
    if (!found) continue;
    for (const a of found.folded) removed.add(a);
    proximities.push(found.record);
  }
  return { conjunctions: approaches.filter((a) => !removed.has(a)), proximities };
}
