/**
 * One entry point for a CDM in either form: XML if the text starts with '<' (after a byte-order
 * mark and blanks), KVN if its first keyword line is CCSDS_CDM_VERS (508.0-B-1 §6.3.1.2), the
 * version line as kvn-read.ts reads it (VERSION_LINE, shared with read-file.ts so that both
 * entry points take the same texts for KVN).
 */
import type { Cdm } from './cdm.ts';
import { CdmError } from './cdm-error.ts';
import { COMMENT_LINE, LINE_END, readCdmKvn, VERSION_LINE } from './kvn-read.ts';
import { readCdmXml } from './xml-read.ts';

export type CdmFormat = 'kvn' | 'xml';

/** The form of a CDM text, or undefined if it looks like neither. */
export function detectCdmFormat(text: string): CdmFormat | undefined {
  const body = text.replace(/^\uFEFF/, '').trimStart();
  if (body.startsWith('<')) return 'xml';
  const first = body.split(LINE_END).find((line) => line.trim() !== '' && !COMMENT_LINE.test(line.trim()));
  return first !== undefined && VERSION_LINE.test(first.trim()) ? 'kvn' : undefined;
}

/** A CDM in KVN or XML; a CdmError names the line and keyword of any fault. */
export function readCdm(text: string): Cdm {
  const format = detectCdmFormat(text);
  if (format === 'xml') return readCdmXml(text);
  if (format === 'kvn') return readCdmKvn(text);
  throw new CdmError('not a CDM: expected KVN starting with CCSDS_CDM_VERS = 1.0, or XML with a <cdm> root (CCSDS 508.0-B-1 §6.3.1.2, §4.3.3)', { line: 1 });
}
