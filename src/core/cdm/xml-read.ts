/**
 * CDM in XML (CCSDS 508.0-B-1 §4, the ndmxml CDM schema): a <cdm id="CCSDS_CDM_VERS"
 * version="1.0"> root (or one <cdm> inside an <ndm>) holding <header> and <body>; the body holds
 * <relativeMetadataData> (with the six relative components in <relativeStateVector>, Table 4-2)
 * and two <segment>s, each <metadata> and <data>, the data in <odParameters>,
 * <additionalParameters>, <stateVector> and <covarianceMatrix> (Table 4-1). Units are a `units`
 * attribute (§6.4.3). Namespace-qualified elements (ndm:TCA, Technical Corrigendum 2) read the
 * same. Elements are read into the same keyword lists as KVN and checked by decode.ts; an
 * element where the schema has none is a CdmError naming it and its line.
 */
import type { Cdm } from './cdm.ts';
import { CdmError } from './cdm-error.ts';
import { decodeCdm } from './decode.ts';
import { emptyBlock, emptyObject, type KeywordBlock, type KeywordMessage, type ObjectBlocks } from './keyword-blocks.ts';
import { descendants, readXml, XmlError, type XmlElement } from '../elements/xml-reader.ts';

/** Reads leaf elements (and COMMENTs) into `block`; `groups` are child elements whose leaves belong to the same block. */
function readLeaves(element: XmlElement, block: KeywordBlock, groups: readonly string[] = []): void {
  block.line ??= element.line;
  for (const child of element.children) {
    if (groups.includes(child.localName)) {
      readLeaves(child, block);
      continue;
    }
    if (child.children.length > 0) throw new CdmError(`<${child.name}> is not allowed in <${element.name}>`, { line: child.line, keyword: child.localName });
    if (child.localName === 'COMMENT') {
      block.comments.push(child.text.trim());
      continue;
    }
    const unit = child.attributes.units;
    block.fields.push(unit === undefined ? { keyword: child.localName, value: child.text.trim(), line: child.line } : { keyword: child.localName, value: child.text.trim(), unit, line: child.line });
  }
}

/** The children of `element` with local name `name` (exactly `count` of them, else a CdmError). */
function only(element: XmlElement, name: string, count = 1): XmlElement[] {
  const found = element.children.filter((c) => c.localName === name);
  if (found.length !== count) {
    throw new CdmError(`<${element.name}> must hold ${count === 1 ? 'one' : count} <${name}>, found ${found.length} (CCSDS 508.0-B-1 §4.2, §4.3)`, { line: element.line, keyword: name });
  }
  return found;
}

function checkChildren(element: XmlElement, allowed: readonly string[]): void {
  const stray = element.children.find((c) => !allowed.includes(c.localName));
  if (stray) throw new CdmError(`<${stray.name}> is not allowed in <${element.name}> (expected ${allowed.map((a) => `<${a}>`).join(', ')})`, { line: stray.line, keyword: stray.localName });
}

const DATA_BLOCKS = ['odParameters', 'additionalParameters', 'stateVector', 'covarianceMatrix'] as const;

function readSegment(segment: XmlElement): ObjectBlocks {
  checkChildren(segment, ['metadata', 'data']);
  const blocks = emptyObject();
  const [metadata] = only(segment, 'metadata');
  const [data] = only(segment, 'data');
  readLeaves(metadata!, blocks.metadata);
  checkChildren(data!, ['COMMENT', ...DATA_BLOCKS]);
  blocks.data.line = data!.line;
  for (const child of data!.children) {
    if (child.localName === 'COMMENT') blocks.data.comments.push(child.text.trim());
  }
  for (const name of DATA_BLOCKS) {
    const found = data!.children.filter((c) => c.localName === name);
    if (found.length > 1) throw new CdmError(`<${data!.name}> holds ${found.length} <${name}>`, { line: found[1]!.line, keyword: name });
    if (found[0]) readLeaves(found[0], blocks[name]);
  }
  return blocks;
}

/** The keyword lists of an XML CDM (for decodeCdm), or a CdmError. */
export function readCdmXmlBlocks(text: string): KeywordMessage {
  let root: XmlElement;
  try {
    root = readXml(text);
  } catch (error) {
    if (error instanceof XmlError) throw new CdmError(`not well-formed XML: ${error.message.replace(/^line \d+: /, '')}`, { line: error.line });
    throw error;
  }
  const messages = root.localName === 'cdm' ? [root] : descendants(root, 'cdm');
  if (messages.length !== 1) {
    throw new CdmError(messages.length === 0 ? `no <cdm> element in <${root.name}>` : `<${root.name}> holds ${messages.length} <cdm> messages; read them one at a time`, { line: root.line });
  }
  const cdm = messages[0]!;
  const id = cdm.attributes.id;
  if (id !== undefined && id !== 'CCSDS_CDM_VERS') throw new CdmError(`<cdm id="${id}">: the id attribute must be CCSDS_CDM_VERS (508.0-B-1 §4.3.3.8)`, { line: cdm.line, keyword: 'id' });
  const version = cdm.attributes.version;
  if (version === undefined) throw new CdmError('<cdm> has no version attribute (508.0-B-1 §4.3.3.9: version="1.0")', { line: cdm.line, keyword: 'CCSDS_CDM_VERS' });
  checkChildren(cdm, ['header', 'body']);

  const header = emptyBlock(cdm.line);
  header.fields.push({ keyword: 'CCSDS_CDM_VERS', value: version.trim(), line: cdm.line });
  readLeaves(only(cdm, 'header')[0]!, header);

  const [body] = only(cdm, 'body');
  checkChildren(body!, ['relativeMetadataData', 'segment']);
  const relative = emptyBlock();
  readLeaves(only(body!, 'relativeMetadataData')[0]!, relative, ['relativeStateVector']);
  const objects = only(body!, 'segment', 2).map(readSegment);
  return { header, relative, objects };
}

/** A CDM in XML, or a CdmError naming the line and element at fault. */
export function readCdmXml(text: string): Cdm {
  return decodeCdm(readCdmXmlBlocks(text));
}
