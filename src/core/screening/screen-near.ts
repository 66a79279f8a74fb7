/**
 * Screening of a track that stays near an element set's: a primary after an avoidance burn (its
 * SGP4 track plus the burn's effect, core/avoidance) or an operator's ephemeris of an object the
 * catalogue holds (issue 28). Every close approach closer than D between the track and the
 * secondaries, with TCA in the window.
 *
 * Recall follows from the screener's (screen.ts, which finds every approach of the element set
 * closer than its threshold) and the triangle inequality: with δ(t) = |track(t) − sgp4(t)| ≤ δmax
 * over the window, a distance below D between the track and a secondary at t means a distance below
 * D + δmax between the element set and that secondary at t, so the element set's distance has a local
 * minimum below D + δmax in the same dip. Screening the element set at D + δmax therefore finds a
 * reference approach for every approach of the track; the track's own minimum is then searched in
 * that dip, which spans at most (D + δmax)/v_rel either side of the reference TCA plus the time the
 * deviation takes to move the minimum (bounded here by the same span, and at least two sample steps).
 *
 * δmax is bounded from samples h apart: between samples δ changes by at most |δ̇|·h/2 with
 * |δ̇| ≤ max|v_track − v_sgp4| on the samples plus the change of that over a step (the relative
 * acceleration of two nearby trajectories, ≤ 3μ/r³·δ, the tidal term, plus SGP4's own perturbation
 * differences); a margin of 10 % and 0.1 km covers the latter (object-track.ts pads its own bounds
 * the same way).
 * Units: km, km/s, UTC ms.
 */
import { illinoisRoot } from '../math/illinois.ts';
import { propagateAt } from '../propagation/sgp4.ts';
import { temePosition, temeVelocity, utcMs } from '../units.ts';
import { rtnComponents, type CloseApproach } from './close-approach.ts';
import { screen, type ScreeningOutcome, type ScreeningSubject } from './screen.ts';
import type { ScreeningWindow } from './object-track.ts';

/** A state of the track at UTC ms (TEME km, km/s), undefined where the track has none. */
export type TrackState = (tMs: number) => { readonly r: readonly [number, number, number]; readonly v: readonly [number, number, number] } | undefined;

export interface ScreenNearInput {
  /** The element set the track stays near (its norad is the primary's). */
  readonly reference: ScreeningSubject;
  readonly track: TrackState;
  readonly secondaries: readonly ScreeningSubject[];
  readonly window: ScreeningWindow;
  readonly thresholdKm: number;
  /** Sample step of the deviation bound, ms (default 60 s). */
  readonly stepMs?: number;
  /** Screen the window in slices this long, each at its own deviation bound (default: one slice). */
  readonly sliceMs?: number;
}

export interface ScreenNearOutcome {
  readonly approaches: CloseApproach[];
  /** The largest bound on |track − element set| over the window's slices, km, and the largest threshold the element set was screened at. */
  readonly maxDeviationKm: number;
  readonly referenceThresholdKm: number;
  /** The element set's screening at that threshold. */
  readonly reference: ScreeningOutcome;
}

const MU_KM3_S2 = 398600.4418;

/** The bound on |track − sgp4| over [start, end] (see the file's comment). RangeError where the track or SGP4 has no state. */
export function deviationBoundKm(reference: ScreeningSubject, track: TrackState, startMs: number, endMs: number, stepMs = 60_000): number {
  let maxD = 0;
  let maxW = 0;
  let minR = Infinity;
  const n = Math.max(1, Math.ceil((endMs - startMs) / stepMs));
  for (let k = 0; k <= n; k += 1) {
    const t = Math.min(endMs, startMs + k * stepMs);
    const a = track(t);
    const b = propagateAt(reference.model, utcMs(t));
    if (!a) throw new RangeError(`the track has no state at ${new Date(t).toISOString()}`);
    if (!b.ok) throw new RangeError(`SGP4 fails for ${reference.norad} at ${new Date(t).toISOString()}: ${b.message}`);
    maxD = Math.max(maxD, Math.hypot(a.r[0] - b.r[0], a.r[1] - b.r[1], a.r[2] - b.r[2]));
    maxW = Math.max(maxW, Math.hypot(a.v[0] - b.v[0], a.v[1] - b.v[1], a.v[2] - b.v[2]));
    minR = Math.min(minR, Math.hypot(a.r[0], a.r[1], a.r[2]));
  }
  const h = stepMs / 1000;
  const tidal = (3 * MU_KM3_S2) / minR ** 3;
  const wBound = maxW + tidal * maxD * h;
  return 1.1 * (maxD + (wBound * h) / 2) + 0.1;
}

/**
 * A bound on |track − sgp4| within ±spanMs of t, or undefined where either has no state: the
 * deviation and its rate at t, the rate (times 2, for its own change: the tidal term over a dip is
 * far smaller) bounding the change over the span, with the margins of deviationBoundKm. Used only to
 * discard reference approaches whose dip lies within that span.
 */
function deviationNear(reference: ScreeningSubject, track: TrackState, t: number, spanMs: number): number | undefined {
  const a = track(t);
  const b = propagateAt(reference.model, utcMs(t));
  if (!a || !b.ok) return undefined;
  const d = Math.hypot(a.r[0] - b.r[0], a.r[1] - b.r[1], a.r[2] - b.r[2]);
  const w = Math.hypot(a.v[0] - b.v[0], a.v[1] - b.v[1], a.v[2] - b.v[2]);
  return 1.1 * (d + (2 * w * spanMs) / 1000) + 0.1;
}

/** Every approach of the track closer than D with TCA in the window (see the file's comment). */
export function screenNear(input: ScreenNearInput): ScreenNearOutcome {
  const { reference, track, window, thresholdKm } = input;
  if (!(thresholdKm > 0) || !Number.isFinite(thresholdKm)) throw new RangeError(`screening threshold must be a positive number of km, got ${thresholdKm}`);
  if (!(window.end > window.start)) throw new RangeError('screening window: end must be after start');
  const stepMs = input.stepMs ?? 60_000;
  const secondaries = input.secondaries.filter((s) => s.norad !== reference.norad);
  // The deviation of a post-burn track grows with time from the burn (the along-track drift): the
  // window is screened in slices, each at its own bound, so that early days are not screened at the
  // last day's threshold. A slice's reference approaches are those with TCA in the slice; the dip of
  // a track minimum near a slice's edge is searched across it (trackMinimum looks ± its span).
  const sliceMs = input.sliceMs ?? Math.max(window.end - window.start, 1);
  const slices: { start: number; end: number; bound: number }[] = [];
  for (let t0: number = window.start; t0 < window.end; t0 += sliceMs) {
    const t1: number = Math.min(window.end, t0 + sliceMs);
    slices.push({ start: t0, end: t1, bound: deviationBoundKm(reference, track, t0, t1, stepMs) });
  }
  const maxDeviationKm = Math.max(...slices.map((x) => x.bound));
  const referenceThresholdKm = thresholdKm + maxDeviationKm;
  const screened = slices.map((x) => ({ ...x, outcome: screen({ primaries: [reference], secondaries, window: { start: utcMs(x.start), end: utcMs(x.end) }, thresholdKm: thresholdKm + x.bound }) }));
  const outcome: ScreeningOutcome =
    screened.length === 1
      ? screened[0]!.outcome
      : {
          approaches: screened.flatMap((x) => x.outcome.approaches),
          skipped: screened[0]!.outcome.skipped,
          stats: screened[0]!.outcome.stats,
        };
  const boundAt = (t: number) => (screened.find((x) => t >= x.start && t < x.end) ?? screened[screened.length - 1]!).bound;
  const bySecondary = new Map(secondaries.map((s) => [s.norad, s]));
  const approaches: CloseApproach[] = [];
  for (const a of outcome.approaches) {
    const secondary = bySecondary.get(a.secondary);
    if (!secondary) continue;
    const halfS = Math.min(6 * 3600, Math.max((2 * stepMs) / 1000, (2 * (thresholdKm + boundAt(a.tca))) / Math.max(a.relativeSpeedKmS, 1e-6)));
    // Most reference approaches were caught only by the slice's largest deviation: the track's own
    // deviation over this dip (at its TCA, with its rate over the dip's span and the bound's margins)
    // rules them out when even that cannot bring the distance below D.
    const local = deviationNear(reference, track, a.tca, halfS * 1000);
    if (local !== undefined && a.missDistanceKm - local > thresholdKm) continue;
    const found = trackMinimum(track, secondary, a.tca, halfS * 1000);
    if (!found || !(found.missDistanceKm < thresholdKm) || found.tca < window.start || found.tca >= window.end) continue;
    // Two reference minima of one dip give the same track minimum: keep it once.
    if (approaches.some((x) => x.secondary === a.secondary && Math.abs(x.tca - found.tca) < 1000)) continue;
    approaches.push({ ...found, primary: reference.norad });
  }
  approaches.sort((x, y) => x.tca - y.tca || x.secondary - y.secondary);
  return { approaches, maxDeviationKm, referenceThresholdKm, reference: outcome };
}

/** The nearest approach of the track and an element set within tca ± halfMs: sampled range rate, then Illinois on its zero. */
export function trackApproach(track: TrackState, secondary: ScreeningSubject, tcaMs: number, halfMs: number): CloseApproach | undefined {
  const found = trackMinimum(track, secondary, tcaMs, halfMs);
  return found && { ...found, primary: 0 };
}

function trackMinimum(track: TrackState, secondary: ScreeningSubject, tcaMs: number, halfMs: number): Omit<CloseApproach, 'primary'> | undefined {
  const at = (t: number) => {
    const p = track(t);
    const s = propagateAt(secondary.model, utcMs(t));
    if (!p || !s.ok) return undefined;
    const dr = [s.r[0] - p.r[0], s.r[1] - p.r[1], s.r[2] - p.r[2]];
    const dv = [s.v[0] - p.v[0], s.v[1] - p.v[1], s.v[2] - p.v[2]];
    return { t, p, s, f: dr[0]! * dv[0]! + dr[1]! * dv[1]! + dr[2]! * dv[2]!, d: Math.hypot(dr[0]!, dr[1]!, dr[2]!) };
  };
  type Sample = NonNullable<ReturnType<typeof at>>;
  const samples = 64;
  let best: Sample | undefined;
  const keep = (x: Sample | undefined) => {
    if (x && (!best || x.d < best.d)) best = x;
  };
  // The range rate for the root search (math/illinois.ts): every state it visits is a candidate,
  // and it stops where the track or SGP4 has no state (NaN).
  const rangeRate = (t: number) => {
    const x = at(t);
    keep(x);
    return x ? x.f : Number.NaN;
  };
  let prev = at(tcaMs - halfMs);
  keep(prev);
  for (let i = 1; i <= samples; i += 1) {
    const cur = at(tcaMs - halfMs + (2 * halfMs * i) / samples);
    keep(cur);
    // Illinois regula falsi on the zero of the range rate, to 10 µs.
    if (prev && cur && prev.f < 0 && cur.f >= 0) illinoisRoot(rangeRate, prev.t, cur.t, prev.f, cur.f, 0.01);
    prev = cur;
  }
  if (!best) return undefined;
  const b = best as Sample;
  const miss = [b.s.r[0] - b.p.r[0], b.s.r[1] - b.p.r[1], b.s.r[2] - b.p.r[2]] as const;
  return {
    secondary: secondary.norad,
    tca: b.t,
    missDistanceKm: b.d,
    relativeSpeedKmS: Math.hypot(b.s.v[0] - b.p.v[0], b.s.v[1] - b.p.v[1], b.s.v[2] - b.p.v[2]),
    missRtnKm: rtnComponents(b.p.r, b.p.v, miss),
    primaryState: { r: temePosition(b.p.r[0], b.p.r[1], b.p.r[2]), v: temeVelocity(b.p.v[0], b.p.v[1], b.p.v[2]) },
    secondaryState: { r: b.s.r, v: b.s.v },
  };
}
