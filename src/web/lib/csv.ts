import Papa from 'papaparse';

/*
 * Lists as CSV (issue 14, "CSV export of every list"): a header line, then one row per item in
 * the order shown. Numbers in full precision, times as ISO 8601 UTC; papaparse quotes what needs
 * quoting and defuses text a spreadsheet would run as a formula (numbers are left alone); CRLF
 * line ends as RFC 4180 has them.
 */

export type CsvCell = string | number | null | undefined;

export function toCsv(fields: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return Papa.unparse({ fields: [...fields], data: rows.map((r) => r.map((c) => c ?? null)) }, { escapeFormulae: true, newline: '\r\n' });
}

/** '{prefix}-20250301-1204.csv': the UTC date and minute of `now`. */
export function csvName(prefix: string, now: number): string {
  const iso = new Date(now).toISOString();
  return `${prefix}-${iso.slice(0, 10).replace(/-/g, '')}-${iso.slice(11, 13)}${iso.slice(14, 16)}.csv`;
}

/** One column of a list's CSV: its header (with the unit, e.g. 'Miss distance (m)') and a row's cell. */
export interface CsvColumn<T> {
  readonly header: string;
  readonly value: (row: T) => CsvCell;
}

/** The CSV of `rows` in `columns`: the headers, then one line per row in the order given. */
export function columnsCsv<T>(rows: readonly T[], columns: readonly CsvColumn<T>[]): string {
  return toCsv(
    columns.map((column) => column.header),
    rows.map((row) => columns.map((column) => column.value(row))),
  );
}

/**
 * A number the API sends as text ('-34.56789', '' when there is none) as a number, so it is
 * written as one: text starting with '-' would be defused as a formula ("'-34.5").
 */
export function numericCell(text: string): number | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}
