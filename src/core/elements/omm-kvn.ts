/**
 * OMM in Keyword = Value Notation (CCSDS 502.0-B-3 §7, KVN), as CelesTrak serves FORMAT=kvn.
 * One "KEYWORD = value" per line, optional units in square brackets after the value
 * ("MEAN_MOTION = 15.49 [rev/day]"), COMMENT lines, blank lines. Several messages may follow
 * one another: each starts at CCSDS_OMM_VERS, or (for files without that header) at the
 * first keyword that repeats within the current message.
 */
import type { ElementSet, ParseResult, Rejection } from './element-set.ts';
import { elementSetFromOmm } from './omm-fields.ts';
import { parseFloatStrict } from './numbers.ts';

const KEY_VALUE = /^([A-Z0-9_]+)\s*=\s*(.*?)\s*$/;
/** A number followed by its units, "15.49 [rev/day]"; names such as "FOO [BAR]" keep their brackets. */
const WITH_UNITS = /^(\S+)\s*\[[^\]]*\]$/;

function withoutUnits(value: string): string {
  const m = WITH_UNITS.exec(value);
  return m && parseFloatStrict(m[1]!) !== undefined ? m[1]! : value;
}

interface Message {
  readonly line: number;
  readonly fields: Record<string, string>;
  problem?: string;
}

export function parseOmmKvn(text: string): ParseResult {
  const messages: Message[] = [];
  let current: Message | undefined;
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  lines.forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || /^COMMENT(\s|$)/.test(line)) return;
    const m = KEY_VALUE.exec(line);
    if (!m) {
      if (!current) messages.push((current = { line: index + 1, fields: {} }));
      current.problem ??= `line ${index + 1} is not 'KEYWORD = value'`;
      return;
    }
    const [, key, value] = m as unknown as [string, string, string];
    const repeats = current !== undefined && key in current.fields && !key.startsWith('USER_DEFINED_');
    if (!current || key === 'CCSDS_OMM_VERS' || repeats) messages.push((current = { line: index + 1, fields: {} }));
    current.fields[key] = withoutUnits(value);
  });

  const sets: ElementSet[] = [];
  const rejected: Rejection[] = [];
  for (const message of messages) {
    const norad = message.fields.NORAD_CAT_ID;
    if (message.problem) {
      rejected.push({ line: message.line, ...(norad ? { norad } : {}), reason: message.problem });
      continue;
    }
    const result = elementSetFromOmm(message.fields);
    if ('reason' in result) rejected.push({ line: message.line, ...result });
    else sets.push(result);
  }
  return { sets, rejected };
}
