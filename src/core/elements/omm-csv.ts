/**
 * OMM as CSV, as CelesTrak serves FORMAT=csv: a header row of OMM keywords (OBJECT_NAME,
 * OBJECT_ID, EPOCH, MEAN_MOTION, ECCENTRICITY, INCLINATION, RA_OF_ASC_NODE,
 * ARG_OF_PERICENTER, MEAN_ANOMALY, EPHEMERIS_TYPE, CLASSIFICATION_TYPE, NORAD_CAT_ID,
 * ELEMENT_SET_NO, REV_AT_EPOCH, BSTAR, MEAN_MOTION_DOT, MEAN_MOTION_DDOT), then one row per
 * object. Fields follow RFC 4180: double quotes around fields holding commas, quotes or line
 * breaks, "" for a quote inside them. Column order is taken from the header.
 */
import type { ElementSet, ParseResult, Rejection } from './element-set.ts';
import { elementSetFromOmm, OMM_REQUIRED } from './omm-fields.ts';

interface Row {
  readonly line: number;
  readonly fields: string[];
  readonly problem?: string;
}

/** RFC 4180 rows with the 1-based line each starts on; blank lines are skipped. */
export function readCsvRows(text: string): Row[] {
  const rows: Row[] = [];
  let line = 1;
  let i = 0;
  while (i < text.length) {
    const startLine = line;
    const fields: string[] = [];
    let problem: string | undefined;
    for (;;) {
      let value = '';
      if (text[i] === '"') {
        i += 1;
        for (;;) {
          if (i >= text.length) {
            problem = 'a quoted field is never closed';
            break;
          }
          const ch = text[i]!;
          if (ch === '"' && text[i + 1] === '"') {
            value += '"';
            i += 2;
          } else if (ch === '"') {
            i += 1;
            break;
          } else {
            if (ch === '\n') line += 1;
            value += ch;
            i += 1;
          }
        }
        while (i < text.length && text[i] !== ',' && text[i] !== '\n' && text[i] !== '\r') {
          problem ??= 'text after a closing quote';
          i += 1;
        }
      } else {
        while (i < text.length && text[i] !== ',' && text[i] !== '\n' && text[i] !== '\r') value += text[i++];
      }
      fields.push(value);
      if (text[i] === ',') {
        i += 1;
        continue;
      }
      break;
    }
    if (text[i] === '\r') i += 1;
    if (text[i] === '\n') i += 1;
    line += 1;
    if (fields.length === 1 && fields[0]!.trim() === '' && !problem) continue;
    rows.push(problem ? { line: startLine, fields, problem } : { line: startLine, fields });
  }
  return rows;
}

export function parseOmmCsv(source: string): ParseResult {
  const rows = readCsvRows(source.replace(/^\uFEFF/, ''));
  const sets: ElementSet[] = [];
  const rejected: Rejection[] = [];
  const header = rows.shift();
  if (!header) return { sets, rejected };
  const columns = header.fields.map((name) => name.trim().toUpperCase());
  const missing = OMM_REQUIRED.filter((key) => !columns.includes(key));
  if (missing.length > 0) {
    return { sets, rejected: [{ line: header.line, reason: `the CSV header lacks ${missing.join(', ')}` }] };
  }
  const noradColumn = columns.indexOf('NORAD_CAT_ID');
  for (const row of rows) {
    const norad = row.fields[noradColumn]?.trim();
    const base = { line: row.line, ...(norad ? { norad } : {}) };
    if (row.problem) {
      rejected.push({ ...base, reason: row.problem });
      continue;
    }
    if (row.fields.length !== columns.length) {
      rejected.push({ ...base, reason: `row has ${row.fields.length} fields, the header has ${columns.length}` });
      continue;
    }
    const fields = Object.fromEntries(columns.map((name, k) => [name, row.fields[k]]));
    const result = elementSetFromOmm(fields);
    if ('reason' in result) rejected.push({ line: row.line, ...result });
    else sets.push(result);
  }
  return { sets, rejected };
}
