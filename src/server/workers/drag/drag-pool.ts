/**
 * Drag work on a worker thread (drag-worker.ts): the drag calculator's calculation, an object's
 * lifetime forecast, and the orbit averages and 30-day decay runs of the Orbital Drag page's
 * snapshots (issue 30 item 9: built on the event loop, they held every poll for up to a few
 * hundred milliseconds a minute). A lifetime integrates a lifetime up to the 25-year cap: 0.3 to several
 * seconds of CPU (0.9 s for the calculator at 600 km; 8.7 s for an object's four runs on a
 * 480 × 6,100 km orbit), which on the server's event loop held every other request (the
 * dashboard's polls) for as long. One worker, started on first use and kept; the work queues on
 * it in order. With `size` 0 it runs in this thread (tests, or where a worker cannot start).
 *
 * An imported series goes to the worker once per snapshot version (and per 100 days of the
 * work's start time), cut to the records the look-ups from then on can reach (core/drag
 * series-adapter.ts recordsFrom): the whole SW-All history took 0.35 s to copy, its last months a
 * few milliseconds.
 */
import type { Worker } from 'node:worker_threads';
import {
  calculateDragFor,
  DensityDomainError,
  DragInputError,
  orbitAveragedDensityRatios,
  predictLifetime,
  recordsFrom,
  SERIES_LOOKBACK_DAYS,
  spaceWeatherFromSeries,
  spaceWeatherWithDefaults,
  type DragCalculation,
  type DragCalculatorInput,
  type LifetimeInput,
  type LifetimeOptions,
  type LifetimePrediction,
  type SpaceWeather,
  type SpaceWeatherFn,
} from '../../../core/drag/index.ts';
import { dayNumber, type Jb2008Files, type SpaceWeatherRecords, type SpaceWeatherSeries } from '../../../core/spaceweather/index.ts';
import { utcMs, type UtcMs } from '../../../core/units.ts';
import { BusyError } from '../../http/errors.ts';
import { startWorker } from '../worker-thread.ts';
import type { DensityRatiosInput, DragWeatherRef, DragWorkerReply, DragWorkerRequest } from './drag-protocol.ts';

const ENTRY = new URL('./drag-worker.ts', import.meta.url);

/** The records sent start on a multiple of this many days: a new cut at most every 100 days of time. */
const CUT_STEP_DAYS = 100;

/** An imported space-weather series (a SpaceWeatherSnapshot's). */
export interface DragSeries {
  /** Changes whenever the series does (the snapshot's version). */
  readonly version: number;
  readonly series: SpaceWeatherSeries;
  /** What `series` was built from, the more trusted source first (createSpaceWeatherSeries). */
  readonly recordSets: readonly SpaceWeatherRecords[];
  readonly jb2008Files: Jb2008Files;
}

/** A space-weather snapshot's series for the pool, or undefined when nothing is imported. */
export function dragSeriesOf(snapshot: DragSeries & { readonly imported: boolean }): DragSeries | undefined {
  return snapshot.imported ? { version: snapshot.version, series: snapshot.series, recordSets: snapshot.recordSets, jb2008Files: snapshot.jb2008Files } : undefined;
}

/** Work waiting for the worker, or on it: a calculation, a piece of an Orbital Drag snapshot, an object's lifetime run. */
interface Job {
  readonly kind: 'calculate' | 'page' | 'lifetime';
  readonly message: (id: number, weather: DragWeatherRef | undefined) => DragWorkerRequest;
  /** The first instant the work's look-ups are at (the cut of the series depends on it). */
  readonly start: UtcMs;
  readonly series: DragSeries | undefined;
  readonly resolve: (value: never) => void;
  readonly reject: (error: Error) => void;
}

/** No series: no value at any instant, so a lifetime takes its default (LONG_TERM_MEAN_SPACE_WEATHER) throughout. */
const NO_SERIES: SpaceWeatherFn = () => undefined;

/**
 * Jobs that may wait for the worker. Beyond them new work is refused (BusyError: 503 with
 * Retry-After) rather than queued for minutes: a crawl of the objects' decay pages asks for
 * seconds of CPU each.
 */
export const DRAG_QUEUE_LIMIT = 32;

/** Where the drag calculator and the objects' decay forecasts run (one pool shared by both services). */
export class DragPool {
  private worker: Worker | undefined;
  /** The series the worker holds: sent with an earlier job (messages arrive in order), cut from `fromDay`. */
  private held: { version: number; fromDay: number } | undefined;
  /** The job on the worker (one at a time, so a calculation waits for at most one lifetime run). */
  private running: { id: number; job: Job } | undefined;
  /** Waiting jobs: calculations (a person at the form), then the pieces of the Orbital Drag page's snapshots, then lifetimes, each kind in order. */
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;
  /** This thread's adapter of the last series (size 0), kept: its look-ups cache as they go. */
  private local: { version: number; weather: SpaceWeatherFn } | undefined;
  /** The same with the series' offline defaults, for the page's snapshots (size 0). */
  private localPage: { version: number; weather: (t: UtcMs) => SpaceWeather } | undefined;

  constructor(private readonly size: 0 | 1 = 1) {}

  /** calculateDragFor with the series (or with the entered conditions held constant when there is none); DragInputError as it throws. */
  calculate(input: DragCalculatorInput, time: UtcMs, series: DragSeries | undefined): Promise<DragCalculation> {
    if (this.size === 0) return attempt(() => calculateDragFor(input, { time, ...(series ? { spaceWeather: this.localWeather(series) } : {}) }));
    return this.enqueue<DragCalculation>('calculate', (id, weather) => ({ type: 'calculate', id, input, timeMs: time, ...(weather ? { weather } : {}) }), time, series);
  }

  /**
   * predictLifetime with the series through core spaceWeatherFromSeries (the long-term mean where it
   * has no value), or with the long-term mean throughout when there is none; DensityDomainError as it throws.
   */
  predictLifetime(input: Omit<LifetimeInput, 'spaceWeather'>, options: LifetimeOptions, series: DragSeries | undefined): Promise<LifetimePrediction> {
    if (this.size === 0) return attempt(() => predictLifetime({ ...input, spaceWeather: series ? this.localWeather(series) : NO_SERIES }, options));
    return this.enqueue<LifetimePrediction>('lifetime', (id, weather) => ({ type: 'lifetime', id, input, options, ...(weather ? { weather } : {}) }), input.epoch, series);
  }

  /**
   * predictLifetime for each run, queued together or refused together (BusyError): an object's decay
   * answer needs every run, and runs queued before a refusal of the later ones would spend seconds of
   * the worker on an answer nobody gets.
   */
  predictLifetimes(runs: readonly { input: Omit<LifetimeInput, 'spaceWeather'>; options: LifetimeOptions }[], series: DragSeries | undefined): Promise<LifetimePrediction>[] {
    if (this.size !== 0 && !this.closed && this.queue.length + runs.length > DRAG_QUEUE_LIMIT) {
      const busy = this.busy();
      return runs.map(() => Promise.reject(busy));
    }
    return runs.map(({ input, options }) => this.predictLifetime(input, options, series));
  }

  /**
   * The Orbital Drag page's snapshots (orbital-drag-service.ts): core orbitAveragedDensityRatios, with
   * the series and its offline defaults as SpaceWeatherSnapshot.weatherAt gives them (core
   * spaceWeatherWithDefaults), so the answer is the one this thread would compute. Queued after the
   * calculations, before the objects' lifetime runs, and never refused for a full queue: a snapshot
   * build asks for a few pieces at a time, and a request may be waiting for it.
   */
  densityRatios(input: DensityRatiosInput, daysAhead: readonly number[], series: DragSeries): Promise<number[]> {
    if (this.size === 0) return attempt(() => orbitAveragedDensityRatios({ ...input, time: utcMs(input.time), spaceWeather: this.localPageWeather(series) }, daysAhead));
    return this.enqueue<number[]>('page', (id, weather) => ({ type: 'ratios', id, input, daysAhead, weather: weather! }), utcMs(input.time), series);
  }

  /** predictLifetime for the page's snapshots, with the series and its offline defaults (as densityRatios); DensityDomainError as it throws. */
  pageLifetime(input: Omit<LifetimeInput, 'spaceWeather'>, options: LifetimeOptions, series: DragSeries): Promise<LifetimePrediction> {
    if (this.size === 0) return attempt(() => predictLifetime({ ...input, spaceWeather: this.localPageWeather(series) }, options));
    return this.enqueue<LifetimePrediction>('page', (id, weather) => ({ type: 'page-lifetime', id, input, options, weather: weather! }), input.epoch, series);
  }

  private busy(): BusyError {
    return new BusyError(`The drag worker has ${this.queue.length} calculations and decay forecasts waiting; try again shortly`, 10);
  }

  private enqueue<T>(kind: Job['kind'], message: Job['message'], start: UtcMs, series: DragSeries | undefined): Promise<T> {
    if (this.closed) return Promise.reject(new Error('drag pool closed'));
    if (kind !== 'page' && this.queue.length >= DRAG_QUEUE_LIMIT) return Promise.reject(this.busy());
    return new Promise<T>((resolve, reject) => {
      const job: Job = { kind, message, start, series, resolve: resolve as (value: never) => void, reject };
      // A calculation goes after the calculations already waiting, a page's piece after the pieces, both before the lifetimes.
      const ahead = (j: Job) => j.kind === 'calculate' || (kind === 'page' && j.kind === 'page');
      const at = kind === 'lifetime' ? -1 : this.queue.findIndex((j) => !ahead(j));
      if (at < 0) this.queue.push(job);
      else this.queue.splice(at, 0, job);
      this.dispatch();
    });
  }

  /** Hands the next job to the worker when it is free, with the series' records when it does not hold them. */
  private dispatch(): void {
    if (this.running || this.closed) return;
    const job = this.queue.shift();
    if (!job) return;
    const worker = (this.worker ??= this.spawn());
    const id = this.nextId++;
    let weather: DragWeatherRef | undefined;
    if (job.series) {
      const { version, recordSets, jb2008Files } = job.series;
      // From the look-ups' reach before the start, or from the oldest record an offline default reads
      // when that is older (a series not updated for months): the copy then gives the same defaults.
      const reach = Math.min(dayNumber(job.start) - SERIES_LOOKBACK_DAYS, job.series.series.defaultsFromDay() ?? Number.POSITIVE_INFINITY);
      const fromDay = Math.floor(reach / CUT_STEP_DAYS) * CUT_STEP_DAYS;
      // Records cut from an earlier day answer a later start exactly too (recordsFrom).
      if (this.held && this.held.version === version && this.held.fromDay <= fromDay) weather = { key: keyOf(this.held) };
      else {
        this.held = { version, fromDay };
        weather = { key: keyOf(this.held), data: recordsFrom(recordSets, jb2008Files, fromDay) };
      }
    }
    try {
      worker.postMessage(job.message(id, weather));
    } catch (error) {
      // Not sent (a value that cannot be copied): the worker holds what it held before, or not.
      this.held = undefined;
      job.reject(error as Error);
      this.dispatch();
      return;
    }
    this.running = { id, job };
    worker.ref();
  }

  private localPageWeather(series: DragSeries): (t: UtcMs) => SpaceWeather {
    if (this.localPage?.version !== series.version) this.localPage = { version: series.version, weather: spaceWeatherWithDefaults(series.series, series.jb2008Files) };
    return this.localPage.weather;
  }

  private localWeather(series: DragSeries): SpaceWeatherFn {
    if (this.local?.version !== series.version) this.local = { version: series.version, weather: spaceWeatherFromSeries(series.series, { jb2008Files: series.jb2008Files }) };
    return this.local.weather;
  }

  /** The running job is over: settled with `outcome`, then the next one goes. */
  private finish(id: number, outcome: (job: Job) => void): void {
    if (this.running?.id !== id) return;
    const { job } = this.running;
    this.running = undefined;
    outcome(job);
    this.dispatch();
    // An idle worker does not keep the process alive.
    if (!this.running) this.worker?.unref();
  }

  private spawn(): Worker {
    const worker = startWorker(ENTRY);
    worker.on('message', (reply: DragWorkerReply) => {
      // A failure may have come before the worker built the series it was sent: send it again next time.
      if (reply.type === 'failed') this.held = undefined;
      this.finish(reply.id, (job) => {
        if (reply.type === 'calculated') job.resolve(reply.result as never);
        else if (reply.type === 'predicted') job.resolve(reply.prediction as never);
        else if (reply.type === 'ratios') job.resolve(reply.ratios as never);
        else if (reply.type === 'input-error') job.reject(new DragInputError(reply.issues));
        else if (reply.type === 'domain-error') job.reject(new DensityDomainError(reply.message));
        else job.reject(new Error(reply.message));
      });
    });
    // A reply that cannot be read: the running job fails, the worker goes on with the next.
    worker.on('messageerror', (error) => {
      if (this.running) this.finish(this.running.id, (job) => job.reject(error));
    });
    const fail = (error: Error) => {
      if (this.worker !== worker) return;
      // The running job fails; the waiting ones go to a new worker, which holds no series yet.
      this.worker = undefined;
      this.held = undefined;
      if (this.running) this.finish(this.running.id, (job) => job.reject(error));
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`drag worker exited with code ${code}`)));
    return worker;
  }

  /** Stops the worker; work still waiting or running fails, and new work is refused. */
  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = undefined;
    this.held = undefined;
    const jobs = [...(this.running ? [this.running.job] : []), ...this.queue.splice(0)];
    this.running = undefined;
    for (const job of jobs) job.reject(new Error('drag pool closed'));
    await worker?.terminate();
  }
}

const keyOf = (held: { version: number; fromDay: number }) => `${held.version}@${held.fromDay}`;

function attempt<T>(work: () => T): Promise<T> {
  try {
    return Promise.resolve(work());
  } catch (error) {
    return Promise.reject(error as Error);
  }
}
