import { z } from 'zod';

/** POST /api/catalog/import: what an import added and what it rejected. */
export const ImportReport = z
  .object({
    format: z.enum(['tle', 'omm-kvn', 'omm-xml', 'omm-json', 'omm-csv', 'satcat']).describe('How the file was read'),
    records: z.number().int(),
    objectsAdded: z.number().int(),
    setsAdded: z.number().int(),
    duplicates: z.number().int().describe('Element sets already stored (same object and epoch), not added again'),
    rejected: z.number().int(),
    rejections: z
      .array(z.object({ line: z.number().int(), norad: z.string().optional(), reason: z.string() }))
      .describe('The first 100 rejected records with their reasons'),
  })
  .meta({ id: 'ImportReport' });
export type ImportReport = z.infer<typeof ImportReport>;

export const ImportQuery = z
  .object({
    kind: z.enum(['elements', 'satcat']).default('elements').describe('elements: TLE/3LE/OMM; satcat: a CelesTrak SATCAT CSV'),
    name: z.string().min(1).max(200).optional().describe('File name, kept with the import'),
  })
  .strict();

/** The file itself, as text. */
export const ImportBody = z.string().min(1, 'the file is empty').describe('The file content');

/** A failed import: no valid record at all. */
export const ImportFailure = z
  .object({ message: z.string(), report: ImportReport })
  .meta({ id: 'ImportFailure' });
