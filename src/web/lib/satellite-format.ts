import { format, isValid } from 'date-fns';
import { UtcDate } from '@/lib/utc-date';

/*
 * Display formats of the satellite fields (spec §3). The spec fixes the
 * fields, not their precision; these follow what SGP4 on public element sets
 * supports (positions good to about a kilometre, so 0.01° is enough).
 */

/** Shown for a value the server does not have (rcs, mass, COSPAR id) or that is not a number. */
export const NO_VALUE = '—';

function parseNumber(value: string | number): number | null {
  const number = typeof value === 'number' ? value : Number.parseFloat(value);
  return Number.isFinite(number) ? number : null;
}

function hemisphere(value: string | number, positive: string, negative: string): string {
  const degrees = parseNumber(value);
  if (degrees === null) return NO_VALUE;
  const rounded = degrees.toFixed(2);
  // -0.001 rounds to '-0.00': call it 0.00° with the positive letter.
  const sign = Number(rounded) < 0 ? negative : positive;
  return `${Math.abs(Number(rounded)).toFixed(2)}° ${sign}`;
}

/** '32.09° N', '12.50° S'. */
export function formatLatitude(value: string | number): string {
  return hemisphere(value, 'N', 'S');
}

/** '34.78° E', '75.25° W'. */
export function formatLongitude(value: string | number): string {
  return hemisphere(value, 'E', 'W');
}

const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** '512.3 km', '35,786.0 km'. */
export function formatKm(value: string | number): string {
  const km = parseNumber(value);
  return km === null ? NO_VALUE : `${oneDecimal.format(km)} km`;
}

/** '7.61 km/s', '—' when the server could not compute a position. */
export function formatVelocity(kmPerSecond: number | null): string {
  return kmPerSecond === null || !Number.isFinite(kmPerSecond) ? NO_VALUE : `${kmPerSecond.toFixed(2)} km/s`;
}

/** '94.6 min', '1,436.1 min'. */
export function formatPeriod(minutes: number): string {
  return Number.isFinite(minutes) ? `${oneDecimal.format(minutes)} min` : NO_VALUE;
}

/** '142.10°'. */
export function formatInclination(degrees: number): string {
  return Number.isFinite(degrees) ? `${degrees.toFixed(2)}°` : NO_VALUE;
}

// RCS spans 0.01 m² cubesats to 100 m² GEO platforms; 3 significant digits suit both.
const rcsNumber = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 3 });

/** '1.2 m²', '0.0123 m²', '—' when unknown. */
export function formatRcs(squareMetres: number | null): string {
  return squareMetres === null || !Number.isFinite(squareMetres) ? NO_VALUE : `${rcsNumber.format(squareMetres)} m²`;
}

const massNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** '6,500 kg', '4.5 kg', '—' when unknown. */
export function formatMass(kilograms: number | null): string {
  return kilograms === null || !Number.isFinite(kilograms) ? NO_VALUE : `${massNumber.format(kilograms)} kg`;
}

/** An ISO timestamp as 'Mar 1, 2025 06:30 UTC'; text that is not a date is shown as received. */
export function formatUtcTimestamp(iso: string): string {
  const date = new UtcDate(iso);
  return isValid(date) ? `${format(date, 'MMM d, yyyy HH:mm')} UTC` : iso;
}
