/**
 * A CDM in Keyword = Value Notation (CCSDS 508.0-B-1 §3, §6.3): one "KEYWORD = value [units]"
 * per line (§6.3.1.4), keywords in the order of the tables (§6.3.1.9), units in brackets after a
 * blank (§6.3.3), comments as "COMMENT text" at the start of their block (§6.3.4; the header's
 * after CCSDS_CDM_VERS, which must be the first line, §6.3.1.2). Keywords are padded so the '='
 * signs line up, as the examples in the standard do.
 */
import type { Cdm } from './cdm.ts';
import { encodeCdm } from './encode.ts';
import type { KeywordBlock, KeywordField, KeywordMessage } from './keyword-blocks.ts';

const KEYWORD_WIDTH = 36;

function fieldLine(field: KeywordField): string {
  const value = field.unit === undefined ? field.value : `${field.value} [${field.unit}]`;
  return `${field.keyword.padEnd(KEYWORD_WIDTH)} = ${value}`;
}

/** COMMENT lines of one comment; a multi-line comment (possible in XML) becomes one COMMENT per line (§6.3.4). */
const commentLines = (text: string): string[] => text.split(/\r\n|\r|\n/).map((line) => (line.trim() === '' ? 'COMMENT' : `COMMENT ${line.trim()}`));

function blockLines(block: KeywordBlock): string[] {
  return [...block.comments.flatMap(commentLines), ...block.fields.map(fieldLine)];
}

/** KVN text of keyword lists (encode.ts). */
export function formatCdmKvnBlocks(message: KeywordMessage): string {
  const [version, ...headerFields] = message.header.fields;
  const lines = [fieldLine(version!), ...message.header.comments.flatMap(commentLines), ...headerFields.map(fieldLine), ...blockLines(message.relative)];
  for (const object of message.objects) {
    lines.push(
      ...blockLines(object.metadata),
      ...object.data.comments.flatMap(commentLines),
      ...blockLines(object.odParameters),
      ...blockLines(object.additionalParameters),
      ...blockLines(object.stateVector),
      ...blockLines(object.covarianceMatrix),
    );
  }
  return `${lines.join('\n')}\n`;
}

/** A CDM as KVN text. Throws a CdmError for a value the message cannot carry. */
export function writeCdmKvn(cdm: Cdm): string {
  return formatCdmKvnBlocks(encodeCdm(cdm));
}
