/**
 * Element sets: the public API of src/core/elements (see src/core/README.md), re-exports only. TLE/3LE and
 * CCSDS OMM (KVN, XML, JSON, CSV) into one `ElementSet` type; every parser returns `{ sets, rejected }`.
 *
 * - `element-set.ts`: the `ElementSet` type and the parse result.
 * - `parse-element-sets.ts`: format sniffer and single entry point `parseElementSets(text)`.
 * - `tle-parse.ts`, `tle-format.ts`: TLE / 3LE reader and writer; `omm-*.ts`: the OMM readers and writers.
 * - `alpha5.ts`, `checksum.ts`, `cospar.ts`: catalogue numbers, the TLE checksum, international designators.
 * - `nul.ts`: text PostgreSQL cannot store (U+0000).
 */
export type { Classification, ElementSet, ParseResult, Rejection } from './element-set.ts';
export { detectElementFormat, parseElementSets, type ElementFormat } from './parse-element-sets.ts';
export { parseTle, parseTleRecords, readTle, type TleParseOptions, type TleRecord, type TleRecordsResult, type TleWarning } from './tle-parse.ts';
export { formatTle, formatTleText, type TleLines } from './tle-format.ts';
export { parseOmmKvn } from './omm-kvn.ts';
export { parseOmmXml } from './omm-xml.ts';
export { parseOmmJson } from './omm-json.ts';
export { parseOmmCsv } from './omm-csv.ts';
export { OMM_VERSION, ommRecord, writeOmmJson, writeOmmKvn, writeOmmXml, type OmmHeader } from './omm-write.ts';
export { decodeAlpha5, encodeAlpha5, MAX_ALPHA5 } from './alpha5.ts';
export { hasValidChecksum, tleChecksum } from './checksum.ts';
export { cosparFromTle, cosparToTle, isCosparId } from './cospar.ts';
export { hasNul, NUL, NUL_REASON, showNul, storableText } from './nul.ts';
