import { z } from 'zod';

export const DatabaseKind = z.enum(['pglite', 'postgres']);
export type DatabaseKind = z.infer<typeof DatabaseKind>;

/** GET /api/health: 200 once the server has applied its migrations and is ready. */
export const HealthResponse = z
  .object({
    status: z.literal('ok'),
    version: z.string().describe('Data Forge version (package.json).'),
    database: DatabaseKind.describe('pglite: embedded Postgres in DATA_DIR; postgres: the server named by DATABASE_URL.'),
    catalog: z.object({
      objects: z.number().int().describe('Objects with at least one element set'),
      source: z.string().describe("Sources of the newest element sets: 'demo' (the generated demo catalogue, not real data), 'import', 'celestrak', 'spacetrack', joined by '+'"),
      newest_epoch: z.string().nullable().describe('Newest element-set epoch, ISO 8601 UTC'),
    }),
  })
  .meta({ id: 'HealthResponse' });
export type HealthResponse = z.infer<typeof HealthResponse>;
