import { z } from 'zod';

/**
 * Operators' own predicted ephemerides of fleet objects (issue 28): CCSDS OEM files (502.0 KVN or
 * 505.0 XML) uploaded as they are, kept as received, listed with what was read from them, and
 * downloaded again unchanged.
 */

const isoUtc = (what: string) => z.string().describe(`${what}, ISO 8601 UTC`);
/** Text PostgreSQL can store: no NUL characters. */
const noNul = (s: string) => !s.includes('\u0000');
/** Largest integer id a path or query takes: ids are PostgreSQL `integer` columns (a larger one is a 400, not a database error). */
const MAX_INT_ID = 2_147_483_647;

/** Largest OEM file taken, bytes (a week of states every 10 s with a covariance at each is about 30 MB of KVN). */
export const MAX_EPHEMERIS_FILE_BYTES = 32 * 1024 * 1024;
/** Largest page of the list. */
export const MAX_EPHEMERIS_PAGE = 1000;

export const EphemerisImportQuery = z
  .object({
    name: z.string().max(255).refine(noNul, 'must not contain NUL characters').optional().describe('File name, for the record'),
  })
  .strict();

export const EphemerisListQuery = z
  .object({
    norad: z.coerce.number().int().positive().max(MAX_INT_ID).optional().describe('Only the ephemerides of this object (NORAD catalogue number)'),
    limit: z.coerce.number().int().min(1).max(MAX_EPHEMERIS_PAGE).default(100).describe(`At most this many, 1 to ${MAX_EPHEMERIS_PAGE}`),
  })
  .strict();

export const EphemerisParams = z.object({ id: z.coerce.number().int().positive().max(MAX_INT_ID) }).strict();

export const EphemerisFormat = z.enum(['KVN', 'XML']);
export type EphemerisFormat = z.infer<typeof EphemerisFormat>;

/** A stored ephemeris, without its text (GET …/{id}/file gives the file). */
export const Ephemeris = z
  .object({
    id: z.number().int(),
    noradId: z.number().int().describe('The fleet object it was matched to'),
    objectId: z.string().describe('OBJECT_ID as the file gives it'),
    objectName: z.string().describe('OBJECT_NAME as the file gives it'),
    originator: z.string().describe('ORIGINATOR of the file'),
    creationDate: isoUtc('CREATION_DATE of the file'),
    importedAt: isoUtc('When it was imported'),
    importedBy: z.string().describe('Who imported it'),
    fileName: z.string().nullable(),
    format: EphemerisFormat,
    refFrame: z.string().describe('REF_FRAME of its segments (TEME, EME2000 or GCRF; comma-separated when they differ)'),
    usableStart: isoUtc('Start of the span it covers (the union of its segments’ USEABLE_START_TIME … USEABLE_STOP_TIME, else START_TIME … STOP_TIME)'),
    usableStop: isoUtc('End of that span'),
    states: z.number().int().describe('Ephemeris data lines (states), all segments'),
    covariances: z.number().int().describe('Covariance matrices, all segments'),
    sha256: z.string().describe('SHA-256 of the file as received (UTF-8), hex'),
    fileUrl: z.string().describe('Where to download the file as received'),
  })
  .meta({ id: 'Ephemeris' });
export type Ephemeris = z.infer<typeof Ephemeris>;

export const EphemerisImportResponse = z
  .object({
    ephemeris: Ephemeris,
    duplicate: z.boolean().describe('true: the same file was already stored for this object; nothing was added'),
  })
  .meta({ id: 'EphemerisImportResponse' });
export type EphemerisImportResponse = z.infer<typeof EphemerisImportResponse>;

export const EphemerisListResponse = z.object({ ephemerides: z.array(Ephemeris).describe('Newest import first') }).meta({ id: 'EphemerisListResponse' });
export type EphemerisListResponse = z.infer<typeof EphemerisListResponse>;
