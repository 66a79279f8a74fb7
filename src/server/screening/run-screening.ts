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
  isProximityCandidateOf,
  packApproaches,
  proximityOfPair,
  overallFraction,
  riskSubjectOf,
  separateProximities,
  staleElementSets,
  unpackApproaches,
  validateJob,
  windowOf,
  type CloseApproach,
  type CovarianceSource,
  type ProximityApproach,
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
  /** Workers that run a streamed catalogue-wide geometry (PoolRunOptions.workers; default all). */
  readonly geometryWorkers?: number;
  /** Each shard's progress and result (screening-pool.ts ShardEvent). */
  readonly onShard?: PoolRunOptions['onShard'];
  /** Approaches per chunk of a streamed run's risk step (default STREAM_CHUNK; tests make it small). */
  readonly streamChunk?: number;
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
 * runScreening for a catalogue-wide job in bounded memory (issue 30, item 8): each shard's
 * approaches packed as it comes (core/screening/approach-columns.ts, 160 bytes each instead of
 * some 600 as objects), then streamScreening hands them to `sink` chunk by chunk.
 */
export async function runScreeningStreamed(
  pool: ScreeningPool,
  catalog: CatalogVersion,
  job: ScreeningJob,
  sink: (conjunctions: ScreeningConjunction[]) => Promise<void>,
  options: RunScreeningOptions = {},
): Promise<StreamedReport> {
  const timings: Record<ScreeningStage, number> = { prepare: 0, tle: 0, orbits: 0, detect: 0, risk: 0, results: 0 };
  const report = (stage: ScreeningStage, within: number, detail: string) => options.onProgress?.({ stage, fraction: overallFraction(stage, within), detail });
  const t = performance.now();
  report('prepare', 0, `every pair of ${fmt(catalog.sets.length)} objects`);
  validateJob(job);
  if (job.catalog.version !== catalog.version) throw new RangeError(`job.catalog.version '${job.catalog.version}' is not the catalogue given ('${catalog.version}')`);
  // Fresh workers: what the fleet screenings left in them (models and tracks of the whole
  // catalogue, the WASM sampler's memory) would be held through the run beside what it builds.
  await pool.recycle();
  await pool.loadCatalog(catalog.version, catalog.sets);
  options.signal?.throwIfAborted();
  report('prepare', 1, 'catalogue loaded in the workers');
  timings.prepare = performance.now() - t;

  const packed = new Map<number, Float64Array>();
  let count = 0;
  const { result, timings: poolTimings } = await pool.screen(job, {
    signal: options.signal,
    shardsPerWorker: options.shardsPerWorker,
    keepApproaches: false,
    ...(options.geometryWorkers === undefined ? {} : { workers: options.geometryWorkers }),
    onShard: (e) => {
      count = e.shard.count;
      // Packed by the worker (a catalogue-wide shard), else here.
      if (e.done) packed.set(e.shard.index, e.done.packed ?? packApproaches(e.done.result.approaches));
      options.onShard?.(e);
    },
    onProgress: (p) => report(p.stage, p.fraction, `${p.shardsDone} of ${p.shards} shards done`),
  });
  Object.assign(timings, poolTimings.stageMs);
  // The geometry's memory goes before the risk step (ScreeningPool.recycle); the new workers load the catalogue again (streamScreening).
  await pool.recycle();
  const shards: ShardApproaches = {
    count,
    approaches: (index) => {
      const one = packed.get(index);
      packed.delete(index);
      return one ? unpackApproaches(one) : [];
    },
  };
  return streamScreening(pool, catalog, result, shards, sink, timings, options);
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
  const conjunctions = await conjunctionsOf(pool, byId, approaches, options, (done) => report('risk', done / total, `${done} of ${total} close approaches`));
  timings.risk = performance.now() - t;

  t = performance.now();
  report('results', 0, `${conjunctions.length} conjunctions`);
  const stale = staleElementSets(catalog.sets, windowOf(job), job.maxElementAgeDays);
  const out: ScreeningReport = { job, totalObjects: catalog.sets.length, conjunctions, proximities, stats: result.stats, skipped: result.skipped, stale, timings };
  timings.results = performance.now() - t;
  report('results', 1, `${conjunctions.length} conjunctions`);
  return out;
}

/**
 * The risk step of `approaches` (on the pool's workers, or in this thread with a covariance
 * source, which is a function), as conjunctions with the objects' names, in the same order.
 */
async function conjunctionsOf(
  pool: ScreeningPool,
  byId: ReadonlyMap<number, ElementSet>,
  approaches: readonly CloseApproach[],
  options: RunScreeningOptions,
  onDone: (done: number) => void,
): Promise<ScreeningConjunction[]> {
  const objectTypes: Record<number, ObjectType> = {};
  for (const a of approaches) {
    for (const norad of [a.primary, a.secondary]) {
      const type = options.objectType?.(norad);
      if (type) objectTypes[norad] = type;
    }
  }
  let risks: RiskAssessment[];
  if (options.covariances) {
    risks = approaches.map((approach, i) => {
      if (i % 64 === 0) {
        options.signal?.throwIfAborted();
        onDone(i);
      }
      const subject = (norad: number) => riskSubjectOf(byId.get(norad)!, objectTypes[norad]);
      return assessRiskWithFallback(approach, subject(approach.primary), subject(approach.secondary), options.covariances);
    });
  } else {
    risks = await pool.assessRisks(approaches, { signal: options.signal, objectTypes, onProgress: onDone });
  }
  return approaches.map((approach, i) => ({
    approach,
    risk: risks[i]!,
    primaryName: byId.get(approach.primary)?.name ?? String(approach.primary),
    secondaryName: byId.get(approach.secondary)?.name ?? String(approach.secondary),
  }));
}

/** Approaches handed to the streamed risk step at a time: bounded memory, and few enough messages to the workers. */
export const STREAM_CHUNK = 8192;

/** A catalogue-wide run's geometry, shard by shard: how many shards, and one shard's approaches. */
export interface ShardApproaches {
  readonly count: number;
  /** Shard `index`'s approaches (any order); read once each, in index order. */
  approaches(index: number): Promise<CloseApproach[]> | CloseApproach[];
}

/** What streamScreening leaves to its caller: the report without the conjunctions, which the sink had, in order. */
export interface StreamedReport extends Omit<ScreeningReport, 'conjunctions'> {
  /** Conjunctions handed to the sink; the proximities folded some of them (`folded`). */
  readonly conjunctions: number;
  /** Places (0-based, in the order handed to the sink) of the conjunctions folded into `proximities`: to be removed. */
  readonly folded: readonly number[];
}

/** What the proximity check keeps of every approach handed on: pair, TCA, miss, speed (5 numbers: 40 bytes). */
const LITE_STRIDE = 5;

/**
 * The steps after the geometry in bounded memory (issue 30, item 8): shard by shard in time
 * order (the shards of a catalogue-wide job are time slices, so their approaches sorted by TCA
 * one after the other are the whole run's order), STREAM_CHUNK approaches at a time, the risk
 * step and then `sink`, which stores them while the next chunk's risk step runs. No more than two
 * chunks' conjunctions are held.
 *
 * Proximities: a pair is one only if one of its approaches passes the cheap first test (slow, or
 * long inside the threshold), but its other approaches, maybe in other shards, fold into it too.
 * The approaches that pass the test are held back (a few: docked vehicles, formations; and the
 * slow encounters whose Pc takes 3D-Nc or Monte Carlo, seconds each, which a proximity's
 * approaches should not cost); of the others what the check reads is kept (40 bytes each). At the
 * end the pairs are checked on all their approaches (proximityOfPair), which gives the records
 * and the folded approaches that separateProximities gives on the whole list. The held-back
 * approaches that fold into none then have their risk step and go to the sink last (their place
 * follows the others'); the others that folded are returned (`folded`, places in the order handed
 * on) for the caller to remove: fast approaches of a proximity pair, whose risk step was cheap.
 */
export async function streamScreening(
  pool: ScreeningPool,
  catalog: CatalogVersion,
  result: ScreeningResult,
  shards: ShardApproaches,
  sink: (conjunctions: ScreeningConjunction[]) => Promise<void>,
  timings: Record<ScreeningStage, number>,
  options: RunScreeningOptions = {},
): Promise<StreamedReport> {
  const { job } = result;
  const report = (stage: ScreeningStage, within: number, detail: string) => options.onProgress?.({ stage, fraction: overallFraction(stage, within), detail });
  const byId = new Map<number, ElementSet>(catalog.sets.map((s) => [s.norad, s]));
  const elementSet = (norad: number) => byId.get(norad);
  await pool.loadCatalog(catalog.version, catalog.sets);
  const chunkSize = options.streamChunk ?? STREAM_CHUNK;
  const heldBack: CloseApproach[] = [];
  const candidates = new Set<string>();
  let lite = new Float64Array(LITE_STRIDE * 65_536);
  let handed = 0;
  let riskMs = 0;
  // The sink stores one chunk while the workers assess the next.
  let storing: Promise<void> = Promise.resolve();
  const hand = async (conjunctions: ScreeningConjunction[]) => {
    await storing;
    storing = sink(conjunctions);
    // Its failure is seen by the next await of `storing`; until then it must not count as unhandled.
    storing.catch(() => undefined);
  };
  const assess = async (approaches: CloseApproach[], progress: (done: number) => void) => {
    const t = performance.now();
    const conjunctions = await conjunctionsOf(pool, byId, approaches, options, progress);
    riskMs += performance.now() - t;
    return conjunctions;
  };
  report('risk', 0, `${shards.count} shards of close approaches`);
  try {
    for (let index = 0; index < shards.count; index += 1) {
      options.signal?.throwIfAborted();
      const approaches = await shards.approaches(index);
      approaches.sort(byTcaThenPair);
      for (let first = 0; first < approaches.length; first += chunkSize) {
        const chunk: CloseApproach[] = [];
        for (const a of approaches.slice(first, first + chunkSize)) {
          if (isProximityCandidateOf(a, job.thresholdKm, elementSet)) {
            candidates.add(`${a.primary}:${a.secondary}`);
            heldBack.push(a);
          } else chunk.push(a);
        }
        if (lite.length < (handed + chunk.length) * LITE_STRIDE) {
          const grown = new Float64Array(Math.max(lite.length * 2, (handed + chunk.length) * LITE_STRIDE));
          grown.set(lite);
          lite = grown;
        }
        chunk.forEach((a, i) => {
          const o = (handed + i) * LITE_STRIDE;
          lite[o] = a.primary;
          lite[o + 1] = a.secondary;
          lite[o + 2] = a.tca;
          lite[o + 3] = a.missDistanceKm;
          lite[o + 4] = a.relativeSpeedKmS;
        });
        const within = (done: number) => (index + (first + done) / approaches.length) / shards.count;
        const conjunctions = await assess(chunk, (done) => report('risk', within(done), `shard ${index + 1} of ${shards.count}: ${handed + done} close approaches assessed`));
        await hand(conjunctions);
        handed += conjunctions.length;
      }
    }

    // The candidate pairs, each with all its approaches in TCA order (as separateProximities groups them).
    const t = performance.now();
    type Placed = ProximityApproach & { place: number; held?: CloseApproach };
    const byPair = new Map<string, Placed[]>();
    const listOf = (key: string) => {
      let list = byPair.get(key);
      if (!list) byPair.set(key, (list = []));
      return list;
    };
    for (let place = 0; place < handed; place += 1) {
      const o = place * LITE_STRIDE;
      const key = `${lite[o]}:${lite[o + 1]}`;
      if (candidates.has(key)) listOf(key).push({ primary: lite[o]!, secondary: lite[o + 1]!, tca: lite[o + 2]!, missDistanceKm: lite[o + 3]!, relativeSpeedKmS: lite[o + 4]!, place });
    }
    for (const a of heldBack) listOf(`${a.primary}:${a.secondary}`).push({ ...a, place: -1, held: a });
    const proximities: ProximityRecord[] = [];
    const folded: number[] = [];
    const foldedHeld = new Set<CloseApproach>();
    const window = { startMs: Date.parse(job.start), endMs: Date.parse(job.end) };
    for (const list of byPair.values()) {
      list.sort((x, y) => x.tca - y.tca);
      const found = proximityOfPair(list, elementSet, window, job.thresholdKm);
      if (!found) continue;
      proximities.push(found.record);
      for (const a of found.folded) {
        if (a.held) foldedHeld.add(a.held);
        else folded.push(a.place);
      }
    }
    folded.sort((a, b) => a - b);
    timings.results = performance.now() - t;
    // The held-back approaches that are conjunctions after all, last.
    const rest = heldBack.filter((a) => !foldedHeld.has(a)).sort(byTcaThenPair);
    for (let first = 0; first < rest.length; first += chunkSize) {
      const conjunctions = await assess(rest.slice(first, first + chunkSize), (done) => report('risk', 1, `${handed + done} close approaches assessed`));
      await hand(conjunctions);
      handed += conjunctions.length;
    }
    await storing;
    timings.risk = riskMs;
    const stale = staleElementSets(catalog.sets, windowOf(job), job.maxElementAgeDays);
    report('results', 1, `${handed - folded.length} conjunctions`);
    return { job, totalObjects: catalog.sets.length, conjunctions: handed, folded, proximities, stats: result.stats, skipped: result.skipped, stale, timings };
  } finally {
    // Whatever happened, the last store has ended before this returns or throws.
    await storing.catch(() => undefined);
  }
}

/** The order of a run's approaches (mergeShardResults): TCA, then the pair. */
function byTcaThenPair(x: CloseApproach, y: CloseApproach): number {
  return x.tca - y.tca || x.primary - y.primary || x.secondary - y.secondary;
}
