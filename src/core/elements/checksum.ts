/**
 * TLE line checksum (column 69): the sum of the digits in columns 1–68, with each minus
 * sign counting 1 and every other character 0, modulo 10 (Space-Track TLE format
 * documentation; CelesTrak "NORAD Two-Line Element Set Format").
 */

/** The checksum digit of the first 68 characters of `line`. */
export function tleChecksum(line: string): number {
  let sum = 0;
  for (const ch of line.slice(0, 68)) {
    if (ch >= '0' && ch <= '9') sum += ch.charCodeAt(0) - 48;
    else if (ch === '-') sum += 1;
  }
  return sum % 10;
}

/** True when column 69 holds the right checksum digit. */
export function hasValidChecksum(line: string): boolean {
  const digit = line[68];
  return digit !== undefined && digit >= '0' && digit <= '9' && Number(digit) === tleChecksum(line);
}
