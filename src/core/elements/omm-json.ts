/**
 * OMM as JSON, as CelesTrak (FORMAT=json, numbers) and Space-Track (class gp, strings) serve
 * it: an array of flat objects keyed by OMM keyword, or one such object.
 *
 * The array is split into its elements by a small scanner and each element is given to
 * JSON.parse on its own, so a damaged record (or a truncated download) rejects only itself,
 * and every rejection can name the line its record starts on.
 */
import type { ElementSet, ParseResult, Rejection } from './element-set.ts';
import { elementSetFromOmm } from './omm-fields.ts';

interface Span {
  readonly start: number;
  readonly end: number;
}

/** Start/end offsets of the top-level array's elements; `trailing` is the offset of text after the array, if any. */
function splitArray(text: string, open: number): { items: Span[]; trailing?: number; unterminated: boolean } {
  const items: Span[] = [];
  let depth = 0;
  let inString = false;
  let start = -1;
  for (let i = open + 1; i < text.length; i += 1) {
    const ch = text[i]!;
    if (inString) {
      if (ch === '\\') i += 1;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    if (start < 0 && !/\s/.test(ch) && ch !== ',' && ch !== ']') start = i;
    if (ch === '{' || ch === '[') depth += 1;
    else if (ch === '}' || ch === ']') {
      if (depth === 0) {
        if (start >= 0) items.push({ start, end: i });
        const rest = text.slice(i + 1);
        const trailing = rest.trim() === '' ? undefined : i + 1 + rest.search(/\S/);
        return trailing === undefined ? { items, unterminated: false } : { items, trailing, unterminated: false };
      }
      depth -= 1;
    } else if (ch === ',' && depth === 0) {
      if (start >= 0) items.push({ start, end: i });
      start = -1;
    }
  }
  if (start >= 0) items.push({ start, end: text.length });
  return { items, unterminated: true };
}

export function parseOmmJson(source: string): ParseResult {
  const text = source.replace(/^\uFEFF/, '');
  const newlines: number[] = [];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) newlines.push(i);
  /** 1-based line of an offset: binary search over the newline offsets. */
  const lineAt = (offset: number) => {
    let [lo, hi] = [0, newlines.length];
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (newlines[mid]! < offset) lo = mid + 1;
      else hi = mid;
    }
    return lo + 1;
  };
  const first = text.search(/\S/);
  const sets: ElementSet[] = [];
  const rejected: Rejection[] = [];
  if (first < 0) return { sets, rejected };

  let spans: Span[];
  if (text[first] === '[') {
    const split = splitArray(text, first);
    spans = split.items;
    if (split.trailing !== undefined) rejected.push({ line: lineAt(split.trailing), reason: 'unexpected text after the JSON array' });
    if (split.unterminated && spans.length === 0) rejected.push({ line: lineAt(first), reason: 'the JSON array is never closed' });
  } else {
    spans = [{ start: first, end: text.length }];
  }

  for (const span of spans) {
    const line = lineAt(span.start);
    let value: unknown;
    try {
      value = JSON.parse(text.slice(span.start, span.end));
    } catch (error) {
      rejected.push({ line, reason: `not valid JSON: ${(error as Error).message}` });
      continue;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      rejected.push({ line, reason: 'not a JSON object of OMM keywords' });
      continue;
    }
    const result = elementSetFromOmm(value as Record<string, unknown>);
    if ('reason' in result) rejected.push({ line, ...result });
    else sets.push(result);
  }
  rejected.sort((a, b) => a.line - b.line);
  return { sets, rejected };
}
