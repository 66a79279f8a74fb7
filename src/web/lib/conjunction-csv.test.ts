import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { makeListItem } from '@/components/alerts/alerts-fixtures';
import { conjunctionsCsv, CSV_COLUMNS, csvFileName } from '@/lib/conjunction-csv';

const NOW = Date.parse('2021-03-24T12:00:00.000Z');

describe('conjunction CSV', () => {
  it('writes a header and one row per event, numbers in full, in the order given', () => {
    const csv = conjunctionsCsv(
      [makeListItem(), makeListItem({ conjunctionId: 'CNJ-2021-002', collisionProbability: null, pcMethod: 'pc3d', riskLevel: 'low', source: 'screening' })],
      NOW,
    );
    const lines = csv.split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe(CSV_COLUMNS.join(','));
    expect(lines[1]).toBe(
      'CNJ-2021-001,closed,2021-03-24T15:10:47.417Z,in 3 h 10 min,TERRA,25994,IRIDIUM 33 DEB,37558,108.4,12.3,-45.6,97.8,11.073,0.021173811560368256,pc2d,critical,CARA,2021-03-23T15:43:56.000Z',
    );
    expect(lines[2]).toContain('CNJ-2021-002');
    expect(lines[2]).toContain(',,pc3d,low,screening,');
  });

  it('quotes what needs quoting and defuses formulas in text, not numbers', () => {
    const item = makeListItem({
      primaryObject: { noradId: 1, name: 'SAT, "A"', cosparId: null, objectType: 'payload', owner: null },
      secondaryObject: { noradId: 2, name: '=HYPERLINK("x")', cosparId: null, objectType: 'debris', owner: null },
      inTrack: -45.6,
    });
    const rows = Papa.parse<string[]>(conjunctionsCsv([item], NOW), { skipEmptyLines: true }).data;
    expect(rows[1]?.[4]).toBe('SAT, "A"');
    expect(rows[1]?.[6]).toBe('\'=HYPERLINK("x")');
    expect(rows[1]?.[10]).toBe('-45.6');
  });

  it('writes only the header for no rows', () => {
    expect(conjunctionsCsv([], NOW).trimEnd()).toBe(CSV_COLUMNS.join(','));
  });

  it("names the file by the UTC minute: 'conjunctions-YYYYMMDD-HHmm.csv'", () => {
    expect(csvFileName(Date.parse('2025-03-01T07:04:59.999Z'))).toBe('conjunctions-20250301-0704.csv');
    expect(csvFileName(Date.parse('2025-12-31T23:59:00+02:00'))).toBe('conjunctions-20251231-2159.csv');
  });
});
