/**
 * TLE and 3LE reader.
 *
 * Layout: Space-Track "Basic Description of the Two Line Element Set Format" and CelesTrak's
 * "NORAD Two-Line Element Set Format" (T.S. Kelso); columns below are 1-based as there.
 * Accepted inputs: 3LE with a "0 NAME" line (Space-Track), 3LE with a plain name line
 * (CelesTrak), bare 2-line sets, any mix of them; CRLF, LF or CR; blank lines anywhere;
 * lines starting with '#' are comments (as in Vallado's SGP4-VER.TLE). Text after column 69
 * is ignored here (SGP4-VER.TLE keeps start/stop/step there: see propagation/vallado-driver.ts).
 *
 * Each record is checked on its own (lengths, checksums, line numbers, matching catalogue
 * numbers, every field's format and range); a bad record is reported in `rejected` with the
 * 1-based line where it starts and never stops the others. Checksums are strict by default (every
 * import relies on that); `ssa propagate` alone reads with `checksum: 'warn'`.
 */
import { daysInYear, tleEpochToUtcMs, tleFullYear } from '../time/tle-epoch.ts';
import { degrees } from '../units.ts';
import { decodeAlpha5 } from './alpha5.ts';
import { hasValidChecksum, tleChecksum } from './checksum.ts';
import { cosparFromTle } from './cospar.ts';
import type { Classification, ElementSet, ParseResult, Rejection } from './element-set.ts';
import { parseDecimalIn, parseImpliedDecimalIn, parseIntegerIn } from './numbers.ts';
import { elementSetProblem } from './validate.ts';

export interface TleParseOptions {
  /**
   * What a wrong or missing column-69 checksum does to a record:
   * - 'strict' (the default, and what every import uses): the record is rejected with the reason;
   * - 'ignore': the record is read as if the checksum were right.
   */
  readonly checksum?: 'strict' | 'ignore';
}

export interface TleRecordsOptions {
  /**
   * As TleParseOptions, plus 'warn': a record whose only fault is its checksum (wrong, or missing
   * on a 68-character line) is read, and each such line is reported in `warnings`. For
   * `ssa propagate`, which runs Vallado's SGP4-VER.TLE (cases 33333–33335 carry wrong checksums on
   * purpose) as Vallado's driver and python-sgp4 do.
   */
  readonly checksum?: 'strict' | 'warn' | 'ignore';
}

/** A checksum fault 'warn' let through: the file line of the faulty TLE line and what is wrong. */
export interface TleWarning {
  /** 1-based line of the faulty TLE line itself in the input. */
  readonly line: number;
  /** The catalogue number as written in the record. */
  readonly norad?: string;
  /** e.g. "line 1 checksum is '4', expected 2". */
  readonly message: string;
}

/** A parsed record with the text it came from. */
export interface TleRecord {
  readonly set: ElementSet;
  /** 1-based line of the record's first line (the name line of a 3LE). */
  readonly line: number;
  readonly line1: string;
  readonly line2: string;
}

export interface TleRecordsResult {
  readonly records: TleRecord[];
  readonly rejected: Rejection[];
  /** Checksum faults of records read anyway (only with `checksum: 'warn'`). */
  readonly warnings: TleWarning[];
}

/** Thrown inside this module to reject one record; never escapes it. */
class FieldError extends Error {}

function field(line: string, firstColumn: number, lastColumn: number): string {
  return line.slice(firstColumn - 1, lastColumn);
}

// The field readers read a field in place in its line, and cut it out as text only to quote it when they
// reject it: cutting out every field of every record, and building every rejection message before knowing
// whether it was needed, cost more than reading the fields.

function decimalField(line: string, from: number, to: number, what: string): number {
  const value = parseDecimalIn(line, from - 1, to);
  if (value === undefined) throw new FieldError(`${what} '${field(line, from, to)}' (columns ${from}–${to}) is not a number`);
  return value;
}

function impliedDecimalField(line: string, from: number, to: number, what: string): number {
  const value = parseImpliedDecimalIn(line, from - 1, to);
  if (value === undefined) {
    throw new FieldError(`${what} '${field(line, from, to)}' (columns ${from}–${to}) is not an implied-decimal number like ' 28098-4'`);
  }
  return value;
}

/** A non-negative whole number; blank counts as 0, as in Vallado's twoline2rv. */
function countField(line: string, from: number, to: number, what: string): number {
  const value = parseIntegerIn(line, from - 1, to);
  if (value !== undefined && value >= 0) return value;
  const text = field(line, from, to);
  if (text.trim() === '') return 0;
  throw new FieldError(`${what} '${text}' (columns ${from}–${to}) is not a whole number`);
}

const SPACE = 0x20;
const ZERO = 0x30;
const NINE = 0x39;

/**
 * Line 2 columns 27–33, the eccentricity with its leading decimal point assumed: seven digits or blanks,
 * blanks read as zeros as in Vallado's twoline2rv, not all blank; else undefined. The seven digits are an
 * exact integer and 10^7 is exact, so the division rounds once, correctly: the double Number('0.NNNNNNN') gives.
 */
function eccentricityField(line2: string): number | undefined {
  let digits = 0;
  let blank = true;
  for (let i = 26; i < 33; i += 1) {
    const code = line2.charCodeAt(i);
    if (code === SPACE) {
      digits *= 10;
    } else if (code >= ZERO && code <= NINE) {
      digits = digits * 10 + (code - ZERO);
      blank = false;
    } else {
      return undefined;
    }
  }
  return blank ? undefined : digits / 1e7;
}

/** What is wrong with a line's column-69 checksum, or undefined when it is right. */
function checksumFault(line: string, number: 1 | 2): string | undefined {
  if (line.length < 69) return `line ${number} has no checksum (${line.length} characters, expected 69)`;
  if (hasValidChecksum(line)) return undefined;
  return `line ${number} checksum is '${line[68]}', expected ${tleChecksum(line)}`;
}

function checkLine(line: string, number: 1 | 2, checkChecksum: boolean): void {
  const minimum = checkChecksum ? 69 : 68;
  if (line.length < minimum) throw new FieldError(`line ${number} has ${line.length} characters, expected 69`);
  if (line[1] !== ' ') throw new FieldError(`line ${number} does not start with '${number} '`);
  if (checkChecksum && !hasValidChecksum(line)) {
    throw new FieldError(`line ${number} checksum is '${line[68]}', expected ${tleChecksum(line)}`);
  }
}

const EPOCH_YEAR = /^\d\d$/;
const EPHEMERIS_TYPE = /^[\d ]$/;

function readSet(line1: string, line2: string, name: string | undefined, checkChecksum: boolean): ElementSet {
  checkLine(line1, 1, checkChecksum);
  checkLine(line2, 2, checkChecksum);
  const l1 = line1.padEnd(69, ' ');
  const l2 = line2.padEnd(69, ' ');

  // The checks run in the order they always have: the first that fails is the reason a record is rejected with.
  const catalogue1 = field(l1, 3, 7);
  const catalogue2 = field(l2, 3, 7);
  const norad = decodeAlpha5(catalogue1);
  if (norad === undefined) throw new FieldError(`catalogue number '${catalogue1}' is neither digits nor Alpha-5`);
  // The same five characters decode to the same number, so only a line 2 written differently is decoded.
  if (catalogue2 !== catalogue1 && decodeAlpha5(catalogue2) !== norad) {
    throw new FieldError(`catalogue numbers differ: line 1 has '${catalogue1}', line 2 has '${catalogue2}'`);
  }

  const classificationChar = field(l1, 8, 8);
  if (!'UCS '.includes(classificationChar)) throw new FieldError(`classification '${classificationChar}' is not U, C or S`);
  const classification = (classificationChar === ' ' ? 'U' : classificationChar) as Classification;

  const designator = field(l1, 10, 17);
  const cosparId = cosparFromTle(designator);
  if (cosparId === null) throw new FieldError(`international designator '${designator.trim()}' is not YYNNNPPP`);

  const yearText = field(l1, 19, 20);
  if (!EPOCH_YEAR.test(yearText)) throw new FieldError(`epoch year '${yearText}' (columns 19–20) is not two digits`);
  const dayOfYear = decimalField(l1, 21, 32, 'epoch day');
  const year = tleFullYear(Number(yearText));
  if (dayOfYear < 1 || dayOfYear >= daysInYear(year) + 1) {
    throw new FieldError(`epoch day ${dayOfYear} is outside 1–${daysInYear(year)} of ${year}`);
  }

  const meanMotionDot = decimalField(l1, 34, 43, 'mean motion derivative');
  const meanMotionDdot = impliedDecimalField(l1, 45, 52, 'mean motion second derivative');
  const bstar = impliedDecimalField(l1, 54, 61, 'B*');
  const ephemerisChar = field(l1, 63, 63);
  if (!EPHEMERIS_TYPE.test(ephemerisChar)) throw new FieldError(`ephemeris type '${ephemerisChar}' (column 63) is not a digit`);
  const elementSetNo = countField(l1, 65, 68, 'element set number');

  // Line 2: eccentricity, then mean motion, then the angles, as always.
  const eccentricity = eccentricityField(l2);
  if (eccentricity === undefined) throw new FieldError(`eccentricity '${field(l2, 27, 33)}' (columns 27–33) is not 7 digits`);
  const meanMotion = decimalField(l2, 53, 63, 'mean motion');
  const inclination = degrees(decimalField(l2, 9, 16, 'inclination'));
  const raan = degrees(decimalField(l2, 18, 25, 'right ascension of the ascending node'));
  const argPerigee = degrees(decimalField(l2, 35, 42, 'argument of perigee'));
  const meanAnomaly = degrees(decimalField(l2, 44, 51, 'mean anomaly'));
  const revAtEpoch = countField(l2, 64, 68, 'revolution number');

  const epoch = tleEpochToUtcMs(Number(yearText), dayOfYear);
  const ephemerisType = ephemerisChar === ' ' ? 0 : Number(ephemerisChar);
  // Keys in the order every reader gives them (norad, name?, cosparId?, classification, …), and a missing
  // name or designator is a missing key, not an undefined one: so one object literal per case. Spreading
  // `{ name }` and `{ cosparId }` into a single literal, as this did before, made V8 build every set key by
  // key in its runtime, which was most of a catalogue's parse time.
  let set: ElementSet;
  if (name && cosparId) {
    set = { norad, name, cosparId, classification, epoch, meanMotion, eccentricity, inclination, raan, argPerigee, meanAnomaly, bstar, meanMotionDot, meanMotionDdot, elementSetNo, revAtEpoch, ephemerisType };
  } else if (name) {
    set = { norad, name, classification, epoch, meanMotion, eccentricity, inclination, raan, argPerigee, meanAnomaly, bstar, meanMotionDot, meanMotionDdot, elementSetNo, revAtEpoch, ephemerisType };
  } else if (cosparId) {
    set = { norad, cosparId, classification, epoch, meanMotion, eccentricity, inclination, raan, argPerigee, meanAnomaly, bstar, meanMotionDot, meanMotionDdot, elementSetNo, revAtEpoch, ephemerisType };
  } else {
    set = { norad, classification, epoch, meanMotion, eccentricity, inclination, raan, argPerigee, meanAnomaly, bstar, meanMotionDot, meanMotionDdot, elementSetNo, revAtEpoch, ephemerisType };
  }
  const problem = elementSetProblem(set);
  if (problem) throw new FieldError(problem);
  return set;
}

/**
 * One element set from its two lines (and optional name), or the reason it is not one.
 * This is the per-record check that `parseTleRecords` applies.
 */
export function readTle(line1: string, line2: string, name?: string, options: TleParseOptions = {}): ElementSet | { reason: string } {
  const result = readRecord(line1, line2, name, (options.checksum ?? 'strict') === 'strict');
  return typeof result === 'string' ? { reason: result } : result;
}

/** `readTle`, with the reason a record is rejected as a plain string (a cheaper test than `'reason' in result`, once per record). */
function readRecord(line1: string, line2: string, name: string | undefined, checkChecksum: boolean): ElementSet | string {
  try {
    return readSet(line1, line2, name, checkChecksum);
  } catch (error) {
    if (error instanceof FieldError) return error.message;
    throw error;
  }
}

const isLine1 = (line: string): boolean => line.startsWith('1 ');
const isLine2 = (line: string): boolean => line.startsWith('2 ');
const isSkippable = (line: string): boolean => line.trim() === '' || line.startsWith('#');

function nameOf(line: string): string {
  return (line.startsWith('0 ') ? line.slice(2) : line).trim();
}

/** Every record of a TLE/3LE text, with its source lines. */
export function parseTleRecords(text: string, options: TleRecordsOptions = {}): TleRecordsResult {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const records: TleRecord[] = [];
  const rejected: Rejection[] = [];
  const warnings: TleWarning[] = [];
  const mode = options.checksum ?? 'strict';
  // 'warn' reads as 'ignore' does, then reports the checksum faults of the records it kept.
  const checkChecksum = mode === 'strict';
  let pendingName: { name: string; line: number } | undefined;

  const reject = (line: number, reason: string, catalogueLine?: string) => {
    const norad = catalogueLine?.slice(2, 7).trim();
    rejected.push({ line, ...(norad ? { norad } : {}), reason });
  };

  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    const lineNumber = i + 1;
    if (isSkippable(line)) continue;

    if (isLine1(line)) {
      const start = pendingName?.line ?? lineNumber;
      const name = pendingName?.name;
      pendingName = undefined;
      let j = i + 1;
      while (j < lines.length && lines[j]!.trim() === '') j += 1;
      const next = lines[j];
      if (next === undefined || !isLine2(next)) {
        reject(start, 'line 1 is not followed by a line 2', line);
        continue;
      }
      const result = readRecord(line, next, name || undefined, checkChecksum);
      if (typeof result === 'string') reject(start, result, line);
      else {
        records.push({ set: result, line: start, line1: line, line2: next });
        if (mode === 'warn') {
          const norad = line.slice(2, 7).trim();
          for (const [source, number, at] of [[line, 1, lineNumber], [next, 2, j + 1]] as const) {
            const message = checksumFault(source, number);
            if (message) warnings.push({ line: at, ...(norad ? { norad } : {}), message });
          }
        }
      }
      i = j;
      continue;
    }

    if (isLine2(line)) {
      reject(pendingName?.line ?? lineNumber, 'line 2 has no line 1 before it', line);
      pendingName = undefined;
      continue;
    }

    if (pendingName) reject(pendingName.line, `name line '${pendingName.name}' is not followed by element lines`);
    pendingName = { name: nameOf(line), line: lineNumber };
  }
  if (pendingName) reject(pendingName.line, `name line '${pendingName.name}' is not followed by element lines`);
  return { records, rejected, warnings };
}

/** Every element set of a TLE/3LE text: `{ sets, rejected }`. */
export function parseTle(text: string, options: TleParseOptions = {}): ParseResult {
  const { records, rejected } = parseTleRecords(text, options);
  return { sets: records.map((r) => r.set), rejected };
}
