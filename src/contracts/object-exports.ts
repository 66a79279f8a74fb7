/**
 * Exports of one object (issue 14): its element sets as TLE/3LE and CCSDS OMM (KVN, XML,
 * CelesTrak JSON), a CCSDS OEM ephemeris and CZML for Cesium, over a chosen span and step.
 */
import { z } from 'zod';

export const ELEMENT_FORMATS = ['tle', '3le', 'omm-kvn', 'omm-xml', 'omm-json'] as const;
export type ElementFormat = (typeof ELEMENT_FORMATS)[number];

/** Longest ephemeris span, days (the OEM and CZML exports). */
export const MAX_EPHEMERIS_DAYS = 31;

export const ObjectParams = z
  .object({ norad: z.string().max(12).regex(/^\d{1,6}$/, 'must be a NORAD catalogue number (1 to 6 digits)').describe('NORAD catalogue number') })
  .strict();

const boolText = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export const ElementsExportQuery = z
  .object({
    format: z.enum(ELEMENT_FORMATS).default('3le').describe('tle (two lines), 3le (with the name line), omm-kvn, omm-xml or omm-json (CelesTrak JSON)'),
    history: boolText.default(false).describe('true: every stored element set of the object, oldest first; false: the newest only'),
  })
  .strict();

export const EphemerisExportQuery = z
  .object({
    start: z.string().max(64).optional().describe('ISO 8601 UTC; default now'),
    end: z.string().max(64).optional().describe(`ISO 8601 UTC, after start, at most ${MAX_EPHEMERIS_DAYS} days later; default 24 h after start`),
    step: z.string().max(32).optional().describe('Seconds between states, 1 to 86,400; default 60'),
    frame: z.enum(['EME2000', 'TEME']).default('EME2000').describe('OEM reference frame (CZML is always EME2000 ≈ Cesium INERTIAL)'),
  })
  .strict();
