/**
 * Catalogue numbers in the 5-character TLE field, including Alpha-5.
 *
 * Alpha-5 (Space-Track, "Alpha-5" note in the TLE format documentation, introduced 2020)
 * extends the field past 99,999 by replacing the first digit with a letter worth 10–33:
 * A=10 … H=17, J=18 … N=22, P=23 … Z=33 (I and O are skipped, being easy to confuse
 * with 1 and 0). So 'A0000' = 100,000, 'T0000' = 270,000 and 'Z9999' = 339,999.
 */

const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
export const MAX_ALPHA5 = 339_999;

// Compiled once: decodeAlpha5 runs twice for every record of a catalogue.
const ALPHA5_FIELD = /^[0-9A-HJ-NP-Z]\d{0,4}$/;
const DIGITS = /^\d+$/;

/** The catalogue number of a 5-character field (leading blanks read as zeros), or undefined if malformed. */
export function decodeAlpha5(field: string): number | undefined {
  const text = field.trim();
  if (!ALPHA5_FIELD.test(text)) return undefined;
  if (DIGITS.test(text)) return Number(text);
  if (text.length !== 5) return undefined;
  return (LETTERS.indexOf(text[0]!) + 10) * 10_000 + Number(text.slice(1));
}

/** The 5-character field of a catalogue number 0–339,999. Throws a RangeError otherwise. */
export function encodeAlpha5(norad: number): string {
  if (!Number.isInteger(norad) || norad < 0 || norad > MAX_ALPHA5) {
    throw new RangeError(`catalogue number ${norad} cannot be written in a TLE (0–${MAX_ALPHA5})`);
  }
  if (norad < 100_000) return String(norad).padStart(5, '0');
  return `${LETTERS[Math.floor(norad / 10_000) - 10]}${String(norad % 10_000).padStart(4, '0')}`;
}
