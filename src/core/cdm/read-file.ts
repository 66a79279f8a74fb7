/**
 * One uploaded file → every conjunction message it holds, each decoded or rejected with its
 * position and reason, so that the good messages are kept when others are bad. Three forms:
 *
 * - KVN (CCSDS 508.0-B-1 §6): messages one after another, each beginning at its CCSDS_CDM_VERS line
 *   (§6.3.1.2: "the first keyword in the CDM shall be CCSDS_CDM_VERS"), COMMENT lines just before it
 *   being its own (§6.3.4 comments precede what they describe). Each is read by kvn-read.ts; a
 *   fault's line, relative to the message, is moved to the file's.
 * - XML (§4): one <cdm> document, several concatenated, or several <cdm> elements inside a combined
 *   NDM <ndm> wrapper (CCSDS 505.0-B, NDM/XML). Each <cdm …>…</cdm> element, with its attributes and
 *   the wrapper's namespace declarations, is read by xml-read.ts as a document of its own.
 * - JSON as Space-Track serves it, `cdm` or `cdm_public` records (space-track-json.ts).
 *
 * A byte-order mark, CR LF / CR / LF CR line ends (§6.2.2.4) and blank lines (§6.2.2.3) are allowed
 * anywhere. Anything else gives no message and one rejection saying what was expected.
 */
import { CdmError } from './cdm-error.ts';
import { COMMENT_LINE, LINE_END, readCdmKvn, VERSION_LINE } from './kvn-read.ts';
import { readSpaceTrackRecord } from './space-track-json.ts';
import { summaryOfCdm, type CdmFileRejection, type CdmFileResult, type ReceivedCdm } from './received-cdm.ts';
import { readCdmXml } from './xml-read.ts';

export type { CdmFileRejection, CdmFileResult, CdmSummary, ReceivedCdm, ReceivedFormat, ReceivedObject } from './received-cdm.ts';

const EXPECTED =
  'expected KVN starting with CCSDS_CDM_VERS (CCSDS 508.0-B-1 §6.3.1.2), XML with <cdm> elements (508.0-B-1 §4; ' +
  'one document, several, or an <ndm> wrapper, CCSDS 505.0-B), or Space-Track conjunction JSON (cdm or cdm_public records)';

/** The file as a whole is no CDM file: no message, one rejection saying what it is and what was expected. */
function notCdmFile(what: string): CdmFileResult {
  return { messages: [], rejected: [{ index: null, line: null, messageId: null, reason: `${what}: ${EXPECTED}` }] };
}

/** A fault's text without the reader's "line N: " (the rejection carries the file's line). */
function reasonOf(error: CdmError): string {
  return error.message.replace(/^line \d+: /, '');
}

/** Control characters other than tab, LF, VT, FF, CR: a binary file read as text. */
function looksBinary(text: string): boolean {
  for (let i = 0; i < Math.min(text.length, 4096); i += 1) {
    const c = text.charCodeAt(i);
    if (c < 9 || (c > 13 && c < 32 && c !== 27)) return true;
  }
  return false;
}

export function readCdmFile(text: string): CdmFileResult {
  const body = text.replace(/^\uFEFF/, '');
  const start = body.trimStart();
  if (start === '') return notCdmFile('the file is empty');
  if (looksBinary(body)) return notCdmFile('the file holds binary data');
  if (start.startsWith('<')) return readXmlFile(body);
  if (start.startsWith('[') || start.startsWith('{')) return readJsonFile(body);
  const lines = body.split(LINE_END).map((line) => line.trim());
  if (lines.some((line) => VERSION_LINE.test(line))) return readKvnFile(body);
  // Another CCSDS NDM in KVN (OMM, OPM, OEM, …: CCSDS 502.0-B, 505.0-B) says what it is in its version keyword.
  const other = lines.map((line) => /^CCSDS_([A-Z]{3})_VERS\s*=/i.exec(line)?.[1]).find((type) => type !== undefined);
  return notCdmFile(other === undefined ? 'the file has no CCSDS_CDM_VERS line' : `the file is a CCSDS ${other.toUpperCase()} message (CCSDS_${other.toUpperCase()}_VERS), not a CDM`);
}

// --- KVN -------------------------------------------------------------------------------------------

function readKvnFile(body: string): CdmFileResult {
  const lines = body.split(LINE_END);
  const starts = [0, ...[...body.matchAll(LINE_END)].map((m) => m.index + m[0].length)];
  const versions = lines.flatMap((line, i) => (VERSION_LINE.test(line.trim()) ? [i] : []));
  // Each message begins at its version line or at the COMMENT lines just before it.
  const begins = versions.map((v, k) => {
    const floor = k === 0 ? 0 : versions[k - 1]! + 1;
    let b = v;
    while (b > floor && (COMMENT_LINE.test(lines[b - 1]!.trim()) || lines[b - 1]!.trim() === '')) b -= 1;
    while (lines[b]!.trim() === '') b += 1;
    return b;
  });
  const messages: ReceivedCdm[] = [];
  const rejected: CdmFileRejection[] = [];
  const preamble = lines.slice(0, begins[0]).findIndex((line) => line.trim() !== '');
  if (preamble >= 0) {
    rejected.push({
      index: null,
      line: preamble + 1,
      messageId: null,
      reason: `'${lines[preamble]!.trim().slice(0, 60)}' comes before the first CCSDS_CDM_VERS line and belongs to no message (508.0-B-1 §6.3.1.2: a CDM begins with its version line)`,
    });
  }
  versions.forEach((version, index) => {
    const from = begins[index]!;
    const to = begins[index + 1];
    const chunk = body.slice(starts[from], to === undefined ? body.length : starts[to]).trimEnd();
    const firstLine = from + 1;
    try {
      const cdm = readCdmKvn(chunk);
      messages.push({ index, format: 'kvn', line: version + 1, text: chunk, cdm, summary: summaryOfCdm(cdm) });
    } catch (error) {
      if (!(error instanceof CdmError)) throw error;
      const messageId = /^[ \t]*MESSAGE_ID[ \t]*=[ \t]*(\S.*?)[ \t]*$/im.exec(chunk)?.[1] ?? null;
      rejected.push({ index, line: error.line === undefined ? version + 1 : firstLine + error.line - 1, messageId, reason: reasonOf(error) });
    }
  });
  return { messages, rejected };
}

// --- XML -------------------------------------------------------------------------------------------

/** Comments, CDATA, processing instructions and a DOCTYPE blanked out (newlines kept), so '<cdm' inside them is not taken for an element. */
function maskMarkup(text: string): string {
  return text.replace(/<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[[\s\S]*?(?:\]\]>|$)|<\?[\s\S]*?(?:\?>|$)|<!DOCTYPE[^>]*>/gi, (m) => m.replace(/[^\n]/g, ' '));
}

/** The index just past the '>' of the start tag opening at `from`, skipping quoted attribute values. */
function startTagEnd(text: string, from: number): number {
  let quote: string | null = null;
  for (let i = from; i < text.length; i += 1) {
    const c = text[i]!;
    if (quote !== null) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '>') return i + 1;
  }
  return text.length;
}

const NAMESPACE_DECLARATION = /\s(xmlns(?::[A-Za-z_][\w.-]*)?)\s*=\s*("[^"]*"|'[^']*')/g;

interface XmlMessage {
  readonly start: number;
  readonly end: number;
  readonly name: string;
}

/** Every <cdm> (or prefixed ndm:cdm) element of the text: start, end (just past </cdm>, or the text's end if never closed). */
function cdmElements(masked: string): XmlMessage[] {
  const found: XmlMessage[] = [];
  const open = /<((?:[A-Za-z_][\w.-]*:)?cdm)(?=[\s/>])/g;
  for (let m = open.exec(masked); m !== null; m = open.exec(masked)) {
    const name = m[1]!;
    const tagEnd = startTagEnd(masked, m.index);
    let end = tagEnd;
    if (masked[tagEnd - 2] !== '/') {
      const close = new RegExp(`</${name.replace(/\./g, '\\.')}\\s*>`, 'g');
      close.lastIndex = tagEnd;
      const c = close.exec(masked);
      end = c === null ? masked.length : c.index + c[0].length;
    }
    found.push({ start: m.index, end, name });
    open.lastIndex = end;
  }
  return found;
}

/** The 1-based line of an offset, counting LFs as xml-reader.ts does; offsets asked in increasing order. */
function lineCounter(text: string): (offset: number) => number {
  let at = 0;
  let line = 1;
  return (offset) => {
    for (; at < offset; at += 1) if (text.charCodeAt(at) === 10) line += 1;
    return line;
  };
}

function readXmlFile(body: string): CdmFileResult {
  const masked = maskMarkup(body);
  const elements = cdmElements(masked);
  if (elements.length === 0) {
    const root = /<([A-Za-z_][\w.:-]*)/.exec(masked)?.[1];
    if (root !== undefined && /^html$/i.test(root)) return notCdmFile('the file is an HTML page (a login or error page saved in place of the data?)');
    return notCdmFile(`the XML has no <cdm> element${root === undefined ? '' : ` (its root is <${root}>)`}`);
  }
  // Namespaces declared on a wrapper (<ndm xmlns:xsi=…>) go with each message, so it stands alone.
  const rootStart = /<[A-Za-z_]/.exec(masked)?.index ?? 0;
  const rootTag = masked.slice(rootStart, startTagEnd(masked, rootStart));
  const wrapperNamespaces = rootStart === elements[0]!.start ? [] : [...rootTag.matchAll(NAMESPACE_DECLARATION)].map((d) => ({ name: d[1]!, text: d[0] }));
  const lineAt = lineCounter(body);
  const messages: ReceivedCdm[] = [];
  const rejected: CdmFileRejection[] = [];
  elements.forEach(({ start, end, name }, index) => {
    const element = body.slice(start, end);
    const own = new Set([...element.slice(0, startTagEnd(element, 0)).matchAll(NAMESPACE_DECLARATION)].map((d) => d[1]));
    const added = wrapperNamespaces.filter((d) => !own.has(d.name)).map((d) => d.text.replace(/^\s+/, ' '));
    const text = `<${name}${added.join('')}${element.slice(1 + name.length)}`;
    const line = lineAt(start);
    try {
      const cdm = readCdmXml(text);
      messages.push({ index, format: 'xml', line, text, cdm, summary: summaryOfCdm(cdm) });
    } catch (error) {
      if (!(error instanceof CdmError)) throw error;
      const messageId = /<(?:[\w.-]+:)?MESSAGE_ID>\s*([^<]*?)\s*</.exec(element)?.[1] ?? null;
      rejected.push({ index, line: error.line === undefined ? line : line + error.line - 1, messageId: messageId || null, reason: reasonOf(error) });
    }
  });
  return { messages, rejected };
}

// --- JSON ------------------------------------------------------------------------------------------

function readJsonFile(body: string): CdmFileResult {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (error) {
    return notCdmFile(`the file is not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const records = Array.isArray(value) ? value : [value];
  if (records.length === 0) return notCdmFile('the JSON array holds no records');
  const messages: ReceivedCdm[] = [];
  const rejected: CdmFileRejection[] = [];
  records.forEach((record, index) => {
    const result = readSpaceTrackRecord(record, index);
    if ('summary' in result) messages.push(result);
    else rejected.push(result);
  });
  return { messages, rejected };
}
