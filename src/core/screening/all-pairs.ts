/**
 * Catalogue-wide (all-vs-all) screening: every unordered pair of a catalogue screened once, with
 * every close approach closer than D and TCA in [start, end) found.
 *
 * The per-pair filters of screen.ts cost O(N²) pair tests, 3.4·10⁸ for the 26,140-object
 * catalogue. Here the broad phase is spatial, as in the catalogue-wide screeners of Healy (1995,
 * "Close conjunction detection on parallel computer", J. Guidance 18(4)), Budianto-Ho et al.
 * (2014, "A scalable approach to conjunction assessment", AMOS) and esa/cascade (Izzo, Biscani et
 * al.; its docs: "a broad phase based on the AABBs of each object's trajectory over a time step,
 * then a narrow phase"): the window is cut into steps of h = 60 s, and for each step every object's
 * SGP4 positions at both ends give a box that rigorously contains its path over the step.
 *
 * Why the box contains the path (the safety margin of the broad phase). Let L(t) be the chord
 * between the samples r(t_k) and r(t_{k+1}). The linear-interpolation error of a C² curve is
 *   r(t) − L(t) = −½ (t − t_k)(t_{k+1} − t) · r''(ξ) (Peano kernel form, valid for the vector norm
 *   because the kernel has one sign), so |r(t) − L(t)| ≤ max|r''| · h²/8.
 * |r''| of SGP4's position is bounded by `accelerationBound(r_min)` (screen.ts: μ/r² + 2 % for J2,
 * short-period terms and drag), the bound the interval search (interval-search.ts) already relies
 * on, at the object's smallest radius over the window (its mean-orbit track, object-track.ts). So
 * the path over the step lies in the chord's axis-aligned box widened by p = a_max h²/8 (≤ 4.5 km
 * for h = 60 s at the surface). Two paths can come within D only if their boxes widened by D/2
 * each overlap on all three axes.
 *
 * The boxes go into a uniform grid of cells (spatial hashing, Teschner et al. 2003, "Optimized
 * spatial hashing for collision detection of deformable objects"); only boxes sharing a cell are
 * compared, and a pair sharing several cells is tested in one: the cell holding the low corner of
 * the two boxes' intersection. The narrow phase of a box pair is the chord test of the interval
 * search: the relative chord ρ_L = L_b − L_a is the chord of ρ = r_b − r_a, and
 * |ρ(t) − ρ_L(t)| ≤ p_a + p_b, so a step whose relative chord stays farther than D + p_a + p_b from
 * the origin holds no approach below D. What survives (pair, step) is merged into intervals per
 * pair and handed to the interval search and Brent refinement of screen.ts, unchanged
 * (interval-search.ts): the refinement every screening already uses.
 *
 * Objects SGP4 cannot propagate at every grid point of their track (decaying, failing) have no
 * rigorous box; they are screened by screen.ts as primaries against the whole catalogue (its
 * irregular-object handling), and every pair holding one is left out of the spatial pass, so each
 * pair is still screened exactly once. Pairs that stay close (docked, formations) are approaches
 * like any other here; core/screening/proximity.ts folds them into proximities afterwards.
 *
 * Time shards: `window` is the slice whose TCAs are reported; the sample grid is anchored at
 * `gridOrigin` (the job's start), so slices of one job sample the same instants, and the search
 * may look 30 min beyond the slice (object-track.ts WINDOW_PAD_MS) to bracket minima at its edges.
 */
import type { Sgp4Model } from '../propagation/sgp4.ts';
import { closeApproachAt, type CloseApproach } from './close-approach.ts';
import { searchInterval, type IntervalSearch } from './interval-search.ts';
import { buildTrack, gridTimes, WINDOW_PAD_MS, type ObjectTrack, type ScreeningWindow } from './object-track.ts';
import { positionInto, type EvaluationCounter } from './pair-distance.ts';
import { accelerationBound, screen, ScreeningCancelled, searchStepMs, type ScreeningOutcome, type ScreeningProgressStage, type ScreeningSubject, type SkippedObject } from './screen.ts';

/**
 * SGP4 positions of `models` at `times` (TEME, km), object-major:
 * out[(i · times.length + k) · 3 + c]; NaN where SGP4 fails. Returns the array it filled (a
 * sampler may hand out its own buffer, e.g. the output of satellite.js's WASM BulkPropagator).
 */
export type PositionSampler = (models: readonly Sgp4Model[], times: Float64Array) => Float64Array;

/** The JavaScript SGP4 (satellite.js `sgp4`, the screener's own), one call per object and instant. */
export function sgp4Sampler(counter: EvaluationCounter): PositionSampler {
  let buffer = new Float64Array(0);
  return (models, times) => {
    const n = times.length;
    if (buffer.length < models.length * n * 3) buffer = new Float64Array(models.length * n * 3);
    models.forEach((model, i) => {
      for (let k = 0; k < n; k += 1) {
        const at = (i * n + k) * 3;
        counter.sgp4Calls += 1;
        if (!positionInto(model, times[k]!, buffer, at)) buffer[at] = buffer[at + 1] = buffer[at + 2] = Number.NaN;
      }
    });
    return buffer;
  };
}

export interface AllPairsInput {
  readonly subjects: readonly ScreeningSubject[];
  /** TCAs in [start, end) are reported (a job's window or one time slice of it). */
  readonly window: ScreeningWindow;
  readonly thresholdKm: number;
  /** Instant the sample grid is anchored at (default: window.start); time slices of one job share it. */
  readonly gridOrigin?: number;
  /** Sample step of the broad phase, ms (default 60 s). */
  readonly stepMs?: number;
  /** Steps per sampling block (memory: objects × (block + 1) × 24 bytes). */
  readonly blockSteps?: number;
  /** Pieces each step's chord is cut into for the boxes (positions inside a step are interpolated, not propagated). */
  readonly subSteps?: number;
  /** Cell edge of the spatial hash, km. */
  readonly cellKm?: number;
  /** Positions for the broad phase (default: the JavaScript SGP4). */
  readonly sampler?: PositionSampler;
  /** Called now and then with the stage and its share done (0…1). */
  readonly onProgress?: (stage: ScreeningProgressStage, fraction: number) => void;
  /** Polled between steps and pairs; when it returns true the screening stops with ScreeningCancelled. */
  readonly shouldStop?: () => boolean;
}

export const ALL_PAIRS_STEP_MS = 60_000;
/**
 * Steps per sampling block. The sampler's memory is objects × (block + 1) × 48 bytes in satellite.js's
 * BulkPropagator (positions and velocities): 30 steps is 74 MB a worker for 50,000 objects where 60
 * was 146 MB, which WebAssembly memory keeps once grown (issue 30, item 8); the extra sample per block
 * costs 1.6 % more propagation.
 */
const BLOCK_STEPS = 30;
const SUB_STEPS = 4;
/**
 * Cell edge: a LEO object's box over 60 s is up to ~460 km on one axis and a few tens on the
 * others; 300 km keeps a box in ~4 cells while few unrelated boxes share one (measured on the
 * real catalogue, scripts/bench-all-vs-all.ts).
 */
const CELL_KM = 300;
/** Covers the difference between two SGP4 implementations (WASM vs JavaScript: ~1e-8 km) many times over. */
const SAMPLER_SLACK_KM = 1e-3;
/** Intervals longer than this many steps are searched at the sample step (see the refinement). */
const LONG_INTERVAL_STEPS = 8;
/** Two minima of one pair closer than this are the same approach (found from two overlapping intervals). */
const SAME_APPROACH_MS = 1;

/** Grows a typed array (doubling) to hold at least `size` elements. */
function grow<T extends Int32Array | Float64Array>(array: T, size: number): T {
  if (array.length >= size) return array;
  const next = new (array.constructor as new (n: number) => T)(Math.max(size, array.length * 2));
  next.set(array);
  return next;
}

/** Screens every unordered pair of `subjects` once (the lower NORAD id is the primary). */
export function screenAllPairs(input: AllPairsInput): ScreeningOutcome {
  const { window, thresholdKm } = input;
  if (!(window.end > window.start)) throw new RangeError('screening window: end must be after start');
  if (!(thresholdKm > 0) || !Number.isFinite(thresholdKm)) throw new RangeError(`screening threshold must be a positive number of km, got ${thresholdKm}`);
  const stepMs = input.stepMs ?? ALL_PAIRS_STEP_MS;
  const blockSteps = input.blockSteps ?? BLOCK_STEPS;
  const cellKm = input.cellKm ?? CELL_KM;
  const subSteps = input.subSteps ?? SUB_STEPS;
  const origin = input.gridOrigin ?? window.start;
  const stop = () => {
    if (input.shouldStop?.()) throw new ScreeningCancelled();
  };
  const progress = (stage: ScreeningProgressStage, fraction: number) => input.onProgress?.(stage, Math.min(1, fraction));
  const counter: EvaluationCounter = { sgp4Calls: 0 };

  // One subject per NORAD id, sorted: index order is id order, so i < j means primary i.
  const byId = new Map<number, ScreeningSubject>();
  for (const s of input.subjects) byId.set(s.norad, s);
  const subjects = [...byId.values()].sort((a, b) => a.norad - b.norad);

  // Tracks: the radius and derivative bounds of every object; those without one are irregular.
  const grid = gridTimes(window);
  const tracks: ObjectTrack[] = [];
  const irregular: ScreeningSubject[] = [];
  subjects.forEach((subject, i) => {
    if (i % 512 === 0) {
      stop();
      progress('orbits', i / subjects.length);
    }
    counter.sgp4Calls += grid.length;
    const built = buildTrack(subject, grid);
    if (built.kind === 'regular') tracks.push(built.track);
    else irregular.push(subject);
  });
  progress('orbits', 1);

  const n = tracks.length;
  const models = tracks.map((t) => t.model);
  const stepS = stepMs / 1000;
  const chordPad = Float64Array.from(tracks, (t) => (accelerationBound(t.radiusMin) * stepS * stepS) / 8 + SAMPLER_SLACK_KM);
  const late = new Uint8Array(n); // objects SGP4 failed for at a sample: screened with the irregular ones

  // Sample instants: the grid points around the window, one step beyond each end.
  const kFirst = Math.floor((window.start - origin) / stepMs) - 1;
  const kLast = Math.ceil((window.end - origin) / stepMs) + 1;
  const sampler = input.sampler ?? sgp4Sampler(counter);

  // Candidates: (i, j, step) with i < j.
  let candI = new Int32Array(1024);
  let candJ = new Int32Array(1024);
  let candK = new Int32Array(1024);
  let candidates = 0;

  // Per-step scratch.
  const start = new Float64Array(3 * n);
  const chord = new Float64Array(3 * n);
  const lo = new Float64Array(3 * n);
  const hi = new Float64Array(3 * n);
  let entryObject = new Int32Array(4 * n);
  let entryCell = new Int32Array(12 * n);
  let entryHash = new Int32Array(4 * n);
  let chain = new Int32Array(4 * n);
  let head = new Int32Array(0);
  let stamp = new Int32Array(0);
  let round = 0;
  const half = thresholdKm / 2;
  const reach = thresholdKm;
  let boxPairs = 0;
  let chordPairs = 0;

  const totalSteps = kLast - kFirst;
  for (let k0 = kFirst; k0 < kLast; k0 += blockSteps) {
    const steps = Math.min(blockSteps, kLast - k0);
    const times = Float64Array.from({ length: steps + 1 }, (_, s) => origin + (k0 + s) * stepMs);
    stop();
    const pos = sampler(models, times);
    const stride = (steps + 1) * 3;

    for (let step = 0; step < steps * subSteps; step += 1) {
      const s = Math.floor(step / subSteps);
      if (step % subSteps === 0) {
        // This step's start positions and chords, contiguous (the sampler's layout is object-major:
        // reading it object by object each sub-step costs a cache miss per object).
        for (let i = 0; i < n; i += 1) {
          const a = i * stride + s * 3;
          start[3 * i] = pos[a]!;
          start[3 * i + 1] = pos[a + 1]!;
          start[3 * i + 2] = pos[a + 2]!;
          chord[3 * i] = pos[a + 3]! - pos[a]!;
          chord[3 * i + 1] = pos[a + 4]! - pos[a + 1]!;
          chord[3 * i + 2] = pos[a + 5]! - pos[a + 2]!;
        }
      }
      // The piece [f0, f1] of the step's chord (the path is within chordPad of the chord at every instant of the step).
      const f0 = (step % subSteps) / subSteps;
      const f1 = f0 + 1 / subSteps;
      if ((step & 15) === 0) {
        stop();
        progress('detect', (0.8 * (k0 - kFirst + s)) / totalSteps);
      }
      // Boxes and their cells.
      let entries = 0;
      for (let i = 0; i < n; i += 1) {
        if (late[i]) continue;
        const px = start[3 * i]!;
        const py = start[3 * i + 1]!;
        const pz = start[3 * i + 2]!;
        const qx = chord[3 * i]!;
        const qy = chord[3 * i + 1]!;
        const qz = chord[3 * i + 2]!;
        if (Number.isNaN(px + py + pz + qx + qy + qz)) {
          late[i] = 1;
          continue;
        }
        const ax = px + f0 * qx;
        const ay = py + f0 * qy;
        const az = pz + f0 * qz;
        const bx = px + f1 * qx;
        const by = py + f1 * qy;
        const bz = pz + f1 * qz;
        const pad = chordPad[i]! + half;
        const x0 = Math.min(ax, bx) - pad;
        const y0 = Math.min(ay, by) - pad;
        const z0 = Math.min(az, bz) - pad;
        const x1 = Math.max(ax, bx) + pad;
        const y1 = Math.max(ay, by) + pad;
        const z1 = Math.max(az, bz) + pad;
        lo[3 * i] = x0;
        lo[3 * i + 1] = y0;
        lo[3 * i + 2] = z0;
        hi[3 * i] = x1;
        hi[3 * i + 1] = y1;
        hi[3 * i + 2] = z1;
        const cx0 = Math.floor(x0 / cellKm);
        const cx1 = Math.floor(x1 / cellKm);
        const cy0 = Math.floor(y0 / cellKm);
        const cy1 = Math.floor(y1 / cellKm);
        const cz0 = Math.floor(z0 / cellKm);
        const cz1 = Math.floor(z1 / cellKm);
        const count = (cx1 - cx0 + 1) * (cy1 - cy0 + 1) * (cz1 - cz0 + 1);
        if (entries + count > entryObject.length) {
          const size = entries + count + n;
          entryObject = grow(entryObject, size);
          entryHash = grow(entryHash, size);
          chain = grow(chain, size);
          entryCell = grow(entryCell, 3 * size);
        }
        for (let cx = cx0; cx <= cx1; cx += 1) {
          for (let cy = cy0; cy <= cy1; cy += 1) {
            for (let cz = cz0; cz <= cz1; cz += 1) {
              entryObject[entries] = i;
              entryCell[3 * entries] = cx;
              entryCell[3 * entries + 1] = cy;
              entryCell[3 * entries + 2] = cz;
              // Teschner et al. 2003's hash of the cell coordinates.
              entryHash[entries] = (Math.imul(cx, 73856093) ^ Math.imul(cy, 19349663) ^ Math.imul(cz, 83492791)) >>> 0;
              entries += 1;
            }
          }
        }
      }
      // A hash table with chaining, rebuilt every sub-step: a bucket is empty unless stamped with
      // this round (no clearing), and each entry meets the earlier entries of its bucket.
      let size = 1;
      while (size < 2 * entries) size <<= 1;
      const mask = size - 1;
      if (head.length < size) {
        head = new Int32Array(size);
        stamp = new Int32Array(size);
        round = 0;
      }
      round += 1;
      for (let ep = 0; ep < entries; ep += 1) {
        const bucket = entryHash[ep]! & mask;
        if (stamp[bucket] !== round) {
          stamp[bucket] = round;
          head[bucket] = -1;
        }
        const ip = entryObject[ep]!;
        const cx = entryCell[3 * ep]!;
        const cy = entryCell[3 * ep + 1]!;
        const cz = entryCell[3 * ep + 2]!;
        for (let eq = head[bucket]!; eq >= 0; eq = chain[eq]!) {
          {
            if (entryCell[3 * eq] !== cx || entryCell[3 * eq + 1] !== cy || entryCell[3 * eq + 2] !== cz) continue;
            const iq = entryObject[eq]!;
            if (iq === ip) continue;
            const i = ip < iq ? ip : iq;
            const j = ip < iq ? iq : ip;
            // Box overlap on every axis.
            const ix = Math.max(lo[3 * i]!, lo[3 * j]!);
            const iy = Math.max(lo[3 * i + 1]!, lo[3 * j + 1]!);
            const iz = Math.max(lo[3 * i + 2]!, lo[3 * j + 2]!);
            if (ix > Math.min(hi[3 * i]!, hi[3 * j]!) || iy > Math.min(hi[3 * i + 1]!, hi[3 * j + 1]!) || iz > Math.min(hi[3 * i + 2]!, hi[3 * j + 2]!)) continue;
            // Tested once: in the cell holding the intersection's low corner.
            if (Math.floor(ix / cellKm) !== cx || Math.floor(iy / cellKm) !== cy || Math.floor(iz / cellKm) !== cz) continue;
            boxPairs += 1;
            // Narrow phase: distance of the relative chord's piece [f0, f1] from the origin.
            const dx0 = start[3 * j]! - start[3 * i]!;
            const dy0 = start[3 * j + 1]! - start[3 * i + 1]!;
            const dz0 = start[3 * j + 2]! - start[3 * i + 2]!;
            const ex = chord[3 * j]! - chord[3 * i]!;
            const ey = chord[3 * j + 1]! - chord[3 * i + 1]!;
            const ez = chord[3 * j + 2]! - chord[3 * i + 2]!;
            const length2 = ex * ex + ey * ey + ez * ez;
            const f = length2 > 0 ? Math.min(f1, Math.max(f0, -(dx0 * ex + dy0 * ey + dz0 * ez) / length2)) : f0;
            const limit = reach + chordPad[i]! + chordPad[j]!;
            const mx = dx0 + f * ex;
            const my = dy0 + f * ey;
            const mz = dz0 + f * ez;
            if (mx * mx + my * my + mz * mz > limit * limit) continue;
            chordPairs += 1;
            if (candidates === candI.length) {
              candI = grow(candI, candidates + 1);
              candJ = grow(candJ, candidates + 1);
              candK = grow(candK, candidates + 1);
            }
            candI[candidates] = i;
            candJ[candidates] = j;
            candK[candidates] = k0 + s;
            candidates += 1;
          }
        }
        chain[ep] = head[bucket]!;
        head[bucket] = ep;
      }
    }
  }

  // Refinement: per pair, consecutive candidate steps merged into intervals, then the interval search.
  const order = Int32Array.from({ length: candidates }, (_, c) => c).sort((x, y) => candI[x]! - candI[y]! || candJ[x]! - candJ[y]! || candK[x]! - candK[y]!);
  const approaches: CloseApproach[] = [];
  const limitLo = window.start - WINDOW_PAD_MS;
  const limitHi = window.end + WINDOW_PAD_MS;
  let pairsWithCandidates = 0;
  let candidateIntervals = 0;
  for (let c = 0; c < candidates; ) {
    const i = candI[order[c]!]!;
    const j = candJ[order[c]!]!;
    let d = c;
    while (d < candidates && candI[order[d]!] === i && candJ[order[d]!] === j) d += 1;
    if ((c & 63) === 0) {
      stop();
      progress('detect', 0.8 + (0.2 * c) / candidates);
    }
    if (!late[i] && !late[j]) {
      pairsWithCandidates += 1;
      const p = tracks[i]!;
      const q = tracks[j]!;
      const search: IntervalSearch = {
        a: p.model,
        b: q.model,
        thresholdKm,
        maxStepMs: searchStepMs(p, q, thresholdKm),
        fourthDerivative: p.fourthDerivative + q.fourthDerivative,
        accelerationBound: accelerationBound(p.radiusMin) + accelerationBound(q.radiusMin),
        limitLo,
        limitHi,
        counter,
      };
      const found: number[] = [];
      for (let e = c; e < d; ) {
        const kStart = candK[order[e]!]!;
        let kEnd = kStart;
        e += 1;
        while (e < d && candK[order[e]!]! <= kEnd + 1) kEnd = Math.max(kEnd, candK[order[e++]!]!);
        candidateIntervals += 1;
        // A pair that stays within reach for many steps moves slowly relative to each other
        // (docked, formation): its distance can have shallow minima closer together than the
        // 1/16-period step assumes (interval-search.ts), so such an interval is sampled on the
        // broad phase's own 60 s grid, the step of the brute-force reference (brute-force.ts).
        const interval = kEnd + 1 - kStart > LONG_INTERVAL_STEPS ? { ...search, maxStepMs: Math.min(search.maxStepMs, stepMs) } : search;
        for (const minimum of searchInterval(interval, origin + kStart * stepMs, origin + (kEnd + 1) * stepMs)) {
          if (minimum.t < window.start || minimum.t >= window.end) continue;
          if (found.some((t) => Math.abs(t - minimum.t) < SAME_APPROACH_MS)) continue;
          found.push(minimum.t);
          const approach = closeApproachAt(p.model, q.model, minimum.t);
          if (approach) approaches.push(approach);
        }
      }
    }
    c = d;
  }
  progress('detect', 1);

  // Objects without a rigorous box: every pair holding one, by the per-pair screener.
  const lateSubjects = tracks.filter((_, i) => late[i]).map((t) => byId.get(t.norad)!);
  const others = [...irregular, ...lateSubjects];
  let skipped: SkippedObject[] = [];
  let irregularStats = { pairs: 0, pairsAfterApsisFilter: 0, pairsWithCandidates: 0, candidateIntervals: 0, sgp4Calls: 0, irregularObjects: 0, coplanarPairs: 0, radialRejections: 0 };
  if (others.length > 0) {
    const outcome = screen({ primaries: others, secondaries: subjects, window, thresholdKm, shouldStop: input.shouldStop });
    for (const a of outcome.approaches) {
      // screen.ts makes the irregular object the primary; here the lower NORAD id is.
      const approach = a.primary < a.secondary ? a : closeApproachAt(byId.get(a.secondary)!.model, byId.get(a.primary)!.model, a.tca);
      if (approach) approaches.push(approach);
    }
    skipped = outcome.skipped;
    irregularStats = outcome.stats;
  }

  approaches.sort((x, y) => x.tca - y.tca || x.primary - y.primary || x.secondary - y.secondary);
  const total = subjects.length;
  return {
    approaches,
    stats: {
      objects: total,
      tracks: n,
      irregularObjects: irregularStats.irregularObjects + lateSubjects.length,
      skippedObjects: skipped.length,
      pairs: (total * (total - 1)) / 2,
      // The spatial filter's survivors: box overlaps, then chord tests.
      pairsAfterApsisFilter: boxPairs + irregularStats.pairsAfterApsisFilter,
      coplanarPairs: irregularStats.coplanarPairs,
      pairsWithCandidates: pairsWithCandidates + irregularStats.pairsWithCandidates,
      candidateIntervals: candidateIntervals + irregularStats.candidateIntervals,
      radialRejections: boxPairs - chordPairs + irregularStats.radialRejections,
      sgp4Calls: counter.sgp4Calls + irregularStats.sgp4Calls,
      approaches: approaches.length,
    },
    skipped,
  };
}
