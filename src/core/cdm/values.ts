/**
 * CDM value text ↔ numbers and times (CCSDS 508.0-B-1 §6.3.2 for KVN; §6.4.2 defers XML to the
 * XML Schema double, integer and ndm:epochType, which accept the same forms).
 */
import { parseFloatStrict, parseIntegerStrict } from '../elements/numbers.ts';
import { formatUtc, parseUtc } from '../time/iso-time.ts';
import type { UtcMs } from '../units.ts';

/** §6.3.2.1: integers are 32-bit signed. */
const INT32_MIN = -2_147_483_648;
const INT32_MAX = 2_147_483_647;

/** Fixed or floating point (§6.3.2.2–3: "4.835E-05", "715", "-14692.0"), else undefined. */
export function parseDouble(text: string): number | undefined {
  const value = parseFloatStrict(text);
  return value !== undefined && Number.isFinite(value) ? value : undefined;
}

/** A 32-bit signed integer (§6.3.2.1), leading zeros allowed, else undefined. */
export function parseInteger(text: string): number | undefined {
  const value = parseIntegerStrict(text);
  return value !== undefined && value >= INT32_MIN && value <= INT32_MAX ? value : undefined;
}

/**
 * A time tag "yyyy-mm-ddThh:mm:ss[.d→d][Z]" or "yyyy-dddThh:mm:ss[.d→d][Z]" (§6.3.2.6), UTC,
 * else undefined. The fraction is kept below the millisecond.
 */
export function parseTime(text: string): UtcMs | undefined {
  return parseUtc(text);
}

/**
 * A time tag as §6.3.2.6 asks: calendar form, no 'Z' ("because all times in the CDM are UTC, the
 * 'Z' indicator … should be omitted"), rounded to the microsecond, at least milliseconds shown
 * and trailing zeros beyond them dropped: "2010-03-13T22:37:52.618".
 */
export function formatTime(t: UtcMs): string {
  return formatUtc(t, 6).replace(/(\.\d{3}\d*?)0+$/, '$1');
}

/**
 * A double as the shortest text that reads back to the same number (ECMAScript Number::toString),
 * in fixed point when that has at most 17 digits, else as a mantissa with one digit before the
 * point and an exponent ("4.835E-5", §6.3.2.3). 508.0-B-1 speaks of 16 significant digits; an IEEE
 * double needs up to 17 to read back exactly, and real CDMs carry more (CARA writes 19).
 */
export function formatDouble(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`${value} cannot be written in a CDM`);
  const plain = String(value === 0 ? 0 : value);
  if (!/e/i.test(plain) && plain.replace(/[^0-9]/g, '').length <= 17) return plain;
  const [mantissa, exponent] = value.toExponential().split('e') as [string, string];
  return `${mantissa.includes('.') ? mantissa : `${mantissa}.0`}E${exponent}`;
}

/** An integer as decimal digits. */
export function formatInteger(value: number): string {
  if (!Number.isInteger(value) || value < INT32_MIN || value > INT32_MAX) throw new RangeError(`${value} is not a 32-bit integer`);
  return String(value);
}
