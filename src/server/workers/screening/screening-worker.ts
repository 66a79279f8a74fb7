/**
 * One screening worker: holds a catalogue version as element sets, makes each object's screening
 * subject as shards need it (near-Earth constants, and an SGP4 model only when the screening
 * propagates the object) and keeps it for later jobs on the same version, and screens shards with
 * the pure screener of src/core/screening. It also runs the brute-force reference for the
 * recall test, with satellite.js's WASM BulkPropagator for the dense samples.
 */
import { parentPort, workerData, type TransferListItem } from 'node:worker_threads';
import { readFileSync } from 'node:fs';
import { BulkPropagator, EciBaseCalculator } from 'satellite.js';
import { parseElementSets, type ElementSet } from '../../../core/elements/index.ts';
import type { Degrees, UtcMs } from '../../../core/units.ts';
import { createSgp4, type Sgp4Model } from '../../../core/propagation/index.ts';
import { AUTOMATIC_MONTE_CARLO } from '../../../core/probability/index.ts';
import {
  assessRiskWithFallback,
  bruteForcePair,
  bruteForceTimes,
  inShard,
  nearEarthConstantsInto,
  NEAR_EARTH_CONSTANTS,
  packApproaches,
  type NearEarthInputs,
  riskSubjectOf,
  sampledPositions,
  screen,
  screenAllPairs,
  ScreeningCancelled,
  isStaleFor,
  windowOf,
  type CloseApproach,
  type EvaluationCounter,
  type ScreeningJob,
  type ScreeningShard,
  type ScreeningSubject,
  type ShardResult,
  type SkippedObject,
} from '../../../core/screening/index.ts';
import { bulkSampler, wasmRuntime } from '../../screening/bulk-sampler.ts';
import { CatalogColumnsReader, packCatalog, type CatalogColumns } from './catalog-columns.ts';
import type { ScreeningWorkerReply, ScreeningWorkerRequest, ShardStage, WarmUpRequest } from './screening-protocol.ts';
import { sampleTleRecords } from './warm-up.ts';

if (!parentPort) throw new Error('screening-worker must run in a worker thread');
const port = parentPort;
/** While the worker warms up (warmUp below), what it would post goes nowhere. */
let muted = false;
const post = (reply: ScreeningWorkerReply, transfer: readonly TransferListItem[] = []) => {
  if (!muted) port.postMessage(reply, transfer);
};

let version = '';
/** The catalogue version's sets, built one at a time when a model or the risk step needs one (catalog-columns.ts). */
let catalog: Pick<Map<number, ElementSet>, 'get' | 'keys' | 'size'> = new Map<number, ElementSet>();
/** The same catalogue's columns (catalog-columns.ts), read in place for SGP4's inputs. */
let columns: CatalogColumnsReader | undefined;
/** SGP4 models by NORAD id; a string is the reason the set cannot be propagated. */
let models = new Map<number, Sgp4Model | string>();
/** Screening subjects by NORAD id (subjectFor), kept for later jobs on the same version like the models. */
let subjects = new Map<number, ScreeningSubject | string>();
/** The near-Earth constants of the version's objects, a row each (near-earth-init.ts), filled as subjects are made. */
let constantsTable = new Float64Array(0);
let constantsRows = 0;

function modelFor(norad: number): Sgp4Model | string {
  let model = models.get(norad);
  if (model === undefined) {
    const set = catalog.get(norad);
    if (!set) model = 'not in the catalogue';
    else {
      try {
        model = createSgp4(set);
      } catch (error) {
        model = (error as Error).message;
      }
    }
    models.set(norad, model);
  }
  return model;
}

/**
 * A near-Earth catalogue object as the screener sees it: its constants, from which the filters'
 * model runs, and its SGP4 model initialised only when first read (createSgp4 cannot fail for a
 * set that has constants). Most objects of a fleet screening are discarded by the filters and
 * never get a satellite.js record (near-earth-init.ts says why that matters).
 */
class CatalogSubject implements ScreeningSubject {
  constructor(
    readonly norad: number,
    readonly constants: Float64Array,
  ) {}

  get model(): Sgp4Model {
    const model = modelFor(this.norad);
    if (typeof model === 'string') throw new Error(`object ${this.norad}: ${model}`);
    return model;
  }
}

/** The slots of SGP4's inputs in the version's numeric columns, or undefined where one is not a numeric column. */
let inputSlots: Record<keyof NearEarthInputs, number> | undefined;

const INPUT_KEYS = ['epoch', 'meanMotion', 'eccentricity', 'inclination', 'raan', 'argPerigee', 'meanAnomaly', 'bstar', 'ephemerisType'] as const satisfies readonly (keyof NearEarthInputs)[];

/**
 * SGP4's inputs of an object read from the catalogue's columns, without building its set (a
 * catalogue screening reads them for every object, and builds a set only for the few it
 * propagates); the set itself where the columns do not hold them all.
 */
function inputsOf(norad: number): NearEarthInputs | undefined {
  const row = columns?.rowOf(norad);
  if (columns === undefined || row === undefined || inputSlots === undefined) return catalog.get(norad);
  const slots = inputSlots;
  const at = (key: keyof NearEarthInputs) => columns!.numberAt(row, slots[key]);
  return {
    epoch: at('epoch') as UtcMs,
    meanMotion: at('meanMotion'),
    eccentricity: at('eccentricity'),
    inclination: at('inclination') as Degrees,
    raan: at('raan') as Degrees,
    argPerigee: at('argPerigee') as Degrees,
    meanAnomaly: at('meanAnomaly') as Degrees,
    bstar: at('bstar'),
    ephemerisType: at('ephemerisType'),
  };
}

/** An object's epoch, UTC ms: its column alone where the columns hold it (NaN: not in the catalogue). */
function epochOf(norad: number): number {
  const row = columns?.rowOf(norad);
  if (columns === undefined || row === undefined || inputSlots === undefined) return catalog.get(norad)?.epoch ?? Number.NaN;
  return columns.numberAt(row, inputSlots.epoch);
}

/**
 * A filter of the job's stale element sets (core/screening/stale.ts), judged against the job's
 * whole window so that every shard leaves out the same objects; the server lists them.
 */
function freshFor(job: ScreeningShard['job']): (norad: number) => boolean {
  const limit = job.maxElementAgeDays;
  if (limit === undefined) return () => true;
  const window = windowOf(job);
  return (norad) => !isStaleFor(epochOf(norad), window, limit);
}

/** The screening subject of an object, or the reason it cannot be screened. */
function subjectFor(norad: number): ScreeningSubject | string {
  let subject = subjects.get(norad);
  if (subject === undefined) {
    const set = inputsOf(norad);
    if (constantsTable.length === 0) constantsTable = new Float64Array(catalog.size * NEAR_EARTH_CONSTANTS);
    const offset = constantsRows * NEAR_EARTH_CONSTANTS;
    if (set && offset < constantsTable.length && nearEarthConstantsInto(set, constantsTable, offset)) {
      subject = new CatalogSubject(norad, constantsTable.subarray(offset, offset + NEAR_EARTH_CONSTANTS));
      constantsRows += 1;
    } else {
      const model = modelFor(norad);
      subject = typeof model === 'string' ? model : { norad, model };
    }
    subjects.set(norad, subject);
  }
  return subject;
}

/**
 * Progress messages of one shard: a stage's start and end, and between them at most one every
 * 50 ms and 2 %. (A post costs the worker about 0.3 ms, measured: at every 2 % alone, a fleet
 * screening's shards posted several hundred.)
 */
class ProgressReporter {
  private stage: ShardStage = 'tle';
  private fraction = -1;
  private posted = 0;

  constructor(private readonly shard: number) {}

  report(stage: ShardStage, fraction: number): void {
    if (stage !== this.stage || fraction === 1 || (fraction - this.fraction >= 0.02 && performance.now() - this.posted >= PROGRESS_INTERVAL_MS)) {
      this.stage = stage;
      this.fraction = fraction;
      this.posted = performance.now();
      post({ type: 'progress', shard: this.shard, stage, fraction });
    }
  }
}

const PROGRESS_INTERVAL_MS = 50;

/** Times the screener's stages ('orbits', then 'detect') into `ms` while passing its progress on. */
class StageTimer {
  private stage: ShardStage = 'orbits';
  private t = performance.now();

  constructor(
    private readonly ms: Record<ShardStage, number>,
    private readonly reporter: ProgressReporter,
  ) {}

  progress(stage: ShardStage, fraction: number): void {
    if (stage !== this.stage) {
      this.ms[this.stage] = performance.now() - this.t;
      this.t = performance.now();
      this.stage = stage;
    }
    this.reporter.report(stage, fraction);
  }

  end(): void {
    this.ms[this.stage] = performance.now() - this.t;
  }
}

/**
 * The shard being screened (a worker screens one at a time), read by the two callbacks the
 * screeners get. They are functions of the module, the same call targets for every shard: closures
 * made per shard were new targets each time, and V8 deoptimised the screening loop that had
 * inlined the previous ones at every shard.
 */
let active: { cancel: Int32Array; timer: StageTimer } | undefined;

function shardStopped(): boolean {
  return active !== undefined && Atomics.load(active.cancel, 0) !== 0;
}

function shardProgress(stage: ShardStage, fraction: number): void {
  active?.timer.progress(stage, fraction);
}

/** Runs `screen` with the shard's cancel flag and timer as the active ones. */
function withActive<T>(cancel: Int32Array, timer: StageTimer, run: () => T): T {
  active = { cancel, timer };
  try {
    const result = run();
    timer.end();
    return result;
  } finally {
    active = undefined;
  }
}

/** A time slice of a catalogue-wide job: every pair of the catalogue (core/screening/all-pairs.ts), the broad phase sampled with the WASM BulkPropagator. */
function runAllPairsShard(shard: ScreeningShard, cancel: Int32Array, pack: boolean): void {
  const stopped = () => Atomics.load(cancel, 0) !== 0;
  const reporter = new ProgressReporter(shard.index);
  const report = (stage: ShardStage, fraction: number) => reporter.report(stage, fraction);
  const ms: Record<ShardStage, number> = { tle: 0, orbits: 0, detect: 0 };
  const t = performance.now();
  const skipped: SkippedObject[] = [];
  const subjects: ScreeningSubject[] = [];
  const fresh = freshFor(shard.job);
  const ids = [...catalog.keys()].filter(fresh).sort((a, b) => a - b);
  ids.forEach((norad, i) => {
    if (i % 1024 === 0) {
      if (stopped()) throw new ScreeningCancelled();
      report('tle', i / ids.length);
    }
    const model = modelFor(norad);
    if (typeof model === 'string') skipped.push({ norad, reason: model });
    else subjects.push({ norad, model });
  });
  report('tle', 1);
  ms.tle = performance.now() - t;
  const timer = new StageTimer(ms, reporter);
  const sampler = bulkSampler(runtime!);
  try {
    const outcome = withActive(cancel, timer, () =>
      screenAllPairs({
        subjects,
        window: windowOf(shard),
        gridOrigin: windowOf(shard.job).start,
        thresholdKm: shard.job.thresholdKm,
        sampler: sampler.sample,
        shouldStop: shardStopped,
        onProgress: shardProgress,
      }),
    );
    const stats = { ...outcome.stats, objects: ids.length, sgp4Calls: outcome.stats.sgp4Calls + sampler.propagations() };
    const result = { jobId: shard.job.id, shard: shard.index, catalogVersion: version, stats, skipped: [...skipped, ...outcome.skipped] };
    if (pack) {
      const packed = packApproaches(outcome.approaches);
      post({ type: 'shard-done', result: { ...result, approaches: [] }, ms, packed }, [packed.buffer as ArrayBuffer]);
    } else post({ type: 'shard-done', result: { ...result, approaches: outcome.approaches }, ms });
  } finally {
    sampler.dispose();
  }
}

/** Screens a shard and posts its result; returns it too for a fleet shard. */
function runShard(shard: ScreeningShard, cancel: Int32Array, pack = false): ShardResult | undefined {
  if (shard.job.scope === 'all') {
    if (shard.job.catalog.version !== version) throw new Error(`worker holds catalogue '${version}', shard needs '${shard.job.catalog.version}'`);
    runAllPairsShard(shard, cancel, pack);
    return undefined;
  }
  const stopped = () => Atomics.load(cancel, 0) !== 0;
  const reporter = new ProgressReporter(shard.index);
  const report = (stage: ShardStage, fraction: number) => reporter.report(stage, fraction);
  const ms: Record<ShardStage, number> = { tle: 0, orbits: 0, detect: 0 };
  if (shard.job.catalog.version !== version) throw new Error(`worker holds catalogue '${version}', shard needs '${shard.job.catalog.version}'`);
  const t = performance.now();

  // SGP4 initialisation of the primaries and of this shard's secondaries.
  const skipped: SkippedObject[] = [];
  const subject = (norad: number): ScreeningSubject | undefined => {
    const s = subjectFor(norad);
    if (typeof s === 'string') {
      skipped.push({ norad, reason: s });
      return undefined;
    }
    return s;
  };
  const primaries: ScreeningSubject[] = [];
  const fresh = freshFor(shard.job);
  for (const norad of shard.job.primaries.filter(fresh)) {
    const s = subject(norad);
    if (!s) throw new Error(`primary ${norad}: ${subjects.get(norad) as string}`);
    primaries.push(s);
  }
  const ids = [...catalog.keys()].filter((norad) => inShard(shard, norad) && fresh(norad)).sort((a, b) => a - b);
  const secondaries: ScreeningSubject[] = [];
  ids.forEach((norad, i) => {
    if (i % 512 === 0) {
      if (stopped()) throw new ScreeningCancelled();
      report('tle', i / ids.length);
    }
    const s = subject(norad);
    if (s) secondaries.push(s);
  });
  report('tle', 1);
  ms.tle = performance.now() - t;

  const timer = new StageTimer(ms, reporter);
  const outcome = withActive(cancel, timer, () =>
    screen({
      primaries,
      secondaries,
      window: windowOf(shard),
      thresholdKm: shard.job.thresholdKm,
      shouldStop: shardStopped,
      onProgress: shardProgress,
    }),
  );
  const result: ShardResult = {
    jobId: shard.job.id,
    shard: shard.index,
    catalogVersion: version,
    approaches: outcome.approaches,
    stats: outcome.stats,
    skipped: [...skipped, ...outcome.skipped],
  };
  post({ type: 'shard-done', result, ms });
  return result;
}

/**
 * satellite.js's WASM runtime, for the catalogue-wide shards and the brute force only: created on
 * the first such request (a fleet screening never needs it), then kept.
 */
let runtime: Awaited<ReturnType<typeof wasmRuntime>> | undefined;
const needsRuntime = (request: ScreeningWorkerRequest) => request.type === 'brute-force' || (request.type === 'shard' && request.shard.job.scope === 'all');

/** Secondaries per BulkPropagator batch: bounds memory to ~batch × samples × 24 bytes. */
const BRUTE_BATCH = 400;

function runBruteForce(request: Extract<ScreeningWorkerRequest, { type: 'brute-force' }>): void {
  const started = performance.now();
  if (request.version !== version) throw new Error(`worker holds catalogue '${version}', request needs '${request.version}'`);
  const window = windowOf(request);
  const times = bruteForceTimes(window, request.stepMs);
  const counter: EvaluationCounter = { sgp4Calls: 0 };
  const primaries = request.primaries.map((norad) => {
    const model = modelFor(norad);
    if (typeof model === 'string') throw new Error(`primary ${norad}: ${model}`);
    return { model, positions: sampledPositions(model, times, counter) };
  });
  const primaryIds = new Set(request.primaries);
  const ids = [...catalog.keys()].filter((n) => n >= request.secondaries.from && n <= request.secondaries.to).sort((a, b) => a - b);
  const secondaries = ids.flatMap((norad) => {
    const model = modelFor(norad);
    return typeof model === 'string' ? [] : [model];
  });
  const count = times.length;
  const dates = Array.from(times, (t) => new Date(t));
  const approaches: CloseApproach[] = [];
  let propagations = 0;
  const propagator = new BulkPropagator({ runtime: runtime!, calculators: [new EciBaseCalculator()], satRecsCount: BRUTE_BATCH, datesCount: count });
  try {
    propagator.setDates(dates);
    for (let first = 0; first < secondaries.length; first += BRUTE_BATCH) {
      const batch = secondaries.slice(first, first + BRUTE_BATCH);
      propagator.setSatRecs(batch.map((m) => m.satrec));
      propagator.run();
      propagations += batch.length * count;
      const { position, error } = propagator.getRawOutput().eci;
      batch.forEach((secondary, s) => {
        const positions = Float64Array.from(position.subarray(3 * s * count, 3 * (s + 1) * count));
        for (let d = 0; d < count; d += 1) if (error[s * count + d] !== 0) positions[3 * d] = positions[3 * d + 1] = positions[3 * d + 2] = Number.NaN;
        for (const primary of primaries) {
          const p = primary.model.norad;
          if (p === secondary.norad || (primaryIds.has(secondary.norad) && secondary.norad < p)) continue;
          approaches.push(...bruteForcePair(primary.model, secondary, times, primary.positions, positions, window, request.thresholdKm, counter));
        }
      });
    }
  } finally {
    propagator.dispose();
  }
  post({ type: 'brute-force-done', approaches, sgp4Calls: counter.sgp4Calls, propagations, ms: performance.now() - started });
}

function handle(request: ScreeningWorkerRequest): void {
  try {
    if (request.type === 'catalog') {
      loadCatalog(request.version, request.columns);
      post({ type: 'catalog-loaded', version, objects: catalog.size });
    } else if (request.type === 'shard') {
      try {
        runShard(request.shard, request.cancel, request.pack === true);
      } catch (error) {
        if (error instanceof ScreeningCancelled) post({ type: 'cancelled', shard: request.shard.index });
        else throw error;
      }
    } else if (request.type === 'risk') {
      if (request.version !== version) throw new Error(`worker holds catalogue '${version}', request needs '${request.version}'`);
      const subject = (norad: number) => {
        const set = catalog.get(norad);
        if (!set) throw new Error(`object ${norad} is not in the catalogue`);
        return riskSubjectOf(set, request.objectTypes[norad]);
      };
      // The Monte Carlo runs here, off the event loop, where the method choice calls for it.
      const risks = request.approaches.map((a) => assessRiskWithFallback(a, subject(a.primary), subject(a.secondary), undefined, AUTOMATIC_MONTE_CARLO));
      post({ type: 'risk-done', risks });
    } else runBruteForce(request);
  } catch (error) {
    post({ type: 'error', message: (error as Error).stack ?? String(error) });
  }
}

/** Holds a catalogue version (in place of the one held before). */
function loadCatalog(name: string, packed: CatalogColumns): void {
  clearCatalog();
  version = name;
  columns = new CatalogColumnsReader(packed);
  catalog = columns;
  const slots = INPUT_KEYS.map((key) => columns!.numericSlot(key));
  inputSlots = slots.every((slot) => slot >= 0) ? (Object.fromEntries(INPUT_KEYS.map((key, i) => [key, slots[i]!])) as Record<keyof NearEarthInputs, number>) : undefined;
}

/** Forgets the catalogue version and everything made from it. */
function clearCatalog(): void {
  version = '';
  catalog = new Map();
  columns = undefined;
  inputSlots = undefined;
  models = new Map();
  subjects = new Map();
  constantsTable = new Float64Array(0);
  constantsRows = 0;
}

/** Objects in the warm-up's sample: about as long to screen as the main thread takes to parse the file (0.27 s here; 600 to 2,500 measured alike, ARCHITECTURE.md). */
const WARM_UP_OBJECTS = 1000;

/**
 * A fleet screening of a sample of the job's own catalogue (warm-up.ts) over the job's window,
 * through the very code a job runs: catalogue columns, subjects, `screen`. Why: a worker isolate
 * starts cold; V8 interprets satellite.js and the screener and compiles them while the first job
 * runs, and compiles again where an optimised function meets a case its first calls had not shown
 * (ARCHITECTURE.md, "How the code runs"). Done while `ssa screen` parses the catalogue in the main
 * thread, that work is mostly over when the catalogue comes. The primaries are sample objects of
 * every regime (geostationary, 12-h resonant, three LEO shells), so both deep-space resonances
 * and the near-Earth paths run. Then the worker forgets the sample; nothing it would have posted
 * went out, only a 'warmed-up' report with its time and outcome.
 */
function warmUp(request: WarmUpRequest): void {
  const started = performance.now();
  let objects = 0;
  let primaries: number[] = [];
  let approaches = -1;
  let error: string | undefined;
  muted = true;
  try {
    const sets = parseElementSets(sampleTleRecords(readFileSync(request.catalogPath, 'utf8'), WARM_UP_OBJECTS)).sets;
    objects = sets.length;
    const inBand = (low: number, high: number, k = 0) => sets.filter((s) => s.meanMotion > low && s.meanMotion < high)[k]?.norad;
    primaries = [inBand(0.95, 1.05), inBand(0.95, 1.05, 3), inBand(1.9, 2.1), inBand(14.5, 16), inBand(13, 14.5), inBand(11, 13)].filter((n) => n !== undefined);
    if (primaries.length > 0) {
      const job: ScreeningJob = { id: 'warm-up', catalog: { version: 'warm-up', objects }, primaries, start: request.start, end: request.end, thresholdKm: request.thresholdKm };
      loadCatalog(job.catalog.version, packCatalog(sets));
      const result = runShard({ job, index: 0, count: 1, secondaries: { from: 0, to: Number.MAX_SAFE_INTEGER }, start: job.start, end: job.end }, new Int32Array(1));
      approaches = result?.approaches.length ?? -1;
    }
  } catch (e) {
    error = (e as Error).message;
  } finally {
    muted = false;
    clearCatalog();
  }
  post({ type: 'warmed-up', ms: performance.now() - started, objects, primaries: primaries.length, approaches, ...(error === undefined ? {} : { error }) });
}

/** Requests in the order they came, each after the runtime it needs (the pool sends one at a time anyway). */
let queue = Promise.resolve();
port.on('message', (request: ScreeningWorkerRequest) => {
  queue = queue.then(async () => {
    if (needsRuntime(request) && !runtime) {
      try {
        runtime = await wasmRuntime();
      } catch (error) {
        post({ type: 'error', message: (error as Error).stack ?? String(error) });
        return;
      }
    }
    handle(request);
  });
});
post({ type: 'ready' });
// Synchronously, before any request is handled: the catalogue's message waits until the warm-up is over.
const warmUpRequest = (workerData as { warmUp?: WarmUpRequest } | null)?.warmUp;
if (warmUpRequest) warmUp(warmUpRequest);
