/**
 * CCSDS Orbit Ephemeris Message in KVN (CCSDS 502.0-B-3 "Orbit Data Messages", §5): writer and
 * reader. A message is a header (CCSDS_OEM_VERS, COMMENT, CLASSIFICATION, CREATION_DATE,
 * ORIGINATOR, MESSAGE_ID) and one or more segments, each a metadata block between META_START and
 * META_STOP (§5.2.3, Table 5-3), then data lines "epoch x y z ẋ ẏ ż [ẍ ÿ z̈]" in km, km/s and
 * km/s² (§5.2.4), then optional covariance blocks between COVARIANCE_START and COVARIANCE_STOP
 * (§5.2.5, read and counted here, not interpreted).
 */
import { formatUtc, parseUtc } from '../time/iso-time.ts';
import type { UtcMs } from '../units.ts';
import type { EphemerisState } from './sample.ts';

export const OEM_VERSION = '3.0';

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
  readonly states: readonly (EphemerisState & { readonly a?: readonly [number, number, number] })[];
  /** Covariance matrices given (COVARIANCE_START blocks' EPOCH entries). */
  readonly covariances: number;
}

export interface Oem {
  readonly header: OemHeader;
  readonly segments: readonly OemSegment[];
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

/** Position km to the millimetre, velocity km/s to the micrometre per second: far below SGP4's own error. */
const km = (x: number) => x.toFixed(6);
const kms = (x: number) => x.toFixed(9);

export interface OemWriteSegment {
  readonly objectName: string;
  readonly objectId: string;
  readonly refFrame: 'TEME' | 'EME2000';
  readonly states: readonly EphemerisState[];
  readonly comments?: readonly string[];
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
      'META_STOP',
      '',
      ...(segment.comments ?? []).map((c) => `COMMENT ${c}`),
    );
    for (const s of segment.states) out.push(`${formatUtc(s.epoch, 6)} ${km(s.r[0])} ${km(s.r[1])} ${km(s.r[2])} ${kms(s.v[0])} ${kms(s.v[1])} ${kms(s.v[2])}`);
  }
  return `${out.join('\n')}\n`;
}

const KEY_VALUE = /^([A-Z0-9_]+)\s*=\s*(.*?)\s*$/;

/** Reads a KVN OEM; throws an OemError naming the line of the first problem. */
export function readOem(text: string): Oem {
  const lines = text.split(/\r?\n/);
  let i = 0;
  const header: { version?: string; creationDate?: string; originator?: string; messageId?: string; comments: string[] } = { comments: [] };
  const segments: OemSegment[] = [];
  const isBlank = (line: string) => line.trim() === '';

  // Header: up to the first META_START.
  for (; i < lines.length; i += 1) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    if (line === 'META_START') break;
    if (line.startsWith('COMMENT')) {
      header.comments.push(line.slice(7).trim());
      continue;
    }
    const kv = KEY_VALUE.exec(line);
    if (!kv) throw new OemError(i + 1, `expected a header keyword, found '${line.slice(0, 40)}'`);
    const [, key, value] = kv;
    if (key === 'CCSDS_OEM_VERS') header.version = value;
    else if (key === 'CREATION_DATE') header.creationDate = value;
    else if (key === 'ORIGINATOR') header.originator = value;
    else if (key === 'MESSAGE_ID') header.messageId = value;
    else if (key !== 'CLASSIFICATION') throw new OemError(i + 1, `${key} is not an OEM header keyword`);
  }
  if (header.version === undefined) throw new OemError(1, 'CCSDS_OEM_VERS is missing: not an OEM');
  if (header.creationDate === undefined) throw new OemError(1, 'CREATION_DATE is missing');
  if (header.originator === undefined) throw new OemError(1, 'ORIGINATOR is missing');

  while (i < lines.length) {
    if (isBlank(lines[i]!)) {
      i += 1;
      continue;
    }
    if (lines[i]!.trim() !== 'META_START') throw new OemError(i + 1, `expected META_START, found '${lines[i]!.trim().slice(0, 40)}'`);
    i += 1;
    const metadata: Record<string, string> = {};
    const comments: string[] = [];
    for (; ; i += 1) {
      if (i >= lines.length) throw new OemError(i, 'META_STOP is missing');
      const line = lines[i]!.trim();
      if (line === 'META_STOP') break;
      if (line === '') continue;
      if (line.startsWith('COMMENT')) {
        comments.push(line.slice(7).trim());
        continue;
      }
      const kv = KEY_VALUE.exec(line);
      if (!kv) throw new OemError(i + 1, `expected a metadata keyword, found '${line.slice(0, 40)}'`);
      metadata[kv[1]!] = kv[2]!;
    }
    i += 1;
    for (const key of ['OBJECT_NAME', 'OBJECT_ID', 'CENTER_NAME', 'REF_FRAME', 'TIME_SYSTEM', 'START_TIME', 'STOP_TIME']) {
      if (metadata[key] === undefined) throw new OemError(i, `${key} is missing from the metadata`);
    }
    const states: OemSegment['states'][number][] = [];
    let covariances = 0;
    for (; i < lines.length; i += 1) {
      const line = lines[i]!.trim();
      if (line === '') continue;
      if (line === 'META_START') break;
      if (line.startsWith('COMMENT')) {
        comments.push(line.slice(7).trim());
        continue;
      }
      if (line === 'COVARIANCE_START') {
        for (i += 1; ; i += 1) {
          if (i >= lines.length) throw new OemError(i, 'COVARIANCE_STOP is missing');
          const c = lines[i]!.trim();
          if (c === 'COVARIANCE_STOP') break;
          if (/^EPOCH\s*=/.test(c)) covariances += 1;
        }
        continue;
      }
      const fields = line.split(/\s+/);
      if (fields.length !== 7 && fields.length !== 10) throw new OemError(i + 1, `a data line has an epoch and 6 or 9 numbers, found ${fields.length - 1}`);
      const epoch = parseUtc(fields[0]!);
      if (epoch === undefined) throw new OemError(i + 1, `'${fields[0]}' is not a date-time`);
      const numbers = fields.slice(1).map(Number);
      const bad = numbers.findIndex((n, k) => !Number.isFinite(n) || fields[k + 1] === '');
      if (bad >= 0) throw new OemError(i + 1, `'${fields[bad + 1]}' is not a number`);
      const [x, y, z, vx, vy, vz, ax, ay, az] = numbers as [number, number, number, number, number, number, number?, number?, number?];
      states.push({ epoch, r: [x, y, z], v: [vx, vy, vz], ...(ax !== undefined ? { a: [ax, ay!, az!] as const } : {}) });
    }
    segments.push({ metadata, comments, states, covariances });
  }
  if (segments.length === 0) throw new OemError(lines.length, 'no segment (META_START … META_STOP and data)');
  return { header: { version: header.version, creationDate: header.creationDate, originator: header.originator, ...(header.messageId ? { messageId: header.messageId } : {}), comments: header.comments }, segments };
}
