/**
 * The drag calculator on a worker thread (drag-worker.ts): a calculation integrates the lifetime
 * with both density models up to the 25-year cap, about 0.9 s of CPU at 600 km and above, which
 * on the server's event loop held every other request (the dashboard's polls) for as long. One
 * worker, started on first use and kept; calculations queue on it in order. With `size` 0 they run
 * in this thread (tests, or where a worker cannot start).
 *
 * An imported series goes to the worker once per snapshot version (and per 100 days of the
 * calculation's time), cut to the records the look-ups from then on can reach (core/drag
 * series-adapter.ts recordsFrom): the whole SW-All history took 0.35 s to copy, its last months a
 * few milliseconds.
 */
import type { Worker } from 'node:worker_threads';
import {
  calculateDragFor,
  DragInputError,
  recordsFrom,
  SERIES_LOOKBACK_DAYS,
  spaceWeatherFromSeries,
  type DragCalculation,
  type DragCalculatorInput,
  type SpaceWeatherFn,
} from '../../../core/drag/index.ts';
import { dayNumber, type Jb2008Files, type SpaceWeatherRecords, type SpaceWeatherSeries } from '../../../core/spaceweather/index.ts';
import type { UtcMs } from '../../../core/units.ts';
import { startWorker } from '../worker-thread.ts';
import type { DragWorkerReply, DragWorkerRequest } from './drag-protocol.ts';

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

interface Pending {
  resolve: (result: DragCalculation) => void;
  reject: (error: Error) => void;
}

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
    if (this.size === 0) {
      try {
        return Promise.resolve(calculateDragFor(input, { time, ...(series ? { spaceWeather: this.localWeather(series) } : {}) }));
      } catch (error) {
        return Promise.reject(error as Error);
      }
    }
    const worker = (this.worker ??= this.spawn());
    const id = this.nextId++;
    const request: DragWorkerRequest = { type: 'calculate', id, input, timeMs: time };
    if (series) {
      const fromDay = Math.floor((dayNumber(time) - SERIES_LOOKBACK_DAYS) / CUT_STEP_DAYS) * CUT_STEP_DAYS;
      const key = `${series.version}@${fromDay}`;
      request.weather = key === this.heldKey ? { key } : { key, data: recordsFrom(series.recordSets, series.jb2008Files, fromDay) };
      this.heldKey = key;
    }
    return new Promise<DragCalculation>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage(request);
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
        if (reply.type === 'result') p.resolve(reply.result);
        else if (reply.type === 'input-error') p.reject(new DragInputError(reply.issues));
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
