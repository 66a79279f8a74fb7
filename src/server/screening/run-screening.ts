/**
 * A whole screening run on the worker pool: the geometry of every close approach (pool shards,
 * core/screening/screen.ts), then the risk step (core/screening/conjunction-risk.ts), with
 * progress reported in the six SST stages (core/screening/stages.ts) and cancellation through an
 * AbortSignal.
 */
import { randomUUID } from 'node:crypto';
import type { ObjectType } from '../../core/catalog/index.ts';
import type { ElementSet } from '../../core/elements/index.ts';
import {
  assessRiskWithFallback,
  overallFraction,
  riskSubjectOf,
  separateProximities,
  staleElementSets,
  validateJob,
  windowOf,
  type CloseApproach,
  type CovarianceSource,
  type ProximityRecord,
  type RiskAssessment,
  type ScreeningJob,
  type ScreeningProgress,
  type ScreeningResult,
  type ScreeningStage,
  type ScreeningStats,
  type SkippedObject,
  type StaleObject,
} from '../../core/screening/index.ts';
import type { CatalogVersion } from './catalog-version.ts';
import type { PoolRunOptions, ScreeningPool } from '../workers/screening/screening-pool.ts';

/** The primary's trajectory where it was an operator ephemeris rather than its element set (issue 28). */
export interface EphemerisTrack {
  readonly source: 'ephemeris';
  readonly ephemerisId: number;
  readonly fileName: string | null;
  /** The largest bound on |ephemeris − element set| over the window, km. */
  readonly maxDeviationKm: number;
}

export interface ScreeningConjunction {
  readonly approach: CloseApproach;
  readonly risk: RiskAssessment;
  readonly primaryName: string;
  readonly secondaryName: string;
  /** Absent: the primary's element set (SGP4). */
  readonly primaryTrack?: EphemerisTrack;
}

export interface ScreeningReport {
  readonly job: ScreeningJob;
  /** Catalogue objects screened against. */
  readonly totalObjects: number;
  readonly conjunctions: ScreeningConjunction[];
  /** Pairs that stay close (docked, formation, proximity operations): kept apart from the conjunctions (core/screening/proximity.ts). */
  readonly proximities: ProximityRecord[];
  readonly stats: ScreeningStats;
  readonly skipped: SkippedObject[];
  /** Element sets too far from the window to screen (job.maxElementAgeDays), oldest first: listed, not screened. */
  readonly stale: StaleObject[];
  /** Time per stage, ms: wall time for prepare, risk and results; for tle, orbits and detect (run by the workers, shard by shard) the longest time one shard spent in it. */
  readonly timings: Record<ScreeningStage, number>;
}

export interface RunScreeningOptions {
  readonly onProgress?: (progress: ScreeningProgress) => void;
  readonly signal?: AbortSignal;
  /** Covariances to use instead of the default model (e.g. from imported CDMs). */
  readonly covariances?: CovarianceSource;
  readonly shardsPerWorker?: number;
  /** Each shard's progress and result (screening-pool.ts ShardEvent). */
  readonly onShard?: PoolRunOptions['onShard'];
  /** Object types (e.g. from a SATCAT) for the default covariance and hard-body radius; otherwise guessed from names. */
  readonly objectType?: (norad: number) => ObjectType | undefined;
}

/** A job for `primaries` ('all': catalogue-wide, every pair) over [start, end) at `thresholdKm` on a catalogue version, with a fresh id. */
export function screeningJob(catalog: CatalogVersion, primaries: readonly number[] | 'all', start: string, end: string, thresholdKm: number, maxElementAgeDays?: number): ScreeningJob {
  const job: ScreeningJob = {
    id: randomUUID(),
    catalog: { version: catalog.version, objects: catalog.sets.length },
    primaries: primaries === 'all' ? [] : [...primaries],
    ...(primaries === 'all' ? { scope: 'all' as const } : {}),
    start,
    end,
    thresholdKm,
    ...(maxElementAgeDays === undefined ? {} : { maxElementAgeDays }),
  };
  validateJob(job);
  return job;
}

const fmt = (n: number) => n.toLocaleString('en-US');

export async function runScreening(pool: ScreeningPool, catalog: CatalogVersion, job: ScreeningJob, options: RunScreeningOptions = {}): Promise<ScreeningReport> {
  const timings: Record<ScreeningStage, number> = { prepare: 0, tle: 0, orbits: 0, detect: 0, risk: 0, results: 0 };
  const report = (stage: ScreeningStage, within: number, detail: string) => options.onProgress?.({ stage, fraction: overallFraction(stage, within), detail });
  const t = performance.now();

  report('prepare', 0, job.scope === 'all' ? `every pair of ${fmt(catalog.sets.length)} objects` : `${job.primaries.length} primaries against ${fmt(catalog.sets.length)} objects`);
  validateJob(job);
  if (job.catalog.version !== catalog.version) throw new RangeError(`job.catalog.version '${job.catalog.version}' is not the catalogue given ('${catalog.version}')`);
  const byId = new Map<number, ElementSet>(catalog.sets.map((s) => [s.norad, s]));
  const unknown = job.primaries.filter((p) => !byId.has(p));
  if (unknown.length > 0) throw new RangeError(`primaries not in the catalogue: ${unknown.join(', ')}`);
  await pool.loadCatalog(catalog.version, catalog.sets);
  options.signal?.throwIfAborted();
  report('prepare', 1, 'catalogue loaded in the workers');
  timings.prepare = performance.now() - t;

  const { result, timings: poolTimings } = await pool.screen(job, {
    signal: options.signal,
    shardsPerWorker: options.shardsPerWorker,
    onShard: options.onShard,
    onProgress: (p) => report(p.stage, p.fraction, `${p.shardsDone} of ${p.shards} shards done`),
  });
  Object.assign(timings, poolTimings.stageMs);
  return finishScreening(pool, catalog, result, timings, options);
}

/**
 * The steps after the geometry, wherever the shards ran (this pool, or worker processes through
 * the job queue): proximities kept apart, the risk step on the pool (which must hold the
 * catalogue version), the report.
 */
export async function finishScreening(
  pool: ScreeningPool,
  catalog: CatalogVersion,
  result: ScreeningResult,
  timings: Record<ScreeningStage, number>,
  options: RunScreeningOptions = {},
): Promise<ScreeningReport> {
  const { job } = result;
  const report = (stage: ScreeningStage, within: number, detail: string) => options.onProgress?.({ stage, fraction: overallFraction(stage, within), detail });
  const byId = new Map<number, ElementSet>(catalog.sets.map((s) => [s.norad, s]));
  await pool.loadCatalog(catalog.version, catalog.sets);
  let t = performance.now();
  const { conjunctions: approaches, proximities } = separateProximities(result.approaches, (norad) => byId.get(norad), { startMs: Date.parse(job.start), endMs: Date.parse(job.end) }, job.thresholdKm);
  const total = approaches.length;
  report('risk', 0, `${total} close approaches`);
  const objectTypes: Record<number, ObjectType> = {};
  for (const a of approaches) {
    for (const norad of [a.primary, a.secondary]) {
      const type = options.objectType?.(norad);
      if (type) objectTypes[norad] = type;
    }
  }
  let risks: RiskAssessment[];
  if (options.covariances) {
    // A covariance source is a function: it stays in this thread.
    risks = approaches.map((approach, i) => {
      if (i % 64 === 0) {
        options.signal?.throwIfAborted();
        report('risk', i / total, `${i} of ${total} close approaches`);
      }
      const subject = (norad: number) => riskSubjectOf(byId.get(norad)!, objectTypes[norad]);
      return assessRiskWithFallback(approach, subject(approach.primary), subject(approach.secondary), options.covariances);
    });
  } else {
    risks = await pool.assessRisks(approaches, {
      signal: options.signal,
      objectTypes,
      onProgress: (done) => report('risk', done / total, `${done} of ${total} close approaches`),
    });
  }
  const conjunctions = approaches.map((approach, i) => ({
    approach,
    risk: risks[i]!,
    primaryName: byId.get(approach.primary)?.name ?? String(approach.primary),
    secondaryName: byId.get(approach.secondary)?.name ?? String(approach.secondary),
  }));
  timings.risk = performance.now() - t;

  t = performance.now();
  report('results', 0, `${conjunctions.length} conjunctions`);
  const stale = staleElementSets(catalog.sets, windowOf(job), job.maxElementAgeDays);
  const out: ScreeningReport = { job, totalObjects: catalog.sets.length, conjunctions, proximities, stats: result.stats, skipped: result.skipped, stale, timings };
  timings.results = performance.now() - t;
  report('results', 1, `${conjunctions.length} conjunctions`);
  return out;
}
