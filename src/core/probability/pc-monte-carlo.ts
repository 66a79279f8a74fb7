/**
 * Monte Carlo collision probability with two-body dynamics, after NASA CARA's Simple Dynamics Monte
 * Carlo (D. T. Hall et al., "Implementing a Simple Dynamics Monte Carlo for conjunction
 * assessment", AAS 18-244 (2018), and CARA_Analysis_Tools DistributedMatlab/ProbabilityOfCollision:
 * Pc_SDMC.m, PcMultiStepWithSDMC.m, Utils/default_params_Pc_SDMC.m,
 * SDMC_Utils/EstimateRequiredSamples.m). CARA's engine ships compiled; this is our own code of the
 * documented method:
 *
 * - Each trial draws both objects' states at TCA from their 6×6 covariances (x = x̄ + L z, L Lᵀ = C
 *   from the eigen-decomposition, negative eigenvalues clipped to zero, z standard normal).
 * - Each object moves on its own two-body orbit (two-body-universal.ts; SDMC trajectory_mode 0).
 * - A trial is a hit when the two come closer than the combined hard-body radius at any time of the
 *   window [startS, endS] (s from TCA). The closest approaches are found exactly, not on a fixed step:
 *   the window is cut into segments no longer than 1/64 of the shorter period, and in each segment
 *   where the range rate ṙ·r changes sign from − to + its root is found by safeguarded Newton
 *   iteration on f(t) = Δr·Δv, f′ = |Δv|² + Δr·Δa. The segment ends count too (so a window that
 *   starts or ends inside the hard-body sphere is a hit).
 * - The Pc is hits/trials with its Clopper–Pearson interval (clopper-pearson.ts; binofit in CARA).
 *
 * The work is cut into chunks with streams of their own (random-stream.ts), so a run is the same
 * on one thread or many: `monteCarloChunk` is what a worker thread runs, `MonteCarloTally` decides
 * when to stop from the chunks in order, `monteCarloPc` runs the chunks in sequence.
 *
 * The window CARA uses (PcMultiStepWithSDMC.m): the 3D-Nc method's conjunction span [Ta, Tb]
 * widened three times about its middle (to at least 3 minutes), or to the whole encounter segment
 * when 3D-Nc reported usage violations, and kept within the segment; without a 3D-Nc run, ± a
 * quarter of the shorter period about TCA (Pc_SDMC.m). `monteCarloWindow` computes it.
 *
 * Units: metres, m/s, m², seconds.
 */
import { clopperPearson } from './clopper-pearson.ts';
import { MU_M3_S2, orbitPeriod } from './equinoctial.ts';
import { checkedMatrix6, checkedVector3, symmetricEigen } from './linear-algebra.ts';
import type { Pc3dInput } from './pc3d.ts';
import { randomStream } from './random-stream.ts';
import { ORBIT_SIZE, propagateOrbit, setOrbit } from './two-body-universal.ts';

/** Both states and 6×6 covariances at TCA (m, m/s, m²) and the combined hard-body radius, as 3D-Nc takes them. */
export type MonteCarloPcInput = Pc3dInput;

/** The time window of a run, s from TCA. */
export interface MonteCarloWindow {
  readonly startS: number;
  readonly endS: number;
}

/**
 * Everything a chunk needs, as plain numbers (it crosses to worker threads by structured clone).
 * `factor1`/`factor2` are the 6×6 square-root factors L (row-major) of the covariances.
 */
export interface MonteCarloPlan {
  readonly mean1: readonly number[];
  readonly factor1: readonly number[];
  readonly mean2: readonly number[];
  readonly factor2: readonly number[];
  readonly hbrM: number;
  readonly window: MonteCarloWindow;
  /** Longest segment searched for a closest approach, s. */
  readonly segmentS: number;
  readonly muM3S2: number;
}

/** CARA's defaults (default_params_Pc_SDMC.m): at most 3.7e7 trials, so 0 hits bound the Pc below 1e-7 at 95 %. */
export const MONTE_CARLO_DEFAULTS = {
  maxSamples: 37_000_000,
  /** Stop once the interval's half-width is this share of the Pc. */
  targetRelativeHalfWidth: 0.05,
  confidence: 0.95,
  seed: 1,
  /** Trials per chunk: the unit of work of a thread and of the stopping decision. */
  chunkSamples: 1 << 16,
  /** Segments per shorter orbital period in the closest-approach search. */
  segmentsPerPeriod: 64,
} as const;

/** Shortest window CARA's SDMC propagates (PcMultiStepWithSDMC.m minPropTime), s. */
export const MIN_WINDOW_S = 180;

function squareRootFactor(c: readonly (readonly number[])[], what: string): number[] {
  const { values, vectors } = symmetricEigen(checkedMatrix6(c, 'monteCarloPc', what));
  const out = new Array<number>(36).fill(0);
  for (let i = 0; i < 6; i += 1) {
    for (let k = 0; k < 6; k += 1) out[6 * i + k] = vectors[i]![k]! * Math.sqrt(Math.max(0, values[k]!));
  }
  return out;
}

/**
 * The window CARA's PcMultiStepWithSDMC.m gives SDMC: from a converged 3D-Nc run, its conjunction
 * span [Ta, Tb] about its middle, widened `expand` times (3; the whole segment when 3D-Nc reported
 * usage violations), at least MIN_WINDOW_S long, within the segment [TA, TB]; without one, ± a quarter
 * of the shorter period (Pc_SDMC.m).
 */
export function monteCarloWindow(
  input: Pick<MonteCarloPcInput, 'r1M' | 'v1MPerS' | 'r2M' | 'v2MPerS'>,
  nc3d?: { readonly conjunctionStart: number; readonly conjunctionEnd: number; readonly segmentMin: number; readonly segmentMax: number; readonly violations: boolean } | null,
): MonteCarloWindow {
  if (nc3d && [nc3d.conjunctionStart, nc3d.conjunctionEnd, nc3d.segmentMin, nc3d.segmentMax].every(Number.isFinite)) {
    const expand = nc3d.violations ? Infinity : 3;
    const mid = (nc3d.conjunctionStart + nc3d.conjunctionEnd) / 2;
    const half = Math.max(expand * Math.max(nc3d.conjunctionEnd - nc3d.conjunctionStart, 1e-300), MIN_WINDOW_S) / 2;
    return { startS: Math.max(nc3d.segmentMin, mid - half), endS: Math.min(nc3d.segmentMax, mid + half) };
  }
  const period = Math.min(orbitPeriod([...input.r1M], [...input.v1MPerS], MU_M3_S2), orbitPeriod([...input.r2M], [...input.v2MPerS], MU_M3_S2));
  const quarter = Number.isFinite(period) ? period / 4 : MIN_WINDOW_S / 2;
  return { startS: -quarter, endS: quarter };
}

/** The plan of a run over `window`. */
export function monteCarloPlan(input: MonteCarloPcInput, window: MonteCarloWindow, options: { segmentsPerPeriod?: number } = {}): MonteCarloPlan {
  const mean1 = [...checkedVector3(input.r1M, 'monteCarloPc', 'r1M'), ...checkedVector3(input.v1MPerS, 'monteCarloPc', 'v1MPerS')];
  const mean2 = [...checkedVector3(input.r2M, 'monteCarloPc', 'r2M'), ...checkedVector3(input.v2MPerS, 'monteCarloPc', 'v2MPerS')];
  if (!(input.hbrM > 0) || !Number.isFinite(input.hbrM)) throw new RangeError(`monteCarloPc: hbrM must be a positive finite number, got ${input.hbrM}`);
  if (!(Number.isFinite(window.startS) && Number.isFinite(window.endS) && window.startS <= window.endS)) {
    throw new RangeError(`monteCarloPc: the window must be finite with start ≤ end, got [${window.startS}, ${window.endS}]`);
  }
  const periods = [orbitPeriod(mean1.slice(0, 3), mean1.slice(3), MU_M3_S2), orbitPeriod(mean2.slice(0, 3), mean2.slice(3), MU_M3_S2)];
  const period = Math.min(...periods.map((p) => (Number.isFinite(p) ? p : Infinity)));
  const perPeriod = options.segmentsPerPeriod ?? MONTE_CARLO_DEFAULTS.segmentsPerPeriod;
  const segmentS = Number.isFinite(period) ? period / perPeriod : Math.max(window.endS - window.startS, 1);
  return {
    mean1,
    factor1: squareRootFactor(input.cov1, 'cov1'),
    mean2,
    factor2: squareRootFactor(input.cov2, 'cov2'),
    hbrM: input.hbrM,
    window: { startS: window.startS, endS: window.endS },
    segmentS,
    muM3S2: MU_M3_S2,
  };
}

/** Per-thread scratch: two orbits, two states, the deviates of one trial. */
const orbit1 = new Float64Array(ORBIT_SIZE);
const orbit2 = new Float64Array(ORBIT_SIZE);
const state = new Float64Array(12);
const z = new Float64Array(12);

/** Relative geometry at t after `evaluate`: range rate f = Δr·Δv, d² = |Δr|², f′ = |Δv|² + Δr·Δa. */
let fNow = 0;
let d2Now = 0;
let fPrimeNow = 0;

function evaluate(t: number, mu: number, withSlope: boolean): void {
  propagateOrbit(orbit1, t, state, 0);
  propagateOrbit(orbit2, t, state, 6);
  const dx = state[6]! - state[0]!;
  const dy = state[7]! - state[1]!;
  const dz = state[8]! - state[2]!;
  const dvx = state[9]! - state[3]!;
  const dvy = state[10]! - state[4]!;
  const dvz = state[11]! - state[5]!;
  fNow = dx * dvx + dy * dvy + dz * dvz;
  d2Now = dx * dx + dy * dy + dz * dz;
  if (withSlope) {
    const r1 = Math.sqrt(state[0]! * state[0]! + state[1]! * state[1]! + state[2]! * state[2]!);
    const r2 = Math.sqrt(state[6]! * state[6]! + state[7]! * state[7]! + state[8]! * state[8]!);
    const k1 = mu / (r1 * r1 * r1);
    const k2 = mu / (r2 * r2 * r2);
    const dax = -(k2 * state[6]! - k1 * state[0]!);
    const day = -(k2 * state[7]! - k1 * state[1]!);
    const daz = -(k2 * state[8]! - k1 * state[2]!);
    fPrimeNow = dvx * dvx + dvy * dvy + dvz * dvz + dx * dax + dy * day + dz * daz;
  }
}

/**
 * The squared distance at the root of the range rate f in [a, b], f(a) and f(b) of opposite signs
 * (a closest approach when f goes from − to +, a farthest point otherwise): safeguarded Newton on
 * f from the secant; stops at 1 µs, or as soon as a distance below `hit2` is seen (−1: never).
 */
function rangeRateRoot(a: number, fa: number, b: number, fb: number, mu: number, hit2: number): number {
  const rising = fa < fb;
  let lo = a;
  let hi = b;
  let t = a - (fa * (b - a)) / (fb - fa);
  let best = Infinity;
  for (let i = 0; i < 80; i += 1) {
    evaluate(t, mu, true);
    if (d2Now < best) best = d2Now;
    if (best < hit2) return best;
    if (fNow === 0) return d2Now;
    if (fNow < 0 === rising) lo = t;
    else hi = t;
    let next = t - fNow / fPrimeNow;
    if (!(fPrimeNow !== 0) || !(next > lo && next < hi)) next = 0.5 * (lo + hi);
    if (Math.abs(next - t) <= 1e-6 || hi - lo <= 1e-6) {
      evaluate(next, mu, false);
      return rising ? Math.min(best, d2Now) : d2Now;
    }
    t = next;
  }
  return rising ? best : d2Now;
}

/** Draws both states of a trial from `z` and sets the two orbits. */
function startTrial(plan: MonteCarloPlan): void {
  const { mean1, factor1, mean2, factor2, muM3S2: mu } = plan;
  // x = x̄ + L z for each object.
  const s = state;
  for (let i = 0; i < 6; i += 1) {
    let a = mean1[i]!;
    let b = mean2[i]!;
    for (let k = 0; k < 6; k += 1) {
      a += factor1[6 * i + k]! * z[k]!;
      b += factor2[6 * i + k]! * z[6 + k]!;
    }
    s[i] = a;
    s[6 + i] = b;
  }
  setOrbit(orbit1, s[0]!, s[1]!, s[2]!, s[3]!, s[4]!, s[5]!, mu);
  setOrbit(orbit2, s[6]!, s[7]!, s[8]!, s[9]!, s[10]!, s[11]!, mu);
}

/** Whether one trial (its deviates in `z`) comes within the hard-body radius in the window. */
function trialHits(plan: MonteCarloPlan, times: Float64Array, nTimes: number): boolean {
  const mu = plan.muM3S2;
  const hit2 = plan.hbrM * plan.hbrM;
  startTrial(plan);
  // Segment ends in time order (Newton starts from the previous solution).
  let tPrev = times[0]!;
  evaluate(tPrev, mu, false);
  if (d2Now < hit2) return true;
  let fPrev = fNow;
  for (let k = 1; k < nTimes; k += 1) {
    const t = times[k]!;
    evaluate(t, mu, false);
    if (d2Now < hit2) return true;
    const f = fNow;
    if (fPrev < 0 && f > 0) {
      if (rangeRateRoot(tPrev, fPrev, t, f, mu, hit2) < hit2) return true;
      // Put the orbits' warm starts back at t for the next segment.
      evaluate(t, mu, false);
    }
    tPrev = t;
    fPrev = f;
  }
  return false;
}

/** Whether the last trial of trialEntries started inside the sphere. */
let startedInside = false;

/**
 * How many times one trial enters the hard-body sphere in the window (crossings from outside to
 * inside; a trial that starts inside has not entered). Between consecutive extrema of the distance
 * it is monotonic, so the entries are the steps from an extremum at or beyond the radius to one
 * within it, the window's ends counting as extrema. The mean over trials is the expected number of
 * collisions Nc that Hall's 3D-Nc method integrates (Hall 2021, eq. 5), which checks that method on
 * its own terms; the hit share is the Pc.
 */
function trialEntries(plan: MonteCarloPlan, times: Float64Array, nTimes: number): number {
  const mu = plan.muM3S2;
  const hit2 = plan.hbrM * plan.hbrM;
  startTrial(plan);
  let tPrev = times[0]!;
  evaluate(tPrev, mu, false);
  let outside = d2Now >= hit2;
  startedInside = !outside;
  let entries = 0;
  let fPrev = fNow;
  for (let k = 1; k < nTimes; k += 1) {
    const t = times[k]!;
    evaluate(t, mu, false);
    const f = fNow;
    const d2End = d2Now;
    if ((fPrev < 0 && f > 0) || (fPrev > 0 && f < 0)) {
      const d2 = rangeRateRoot(tPrev, fPrev, t, f, mu, -1);
      if (outside && d2 < hit2) {
        entries += 1;
        outside = false;
      } else if (!outside && d2 >= hit2) outside = true;
      evaluate(t, mu, false);
    }
    if (outside && d2End < hit2) {
      entries += 1;
      outside = false;
    } else if (!outside && d2End >= hit2) outside = true;
    tPrev = t;
    fPrev = f;
  }
  return entries;
}

/** The node times of a plan's closest-approach search. */
function searchTimes(plan: MonteCarloPlan): { times: Float64Array; nTimes: number } {
  const { startS, endS } = plan.window;
  const segments = Math.max(1, Math.ceil((endS - startS) / plan.segmentS));
  const times = new Float64Array(segments + 1);
  for (let k = 0; k <= segments; k += 1) times[k] = k === segments ? endS : startS + ((endS - startS) * k) / segments;
  return { times, nTimes: endS > startS ? segments + 1 : 1 };
}

/**
 * Hits and entries among `samples` trials of chunk `chunk` (the check of 3D-Nc): `entries` sums each
 * trial's entries into the sphere, `entriesSquared` their squares (for the mean's standard error).
 */
export function monteCarloEntriesChunk(plan: MonteCarloPlan, seed: number, chunk: number, samples: number): { hits: number; entries: number; entriesSquared: number } {
  const { times, nTimes } = searchTimes(plan);
  const stream = randomStream(seed, chunk);
  let hits = 0;
  let entries = 0;
  let entriesSquared = 0;
  for (let n = 0; n < samples; n += 1) {
    stream.normals(z, 0, 12);
    const e = trialEntries(plan, times, nTimes);
    entries += e;
    entriesSquared += e * e;
    if (e > 0 || startedInside) hits += 1;
  }
  return { hits, entries, entriesSquared };
}

/** Hits among `samples` trials of chunk `chunk` of the run seeded by `seed`. */
export function monteCarloChunk(plan: MonteCarloPlan, seed: number, chunk: number, samples: number): number {
  const { times, nTimes } = searchTimes(plan);
  const stream = randomStream(seed, chunk);
  let hits = 0;
  for (let n = 0; n < samples; n += 1) {
    stream.normals(z, 0, 12);
    if (trialHits(plan, times, nTimes)) hits += 1;
  }
  return hits;
}

export interface MonteCarloOptions {
  readonly seed?: number;
  readonly maxSamples?: number;
  readonly targetRelativeHalfWidth?: number;
  readonly confidence?: number;
  readonly chunkSamples?: number;
  readonly window?: MonteCarloWindow;
  readonly segmentsPerPeriod?: number;
}

export interface MonteCarloPcResult {
  /** hits / samples. */
  readonly pc: number;
  readonly hits: number;
  readonly samples: number;
  /** Clopper–Pearson interval at `confidence`. */
  readonly interval: readonly [number, number];
  readonly confidence: number;
  /** 'precision': the interval's half-width reached the target share of the Pc; 'cap': the sample cap. */
  readonly stoppedBy: 'precision' | 'cap';
  readonly window: MonteCarloWindow;
  readonly seed: number;
}

/**
 * Decides when a run stops, from chunk results that may arrive out of order (threads): only the
 * unbroken run of chunks 0, 1, 2 … counts, so the answer is that of the sequential run.
 */
export class MonteCarloTally {
  readonly #pending = new Map<number, { samples: number; hits: number }>();
  #next = 0;
  #hits = 0;
  #samples = 0;
  #stoppedBy: 'precision' | 'cap' | null = null;
  readonly #max: number;
  readonly #target: number;
  readonly #confidence: number;
  readonly #chunk: number;

  constructor(options: Pick<MonteCarloOptions, 'maxSamples' | 'targetRelativeHalfWidth' | 'confidence' | 'chunkSamples'> = {}) {
    this.#max = options.maxSamples ?? MONTE_CARLO_DEFAULTS.maxSamples;
    this.#target = options.targetRelativeHalfWidth ?? MONTE_CARLO_DEFAULTS.targetRelativeHalfWidth;
    this.#confidence = options.confidence ?? MONTE_CARLO_DEFAULTS.confidence;
    this.#chunk = options.chunkSamples ?? MONTE_CARLO_DEFAULTS.chunkSamples;
    if (!(Number.isInteger(this.#max) && this.#max > 0)) throw new RangeError(`monteCarloPc: maxSamples must be a positive integer, got ${this.#max}`);
    if (!(this.#target > 0)) throw new RangeError(`monteCarloPc: targetRelativeHalfWidth must be positive, got ${this.#target}`);
    if (!(Number.isInteger(this.#chunk) && this.#chunk > 0)) throw new RangeError(`monteCarloPc: chunkSamples must be a positive integer, got ${this.#chunk}`);
  }

  /** Trials in chunk k (the last chunk below the cap is short). */
  samplesOf(chunk: number): number {
    return Math.max(0, Math.min(this.#chunk, this.#max - chunk * this.#chunk));
  }

  /** Chunks a run can have at most. */
  get chunkCount(): number {
    return Math.ceil(this.#max / this.#chunk);
  }

  get done(): boolean {
    return this.#stoppedBy !== null;
  }

  /** Trials and hits counted so far (the unbroken run of chunks). */
  get counted(): { samples: number; hits: number } {
    return { samples: this.#samples, hits: this.#hits };
  }

  /** Records chunk k's hits; returns true once the run is done. */
  add(chunk: number, hits: number): boolean {
    if (this.#stoppedBy !== null || chunk < this.#next) return this.done;
    this.#pending.set(chunk, { samples: this.samplesOf(chunk), hits });
    for (let p = this.#pending.get(this.#next); p !== undefined && this.#stoppedBy === null; p = this.#pending.get(this.#next)) {
      this.#pending.delete(this.#next);
      this.#next += 1;
      this.#hits += p.hits;
      this.#samples += p.samples;
      if (this.#samples >= this.#max) this.#stoppedBy = 'cap';
      else if (this.#precise()) this.#stoppedBy = 'precision';
    }
    return this.done;
  }

  #precise(): boolean {
    // The relative half-width is about z/√hits; compute the exact interval only near the target.
    const z = 1.96;
    if (this.#hits < 0.8 * (z / this.#target) ** 2) return false;
    const [lo, hi] = clopperPearson(this.#hits, this.#samples, this.#confidence);
    const p = this.#hits / this.#samples;
    return (hi - lo) / 2 <= this.#target * p;
  }

  result(window: MonteCarloWindow, seed: number): MonteCarloPcResult {
    if (this.#samples === 0) throw new Error('monteCarloPc: no chunk was counted');
    return {
      pc: this.#hits / this.#samples,
      hits: this.#hits,
      samples: this.#samples,
      interval: clopperPearson(this.#hits, this.#samples, this.#confidence),
      confidence: this.#confidence,
      stoppedBy: this.#stoppedBy ?? 'cap',
      window,
      seed,
    };
  }
}

/** The Monte Carlo Pc of one conjunction, run in sequence on this thread (worker pools run the same chunks). */
export function monteCarloPc(input: MonteCarloPcInput, options: MonteCarloOptions = {}): MonteCarloPcResult {
  const window = options.window ?? monteCarloWindow(input);
  const plan = monteCarloPlan(input, window, options);
  const seed = options.seed ?? MONTE_CARLO_DEFAULTS.seed;
  const tally = new MonteCarloTally(options);
  for (let k = 0; !tally.done && k < tally.chunkCount; k += 1) tally.add(k, monteCarloChunk(plan, seed, k, tally.samplesOf(k)));
  return tally.result(window, seed);
}
