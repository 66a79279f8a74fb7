import { z } from 'zod';

/**
 * GET /api/catalog/elements: every catalogue object's newest SGP4 element set in
 * columns (one array per field, index i of every array is object i, sorted by
 * NORAD id), for the browser's globe worker, which initialises SGP4 itself and
 * propagates the whole catalogue. Columns instead of 50,000 objects keep the
 * JSON free of repeated keys (about half the size).
 *
 * Object type and owner are dictionary-coded (a small integer per object and the names once):
 * `cls` (the globe's colour class, the fleet first), `type` (the SATCAT type, fleet included) and
 * `owner` (index into `owners`).
 *
 * The element fields have the meanings of ElementSet (src/core/elements/element-set.ts):
 * Kozai mean elements in the TEME frame of their epoch, as SGP4 takes them.
 */

/** What the globe colours an object by; `fleet` wins over the object type. The code of a class is its index here. */
export const OBJECT_CLASSES = ['fleet', 'payload', 'rocket_body', 'debris', 'unknown'] as const;
export const ObjectClass = z.enum(OBJECT_CLASSES);
export type ObjectClass = z.infer<typeof ObjectClass>;
/** Class code → class, e.g. OBJECT_CLASS_CODE.debris === 3. */
export const OBJECT_CLASS_CODE = Object.fromEntries(OBJECT_CLASSES.map((c, i) => [c, i])) as Record<ObjectClass, number>;

const column = <T extends z.ZodType>(item: T, what: string) => z.array(item).describe(what);

export const CatalogElements = z
  .object({
    count: z.number().int().describe('Number of objects (the length of every column)'),
    classes: z.array(ObjectClass).describe('Class names in code order: cls[i] indexes this list'),
    norad: column(z.number().int(), 'NORAD catalogue number'),
    name: column(z.string(), 'Object name'),
    cls: column(z.number().int().min(0).max(OBJECT_CLASSES.length - 1), 'Class code: 0 fleet, 1 payload, 2 rocket_body, 3 debris, 4 unknown'),
    type: column(
      z.number().int().min(1).max(OBJECT_CLASSES.length - 1),
      'SATCAT object type as a class code (1 payload, 2 rocket_body, 3 debris, 4 unknown): `cls` without the fleet override',
    ),
    owners: z.array(z.string()).describe('Owner codes (SATCAT OWNER) of the catalogue, sorted: owner[i] indexes this list'),
    owner: column(z.number().int().min(-1), 'Index of the SATCAT owner code in `owners`, -1 when the catalogue has none'),
    epoch: column(z.number(), 'Epoch of the element set, Unix ms (fractional: TLE epochs are whole microseconds)'),
    meanMotion: column(z.number(), 'Kozai mean motion, rev/day'),
    eccentricity: column(z.number(), 'Mean eccentricity'),
    inclination: column(z.number(), 'Inclination, degrees'),
    raan: column(z.number(), 'Right ascension of the ascending node, degrees'),
    argPerigee: column(z.number(), 'Argument of perigee, degrees'),
    meanAnomaly: column(z.number(), 'Mean anomaly, degrees'),
    bstar: column(z.number(), 'SGP4 drag term B*, 1/Earth radii'),
    noSgp4: z
      .array(z.number().int())
      .describe('NORAD ids whose element set plain SGP4 must not or cannot propagate (e.g. SGP4-XP, ephemeris type 4); usually empty'),
  })
  .meta({ id: 'CatalogElements' });
export type CatalogElements = z.infer<typeof CatalogElements>;
