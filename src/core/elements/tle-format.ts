/**
 * TLE writer: the inverse of tle-parse.ts, same column layout (Space-Track TLE format
 * documentation), with correct column-69 checksums. Values are rounded to what the columns
 * hold (angles 1e-4°, eccentricity 1e-7, mean motion 1e-8 rev/day, epoch 1e-8 day, B* and n̈/6
 * to 5 significant digits), so an OMM with more digits loses them; a set read from a TLE
 * writes back the same numbers.
 */
import { formatTleEpoch } from '../time/tle-epoch.ts';
import { encodeAlpha5 } from './alpha5.ts';
import { tleChecksum } from './checksum.ts';
import { cosparToTle } from './cospar.ts';
import type { ElementSet } from './element-set.ts';
import { formatImpliedDecimal } from './numbers.ts';

export interface TleLines {
  readonly line1: string;
  readonly line2: string;
}

function fixed(value: number, width: number, decimals: number, what: string): string {
  const text = value.toFixed(decimals);
  if (text.length > width) throw new RangeError(`${what} ${value} does not fit in ${width} columns`);
  return text.padStart(width, ' ');
}

/** "±.NNNNNNNN" (columns 34–43): n˙/2 with the leading zero dropped. */
function firstDerivative(value: number): string {
  const text = Math.abs(value).toFixed(8);
  if (!text.startsWith('0.')) throw new RangeError(`mean motion derivative ${value} does not fit in columns 34–43`);
  return `${value < 0 && Number(text) !== 0 ? '-' : ' '}${text.slice(1)}`;
}

function eccentricityDigits(e: number): string {
  const text = e.toFixed(7);
  if (!text.startsWith('0.')) throw new RangeError(`eccentricity ${e} cannot be written in a TLE`);
  return text.slice(2);
}

function count(value: number, width: number, what: string): string {
  // Columns that overflow keep their low digits, as element set and revolution counters do at Space-Track.
  if (!Number.isInteger(value) || value < 0) throw new RangeError(`${what} ${value} is not a non-negative integer`);
  return String(value % 10 ** width).padStart(width, ' ');
}

function withChecksum(line68: string): string {
  return `${line68}${tleChecksum(line68)}`;
}

/** Lines 1 and 2 of an element set. Throws a RangeError for values the format cannot hold. */
export function formatTle(set: ElementSet): TleLines {
  const catalogue = encodeAlpha5(set.norad);
  const line1 =
    `1 ${catalogue}${set.classification} ${cosparToTle(set.cosparId)} ${formatTleEpoch(set.epoch)} ` +
    `${firstDerivative(set.meanMotionDot)} ${formatImpliedDecimal(set.meanMotionDdot)} ${formatImpliedDecimal(set.bstar)} ` +
    `${count(set.ephemerisType, 1, 'ephemeris type')} ${count(set.elementSetNo, 4, 'element set number')}`;
  const line2 =
    `2 ${catalogue} ${fixed(set.inclination, 8, 4, 'inclination')} ${fixed(set.raan, 8, 4, 'RAAN')} ` +
    `${eccentricityDigits(set.eccentricity)} ${fixed(set.argPerigee, 8, 4, 'argument of perigee')} ` +
    `${fixed(set.meanAnomaly, 8, 4, 'mean anomaly')} ${fixed(set.meanMotion, 11, 8, 'mean motion')}${count(set.revAtEpoch, 5, 'revolution number')}`;
  return { line1: withChecksum(line1), line2: withChecksum(line2) };
}

/** TLE text of many sets, CRLF-free: "0 NAME" lines first when `names` is '3le' (Space-Track style). */
export function formatTleText(sets: readonly ElementSet[], names: '3le' | 'none' = '3le'): string {
  return sets
    .map((set) => {
      const { line1, line2 } = formatTle(set);
      return names === '3le' ? `0 ${set.name ?? ''}\n${line1}\n${line2}\n` : `${line1}\n${line2}\n`;
    })
    .join('');
}
