/**
 * A catalogue-wide run's conjunctions as CSV (issue 14, "CSV export of every list"): one row per
 * conjunction with both objects (name, NORAD id, type, owner), TCA, miss distance, relative speed,
 * Pc and its method, maximum Pc, risk and regime, in full precision. papaparse quotes what needs
 * quoting and defuses text a spreadsheet would run as a formula (RFC 4180, CRLF line ends).
 */
import Papa from 'papaparse';
import type { CatalogConjunction } from '../../../contracts/catalog-screenings.ts';

export const CATALOG_CSV_COLUMNS = [
  'Primary',
  'Primary NORAD ID',
  'Primary type',
  'Primary owner',
  'Secondary',
  'Secondary NORAD ID',
  'Secondary type',
  'Secondary owner',
  'TCA (UTC)',
  'Miss (km)',
  'Relative speed (km/s)',
  'Pc',
  'Pc method',
  'Max Pc',
  'Risk',
  'Regime',
] as const;

/**
 * The header line. An export is this and each chunk's catalogCsvLines joined by CRLF (no line end
 * after the last line, as papaparse writes a whole file).
 */
export function catalogCsvHeader(): string {
  return Papa.unparse([[...CATALOG_CSV_COLUMNS]], { newline: '\r\n' });
}

/** Conjunctions as CSV lines joined by CRLF, no header. */
export function catalogCsvLines(items: readonly CatalogConjunction[]): string {
  return Papa.unparse(
    items.map((c) => [
      c.primary.name,
      c.primary.noradId,
      c.primary.objectType,
      c.primary.owner,
      c.secondary.name,
      c.secondary.noradId,
      c.secondary.objectType,
      c.secondary.owner,
      c.tca,
      c.missDistanceKm,
      c.relativeSpeedKmS,
      c.collisionProbability,
      c.pcMethod,
      c.maxCollisionProbability,
      c.riskLevel,
      c.regime,
    ]),
    { escapeFormulae: true, newline: '\r\n' },
  );
}
