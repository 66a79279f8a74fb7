import { statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { decodeAlpha5, parseElementSets } from '../../core/elements/index.ts';
import { createSgp4 } from '../../core/propagation/index.ts';
import { DEFAULT_MAX_ELEMENT_AGE_DAYS, isoUtc, SCREENING_STAGES, type ScreeningJob, type ScreeningProgress } from '../../core/screening/index.ts';
import { parseUtc } from '../../core/time/index.ts';
import { catalogVersionOf, localCatalogVersion, type CatalogVersion } from '../../server/screening/catalog-version.ts';
import { runScreening, screeningJob, type ScreeningReport } from '../../server/screening/run-screening.ts';
import { ScreeningPool } from '../../server/workers/screening/screening-pool.ts';
import type { WarmUpRequest } from '../../server/workers/screening/screening-protocol.ts';
import { sstConjunction, sstProximity, sstStale } from '../../server/screening/sst-format.ts';
import { parseCommandLine } from '../parse.ts';
import { UsageError } from '../usage-error.ts';
import type { Config } from '../../server/config.ts';
import { processIo, type CommandIo } from '../io.ts';

export const SCREEN_USAGE = `Usage: ssa screen --catalog FILE (--primary ID[,ID...] | --all) --start ISO --end ISO --threshold-km X [--workers N] [--queue [--shards N]] [--max-element-age-days N|none] [--progress]
       ssa screen --catalog FILE --ephemeris FILE.oem --start ISO --end ISO --threshold-km X

Finds every close approach closer than X km between the primaries and every other object of
the catalogue with a time of closest approach in [start, end), by SGP4 (filters: apogee/perigee,
orbit path, time windows; every candidate refined to the millisecond). With --all, between every
pair of objects of the catalogue, each pair once with the lower NORAD id as primary (catalogue-
wide screening: a spatial grid of every object's path over 60 s steps, then the same refinement;
the window is split into time slices over the workers). Pairs that stay close
(docked, formation, proximity operations: slower than 5 m/s at TCA or inside the threshold for a
quarter of an orbit) are proximities, not conjunctions. Each conjunction gets its collision
probability chosen as NASA CARA's PcMultiStep does (Foster 2D, the 2D method's usage-violation
tests, Hall's 3D-Nc where the 2D method is flagged; the default covariance model for element sets
as a 6x6), Alfano's maximum probability and risk level. Prints JSON on stdout:
  {"total_objects":N,"conjunctions":[{"primary_object","secondary_object","primary_norad",
   "secondary_norad","tca","miss_distance_km","relative_velocity_km_s","collision_probability",
   "max_collision_probability","risk_level","pc2d","pc3d","pc_method","pc_violations"}],
   "proximities":[{"primary_object","secondary_object","primary_norad","secondary_norad","kind",
   "start","end","min_distance_km","max_distance_km","mean_distance_km","relative_speed_m_s"}],
   "stale_objects":[{"norad","name","epoch","age_days","primary"}]}
with times in ISO 8601 UTC (milliseconds, ending in Z), conjunctions sorted by tca.

Options:
  --catalog FILE        element sets: TLE, 3LE or OMM (KVN, XML, JSON, CSV); the newest set of each object is used
  --primary ID[,ID...]  NORAD catalogue numbers of the primaries (Alpha-5 accepted)
  --all                 every pair of the catalogue instead of primaries
  --ephemeris FILE.oem  screen an operator's ephemeris (CCSDS OEM, KVN or XML; TEME, EME2000 or GCRF)
                        in place of its object's element set: the object is found in the catalogue
                        by OBJECT_ID (international designator) or NORAD number and is not its own
                        secondary; the OEM's covariance at TCA, where it has one, is the primary's
                        for the Pc. Each conjunction adds primary_track and covariance_source, the
                        output primary_track (the file, its span, how far it strays from the element set)
  --start ISO           window start, UTC, e.g. 2023-10-09T00:00:00Z
  --end ISO             window end, UTC, after the start
  --threshold-km X      distance threshold, km, greater than 0
  --workers N           worker threads (default: one per core, less one with --primary)
  --queue               screen on 'ssa worker' processes through the job queue in PostgreSQL
                        (needs DATABASE_URL): submit the shards, wait, merge, print the same JSON
  --shards N            shards of a queued job (default: one per 2 h of window with --all, else 16)
  --max-element-age-days N
                        element sets whose epoch is more than N days from the window are stale: not
                        screened (SGP4 is off by tens of km a month from its epoch) but listed in
                        stale_objects, oldest first (default 30; 'none': screen every set)
  --progress            print the stages on stderr as the work runs
  -h, --help            show this help
`;

/** Where the command reads and writes, and how it screens; tests pass their own. */
export interface ScreenIo extends CommandIo {
  /** Runs the job (default: a worker pool of `workers` threads, started before the catalogue is read, closed afterwards). */
  readonly screen?: (catalog: CatalogVersion, job: ScreeningJob, onProgress: (p: ScreeningProgress) => void, workers?: number) => Promise<ScreeningReport>;
}

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const ISO_WITH_OFFSET = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)([+-]\d{2}):?(\d{2})$/;

/** An ISO 8601 instant: UTC with or without 'Z', or with a ±hh:mm offset. */
function parseInstant(option: string, text: string | undefined): number {
  if (text === undefined || text.trim() === '') throw new UsageError(`missing --${option} ISO`, SCREEN_USAGE);
  const trimmed = text.trim();
  const offset = ISO_WITH_OFFSET.exec(trimmed);
  if (offset) {
    const local = parseUtc(offset[1]!);
    if (local !== undefined) {
      const sign = offset[2]!.startsWith('-') ? -1 : 1;
      return local - sign * (Math.abs(Number(offset[2])) * 60 + Number(offset[3])) * 60_000;
    }
  }
  const t = /^\d{4}-\d{2}-\d{2}/.test(trimmed) ? parseUtc(trimmed) : undefined;
  if (t === undefined) throw new UsageError(`--${option}: '${text}' is not an ISO 8601 date-time (e.g. 2023-10-09T00:00:00Z)`, SCREEN_USAGE);
  return t;
}

function parsePrimaries(text: string | undefined): number[] {
  if (text === undefined || text.trim() === '') throw new UsageError('missing --primary ID[,ID...] (or --all for every pair)', SCREEN_USAGE);
  const ids = text.split(',').map((part) => {
    const trimmed = part.trim();
    const norad = /^\d+$/.test(trimmed) ? Number(trimmed) : decodeAlpha5(trimmed);
    if (norad === undefined || norad <= 0) throw new UsageError(`--primary: '${part.trim()}' is not a NORAD catalogue number`, SCREEN_USAGE);
    return norad;
  });
  return [...new Set(ids)];
}

function parseMaxAge(text: string | undefined): number | undefined {
  if (text === undefined) return DEFAULT_MAX_ELEMENT_AGE_DAYS;
  if (text.trim().toLowerCase() === 'none') return undefined;
  const value = Number(text);
  if (!NUMBER.test(text.trim()) || !(value > 0) || !Number.isFinite(value)) throw new UsageError(`--max-element-age-days: expected a number of days greater than 0 or 'none', got '${text}'`, SCREEN_USAGE);
  return value;
}

function parseThreshold(text: string | undefined): number {
  if (text === undefined || text.trim() === '') throw new UsageError('missing --threshold-km X', SCREEN_USAGE);
  if (!NUMBER.test(text.trim())) throw new UsageError(`--threshold-km: '${text}' is not a number`, SCREEN_USAGE);
  const value = Number(text);
  if (!(value > 0) || !Number.isFinite(value)) throw new UsageError(`--threshold-km: must be greater than 0, got ${text}`, SCREEN_USAGE);
  return value;
}

/**
 * Worker threads when --workers is not given. A catalogue-wide job (--all) is long: one per core.
 * A fleet job is short, and each worker isolate pays its own cold start: V8 compiles
 * satellite.js and the screener again in every isolate, on background threads that need a core
 * as well. On this 2-core machine, 12 primaries against 26,140 objects over 48 h took 1.9 s with
 * one worker and 2.3 s with two, whose second isolate cost 1.3 s of CPU for 0.35 s of work. So a
 * fleet job leaves one core to the main thread and V8's background work.
 */
function defaultWorkers(all: boolean): number {
  const cores = availableParallelism();
  return all ? cores : Math.max(1, cores - 1);
}

/** The warm-up's window is the job's, but at most this long: its share of the work stays small. */
const WARM_UP_MAX_MS = 48 * 3_600_000;

/**
 * What the workers warm up on (ScreeningPoolOptions.warmUp): a fleet job's, while the main thread
 * reads and parses the catalogue. Not for --all (its screener is another), nor on one core, where
 * the warm-up would take the parse's time, nor for a catalogue that is not a regular file: a pipe
 * (`--catalog /dev/stdin`) read by the worker too would lose the main thread part of its data.
 */
function warmUpFor(all: boolean, catalogPath: string, start: number, end: number, thresholdKm: number): WarmUpRequest | undefined {
  if (all || availableParallelism() < 2 || !isRegularFile(catalogPath)) return undefined;
  return { catalogPath, start: isoUtc(start), end: isoUtc(Math.min(end, start + WARM_UP_MAX_MS)), thresholdKm };
}

function isRegularFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false; // the read says why
  }
}

function parseWorkers(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!/^\d+$/.test(text.trim()) || n < 1 || n > 256) throw new UsageError(`--workers: expected a whole number 1–256, got '${text}'`, SCREEN_USAGE);
  return n;
}

export async function screenCommand(args: string[], env: Record<string, string | undefined>, io: ScreenIo = processIo): Promise<void> {
  const { values } = parseCommandLine(
    args,
    {
      catalog: { type: 'string' },
      primary: { type: 'string' },
      all: { type: 'boolean' },
      ephemeris: { type: 'string' },
      start: { type: 'string' },
      end: { type: 'string' },
      'threshold-km': { type: 'string' },
      workers: { type: 'string' },
      queue: { type: 'boolean' },
      shards: { type: 'string' },
      progress: { type: 'boolean' },
      'max-element-age-days': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    SCREEN_USAGE,
  );
  if (values.help) {
    await io.stdout(SCREEN_USAGE);
    return;
  }
  const path = values.catalog;
  if (path === undefined || path.trim() === '') throw new UsageError('missing --catalog FILE', SCREEN_USAGE);
  if (values.all && values.primary !== undefined) throw new UsageError('--all and --primary exclude each other: --all screens every pair', SCREEN_USAGE);
  if (values.ephemeris !== undefined) {
    if (values.all || values.primary !== undefined || values.queue) throw new UsageError('--ephemeris screens its own object: it goes without --primary, --all and --queue', SCREEN_USAGE);
    const start = parseInstant('start', values.start);
    const end = parseInstant('end', values.end);
    if (!(end > start)) throw new UsageError(`--end (${isoUtc(end)}) must be after --start (${isoUtc(start)})`, SCREEN_USAGE);
    const thresholdKm = parseThreshold(values['threshold-km']);
    const read = async (file: string, what: string) => {
      try {
        return await io.readFile(file);
      } catch (error) {
        throw new UsageError(`cannot read ${what} file '${file}': ${(error as Error).message}`, SCREEN_USAGE);
      }
    };
    const { sets, rejected } = parseElementSets(await read(path, '--catalog'));
    if (rejected.length > 0) io.stderr(`ssa screen: ${path}: ${rejected.length} record(s) rejected (first at line ${rejected[0]!.line}: ${rejected[0]!.reason})\n`);
    if (sets.length === 0) throw new UsageError(`no valid element sets in '${path}'`, SCREEN_USAGE);
    const { screenEphemeris } = await import('./screen-ephemeris.ts');
    const output = screenEphemeris({ oemText: await read(values.ephemeris, '--ephemeris'), oemPath: values.ephemeris, sets: localCatalogVersion(sets).sets, start, end, thresholdKm, usage: SCREEN_USAGE });
    await io.stdout(`${JSON.stringify(output, null, 2)}\n`);
    return;
  }
  const primaries = values.all ? [] : parsePrimaries(values.primary);
  const start = parseInstant('start', values.start);
  const end = parseInstant('end', values.end);
  if (!(end > start)) throw new UsageError(`--end (${isoUtc(end)}) must be after --start (${isoUtc(start)})`, SCREEN_USAGE);
  const thresholdKm = parseThreshold(values['threshold-km']);
  const maxElementAgeDays = parseMaxAge(values['max-element-age-days']);
  const workers = parseWorkers(values.workers);
  let shards: number | undefined;
  if (values.shards !== undefined) {
    if (!values.queue) throw new UsageError('--shards goes with --queue', SCREEN_USAGE);
    if (!/^\d+$/.test(values.shards.trim()) || Number(values.shards) < 1 || Number(values.shards) > 10_000) throw new UsageError(`--shards: expected a whole number 1–10000, got '${values.shards}'`, SCREEN_USAGE);
    shards = Number(values.shards);
  }
  let queueConfig: (Config & { DATABASE_URL: string }) | undefined;
  if (values.queue) {
    // Only --queue needs the configuration and the queue (zod, pg-boss, the database drivers).
    const { loadConfig } = await import('../../server/config.ts');
    const config = loadConfig(env);
    if (!config.DATABASE_URL) throw new UsageError('--queue needs DATABASE_URL: the job queue lives in PostgreSQL', SCREEN_USAGE);
    queueConfig = { ...config, DATABASE_URL: config.DATABASE_URL };
  }

  // A local run: the worker threads start now, in parallel with reading and parsing the catalogue.
  // A fleet job's workers warm up meanwhile on a sample of the file, if a core is free for it.
  const pool = queueConfig || io.screen ? undefined : new ScreeningPool(workers ?? defaultWorkers(values.all === true), { warmUp: warmUpFor(values.all === true, path, start, end, thresholdKm) });
  let closing: Promise<void> | undefined;
  try {
    let text: string;
    try {
      text = await io.readFile(path);
    } catch (error) {
      throw new UsageError(`cannot read --catalog file '${path}': ${(error as Error).message}`, SCREEN_USAGE);
    }
    const { sets, rejected } = parseElementSets(text);
    if (rejected.length > 0) io.stderr(`ssa screen: ${path}: ${rejected.length} record(s) rejected (first at line ${rejected[0]!.line}: ${rejected[0]!.reason})\n`);
    if (sets.length === 0) throw new UsageError(`no valid element sets in '${path}'`, SCREEN_USAGE);
    // A local run names its catalogue for this process only; the queue's shards run elsewhere and need the content hash.
    const catalog = queueConfig ? catalogVersionOf(sets) : localCatalogVersion(sets);
    const known = new Set(catalog.sets.map((s) => s.norad));
    const unknown = primaries.filter((p) => !known.has(p));
    if (unknown.length > 0) throw new UsageError(`--primary: not in '${path}': ${unknown.join(', ')}`, SCREEN_USAGE);
    const primaryProblem = () => {
      for (const set of catalog.sets) {
        if (!primaries.includes(set.norad)) continue;
        try {
          createSgp4(set);
        } catch (error) {
          return new UsageError(`--primary: ${set.norad} cannot be propagated: ${(error as Error).message}`, SCREEN_USAGE);
        }
      }
      return undefined;
    };
    const job = screeningJob(catalog, values.all ? 'all' : primaries, isoUtc(start), isoUtc(end), thresholdKm, maxElementAgeDays);
    let lastStage = '';
    const onProgress = (p: ScreeningProgress) => {
      if (!values.progress || p.stage === lastStage) return;
      lastStage = p.stage;
      const title = SCREENING_STAGES.find((s) => s.id === p.stage)?.title ?? p.stage;
      io.stderr(`ssa screen: ${title} (${Math.round(p.fraction * 100)} %): ${p.detail}\n`);
    };
    const log = (line: string) => io.stderr(`ssa screen: ${line}\n`);
    let report: ScreeningReport;
    if (pool) {
      // The primaries' check runs in the main thread while the workers screen (it cost ~30 ms cold).
      const stop = new AbortController();
      const screening = runScreening(pool, catalog, job, { onProgress, signal: stop.signal });
      screening.catch(() => undefined); // handled below; not an unhandled rejection while the check runs
      const problem = await new Promise<UsageError | undefined>((resolve) => setImmediate(() => resolve(primaryProblem())));
      if (problem) {
        stop.abort();
        await screening.catch(() => undefined);
        throw problem;
      }
      report = await screening;
    } else {
      const problem = primaryProblem();
      if (problem) throw problem;
      report = queueConfig
        ? await (await import('./screen-queue.ts')).queueScreen(queueConfig, catalog, job, onProgress, { workers, shards, log })
        : await io.screen!(catalog, job, onProgress, workers);
    }
    // The workers end while the JSON is written.
    closing = pool?.close();
    for (const s of report.skipped) if (primaries.includes(s.norad)) io.stderr(`ssa screen: primary ${s.norad} skipped: ${s.reason}\n`);
    const names = new Map(catalog.sets.map((set) => [set.norad, set.name ?? String(set.norad)]));
    if (report.stale.length > 0) {
      const stalePrimaries = report.stale.filter((s) => primaries.includes(s.norad));
      for (const s of stalePrimaries) io.stderr(`ssa screen: primary ${s.norad} not screened: its element set is ${s.ageDays.toFixed(1)} days from the window (--max-element-age-days ${maxElementAgeDays})\n`);
      io.stderr(`ssa screen: ${report.stale.length} element set(s) more than ${maxElementAgeDays} days from the window are stale, not screened: listed in stale_objects\n`);
    }
    const output = {
      total_objects: report.totalObjects,
      conjunctions: report.conjunctions.map(sstConjunction),
      proximities: report.proximities.map((p) => sstProximity(p, (norad) => names.get(norad) ?? String(norad))),
      stale_objects: report.stale.map((s) => sstStale(s, (norad) => names.get(norad) ?? String(norad), new Set(primaries))),
    };
    await io.stdout(`${JSON.stringify(output, null, 2)}\n`);
  } finally {
    await (closing ?? pool?.close());
  }
}
