/**
 * Manoeuvre detection from an object's element-set history (DECISIONS.md §7): jumps in
 * semi-major axis, eccentricity and orbit plane (inclination, RAAN) between consecutive sets
 * beyond the history's own noise; Δv estimated from the element change; confidence from the
 * jump's size relative to the noise.
 *
 * Method.
 * 1. Sets are sorted by epoch (same-epoch duplicates keep the last). Semi-major axis from the
 *    Kozai mean motion with WGS-72 μ (`orbit/mean-elements.ts`, the constant SGP4 elements are
 *    fitted with). The orbit normal h = (sin i sin Ω, −sin i cos Ω, cos i).
 * 2. Between consecutive sets k → k+1 (Δt days) the predictable motion is removed:
 *    - the secular J2 node drift (Vallado, Fundamentals, 4th ed., §9.6 Eq. 9-41, via
 *      `catalog/secular.ts`): the older normal is turned by ½(Ω̇ₖ + Ω̇ₖ₊₁)·Δt before the normals
 *      are compared. The change of the normal is resolved along ∂h/∂i (an inclination
 *      change, rad) and along the node direction (sin i·ΔΩ, rad): exact at any inclination,
 *      so near-equatorial orbits, whose RAAN is ill-defined, do not produce spurious jumps.
 *      A burn changes Ω̇ itself (Ω̇ depends on a, e, i), so across the burn interval the drift
 *      depends on the unknown burn time; the node residual of an interval is the smallest one
 *      over burn times within it (see step 8);
 *    - every remaining trend (drag decay of a and e, lunisolar drift of i and Ω, J2 model error)
 *      as a robust slope: the median over the history of (consecutive change)/Δt, removed in
 *      proportion to Δt. One burn moves one difference, so the median ignores it.
 * 3. Noise: the standard deviation σ of one consecutive residual, from the history itself,
 *    never below a floor per regime (`noiseFloors`). Successive element sets' errors are
 *    correlated (overlapping fit spans), so consecutive differences can understate the noise:
 *    the σ used for decisions is the larger of the estimates from consecutive and from
 *    two-apart differences (`robustSigma`: MAD ×1.4826 start, then the RMS of what lies within
 *    K_SIGMA of it), and a single σ for both plane components (the larger).
 * 4. Detection, in two stages.
 *    Search (generalised-ESD style, Rosner, Technometrics 25, 1983): the interval whose
 *    difference is most extreme against the MAD of the others is a candidate if it exceeds
 *    K_SEARCH = 4; it is left out and the search repeats, so a big jump cannot inflate σ and mask
 *    itself. A candidate must also exceed K_SEARCH against the conservative σ of all the other
 *    intervals. Two candidates in a row whose combined change is not significant are one bad
 *    set, not two burns (a burn reversed within one set interval is lost this way).
 *    Confirmation: a burn is a lasting change of level, so the jump between the whole segments
 *    before and after (bounded by burns already confirmed, strongest candidate first), fitted by
 *    least squares (`stepFit`, with the trend when significant), must exceed K_SIGMA = 6 of its
 *    own standard error — in a, in e, or in the plane (the two plane components together,
 *    √(zᵢ² + z_w²)). For that standard error every two successive sets count as one independent
 *    sample (correlated errors again): one set's noise is taken as σ rather than σ/√2.
 *    Why 6: a two-week history of ~15 sets has up to 14 candidate intervals × 3 tests; for 400
 *    such histories that is ~17,000 tests a day, so even Gaussian noise needs ≥ 5σ
 *    (P(|z| > 5) ≈ 6·10⁻⁷) for no false alarm; σ itself comes from ~14 differences and may be
 *    10–20 % low; and TLE residuals are heavier-tailed than Gaussian (Kelecy, Hall, Hamada &
 *    Stocker, "Satellite maneuver detection using Two-line Element (TLE) data", AMOS 2007).
 *    A 1 m/s manoeuvre is still ≳ 15σ on this statistic in LEO at the demo catalogue's noise.
 *    A burn in the newest interval is reported from that newest set alone, as any jump that
 *    passes; it cannot be told from a bad newest set until the next set arrives.
 * 5. The size of each confirmed jump is that least-squares step between the segments: far less
 *    noisy than one difference, so a better Δv.
 * 6. Δv (impulsive, near-circular speeds v = √(μ/a)):
 *    - in-plane and plane change together, Vallado §6.4 (combined plane change):
 *      Δv = √(v₁² + v₂² − 2 v₁ v₂ cos Δθ), Δθ the angle between the orbit normals. It reduces to
 *      the tangential Δv = |v₂ − v₁| ≈ v·Δa/(2a) (Vallado §6.3, from vis-viva) when Δθ = 0 and to
 *      2 v sin(Δθ/2) (Vallado §6.4) when a does not change;
 *    - eccentricity: a tangential burn on a near-circular orbit changes e by up to 2Δv/v, a radial
 *      one by Δv/v (Gauss's variational equations, Vallado §9.4); a change of e beyond what the
 *      tangential part explains is charged to a radial burn, Δv_r = v·(|Δe| − 2Δv_t/v), added
 *      in quadrature. Eccentricity is used only where it is resolved (every set's e above
 *      K_SIGMA times its noise): near zero, the scalar e is bounded and its noise not Gaussian.
 *    Components enter only when their own jump is ≥ COMPONENT_Z = 3σ (else they are noise).
 * 7. Type and direction from the largest Δv component: tangential → orbit_raising/prograde
 *    (Δa > 0) or orbit_lowering/retrograde (Δa < 0); plane → plane_change/other; eccentricity
 *    only → other/other. 'attitude_adjustment' is never reported: an attitude change moves
 *    no mean element by itself, and the small drag (B*) change it may cause is far inside TLE
 *    noise over a two-week history — nothing in an element-set history can show one.
 * 8. Burn time: the burn lies between the two sets. If the node-rate change caused by the burn
 *    (Ω̇ depends on a, e, i) resolves it to better than a quarter of the interval, the instant
 *    at which the node drift before and after the burn joins continuously is used; otherwise the
 *    midpoint. Always clamped to the bracketing epochs.
 * 9. Confidence = 1 − 2^(−(z/K)²): 0.5 at the threshold, 0.94 at 2K, > 0.998 at 3K, with z the
 *    confirmation statistic (jump / its noise). A monotone map, not a calibrated probability.
 *
 * An `ElementSet[]` can be passed as the history directly (it has every `HistoryPoint` field).
 */
import { secularRates } from '../catalog/secular.ts';
import { semiMajorAxis } from '../orbit/mean-elements.ts';
import { WGS72_MU, WGS72_RADIUS } from '../orbit/wgs72.ts';
import { epochSigmas, type OrbitRegime } from '../probability/default-covariance.ts';
import { MS_PER_DAY } from '../time/julian.ts';
import { utcMs, type UtcMs } from '../units.ts';

export interface HistoryPoint {
  epoch: UtcMs;
  /** rev/day, Kozai (as published in TLE/OMM). */
  meanMotion: number;
  eccentricity: number;
  /** deg */
  inclination: number;
  /** deg */
  raan: number;
}

export type DetectedManeuverType = 'orbit_raising' | 'orbit_lowering' | 'plane_change' | 'attitude_adjustment' | 'other';

export interface DetectedManeuver {
  noradId: number;
  /** Estimated burn time, within the two bracketing epochs. */
  maneuverTime: UtcMs;
  /** Epoch of the first element set after the burn that shows the change. */
  detectionTime: UtcMs;
  maneuverType: DetectedManeuverType;
  direction: 'prograde' | 'retrograde' | 'other';
  /** m/s */
  deltaV: number;
  /** 0..1, from the jump's size relative to the noise. */
  confidence: number;
  /** Observed jumps, secular drift removed. */
  deltaSemiMajorAxisKm: number;
  deltaInclinationDeg: number;
  deltaRaanDeg: number;
}

/** Detection threshold in standard deviations (see the header, step 4). */
export const K_SIGMA = 6;
/** Threshold of the search for candidate intervals, in standard deviations of one difference. */
export const K_SEARCH = 4;
/** A component of a detected jump counts towards Δv only from this many standard deviations. */
export const COMPONENT_Z = 3;
/**
 * Noise floors are this fraction of Flohrer et al. (2008)'s epoch position errors (see
 * `noiseFloors`).
 */
export const FLOOR_FRACTION = 0.1;

const DEG = Math.PI / 180;
const SECONDS_PER_DAY = 86_400;
/** Resolution of the TLE angle fields (4 decimals of a degree), rad, as a uniform rounding error's σ. */
const TLE_ANGLE_RESOLUTION_SIGMA = (1e-4 * DEG) / Math.sqrt(12);
/** Resolution of the TLE eccentricity field (7 decimals), as a uniform rounding error's σ. */
const TLE_ECCENTRICITY_RESOLUTION_SIGMA = 1e-7 / Math.sqrt(12);

/** One-set noise floors of the mean elements. */
export interface NoiseFloors {
  regime: OrbitRegime;
  /** km */
  semiMajorAxisKm: number;
  eccentricity: number;
  /** Orbit-plane angle (each of the two normal components), rad. */
  planeRad: number;
}

/**
 * Lower bounds on the noise of one element set's mean elements, per regime and orbit class.
 *
 * Source: Flohrer, Krag & Klinkrad 2008 (AMOS), the TLE epoch errors in radial (U) and
 * cross-track (W) per orbit class, as tabulated in `probability/default-covariance.ts`
 * (e.g. LEO near-circular below 800 km: U ≈ 70–115 m, W ≈ 75–170 m; GEO U ≈ 360 m, W ≈ 85 m).
 * Converted to elements: δa ≈ δr (a radial offset held over an orbit is a change of a),
 * δe ≈ δr/a (the radial excursion a·e), plane angle ≈ δw/a.
 *
 * Why a tenth: these are floors, not typical values. Flohrer's numbers are the absolute error
 * of one TLE's position; consecutive sets of the same object share most of that error (same
 * force model, overlapping fit spans), so the set-to-set scatter of mean elements — what matters
 * here — is several times smaller (Vallado & Cefola, "Two-line element sets – practice and use",
 * IAC-12.C1.6.12, 2012, discuss the consistency of successive TLEs). The history's own scatter
 * normally governs; the floor only stops a short, quantised or synthetic history whose scatter
 * happens to be tiny from making every small wobble "significant". Never below the TLE fields'
 * rounding (1e-4° for angles, 1e-7 for e).
 */
export function noiseFloors(aKm: number, eccentricity: number, inclinationDeg: number): NoiseFloors {
  const e = Math.min(Math.max(eccentricity, 0), 0.99);
  const perigee = aKm * (1 - e) - WGS72_RADIUS;
  const apogee = aKm * (1 + e) - WGS72_RADIUS;
  const { sigmas, regime } = epochSigmas({
    perigeeAltitudeKm: Math.max(0, perigee),
    apogeeAltitudeKm: Math.max(0, perigee, apogee),
    eccentricity: e,
    inclinationDeg: Math.min(180, Math.max(0, inclinationDeg)),
  });
  return {
    regime,
    semiMajorAxisKm: (FLOOR_FRACTION * sigmas.radialM) / 1000,
    eccentricity: Math.max(TLE_ECCENTRICITY_RESOLUTION_SIGMA, (FLOOR_FRACTION * sigmas.radialM) / 1000 / aKm),
    planeRad: Math.max(TLE_ANGLE_RESOLUTION_SIGMA, (FLOOR_FRACTION * sigmas.crossTrackM) / 1000 / aKm),
  };
}

interface Point {
  t: number; // ms
  aKm: number;
  e: number;
  iRad: number;
  raanRad: number;
  raanDot: number; // rad/day
}

/** The four residual components of one interval. */
interface Residual {
  a: number; // km
  e: number;
  i: number; // rad, along ∂h/∂i
  w: number; // rad, along the node direction (sin i·ΔΩ)
}

const median = (xs: readonly number[]): number => {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((x, y) => x - y);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/**
 * σ of zero-centred residuals that may contain a few jumps: the MAD (×1.4826) as a robust start,
 * then the RMS of the residuals within K_SIGMA·σ of zero, iterated until the kept set settles;
 * never below `floor`. Clipping at the detection threshold (not at 3σ) matters on the ~14
 * residuals of a two-week history: the MAD is then noisy (it is under by 30–40 % in one history
 * in ten), and a 3σ clip started from such an under-estimate throws away honest noise and
 * collapses; a K_SIGMA clip only drops what would be detected anyway.
 */
export function robustSigma(residuals: readonly number[], floor: number): number {
  if (residuals.length === 0) return floor;
  let sigma = Math.max(1.4826 * median(residuals.map(Math.abs)), floor);
  let keptCount = -1;
  for (let iteration = 0; iteration < 20; iteration++) {
    const kept = residuals.filter((r) => Math.abs(r) <= K_SIGMA * sigma);
    if (kept.length === keptCount || kept.length < 2) break;
    keptCount = kept.length;
    sigma = Math.max(Math.sqrt(kept.reduce((s, r) => s + r * r, 0) / kept.length), floor);
  }
  return sigma;
}

/** Detection statistic of one interval: the largest of |Δa|/σ, |Δe|/σ and the plane's √(zᵢ² + z_w²). */
function zScore(r: Residual, sigma: Record<Key, number>): number {
  return Math.max(Math.abs(r.a) / sigma.a, Math.abs(r.e) / sigma.e, Math.hypot(r.i / sigma.i, r.w / sigma.w));
}

/**
 * σ of one consecutive residual per component, from the intervals not flagged. For the
 * candidate search (`consecutiveOnly`) the plain MAD of the consecutive differences (robust
 * to half of them being jumps; candidates are confirmed later against the full σ). A consecutive
 * difference carries the noise of two sets: floors × √2. Successive element sets' errors are
 * correlated (overlapping fit spans), which makes consecutive differences understate the noise;
 * differences two sets apart see more of it, so the larger of the two estimates is used (for
 * independent noise both estimate the same σ). One σ serves both plane components, the larger:
 * a cross-track error moves the normal in any direction, and the larger of two ~14-sample
 * estimates is less often an under-estimate.
 */
function noiseOf(residuals: readonly Residual[], flagged: readonly boolean[], floorOf: Record<Key, number>, consecutiveOnly: boolean): Record<Key, number> {
  const sigma = {} as Record<Key, number>;
  for (const key of KEYS) {
    const floor = Math.SQRT2 * floorOf[key];
    const lag1 = residuals.filter((_, k) => !flagged[k]).map((r) => r[key]);
    const lag2 = residuals.slice(1).flatMap((r, k) => (flagged[k] || flagged[k + 1] ? [] : [r[key] + residuals[k]![key]]));
    sigma[key] = consecutiveOnly ? Math.max(1.4826 * median(lag1.map(Math.abs)), floor) : Math.max(robustSigma(lag1, floor), robustSigma(lag2, floor));
  }
  sigma.i = sigma.w = Math.max(sigma.i, sigma.w);
  return sigma;
}

const wrapPi = (x: number) => x - 2 * Math.PI * Math.round(x / (2 * Math.PI));

function normal(iRad: number, raanRad: number): [number, number, number] {
  return [Math.sin(iRad) * Math.sin(raanRad), -Math.sin(iRad) * Math.cos(raanRad), Math.cos(iRad)];
}

/** Plane change between the normals of (i1, Ω1) and (i2, Ω2), resolved along ∂h/∂i and the node direction at the mean plane. */
function planeComponents(i1: number, raan1: number, i2: number, raan2: number): { i: number; w: number } {
  const h1 = normal(i1, raan1);
  const h2 = normal(i2, raan2);
  const d = [h2[0] - h1[0], h2[1] - h1[1], h2[2] - h1[2]] as const;
  const im = (i1 + i2) / 2;
  const om = raan1 + wrapPi(raan2 - raan1) / 2;
  const ei = [Math.cos(im) * Math.sin(om), -Math.cos(im) * Math.cos(om), -Math.sin(im)];
  const ew = [Math.cos(om), Math.sin(om), 0];
  return { i: d[0] * ei[0]! + d[1] * ei[1]! + d[2] * ei[2]!, w: d[0] * ew[0]! + d[1] * ew[1]! + d[2] * ew[2]! };
}

function toPoints(history: readonly HistoryPoint[]): Point[] {
  const sorted = history
    .filter((p) => Number.isFinite(p.epoch) && p.meanMotion > 0 && Number.isFinite(p.eccentricity) && Number.isFinite(p.inclination) && Number.isFinite(p.raan))
    .map((p, index) => ({ p, index }))
    .sort((x, y) => x.p.epoch - y.p.epoch || x.index - y.index);
  const points: Point[] = [];
  for (const { p } of sorted) {
    const aKm = semiMajorAxis(p.meanMotion);
    const iRad = p.inclination * DEG;
    const point: Point = {
      t: p.epoch,
      aKm,
      e: p.eccentricity,
      iRad,
      raanRad: p.raan * DEG,
      raanDot: secularRates(aKm, Math.min(Math.max(p.eccentricity, 0), 0.99), iRad).raanDot * SECONDS_PER_DAY,
    };
    // Same epoch twice: keep the later-listed set (a re-issue replaces the earlier one).
    if (points.length > 0 && points[points.length - 1]!.t === point.t) points[points.length - 1] = point;
    else points.push(point);
  }
  return points;
}

interface Interval {
  dtDays: number;
  /** Residual with the node drift taken at the midpoint of the interval. */
  raw: Residual;
  /** Change of the node rate across the interval in node-direction units, rad/day (Ω̇ₖ − Ω̇ₖ₊₁)·sin i. */
  nodeRateJump: number;
}

function interval(p: Point, q: Point): Interval {
  const dtDays = (q.t - p.t) / MS_PER_DAY;
  const drift = ((p.raanDot + q.raanDot) / 2) * dtDays;
  const plane = planeComponents(p.iRad, p.raanRad + drift, q.iRad, q.raanRad);
  const sinI = Math.sin((p.iRad + q.iRad) / 2);
  return { dtDays, raw: { a: q.aKm - p.aKm, e: q.e - p.e, i: plane.i, w: plane.w }, nodeRateJump: (p.raanDot - q.raanDot) * sinI };
}

const KEYS = ['a', 'e', 'i', 'w'] as const;
type Key = (typeof KEYS)[number];

export function detectManeuvers(noradId: number, history: readonly HistoryPoint[]): DetectedManeuver[] {
  const points = toPoints(history);
  if (points.length < 3) return [];
  const intervals: Interval[] = [];
  for (let k = 0; k + 1 < points.length; k++) intervals.push(interval(points[k]!, points[k + 1]!));

  // Trends (drag decay, lunisolar drift): median rate of every component.
  const slope = {} as Record<Key, number>;
  for (const key of KEYS) slope[key] = median(intervals.map((s) => s.raw[key] / s.dtDays));

  // Residuals; in the node direction, the burn-time ambiguity of the node drift is resolved
  // towards the smallest jump (the burn instant at which drift before and after join).
  const residuals: Residual[] = intervals.map((s) => {
    const r = {} as Residual;
    for (const key of KEYS) r[key] = s.raw[key] - slope[key] * s.dtDays;
    r.w = shrinkNodeResidual(r.w, s).residual;
    return r;
  });

  const aRef = median(points.map((p) => p.aKm));
  const floors = noiseFloors(aRef, median(points.map((p) => p.e)), median(points.map((p) => p.iRad)) / DEG);
  // Noise and candidates together. Search, one jump at a time (as Rosner's generalised ESD
  // test, Technometrics 25, 1983): estimate σ from the consecutive differences without the
  // intervals flagged so far, flag the most extreme remaining interval if it exceeds K_SEARCH,
  // repeat; excluding a flagged interval keeps a big jump from inflating σ and masking itself.
  // Each candidate must still exceed K_SEARCH against the full, conservative σ (`noiseOf`:
  // consecutive and two-apart differences) of every other interval (leave-one-out, so that a
  // run of excluded noise cannot starve the estimate).
  const floorOf: Record<Key, number> = { a: floors.semiMajorAxisKm, e: floors.eccentricity, i: floors.planeRad, w: floors.planeRad };
  // The scalar eccentricity of a near-circular orbit is not a usable signal: |e| is bounded
  // by zero and its noise is not Gaussian there (with ω, the e-vector would be; the history
  // carries only e). Eccentricity counts only when every set's e is well above its noise.
  const eNoise = noiseOf(residuals, residuals.map(() => false), floorOf, false).e;
  if (!(Math.min(...points.map((p) => p.e)) > K_SIGMA * eNoise)) {
    for (const r of residuals) r.e = 0;
    slope.e = 0;
  }
  const searched = residuals.map(() => false);
  for (let round = 0; round < residuals.length; round++) {
    let worst = -1;
    let worstZ = K_SEARCH;
    const searchSigma = noiseOf(residuals, searched, floorOf, true);
    residuals.forEach((r, k) => {
      const zk = zScore(r, searchSigma);
      if (!searched[k] && zk > worstZ) {
        worst = k;
        worstZ = zk;
      }
    });
    if (worst < 0) break;
    searched[worst] = true;
  }
  const candidates = searched.map((c, k) => c && zScore(residuals[k]!, noiseOf(residuals, searched.map((_, m) => m === k), floorOf, false)) > K_SEARCH);
  const sigma = noiseOf(residuals, candidates, floorOf, false);

  // A single bad set: two candidate intervals in a row whose combined change is not significant.
  for (let k = 0; k + 1 < residuals.length; k++) {
    if (!candidates[k] || !candidates[k + 1]) continue;
    const r1 = residuals[k]!;
    const r2 = residuals[k + 1]!;
    if (zScore({ a: r1.a + r2.a, e: r1.e + r2.e, i: r1.i + r2.i, w: r1.w + r2.w }, sigma) <= K_SEARCH) {
      candidates[k] = false;
      candidates[k + 1] = false;
      k++;
    }
  }

  // The level of each set relative to the first: cumulative changes with the J2 node drift
  // removed but not the median trend (a noisy estimate, whose error over the days between two
  // segments would bias the step; `stepFit` fits the trend itself when it is significant).
  const level: Residual[] = [{ a: 0, e: 0, i: 0, w: 0 }];
  residuals.forEach((r, k) => {
    const last = level[level.length - 1]!;
    const dt = intervals[k]!.dtDays;
    level.push({ a: last.a + r.a + slope.a * dt, e: last.e + r.e + slope.e * dt, i: last.i + r.i + slope.i * dt, w: last.w + r.w + slope.w * dt });
  });
  /** The jump at interval k between the segments bounded by the burns `bounds` (sorted). */
  const jumpAt = (k: number, bounds: readonly number[]) => {
    const from = Math.max(0, ...bounds.filter((b) => b < k).map((b) => b + 1));
    const to = Math.min(points.length - 1, ...bounds.filter((b) => b > k));
    const segment = points.slice(from, to + 1).map((pt, m) => ({ tDays: (pt.t - points[k]!.t) / MS_PER_DAY, after: from + m > k, level: level[from + m]! }));
    const step = {} as Residual;
    const zs = {} as Residual;
    for (const key of KEYS) {
      // One set's noise is σ/√2 (σ is that of a difference of two sets); it is taken as σ, i.e.
      // every two successive sets count as one independent sample, since their errors are
      // correlated (overlapping fit spans) and segment means are noisier than 1/√n suggests.
      const fit = stepFit(segment.map((x) => ({ t: x.tDays, after: x.after, y: x.level[key] })), sigma[key]);
      step[key] = fit.step;
      zs[key] = Math.abs(fit.step) / fit.stepSigma;
    }
    return { step, zs, z: Math.max(zs.a, zs.e, Math.hypot(zs.i, zs.w)) };
  };

  // Confirm, strongest candidate first: a burn is a lasting change of level, so the step
  // between the whole segments either side (bounded by burns already confirmed) must exceed
  // K_SIGMA. A noise spike in one difference does not move a segment's mean level.
  const order = candidates.flatMap((c, k) => (c ? [k] : [])).sort((x, y) => zScore(residuals[y]!, sigma) - zScore(residuals[x]!, sigma));
  const confirmed: number[] = [];
  for (const k of order) {
    if (jumpAt(k, confirmed).z > K_SIGMA) confirmed.push(k);
    confirmed.sort((x, y) => x - y);
  }

  return confirmed.map((k) => {
    const jump = jumpAt(k, confirmed.filter((b) => b !== k));
    const step = jump.step;
    const significant = {} as Record<Key, boolean>;
    for (const key of KEYS) significant[key] = jump.zs[key] >= COMPONENT_Z;
    const p = points[k]!;
    const q = points[k + 1]!;
    const a1 = q.aKm - residuals[k]!.a; // the orbit just before, extended to the burn along the trend
    const da = significant.a ? step.a : 0;
    const di = significant.i ? step.i : 0;
    const dw = significant.w ? step.w : 0;
    const chord = Math.hypot(di, dw); // |h₂ − h₁| = 2 sin(Δθ/2)
    const v1 = Math.sqrt(WGS72_MU / a1);
    const v2 = Math.sqrt(WGS72_MU / (a1 + da));
    // Vallado §6.4: Δv² = v₁² + v₂² − 2 v₁ v₂ cos Δθ, with cos Δθ = 1 − chord²/2.
    const combined = Math.sqrt(Math.max(0, (v2 - v1) ** 2 + v1 * v2 * chord * chord));
    const tangential = Math.abs(v2 - v1);
    const plane = v1 * chord; // 2 v sin(Δθ/2)
    const radial = significant.e ? Math.max(0, v1 * Math.abs(step.e) - 2 * tangential) : 0;
    const deltaVKmPerS = Math.hypot(combined, radial);

    let maneuverType: DetectedManeuverType;
    let direction: DetectedManeuver['direction'];
    if (tangential >= plane && tangential >= radial && tangential > 0) {
      maneuverType = da > 0 ? 'orbit_raising' : 'orbit_lowering';
      direction = da > 0 ? 'prograde' : 'retrograde';
    } else if (plane >= radial && plane > 0) {
      maneuverType = 'plane_change';
      direction = 'other';
    } else {
      maneuverType = 'other';
      direction = 'other';
    }

    const sinI = Math.sin((p.iRad + q.iRad) / 2);
    return {
      noradId,
      maneuverTime: utcMs(burnTime(p, q, intervals[k]!, slope.w, sigma.w)),
      detectionTime: utcMs(q.t),
      maneuverType,
      direction,
      deltaV: deltaVKmPerS * 1000,
      confidence: 1 - 2 ** -((jump.z / K_SIGMA) ** 2),
      deltaSemiMajorAxisKm: step.a,
      deltaInclinationDeg: step.i / DEG, // the ∂h/∂i component is Δi to first order
      deltaRaanDeg: sinI > 1e-6 ? step.w / sinI / DEG : 0,
    };
  });
}

/**
 * Header step 5: the jump between two segments of levels y (one per set, relative to the first)
 * by least squares, y = c + s·t + Δ·[after]. The trend s (drag decay of a, lunisolar drift) is
 * kept only when significant (|s| ≥ 3 standard errors), since a free slope costs precision
 * and a noisy slope biases Δ by s·(time between the segments' centres). `sigmaSet` is the
 * noise of one set; returns Δ and its standard error.
 */
export function stepFit(points: readonly { t: number; after: boolean; y: number }[], sigmaSet: number): { step: number; stepSigma: number } {
  const withSlope = leastSquares(points.map((p) => [1, p.t, p.after ? 1 : 0]), points.map((p) => p.y));
  if (withSlope && Math.abs(withSlope.beta[1]!) >= 3 * sigmaSet * Math.sqrt(withSlope.inverse[1]![1]!)) {
    return { step: withSlope.beta[2]!, stepSigma: sigmaSet * Math.sqrt(withSlope.inverse[2]![2]!) };
  }
  const flat = leastSquares(points.map((p) => [1, p.after ? 1 : 0]), points.map((p) => p.y));
  if (!flat) return { step: 0, stepSigma: Infinity };
  return { step: flat.beta[1]!, stepSigma: sigmaSet * Math.sqrt(flat.inverse[1]![1]!) };
}

/** Ordinary least squares by the normal equations (Gauss–Jordan); undefined when singular. */
function leastSquares(rows: readonly (readonly number[])[], y: readonly number[]): { beta: number[]; inverse: number[][] } | undefined {
  const n = rows[0]?.length ?? 0;
  if (rows.length <= n) return undefined;
  // [XᵀX | I] → [I | (XᵀX)⁻¹]
  const m: number[][] = Array.from({ length: n }, (_, r) => Array.from({ length: 2 * n }, (_, c) => (c < n ? rows.reduce((s, row) => s + row[r]! * row[c]!, 0) : c - n === r ? 1 : 0)));
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[pivot]![c]!)) pivot = r;
    if (Math.abs(m[pivot]![c]!) < 1e-12) return undefined;
    [m[c], m[pivot]] = [m[pivot]!, m[c]!];
    const row = m[c]!;
    const d = row[c]!;
    for (let j = 0; j < 2 * n; j++) row[j] = row[j]! / d;
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = m[r]![c]!;
      if (f !== 0) for (let j = 0; j < 2 * n; j++) m[r]![j] = m[r]![j]! - f * row[j]!;
    }
  }
  const inverse = m.map((row) => row.slice(n));
  const xty = Array.from({ length: n }, (_, r) => rows.reduce((s, row, k) => s + row[r]! * y[k]!, 0));
  const beta = inverse.map((row) => row.reduce((s, v, j) => s + v * xty[j]!, 0));
  return { beta, inverse };
}

/**
 * Node-direction residual when the burn time tb is free in [t₁, t₂]: the drift is
 * Ω̇₁(tb − t₁) + Ω̇₂(t₂ − tb), so the residual is R(tb) = R(mid) − (Ω̇₁ − Ω̇₂)·sin i·(tb − mid).
 * Returns the residual of smallest magnitude and the tb (days from the midpoint) that gives it.
 */
function shrinkNodeResidual(residualAtMid: number, s: Interval): { residual: number; offsetDays: number } {
  const half = s.dtDays / 2;
  if (s.nodeRateJump === 0) return { residual: residualAtMid, offsetDays: 0 };
  const offset = Math.min(half, Math.max(-half, residualAtMid / s.nodeRateJump));
  return { residual: residualAtMid - s.nodeRateJump * offset, offsetDays: offset };
}

/** Step 8 of the header: the node-continuity burn time when it is well resolved, else the midpoint. */
function burnTime(p: Point, q: Point, s: Interval, wSlope: number, sigmaW: number): number {
  const mid = (p.t + q.t) / 2;
  const { offsetDays } = shrinkNodeResidual(s.raw.w - wSlope * s.dtDays, s);
  const resolution = Math.abs(s.nodeRateJump) > 0 ? sigmaW / Math.abs(s.nodeRateJump) : Infinity;
  if (!(resolution < s.dtDays / 4)) return mid;
  return Math.min(q.t, Math.max(p.t, mid + offsetDays * MS_PER_DAY));
}
