/**
 * Drag work on a worker thread (drag-worker.ts): the drag calculator's calculation and an
 * object's lifetime forecast. Each integrates a lifetime up to the 25-year cap: 0.3 to several
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
  predictLifetime,
  recordsFrom,
  SERIES_LOOKBACK_DAYS,
  spaceWeatherFromSeries,
  type DragCalculation,
  type DragCalculatorInput,
  type LifetimeInput,
  type LifetimeOptions,
  type LifetimePrediction,
  type SpaceWeatherFn,
} from '../../../core/drag/index.ts';
import { dayNumber, type Jb2008Files, type SpaceWeatherRecords, type SpaceWeatherSeries } from '../../../core/spaceweather/index.ts';
import type { UtcMs } from '../../../core/units.ts';
import { startWorker } from '../worker-thread.ts';
import type { DragWeatherRef, DragWorkerReply, DragWorkerRequest } from './drag-protocol.ts';

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
export function dragSeriesOf(snapshot: {
  readonly imported: boolean;
  readonly version: number;
  readonly series: SpaceWeatherSeries;
  readonly recordSets: readonly SpaceWeatherRecords[];
  readonly jb2008Files: Jb2008Files;
}): DragSeries | undefined {
  return snapshot.imported ? { version: snapshot.version, series: snapshot.series, recordSets: snapshot.recordSets, jb2008Files: snapshot.jb2008Files } : undefined;
}

interface Pending {
  resolve: (value: never) => void;
  reject: (error: Error) => void;
}

/** No series: no value at any instant, so a lifetime takes its default (LONG_TERM_MEAN_SPACE_WEATHER) throughout. */
const NO_SERIES: SpaceWeatherFn = () => undefined;

/** Where the drag calculator and the objects' decay forecasts run (one pool shared by both services). */
export class DragPool {
  private worker: Worker | undefined;
  /** The series key the worker holds (it was sent with an earlier request; messages arrive in order). */
  private heldKey: string | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  /** This thread's adapter of the last series (size 0), kept: its look-ups cache as they go. */
  private local: { version: number; weather: SpaceWeatherFn } | undefined;

  constructor(private readonly size: 0 | 1 = 1) {}

  /** calculateDragFor with the series (or with the entered conditions held constant when there is none); DragInputError as it throws. */
  calculate(input: DragCalculatorInput, time: UtcMs, series: DragSeries | undefined): Promise<DragCalculation> {
    if (this.size === 0) return attempt(() => calculateDragFor(input, { time, ...(series ? { spaceWeather: this.localWeather(series) } : {}) }));
    return this.post<DragCalculation>((id, weather) => ({ type: 'calculate', id, input, timeMs: time, ...(weather ? { weather } : {}) }), time, series);
  }

  /**
   * predictLifetime with the series through core spaceWeatherFromSeries (the long-term mean where it
   * has no value), or with the long-term mean throughout when there is none; DensityDomainError as it throws.
   */
  predictLifetime(input: Omit<LifetimeInput, 'spaceWeather'>, options: LifetimeOptions, series: DragSeries | undefined): Promise<LifetimePrediction> {
    if (this.size === 0) return attempt(() => predictLifetime({ ...input, spaceWeather: series ? this.localWeather(series) : NO_SERIES }, options));
    return this.post<LifetimePrediction>((id, weather) => ({ type: 'lifetime', id, input, options, ...(weather ? { weather } : {}) }), input.epoch, series);
  }

  /** Sends a request to the worker, with the series' records the first time the worker needs them. */
  private post<T>(request: (id: number, weather: DragWeatherRef | undefined) => DragWorkerRequest, start: UtcMs, series: DragSeries | undefined): Promise<T> {
    const worker = (this.worker ??= this.spawn());
    const id = this.nextId++;
    let weather: DragWeatherRef | undefined;
    if (series) {
      const fromDay = Math.floor((dayNumber(start) - SERIES_LOOKBACK_DAYS) / CUT_STEP_DAYS) * CUT_STEP_DAYS;
      const key = `${series.version}@${fromDay}`;
      weather = key === this.heldKey ? { key } : { key, data: recordsFrom(series.recordSets, series.jb2008Files, fromDay) };
      this.heldKey = key;
    }
    const message = request(id, weather);
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: never) => void, reject });
      worker.ref();
      worker.postMessage(message);
    });
  }

  private localWeather(series: DragSeries): SpaceWeatherFn {
    if (this.local?.version !== series.version) this.local = { version: series.version, weather: spaceWeatherFromSeries(series.series, { jb2008Files: series.jb2008Files }) };
    return this.local.weather;
  }

  private spawn(): Worker {
    const worker = startWorker(ENTRY);
    worker.on('message', (reply: DragWorkerReply) => {
      if (reply.type === 'ready') return;
      const p = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (p) {
        if (reply.type === 'calculated') p.resolve(reply.result as never);
        else if (reply.type === 'predicted') p.resolve(reply.prediction as never);
        else if (reply.type === 'input-error') p.reject(new DragInputError(reply.issues));
        else if (reply.type === 'domain-error') p.reject(new DensityDomainError(reply.message));
        else p.reject(new Error(reply.message));
      }
      // An idle worker does not keep the process alive.
      if (this.pending.size === 0) worker.unref();
    });
    const fail = (error: Error) => {
      if (this.worker !== worker) return;
      // The next calculation starts a new worker, which holds no series yet.
      this.worker = undefined;
      this.heldKey = undefined;
      for (const p of this.pending.values()) p.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`drag calculator worker exited with code ${code}`)));
    return worker;
  }

  /** Stops the worker; calculations still queued fail. */
  async close(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.worker = undefined;
    this.heldKey = undefined;
    for (const p of this.pending.values()) p.reject(new Error('drag calculator pool closed'));
    this.pending.clear();
    await worker.terminate();
  }
}

function attempt<T>(work: () => T): Promise<T> {
  try {
    return Promise.resolve(work());
  } catch (error) {
    return Promise.reject(error as Error);
  }
}
