/**
 * A small, dependency-free XML reader: enough for CCSDS NDM/OMM XML (CCSDS 505.0-B-2),
 * not a general parser. It reads elements, attributes, text, CDATA, comments, the XML
 * declaration, processing instructions and a DOCTYPE without an internal subset, and decodes
 * the five predefined entities and numeric character references (XML 1.0, §2.4, §4.6).
 * Namespace prefixes are kept in `name`; `localName` drops them. Malformed input throws an
 * XmlError carrying the 1-based line.
 */

export interface XmlElement {
  readonly name: string;
  readonly localName: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: XmlElement[];
  /** Concatenated character data directly inside this element, entities decoded. */
  text: string;
  /** 1-based line of the start tag. */
  readonly line: number;
}

export class XmlError extends Error {
  override name = 'XmlError';
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(`line ${line}: ${message}`);
  }
}

const NAME = /[A-Za-z_:][-A-Za-z0-9_:.]*/y;
const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeEntities(raw: string, line: number): string {
  return raw.replace(/&([^;\s&]*);?/g, (match, entity: string) => {
    if (!match.endsWith(';')) throw new XmlError(`'&' not part of an entity reference`, line);
    if (entity in PREDEFINED) return PREDEFINED[entity]!;
    const code = entity.startsWith('#x') ? Number.parseInt(entity.slice(2), 16) : entity.startsWith('#') ? Number(entity.slice(1)) : NaN;
    if (!Number.isInteger(code) || code < 0 || code > 0x10ffff) throw new XmlError(`unknown entity '&${entity};'`, line);
    return String.fromCodePoint(code);
  });
}

/** Parse a document and return its root element. */
export function readXml(source: string): XmlElement {
  const text = source.replace(/^\uFEFF/, '');
  let pos = 0;
  let line = 1;
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;

  const advanceTo = (next: number) => {
    for (let i = pos; i < next; i += 1) if (text.charCodeAt(i) === 10) line += 1;
    pos = next;
  };
  const skipPast = (terminator: string, what: string) => {
    const end = text.indexOf(terminator, pos);
    if (end < 0) throw new XmlError(`unterminated ${what}`, line);
    const content = text.slice(pos, end);
    advanceTo(end + terminator.length);
    return content;
  };
  const readName = (): string => {
    NAME.lastIndex = pos;
    const m = NAME.exec(text);
    if (!m) throw new XmlError('expected a name', line);
    advanceTo(pos + m[0].length);
    return m[0];
  };
  const skipSpace = () => {
    let next = pos;
    while (next < text.length && /\s/.test(text[next]!)) next += 1;
    advanceTo(next);
  };

  while (pos < text.length) {
    const lt = text.indexOf('<', pos);
    const chunk = text.slice(pos, lt < 0 ? text.length : lt);
    const top = stack.at(-1);
    if (top) top.text += decodeEntities(chunk, line);
    else if (chunk.trim() !== '') throw new XmlError('text outside the root element', line);
    advanceTo(lt < 0 ? text.length : lt);
    if (lt < 0) break;

    if (text.startsWith('<!--', pos)) {
      advanceTo(pos + 4);
      skipPast('-->', 'comment');
    } else if (text.startsWith('<![CDATA[', pos)) {
      if (!top) throw new XmlError('CDATA outside the root element', line);
      advanceTo(pos + 9);
      top.text += skipPast(']]>', 'CDATA section');
    } else if (text.startsWith('<?', pos)) {
      advanceTo(pos + 2);
      skipPast('?>', 'processing instruction');
    } else if (text.startsWith('<!DOCTYPE', pos)) {
      if (text.indexOf('[', pos) >= 0 && text.indexOf('[', pos) < text.indexOf('>', pos)) {
        throw new XmlError('DOCTYPE with an internal subset is not supported', line);
      }
      skipPast('>', 'DOCTYPE');
    } else if (text.startsWith('</', pos)) {
      advanceTo(pos + 2);
      const name = readName();
      skipSpace();
      if (text[pos] !== '>') throw new XmlError(`malformed end tag </${name}`, line);
      advanceTo(pos + 1);
      const open = stack.pop();
      if (!open) throw new XmlError(`end tag </${name}> without a start tag`, line);
      if (open.name !== name) throw new XmlError(`expected </${open.name}> (opened on line ${open.line}), found </${name}>`, line);
    } else {
      advanceTo(pos + 1);
      const startLine = line;
      const name = readName();
      const attributes: Record<string, string> = {};
      for (;;) {
        skipSpace();
        if (text.startsWith('/>', pos) || text[pos] === '>') break;
        if (pos >= text.length) throw new XmlError(`unterminated start tag <${name}`, startLine);
        const attribute = readName();
        skipSpace();
        if (text[pos] !== '=') throw new XmlError(`attribute ${attribute} has no value`, line);
        advanceTo(pos + 1);
        skipSpace();
        const quote = text[pos];
        if (quote !== '"' && quote !== "'") throw new XmlError(`attribute ${attribute} value is not quoted`, line);
        advanceTo(pos + 1);
        attributes[attribute] = decodeEntities(skipPast(quote, 'attribute value'), line);
      }
      const element: XmlElement = { name, localName: name.slice(name.indexOf(':') + 1), attributes, children: [], text: '', line: startLine };
      if (top) top.children.push(element);
      else if (root) throw new XmlError('more than one root element', startLine);
      else root = element;
      if (text.startsWith('/>', pos)) advanceTo(pos + 2);
      else {
        advanceTo(pos + 1);
        stack.push(element);
      }
    }
  }
  const unclosed = stack.at(-1);
  if (unclosed) throw new XmlError(`<${unclosed.name}> opened on line ${unclosed.line} is never closed`, line);
  if (!root) throw new XmlError('no root element', line);
  return root;
}

/**
 * Every element below `element` (depth first, document order) whose local name is `localName`. A loop
 * with its own stack: the nesting is the uploader's, and a recursion 100,000 elements deep would overflow
 * the call stack (readXml builds such a tree without trouble).
 */
export function descendants(element: XmlElement, localName: string): XmlElement[] {
  const found: XmlElement[] = [];
  const stack = [...element.children].reverse();
  while (stack.length > 0) {
    const e = stack.pop()!;
    if (e.localName === localName) found.push(e);
    for (let i = e.children.length - 1; i >= 0; i -= 1) stack.push(e.children[i]!);
  }
  return found;
}
