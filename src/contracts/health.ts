import { z } from 'zod';

export const DatabaseKind = z.enum(['pglite', 'postgres']);
export type DatabaseKind = z.infer<typeof DatabaseKind>;

export const DatabaseStatus = z.enum(['ok', 'busy', 'unreachable']);
export type DatabaseStatus = z.infer<typeof DatabaseStatus>;

/**
 * GET /api/health: 200 `status: 'ok'` once the server has applied its migrations and its database answers
 * (`select 1` within 2 s); 503 `status: 'unavailable'` while the database cannot be reached, since then
 * every request that reads or writes data fails too.
 */
export const HealthResponse = z
  .object({
    status: z.enum(['ok', 'unavailable']).describe("ok (200) or unavailable (503: the database cannot be reached)"),
    version: z.string().describe('Data Forge version (package.json).'),
    database: DatabaseKind.describe('pglite: embedded Postgres in DATA_DIR; postgres: the server named by DATABASE_URL.'),
    databaseStatus: DatabaseStatus.describe("ok: the database answered 'select 1' within 2 s just now; busy: the embedded database is queued behind a long write (an import), still up; unreachable: no answer"),
    databaseError: z.string().optional().describe('Why the database is unreachable (the driver’s message), when it is; only for signed-in users when accounts are on'),
    catalog: z.object({
      objects: z.number().int().describe('Objects with at least one element set'),
      source: z.string().describe("Sources of the newest element sets: 'demo' (the generated demo catalogue, not real data), 'import', 'celestrak', 'spacetrack', joined by '+'"),
      newest_epoch: z.string().nullable().describe('Newest element-set epoch, ISO 8601 UTC'),
    }),
  })
  .meta({ id: 'HealthResponse' });
export type HealthResponse = z.infer<typeof HealthResponse>;
