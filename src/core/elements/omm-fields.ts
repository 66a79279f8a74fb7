/**
 * CCSDS OMM keywords → ElementSet, shared by the KVN, XML, JSON and CSV readers.
 *
 * Keywords and their meaning: CCSDS 502.0-B-3 "Orbit Data Messages" (2023), §4 (OMM),
 * with the TLE-related parameters that CelesTrak and Space-Track fill for SGP4 elements
 * (https://celestrak.org/NORAD/documentation/gp-data-formats.php). Values may be strings
 * (KVN, XML, CSV, Space-Track JSON) or numbers (CelesTrak JSON).
 *
 * Required: NORAD_CAT_ID, EPOCH, MEAN_MOTION, ECCENTRICITY, INCLINATION, RA_OF_ASC_NODE,
 * ARG_OF_PERICENTER, MEAN_ANOMALY, BSTAR. Defaults when absent: CLASSIFICATION_TYPE U,
 * EPHEMERIS_TYPE 0, ELEMENT_SET_NO 0, REV_AT_EPOCH 0, MEAN_MOTION_DOT 0, MEAN_MOTION_DDOT 0.
 * When present, CENTER_NAME must be EARTH, REF_FRAME TEME, TIME_SYSTEM UTC and
 * MEAN_ELEMENT_THEORY SGP4 (or SGP/SGP4): other elements are not SGP4 elements.
 * OBJECT_ID is kept as `cosparId` only when it is a "YYYY-NNNPPP" designator (the standard
 * recommends but does not require that form).
 */
import { parseUtc } from '../time/iso-time.ts';
import { degrees } from '../units.ts';
import { isCosparId } from './cospar.ts';
import type { Classification, ElementSet } from './element-set.ts';
import { parseFloatStrict } from './numbers.ts';
import { elementSetProblem } from './validate.ts';

/** Keyword → value as a reader found it. */
export type OmmFields = Readonly<Record<string, unknown>>;

export const OMM_REQUIRED = [
  'NORAD_CAT_ID',
  'EPOCH',
  'MEAN_MOTION',
  'ECCENTRICITY',
  'INCLINATION',
  'RA_OF_ASC_NODE',
  'ARG_OF_PERICENTER',
  'MEAN_ANOMALY',
  'BSTAR',
] as const;

class OmmError extends Error {}

function text(fields: OmmFields, key: string): string | undefined {
  const value = fields[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value.trim() === '' ? undefined : value.trim();
  if (typeof value === 'number') return String(value);
  throw new OmmError(`${key} is not a string or a number`);
}

function number(fields: OmmFields, key: string, fallback?: number): number {
  const value = fields[key];
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new OmmError(`${key} is not a finite number`);
    // `+ 0` turns a JSON −0 into +0, as the text readers do (numbers.ts): SGP4 initialised from the
    // set's TLE, which has no −0, would otherwise differ in sign from one initialised from the set.
    return value + 0;
  }
  const t = text(fields, key);
  if (t === undefined) {
    if (fallback === undefined) throw new OmmError(`${key} is missing`);
    return fallback;
  }
  const parsed = parseFloatStrict(t);
  if (parsed === undefined) throw new OmmError(`${key} '${t}' is not a number`);
  return parsed;
}

function integer(fields: OmmFields, key: string, fallback?: number): number {
  const value = number(fields, key, fallback);
  if (!Number.isInteger(value)) throw new OmmError(`${key} ${value} is not an integer`);
  return value;
}

function requireOneOf(fields: OmmFields, key: string, allowed: readonly string[]): void {
  const t = text(fields, key);
  if (t !== undefined && !allowed.includes(t.toUpperCase())) {
    throw new OmmError(`${key} is '${t}', expected ${allowed.join(' or ')} for SGP4 elements`);
  }
}

function read(fields: OmmFields): ElementSet {
  for (const key of OMM_REQUIRED) if (text(fields, key) === undefined) throw new OmmError(`${key} is missing`);
  requireOneOf(fields, 'CENTER_NAME', ['EARTH']);
  requireOneOf(fields, 'REF_FRAME', ['TEME']);
  requireOneOf(fields, 'TIME_SYSTEM', ['UTC']);
  requireOneOf(fields, 'MEAN_ELEMENT_THEORY', ['SGP4', 'SGP/SGP4']);

  const epochText = text(fields, 'EPOCH')!;
  const epoch = parseUtc(epochText);
  if (epoch === undefined) throw new OmmError(`EPOCH '${epochText}' is not a UTC date-time`);

  const classification = (text(fields, 'CLASSIFICATION_TYPE') ?? 'U').toUpperCase();
  if (!['U', 'C', 'S'].includes(classification)) throw new OmmError(`CLASSIFICATION_TYPE '${classification}' is not U, C or S`);

  const name = text(fields, 'OBJECT_NAME');
  const objectId = text(fields, 'OBJECT_ID');
  const norad = integer(fields, 'NORAD_CAT_ID');

  return {
    norad,
    ...(name ? { name } : {}),
    ...(objectId && isCosparId(objectId) ? { cosparId: objectId } : {}),
    classification: classification as Classification,
    epoch,
    meanMotion: number(fields, 'MEAN_MOTION'),
    eccentricity: number(fields, 'ECCENTRICITY'),
    inclination: degrees(number(fields, 'INCLINATION')),
    raan: degrees(number(fields, 'RA_OF_ASC_NODE')),
    argPerigee: degrees(number(fields, 'ARG_OF_PERICENTER')),
    meanAnomaly: degrees(number(fields, 'MEAN_ANOMALY')),
    bstar: number(fields, 'BSTAR'),
    meanMotionDot: number(fields, 'MEAN_MOTION_DOT', 0),
    meanMotionDdot: number(fields, 'MEAN_MOTION_DDOT', 0),
    elementSetNo: integer(fields, 'ELEMENT_SET_NO', 0),
    revAtEpoch: integer(fields, 'REV_AT_EPOCH', 0),
    ephemerisType: integer(fields, 'EPHEMERIS_TYPE', 0),
  };
}

/** The element set an OMM's keywords describe, or why they do not describe one. */
export function elementSetFromOmm(fields: OmmFields): ElementSet | { reason: string; norad?: string } {
  let norad: string | undefined;
  try {
    norad = text(fields, 'NORAD_CAT_ID');
  } catch {
    norad = undefined;
  }
  try {
    const set = read(fields);
    const problem = elementSetProblem(set);
    return problem ? { reason: problem, ...(norad ? { norad } : {}) } : set;
  } catch (error) {
    if (error instanceof OmmError) return { reason: error.message, ...(norad ? { norad } : {}) };
    throw error;
  }
}
