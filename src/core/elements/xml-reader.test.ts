import { describe, expect, it } from 'vitest';
import { descendants, readXml, XmlError } from './xml-reader.ts';

describe('XML reader', () => {
  it('reads elements, attributes, entities, CDATA and comments with line numbers', () => {
    const root = readXml(`<?xml version="1.0"?>
<!DOCTYPE ndm>
<ns:root a="1" b='x &amp; y'>
  <!-- a comment with <tags> -->
  <item>A &lt; B &#65;&#x42;</item>
  <item><![CDATA[<raw> & text]]></item>
  <empty/>
</ns:root>`);
    expect(root.name).toBe('ns:root');
    expect(root.localName).toBe('root');
    expect(root.attributes).toEqual({ a: '1', b: 'x & y' });
    const items = descendants(root, 'item');
    expect(items.map((i) => [i.text, i.line])).toEqual([
      ['A < B AB', 5],
      ['<raw> & text', 6],
    ]);
    expect(descendants(root, 'empty')[0]!.children).toEqual([]);
  });

  it('throws XmlError with the line of the fault', () => {
    const cases: [string, number, string][] = [
      ['<a>\n<b>\n</a>', 3, 'expected </b>'],
      ['<a>\n<b>', 2, 'never closed'],
      ['<a x=1></a>', 1, 'not quoted'],
      ['<a>&nbsp;</a>', 1, 'unknown entity'],
      ['<a></a><b></b>', 1, 'more than one root'],
      ['text', 1, 'outside the root'],
    ];
    for (const [text, line, message] of cases) {
      try {
        readXml(text);
        expect.unreachable(text);
      } catch (error) {
        expect(error).toBeInstanceOf(XmlError);
        expect((error as XmlError).line, text).toBe(line);
        expect((error as XmlError).message, text).toContain(message);
      }
    }
  });
});
