/**
 * The pure parts of reading an uploaded OEM for storage: which OBJECT_IDs are international
 * designators (CCSDS 502.0 Table 5-3, "YYYY-NNNP{PP}", and the TLE's "YYNNNP{PP}"), and whether a
 * file's segments hold a window without a gap.
 */
import { describe, expect, it } from 'vitest';
import type { OemSegment } from '../../../core/ephemeris/index.ts';
import { internationalDesignator, MAX_XML_DEPTH, MAX_XML_ELEMENTS, segmentsCover, xmlShapeProblem } from './ephemeris-file.ts';

describe('internationalDesignator', () => {
  it.each([
    ['1998-043D', '1998-043D'],
    [' 1998-043d ', '1998-043D'],
    ['98043D', '1998-043D'],
    ['08002A', '2008-002A'],
    ['2014-033AAM', '2014-033AAM'],
    ['2014-033AAAM', undefined],
    ['1998-043', undefined],
    ['98043', undefined],
    ['25397', undefined],
    ['SAT-1', undefined],
    ['', undefined],
  ])('%j → %j', (id, want) => {
    expect(internationalDesignator(id)).toBe(want);
  });
});

describe('segmentsCover', () => {
  const segment = (useableStart: number, useableStop: number) => ({ span: { start: useableStart, stop: useableStop, useableStart, useableStop } }) as unknown as OemSegment;

  it('holds a window inside one segment, or across segments that meet or overlap, in any order', () => {
    expect(segmentsCover([segment(0, 100)], 0, 100)).toBe(true);
    expect(segmentsCover([segment(0, 100)], 10, 90)).toBe(true);
    expect(segmentsCover([segment(50, 100), segment(0, 50)], 10, 90)).toBe(true);
    expect(segmentsCover([segment(40, 100), segment(0, 60), segment(90, 200)], 10, 150)).toBe(true);
    expect(segmentsCover([segment(0, 10), segment(20, 30), segment(25, 100)], 20, 100)).toBe(true);
  });

  it('does not hold a window across a gap or beyond the segments', () => {
    expect(segmentsCover([segment(0, 40), segment(41, 100)], 10, 90)).toBe(false);
    expect(segmentsCover([segment(0, 100)], -1, 50)).toBe(false);
    expect(segmentsCover([segment(0, 100)], 50, 101)).toBe(false);
    expect(segmentsCover([], 0, 0)).toBe(false);
  });
});

describe('xmlShapeProblem', () => {
  it('passes an OEM, comments, CDATA and declarations whatever they hold', () => {
    const oem = `<?xml version="1.0"?>\n<!DOCTYPE oem>\n<!-- <a><b><c> -->\n<oem version="3.0"><header><COMMENT><![CDATA[<x><y>]]></COMMENT></header><body><segment><metadata/><data><stateVector><X>1</X></stateVector></data></segment></body></oem>`;
    expect(xmlShapeProblem(oem)).toBeUndefined();
    expect(xmlShapeProblem(`${'<a>'.repeat(MAX_XML_DEPTH)}${'</a>'.repeat(MAX_XML_DEPTH)}`)).toBeUndefined();
    expect(xmlShapeProblem('<a><b')).toBeUndefined();
  });

  it('names where nesting or the element count goes too far', () => {
    expect(xmlShapeProblem('<a>'.repeat(1_000_000))).toEqual({ at: 3 * MAX_XML_DEPTH, reason: `elements nested more than ${MAX_XML_DEPTH} deep: an OEM nests 7 deep` });
    expect(xmlShapeProblem(`<r>${'<a/>'.repeat(MAX_XML_ELEMENTS)}</r>`)).toEqual({ at: 3 + 4 * (MAX_XML_ELEMENTS - 1), reason: expect.stringContaining('more than 1,000,000 XML elements') });
  });
});
