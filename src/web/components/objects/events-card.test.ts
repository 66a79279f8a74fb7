import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { makeListItem } from '@/components/alerts/alerts-fixtures';
import { OBJECT_EVENTS_CSV_COLUMNS, objectEventsCsv } from './events-card';

describe('objectEventsCsv', () => {
  it('writes one row per conjunction event and proximity, naming the other object, values in full precision', () => {
    const event = makeListItem({ conjunctionId: 'CNJ-2021-001', status: 'closed' });
    const proximity = {
      id: 3,
      primaryObject: { noradId: 25544, name: 'ISS (ZARYA)', cosparId: '1998-067A', objectType: 'payload', owner: 'ISS' },
      secondaryObject: { noradId: 49044, name: '=HYPERLINK("x")', cosparId: '2021-066A', objectType: 'payload', owner: 'ISS' },
      kind: 'attached' as const,
      start: '2023-10-09T00:00:00.000Z',
      end: '2023-10-10T00:00:00.000Z',
      minDistance: 28.1,
      maxDistance: 31.2,
      meanDistance: 29.9,
      relativeSpeed: 0.01,
      status: 'open' as const,
      firstDetected: '2023-10-09T00:00:00.000Z',
      lastUpdated: '2023-10-09T06:00:00.000Z',
    };
    // TERRA (25994) is the event's primary: the other object is the secondary.
    const csv = objectEventsCsv(25994, [event], [{ ...proximity, primaryObject: { ...proximity.primaryObject, noradId: 25994 } }]);
    expect(csv.split('\r\n')[0]).toBe(OBJECT_EVENTS_CSV_COLUMNS.join(','));
    const rows = Papa.parse<string[]>(csv, { skipEmptyLines: true }).data.slice(1);
    expect(rows).toEqual([
      ['conjunction', 'CNJ-2021-001', 'closed', 'IRIDIUM 33 DEB', '37558', '2021-03-24T15:10:47.417Z', '', '108.4', '0.021173811560368256', 'critical'],
      // A name a spreadsheet would run as a formula is defused.
      ['attached', '3', 'open', `'=HYPERLINK("x")`, '49044', '2023-10-09T00:00:00.000Z', '2023-10-10T00:00:00.000Z', '28.1', '', ''],
    ]);
  });
});
