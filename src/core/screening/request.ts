/**
 * A screening of chosen primaries against the catalogue: what an SST analysis (POST
 * /api/conjunctions/analyze-selected) and a continuous-screening run ask for. One type from the API's contract
 * (contracts/conjunctions.ts `screeningRequestOf` reads and checks the form once, into this) through the server's
 * analysis jobs and screening service to the screening job (`jobOfRequest`), unchanged. Instants are UTC
 * milliseconds (as `UtcMs` counts them).
 */
import { isoUtc, type ScreeningJob } from './job.ts';

export interface ScreeningRequest {
  /** NORAD ids of the primaries, each once. */
  readonly primaries: readonly number[];
  /** Window start, UTC ms: close approaches with TCA in [startMs, endMs) are reported. */
  readonly startMs: number;
  /** Window end, UTC ms, after `startMs`. */
  readonly endMs: number;
  /** Miss-distance threshold, km, above 0. */
  readonly thresholdKm: number;
  /** Element sets further than this many days from the window are not screened (stale.ts); absent: all are. */
  readonly maxElementAgeDays?: number;
}

/**
 * The screening job (job.ts) of a request against a catalogue version. A job crosses processes as JSON (worker
 * threads, the job queue, `ssa worker`), so its window is written as ISO 8601 UTC with milliseconds: `startMs`
 * and `endMs` come back exactly from `windowOf(job)`. The request was checked where it was read; the job is
 * checked again where it is split (`splitJob`), as any job from elsewhere is.
 */
export function jobOfRequest(request: ScreeningRequest, id: string, catalog: ScreeningJob['catalog']): ScreeningJob {
  return {
    id,
    catalog,
    primaries: [...request.primaries],
    start: isoUtc(request.startMs),
    end: isoUtc(request.endMs),
    thresholdKm: request.thresholdKm,
    ...(request.maxElementAgeDays === undefined ? {} : { maxElementAgeDays: request.maxElementAgeDays }),
  };
}
