/**
 * A CDM in XML (CCSDS 508.0-B-1 §4), elements not qualified with a namespace, in the element
 * order of the ndmxml CDM schema: <header> (COMMENT*, CREATION_DATE, ORIGINATOR, MESSAGE_FOR?,
 * MESSAGE_ID), <body> with <relativeMetadataData> (COMMENT*, TCA, MISS_DISTANCE,
 * RELATIVE_SPEED?, <relativeStateVector>?, screening keywords, COLLISION_PROBABILITY?,
 * COLLISION_PROBABILITY_METHOD?) and two <segment>s of <metadata> and <data> (COMMENT*,
 * <odParameters>?, <additionalParameters>?, <stateVector>, <covarianceMatrix>). Units are `units`
 * attributes (§4.3.10, §6.4.3). The root carries the attributes §4.3.3 prescribes.
 */
import type { Cdm } from './cdm.ts';
import { CdmError } from './cdm-error.ts';
import { encodeCdm } from './encode.ts';
import { isEmptyBlock, type KeywordBlock, type KeywordField, type KeywordMessage } from './keyword-blocks.ts';
import { RELATIVE_STATE_VECTOR_KEYWORDS } from './keywords.ts';

/** §4.3.3.4: the SANA location of the unqualified ndmxml master schema. */
export const CDM_XML_SCHEMA_LOCATION = 'https://sanaregistry.org/r/ndmxml_unqualified/ndmxml-2.0.0-master-2.0.xsd';

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;');

class XmlLines {
  readonly lines: string[] = [];
  private depth: number;
  constructor(depth: number) {
    this.depth = depth;
  }
  open(tag: string): void {
    this.lines.push(`${'  '.repeat(this.depth)}<${tag}>`);
    this.depth += 1;
  }
  close(tag: string): void {
    this.depth -= 1;
    this.lines.push(`${'  '.repeat(this.depth)}</${tag}>`);
  }
  leaf(name: string, value: string, unit?: string): void {
    const attribute = unit === undefined ? '' : ` units="${escapeAttribute(unit)}"`;
    this.lines.push(`${'  '.repeat(this.depth)}<${name}${attribute}>${escapeText(value)}</${name}>`);
  }
  comments(comments: readonly string[]): void {
    for (const comment of comments) this.leaf('COMMENT', comment);
  }
  fields(fields: readonly KeywordField[]): void {
    for (const f of fields) this.leaf(f.keyword, f.value, f.unit);
  }
  block(tag: string, block: KeywordBlock): void {
    this.open(tag);
    this.comments(block.comments);
    this.fields(block.fields);
    this.close(tag);
  }
}

/** XML text of keyword lists (encode.ts). */
export function formatCdmXmlBlocks(message: KeywordMessage): string {
  // Content is indented one level under the <cdm> root.
  const out = new XmlLines(1);
  const version = message.header.fields.find((f) => f.keyword === 'CCSDS_CDM_VERS')!.value;
  out.lines.push('<?xml version="1.0" encoding="UTF-8"?>');
  out.lines.push(
    `<cdm xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="${CDM_XML_SCHEMA_LOCATION}" id="CCSDS_CDM_VERS" version="${escapeAttribute(version)}">`,
  );
  out.open('header');
  out.comments(message.header.comments);
  out.fields(message.header.fields.filter((f) => f.keyword !== 'CCSDS_CDM_VERS'));
  out.close('header');

  out.open('body');
  out.open('relativeMetadataData');
  out.comments(message.relative.comments);
  const relative = message.relative.fields;
  const vector = relative.filter((f) => RELATIVE_STATE_VECTOR_KEYWORDS.has(f.keyword));
  if (vector.length !== 0 && vector.length !== RELATIVE_STATE_VECTOR_KEYWORDS.size) {
    throw new CdmError('the XML form needs all six relative position and velocity components in <relativeStateVector> (508.0-B-1 Table 4-2), or none', { keyword: 'relativeStateVector' });
  }
  for (const f of relative) {
    if (!RELATIVE_STATE_VECTOR_KEYWORDS.has(f.keyword)) out.leaf(f.keyword, f.value, f.unit);
    else if (f === vector[0]) {
      out.open('relativeStateVector');
      out.fields(vector);
      out.close('relativeStateVector');
    }
  }
  out.close('relativeMetadataData');
  for (const object of message.objects) {
    out.open('segment');
    out.block('metadata', object.metadata);
    out.open('data');
    out.comments(object.data.comments);
    if (!isEmptyBlock(object.odParameters)) out.block('odParameters', object.odParameters);
    if (!isEmptyBlock(object.additionalParameters)) out.block('additionalParameters', object.additionalParameters);
    out.block('stateVector', object.stateVector);
    out.block('covarianceMatrix', object.covarianceMatrix);
    out.close('data');
    out.close('segment');
  }
  out.close('body');
  out.lines.push('</cdm>');
  return `${out.lines.join('\n')}\n`;
}

/** A CDM as XML text. Throws a CdmError for a value the message cannot carry. */
export function writeCdmXml(cdm: Cdm): string {
  return formatCdmXmlBlocks(encodeCdm(cdm));
}
