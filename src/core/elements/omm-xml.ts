/**
 * OMM in XML (CCSDS 505.0-B-2 "XML Specification for Navigation Data Messages"), as
 * CelesTrak serves FORMAT=xml: an <ndm> holding one <omm> per object, each
 * <omm><header/><body><segment><metadata>…</metadata><data><meanElements>…</meanElements>
 * <tleParameters>…</tleParameters></data></segment></body></omm>. A lone <omm> root works too.
 * Every leaf element inside an <omm> is read as an OMM keyword (COMMENT and USER_DEFINED
 * are skipped), so the nesting may vary.
 */
import type { ElementSet, ParseResult, Rejection } from './element-set.ts';
import { elementSetFromOmm } from './omm-fields.ts';
import { descendants, readXml, XmlError, type XmlElement } from './xml-reader.ts';

function keywords(omm: XmlElement): Record<string, string> {
  const fields: Record<string, string> = {};
  // Depth first in document order, with a stack of our own: the nesting depth is the file's (xml-reader.ts `descendants`).
  const stack = [...omm.children].reverse();
  while (stack.length > 0) {
    const child = stack.pop()!;
    if (child.children.length > 0) for (let i = child.children.length - 1; i >= 0; i -= 1) stack.push(child.children[i]!);
    else if (child.localName !== 'COMMENT' && child.localName !== 'USER_DEFINED') fields[child.localName] = child.text.trim();
  }
  if (omm.attributes.version !== undefined) fields.CCSDS_OMM_VERS = omm.attributes.version;
  return fields;
}

export function parseOmmXml(text: string): ParseResult {
  let root: XmlElement;
  try {
    root = readXml(text);
  } catch (error) {
    if (error instanceof XmlError) return { sets: [], rejected: [{ line: error.line, reason: `not well-formed XML: ${error.message}` }] };
    throw error;
  }
  const messages = root.localName === 'omm' ? [root] : descendants(root, 'omm');
  if (messages.length === 0) return { sets: [], rejected: [{ line: root.line, reason: `no <omm> element in <${root.name}>` }] };
  const sets: ElementSet[] = [];
  const rejected: Rejection[] = [];
  for (const omm of messages) {
    const result = elementSetFromOmm(keywords(omm));
    if ('reason' in result) rejected.push({ line: omm.line, ...result });
    else sets.push(result);
  }
  return { sets, rejected };
}
