/**
 * One entry point for an uploaded OEM, KVN or XML. CCSDS 502.0 §5 KVN begins with the
 * "CCSDS_OEM_VERS" keyword line (comments and blank lines aside); an XML document (CCSDS 505.0) begins
 * with "<" (an XML declaration, a comment or the root element) after an optional byte-order mark.
 */
import { readOem } from './oem.ts';
import type { Oem, OemReadOptions } from './oem-model.ts';
import { readOemXml } from './oem-xml.ts';

export type OemFormat = 'KVN' | 'XML';

/** XML when the first non-blank character is '<', else KVN. */
export function detectOemFormat(text: string): OemFormat {
  return /^\uFEFF?\s*</.test(text) ? 'XML' : 'KVN';
}

/** Reads an OEM in either format (detectOemFormat); the result does not depend on the format. */
export function readOemAny(text: string, options: OemReadOptions = {}): Oem {
  return detectOemFormat(text) === 'XML' ? readOemXml(text, options) : readOem(text.replace(/^\uFEFF/, ''), options);
}
