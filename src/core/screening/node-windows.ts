/**
 * The orbit-geometry filters of a pair: the orbit-path filter and the time filter of Hoots,
 * Crawford & Roehrich (1984), generalised to orbits whose planes and perigees drift during the
 * window. Woodburn, Coppola & Stoner (2009, AAS 09-372, "A description of filters for minimizing
 * the time required for orbital conjunction computations") examine these classic filters for
 * failure cases and give more robust variants; Rivero, Baù, Vazquez & Bombardelli (2024,
 * arXiv:2410.20928) show that the classical fixed-orbit minimum distance (MOID) is unsuitable for
 * Earth orbits because of the perturbations. Nothing here is evaluated on
 * fixed orbits: every quantity is the model's at the instant (object-track.ts), interpolated
 * between grid points with a bounded error.
 *
 * Geometry. Let n̂₁, n̂₂ be the two model orbit normals at time t and k = n̂₁ × n̂₂, |k| = sin I_R
 * (I_R the relative inclination); ±k are the mutual nodes. In its own plane, object X sits at
 * argument of latitude u_X, and k at u_k,X = atan2(k·Q̂_X, k·P̂_X) (P̂ toward the ascending node,
 * Q̂ = n̂ × P̂). The model position of X is then at height r_X sin I_R sin(u_X − u_k,X) above the
 * other plane.
 *
 * Why the filters are safe. SGP4 positions are within ε_X of the model positions (mean-orbit.ts),
 * so two SGP4 positions closer than D have model positions closer than δ = D + ε₁ + ε₂. The other
 * object's model position lies in its model plane, so X's model position is then within δ of
 * that plane:
 *   |sin(u_X − u_k,X)| ≤ δ / (r_X,min · sin I_R,min)  =: sin α_X,
 * i.e. X is within α_X of a mutual node, the same node (+k or −k) for both objects. With the
 * model's mean argument of latitude λ_X = u_X − (ν − M), and |ν − M| ≤ C_X (the largest equation
 * of the centre, kepler-bounds.ts), ψ_X = λ_X − u_k,X is within α_X + C_X of a multiple mπ, and m's
 * parity names the node. ψ_X is tabulated on the grid and interpolated linearly, with the margin
 * η_X of object-track.ts; the time filter keeps only the instants where both objects satisfy
 *   |ψ_X − mπ| ≤ α_X + C_X + η_X   with the same parity of m.
 * The orbit-path filter then looks at each such interval: there each object's true argument of
 * latitude is within α_X of the node, hence its true anomaly within a known arc, hence its radius
 * within [r_lo, r_hi] from r = p/(1 + e cos ν) (plus the short-period radial bound); two objects
 * whose radius ranges are more than D apart cannot be within D. It is applied per node and per
 * grid segment before the time windows are formed, so a node where the orbits pass far apart
 * (an eccentric orbit crossing a circular one's altitude only near its perigee) costs nothing.
 *
 * For eccentric orbits (e > 0.05) the window in mean argument of latitude is not widened by the
 * worst equation of the centre but mapped exactly: the true-anomaly arc ν ∈ u_k − ω ± α becomes
 * the mean-anomaly arc M(ν) through Kepler's equation (E = 2 atan(√((1−e)/(1+e)) tan(ν/2)),
 * M = E − e sin E), evaluated at every grid point and interpolated like ψ.
 *
 * Pairs whose planes nearly coincide (sin I_R close to 0, or the node direction swinging fast
 * between grid points) get no time restriction ('coplanar'): the whole window goes to the
 * interval search.
 */
import { interpolationMargin, type ObjectTrack } from './object-track.ts';

export interface PairGeometry {
  /** Candidate intervals [lo, hi] (UTC ms), flat, sorted and disjoint. */
  readonly intervals: number[];
  /** True when no time restriction applied (nearly coplanar orbits). */
  readonly coplanar: boolean;
  /** Node passages (grid segment × node) ruled out by the orbit-path filter. */
  readonly radialRejections: number;
}

const TWO_PI = 2 * Math.PI;
const HALF_PI = Math.PI / 2;
/** Node-direction change between grid points above which interpolation is not trusted, rad. */
const MAX_NODE_SWING = 0.5;
/** Above this eccentricity the mean-anomaly window is mapped exactly rather than widened by the largest equation of the centre. */
const EXACT_MAPPING_ECCENTRICITY = 0.05;

// Scratch buffers, reused across pairs (the screening of one worker is single-threaded). Sized
// to the grid exactly, so that they can be passed whole to interpolationMargin (a job's tracks
// all share one grid: they are reallocated only when the grid changes).
let scratchLength = -1;
let S = new Float64Array(0);
let UK1 = new Float64Array(0);
let UK2 = new Float64Array(0);
/** u_k + mπ − ω of each object at each grid point, parity m = 0 then 1 (see nodeArguments). */
let ARG1 = new Float64Array(0);
let ARG2 = new Float64Array(0);
/** Each object's radius range [lo, hi] near the node, over the whole window or per grid segment (at 2j), km. */
let RANGES1 = new Float64Array(0);
let RANGES2 = new Float64Array(0);
let CENTRE = new Float64Array(0);
let HALF = new Float64Array(0);
let PSI = new Float64Array(0);
let OPEN = new Uint8Array(0);

function ensureScratch(n: number): void {
  if (n === scratchLength) return;
  scratchLength = n;
  S = new Float64Array(n);
  UK1 = new Float64Array(n);
  UK2 = new Float64Array(n);
  ARG1 = new Float64Array(2 * n);
  ARG2 = new Float64Array(2 * n);
  RANGES1 = new Float64Array(2 * n);
  RANGES2 = new Float64Array(2 * n);
  CENTRE = new Float64Array(n);
  HALF = new Float64Array(n);
  PSI = new Float64Array(n);
  OPEN = new Uint8Array(n);
}

/*
 * Per-track quantities. What depends on one object only (the sines and cosines of its node and
 * inclination at the grid points; the extremes of a, e and the radial factor over the whole grid
 * and over each grid segment, with the eccentricity slack derived from them) is computed once per
 * track, on its first pair, and kept with the track: a screening pairs each track with every
 * primary whose radius range it meets, and these used to be recomputed for every pair, once per
 * node and per grid segment. The values come from the same operations in the same order as when
 * they were computed inline, so the pair results are bit-identical. A track's arrays are never
 * modified after buildTrack, which makes the cache safe; the WeakMap lets it go with the track.
 * The caches are plain arrays, on the JavaScript heap: as typed arrays of this size (~100
 * doubles) each would be a backing store of its own outside it, and tens of thousands of those
 * made the collector run full collections (see buildTrack on small typed arrays).
 */

/** Per grid point j, at ORIENTATION·j: sin Ω, cos Ω, sin i, cos i. */
const ORIENTATION = 4;
/** An entry of element extremes (see elementExtremes): a_min, a_max, e (mid-range, capped), e slack, k_min, k_max. */
const EXTREMES = 6;

interface TrackGeometry {
  readonly orientation: number[];
  /** Element extremes over the whole grid. */
  readonly whole: number[];
  /** Element extremes over grid segment j..j+1, at EXTREMES·j; filled on the track's first pair that reaches the per-segment filter (most never do). */
  segments: number[] | undefined;
}

const geometries = new WeakMap<ObjectTrack, TrackGeometry>();

function geometryOf(track: ObjectTrack): TrackGeometry {
  let geometry = geometries.get(track);
  if (!geometry) {
    const n = track.times.length;
    const orientation = new Array<number>(ORIENTATION * n);
    for (let j = 0; j < n; j += 1) {
      orientation[ORIENTATION * j] = Math.sin(track.node[j]!);
      orientation[ORIENTATION * j + 1] = Math.cos(track.node[j]!);
      if (j > 0 && Object.is(track.inclination[j], track.inclination[j - 1])) {
        // The same angle (a near-Earth model's inclination is constant): the same sine and cosine.
        orientation[ORIENTATION * j + 2] = orientation[ORIENTATION * j - 2]!;
        orientation[ORIENTATION * j + 3] = orientation[ORIENTATION * j - 1]!;
      } else {
        orientation[ORIENTATION * j + 2] = Math.sin(track.inclination[j]!);
        orientation[ORIENTATION * j + 3] = Math.cos(track.inclination[j]!);
      }
    }
    const whole = new Array<number>(EXTREMES);
    elementExtremes(track, 0, n - 1, whole, 0);
    geometry = { orientation, whole, segments: undefined };
    geometries.set(track, geometry);
  }
  return geometry;
}

function segmentExtremes(track: ObjectTrack, geometry: TrackGeometry): number[] {
  if (geometry.segments) return geometry.segments;
  const n = track.times.length;
  const segments = new Array<number>(EXTREMES * (n - 1));
  for (let j = 0; j + 1 < n; j += 1) elementExtremes(track, j, j + 1, segments, EXTREMES * j);
  geometry.segments = segments;
  return segments;
}

/**
 * The extremes of a, e and the radial factor over grid points [from, to], into out[at..at+5]:
 * a_min, a_max, the eccentricity used for the radius range (mid-range, capped at the track's
 * largest), the slack covering the rest of the eccentricity range, k_min, k_max.
 */
function elementExtremes(track: ObjectTrack, from: number, to: number, out: number[], at: number): void {
  let aMin = Infinity;
  let aMax = 0;
  let eMin = Infinity;
  let eMax = 0;
  let kMin = Infinity;
  let kMax = 0;
  for (let j = from; j <= to; j += 1) {
    aMin = Math.min(aMin, track.semiMajorAxis[j]!);
    aMax = Math.max(aMax, track.semiMajorAxis[j]!);
    eMin = Math.min(eMin, track.eccentricity[j]!);
    eMax = Math.max(eMax, track.eccentricity[j]!);
    kMin = Math.min(kMin, track.radialFactor[j]!);
    kMax = Math.max(kMax, track.radialFactor[j]!);
  }
  // For r = a(1 − e²)/(1 + e cos ν), ∂r/∂e = −a(2e + (1 + e²) cos ν)/(1 + e cos ν)², so
  // |∂r/∂e| ≤ a(1 + e)²/(1 − e)²; e is taken at mid-range, the slack covers the whole range.
  const eTop = Math.min(eMax, 0.99);
  out[at] = aMin;
  out[at + 1] = aMax;
  out[at + 2] = Math.min(track.eccentricityMax, 0.5 * (eMin + eMax));
  out[at + 3] = (aMax * (eMax - eMin) * (1 + eTop) ** 2) / (1 - eTop) ** 2;
  out[at + 4] = kMin;
  out[at + 5] = kMax;
}

/** Mean anomaly of true anomaly ν (Kepler's equation), continuous in ν. */
function meanAnomaly(nu: number, e: number): number {
  const turns = Math.round(nu / TWO_PI);
  const reduced = nu - turns * TWO_PI;
  const E = 2 * Math.atan2(Math.sqrt(1 - e) * Math.sin(reduced / 2), Math.sqrt(1 + e) * Math.cos(reduced / 2));
  return E - e * Math.sin(E) + turns * TWO_PI;
}

/** Whether `angle` (mod 2π) lies in [lo, hi]. */
function arcContains(angle: number, lo: number, hi: number): boolean {
  return angle + Math.ceil((lo - angle) / TWO_PI) * TWO_PI <= hi;
}

/**
 * Range of r = a(1 − e²)/(1 + e cos ν) over true anomalies ν ∈ [nuLo, nuHi], into out[at] (lower
 * end, for a = aLo) and out[at + 1] (upper end, for a = aHi): the two share e, the arc and its
 * cosines. Off the apsides the extremes are at the ends of the arc, min and max of p/d₀ and p/d₁
 * (d = 1 + e cos ν); with p > 0 and d₀, d₁ > 0 (0 ≤ e < 1), a correctly rounded p/d is
 * non-increasing in d, so min(p/d₀, p/d₁) is exactly p/max(d₀, d₁), and max(p/d₀, p/d₁)
 * exactly p/min(d₀, d₁): one division per end instead of two, the same doubles.
 */
function radiusRange(aLo: number, aHi: number, e: number, nuLo: number, nuHi: number, out: Float64Array, at: number): void {
  if (!(nuHi - nuLo < TWO_PI)) {
    out[at] = aLo * (1 - e);
    out[at + 1] = aHi * (1 + e);
    return;
  }
  const perigee = arcContains(0, nuLo, nuHi);
  const apogee = arcContains(Math.PI, nuLo, nuHi);
  if (perigee && apogee) {
    out[at] = aLo * (1 - e);
    out[at + 1] = aHi * (1 + e);
    return;
  }
  const d0 = 1 + e * Math.cos(nuLo);
  const d1 = 1 + e * Math.cos(nuHi);
  const positive = d0 > 0 && d1 > 0;
  if (perigee) out[at] = aLo * (1 - e);
  else {
    const p = aLo * (1 - e * e);
    out[at] = positive && p > 0 ? p / Math.max(d0, d1) : Math.min(p / d0, p / d1);
  }
  if (apogee) out[at + 1] = aHi * (1 + e);
  else {
    const p = aHi * (1 - e * e);
    out[at + 1] = positive && p > 0 ? p / Math.min(d0, d1) : Math.max(p / d0, p / d1);
  }
}

/**
 * The true anomaly of the node, c = u_k + mπ − ω, at each grid point for both nodes (parity m = 0:
 * +k, 1: −k), into out[m·n + j], and its hull over the whole grid, into HULL[at..at+3] (min and
 * max for m = 0, then for m = 1). One pass for both nodes; the per-segment filter reads the
 * points back instead of recomputing them. (For m = 0 this is u_k − ω; the general form
 * u_k + 0·π − ω could differ from it only in the sign of a zero, which the arc's − α − margin and
 * + α + margin, both nonzero, erase: the arcs are the same doubles.)
 */
function nodeArguments(track: ObjectTrack, uk: Float64Array, out: Float64Array, at: number): void {
  const n = uk.length;
  let min0 = Infinity;
  let max0 = -Infinity;
  let min1 = Infinity;
  let max1 = -Infinity;
  for (let j = 0; j < n; j += 1) {
    const w = track.argPerigee[j]!;
    const c0 = uk[j]! - w;
    const c1 = uk[j]! + Math.PI - w;
    out[j] = c0;
    out[n + j] = c1;
    if (c0 < min0) min0 = c0;
    if (c0 > max0) max0 = c0;
    if (c1 < min1) min1 = c1;
    if (c1 > max1) max1 = c1;
  }
  HULL[at] = min0;
  HULL[at + 1] = max0;
  HULL[at + 2] = min1;
  HULL[at + 3] = max1;
}

/** Hulls of the node's true anomaly over the whole grid: [min, max] for parity 0 then 1, object one at 0, object two at 4. */
const HULL = new Float64Array(8);

/** The smaller and the larger of two values as the hull loops above take them (first value kept on ties). */
function lower(a: number, b: number): number {
  let m = Infinity;
  if (a < m) m = a;
  if (b < m) m = b;
  return m;
}

function upper(a: number, b: number): number {
  let m = -Infinity;
  if (a > m) m = a;
  if (b > m) m = b;
  return m;
}

/**
 * Radius range of an object near one node over some grid points, km, with its margins, into
 * out[at], out[at + 1]. The node's true anomaly moves continuously with the drift of node and
 * perigee, so the object's true anomaly stays in the hull of its arcs at the grid points:
 * [cMin − α, cMax + α] widened by the interpolation margin, where [cMin, cMax] is the hull of the
 * node's true anomaly at those points (nodeArguments; unused when α ≥ π/2, where the object may
 * be anywhere on its orbit). a, e and the radial factor take their extremes over those points
 * (`extremes` at `x`: the track's cached extremes over the same points, elementExtremes).
 */
function nodeRadiusRange(track: ObjectTrack, extremes: number[], x: number, alpha: number, arcMargin: number, cMin: number, cMax: number, out: Float64Array, at: number): void {
  let nuLo = -Infinity;
  let nuHi = Infinity;
  if (alpha < HALF_PI) {
    nuLo = cMin - alpha - arcMargin;
    nuHi = cMax + alpha + arcMargin;
  }
  const eSlack = extremes[x + 3]!;
  radiusRange(extremes[x]!, extremes[x + 1]!, extremes[x + 2]!, nuLo, nuHi, out, at);
  out[at] = out[at]! * extremes[x + 4]! - eSlack - track.radiusSlack;
  out[at + 1] = out[at + 1]! * extremes[x + 5]! + eSlack + track.radiusSlack;
}

/**
 * nodeRadiusRange on every grid segment j..j+1, into out[2j], out[2j + 1], for the node of
 * parity m (`args`: the node's true anomaly at the grid points, nodeArguments). One call per
 * object and node, so that the per-segment work runs in one loop.
 */
function segmentRadiusRanges(track: ObjectTrack, segments: number[], alpha: number, arcMargin: number, args: Float64Array, parity: number, out: Float64Array): void {
  const n = track.times.length;
  const o = parity * n;
  for (let j = 0; j + 1 < n; j += 1) {
    const c0 = args[o + j]!;
    const c1 = args[o + j + 1]!;
    nodeRadiusRange(track, segments, EXTREMES * j, alpha, arcMargin, lower(c0, c1), upper(c0, c1), out, 2 * j);
  }
}

/** Whether radius ranges [lo₁, hi₁] = one[at..at+1] and [lo₂, hi₂] = two[at..at+1] are more than `thresholdKm` apart. */
function rangesApart(one: Float64Array, two: Float64Array, at: number, thresholdKm: number): boolean {
  return one[at]! - two[at + 1]! > thresholdKm || two[at]! - one[at + 1]! > thresholdKm;
}

/**
 * A list of flat [lo, hi] intervals in a typed array that grows as needed and is reused from pair
 * to pair: the time filter's intermediate lists cost no allocation per pair.
 */
class IntervalList {
  values = new Float64Array(256);
  /** Number of values in use (two per interval). */
  size = 0;

  clear(): void {
    this.size = 0;
  }

  push(lo: number, hi: number): void {
    if (this.size + 2 > this.values.length) {
      const grown = new Float64Array(2 * this.values.length);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.size] = lo;
    this.values[this.size + 1] = hi;
    this.size += 2;
  }

  /** Appends [lo, hi] (lo not below the last interval's start), merging it into the last interval if they overlap or touch. */
  appendMerged(lo: number, hi: number): void {
    const last = this.size - 1;
    if (this.size > 0 && lo <= this.values[last]!) this.values[last] = Math.max(this.values[last]!, hi);
    else this.push(lo, hi);
  }

  toArray(): number[] {
    const out: number[] = [];
    for (let i = 0; i < this.size; i += 1) out.push(this.values[i]!);
    return out;
  }
}

/** One object's node windows as found, the two objects' merged windows, the pair's candidates, a merged list (time filter scratch). */
const WINDOWS = new IntervalList();
const WINDOWS1 = new IntervalList();
const WINDOWS2 = new IntervalList();
const CANDIDATES = new IntervalList();
const MERGED = new IntervalList();

/**
 * Appends to `out` the flat [lo, hi] intervals where the object is within its window around one
 * node, on the open grid segments: at each grid point the centre and half-width of the arc of
 * mean argument of latitude in which it may be near that node, and ψ = λ − centre within the
 * half-width of a multiple of 2π.
 */
function nodeWindows(track: ObjectTrack, uk: Float64Array, alpha: number, parity: number, open: Uint8Array, out: IntervalList): void {
  const times = track.times;
  const n = times.length;
  const exact = track.eccentricityMax > EXACT_MAPPING_ECCENTRICITY;
  for (let j = 0; j < n; j += 1) {
    const u = uk[j]! + parity * Math.PI;
    if (!exact) {
      CENTRE[j] = u;
      HALF[j] = alpha + track.centreMax;
    } else {
      const w = track.argPerigee[j]!;
      const e = Math.min(track.eccentricityMax, track.eccentricity[j]!);
      const lo = meanAnomaly(u - alpha - w, e) + w;
      const hi = meanAnomaly(u + alpha - w, e) + w;
      let centre = 0.5 * (lo + hi);
      if (j > 0) centre += TWO_PI * Math.round((CENTRE[j - 1]! - centre) / TWO_PI);
      CENTRE[j] = centre;
      HALF[j] = 0.5 * (hi - lo);
    }
    PSI[j] = track.meanArgLat[j]! - CENTRE[j]!;
  }
  const psi = PSI;
  const margin = interpolationMargin(psi) + interpolationMargin(HALF) + 1e-6;
  for (let j = 0; j + 1 < n; j += 1) {
    if (!open[j]) continue;
    const t0 = times[j]!;
    const g = times[j + 1]! - t0;
    const width = Math.max(HALF[j]!, HALF[j + 1]!) + margin;
    const p0 = psi[j]!;
    const p1 = psi[j + 1]!;
    const slope = (p1 - p0) / g;
    if (width >= Math.PI || !(slope > 0)) {
      out.push(t0, t0 + g);
      continue;
    }
    const kLast = Math.floor((p1 + width) / TWO_PI);
    for (let k = Math.ceil((p0 - width) / TWO_PI); k <= kLast; k += 1) {
      const lo = t0 + Math.max(0, (k * TWO_PI - width - p0) / slope);
      const hi = t0 + Math.min(g, (k * TWO_PI + width - p0) / slope);
      if (hi >= lo) out.push(lo, hi);
    }
  }
}

/** The open grid segments as flat intervals (an object that may be anywhere along its orbit). */
function openSegments(times: Float64Array, open: Uint8Array, out: IntervalList): void {
  for (let j = 0; j + 1 < times.length; j += 1) if (open[j]) out.push(times[j]!, times[j + 1]!);
}

/** Intersection of two sorted lists of disjoint flat [lo, hi] intervals, appended to `out`. */
function intersectInto(a: IntervalList, b: IntervalList, out: IntervalList): void {
  const av = a.values;
  const bv = b.values;
  let i = 0;
  let j = 0;
  while (i < a.size && j < b.size) {
    const lo = Math.max(av[i]!, bv[j]!);
    const hi = Math.min(av[i + 1]!, bv[j + 1]!);
    if (hi >= lo) out.push(lo, hi);
    if (av[i + 1]! < bv[j + 1]!) i += 2;
    else j += 2;
  }
}

function halfAngle(sine: number): number {
  return sine >= 1 ? HALF_PI : Math.asin(sine);
}

/**
 * Candidate intervals of a pair whose radius ranges already overlap (the apogee/perigee filter
 * has passed): the orbit-path and time filters described above.
 */
export function pairCandidates(one: ObjectTrack, two: ObjectTrack, thresholdKm: number): PairGeometry {
  const times = one.times;
  const n = times.length;
  ensureScratch(n);
  const delta = thresholdKm + one.deviation + two.deviation;
  const geometry1 = geometryOf(one);
  const geometry2 = geometryOf(two);
  const orientation1 = geometry1.orientation;
  const orientation2 = geometry2.orientation;

  let sMin = Infinity;
  let sStep = 0;
  for (let j = 0; j < n; j += 1) {
    const sO1 = orientation1[ORIENTATION * j]!;
    const cO1 = orientation1[ORIENTATION * j + 1]!;
    const si1 = orientation1[ORIENTATION * j + 2]!;
    const ci1 = orientation1[ORIENTATION * j + 3]!;
    const sO2 = orientation2[ORIENTATION * j]!;
    const cO2 = orientation2[ORIENTATION * j + 1]!;
    const si2 = orientation2[ORIENTATION * j + 2]!;
    const ci2 = orientation2[ORIENTATION * j + 3]!;
    // Normals n̂ = (sin i sin Ω, −sin i cos Ω, cos i); k = n̂₁ × n̂₂.
    const n1x = si1 * sO1;
    const n1y = -si1 * cO1;
    const n2x = si2 * sO2;
    const n2y = -si2 * cO2;
    const kx = n1y * ci2 - ci1 * n2y;
    const ky = ci1 * n2x - n1x * ci2;
    const kz = n1x * n2y - n1y * n2x;
    // |k| = sin I_R, between 0 and 1: no overflow, so no need for Math.hypot's scaling (which boxes
    // its arguments and allocates an array per call: it was the largest single cost of the pair loop).
    const sj = Math.sqrt(kx * kx + ky * ky + kz * kz);
    S[j] = sj;
    sMin = Math.min(sMin, sj);
    if (j > 0) sStep = Math.max(sStep, Math.abs(sj - S[j - 1]!));
    // u_k in each plane: P̂ = (cos Ω, sin Ω, 0), Q̂ = (−cos i sin Ω, cos i cos Ω, sin i).
    let u1 = Math.atan2(-ci1 * sO1 * kx + ci1 * cO1 * ky + si1 * kz, cO1 * kx + sO1 * ky);
    let u2 = Math.atan2(-ci2 * sO2 * kx + ci2 * cO2 * ky + si2 * kz, cO2 * kx + sO2 * ky);
    if (j > 0) {
      u1 += TWO_PI * Math.round((UK1[j - 1]! - u1) / TWO_PI);
      u2 += TWO_PI * Math.round((UK2[j - 1]! - u2) / TWO_PI);
      // The node direction swings too fast to interpolate: no time restriction, whatever follows.
      if (Math.abs(u1 - UK1[j - 1]!) > MAX_NODE_SWING || Math.abs(u2 - UK2[j - 1]!) > MAX_NODE_SWING) return wholeWindow(times);
    }
    UK1[j] = u1;
    UK2[j] = u2;
  }
  sMin -= sStep;
  if (!(sMin > 0)) return wholeWindow(times);

  const uk1 = UK1;
  const uk2 = UK2;
  const alpha1 = halfAngle(delta / (one.radiusMin * sMin));
  const alpha2 = halfAngle(delta / (two.radiusMin * sMin));
  if (alpha1 >= HALF_PI && alpha2 >= HALF_PI) return wholeWindow(times);
  const arcMargin1 = interpolationMargin(uk1) + one.argPerigeeMargin + 1e-6;
  const arcMargin2 = interpolationMargin(uk2) + two.argPerigeeMargin + 1e-6;

  if (alpha1 < HALF_PI) nodeArguments(one, uk1, ARG1, 0);
  if (alpha2 < HALF_PI) nodeArguments(two, uk2, ARG2, 4);

  CANDIDATES.clear();
  let radialRejections = 0;
  for (let parity = 0; parity < 2; parity += 1) {
    // Orbit-path filter: first over the whole window at once, then per grid segment.
    nodeRadiusRange(one, geometry1.whole, 0, alpha1, arcMargin1, HULL[2 * parity]!, HULL[2 * parity + 1]!, RANGES1, 0);
    nodeRadiusRange(two, geometry2.whole, 0, alpha2, arcMargin2, HULL[4 + 2 * parity]!, HULL[5 + 2 * parity]!, RANGES2, 0);
    if (rangesApart(RANGES1, RANGES2, 0, thresholdKm)) {
      radialRejections += n - 1;
      continue;
    }
    segmentRadiusRanges(one, segmentExtremes(one, geometry1), alpha1, arcMargin1, ARG1, parity, RANGES1);
    segmentRadiusRanges(two, segmentExtremes(two, geometry2), alpha2, arcMargin2, ARG2, parity, RANGES2);
    let any = false;
    for (let j = 0; j + 1 < n; j += 1) {
      const apart = rangesApart(RANGES1, RANGES2, 2 * j, thresholdKm);
      OPEN[j] = apart ? 0 : 1;
      if (apart) radialRejections += 1;
      else any = true;
    }
    if (!any) continue;
    // Time filter: both objects near this node at once. (Nothing to intersect when the first
    // object never comes near the node on the open segments.)
    WINDOWS.clear();
    if (alpha1 >= HALF_PI) openSegments(times, OPEN, WINDOWS);
    else nodeWindows(one, uk1, alpha1, parity, OPEN, WINDOWS);
    mergeInto(WINDOWS.values, WINDOWS.size, WINDOWS1);
    if (WINDOWS1.size === 0) continue;
    WINDOWS.clear();
    if (alpha2 >= HALF_PI) openSegments(times, OPEN, WINDOWS);
    else nodeWindows(two, uk2, alpha2, parity, OPEN, WINDOWS);
    mergeInto(WINDOWS.values, WINDOWS.size, WINDOWS2);
    intersectInto(WINDOWS1, WINDOWS2, CANDIDATES);
  }
  if (CANDIDATES.size === 0) return { intervals: [], coplanar: false, radialRejections };
  mergeInto(CANDIDATES.values, CANDIDATES.size, MERGED);
  return { intervals: MERGED.toArray(), coplanar: false, radialRejections };
}

/** The result for nearly coplanar orbits: no time restriction. */
function wholeWindow(times: Float64Array): PairGeometry {
  return { intervals: [times[0]!, times[times.length - 1]!], coplanar: true, radialRejections: 0 };
}

/** Sorts flat [lo, hi] pairs and merges overlapping or touching ones. */
export function mergeIntervals(flat: number[]): number[] {
  mergeInto(flat, flat.length, MERGED);
  return MERGED.toArray();
}

/** mergeIntervals of the first `size` values of `flat` (size / 2 intervals), into `out` (cleared first). */
function mergeInto(flat: ArrayLike<number>, size: number, out: IntervalList): void {
  const count = size >> 1;
  out.clear();
  let sorted = true;
  for (let i = 1; i < count && sorted; i += 1) if (flat[2 * i]! < flat[2 * i - 2]!) sorted = false;
  if (sorted) {
    // Already in order (the usual case): no index array to build.
    for (let i = 0; i < count; i += 1) out.appendMerged(flat[2 * i]!, flat[2 * i + 1]!);
    return;
  }
  const order = Array.from({ length: count }, (_, i) => i);
  order.sort((x, y) => flat[2 * x]! - flat[2 * y]!);
  for (const i of order) out.appendMerged(flat[2 * i]!, flat[2 * i + 1]!);
}
