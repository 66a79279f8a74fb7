/**
 * SGP4 propagation through satellite.js (its JavaScript port of Vallado's SGP4, WGS-72
 * constants, opsmode 'i' "improved"; Vallado, Crawford, Hujsak & Kelso 2006, "Revisiting
 * Spacetrack Report #3", AIAA 2006-6753). Only the pure JS functions are used here; the
 * WASM bulk propagator of satellite.js loads a module at run time and belongs in the server.
 *
 * Initialisation. satellite.js exposes two initialisers, both ending in Vallado's sgp4init:
 * - `twoline2satrec(line1, line2)`: Vallado's twoline2rv. It is the path that reproduces
 *   tcppver.out, because the epoch enters sgp4init as days2mdhms/jday of the TLE fields.
 * - `json2satrec(omm)`: parses EPOCH with `Date`, i.e. to the whole millisecond.
 * `createSgp4` therefore writes the set as a TLE and, when that TLE reads back (`exactTle`) to exactly the
 * same elements and to the same epoch within 1 µs, initialises from it. That holds for every
 * set read from a TLE, and for OMMs that carry TLE values (1e-8 day is 864 µs, so a TLE epoch is
 * a whole number of microseconds: EPOCH 2000-06-27T18:50:19.733568 is exactly 00179.78495062). Sets
 * with more digits than a TLE holds (such as CelesTrak's newer 8-digit B*) go through
 * json2satrec. Their `tsince` is still measured from the exact epoch (see `propagateAt`), so
 * the millisecond rounding reaches only the deep-space (period ≥ 225 min) initialisation,
 * through the sidereal angle and lunar-solar terms at epoch: measured on SGP4-VER.TLE it moves
 * deep-space positions by up to 3.5e-5 km; near-Earth results are bit-identical.
 *
 * `satrec` is mutable state: satellite.js keeps the deep-space resonance integrator there.
 * Results do not depend on call order (the integrator restarts or steps on a fixed 720-min
 * grid from epoch), but a model should not be shared across threads.
 */
import { json2satrec, twoline2satrec, type SatRec } from 'satellite.js';
import type { ElementSet } from '../elements/element-set.ts';
import { formatTle, type TleLines } from '../elements/tle-format.ts';
import { cosparFromTle } from '../elements/cospar.ts';
import { parseDecimal, parseImpliedDecimal } from '../elements/numbers.ts';
import { hasNul } from '../elements/nul.ts';
import { elementSetProblem } from '../elements/validate.ts';
import { daysInYear, tleEpochToUtcMs, tleFullYear } from '../time/tle-epoch.ts';
import { formatUtc } from '../time/iso-time.ts';
import { minutesBetween } from '../time/julian.ts';
import { temePosition, temeVelocity, type Minutes, type Position, type Teme, type UtcMs, type Velocity } from '../units.ts';
import { isSgp4ErrorCode, SGP4_ERROR_MESSAGES, type Sgp4ErrorCode } from './sgp4-errors.ts';
import { sgp4Continued } from './resonance.ts';

export interface Sgp4Model {
  readonly norad: number;
  /** Epoch of the elements; `tsince` is counted from here. */
  readonly epoch: UtcMs;
  /** satellite.js state, initialised by sgp4init. */
  readonly satrec: SatRec;
  /** Which satellite.js initialiser built `satrec` (see the module comment). */
  readonly init: 'tle' | 'omm';
}

export type Sgp4Result =
  | { readonly ok: true; readonly r: Position<Teme>; readonly v: Velocity<Teme> }
  | { readonly ok: false; readonly code: Sgp4ErrorCode; readonly message: string };

/** The element fields sgp4init reads; a TLE must reproduce all of them exactly to stand in for the set. */
const SGP4_INPUTS = ['meanMotion', 'eccentricity', 'inclination', 'raan', 'argPerigee', 'meanAnomaly', 'bstar'] as const;
/** Epoch agreement that still counts as "the same" (ms): the microsecond of OMM text, far below the 0.864 ms TLE step. */
const EPOCH_TOLERANCE_MS = 0.001;

/**
 * The fields of `formatTle`'s lines that sgp4init reads, and the epoch, read back by the same
 * columns and number parsers as tle-parse.ts `readTle`; undefined when one would not read.
 *
 * This is what `readTle(formatTle(set))` returns for those fields, without the rest of readTle's
 * work (about 7 µs a set, a third of SGP4 initialisation of a catalogue): the other checks
 * readTle makes cannot fail on formatTle's output, because formatTle writes each column in its
 * format (right checksums, Alpha-5 catalogue number, classification U/C/S, designator blank or
 * YYNNNPPP — still checked below, epoch YYDDD.DDDDDDDD of a day within the year, digits of the
 * counters and ephemeris type) and, once the fields below equal the set's, readTle's range check
 * (validate.ts `elementSetProblem`) of the read-back set says what it says of the set itself,
 * which is checked instead (sgp4.test.ts compares this with readTle on the whole catalogue).
 */
function readBack(lines: TleLines): Record<(typeof SGP4_INPUTS)[number] | 'epoch', number> | undefined {
  const { line1: l1, line2: l2 } = lines;
  if (cosparFromTle(l1.slice(9, 17)) === null) return undefined;
  const yearText = l1.slice(18, 20);
  const dayOfYear = parseDecimal(l1.slice(20, 32));
  const meanMotion = parseDecimal(l2.slice(52, 63));
  const inclination = parseDecimal(l2.slice(8, 16));
  const raan = parseDecimal(l2.slice(17, 25));
  const argPerigee = parseDecimal(l2.slice(34, 42));
  const meanAnomaly = parseDecimal(l2.slice(43, 51));
  const bstar = parseImpliedDecimal(l1.slice(53, 61));
  const eccentricityText = l2.slice(26, 33);
  if (!/^\d\d$/.test(yearText) || !/^[\d ]{7}$/.test(eccentricityText) || eccentricityText.trim() === '') return undefined;
  if (dayOfYear === undefined || meanMotion === undefined || inclination === undefined || raan === undefined) return undefined;
  if (argPerigee === undefined || meanAnomaly === undefined || bstar === undefined) return undefined;
  const year = tleFullYear(Number(yearText));
  if (dayOfYear < 1 || dayOfYear >= daysInYear(year) + 1) return undefined;
  return {
    epoch: tleEpochToUtcMs(Number(yearText), dayOfYear),
    meanMotion,
    eccentricity: Number(`0.${eccentricityText.replaceAll(' ', '0')}`),
    inclination,
    raan,
    argPerigee,
    meanAnomaly,
    bstar,
  };
}

/** The set's TLE when it says exactly what the set says (as readTle would read it back), else undefined. */
export function exactTle(set: ElementSet): TleLines | undefined {
  // readTle is given no name, so the name's own rule is not one of its checks.
  if (elementSetProblem(set.name !== undefined && hasNul(set.name) ? { ...set, name: undefined } : set) !== undefined) return undefined;
  let lines: TleLines;
  try {
    lines = formatTle(set);
  } catch (error) {
    if (error instanceof RangeError) return undefined;
    throw error;
  }
  const back = readBack(lines);
  if (!back) return undefined;
  const same = SGP4_INPUTS.every((key) => back[key] === set[key]) && Math.abs(back.epoch - set.epoch) <= EPOCH_TOLERANCE_MS;
  return same ? lines : undefined;
}

function satrecFromOmm(set: ElementSet): SatRec {
  return json2satrec({
    OBJECT_NAME: set.name ?? '',
    OBJECT_ID: set.cosparId ?? '',
    EPOCH: formatUtc(set.epoch, 3),
    MEAN_MOTION: set.meanMotion,
    ECCENTRICITY: set.eccentricity,
    INCLINATION: set.inclination,
    RA_OF_ASC_NODE: set.raan,
    ARG_OF_PERICENTER: set.argPerigee,
    MEAN_ANOMALY: set.meanAnomaly,
    NORAD_CAT_ID: set.norad,
    ELEMENT_SET_NO: set.elementSetNo,
    REV_AT_EPOCH: set.revAtEpoch,
    BSTAR: set.bstar,
    MEAN_MOTION_DOT: set.meanMotionDot,
    MEAN_MOTION_DDOT: set.meanMotionDdot,
  }, 'i');
}

export interface CreateSgp4Options {
  /** 'auto' (default) as described above; 'omm' forces json2satrec (for comparisons). */
  readonly init?: 'auto' | 'omm';
}

/**
 * Initialise SGP4 for an element set (sgp4init runs once here; propagate many times).
 * Throws a RangeError for ephemeris type 4 (SGP4-XP elements, which plain SGP4 would
 * propagate wrongly without any error).
 */
export function createSgp4(set: ElementSet, options: CreateSgp4Options = {}): Sgp4Model {
  if (set.ephemerisType === 4) throw new RangeError(`element set ${set.norad} is SGP4-XP (ephemeris type 4), not SGP4`);
  const tle = options.init === 'omm' ? undefined : exactTle(set);
  return tle
    ? { norad: set.norad, epoch: set.epoch, satrec: twoline2satrec(tle.line1, tle.line2), init: 'tle' }
    : { norad: set.norad, epoch: set.epoch, satrec: satrecFromOmm(set), init: 'omm' };
}

function modelOf(source: Sgp4Model | ElementSet): Sgp4Model {
  return 'satrec' in source ? source : createSgp4(source);
}

/**
 * Position and velocity (TEME, km and km/s) `tsince` minutes after the epoch, or the SGP4
 * error. Passing an ElementSet initialises SGP4 on every call: build a model with
 * `createSgp4` when propagating one object more than once.
 */
export function propagate(source: Sgp4Model | ElementSet, tsince: Minutes): Sgp4Result {
  const model = modelOf(source);
  const pv = sgp4Continued(model.satrec, tsince);
  const code = model.satrec.error as number;
  if (pv && code === 0) {
    const { position: r, velocity: v } = pv;
    return { ok: true, r: temePosition(r.x, r.y, r.z), v: temeVelocity(v.x, v.y, v.z) };
  }
  const known = isSgp4ErrorCode(code) ? code : 6;
  return { ok: false, code: known, message: SGP4_ERROR_MESSAGES[known] };
}

/** As `propagate`, at a UTC instant; `tsince` is formed from the set's exact epoch in milliseconds. */
export function propagateAt(source: Sgp4Model | ElementSet, t: UtcMs): Sgp4Result {
  const model = modelOf(source);
  return propagate(model, minutesBetween(model.epoch, t));
}
