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

// Scratch buffers, reused across pairs (the screening of one worker is single-threaded).
let scratchLength = 0;
let S = new Float64Array(0);
let UK1 = new Float64Array(0);
let UK2 = new Float64Array(0);
let CENTRE = new Float64Array(0);
let HALF = new Float64Array(0);
let PSI = new Float64Array(0);
let OPEN = new Uint8Array(0);

function ensureScratch(n: number): void {
  if (n <= scratchLength) return;
  scratchLength = n;
  S = new Float64Array(n);
  UK1 = new Float64Array(n);
  UK2 = new Float64Array(n);
  CENTRE = new Float64Array(n);
  HALF = new Float64Array(n);
  PSI = new Float64Array(n);
  OPEN = new Uint8Array(n);
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

// Output of radiusRange (no allocation in the pair loop).
let rangeLo = 0;
let rangeHi = 0;

/** Range of r = a(1 − e²)/(1 + e cos ν) over true anomalies ν ∈ [nuLo, nuHi], into rangeLo/rangeHi. */
function radiusRange(a: number, e: number, nuLo: number, nuHi: number): void {
  if (!(nuHi - nuLo < TWO_PI)) {
    rangeLo = a * (1 - e);
    rangeHi = a * (1 + e);
    return;
  }
  const p = a * (1 - e * e);
  const r0 = p / (1 + e * Math.cos(nuLo));
  const r1 = p / (1 + e * Math.cos(nuHi));
  rangeLo = arcContains(0, nuLo, nuHi) ? a * (1 - e) : Math.min(r0, r1);
  rangeHi = arcContains(Math.PI, nuLo, nuHi) ? a * (1 + e) : Math.max(r0, r1);
}

/**
 * Radius range of an object near one node (parity 0: +k, 1: −k) over grid points [from, to],
 * km, with its margins, into rangeLo/rangeHi. The node's true anomaly moves continuously with the
 * drift of node and perigee, so the object's true anomaly stays in the hull of its arcs at the
 * grid points; a, e and the radial factor take their extremes over those points.
 */
function nodeRadiusRange(track: ObjectTrack, uk: Float64Array, alpha: number, parity: number, arcMargin: number, from: number, to: number): void {
  let nuLo = -Infinity;
  let nuHi = Infinity;
  if (alpha < HALF_PI) {
    let cMin = Infinity;
    let cMax = -Infinity;
    for (let j = from; j <= to; j += 1) {
      const c = uk[j]! + parity * Math.PI - track.argPerigee[j]!;
      if (c < cMin) cMin = c;
      if (c > cMax) cMax = c;
    }
    nuLo = cMin - alpha - arcMargin;
    nuHi = cMax + alpha + arcMargin;
  }
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
  const e = Math.min(track.eccentricityMax, 0.5 * (eMin + eMax));
  // For r = a(1 − e²)/(1 + e cos ν), ∂r/∂e = −a(2e + (1 + e²) cos ν)/(1 + e cos ν)², so
  // |∂r/∂e| ≤ a(1 + e)²/(1 − e)²; e is taken at mid-range, the slack covers the whole range.
  const eTop = Math.min(eMax, 0.99);
  const eSlack = (aMax * (eMax - eMin) * (1 + eTop) ** 2) / (1 - eTop) ** 2;
  radiusRange(aMax, e, nuLo, nuHi);
  const hi = rangeHi * kMax + eSlack + track.radiusSlack;
  radiusRange(aMin, e, nuLo, nuHi);
  rangeLo = rangeLo * kMin - eSlack - track.radiusSlack;
  rangeHi = hi;
}

/**
 * Appends to `out` the flat [lo, hi] intervals where the object is within its window around one
 * node, on the open grid segments: at each grid point the centre and half-width of the arc of
 * mean argument of latitude in which it may be near that node, and ψ = λ − centre within the
 * half-width of a multiple of 2π.
 */
function nodeWindows(track: ObjectTrack, uk: Float64Array, alpha: number, parity: number, open: Uint8Array, out: number[]): void {
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
  const psi = PSI.subarray(0, n);
  const margin = interpolationMargin(psi) + interpolationMargin(HALF.subarray(0, n)) + 1e-6;
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
function openSegments(times: Float64Array, open: Uint8Array, out: number[]): void {
  for (let j = 0; j + 1 < times.length; j += 1) if (open[j]) out.push(times[j]!, times[j + 1]!);
}

/** Intersection of two sorted lists of disjoint flat [lo, hi] intervals, appended to `out`. */
function intersectInto(a: number[], b: number[], out: number[]): void {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const lo = Math.max(a[i]!, b[j]!);
    const hi = Math.min(a[i + 1]!, b[j + 1]!);
    if (hi >= lo) out.push(lo, hi);
    if (a[i + 1]! < b[j + 1]!) i += 2;
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

  let coplanar = false;
  let sMin = Infinity;
  let sStep = 0;
  for (let j = 0; j < n; j += 1) {
    const sO1 = Math.sin(one.node[j]!);
    const cO1 = Math.cos(one.node[j]!);
    const si1 = Math.sin(one.inclination[j]!);
    const ci1 = Math.cos(one.inclination[j]!);
    const sO2 = Math.sin(two.node[j]!);
    const cO2 = Math.cos(two.node[j]!);
    const si2 = Math.sin(two.inclination[j]!);
    const ci2 = Math.cos(two.inclination[j]!);
    // Normals n̂ = (sin i sin Ω, −sin i cos Ω, cos i); k = n̂₁ × n̂₂.
    const n1x = si1 * sO1;
    const n1y = -si1 * cO1;
    const n2x = si2 * sO2;
    const n2y = -si2 * cO2;
    const kx = n1y * ci2 - ci1 * n2y;
    const ky = ci1 * n2x - n1x * ci2;
    const kz = n1x * n2y - n1y * n2x;
    const sj = Math.hypot(kx, ky, kz);
    S[j] = sj;
    sMin = Math.min(sMin, sj);
    if (j > 0) sStep = Math.max(sStep, Math.abs(sj - S[j - 1]!));
    // u_k in each plane: P̂ = (cos Ω, sin Ω, 0), Q̂ = (−cos i sin Ω, cos i cos Ω, sin i).
    let u1 = Math.atan2(-ci1 * sO1 * kx + ci1 * cO1 * ky + si1 * kz, cO1 * kx + sO1 * ky);
    let u2 = Math.atan2(-ci2 * sO2 * kx + ci2 * cO2 * ky + si2 * kz, cO2 * kx + sO2 * ky);
    if (j > 0) {
      u1 += TWO_PI * Math.round((UK1[j - 1]! - u1) / TWO_PI);
      u2 += TWO_PI * Math.round((UK2[j - 1]! - u2) / TWO_PI);
      if (Math.abs(u1 - UK1[j - 1]!) > MAX_NODE_SWING || Math.abs(u2 - UK2[j - 1]!) > MAX_NODE_SWING) coplanar = true;
    }
    UK1[j] = u1;
    UK2[j] = u2;
  }
  sMin -= sStep;
  if (coplanar || !(sMin > 0)) return { intervals: [times[0]!, times[n - 1]!], coplanar: true, radialRejections: 0 };

  const uk1 = UK1.subarray(0, n);
  const uk2 = UK2.subarray(0, n);
  const alpha1 = halfAngle(delta / (one.radiusMin * sMin));
  const alpha2 = halfAngle(delta / (two.radiusMin * sMin));
  if (alpha1 >= HALF_PI && alpha2 >= HALF_PI) return { intervals: [times[0]!, times[n - 1]!], coplanar: true, radialRejections: 0 };
  const arcMargin1 = interpolationMargin(uk1) + one.argPerigeeMargin + 1e-6;
  const arcMargin2 = interpolationMargin(uk2) + two.argPerigeeMargin + 1e-6;

  const candidates: number[] = [];
  let radialRejections = 0;
  for (let parity = 0; parity < 2; parity += 1) {
    // Orbit-path filter: first over the whole window at once, then per grid segment.
    nodeRadiusRange(one, uk1, alpha1, parity, arcMargin1, 0, n - 1);
    let lo1 = rangeLo;
    let hi1 = rangeHi;
    nodeRadiusRange(two, uk2, alpha2, parity, arcMargin2, 0, n - 1);
    if (lo1 - rangeHi > thresholdKm || rangeLo - hi1 > thresholdKm) {
      radialRejections += n - 1;
      continue;
    }
    let any = false;
    for (let j = 0; j + 1 < n; j += 1) {
      nodeRadiusRange(one, uk1, alpha1, parity, arcMargin1, j, j + 1);
      lo1 = rangeLo;
      hi1 = rangeHi;
      nodeRadiusRange(two, uk2, alpha2, parity, arcMargin2, j, j + 1);
      const apart = lo1 - rangeHi > thresholdKm || rangeLo - hi1 > thresholdKm;
      OPEN[j] = apart ? 0 : 1;
      if (apart) radialRejections += 1;
      else any = true;
    }
    if (!any) continue;
    // Time filter: both objects near this node at once.
    const w1: number[] = [];
    const w2: number[] = [];
    if (alpha1 >= HALF_PI) openSegments(times, OPEN, w1);
    else nodeWindows(one, uk1, alpha1, parity, OPEN, w1);
    if (alpha2 >= HALF_PI) openSegments(times, OPEN, w2);
    else nodeWindows(two, uk2, alpha2, parity, OPEN, w2);
    intersectInto(mergeIntervals(w1), mergeIntervals(w2), candidates);
  }
  return { intervals: mergeIntervals(candidates), coplanar: false, radialRejections };
}

/** Sorts flat [lo, hi] pairs and merges overlapping or touching ones. */
export function mergeIntervals(flat: number[]): number[] {
  const count = flat.length / 2;
  const order = Array.from({ length: count }, (_, i) => i);
  let sorted = true;
  for (let i = 1; i < count; i += 1) if (flat[2 * i]! < flat[2 * i - 2]!) sorted = false;
  if (!sorted) order.sort((x, y) => flat[2 * x]! - flat[2 * y]!);
  const out: number[] = [];
  for (const i of order) {
    const lo = flat[2 * i]!;
    const hi = flat[2 * i + 1]!;
    if (out.length > 0 && lo <= out[out.length - 1]!) out[out.length - 1] = Math.max(out[out.length - 1]!, hi);
    else out.push(lo, hi);
  }
  return out;
}
