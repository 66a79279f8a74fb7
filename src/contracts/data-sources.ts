import { z } from 'zod';

/**
 * GET /api/data-sources (issue 14, /config): the online sources the server reads on a schedule,
 * each with whether it is on, how it is set up, and how its last attempt ended. Off-line is normal
 * for this product: a source that is off says which setting turns it on, and files can be
 * imported instead.
 */
/** spacetrack-cdm (issue 29): the fleet's CDMs from Space-Track, beside its element sets (spacetrack). */
export const DATA_SOURCE_IDS = ['celestrak', 'spacetrack', 'spacetrack-cdm', 'noaa-swpc'] as const;
export const DataSourceId = z.enum(DATA_SOURCE_IDS);
export type DataSourceId = z.infer<typeof DataSourceId>;

const isoUtc = (what: string) => z.string().nullable().describe(`${what}, ISO 8601 UTC (null: never)`);

export const DataSourceStatus = z
  .object({
    id: DataSourceId,
    name: z.string().describe('CelesTrak, Space-Track, Space-Track CDMs or NOAA SWPC'),
    provides: z.string().describe('What it supplies'),
    enabled: z.boolean().describe('Read on a schedule by this server'),
    setup: z.string().describe('How it is set up, or the setting that turns it on'),
    intervalMinutes: z.number().nullable().describe('Minutes between scheduled reads (null: off)'),
    state: z.enum(['ok', 'failing', 'off', 'waiting']).describe('ok: the last attempt succeeded; failing: it failed; off: not read; waiting: on, not tried yet'),
    lastAttemptAt: isoUtc('When it was last tried'),
    lastSuccessAt: isoUtc('Its last success'),
    lastFailureAt: isoUtc('Its last failure'),
    lastError: z.string().nullable().describe('What went wrong at the last failure'),
    lastResult: z.string().nullable().describe('What the last success brought, in words'),
  })
  .meta({ id: 'DataSourceStatus' });
export type DataSourceStatus = z.infer<typeof DataSourceStatus>;

export const DataSourcesResponse = z.array(DataSourceStatus).meta({ id: 'DataSourcesResponse' });

export const DataSourceParams = z.object({ id: DataSourceId });
