import type { IsraeliSatellite } from '@contracts/satellites.ts';
import { numericCell, type CsvColumn } from '@/lib/csv';

/**
 * The fleet's satellites as CSV (issue 14): the Israeli Satellites page's cards and the
 * tracking card's Active Satellites list. Every field of a card, numbers in full (the
 * position's numeric strings written as numbers), times ISO 8601 UTC.
 */
export const ISRAELI_SATELLITE_CSV_COLUMNS: readonly CsvColumn<IsraeliSatellite>[] = [
  { header: 'Name', value: (s) => s.name },
  { header: 'NORAD ID', value: (s) => s.id },
  { header: 'COSPAR ID', value: (s) => s.cosparId },
  { header: 'Category', value: (s) => s.category },
  { header: 'Latitude (deg)', value: (s) => numericCell(s.currentPosition.latitude) },
  { header: 'Longitude (deg)', value: (s) => numericCell(s.currentPosition.longitude) },
  { header: 'Altitude now (km)', value: (s) => numericCell(s.currentPosition.altitude) },
  { header: 'Velocity (km/s)', value: (s) => s.currentPosition.velocity },
  { header: 'Position time (UTC)', value: (s) => s.currentPosition.timestamp },
  { header: 'Position error', value: (s) => s.currentPosition.error },
  { header: 'Period (min)', value: (s) => s.period },
  { header: 'Inclination (deg)', value: (s) => s.inclination },
  { header: 'Mean altitude (km)', value: (s) => s.altitude },
  { header: 'RCS (m²)', value: (s) => s.rcs },
  { header: 'Mass (kg)', value: (s) => s.mass },
  { header: 'Element-set epoch (UTC)', value: (s) => s.lastUpdate },
  { header: 'Element source', value: (s) => s.elementSource },
  { header: 'Description', value: (s) => s.description },
];
