/**
 * Range checks shared by every element-set reader, so a TLE and an OMM are held to the
 * same rules: 0 ≤ e < 1, inclination 0–180°, the other angles 0–360°, mean motion > 0
 * (CCSDS 502.0-B-3 §4 and the Space-Track TLE format documentation).
 */
import type { ElementSet } from './element-set.ts';
import { hasNul, NUL_REASON } from './nul.ts';

function inRange(value: number, min: number, max: number): boolean {
  return Number.isFinite(value) && value >= min && value <= max;
}

function isCount(value: number): boolean {
  return Number.isInteger(value) && value >= 0;
}

/** The first rule `set` breaks, or undefined when it is a usable SGP4 element set. */
export function elementSetProblem(set: ElementSet): string | undefined {
  // A name is stored as text, which cannot hold U+0000 (nul.ts).
  if (set.name !== undefined && hasNul(set.name)) return `object name ${NUL_REASON}`;
  if (!isCount(set.norad)) return `catalogue number ${set.norad} is not a non-negative integer`;
  if (!Number.isFinite(set.epoch)) return 'epoch is not a valid time';
  if (!(Number.isFinite(set.meanMotion) && set.meanMotion > 0)) return `mean motion ${set.meanMotion} rev/day is not positive`;
  if (!(Number.isFinite(set.eccentricity) && set.eccentricity >= 0 && set.eccentricity < 1)) {
    return `eccentricity ${set.eccentricity} is outside [0, 1)`;
  }
  if (!inRange(set.inclination, 0, 180)) return `inclination ${set.inclination}° is outside 0–180°`;
  if (!inRange(set.raan, 0, 360)) return `right ascension of the ascending node ${set.raan}° is outside 0–360°`;
  if (!inRange(set.argPerigee, 0, 360)) return `argument of perigee ${set.argPerigee}° is outside 0–360°`;
  if (!inRange(set.meanAnomaly, 0, 360)) return `mean anomaly ${set.meanAnomaly}° is outside 0–360°`;
  if (!Number.isFinite(set.bstar)) return 'B* is not a number';
  if (!Number.isFinite(set.meanMotionDot)) return 'mean motion derivative is not a number';
  if (!Number.isFinite(set.meanMotionDdot)) return 'mean motion second derivative is not a number';
  if (!isCount(set.elementSetNo)) return `element set number ${set.elementSetNo} is not a non-negative integer`;
  if (!isCount(set.revAtEpoch)) return `revolution number ${set.revAtEpoch} is not a non-negative integer`;
  if (!(Number.isInteger(set.ephemerisType) && set.ephemerisType >= 0 && set.ephemerisType <= 9)) {
    return `ephemeris type ${set.ephemerisType} is not a digit`;
  }
  return undefined;
}
