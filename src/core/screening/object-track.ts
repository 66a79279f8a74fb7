/**
 * One object's mean-orbit model (mean-orbit.ts) tabulated over a screening window: the data the
 * pair filters read, built once per object and job.
 *
 * The model is evaluated exactly (one SGP4 call each) on a grid of instants a few hours apart.
 * Between grid points the filters interpolate linearly; every slowly varying quantity they use
 * (mean argument of latitude, node, inclination, apsides) is smooth on that scale (secular rates,
 * drag, and lunar-solar terms with periods of weeks), and the interpolation error is estimated
 * from the tabulated second differences: linear interpolation of f over a step g errs by at most
 * max|f''| g²/8, and the second difference Δ²f ≈ f'' g², so each margin below is 3·max|Δ²f|/8, a
 * factor 3 over the estimate for the variation of f'' between grid points. (An estimate, not a
 * proof: it assumes f'' does not triple between neighbouring grid points, which holds for these
 * smooth functions; the recall test, tests/integration/screening-recall.test.ts, checks the whole
 * chain against the brute force.)
 *
 * An object whose SGP4 fails at any grid point is `irregular`: it has no tabulated model, and the
 * screener searches its pairs directly (screen.ts).
 */
import type { Sgp4Model } from '../propagation/sgp4.ts';
import type { UtcMs } from '../units.ts';
import { fourthDerivativeBound, maxEquationOfCentre } from './kepler-bounds.ts';
import { EARTH_RADIUS_KM, eccentricityOf, meanOrbitFromConstants, meanOrbitInto, meanOrbitScratch, type MeanOrbitScratch } from './mean-orbit.ts';
import { C_EPOCH_MS } from './near-earth-init.ts';

/**
 * An object to screen. `model` is read only where the screening needs SGP4 itself or the object
 * has no `constants`: a caller may make it a getter that initialises SGP4 on first use, so that
 * the objects the filters discard never get a satellite.js record.
 */
export interface ScreeningSubject {
  readonly norad: number;
  readonly model: Sgp4Model;
  /**
   * The object's near-Earth constants (near-earth-init.ts `nearEarthConstants`, a row of their
   * own), from which the filters' model runs without `model`; absent for a deep-space orbit or
   * when the caller has a model anyway.
   */
  readonly constants?: Float64Array;
}

/** The model of `subject` at `t` (UTC ms) written into `s`, or undefined where SGP4 fails. */
function modelStateAt(subject: ScreeningSubject, t: number, s: MeanOrbitScratch): MeanOrbitScratch | undefined {
  const c = subject.constants;
  if (c !== undefined && meanOrbitFromConstants(c, 0, (t - c[C_EPOCH_MS]!) / 60_000, s)) return s;
  // Deep space, or where sgp4 must decide (the same state where it succeeds: mean-orbit.ts); with
  // constants the near-Earth path has just declined, so sgp4's own elements are taken at once.
  const model = subject.model;
  return meanOrbitInto(model.satrec, (t - model.epoch) / 60_000, s, c === undefined ? 'auto' : 'sgp4');
}

/** A screening window: close approaches with TCA in [start, end) are reported. */
export interface ScreeningWindow {
  readonly start: UtcMs;
  readonly end: UtcMs;
}

/** WGS-72 μ, km³/s² (SGP4's). */
export const MU_KM3_S2 = 398600.8;
/** How far beyond the window the models are tabulated, so that a minimum just inside an edge can be bracketed from outside it. */
export const WINDOW_PAD_MS = 30 * 60_000;
/** Largest grid step. */
const MAX_GRID_STEP_MS = 3 * 3_600_000;
const MIN_SEGMENTS = 4;

export type TrackResult =
  | { readonly kind: 'regular'; readonly track: ObjectTrack }
  /** SGP4 fails at grid point `firstFailure` (of `gridPoints`): no track. */
  | { readonly kind: 'irregular'; readonly subject: ScreeningSubject; readonly firstFailure: number; readonly gridPoints: number };

/** The grid instants of a window: equal steps of at most 3 h, at least 4 segments. */
export function gridTimes(window: ScreeningWindow): Float64Array {
  const from = window.start - WINDOW_PAD_MS;
  const span = window.end + WINDOW_PAD_MS - from;
  const segments = Math.max(MIN_SEGMENTS, Math.ceil(span / MAX_GRID_STEP_MS));
  return Float64Array.from({ length: segments + 1 }, (_, j) => from + (span * j) / segments);
}

/** 3/8 of the largest |second difference| of a tabulated series: the linear-interpolation margin (see the header). */
export function interpolationMargin(values: ArrayLike<number>): number {
  let max = 0;
  for (let j = 1; j + 1 < values.length; j += 1) {
    const d2 = Math.abs(values[j + 1]! - 2 * values[j]! + values[j - 1]!);
    if (d2 > max) max = d2;
  }
  return (3 * max) / 8;
}

const TWO_PI = 2 * Math.PI;

/** Fixed part of the pad of quickRadiusRange, km. */
export const QUICK_RANGE_PAD_KM = 10;

/**
 * A cheap first radius range for the apogee/perigee filter, from the model at the grid's first,
 * middle and last instants only (3 SGP4 calls instead of one per grid point): the model apsides
 * at those instants, widened by the short-period radial bound, by twice the largest change
 * between them (apsides move smoothly: drag decay, perigee rotation moving the J3 eccentricity
 * shift, lunar-solar terms of period ≥ 13.6 days) and by QUICK_RANGE_PAD_KM.
 * object-track.test.ts checks on the real catalogue that it contains the tabulated range of
 * `buildTrack` for every object. Undefined where SGP4 fails at one of the three instants.
 */
export function quickRadiusRange(subject: ScreeningSubject, times: Float64Array): { min: number; max: number } | undefined {
  const s = stateScratch;
  let lowMin = Infinity;
  let highMax = -Infinity;
  let lowSpread = 0;
  let highSpread = 0;
  let radial = 0;
  let low = 0;
  let high = 0;
  for (let k = 0; k < 3; k += 1) {
    const t = k === 0 ? times[0]! : k === 1 ? times[(times.length - 1) >> 1]! : times[times.length - 1]!;
    if (!modelStateAt(subject, t, s)) return undefined;
    const e = eccentricityOf(s);
    const nextLow = s.am * EARTH_RADIUS_KM * (1 - e) * s.radialFactor;
    const nextHigh = s.am * EARTH_RADIUS_KM * (1 + e) * s.radialFactor;
    if (k > 0) {
      lowSpread = Math.max(lowSpread, Math.abs(nextLow - low));
      highSpread = Math.max(highSpread, Math.abs(nextHigh - high));
    }
    low = nextLow;
    high = nextHigh;
    lowMin = Math.min(lowMin, low);
    highMax = Math.max(highMax, high);
    radial = Math.max(radial, s.radialDeviationBound);
  }
  return {
    min: lowMin - 2 * lowSpread - radial - QUICK_RANGE_PAD_KM,
    max: highMax + 2 * highSpread + radial + QUICK_RANGE_PAD_KM,
  };
}

/** The model state quickRadiusRange and buildTrack overwrite at each instant (read before the next). */
const stateScratch = meanOrbitScratch();

/** buildTrack's perigee and apogee radii (it reads them only before it returns). */
let apsisScratch = new Float64Array(0);

/** Tabulates the model of one object over the window (one SGP4 call per grid point). */
export function buildTrack(subject: ScreeningSubject, times: Float64Array): TrackResult {
  const n = times.length;
  // The seven tabulated elements share one buffer: a 48-h grid has 18 points, past V8's 64-byte
  // limit for typed arrays on the heap, so each separate array would be a backing store of its
  // own for the garbage collector to track (tens of thousands in a catalogue screening).
  const table = new Float64Array(7 * n);
  const meanArgLat = table.subarray(0, n);
  const node = table.subarray(n, 2 * n);
  const inclination = table.subarray(2 * n, 3 * n);
  const semiMajorAxis = table.subarray(3 * n, 4 * n);
  const eccentricity = table.subarray(4 * n, 5 * n);
  const argPerigee = table.subarray(5 * n, 6 * n);
  const radialFactor = table.subarray(6 * n, 7 * n);
  // Perigee and apogee are only needed during this call: scratch space kept between calls.
  if (apsisScratch.length < 2 * n) apsisScratch = new Float64Array(2 * n);
  const perigee = apsisScratch.subarray(0, n);
  const apogee = apsisScratch.subarray(n, 2 * n);
  let deviation = 0;
  let radialDeviation = 0;
  let meanMotionMax = 0;
  let perigeeMin = Infinity;
  let apogeeMax = -Infinity;
  let aMin = Infinity;
  let aMaxKm = 0;
  let eMax = 0;
  let previousMeanMotion = 0;
  let previousMeanArgLat = 0;
  const s = stateScratch;
  for (let j = 0; j < n; j += 1) {
    if (!modelStateAt(subject, times[j]!, s)) return { kind: 'irregular', subject, firstFailure: j, gridPoints: n };
    const e = eccentricityOf(s);
    if (j === 0) meanArgLat[0] = s.meanArgLat;
    else {
      // Unwrap with the mean motion: the predicted advance is right to ~1e-3 (J2 rates), far inside ±π.
      const predicted = (0.5 * (previousMeanMotion + s.meanMotion) * (times[j]! - times[j - 1]!)) / 60_000;
      const raw = s.meanArgLat - previousMeanArgLat;
      meanArgLat[j] = meanArgLat[j - 1]! + raw + TWO_PI * Math.round((predicted - raw) / TWO_PI);
    }
    previousMeanMotion = s.meanMotion;
    previousMeanArgLat = s.meanArgLat;
    node[j] = s.node;
    inclination[j] = s.inclination;
    const a = s.am * EARTH_RADIUS_KM;
    semiMajorAxis[j] = a;
    eccentricity[j] = e;
    const w = Math.atan2(s.aynl, s.axnl);
    argPerigee[j] = j === 0 ? w : w + TWO_PI * Math.round((argPerigee[j - 1]! - w) / TWO_PI);
    radialFactor[j] = s.radialFactor;
    perigee[j] = a * (1 - e) * s.radialFactor;
    apogee[j] = a * (1 + e) * s.radialFactor;
    perigeeMin = Math.min(perigeeMin, perigee[j]!);
    apogeeMax = Math.max(apogeeMax, apogee[j]!);
    aMin = Math.min(aMin, a);
    aMaxKm = Math.max(aMaxKm, a);
    eMax = Math.max(eMax, e);
    deviation = Math.max(deviation, s.deviationBound);
    radialDeviation = Math.max(radialDeviation, s.radialDeviationBound);
    meanMotionMax = Math.max(meanMotionMax, s.meanMotion / 60);
  }
  // Floating-point floor: Kepler's equation is solved to 1e-12 and positions are ~1e4 km.
  deviation = 1.05 * deviation + 0.01;
  radialDeviation = 1.05 * radialDeviation + 0.01;
  const radiusMin = perigeeMin - interpolationMargin(perigee) - radialDeviation;
  const radiusMax = apogeeMax + interpolationMargin(apogee) + radialDeviation;
  const eMargin = interpolationMargin(eccentricity);
  const radiusSlack = radialDeviation + interpolationMargin(semiMajorAxis) + aMaxKm * (eMargin + interpolationMargin(radialFactor));
  const eccentricityMax = Math.min(0.999999, eMax + eMargin + 1e-9);
  const rp = Math.max(aMin * (1 - eccentricityMax), EARTH_RADIUS_KM);
  const vp = Math.sqrt((MU_KM3_S2 * (1 + eccentricityMax)) / rp);
  const track = new ObjectTrack(subject, times, table, n, {
    argPerigeeMargin: interpolationMargin(argPerigee),
    radiusMin,
    radiusMax,
    radiusSlack,
    deviation,
    radialDeviation,
    eccentricityMax,
    centreMax: maxEquationOfCentre(eccentricityMax),
    timeScaleS: (2 * Math.PI * rp) / vp,
    aMin,
    meanMotionMax,
  });
  return { kind: 'regular', track };
}

/** The numbers buildTrack computes for a track. */
type TrackNumbers = Pick<
  ObjectTrack,
  'argPerigeeMargin' | 'radiusMin' | 'radiusMax' | 'radiusSlack' | 'deviation' | 'radialDeviation' | 'eccentricityMax' | 'centreMax' | 'timeScaleS' | 'aMin' | 'meanMotionMax'
>;

/**
 * One object's tabulated model (buildTrack). A class, its getters on the prototype: an object
 * literal with getters (closures made per track) is kept by V8 in dictionary mode, slower to read
 * in the filters' loops and larger for the garbage collector, for each of the catalogue's tracks.
 */
export class ObjectTrack {
  readonly norad: number;
  /** Mean argument of latitude, rad, unwrapped along the grid. */
  readonly meanArgLat: Float64Array;
  readonly node: Float64Array;
  readonly inclination: Float64Array;
  /** Semi-major axis, km. */
  readonly semiMajorAxis: Float64Array;
  readonly eccentricity: Float64Array;
  /** Argument of perigee of the model ellipse, atan2(aynl, axnl), rad, unwrapped along the grid. */
  readonly argPerigee: Float64Array;
  readonly radialFactor: Float64Array;
  /** Linear-interpolation margin of argPerigee, rad. */
  readonly argPerigeeMargin: number;
  /** Smallest and largest radius SGP4 can give over the grid's span, km (model ± margins). */
  readonly radiusMin: number;
  readonly radiusMax: number;
  /** What to add around a radius computed from the tabulated elements: the short-period radial bound and the interpolation margins of a, e and the radial factor, km. */
  readonly radiusSlack: number;
  /** Bound on |SGP4 − model| position, km, and on its radial part. */
  readonly deviation: number;
  readonly radialDeviation: number;
  /** Largest eccentricity over the span (with margin) and its largest equation of the centre, rad. */
  readonly eccentricityMax: number;
  readonly centreMax: number;
  /** 2π r_p / v_p: the time scale of the fastest motion along the orbit, s. */
  readonly timeScaleS: number;
  /** Smallest semi-major axis (km) and largest mean motion (rad/s) over the grid, for fourthDerivative. */
  readonly aMin: number;
  readonly meanMotionMax: number;
  private fourth = Number.NaN;

  /** `table` holds the seven tabulated elements of `n` grid points each, in the order of the fields above. */
  constructor(
    private readonly subject: ScreeningSubject,
    /** Grid instants (UTC ms), from window start − pad to window end + pad. */
    readonly times: Float64Array,
    table: Float64Array,
    n: number,
    numbers: TrackNumbers,
  ) {
    this.norad = subject.norad;
    this.meanArgLat = table.subarray(0, n);
    this.node = table.subarray(n, 2 * n);
    this.inclination = table.subarray(2 * n, 3 * n);
    this.semiMajorAxis = table.subarray(3 * n, 4 * n);
    this.eccentricity = table.subarray(4 * n, 5 * n);
    this.argPerigee = table.subarray(5 * n, 6 * n);
    this.radialFactor = table.subarray(6 * n, 7 * n);
    this.argPerigeeMargin = numbers.argPerigeeMargin;
    this.radiusMin = numbers.radiusMin;
    this.radiusMax = numbers.radiusMax;
    this.radiusSlack = numbers.radiusSlack;
    this.deviation = numbers.deviation;
    this.radialDeviation = numbers.radialDeviation;
    this.eccentricityMax = numbers.eccentricityMax;
    this.centreMax = numbers.centreMax;
    this.timeScaleS = numbers.timeScaleS;
    this.aMin = numbers.aMin;
    this.meanMotionMax = numbers.meanMotionMax;
  }

  /** The object's SGP4 model (read when the interval search needs it: ScreeningSubject). */
  get model(): Sgp4Model {
    return this.subject.model;
  }

  /**
   * Bound on |d⁴r/dt⁴|, km/s⁴: the Kepler bound at the smallest orbit (the larger derivative),
   * plus 20 % and the short-period terms' own contribution ((2n)⁴ times their amplitude), which
   * SGP4 adds on top of Kepler. Computed when first needed: most tracks never reach the interval
   * search.
   */
  get fourthDerivative(): number {
    if (Number.isNaN(this.fourth)) this.fourth = 1.2 * fourthDerivativeBound(this.aMin, this.eccentricityMax, MU_KM3_S2) + (2 * this.meanMotionMax) ** 4 * this.deviation;
    return this.fourth;
  }
}
