/**
 * One entry point for every element-set format we accept: it looks at the first
 * meaningful line and hands the text to the matching reader.
 *
 * - starts with '<'                        → OMM XML (omm-xml.ts)
 * - starts with '[' or '{'                 → OMM JSON (omm-json.ts)
 * - "KEYWORD = value" or a COMMENT line    → OMM KVN (omm-kvn.ts)
 * - a comma-separated header naming OMM keywords (NORAD_CAT_ID, MEAN_MOTION, …) → OMM CSV (omm-csv.ts)
 * - anything else                          → TLE / 3LE (tle-parse.ts)
 */
import type { ParseResult, Rejection } from './element-set.ts';
import { storableText } from './nul.ts';
import { parseOmmCsv } from './omm-csv.ts';
import { parseOmmJson } from './omm-json.ts';
import { parseOmmKvn } from './omm-kvn.ts';
import { parseOmmXml } from './omm-xml.ts';
import { parseTle, type TleParseOptions } from './tle-parse.ts';

export type ElementFormat = 'tle' | 'omm-kvn' | 'omm-xml' | 'omm-json' | 'omm-csv';

export function detectElementFormat(text: string): ElementFormat {
  const first = firstMeaningfulLine(text);
  if (first === undefined) return 'tle';
  if (first.startsWith('<')) return 'omm-xml';
  if (first.startsWith('[') || first.startsWith('{')) return 'omm-json';
  if (/^[A-Z][A-Z0-9_]*\s*=/.test(first) || /^COMMENT(\s|$)/.test(first)) return 'omm-kvn';
  const header = first.split(',').map((cell) => cell.trim().replace(/^"|"$/g, '').toUpperCase());
  if (header.length > 1 && header.every((cell) => /^[A-Z_]+$/.test(cell)) && (header.includes('NORAD_CAT_ID') || header.includes('MEAN_MOTION'))) {
    return 'omm-csv';
  }
  return 'tle';
}

/**
 * The first line, trimmed, that is neither blank nor a '#' comment; undefined if there is none. Lines end at
 * CRLF, LF or CR; a leading byte-order mark is dropped. Only the lines up to that one are looked at: splitting
 * and trimming a whole catalogue to find its first line took as long as reading much of it.
 */
function firstMeaningfulLine(text: string): string | undefined {
  const lineEnd = /\r\n|\r|\n/g;
  let start = text.startsWith('\uFEFF') ? 1 : 0;
  for (;;) {
    const end = lineEnd.exec(text);
    const line = text.slice(start, end === null ? text.length : end.index).trim();
    if (line !== '' && !line.startsWith('#')) return line;
    if (end === null) return undefined;
    start = lineEnd.lastIndex;
  }
}

/**
 * Element sets from text in any supported format, with the format it was read as. A record with a NUL in
 * its name is rejected (validate.ts), and rejections quote input only as jsonb can store it (nul.ts
 * `storableText`: NULs shown as \0, unpaired surrogates from a JSON file's escapes as U+FFFD): they are
 * stored with the import.
 */
export function parseElementSets(text: string, options: TleParseOptions = {}): ParseResult & { readonly format: ElementFormat } {
  const format = detectElementFormat(text);
  const { sets, rejected } = readAs(format, text, options);
  return { format, sets, rejected: rejected.map(storable) };
}

function readAs(format: ElementFormat, text: string, options: TleParseOptions): ParseResult {
  switch (format) {
    case 'omm-xml':
      return parseOmmXml(text);
    case 'omm-json':
      return parseOmmJson(text);
    case 'omm-kvn':
      return parseOmmKvn(text);
    case 'omm-csv':
      return parseOmmCsv(text);
    case 'tle':
      return parseTle(text, options);
  }
}

function storable(rejection: Rejection): Rejection {
  return { ...rejection, reason: storableText(rejection.reason), ...(rejection.norad === undefined ? {} : { norad: storableText(rejection.norad) }) };
}
