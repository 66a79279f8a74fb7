/**
 * A screening job as plain data: what to screen (primaries × catalogue version × window ×
 * threshold), how it splits into shards that can run anywhere (another thread today, another
 * machine later), and how shard results merge back. Everything here is JSON-serialisable:
 * numbers, strings, arrays and plain objects only.
 *
 * Shards partition the work exactly, so a merge needs no deduplication (a catalogue-wide job,
 * `scope: 'all'`, splits by time only):
 * - by secondaries: NORAD id ranges [from, to] that cover the catalogue without overlap; a pair of
 *   two primaries is screened only where its higher id is the secondary (screen.ts);
 * - by time: windows [start, end) that tile the job's window; a close approach belongs to the
 *   window holding its TCA, and each shard's models extend beyond its window (object-track.ts
 *   WINDOW_PAD_MS) so that a minimum next to a boundary is still bracketed.
 */
import { formatUtc, parseUtc } from '../time/iso-time.ts';
import { utcMs } from '../units.ts';
import type { CloseApproach } from './close-approach.ts';
import type { ScreeningWindow } from './object-track.ts';
import type { ScreeningStats, SkippedObject } from './screen.ts';

export interface ScreeningJob {
  /** The caller's id for the job; shards and results carry it. */
  readonly id: string;
  /** The catalogue screened against: a version that names one immutable set of element sets (e.g. a content hash), and its size. */
  readonly catalog: { readonly version: string; readonly objects: number };
  /** NORAD ids of the primaries; empty for a catalogue-wide job. */
  readonly primaries: readonly number[];
  /**
   * 'all': catalogue-wide (all-vs-all, core/screening/all-pairs.ts): every unordered pair of the
   * catalogue once, lower NORAD id first; its shards are time slices of the window, each
   * screening the whole catalogue. Absent: the primaries against the catalogue.
   */
  readonly scope?: 'all';
  /** Window, ISO 8601 UTC; close approaches with TCA in [start, end) are reported. */
  readonly start: string;
  readonly end: string;
  readonly thresholdKm: number;
  /**
   * Element sets whose epoch is more than this many days from the window are stale (stale.ts):
   * not screened, as primaries or secondaries, on any shard. Absent: every set is screened (a job
   * recorded before the limit existed).
   */
  readonly maxElementAgeDays?: number;
}

export interface ScreeningShard {
  readonly job: ScreeningJob;
  /** 0 … count − 1. */
  readonly index: number;
  readonly count: number;
  /** The shard's secondaries: catalogue objects with NORAD id in [from, to]. */
  readonly secondaries: { readonly from: number; readonly to: number };
  /** The shard's window, ISO 8601 UTC, TCA in [start, end): the job's or a slice of it. */
  readonly start: string;
  readonly end: string;
}

export interface ShardResult {
  readonly jobId: string;
  readonly shard: number;
  readonly catalogVersion: string;
  readonly approaches: readonly CloseApproach[];
  readonly stats: ScreeningStats;
  readonly skipped: readonly SkippedObject[];
}

export interface ScreeningResult {
  readonly job: ScreeningJob;
  /** Sorted by TCA, then primary and secondary id. */
  readonly approaches: CloseApproach[];
  /** Shard statistics summed (`objects` is the catalogue's size). */
  readonly stats: ScreeningStats;
  /** Objects no shard could screen (SGP4 fails throughout), once each. */
  readonly skipped: SkippedObject[];
}

/** The window of a job or shard as UTC milliseconds. */
export function windowOf(item: { readonly start: string; readonly end: string }): ScreeningWindow {
  const start = parseUtc(item.start);
  const end = parseUtc(item.end);
  if (start === undefined || end === undefined) throw new RangeError(`not ISO 8601 UTC date-times: '${item.start}', '${item.end}'`);
  return { start, end };
}

/** ISO 8601 UTC with milliseconds and the zone letter, as jobs and results write instants. */
export function isoUtc(t: number): string {
  return `${formatUtc(utcMs(t), 3)}Z`;
}

/** Checks a job; throws RangeError naming the first bad field. */
export function validateJob(job: ScreeningJob): void {
  if (typeof job.id !== 'string' || job.id === '') throw new RangeError('job.id must be a non-empty string');
  if (typeof job.catalog?.version !== 'string' || job.catalog.version === '') throw new RangeError('job.catalog.version must be a non-empty string');
  if (!Number.isInteger(job.catalog.objects) || job.catalog.objects < 0) throw new RangeError('job.catalog.objects must be a count');
  if (job.scope !== undefined && job.scope !== 'all') throw new RangeError(`job.scope must be 'all' or absent, got '${String(job.scope)}'`);
  if (job.scope === 'all') {
    if (!Array.isArray(job.primaries) || job.primaries.length !== 0) throw new RangeError('job.primaries must be empty for a catalogue-wide job (scope all)');
  } else if (!Array.isArray(job.primaries) || job.primaries.length === 0 || !job.primaries.every((p) => Number.isInteger(p) && p > 0)) {
    throw new RangeError('job.primaries must be a non-empty list of NORAD ids');
  }
  let window: ScreeningWindow;
  try {
    window = windowOf(job);
  } catch {
    throw new RangeError(`job.start/end must be ISO 8601 UTC date-times, got '${job.start}', '${job.end}'`);
  }
  if (!(window.end > window.start)) throw new RangeError('job.end must be after job.start');
  if (!(job.thresholdKm > 0) || !Number.isFinite(job.thresholdKm)) throw new RangeError('job.thresholdKm must be a positive number');
  if (job.maxElementAgeDays !== undefined && !(job.maxElementAgeDays > 0 && Number.isFinite(job.maxElementAgeDays))) throw new RangeError('job.maxElementAgeDays must be a positive number of days');
}

/**
 * Splits a job into `secondarySlices` × `timeSlices` shards: the catalogue's NORAD ids
 * (`catalogNorads`, any order) into ranges of about equal size, the window into equal slices.
 */
export function splitJob(job: ScreeningJob, catalogNorads: readonly number[], secondarySlices: number, timeSlices = 1): ScreeningShard[] {
  validateJob(job);
  if (!(Number.isInteger(secondarySlices) && secondarySlices >= 1 && Number.isInteger(timeSlices) && timeSlices >= 1)) {
    throw new RangeError('splitJob: slice counts must be positive integers');
  }
  const ids = [...new Set(catalogNorads)].sort((a, b) => a - b);
  // A catalogue-wide job needs every object in every shard: its shards are time slices only.
  if (job.scope === 'all') return timeSliced(job, secondarySlices * timeSlices);
  const slices = Math.max(1, Math.min(secondarySlices, ids.length));
  const ranges: { from: number; to: number }[] = [];
  for (let k = 0; k < slices; k += 1) {
    const first = Math.floor((k * ids.length) / slices);
    const last = Math.floor(((k + 1) * ids.length) / slices) - 1;
    // The outer ranges are open-ended, so an id missing from the list still falls in one shard.
    ranges.push({ from: k === 0 ? 0 : ids[first]!, to: k === slices - 1 ? Number.MAX_SAFE_INTEGER : ids[last + 1]! - 1 });
  }
  const { start, end } = windowOf(job);
  const shards: ScreeningShard[] = [];
  const count = ranges.length * timeSlices;
  for (let w = 0; w < timeSlices; w += 1) {
    const sliceStart = w === 0 ? job.start : isoUtc(start + Math.round(((end - start) * w) / timeSlices));
    const sliceEnd = w === timeSlices - 1 ? job.end : isoUtc(start + Math.round(((end - start) * (w + 1)) / timeSlices));
    for (const secondaries of ranges) shards.push({ job, index: shards.length, count, secondaries, start: sliceStart, end: sliceEnd });
  }
  return shards;
}

/** `count` shards of a job, each the whole catalogue over one slice of the window (equal durations, whole milliseconds). */
function timeSliced(job: ScreeningJob, count: number): ScreeningShard[] {
  const { start, end } = windowOf(job);
  const slices = Math.max(1, Math.min(count, end - start));
  return Array.from({ length: slices }, (_, w) => ({
    job,
    index: w,
    count: slices,
    secondaries: { from: 0, to: Number.MAX_SAFE_INTEGER },
    start: w === 0 ? job.start : isoUtc(start + Math.round(((end - start) * w) / slices)),
    end: w === slices - 1 ? job.end : isoUtc(start + Math.round(((end - start) * (w + 1)) / slices)),
  }));
}

/** Whether a catalogue object is one of the shard's secondaries. */
export function inShard(shard: ScreeningShard, norad: number): boolean {
  return norad >= shard.secondaries.from && norad <= shard.secondaries.to;
}

/** Merges the results of every shard of a job (each exactly once, all of the job's catalogue version). */
export function mergeShardResults(job: ScreeningJob, shardCount: number, results: readonly ShardResult[]): ScreeningResult {
  const seen = new Set<number>();
  for (const r of results) {
    if (r.jobId !== job.id) throw new RangeError(`shard result of job '${r.jobId}' given to job '${job.id}'`);
    if (r.catalogVersion !== job.catalog.version) throw new RangeError(`shard ${r.shard} ran on catalogue '${r.catalogVersion}', the job needs '${job.catalog.version}'`);
    if (!(Number.isInteger(r.shard) && r.shard >= 0 && r.shard < shardCount) || seen.has(r.shard)) throw new RangeError(`shard ${r.shard} is out of range or given twice`);
    seen.add(r.shard);
  }
  if (seen.size !== shardCount) throw new RangeError(`${shardCount - seen.size} of ${shardCount} shard results are missing`);
  const approaches = results.flatMap((r) => r.approaches);
  approaches.sort((x, y) => x.tca - y.tca || x.primary - y.primary || x.secondary - y.secondary);
  const stats = { ...results[0]!.stats } as Record<string, number>;
  for (const r of results.slice(1)) for (const [key, value] of Object.entries(r.stats)) stats[key] = (stats[key] ?? 0) + value;
  stats.objects = job.catalog.objects;
  // Every time slice of a catalogue-wide job screens the same pairs.
  if (job.scope === 'all') stats.pairs = (job.catalog.objects * (job.catalog.objects - 1)) / 2;
  const skipped = new Map<number, SkippedObject>();
  for (const r of results) for (const s of r.skipped) skipped.set(s.norad, s);
  return { job, approaches, stats: stats as unknown as ScreeningStats, skipped: [...skipped.values()].sort((a, b) => a.norad - b.norad) };
}
