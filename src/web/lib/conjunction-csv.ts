import type { ConjunctionListItem } from '../../contracts/conjunction-events.ts';
import { formatRelativeTca } from '@/lib/conjunction-format';
import { csvName, toCsv } from '@/lib/csv';

/*
 * The Conjunction Alerts table as CSV (issue 11): the rows loaded, in the order
 * shown, one column per table column (R/T/N and both objects' NORAD ids split
 * out). Numbers are written in full precision, times as ISO 8601 UTC; Papa
 * quotes what needs quoting and defuses text that a spreadsheet would run as a
 * formula (numbers are left alone).
 */

export const CSV_COLUMNS = [
  'Conjunction ID',
  'Status',
  'TCA (UTC)',
  'Time to TCA',
  'Primary',
  'Primary NORAD ID',
  'Secondary',
  'Secondary NORAD ID',
  'Miss (m)',
  'Radial (m)',
  'In-track (m)',
  'Cross-track (m)',
  'Relative speed (km/s)',
  'Pc',
  'Pc method',
  'Risk',
  'Source',
  'Last update (UTC)',
] as const;

/** One CSV row of `item`, `now` giving the time to TCA as the table shows it. */
function csvRow(item: ConjunctionListItem, now: number): (string | number | null)[] {
  return [
    item.conjunctionId,
    item.status,
    item.tca,
    formatRelativeTca(item.tca, now),
    item.primaryObject.name,
    item.primaryObject.noradId,
    item.secondaryObject.name,
    item.secondaryObject.noradId,
    item.missDistance,
    item.radial,
    item.inTrack,
    item.crossTrack,
    item.relativeVelocity,
    item.collisionProbability,
    item.pcMethod,
    item.riskLevel,
    item.source,
    item.lastUpdated,
  ];
}

/** The CSV text of `items` (header line first, CRLF line ends as RFC 4180 has them). */
export function conjunctionsCsv(items: readonly ConjunctionListItem[], now: number): string {
  return toCsv(CSV_COLUMNS, items.map((item) => csvRow(item, now)));
}

/** 'conjunctions-20250301-1204.csv': the UTC date and minute of `now`. */
export function csvFileName(now: number): string {
  return csvName('conjunctions', now);
}
