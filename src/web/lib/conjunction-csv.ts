import type { ConjunctionListItem } from '@contracts/conjunction-events.ts';
import { formatRelativeTca } from '@/lib/conjunction-format';
import { columnsCsv, csvName, type CsvColumn } from '@/lib/csv';

/*
 * The Conjunction Alerts table as CSV (issue 11): the rows, in the order
 * shown, one column per table column (R/T/N and both objects' NORAD ids split
 * out). Numbers are written in full precision, times as ISO 8601 UTC; Papa
 * quotes what needs quoting and defuses text that a spreadsheet would run as a
 * formula (numbers are left alone).
 */

/** The columns, `now` giving the time to TCA as the table shows it. */
export function conjunctionCsvColumns(now: number): CsvColumn<ConjunctionListItem>[] {
  return [
    { header: 'Conjunction ID', value: (item) => item.conjunctionId },
    { header: 'Status', value: (item) => item.status },
    { header: 'TCA (UTC)', value: (item) => item.tca },
    { header: 'Time to TCA', value: (item) => formatRelativeTca(item.tca, now) },
    { header: 'Primary', value: (item) => item.primaryObject.name },
    { header: 'Primary NORAD ID', value: (item) => item.primaryObject.noradId },
    { header: 'Secondary', value: (item) => item.secondaryObject.name },
    { header: 'Secondary NORAD ID', value: (item) => item.secondaryObject.noradId },
    { header: 'Miss (m)', value: (item) => item.missDistance },
    { header: 'Radial (m)', value: (item) => item.radial },
    { header: 'In-track (m)', value: (item) => item.inTrack },
    { header: 'Cross-track (m)', value: (item) => item.crossTrack },
    { header: 'Relative speed (km/s)', value: (item) => item.relativeVelocity },
    { header: 'Pc', value: (item) => item.collisionProbability },
    { header: 'Pc method', value: (item) => item.pcMethod },
    { header: 'Risk', value: (item) => item.riskLevel },
    { header: 'Source', value: (item) => item.source },
    { header: 'Last update (UTC)', value: (item) => item.lastUpdated },
  ];
}

export const CSV_COLUMNS: readonly string[] = conjunctionCsvColumns(0).map((column) => column.header);

/** The CSV text of `items` (header line first, CRLF line ends as RFC 4180 has them). */
export function conjunctionsCsv(items: readonly ConjunctionListItem[], now: number): string {
  return columnsCsv(items, conjunctionCsvColumns(now));
}

/** The file name's prefix: 'conjunctions-YYYYMMDD-HHmm.csv'. */
export const CONJUNCTIONS_CSV_NAME = 'conjunctions';

/** 'conjunctions-20250301-1204.csv': the UTC date and minute of `now`. */
export function csvFileName(now: number): string {
  return csvName(CONJUNCTIONS_CSV_NAME, now);
}
