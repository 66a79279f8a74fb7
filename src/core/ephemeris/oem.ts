/**
 * CCSDS Orbit Ephemeris Message in KVN (CCSDS 502.0-B-2 and 502.0-B-3 "Orbit Data Messages", §5):
 * writer and reader. A message is a header (CCSDS_OEM_VERS, COMMENT, CLASSIFICATION, CREATION_DATE,
 * ORIGINATOR, MESSAGE_ID; §5.2.2, Table 5-2) and one or more segments, each a metadata block between
 * META_START and META_STOP (§5.2.3, Table 5-3), then data lines "epoch x y z ẋ ẏ ż [ẍ ÿ z̈]" in km,
 * km/s and km/s² (§5.2.4), then optional covariance blocks between COVARIANCE_START and
 * COVARIANCE_STOP (§5.2.5): each matrix an EPOCH, an optional COV_REF_FRAME and the lower triangle of
 * the 6×6 position-velocity covariance on six lines of 1 … 6 numbers. The structure read and the checks
 * (oem-model.ts) are shared with the XML reader (oem-xml.ts).
 */
import { formatUtc } from '../time/iso-time.ts';
import type { UtcMs } from '../units.ts';
import {
  buildOemHeader,
  buildOemSegment,
  oemEpoch,
  OemError,
  oemNumber,
  type Oem,
  type OemCovarianceText,
  type OemField,
  type OemReadOptions,
  type OemSegment,
  type OemState,
} from './oem-model.ts';
import type { EphemerisState } from './sample.ts';

export { OemError, type Oem, type OemCovariance, type OemHeader, type OemReadOptions, type OemSegment, type OemSpan, type OemState } from './oem-model.ts';

export const OEM_VERSION = '3.0';

/** Position km to the millimetre, velocity km/s to the micrometre per second: far below SGP4's own error. */
const km = (x: number) => x.toFixed(6);
const kms = (x: number) => x.toFixed(9);

export interface OemWriteSegment {
  readonly objectName: string;
  readonly objectId: string;
  readonly refFrame: 'TEME' | 'EME2000';
  readonly states: readonly EphemerisState[];
  readonly comments?: readonly string[];
  /** INTERPOLATION and INTERPOLATION_DEGREE to write (Table 5-3); none when absent. */
  readonly interpolation?: { readonly method: 'LAGRANGE' | 'HERMITE' | 'LINEAR'; readonly degree: number };
}

/** A KVN OEM of the segments; epochs UTC to the microsecond; metadata as §5.2.3 orders it. */
export function writeOem(segments: readonly OemWriteSegment[], header: { readonly creationDate: UtcMs; readonly originator: string; readonly comments?: readonly string[] }): string {
  const out = [`CCSDS_OEM_VERS = ${OEM_VERSION}`, ...(header.comments ?? []).map((c) => `COMMENT ${c}`), `CREATION_DATE = ${formatUtc(header.creationDate, 3)}`, `ORIGINATOR = ${header.originator}`];
  for (const segment of segments) {
    if (segment.states.length === 0) throw new RangeError('an OEM segment needs at least one state');
    const first = segment.states[0]!.epoch;
    const last = segment.states.at(-1)!.epoch;
    out.push(
      '',
      'META_START',
      `OBJECT_NAME = ${segment.objectName}`,
      `OBJECT_ID = ${segment.objectId}`,
      'CENTER_NAME = EARTH',
      `REF_FRAME = ${segment.refFrame}`,
      'TIME_SYSTEM = UTC',
      `START_TIME = ${formatUtc(first, 6)}`,
      `STOP_TIME = ${formatUtc(last, 6)}`,
      ...(segment.interpolation ? [`INTERPOLATION = ${segment.interpolation.method}`, `INTERPOLATION_DEGREE = ${segment.interpolation.degree}`] : []),
      'META_STOP',
      '',
      ...(segment.comments ?? []).map((c) => `COMMENT ${c}`),
    );
    for (const s of segment.states) out.push(`${formatUtc(s.epoch, 6)} ${km(s.r[0])} ${km(s.r[1])} ${km(s.r[2])} ${kms(s.v[0])} ${kms(s.v[1])} ${kms(s.v[2])}`);
  }
  return `${out.join('\n')}\n`;
}


const KEY_VALUE = /^([A-Z0-9_]+)\s*=\s*(.*?)\s*$/;
const HEADER_KEYWORDS = new Set(['CREATION_DATE', 'ORIGINATOR', 'MESSAGE_ID', 'CLASSIFICATION']);

/** A comment line: the keyword COMMENT, then the comment (502.0 §7, KVN comments). */
const isComment = (line: string) => /^COMMENT(?:\s|$)/.test(line);
const commentText = (line: string) => line.slice(7).trim();

/** The 1-based line number of the 0-based index `i`. */
const lineNo = (i: number) => i + 1;
/** The number of the last line (a final newline ends the last line; it does not start another). */
const lastLine = (lines: readonly string[]) => (lines.length > 1 && lines.at(-1) === '' ? lines.length - 1 : lines.length);

/**
 * Reads a KVN OEM; throws an OemError naming the line of the first problem. `options.strict` (default
 * true) also refuses what this product cannot screen (oem-model.ts).
 */
export function readOem(text: string, options: OemReadOptions = {}): Oem {
  const strict = options.strict ?? true;
  const lines = text.split(/\r?\n/);
  let i = 0;
  let version: OemField | undefined;
  const headerFields = new Map<string, OemField>();
  const headerComments: string[] = [];
  const segments: OemSegment[] = [];

  // Header: up to the first META_START.
  for (; i < lines.length; i += 1) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    if (line === 'META_START') break;
    if (isComment(line)) {
      headerComments.push(commentText(line));
      continue;
    }
    const kv = KEY_VALUE.exec(line);
    if (!kv) throw new OemError(lineNo(i), `expected a header keyword, found '${line.slice(0, 40)}'`);
    const key = kv[1]!;
    const value = kv[2]!;
    if (key === 'CCSDS_OEM_VERS') version = { value, line: lineNo(i) };
    else if (HEADER_KEYWORDS.has(key)) headerFields.set(key, { value, line: lineNo(i) });
    else throw new OemError(lineNo(i), `${key} is not an OEM header keyword`);
  }
  const header = buildOemHeader(version, headerFields, headerComments, 1);

  while (i < lines.length) {
    if (lines[i]!.trim() === '') {
      i += 1;
      continue;
    }
    if (lines[i]!.trim() !== 'META_START') throw new OemError(lineNo(i), `expected META_START, found '${lines[i]!.trim().slice(0, 40)}'`);
    const segmentLine = lineNo(i);
    const metadata = new Map<string, OemField>();
    const comments: string[] = [];
    for (i += 1; ; i += 1) {
      if (i >= lines.length) throw new OemError(lastLine(lines), `META_STOP is missing: the metadata opened on line ${segmentLine} is never closed`);
      const line = lines[i]!.trim();
      if (line === 'META_STOP') break;
      if (line === '') continue;
      if (isComment(line)) {
        comments.push(commentText(line));
        continue;
      }
      const kv = KEY_VALUE.exec(line);
      if (!kv && (/^\d{4}-/.test(line) || line === 'COVARIANCE_START')) {
        throw new OemError(lineNo(i), `META_STOP is missing: the metadata opened on line ${segmentLine} runs into the data`);
      }
      if (!kv) throw new OemError(lineNo(i), `expected a metadata keyword, found '${line.slice(0, 40)}'`);
      const previous = metadata.get(kv[1]!);
      if (previous) throw new OemError(lineNo(i), `${kv[1]} is given twice (first on line ${previous.line})`);
      metadata.set(kv[1]!, { value: kv[2]!, line: lineNo(i) });
    }
    const metadataLine = lineNo(i);
    i += 1;

    const states: { state: OemState; line: number }[] = [];
    const covariances: OemCovarianceText[] = [];
    for (; i < lines.length; i += 1) {
      const line = lines[i]!.trim();
      if (line === '') continue;
      if (line === 'META_START') break;
      if (isComment(line)) {
        comments.push(commentText(line));
        continue;
      }
      if (line === 'COVARIANCE_START') {
        i = readCovarianceBlock(lines, i, covariances);
        continue;
      }
      const kv = KEY_VALUE.exec(line);
      if (kv) throw new OemError(lineNo(i), `${kv[1]} is not allowed among the data lines${kv[1] === 'META_STOP' ? '' : ' (a new segment starts with META_START)'}`);
      states.push({ state: readDataLine(line, lineNo(i)), line: lineNo(i) });
    }
    segments.push(buildOemSegment({ metadataLine, metadata, comments, states, covariances }, strict));
  }
  if (segments.length === 0) throw new OemError(lastLine(lines), 'no segment (META_START … META_STOP and data)');
  return { header, segments };
}

/** One data line (§5.2.4): an epoch and 6 numbers, or 9 with the accelerations. */
function readDataLine(line: string, n: number): OemState {
  const fields = line.split(/\s+/);
  if (fields.length !== 7 && fields.length !== 10) throw new OemError(n, `a data line has an epoch and 6 or 9 numbers, found ${fields.length - 1}`);
  const epoch = oemEpoch(fields[0]!, n);
  const [x, y, z, vx, vy, vz, ax, ay, az] = fields.slice(1).map((f) => oemNumber(f, n)) as [number, number, number, number, number, number, number?, number?, number?];
  return { epoch, r: [x, y, z], v: [vx, vy, vz], ...(ax !== undefined ? { a: [ax, ay!, az!] as const } : {}) };
}

/**
 * The matrices of a COVARIANCE_START … COVARIANCE_STOP block starting at index `start` (§5.2.5): each
 * "EPOCH = …", an optional "COV_REF_FRAME = …", then rows 1 … 6 of the lower triangle with 1 … 6
 * numbers. Comments may precede a matrix. Returns the index of COVARIANCE_STOP.
 */
function readCovarianceBlock(lines: readonly string[], start: number, out: OemCovarianceText[]): number {
  let current: { line: number; epoch: OemField; frame?: OemField; rows: number[][]; comments: string[] } | undefined;
  let pendingComments: string[] = [];
  let count = 0;
  const finish = (at: number) => {
    if (current === undefined) return;
    const numbers = current.rows.flat();
    if (numbers.length < 21) throw new OemError(at, `the covariance matrix of line ${current.line} has ${numbers.length} of its 21 numbers (six rows of 1 … 6, §5.2.5)`);
    out.push({ line: current.line, epoch: current.epoch, ...(current.frame ? { frame: current.frame } : {}), lowerTriangle: numbers, comments: current.comments });
    count += 1;
    current = undefined;
  };
  for (let i = start + 1; ; i += 1) {
    if (i >= lines.length) throw new OemError(lastLine(lines), `COVARIANCE_STOP is missing: the covariance block opened on line ${lineNo(start)} is never closed`);
    const line = lines[i]!.trim();
    if (line === '') continue;
    if (line === 'COVARIANCE_STOP') {
      finish(lineNo(i));
      if (count === 0) throw new OemError(lineNo(i), `the covariance block opened on line ${lineNo(start)} holds no matrix`);
      return i;
    }
    if (isComment(line)) {
      if (current && current.rows.length === 0) current.comments.push(commentText(line));
      else pendingComments.push(commentText(line));
      continue;
    }
    const kv = KEY_VALUE.exec(line);
    if (kv) {
      const key = kv[1]!;
      const value = kv[2]!;
      if (key === 'EPOCH') {
        finish(lineNo(i));
        current = { line: lineNo(i), epoch: { value, line: lineNo(i) }, rows: [], comments: pendingComments };
        pendingComments = [];
      } else if (key === 'COV_REF_FRAME') {
        if (current === undefined || current.rows.length > 0 || current.frame !== undefined) throw new OemError(lineNo(i), 'COV_REF_FRAME must follow a covariance EPOCH line, once');
        current.frame = { value, line: lineNo(i) };
      } else {
        throw new OemError(lineNo(i), `${key} is not allowed in a covariance block (EPOCH, COV_REF_FRAME and the matrix rows)`);
      }
      continue;
    }
    if (current === undefined) throw new OemError(lineNo(i), 'covariance numbers before the EPOCH of their matrix');
    const row = current.rows.length + 1;
    if (row > 6) throw new OemError(lineNo(i), `the covariance matrix of line ${current.line} already has its six rows: expected EPOCH or COVARIANCE_STOP`);
    const numbers = line.split(/\s+/).map((f) => oemNumber(f, lineNo(i)));
    if (numbers.length !== row) throw new OemError(lineNo(i), `row ${row} of a covariance matrix has ${row} number${row > 1 ? 's' : ''} (lower triangle, §5.2.5), found ${numbers.length}`);
    current.rows.push(numbers);
  }
}
