/**
 * Screening: every close approach closer than a threshold between a set of primaries and a
 * catalogue over a window. The filter chain, each stage conservative (it may keep a pair or an
 * interval that has no approach, never drop one that has):
 *
 *  1. Apogee/perigee filter (Hoots, Crawford & Roehrich 1984, the first of their three filters),
 *     in two passes. First, for every object, a cheap radius range from the model at three
 *     instants (object-track.ts `quickRadiusRange`); only objects that may meet a primary get a
 *     track. Then the track's range: each object's radius stays within [radiusMin, radiusMax]
 *     over the window, the model's apsides on the grid widened by the short-period radial bound
 *     and the interpolation margin (so the pad covers SGP4's short-period variation and the drag
 *     decay over the window, measured on the grid rather than assumed; object-track.test.ts
 *     checks both ranges against SGP4 on the whole real catalogue). Two objects whose ranges are
 *     more than D apart never meet.
 *  2. Mean-orbit tracks (object-track.ts): each object's SGP4 mean-element ellipse tabulated on
 *     a grid of ≤ 3 h, with the bound ε on how far SGP4's output can be from it (mean-orbit.ts).
 *  3. Orbit geometry and time filters (node-windows.ts): both objects must be near the same mutual
 *     node at the same time, and at that node their radii must come within D.
 *  4. Interval search with SGP4 (interval-search.ts): a rigorous lower bound of the distance
 *     between samples discards what remains; every minimum below D is refined by Brent's method.
 *
 * Objects whose SGP4 fails at a grid point get no track; their pairs skip stages 2–3 (a radius
 * range from their valid grid points, widened by IRREGULAR_RADIUS_PAD_KM, still applies) and are
 * searched directly over the window, skipping the instants where SGP4 fails. Objects with no
 * valid instant on a 10-minute scan are reported as skipped.
 */
import type { Sgp4Model } from '../propagation/sgp4.ts';
import { closeApproachAt, type CloseApproach } from './close-approach.ts';
import { buildTrack, gridTimes, MU_KM3_S2, quickRadiusRange, type ObjectTrack, type ScreeningSubject, type ScreeningWindow } from './object-track.ts';
import { fourthDerivativeBound } from './kepler-bounds.ts';
import { EARTH_RADIUS_KM, eccentricityOf, meanOrbitAt } from './mean-orbit.ts';
import { pairCandidates } from './node-windows.ts';
import { searchInterval, type IntervalSearch } from './interval-search.ts';
import type { EvaluationCounter } from './pair-distance.ts';

export type { ScreeningSubject };

export type ScreeningProgressStage = 'orbits' | 'detect';

export interface ScreenInput {
  readonly primaries: readonly ScreeningSubject[];
  readonly secondaries: readonly ScreeningSubject[];
  readonly window: ScreeningWindow;
  readonly thresholdKm: number;
  /** Called now and then with the stage and its share done (0…1). */
  readonly onProgress?: (stage: ScreeningProgressStage, fraction: number) => void;
  /** Polled between pairs; when it returns true the screening stops with ScreeningCancelled. */
  readonly shouldStop?: () => boolean;
}

export interface ScreeningStats {
  readonly objects: number;
  /** Objects whose mean-orbit track was built (those the first apogee/perigee pass kept). */
  readonly tracks: number;
  readonly irregularObjects: number;
  readonly skippedObjects: number;
  readonly pairs: number;
  readonly pairsAfterApsisFilter: number;
  readonly coplanarPairs: number;
  readonly pairsWithCandidates: number;
  readonly candidateIntervals: number;
  readonly radialRejections: number;
  readonly sgp4Calls: number;
  readonly approaches: number;
}

export interface SkippedObject {
  readonly norad: number;
  readonly reason: string;
}

export interface ScreeningOutcome {
  readonly approaches: CloseApproach[];
  readonly stats: ScreeningStats;
  readonly skipped: SkippedObject[];
}

export class ScreeningCancelled extends Error {
  override name = 'ScreeningCancelled';
  constructor() {
    super('screening cancelled');
  }
}

/** Extra radial pad for objects without a full track (their radius range comes from fewer instants). */
export const IRREGULAR_RADIUS_PAD_KM = 100;
/** Validity scan step for objects without a full track. */
const SCAN_STEP_MS = 10 * 60_000;
/** Floor of the search step (a guard against degenerate bounds; a real orbit never needs less than seconds). */
const MIN_STEP_MS = 1000;
/** Two minima of one pair closer than this are the same approach (found from two overlapping intervals). */
const SAME_APPROACH_MS = 1;

interface Irregular {
  readonly norad: number;
  readonly model: Sgp4Model;
  readonly radiusMin: number;
  readonly radiusMax: number;
  readonly fourthDerivative: number;
  readonly timeScaleS: number;
}

/**
 * What an object's preparation gave. Every variant carries the same four fields, made by
 * `preparedOf` only, so that the hot loops of `screen` see one object shape (a second shape met
 * in a later shard deoptimised the whole loop, which V8 then compiled again in every worker).
 */
type Prepared =
  | { readonly kind: 'regular'; readonly track: ObjectTrack; readonly object: undefined; readonly reason: '' }
  | { readonly kind: 'irregular'; readonly track: undefined; readonly object: Irregular; readonly reason: '' }
  | { readonly kind: 'skipped'; readonly track: undefined; readonly object: undefined; readonly reason: string };

function preparedOf(kind: Prepared['kind'], track: ObjectTrack | undefined, object: Irregular | undefined, reason: string): Prepared {
  return { kind, track, object, reason } as Prepared;
}

function prepareIrregular(model: Sgp4Model, times: Float64Array, counter: EvaluationCounter): Prepared {
  const from = times[0]!;
  const to = times[times.length - 1]!;
  let rMin = Infinity;
  let rMax = -Infinity;
  let aMin = Infinity;
  let eMax = 0;
  let valid = 0;
  let lastError = '';
  for (let t = from; t <= to; t += SCAN_STEP_MS) {
    counter.sgp4Calls += 1;
    const s = meanOrbitAt(model.satrec, (t - model.epoch) / 60_000);
    if (!s) {
      const code = model.satrec.error as number;
      lastError = code === 0 ? 're-entered: SGP4 runs past its decay (mean-orbit.ts isDecayed)' : `SGP4 error ${code}`;
      continue;
    }
    valid += 1;
    const e = eccentricityOf(s);
    const a = s.am * EARTH_RADIUS_KM;
    rMin = Math.min(rMin, a * (1 - e) * s.radialFactor - s.radialDeviationBound);
    rMax = Math.max(rMax, a * (1 + e) * s.radialFactor + s.radialDeviationBound);
    aMin = Math.min(aMin, a);
    eMax = Math.max(eMax, e);
  }
  if (valid === 0) return preparedOf('skipped', undefined, undefined, `no valid state in the window (${lastError})`);
  eMax = Math.min(eMax + 0.01, 0.999);
  // SGP4 reports decay below one Earth radius, so no valid state has a smaller perigee.
  const rp = Math.max(aMin * (1 - eMax), EARTH_RADIUS_KM);
  const object: Irregular = {
    norad: model.norad,
    model,
    radiusMin: rMin - IRREGULAR_RADIUS_PAD_KM,
    radiusMax: rMax + IRREGULAR_RADIUS_PAD_KM,
    fourthDerivative: 1.5 * fourthDerivativeBound(aMin, eMax, MU_KM3_S2),
    timeScaleS: (2 * Math.PI * rp) / Math.sqrt((MU_KM3_S2 * (1 + eMax)) / rp),
  };
  return preparedOf('irregular', undefined, object, '');
}

function prepare(subject: ScreeningSubject, times: Float64Array, counter: EvaluationCounter): Prepared {
  counter.sgp4Calls += times.length;
  const built = buildTrack(subject, times);
  return built.kind === 'regular' ? preparedOf('regular', built.track, undefined, '') : prepareIrregular(subject.model, times, counter);
}

interface Bounds {
  readonly radiusMin: number;
  readonly radiusMax: number;
  readonly fourthDerivative: number;
  readonly timeScaleS: number;
}

const boundsOf = (p: Exclude<Prepared, { kind: 'skipped' }>): Bounds => (p.kind === 'regular' ? p.track : p.object);
const modelOf = (p: Exclude<Prepared, { kind: 'skipped' }>): Sgp4Model => (p.kind === 'regular' ? p.track.model : p.object.model);

/**
 * Bound on the second derivative of an object's SGP4 position, km/s², at radii ≥ rMin:
 * point-mass gravity μ/r² plus 2 %, which covers J2 (its acceleration is below 3·J2·(R/r)²·μ/r²,
 * 0.33 % of μ/r² at the surface), SGP4's short-period terms ((2n)² times their few-km amplitude,
 * about 0.3 % in LEO) and drag (far smaller above 100 km).
 */
export function accelerationBound(rMin: number): number {
  const r = Math.max(rMin, EARTH_RADIUS_KM);
  return (1.02 * MU_KM3_S2) / (r * r);
}

/**
 * Largest sampling step of the interval search for a pair: the cubic-interpolation error bound
 * max|ρ⁗| h⁴/24 at most `tolerance` (0.2 D, between 0.1 and 1 km), and h ≤ 1/16 of the faster
 * object's time scale (interval-search.ts).
 */
export function searchStepMs(one: Bounds, two: Bounds, thresholdKm: number): number {
  const tolerance = Math.min(1, Math.max(0.1, 0.2 * thresholdKm));
  const m4 = one.fourthDerivative + two.fourthDerivative;
  const fromBound = Math.pow((24 * tolerance) / m4, 0.25);
  return Math.max(MIN_STEP_MS, 1000 * Math.min(fromBound, one.timeScaleS / 16, two.timeScaleS / 16));
}

// The screening's helpers are functions of the module, not closures made per call: a closure is a
// new call target at every call of `screen` (every shard), and V8 deoptimised the whole screening
// loop, into which it had inlined the previous one, at each.

/** Throws ScreeningCancelled when the caller asks to stop. */
function stop(input: ScreenInput): void {
  if (input.shouldStop?.()) throw new ScreeningCancelled();
}

function progress(input: ScreenInput, stage: ScreeningProgressStage, fraction: number): void {
  input.onProgress?.(stage, Math.min(1, fraction));
}

/** Whether two radius ranges (km) are more than the threshold apart; an unknown range (NaN) is never apart. */
function apart(aMin: number, aMax: number, bMin: number, bMax: number, thresholdKm: number): boolean {
  return aMin - bMax > thresholdKm || bMin - aMax > thresholdKm;
}

/** Screens every primary against every secondary (a pair of two primaries once). */
export function screen(input: ScreenInput): ScreeningOutcome {
  const { window, thresholdKm } = input;
  if (!(window.end > window.start)) throw new RangeError('screening window: end must be after start');
  if (!(thresholdKm > 0) || !Number.isFinite(thresholdKm)) throw new RangeError(`screening threshold must be a positive number of km, got ${thresholdKm}`);
  const times = gridTimes(window);
  const counter: EvaluationCounter = { sgp4Calls: 0 };
  const primaryIds = new Set(input.primaries.map((p) => p.norad));
  const { secondaries } = input;
  const count = secondaries.length;

  // Apogee/perigee filter, first pass: cheap radius ranges of every secondary (object-track.ts),
  // with the ids in arrays (NaN: no quick range, never apart), for the pair loop below passes
  // every primary × secondary and most pairs end at the quick range.
  const ids = new Float64Array(count);
  const isPrimary = new Uint8Array(count);
  const quickMin = new Float64Array(count);
  const quickMax = new Float64Array(count);
  secondaries.forEach((secondary, i) => {
    if (i % 1024 === 0) {
      stop(input);
      progress(input, 'orbits', (0.3 * i) / count);
    }
    counter.sgp4Calls += 3;
    const q = quickRadiusRange(secondary, times);
    ids[i] = secondary.norad;
    isPrimary[i] = primaryIds.has(secondary.norad) ? 1 : 0;
    quickMin[i] = q === undefined ? Number.NaN : q.min;
    quickMax[i] = q === undefined ? Number.NaN : q.max;
  });
  // The primaries are prepared first, and each secondary is kept for a track only when its quick
  // range comes within the threshold of a primary's prepared range (the track's, which the quick
  // range contains: object-track.test.ts; for an irregular primary, that of its scan). The pair
  // filter below compares the tracks' ranges, so a secondary dropped here would have had every
  // pair dropped there. A primary that cannot be screened at all needs no secondary.
  const prepared = new Map<number, Prepared>();
  const primaryRange = new Map<number, { min: number; max: number }>();
  // The tracks' part of 'orbits' (0.3 to 1) is shared between the primaries and the secondaries
  // by their counts (how many secondaries need a track is known only after the primaries): the
  // catalogue-wide path passes thousands of primaries, whose tracks took the stage's time with no
  // progress.
  const primariesShare = (0.7 * input.primaries.length) / (input.primaries.length + count);
  input.primaries.forEach((primary, k) => {
    stop(input);
    const p = prepare(primary, times, counter);
    prepared.set(primary.norad, p);
    progress(input, 'orbits', 0.3 + (primariesShare * (k + 1)) / input.primaries.length);
    if (p.kind === 'skipped') return;
    primaryRange.set(primary.norad, { min: boundsOf(p).radiusMin, max: boundsOf(p).radiusMax });
  });
  const tracksFrom = 0.3 + primariesShare;
  const primaryRanges = [...primaryRange.values()];
  const needed = new Uint8Array(count);
  let neededCount = 0;
  for (let i = 0; i < count; i += 1) {
    if (Number.isNaN(quickMin[i]!) || primaryRanges.some((r) => !apart(r.min, r.max, quickMin[i]!, quickMax[i]!, thresholdKm))) {
      needed[i] = 1;
      neededCount += 1;
    }
  }

  // Tracks for the secondaries that may meet a primary (the primaries have theirs).
  let built = 0;
  secondaries.forEach((secondary, i) => {
    if (needed[i] === 0 || prepared.has(secondary.norad)) return;
    prepared.set(secondary.norad, prepare(secondary, times, counter));
    built += 1;
    if (built % 256 === 0) {
      stop(input);
      progress(input, 'orbits', tracksFrom + ((1 - tracksFrom) * built) / neededCount);
    }
  });
  progress(input, 'orbits', 1);

  const approaches: CloseApproach[] = [];
  const stats = { pairs: 0, pairsAfterApsisFilter: 0, coplanarPairs: 0, pairsWithCandidates: 0, candidateIntervals: 0, radialRejections: 0 };
  const limitLo = times[0]!;
  const limitHi = times[times.length - 1]!;
  const totalPairs = input.primaries.length * count;
  let done = 0;

  for (const primary of input.primaries) {
    const p = prepared.get(primary.norad)!;
    if (p.kind === 'skipped') {
      done += count;
      continue;
    }
    // The range that decided which secondaries are prepared.
    const pRange = primaryRange.get(primary.norad)!;
    for (let i = 0; i < count; i += 1) {
      done += 1;
      if (done % 1024 === 0) {
        stop(input);
        progress(input, 'detect', done / totalPairs);
      }
      const norad = ids[i]!;
      if (norad === primary.norad) continue;
      // A pair of two primaries is screened once, with the lower NORAD id as primary.
      if (isPrimary[i] === 1 && norad < primary.norad) continue;
      stats.pairs += 1;
      if (apart(pRange.min, pRange.max, quickMin[i]!, quickMax[i]!, thresholdKm)) continue;
      const s = prepared.get(norad)!;
      if (s.kind === 'skipped') continue;
      const bp = boundsOf(p);
      const bs = boundsOf(s);
      if (bp.radiusMin - bs.radiusMax > thresholdKm || bs.radiusMin - bp.radiusMax > thresholdKm) continue;
      stats.pairsAfterApsisFilter += 1;

      let intervals: number[];
      if (p.kind === 'regular' && s.kind === 'regular') {
        const geometry = pairCandidates(p.track, s.track, thresholdKm);
        intervals = geometry.intervals;
        stats.radialRejections += geometry.radialRejections;
        if (geometry.coplanar) stats.coplanarPairs += 1;
      } else intervals = [limitLo, limitHi];
      if (intervals.length === 0) continue;
      stats.pairsWithCandidates += 1;
      stats.candidateIntervals += intervals.length / 2;

      const search: IntervalSearch = {
        a: modelOf(p),
        b: modelOf(s),
        thresholdKm,
        maxStepMs: searchStepMs(bp, bs, thresholdKm),
        fourthDerivative: bp.fourthDerivative + bs.fourthDerivative,
        accelerationBound: accelerationBound(bp.radiusMin) + accelerationBound(bs.radiusMin),
        limitLo,
        limitHi,
        counter,
      };
      const found: number[] = [];
      for (let i = 0; i < intervals.length; i += 2) {
        for (const minimum of searchInterval(search, intervals[i]!, intervals[i + 1]!)) {
          if (minimum.t < window.start || minimum.t >= window.end) continue;
          if (isDuplicate(found, minimum.t)) continue;
          found.push(minimum.t);
          const approach = closeApproachAt(search.a, search.b, minimum.t);
          if (approach) approaches.push(approach);
        }
      }
    }
  }
  progress(input, 'detect', 1);

  approaches.sort((x, y) => x.tca - y.tca || x.primary - y.primary || x.secondary - y.secondary);
  const skipped: { norad: number; reason: string }[] = [];
  let irregularObjects = 0;
  for (const [norad, p] of prepared) {
    if (p.kind === 'skipped') skipped.push({ norad, reason: p.reason });
    if (p.kind === 'irregular') irregularObjects += 1;
  }
  return {
    approaches,
    stats: {
      objects: input.primaries.length + isPrimary.reduce((n, flag) => n + (flag === 1 ? 0 : 1), 0),
      tracks: prepared.size,
      irregularObjects,
      skippedObjects: skipped.length,
      ...stats,
      sgp4Calls: counter.sgp4Calls,
      approaches: approaches.length,
    },
    skipped,
  };
}

function isDuplicate(found: readonly number[], t: number): boolean {
  for (const f of found) if (Math.abs(f - t) < SAME_APPROACH_MS) return true;
  return false;
}
