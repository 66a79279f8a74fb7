/**
 * One set of SGP4 mean elements, whatever format it came in (TLE, 3LE, OMM KVN/XML/JSON/CSV).
 *
 * Field meanings follow the CCSDS Orbit Data Messages standard (CCSDS 502.0-B-3, OMM
 * keywords in brackets) and the Space-Track TLE format documentation. The values are
 * Kozai mean elements as the 18th/19th SDS publish them for SGP4 (Vallado et al. 2006,
 * AIAA 2006-6753), in the TEME frame of their epoch.
 */
import type { Degrees, UtcMs } from '../units.ts';

/** U unclassified, C classified, S secret (TLE line 1 column 8, [CLASSIFICATION_TYPE]). */
export type Classification = 'U' | 'C' | 'S';

export interface ElementSet {
  /** Satellite catalogue number [NORAD_CAT_ID], 1–339,999 in a TLE (Alpha-5 above 99,999). */
  readonly norad: number;
  /** Object name (3LE line 0, [OBJECT_NAME]), if given. */
  readonly name?: string;
  /** International designator "YYYY-NNNPPP" [OBJECT_ID], e.g. "1958-002B", if given. */
  readonly cosparId?: string;
  readonly classification: Classification;
  /** Epoch of the elements, UTC [EPOCH]. */
  readonly epoch: UtcMs;
  /** Kozai mean motion, revolutions per day [MEAN_MOTION]. */
  readonly meanMotion: number;
  /** Mean eccentricity, 0 ≤ e < 1 [ECCENTRICITY]. */
  readonly eccentricity: number;
  /** [INCLINATION], 0–180°. */
  readonly inclination: Degrees;
  /** Right ascension of the ascending node [RA_OF_ASC_NODE], 0–360°. */
  readonly raan: Degrees;
  /** Argument of perigee [ARG_OF_PERICENTER], 0–360°. */
  readonly argPerigee: Degrees;
  /** [MEAN_ANOMALY], 0–360°. */
  readonly meanAnomaly: Degrees;
  /** SGP4 drag term B*, 1/Earth radii [BSTAR]. */
  readonly bstar: number;
  /** First derivative of mean motion divided by 2, rev/day² [MEAN_MOTION_DOT]; SGP4 does not use it. */
  readonly meanMotionDot: number;
  /** Second derivative of mean motion divided by 6, rev/day³ [MEAN_MOTION_DDOT]; SGP4 does not use it. */
  readonly meanMotionDdot: number;
  /** Element set number [ELEMENT_SET_NO]; 999 is common for CelesTrak/Space-Track sets. */
  readonly elementSetNo: number;
  /** Revolution number at epoch [REV_AT_EPOCH]. */
  readonly revAtEpoch: number;
  /** [EPHEMERIS_TYPE]: 0 for SGP4 elements as distributed (4 would be SGP4-XP, which SGP4 must not propagate). */
  readonly ephemerisType: number;
}

/** A record that could not be read, and why. */
export interface Rejection {
  /** 1-based line of the record's first line in the input. */
  readonly line: number;
  /** The catalogue number as written in the record, when one could be read. */
  readonly norad?: string;
  readonly reason: string;
}

/** What every parser returns: the good records, and each bad one with its reason. A bad record never stops the others. */
export interface ParseResult {
  readonly sets: ElementSet[];
  readonly rejected: Rejection[];
}
