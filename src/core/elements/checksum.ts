/**
 * TLE line checksum (column 69): the sum of the digits in columns 1–68, with each minus
 * sign counting 1 and every other character 0, modulo 10 (Space-Track TLE format
 * documentation; CelesTrak "NORAD Two-Line Element Set Format").
 */

const ZERO = 0x30; // '0'
const NINE = 0x39; // '9'
const MINUS = 0x2d; // '-'

/** The checksum digit of the first 68 characters of `line`. */
export function tleChecksum(line: string): number {
  // Character codes rather than one-character strings: every line of a catalogue is summed, twice per record.
  // Only ASCII '0'–'9' and '-' count, so reading UTF-16 code units (not code points) changes nothing.
  const end = Math.min(line.length, 68);
  let sum = 0;
  for (let i = 0; i < end; i += 1) {
    const code = line.charCodeAt(i);
    if (code >= ZERO && code <= NINE) sum += code - ZERO;
    else if (code === MINUS) sum += 1;
  }
  return sum % 10;
}

/** True when column 69 holds the right checksum digit. */
export function hasValidChecksum(line: string): boolean {
  const digit = line.charCodeAt(68); // NaN when the line is shorter
  return digit >= ZERO && digit <= NINE && digit - ZERO === tleChecksum(line);
}
