/**
 * An uploaded OEM read for storage (issue 28): the file read strictly (core ephemeris `readOemAny`:
 * what the screening can use, else an OemError naming the line), its object matched to a fleet
 * object of the catalogue, and the columns stored with it. Decisions on the text and the catalogue
 * alone: nothing here touches the database.
 *
 * Matching (CCSDS 502.0 Table 5-3: OBJECT_ID is "recommended" to be the international designator,
 * "YYYY-NNNP{PP}"): OBJECT_ID as an international designator ("1998-043D", or the TLE's "98043D")
 * against the catalogue's COSPAR ids; else a NORAD catalogue number, OBJECT_ID or else OBJECT_NAME
 * when it is all digits. The object must be in the fleet (CatalogService.fleet). Every segment must
 * be of the same object.
 */
import { createHash } from 'node:crypto';
import { cosparFromTle, storableText } from '../../../core/elements/index.ts';
import { detectOemFormat, OemError, readOemAny, type Oem, type OemFormat, type OemSegment } from '../../../core/ephemeris/index.ts';
import { parseUtc } from '../../../core/time/index.ts';
import { MAX_EPHEMERIS_FILE_BYTES } from '../../../contracts/ephemerides.ts';
import type { CatalogEntry, CatalogService } from '../catalog-service.ts';

/** The catalogue as matching needs it. */
export type EphemerisCatalog = Pick<CatalogService, 'entry' | 'all' | 'fleet'>;

/**
 * Why an upload is refused, nothing stored: `file` (the API's 400), a file this product cannot read
 * or use; `object` (the API's 422), a readable file of an object that is not a fleet object of the
 * catalogue. The message starts with "line N: " where a line is known.
 */
export class EphemerisImportError extends Error {
  override name = 'EphemerisImportError';
  constructor(
    readonly kind: 'file' | 'object',
    readonly line: number | null,
    readonly reason: string,
  ) {
    super(line === null ? reason : `line ${line}: ${reason}`);
  }
}

/** An upload read and matched: what is stored besides the text and who imported it. */
export interface ReadEphemeris {
  readonly oem: Oem;
  readonly format: OemFormat;
  readonly entry: CatalogEntry;
  readonly objectId: string;
  readonly objectName: string;
  readonly originator: string;
  readonly creationDate: Date;
  readonly refFrame: string;
  /** The union span of the segments' usable spans, whole milliseconds inside it. */
  readonly usableStart: Date;
  readonly usableStop: Date;
  readonly states: number;
  readonly covariances: number;
  readonly sha256: string;
}

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** International designators: OMM/SATCAT "YYYY-NNNP{PP}" and the TLE's "YYNNNP{PP}" (a piece letter required). */
const COSPAR_FULL = /^\d{4}-\d{3}[A-Z]{1,3}$/;
const COSPAR_TLE = /^\d{5}[A-Z]{1,3}$/;
const NORAD = /^\d{1,9}$/;

/**
 * Bounds on an XML upload, checked before the XML is read: the reader builds the whole element tree
 * (about 300 bytes an element), so 30 MB of "<a>" would take gigabytes and most of a minute. An
 * OEM nests 7 deep (ndm > oem > body > segment > data > stateVector > X); a week of states every
 * 10 s with covariances is about 500,000 elements.
 */
export const MAX_XML_DEPTH = 32;
export const MAX_XML_ELEMENTS = 1_000_000;
/** Lines of a KVN upload (a week of states every 10 s with a covariance at each is about 500,000). */
export const MAX_KVN_LINES = 2_000_000;

/** Whether a text has more than MAX_KVN_LINES lines (a line MAX_KVN_LINES + 1 that a newline ends). */
function kvnTooLong(text: string): boolean {
  let at = -1;
  for (let n = 0; n <= MAX_KVN_LINES; n += 1) {
    at = text.indexOf('\n', at + 1);
    if (at === -1) return false;
  }
  return true;
}

/** Where an XML text goes past MAX_XML_DEPTH or MAX_XML_ELEMENTS, or undefined (malformed markup is left to the reader). */
export function xmlShapeProblem(text: string): { at: number; reason: string } | undefined {
  let depth = 0;
  let elements = 0;
  for (let i = text.indexOf('<'); i !== -1; i = text.indexOf('<', i + 1)) {
    const next = text.charCodeAt(i + 1);
    if (text.startsWith('<!--', i)) i = skip(text, i, '-->');
    else if (text.startsWith('<![CDATA[', i)) i = skip(text, i, ']]>');
    else if (next === 63 /* ? */ || next === 33 /* ! */) i = skip(text, i, '>');
    else if (next === 47 /* / */) depth = Math.max(0, depth - 1);
    else {
      const end = text.indexOf('>', i);
      if (end === -1) return undefined;
      elements += 1;
      if (elements > MAX_XML_ELEMENTS) return { at: i, reason: `more than ${MAX_XML_ELEMENTS.toLocaleString('en')} XML elements: send a shorter span or a longer step, or the KVN form` };
      if (text.charCodeAt(end - 1) !== 47 /* / */) {
        depth += 1;
        if (depth > MAX_XML_DEPTH) return { at: i, reason: `elements nested more than ${MAX_XML_DEPTH} deep: an OEM nests 7 deep` };
      }
      i = end;
    }
    if (i === -1) return undefined;
  }
  return undefined;
}

/** The index of the last character of `terminator` after `from`, or -1. */
function skip(text: string, from: number, terminator: string): number {
  const end = text.indexOf(terminator, from + 1);
  return end === -1 ? -1 : end + terminator.length - 1;
}

/** The 1-based line of character `at`. */
function lineAt(text: string, at: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < at; i = text.indexOf('\n', i + 1)) line += 1;
  return line;
}

/** The line of the `n`-th (0-based) match of `pattern` (global, multiline as needed), or null. */
function nthMatchLine(text: string, pattern: RegExp, n: number): number | null {
  let k = 0;
  for (const m of text.matchAll(pattern)) {
    if (k === n) return lineAt(text, m.index);
    k += 1;
  }
  return null;
}

/** Where a keyword of the header, or of segment `n`'s metadata, is written (KVN "KEY =", XML "<KEY>"). */
function keywordLine(text: string, format: OemFormat, keyword: string, n = 0): number | null {
  const pattern = format === 'KVN' ? new RegExp(`^[ \\t]*${keyword}[ \\t]*=`, 'gm') : new RegExp(`<(?:[\\w.-]+:)?${keyword}[\\s>/]`, 'g');
  return nthMatchLine(text, pattern, n);
}

/** The international designator in OMM form, or undefined when `objectId` is not one. */
export function internationalDesignator(objectId: string): string | undefined {
  const id = objectId.trim().toUpperCase();
  if (COSPAR_FULL.test(id)) return id;
  if (COSPAR_TLE.test(id)) return cosparFromTle(id) ?? undefined;
  return undefined;
}

const quoted = (s: string) => `'${s.length > 60 ? `${s.slice(0, 60)}…` : s}'`;

/** The fleet object a segment is of, or an EphemerisImportError('object') saying why there is none. */
function matchSegment(segment: OemSegment, catalog: EphemerisCatalog, byDesignator: (designator: string) => CatalogEntry[], fleet: ReadonlySet<number>, line: () => number | null): CatalogEntry {
  const objectId = segment.metadata.OBJECT_ID ?? '';
  const objectName = segment.metadata.OBJECT_NAME ?? '';
  const fleetOnly = (entry: CatalogEntry, via: string): CatalogEntry => {
    if (fleet.has(entry.object.noradId)) return entry;
    throw new EphemerisImportError(
      'object',
      line(),
      `${via} is ${entry.object.name} (NORAD ${entry.object.noradId}), which is not a fleet object: ephemerides are taken for the fleet only (FLEET_OWNERS, FLEET_NORAD_IDS or the settings)`,
    );
  };
  const designator = internationalDesignator(objectId);
  if (designator !== undefined) {
    const matches = byDesignator(designator);
    const inFleet = matches.find((e) => fleet.has(e.object.noradId));
    if (inFleet) return inFleet;
    if (matches[0]) return fleetOnly(matches[0], `OBJECT_ID ${designator}`);
  }
  for (const [keyword, value] of [
    ['OBJECT_ID', objectId],
    ['OBJECT_NAME', objectName],
  ] as const) {
    const text = value.trim();
    if (!NORAD.test(text)) continue;
    const entry = catalog.entry(Number(text));
    if (entry) return fleetOnly(entry, `${keyword} ${text} (a NORAD catalogue number)`);
    throw new EphemerisImportError('object', line(), `${keyword} ${text} is not in the catalogue as a NORAD catalogue number${designator ? `, nor is OBJECT_ID ${designator} as an international designator` : ''}`);
  }
  throw new EphemerisImportError(
    'object',
    line(),
    `OBJECT_ID ${quoted(objectId)} (OBJECT_NAME ${quoted(objectName)}) matches no object of the catalogue: give the international designator (YYYY-NNNP{PP}, e.g. 1998-043D) or the NORAD catalogue number of a fleet object`,
  );
}

/**
 * Reads an uploaded OEM (KVN or XML) and matches its object; throws an EphemerisImportError naming
 * the line and the reason when the file cannot be used or its object is not a fleet object.
 */
export function readEphemerisFile(text: string, catalog: EphemerisCatalog): ReadEphemeris {
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > MAX_EPHEMERIS_FILE_BYTES) {
    throw new EphemerisImportError('file', null, `the file is ${(bytes / 1048576).toFixed(1)} MiB; at most ${MAX_EPHEMERIS_FILE_BYTES / 1048576} MiB are taken`);
  }
  // An OEM is text (CCSDS 502.0 §7: KVN is ASCII; 505.0: XML 1.0 has no U+0000); a NUL cannot be stored as text either.
  const nul = text.indexOf('\u0000');
  if (nul !== -1) throw new EphemerisImportError('file', lineAt(text, nul), 'the file contains a NUL character (U+0000): an OEM is text; is this a binary file?');
  const lone = LONE_SURROGATE.exec(text);
  if (lone) throw new EphemerisImportError('file', lineAt(text, lone.index), 'the file is not valid Unicode text (an unpaired surrogate)');

  const format = detectOemFormat(text);
  const shape = format === 'XML' ? xmlShapeProblem(text) : undefined;
  if (shape) throw new EphemerisImportError('file', lineAt(text, shape.at), shape.reason);
  if (format === 'KVN' && kvnTooLong(text)) {
    throw new EphemerisImportError('file', MAX_KVN_LINES + 1, `more than ${MAX_KVN_LINES.toLocaleString('en')} lines: send a shorter span or a longer step`);
  }
  let oem: Oem;
  try {
    oem = readOemAny(text, { strict: true });
  } catch (error) {
    if (error instanceof OemError) throw new EphemerisImportError('file', error.line, error.message.replace(/^line \d+: /, ''));
    throw error;
  }

  const creation = parseUtc(oem.header.creationDate.trim());
  if (creation === undefined) {
    throw new EphemerisImportError('file', keywordLine(text, format, 'CREATION_DATE'), `CREATION_DATE ${quoted(oem.header.creationDate)} is not a date-time`);
  }

  const fleet = new Set(catalog.fleet().map((e) => e.object.noradId));
  // The catalogue is walked once per designator (a file's segments usually share one).
  const designators = new Map<string, CatalogEntry[]>();
  const byDesignator = (designator: string): CatalogEntry[] => {
    let found = designators.get(designator);
    if (found === undefined) {
      found = [...catalog.all()].filter((e) => e.object.cosparId?.toUpperCase() === designator);
      designators.set(designator, found);
    }
    return found;
  };
  let entry: CatalogEntry | undefined;
  oem.segments.forEach((segment, n) => {
    // Found only for a message: a search of the whole text per segment would be quadratic.
    const line = () => keywordLine(text, format, 'OBJECT_ID', n);
    const matched = matchSegment(segment, catalog, byDesignator, fleet, line);
    if (entry !== undefined && matched.object.noradId !== entry.object.noradId) {
      throw new EphemerisImportError(
        'object',
        line(),
        `segment ${n + 1} is of ${matched.object.name} (NORAD ${matched.object.noradId}), segment 1 of ${entry.object.name} (NORAD ${entry.object.noradId}): send one object's ephemeris per file`,
      );
    }
    entry = matched;
  });
  // readOemAny gives at least one segment.
  const first = oem.segments[0]!;
  const frames = [...new Set(oem.segments.map((s) => (s.metadata.REF_FRAME ?? '').trim().toUpperCase()))];
  // The stored span lies inside the segments' own (whole milliseconds, microseconds dropped inwards).
  const start = oem.segments.reduce((t, s) => Math.min(t, s.span.useableStart), Infinity);
  const stop = oem.segments.reduce((t, s) => Math.max(t, s.span.useableStop), -Infinity);
  return {
    oem,
    format,
    entry: entry!,
    objectId: storableText((first.metadata.OBJECT_ID ?? '').trim()),
    objectName: storableText((first.metadata.OBJECT_NAME ?? '').trim()),
    originator: storableText(oem.header.originator.trim()),
    creationDate: new Date(Math.round(creation)),
    refFrame: frames.join(','),
    usableStart: new Date(Math.ceil(start)),
    usableStop: new Date(Math.floor(stop)),
    states: oem.segments.reduce((n, s) => n + s.states.length, 0),
    covariances: oem.segments.reduce((n, s) => n + s.covariances, 0),
    sha256: createHash('sha256').update(text, 'utf8').digest('hex'),
  };
}

/**
 * Whether the segments' usable spans, joined where they meet or overlap, hold `startMs` … `endMs`
 * whole (a gap between two segments inside the window does not cover it).
 */
export function segmentsCover(segments: readonly OemSegment[], startMs: number, endMs: number): boolean {
  const spans = segments.map((s) => [s.span.useableStart, s.span.useableStop] as const).sort((a, b) => a[0] - b[0]);
  const holds = (from: number, to: number) => from <= startMs && to >= endMs;
  let from: number | undefined;
  let to = -Infinity;
  for (const [a, b] of spans) {
    if (from === undefined || a > to) {
      if (from !== undefined && holds(from, to)) return true;
      from = a;
      to = b;
    } else {
      to = Math.max(to, b);
    }
  }
  return from !== undefined && holds(from, to);
}
