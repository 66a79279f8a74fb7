/**
 * CDM in Keyword = Value Notation (CCSDS 508.0-B-1 §3 and §6.3), read as real files are written:
 * blanks around '=' optional (§6.3.1.7; CSpOC writes "KEY   =value"), trailing blanks ignored
 * (§6.3.1.8), blank lines anywhere (§6.2.2.3), lines ended by CR, LF, CR LF or LF CR (§6.2.2.4),
 * units in square brackets after the value (§6.3.3).
 *
 * COMMENT lines (§6.3.4) are kept, their text trimmed. 508.0-B-1 places comments at the start of each block; real
 * files also put them mid-section (CARA's "COMMENT HBR = 15 [m]" before OBJECT = OBJECT1, its
 * "COMMENT DCP …" before X). A comment is given to the block of the keyword that follows it
 * (those before an object's first data keyword to the data section itself, Table 3-4's first
 * COMMENT row), so writing the message back puts every comment where it was; comments after the
 * last keyword stay with the last block. KVN cannot say whether a comment before the OD
 * parameters belongs to <data> or <odParameters>, so XML → KVN → XML may move such a comment
 * from one to the other, inside the same <data>.
 *
 * The section of each keyword comes from the tables (keywords.ts): header, then relative
 * metadata/data, then OBJECT = OBJECT1 and its metadata and data, then OBJECT = OBJECT2. Values
 * are checked by decode.ts. Faults throw a CdmError naming the line.
 */
import type { Cdm } from './cdm.ts';
import { CdmError } from './cdm-error.ts';
import { decodeCdm } from './decode.ts';
import { emptyBlock, emptyObject, type KeywordBlock, type KeywordMessage, type ObjectBlocks } from './keyword-blocks.ts';
import { isNumericKeyword, sectionOf } from './keywords.ts';

/** Keywords are read whatever their case (508.0-B-1 writes them in upper case; the keyword is upper-cased before it is looked up). */
const KEY_VALUE = /^([A-Za-z][A-Za-z0-9_]*)\s*=\s*(.*)$/;
/** A COMMENT line (§6.3.4), its text in group 1; read-file.ts and read.ts find comment lines with it too. */
export const COMMENT_LINE = /^COMMENT(?:\s(.*))?$/;
/** Line ends as §6.2.2.4 allows them: CR LF, LF CR, CR or LF. Global, for split and matchAll (never for test). */
export const LINE_END = /\r\n|\n\r|\r|\n/g;
/**
 * The version line that opens a KVN CDM (§6.3.1.2), recognised as this reader reads it: blanks
 * around '=' optional, the keyword in any case (KEY_VALUE). read.ts and read-file.ts detect a KVN
 * CDM with it, so a text either entry point takes for KVN is one this reader begins to read.
 */
export const VERSION_LINE = /^CCSDS_CDM_VERS\s*=/i;
/** A value followed by its units: "715 [m]", "=55   [m]". */
const WITH_UNITS = /^(.*?)\s*\[([^\]]*)\]$/;

const DATA_BLOCKS = ['odParameters', 'additionalParameters', 'stateVector', 'covarianceMatrix'] as const;

type Phase = 'header' | 'relative' | 'object1' | 'object2';

/** The keyword lists of a KVN CDM (for decodeCdm), or a CdmError. */
export function readCdmKvnBlocks(text: string): KeywordMessage {
  const header = emptyBlock();
  const relative = emptyBlock();
  const objects: ObjectBlocks[] = [];
  let phase: Phase = 'header';
  let pending: string[] = [];
  let last: KeywordBlock = header;
  let sawVersion = false;

  const lines = text.replace(/^\uFEFF/, '').split(LINE_END);
  lines.forEach((raw, index) => {
    const lineNo = index + 1;
    const line = raw.trim();
    if (line === '') return;
    const comment = COMMENT_LINE.exec(line);
    if (comment) {
      pending.push((comment[1] ?? '').trim());
      return;
    }
    const m = KEY_VALUE.exec(line);
    if (!m) throw new CdmError(`expected 'KEYWORD = value' or 'COMMENT text', found '${line.length > 60 ? `${line.slice(0, 60)}…` : line}'`, { line: lineNo });
    const keyword = m[1]!.toUpperCase();
    const value = m[2]!.trim();
    const section = sectionOf(keyword);
    if (section === undefined) throw new CdmError('is not a CDM keyword (CCSDS 508.0-B-1 §6.3.1.3 allows only those of Tables 3-1 to 3-4)', { line: lineNo, keyword });
    if (!sawVersion && keyword !== 'CCSDS_CDM_VERS') {
      throw new CdmError('comes before CCSDS_CDM_VERS: the first line of a CDM must be the version (508.0-B-1 §6.3.1.2)', { line: lineNo, keyword });
    }
    sawVersion = true;

    let block: KeywordBlock;
    if (section === 'header') {
      if (phase !== 'header') throw new CdmError(`is a header keyword (Table 3-1) but appears after the header`, { line: lineNo, keyword });
      block = header;
    } else if (section === 'relative') {
      if (phase === 'object1' || phase === 'object2') throw new CdmError('is a relative metadata/data keyword (Table 3-2) but appears inside an object section', { line: lineNo, keyword });
      phase = 'relative';
      block = relative;
    } else if (keyword === 'OBJECT') {
      const expected = objects.length === 0 ? 'OBJECT1' : objects.length === 1 ? 'OBJECT2' : undefined;
      if (expected === undefined) throw new CdmError(`opens a third object section ('${value}'): a CDM describes two objects`, { line: lineNo, keyword });
      if (value.toUpperCase() !== expected) throw new CdmError(`is '${value}' where ${expected} belongs (Object1's section comes first, then Object2's)`, { line: lineNo, keyword });
      if (phase === 'header') throw new CdmError('the relative metadata/data (TCA, MISS_DISTANCE, …) must come before the objects (508.0-B-1 §3.1.1)', { line: lineNo, keyword });
      objects.push(emptyObject(lineNo));
      phase = expected === 'OBJECT1' ? 'object1' : 'object2';
      block = objects.at(-1)!.metadata;
    } else {
      const object = objects.at(-1);
      if (!object) throw new CdmError('is an object keyword (Tables 3-3 and 3-4) before OBJECT = OBJECT1', { line: lineNo, keyword });
      block = object[section];
    }
    block.line ??= lineNo;
    // Comments between an object's metadata and its first data keyword are the data section's own
    // (Table 3-4 opens with a COMMENT row before the OD parameters' one).
    const object = objects.at(-1);
    const firstData = object !== undefined && section !== 'metadata' && DATA_BLOCKS.every((name) => object[name].fields.length === 0);
    (firstData ? object.data : block).comments.push(...pending);
    pending = [];
    // Numbers carry their units in brackets (§6.3.3); text values are kept whole.
    const units = isNumericKeyword(keyword) ? WITH_UNITS.exec(value) : null;
    if (units) block.fields.push({ keyword, value: units[1]!, unit: units[2]!.trim(), line: lineNo });
    else block.fields.push({ keyword, value, line: lineNo });
    last = block;
  });

  if (!sawVersion) throw new CdmError('not a CDM: no CCSDS_CDM_VERS line (508.0-B-1 Table 3-1)', { keyword: 'CCSDS_CDM_VERS' });
  last.comments.push(...pending);
  return { header, relative, objects };
}

/** A CDM in KVN, or a CdmError naming the line and keyword at fault. */
export function readCdmKvn(text: string): Cdm {
  return decodeCdm(readCdmKvnBlocks(text));
}
