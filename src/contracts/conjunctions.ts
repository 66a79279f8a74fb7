import { z } from 'zod';
import { MS_PER_DAY } from '../core/time/index.ts';
import type { ScreeningRequest } from '../core/screening/index.ts';

/** Risk levels from Pc (DECISIONS.md §5): critical ≥ 1e-4, high ≥ 1e-5, medium ≥ 1e-7, low below. */
export const RiskLevel = z.enum(['critical', 'high', 'medium', 'low']);
export type RiskLevel = z.infer<typeof RiskLevel>;

/** Longest screening window the SST analysis accepts. */
export const MAX_WINDOW_DAYS = 7;
/** Largest distance threshold, km. */
export const MAX_THRESHOLD_KM = 100;

/**
 * POST /api/conjunctions/analyze-selected (product spec §3 "Conjunction analysis request"), as the
 * form sends it: dates and threshold as text. `screeningRequestOf` reads it into the one request
 * type the server and core use (core/screening/request.ts, instants in UTC ms).
 */
export const AnalyzeSelectedRequest = z
  .object({
    // Bounds of shape only (NORAD numbers within PostgreSQL's integer, no more primaries than a catalogue holds,
    // texts of sensible length); the meaning (known objects, dates, threshold 0–100 km) is checked by
    // `screeningRequestOf` below, with messages naming the field.
    satellite_ids: z
      .array(z.union([z.number().int().max(2147483647), z.string().max(20)]))
      .max(100_000)
      .describe('Catalogue object ids (NORAD numbers) of the primaries'),
    start: z.string().max(64).describe('Window start, ISO 8601'),
    end: z.string().max(64).describe(`Window end, ISO 8601; at most ${MAX_WINDOW_DAYS} days after start`),
    threshold: z
      .union([z.string().max(64), z.number()])
      .describe(`Distance threshold in km, above 0, at most ${MAX_THRESHOLD_KM} (the form sends text, default '5.0')`),
  })
  .meta({ id: 'AnalyzeSelectedRequest' });
export type AnalyzeSelectedRequest = z.infer<typeof AnalyzeSelectedRequest>;

/** An analyze-selected body read: the request, or the first problem, naming its field ("end: must be after start"). */
export type ScreeningRequestReading = { readonly request: ScreeningRequest } | { readonly problem: string };

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;
const ZONE = /(Z|[+-]\d{2}:?\d{2})$/;
const DECIMAL = /^[+]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;

/** An ISO 8601 date-time as UTC ms; without a zone it is UTC (the SST form sends UTC; `Date.parse` would read it as local time). */
function instantOf(text: string): number {
  const trimmed = text.trim();
  if (!ISO_DATE_TIME.test(trimmed)) return Number.NaN;
  return Date.parse(ZONE.test(trimmed) ? trimmed : `${trimmed}Z`);
}

/**
 * The one reading of an analyze-selected body: the form's ids, dates and threshold text into a
 * ScreeningRequest (UTC ms, km), with every rule of the request checked here and nowhere after:
 * at least one catalogue number, each one `knows` (the server's catalogue), ISO 8601 dates, a
 * window of at most MAX_WINDOW_DAYS, a threshold above 0 and at most MAX_THRESHOLD_KM. The server
 * answers 400 with the problem (DEVELOPERS.md: bad input never reaches the engine).
 */
export function screeningRequestOf(body: AnalyzeSelectedRequest, knows: (noradId: number) => boolean): ScreeningRequestReading {
  if (body.satellite_ids.length === 0) return { problem: 'satellite_ids: select at least one satellite' };
  const ids: number[] = [];
  const malformed: string[] = [];
  for (const raw of body.satellite_ids) {
    const n = typeof raw === 'number' ? raw : /^\s*\d+\s*$/.test(raw) ? Number(raw) : Number.NaN;
    if (Number.isInteger(n) && n > 0) ids.push(n);
    else malformed.push(String(raw));
  }
  if (malformed.length > 0) return { problem: `satellite_ids: not catalogue numbers: ${malformed.slice(0, 10).join(', ')}` };
  const unknown = ids.filter((id) => !knows(id));
  if (unknown.length > 0) return { problem: `satellite_ids: not in the catalogue: ${unknown.slice(0, 10).join(', ')}${unknown.length > 10 ? ', …' : ''}` };

  const notInstant = (field: string, text: string) => ({ problem: `${field}: '${text}' is not an ISO 8601 date-time (e.g. 2026-11-21T12:00:00Z)` });
  const startMs = instantOf(body.start);
  if (!Number.isFinite(startMs)) return notInstant('start', body.start);
  const endMs = instantOf(body.end);
  if (!Number.isFinite(endMs)) return notInstant('end', body.end);
  if (endMs <= startMs) return { problem: 'end: must be after start' };
  if (endMs - startMs > MAX_WINDOW_DAYS * MS_PER_DAY) return { problem: `end: the window may be at most ${MAX_WINDOW_DAYS} days long` };

  const thresholdText = String(body.threshold).trim();
  const thresholdKm = DECIMAL.test(thresholdText) ? Number(thresholdText) : Number.NaN;
  if (!Number.isFinite(thresholdKm)) return { problem: `threshold: '${body.threshold}' is not a number of kilometres` };
  if (thresholdKm <= 0) return { problem: 'threshold: must be greater than 0 km' };
  if (thresholdKm > MAX_THRESHOLD_KM) return { problem: `threshold: must be at most ${MAX_THRESHOLD_KM} km` };
  return { request: { primaries: [...new Set(ids)], startMs, endMs, thresholdKm } };
}

export const AnalyzeQuery = z
  .object({
    async: z.enum(['0', '1', 'true', 'false']).optional().describe('1: answer 202 with the job at once and report progress on /api/conjunctions/jobs/{id}/events'),
  })
  .strict();

/** One close approach of an SST result: the spec's snake_case fields, plus ids and geometry. */
export const SstConjunction = z
  .object({
    id: z.string().describe('Conjunction id, unique within the server: {job id}-{n}'),
    primary_object: z.string(),
    secondary_object: z.string(),
    primary_id: z.number().int(),
    secondary_id: z.number().int(),
    primary_norad: z.string(),
    secondary_norad: z.string(),
    tca: z.string().describe('Time of closest approach, ISO 8601 UTC ending in Z, millisecond precision'),
    miss_distance_km: z.number(),
    radial_km: z.number().describe("Miss vector's radial component in the primary's RTN frame at TCA"),
    in_track_km: z.number(),
    cross_track_km: z.number(),
    relative_velocity_km_s: z.number(),
    collision_probability: z.number().describe('The chosen Pc (pc_method, as NASA CARA PcMultiStep chooses), fraction; 0 where no method gives one'),
    max_collision_probability: z.number().describe("Alfano's maximum Pc, fraction"),
    risk_level: RiskLevel,
    cdm_url: z.string().describe('CCSDS CDM of this conjunction (KVN; ?format=xml for XML)'),
    pc2d: z.number().nullable().optional().describe('Foster 2D Pc'),
    pc3d: z.number().nullable().optional().describe('Hall 3D-Nc Pc, where the 2D method was flagged'),
    pc_method: z.enum(['pc2d', 'nc2d-upper-limit', 'nc2d', 'pc3d', 'sdmc']).optional(),
    pc_violations: z
      .array(z.object({ method: z.string(), kind: z.string(), value: z.number().nullable(), limit: z.number().nullable(), message: z.string() }))
      .optional()
      .describe('What the 2D method’s usage-violation tests found'),
    primary_track: z.enum(['element_set', 'ephemeris']).optional().describe("The primary's trajectory: its element set (SGP4), or an operator ephemeris covering the window (issue 28)"),
    primary_ephemeris_id: z.number().int().nullable().optional().describe('The operator ephemeris screened for the primary (GET /api/ephemerides/{id}), where primary_track is ephemeris'),
    covariance_source: z.string().optional().describe("Where the covariances of the Pc came from ('default': the element-set model for both)"),
  })
  .meta({ id: 'SstConjunction' });

/** A pair that stays close (docked, formation, proximity operations): not a conjunction. */
export const SstProximity = z
  .object({
    primary_object: z.string(),
    secondary_object: z.string(),
    primary_norad: z.string(),
    secondary_norad: z.string(),
    kind: z.enum(['attached', 'formation', 'proximity_operation']),
    start: z.string().describe('ISO 8601 UTC'),
    end: z.string().describe('ISO 8601 UTC'),
    min_distance_km: z.number(),
    max_distance_km: z.number(),
    mean_distance_km: z.number(),
    relative_speed_m_s: z.number(),
  })
  .meta({ id: 'SstProximity' });
export type SstConjunction = z.infer<typeof SstConjunction>;

/** An object whose element set is too far from the window to screen (MAX_ELEMENT_AGE_DAYS, issue 30): listed, not screened. */
export const SstStaleObject = z
  .object({
    norad: z.string(),
    name: z.string(),
    epoch: z.string().describe('The element set’s epoch, ISO 8601 UTC'),
    age_days: z.number().describe('Days from the epoch to the window'),
    primary: z.boolean().describe('One of the analysed satellites (satellite_ids), not only a catalogue object'),
  })
  .meta({ id: 'SstStaleObject' });
export type SstStaleObject = z.infer<typeof SstStaleObject>;

/** The SST result (product spec §3). */
export const SstResult = z
  .object({
    job_id: z.string(),
    total_objects: z.number().int().describe('Catalogue objects screened against'),
    conjunctions: z.array(SstConjunction),
    proximities: z.array(SstProximity).optional().describe('Pairs that stay close, kept apart from the conjunctions'),
    stale_objects: z
      .array(SstStaleObject)
      .optional()
      .describe('Objects (primaries or catalogue) whose element set is more than MAX_ELEMENT_AGE_DAYS from the window: not screened, oldest first'),
  })
  .meta({ id: 'SstResult' });
export type SstResult = z.infer<typeof SstResult>;

/** The six steps of the SST progress panel (product spec §4), in order. */
export const ANALYSIS_STEPS = [
  { id: 'prepare', title: 'Preparing satellite data' },
  { id: 'tle', title: 'Generating TLE data' },
  { id: 'orbits', title: 'Calculating orbital parameters' },
  { id: 'detect', title: 'Detecting potential conjunctions' },
  { id: 'risk', title: 'Assessing risk levels' },
  { id: 'results', title: 'Generating results' },
] as const;
export const AnalysisStepId = z.enum(['prepare', 'tle', 'orbits', 'detect', 'risk', 'results']);
export type AnalysisStepId = z.infer<typeof AnalysisStepId>;

export const JobStatus = z.enum(['running', 'completed', 'failed', 'cancelled']);

/** A screening job as GET /api/conjunctions/jobs/{id} reports it. */
export const AnalysisJob = z
  .object({
    job_id: z.string(),
    status: JobStatus,
    step: AnalysisStepId.describe('The stage running now (or the last one)'),
    fraction: z.number().min(0).max(1).describe('Share of the work done'),
    detail: z.string().describe('What the stage is doing, e.g. "1,234 of 50,000 objects"'),
    error: z.string().optional(),
    result: SstResult.optional(),
  })
  .meta({ id: 'AnalysisJob' });
export type AnalysisJob = z.infer<typeof AnalysisJob>;

/**
 * Server-sent events on GET /api/conjunctions/jobs/{id}/events: `event: progress`
 * with an AnalysisJob without result on every stage change and every few percent,
 * then one `event: done` with the full AnalysisJob (completed, failed or cancelled).
 */
export const JobParams = z.object({ id: z.string().min(1).max(64) });
