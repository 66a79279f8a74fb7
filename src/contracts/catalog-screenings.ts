import { z } from 'zod';
import { RiskLevel } from './conjunctions.ts';
import { PcMethod } from './conjunction-events.ts';

/**
 * Catalogue-wide (all-vs-all) screening runs (issue 13): every pair of the catalogue screened
 * once, as CelesTrak's SOCRATES does, on the server's worker threads (embedded database) or on
 * `ssa worker` processes through the job queue (PostgreSQL). The runs behind /analytics.
 */

const isoUtc = (what: string) => z.string().describe(`${what}, ISO 8601 UTC`);

/** Longest window of a run: 7 days (the continuous screening's limit too). */
export const CATALOG_SCREENING_MAX_WINDOW_MS = 7 * 86_400_000;

export const CatalogScreeningRequest = z
  .object({
    start: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time, e.g. 2026-11-26T00:00:00Z' }).describe('Window start (TCAs from here)'),
    end: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time, e.g. 2026-11-29T00:00:00Z' }).describe('Window end (TCAs before this), after start, at most 7 days later'),
    threshold_km: z.number().positive('must be greater than 0').max(100, 'must be at most 100 km').describe('Miss-distance threshold, km'),
  })
  .meta({ id: 'CatalogScreeningRequest' });
export type CatalogScreeningRequest = z.infer<typeof CatalogScreeningRequest>;

export const CatalogScreeningAccepted = z.object({ id: z.string().describe('The run’s id') }).meta({ id: 'CatalogScreeningAccepted' });
export type CatalogScreeningAccepted = z.infer<typeof CatalogScreeningAccepted>;

export const CatalogScreeningStatus = z.enum(['queued', 'running', 'completed', 'failed', 'cancelled']);
export type CatalogScreeningStatus = z.infer<typeof CatalogScreeningStatus>;

export const ShardProgress = z
  .object({
    shard: z.number().int().describe('0 … shards − 1'),
    start: isoUtc('The shard’s slice of the window: start'),
    end: isoUtc('… end'),
    status: z.enum(['queued', 'running', 'done', 'cancelled', 'failed']).describe('cancelled or failed: the run ended (cancelled, failed) before this shard was done'),
    stage: z.enum(['tle', 'orbits', 'detect']).nullable().describe('tle: SGP4 initialisation; orbits: tracks; detect: spatial grid and refinement'),
    fraction: z.number().min(0).max(1).describe('Share of the shard done'),
    worker: z.string().nullable().describe('The worker that runs or ran it: host:pid:tag of an ssa worker, or server:thread-N'),
    attempts: z.number().int().describe('Times it was taken (more than 1 after a worker died)'),
    ms: z.record(z.string(), z.number()).nullable().describe('Time per stage in the worker, ms'),
  })
  .meta({ id: 'ShardProgress' });
export type ShardProgress = z.infer<typeof ShardProgress>;

export const CountByKey = z.record(z.string(), z.number().int());

export const CatalogScreeningSummary = z
  .object({
    objects: z.number().int().describe('Catalogue objects screened'),
    pairs: z.number().describe('Unordered pairs screened: N(N−1)/2'),
    conjunctions: z.number().int(),
    proximities: z.number().int().describe('Pairs that stay close (docked, formation): kept apart, not conjunctions'),
    skippedObjects: z.number().int().describe('Objects SGP4 cannot propagate in the window'),
    staleObjects: z.number().int().optional().describe('Objects whose element set is more than maxElementAgeDays from the window: not screened (GET /api/catalog-screenings/{id}/stale lists them)'),
    maxElementAgeDays: z.number().nullable().optional().describe('MAX_ELEMENT_AGE_DAYS of the run (null: every set screened)'),
    byRisk: CountByKey.describe('Conjunctions per risk level'),
    byRegime: CountByKey.describe('Conjunctions per regime of the encounter (altitude at TCA): LEO, MEO, GEO, HEO'),
    perDay: z.array(z.object({ day: z.string().describe('UTC date, YYYY-MM-DD'), conjunctions: z.number().int() })).describe('Conjunctions per UTC day of TCA'),
  })
  .meta({ id: 'CatalogScreeningSummary' });
export type CatalogScreeningSummary = z.infer<typeof CatalogScreeningSummary>;

export const CatalogScreening = z
  .object({
    id: z.string(),
    status: CatalogScreeningStatus,
    reason: z.string().describe('scheduled | manual'),
    start: isoUtc('Window start'),
    end: isoUtc('Window end'),
    thresholdKm: z.number(),
    catalogVersion: z.string().describe('The catalogue version screened (a content hash)'),
    objects: z.number().int(),
    createdAt: isoUtc('Submitted'),
    finishedAt: isoUtc('Ended').nullable(),
    error: z.string().nullable(),
    execution: z.enum(['threads', 'queue']).describe('threads: the server’s worker threads (embedded database); queue: ssa worker processes through the job queue (PostgreSQL)'),
    progress: z
      .object({
        fraction: z.number().min(0).max(1).describe('Share of the run done'),
        stage: z.enum(['queued', 'screening', 'risk', 'storing', 'done']).describe('Where the run is'),
        shardsDone: z.number().int(),
        shards: z.array(ShardProgress),
        workers: z.array(z.string()).describe('Workers that ran or run its shards'),
      })
      .describe('Progress by stage and shard'),
    timings: z.record(z.string(), z.number()).describe('Time per stage, ms (screening: wall time of the shards; risk; storing)'),
    summary: CatalogScreeningSummary.nullable().describe('Counts, once completed'),
  })
  .meta({ id: 'CatalogScreening' });
export type CatalogScreening = z.infer<typeof CatalogScreening>;

/** An object of a run whose element set was too far from the window to screen (issue 30). */
export const CatalogStaleObject = z
  .object({
    noradId: z.number().int(),
    name: z.string(),
    epoch: isoUtc('The element set’s epoch'),
    ageDays: z.number().describe('Days from the epoch to the window'),
  })
  .meta({ id: 'CatalogStaleObject' });
export type CatalogStaleObject = z.infer<typeof CatalogStaleObject>;

export const CatalogStaleList = z.array(CatalogStaleObject).meta({ id: 'CatalogStaleList' });
export type CatalogStaleList = z.infer<typeof CatalogStaleList>;

export const CatalogScreeningList = z.array(CatalogScreening).meta({ id: 'CatalogScreeningList' });
export type CatalogScreeningList = z.infer<typeof CatalogScreeningList>;

export const CatalogScreeningListQuery = z.object({
  limit: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(100, 'must be at most 100').default(10),
});

export const CatalogConjunctionSort = z.enum(['pc', 'maxpc', 'miss', 'tca']);
export type CatalogConjunctionSort = z.infer<typeof CatalogConjunctionSort>;

export const ObjectTypeFilter = z.enum(['payload', 'rocket_body', 'debris', 'unknown']);

export const CatalogConjunctionQuery = z.object({
  sort: CatalogConjunctionSort.default('pc').describe('pc: collision probability, highest first; maxpc: maximum Pc, highest first; miss: miss distance, smallest first; tca: earliest first'),
  risk: RiskLevel.optional().describe('Only this risk level'),
  type: ObjectTypeFilter.optional().describe('Only pairs where either object is of this type'),
  owner: z
    .string()
    .max(16, 'must be at most 16 characters')
    .regex(/^[A-Za-z0-9/]*$/, 'must be a SATCAT owner code, e.g. PRC')
    .optional()
    .describe('Only pairs where either object has this SATCAT owner'),
  q: z.string().max(80, 'must be at most 80 characters').optional().describe('Name or NORAD id of either object contains this'),
  limit: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(500, 'must be at most 500').default(50),
  offset: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be at least 0').max(10_000_000, 'must be at most 10000000').default(0),
});
export type CatalogConjunctionQuery = z.infer<typeof CatalogConjunctionQuery>;

/** The CSV export takes the page's sort and filters, and gives every matching row (up to this many). */
export const CATALOG_CSV_MAX_ROWS = 100_000;
export const CatalogConjunctionCsvQuery = CatalogConjunctionQuery.omit({ limit: true, offset: true }).strict();
export type CatalogConjunctionCsvQuery = z.infer<typeof CatalogConjunctionCsvQuery>;

export const CatalogObject = z.object({
  noradId: z.number().int(),
  name: z.string(),
  objectType: z.string().describe('payload | rocket_body | debris | unknown'),
  owner: z.string().nullable(),
});

export const CatalogConjunction = z
  .object({
    primary: CatalogObject.describe('The lower NORAD id of the pair'),
    secondary: CatalogObject,
    tca: isoUtc('Time of closest approach'),
    missDistanceKm: z.number(),
    relativeSpeedKmS: z.number(),
    collisionProbability: z.number().describe('Chosen as NASA CARA’s PcMultiStep does (default covariances for element sets)'),
    maxCollisionProbability: z.number().describe('Alfano’s maximum Pc'),
    riskLevel: RiskLevel,
    pcMethod: PcMethod,
    regime: z.string().describe('Where the encounter happens: LEO, MEO, GEO or HEO (IADC protected regions by altitude at TCA)'),
  })
  .meta({ id: 'CatalogConjunction' });
export type CatalogConjunction = z.infer<typeof CatalogConjunction>;

export const CatalogConjunctionPage = z
  .object({ total: z.number().int().describe('Rows matching the filters'), items: z.array(CatalogConjunction) })
  .meta({ id: 'CatalogConjunctionPage' });
export type CatalogConjunctionPage = z.infer<typeof CatalogConjunctionPage>;
