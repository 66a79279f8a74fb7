/**
 * The Orbit Ephemeris Message as read, KVN (oem.ts) or XML (oem-xml.ts), and the checks both readers
 * share. References: CCSDS 502.0-B-2 (November 2009) and 502.0-B-3 (April 2023) "Orbit Data
 * Messages", §5 (OEM): §5.2.2 header (Table 5-2), §5.2.3 metadata (Table 5-3), §5.2.4 ephemeris data
 * lines, §5.2.5 covariance matrices; for REF_FRAME, COV_REF_FRAME and TIME_SYSTEM values, Annex A of
 * B-2 and the SANA registries B-3 refers to. Both readers gather a segment as text with its line numbers
 * (`OemSegmentText`) and `buildOemSegment` turns it into an `OemSegment`, so a KVN file and an XML file
 * with the same content read alike and are refused with the same reasons.
 *
 * Two levels of checking:
 *  - always, what the standard requires for the message to be read at all: the obligatory keywords,
 *    date-times and numbers that parse, complete data lines and covariance matrices;
 *  - `strict` (the default), what this product needs to screen the ephemeris in place of a TLE: an
 *    Earth-centred segment (CENTER_NAME = EARTH) in TEME, EME2000 or GCRF, epochs in UTC, data lines in
 *    increasing time order within START_TIME … STOP_TIME, enough of them for INTERPOLATION_DEGREE, an
 *    interpolation method this module knows and covariances in a frame it can use.
 */
import { parseUtc } from '../time/iso-time.ts';
import type { UtcMs } from '../units.ts';
import type { EphemerisState } from './sample.ts';

/** One ephemeris data line: epoch, position km, velocity km/s, optional acceleration km/s² (§5.2.4). */
export type OemState = EphemerisState & { readonly a?: readonly [number, number, number] };

/**
 * One covariance matrix (§5.2.5): the 6×6 symmetric position-velocity covariance, rows and columns
 * x, y, z, ẋ, ẏ, ż, in km², km²/s and km²/s².
 */
export interface OemCovariance {
  readonly epoch: UtcMs;
  /**
   * COV_REF_FRAME, or the segment's REF_FRAME when it is absent (§5.2.5: without COV_REF_FRAME the
   * matrix is in the metadata's REF_FRAME). RSW is read as RTN: the SANA orbit-relative frames registry
   * describes RSW as the frame also called RTN (radial, along-track in the orbit plane, orbit normal).
   */
  readonly frame: string;
  readonly matrix: number[][];
  readonly comments: readonly string[];
}

/** The span a segment covers and the span its producer declares fit for use (Table 5-3). */
export interface OemSpan {
  /** START_TIME, STOP_TIME. */
  readonly start: UtcMs;
  readonly stop: UtcMs;
  /** USEABLE_START_TIME, USEABLE_STOP_TIME, or START_TIME, STOP_TIME when absent. */
  readonly useableStart: UtcMs;
  readonly useableStop: UtcMs;
}

export interface OemHeader {
  readonly version: string;
  readonly creationDate: string;
  readonly originator: string;
  readonly messageId?: string;
  readonly comments: readonly string[];
}

export interface OemSegment {
  /** Metadata keywords as written (OBJECT_NAME, OBJECT_ID, CENTER_NAME, REF_FRAME, TIME_SYSTEM, START_TIME, STOP_TIME, …). */
  readonly metadata: Readonly<Record<string, string>>;
  readonly comments: readonly string[];
  readonly states: readonly OemState[];
  /** How many covariance matrices the segment gives (the length of `covarianceMatrices`). */
  readonly covariances: number;
  readonly covarianceMatrices: readonly OemCovariance[];
  readonly span: OemSpan;
}

export interface Oem {
  readonly header: OemHeader;
  readonly segments: readonly OemSegment[];
}

export interface OemReadOptions {
  /**
   * true (the default): refuse what this product cannot screen (see the file comment). false: read any
   * message the standard allows (other centres, frames and time systems; epochs are then read as written,
   * in the message's TIME_SYSTEM, and not checked for order).
   */
  readonly strict?: boolean;
}

export class OemError extends Error {
  override name = 'OemError';
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
  }
}

/** Frames a strict read accepts for REF_FRAME: SGP4's TEME and the two inertial frames the frames module knows. */
export const OEM_SCREENING_FRAMES = ['TEME', 'EME2000', 'GCRF'] as const;
/** COV_REF_FRAME values a strict read accepts besides OEM_SCREENING_FRAMES (RSW is read as RTN). */
export const OEM_LOCAL_COVARIANCE_FRAMES = ['RTN', 'RSW'] as const;
/** INTERPOLATION values this module interpolates (Table 5-3 gives HERMITE, LAGRANGE and LINEAR as examples). */
export const OEM_INTERPOLATION_METHODS = ['LAGRANGE', 'HERMITE', 'LINEAR'] as const;

/** A keyword's value and the 1-based line it is on. */
export interface OemField {
  readonly value: string;
  readonly line: number;
}

/** A covariance matrix as read: its 21 lower-triangular numbers, row by row (§5.2.5). */
export interface OemCovarianceText {
  readonly line: number;
  readonly epoch: OemField;
  readonly frame?: OemField;
  readonly lowerTriangle: readonly number[];
  readonly comments: readonly string[];
}

/** A segment as read, before the checks: what both readers produce. */
export interface OemSegmentText {
  /** META_STOP (KVN) or <metadata> (XML): where a missing keyword is reported. */
  readonly metadataLine: number;
  readonly metadata: ReadonlyMap<string, OemField>;
  readonly comments: readonly string[];
  readonly states: readonly { readonly state: OemState; readonly line: number }[];
  readonly covariances: readonly OemCovarianceText[];
}

const REQUIRED_METADATA = ['OBJECT_NAME', 'OBJECT_ID', 'CENTER_NAME', 'REF_FRAME', 'TIME_SYSTEM', 'START_TIME', 'STOP_TIME'] as const;

/** A number as the ODM writes them (502.0 §7, KVN values): optional sign, digits with an optional fraction, optional exponent. */
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** `text` as a number, or an OemError naming it. */
export function oemNumber(text: string, line: number): number {
  const value = Number(text);
  if (!NUMBER.test(text) || !Number.isFinite(value)) throw new OemError(line, `'${text.slice(0, 40)}' is not a number`);
  return value;
}

/** A date-time (CCSDS 301.0-B-4 ASCII time code A or B, as 502.0 §7.5.10 allows), or an OemError naming it. */
export function oemEpoch(text: string, line: number, what?: string): UtcMs {
  const t = parseUtc(text);
  if (t === undefined) throw new OemError(line, `${what ? `${what} ` : ''}'${text.slice(0, 40)}' is not a date-time`);
  return t;
}

/** The header from its keywords; `line` is where a missing obligatory keyword is reported. */
export function buildOemHeader(version: OemField | undefined, fields: ReadonlyMap<string, OemField>, comments: readonly string[], line: number): OemHeader {
  if (version === undefined) throw new OemError(line, 'CCSDS_OEM_VERS is missing: not an OEM');
  const creationDate = fields.get('CREATION_DATE');
  const originator = fields.get('ORIGINATOR');
  const messageId = fields.get('MESSAGE_ID');
  if (creationDate === undefined) throw new OemError(line, 'CREATION_DATE is missing');
  if (originator === undefined) throw new OemError(line, 'ORIGINATOR is missing');
  return { version: version.value, creationDate: creationDate.value, originator: originator.value, ...(messageId ? { messageId: messageId.value } : {}), comments: [...comments] };
}

/** The symmetric 6×6 matrix of 21 lower-triangular numbers given row by row (§5.2.5: row i holds i numbers). */
export function covarianceFromLowerTriangle(values: readonly number[]): number[][] {
  if (values.length !== 21) throw new RangeError(`a 6×6 lower triangle has 21 numbers, not ${values.length}`);
  const m = Array.from({ length: 6 }, () => new Array<number>(6).fill(0));
  let k = 0;
  for (let i = 0; i < 6; i += 1) {
    for (let j = 0; j <= i; j += 1) {
      m[i]![j] = values[k]!;
      m[j]![i] = values[k]!;
      k += 1;
    }
  }
  return m;
}

const upper = (s: string) => s.trim().toUpperCase();

/** RSW and RTN are one frame (see OemCovariance.frame). */
function covarianceFrameName(frame: string): string {
  const name = upper(frame);
  return name === 'RSW' ? 'RTN' : name;
}

/** Checks a segment as read and builds it; see the file comment for what `strict` adds. */
export function buildOemSegment(text: OemSegmentText, strict: boolean): OemSegment {
  const meta = text.metadata;
  for (const key of REQUIRED_METADATA) {
    if (!meta.has(key)) throw new OemError(text.metadataLine, `${key} is missing from the metadata`);
  }
  const field = (key: string) => meta.get(key);
  const time = (key: string) => {
    const f = field(key);
    return f === undefined ? undefined : { t: oemEpoch(f.value, f.line, key), line: f.line, key };
  };
  const start = time('START_TIME')!;
  const stop = time('STOP_TIME')!;
  const useableStart = time('USEABLE_START_TIME');
  const useableStop = time('USEABLE_STOP_TIME');
  const degreeField = field('INTERPOLATION_DEGREE');
  let degree: number | undefined;
  if (degreeField !== undefined) {
    degree = Number(degreeField.value);
    if (!/^\d+$/.test(degreeField.value) || degree < 1) {
      throw new OemError(degreeField.line, `INTERPOLATION_DEGREE '${degreeField.value.slice(0, 40)}' is not a positive whole number`);
    }
  }
  const refFrame = field('REF_FRAME')!;
  const covarianceEpochs = text.covariances.map((c) => oemEpoch(c.epoch.value, c.epoch.line, 'EPOCH'));

  if (strict) {
    const center = field('CENTER_NAME')!;
    if (upper(center.value) !== 'EARTH') {
      throw new OemError(center.line, `CENTER_NAME ${center.value} is not supported: only Earth-centred ephemerides (CENTER_NAME = EARTH) can be screened`);
    }
    if (!(OEM_SCREENING_FRAMES as readonly string[]).includes(upper(refFrame.value))) {
      throw new OemError(refFrame.line, `REF_FRAME ${refFrame.value} is not supported: use one of ${OEM_SCREENING_FRAMES.join(', ')}`);
    }
    const timeSystem = field('TIME_SYSTEM')!;
    if (upper(timeSystem.value) !== 'UTC') {
      throw new OemError(timeSystem.line, `TIME_SYSTEM ${timeSystem.value} is not supported: epochs must be in UTC`);
    }
    const method = field('INTERPOLATION');
    if (method !== undefined && !(OEM_INTERPOLATION_METHODS as readonly string[]).includes(upper(method.value))) {
      throw new OemError(method.line, `INTERPOLATION ${method.value} is not supported: use one of ${OEM_INTERPOLATION_METHODS.join(', ')}`);
    }
    if (stop.t < start.t) throw new OemError(stop.line, 'STOP_TIME is before START_TIME');
    for (const u of [useableStart, useableStop]) {
      if (u !== undefined && (u.t < start.t || u.t > stop.t)) throw new OemError(u.line, `${u.key} lies outside START_TIME … STOP_TIME`);
    }
    if (useableStart && useableStop && useableStop.t < useableStart.t) throw new OemError(useableStop.line, 'USEABLE_STOP_TIME is before USEABLE_START_TIME');
    if (text.states.length === 0) throw new OemError(text.metadataLine, 'the segment has no ephemeris data lines');
    for (let k = 0; k < text.states.length; k += 1) {
      const { state, line } = text.states[k]!;
      if (state.epoch < start.t || state.epoch > stop.t) throw new OemError(line, 'the epoch lies outside the segment\'s START_TIME … STOP_TIME');
      const previous = text.states[k - 1];
      if (previous !== undefined && state.epoch <= previous.state.epoch) {
        throw new OemError(line, state.epoch === previous.state.epoch ? `the epoch repeats the one on line ${previous.line}` : `the epoch is earlier than the one on line ${previous.line}: data lines must be in increasing time order`);
      }
    }
    if (degreeField !== undefined && text.states.length < degree! + 1) {
      throw new OemError(degreeField.line, `INTERPOLATION_DEGREE ${degree} needs at least ${degree! + 1} data lines, the segment has ${text.states.length}`);
    }
    for (let k = 0; k < text.covariances.length; k += 1) {
      const c = text.covariances[k]!;
      if (c.frame !== undefined) {
        const name = upper(c.frame.value);
        if (!(OEM_SCREENING_FRAMES as readonly string[]).includes(name) && !(OEM_LOCAL_COVARIANCE_FRAMES as readonly string[]).includes(name)) {
          throw new OemError(c.frame.line, `COV_REF_FRAME ${c.frame.value} is not supported: use the segment's frame, one of ${OEM_SCREENING_FRAMES.join(', ')}, or RTN (RSW)`);
        }
      }
      const epoch = covarianceEpochs[k]!;
      if (epoch < start.t || epoch > stop.t) throw new OemError(c.epoch.line, 'the covariance EPOCH lies outside the segment\'s START_TIME … STOP_TIME');
      if (k > 0 && epoch <= covarianceEpochs[k - 1]!) throw new OemError(c.epoch.line, `the covariance EPOCH is not after the one on line ${text.covariances[k - 1]!.epoch.line}`);
    }
  }

  const covarianceMatrices = text.covariances.map((c, k) => ({
    epoch: covarianceEpochs[k]!,
    frame: covarianceFrameName(c.frame?.value ?? refFrame.value),
    matrix: covarianceFromLowerTriangle(c.lowerTriangle),
    comments: c.comments,
  }));
  const metadata: Record<string, string> = {};
  for (const [key, f] of meta) metadata[key] = f.value;
  return {
    metadata,
    comments: text.comments,
    states: text.states.map((s) => s.state),
    covariances: covarianceMatrices.length,
    covarianceMatrices,
    span: { start: start.t, stop: stop.t, useableStart: useableStart?.t ?? start.t, useableStop: useableStop?.t ?? stop.t },
  };
}
