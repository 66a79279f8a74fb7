/**
 * The drag worker (drag-pool.ts): core calculateDragFor and predictLifetime, and the orbit averages
 * and decay runs of the Orbital Drag page's snapshots, off the server's event loop. A lifetime is integrated up to the 25-year cap: 0.3 to several seconds of CPU (an
 * eccentric orbit takes many samples per revolution), the drag calculator runs two.
 */
import { parentPort } from 'node:worker_threads';
import {
  calculateDragFor,
  DensityDomainError,
  DragInputError,
  orbitAveragedDensityRatios,
  predictLifetime,
  spaceWeatherFromSeries,
  spaceWeatherWithDefaults,
  type SpaceWeather,
  type SpaceWeatherFn,
} from '../../../core/drag/index.ts';
import { createSpaceWeatherSeries, type Jb2008Files, type SpaceWeatherSeries } from '../../../core/spaceweather/index.ts';
import { utcMs, type UtcMs } from '../../../core/units.ts';
import type { DragWeatherRef, DragWorkerReply, DragWorkerRequest } from './drag-protocol.ts';

const port = parentPort;
if (!port) throw new Error('drag-worker.ts runs as a worker thread');
const reply = (message: DragWorkerReply) => port.postMessage(message);

/** The series of the last key sent, kept for the next requests (its look-ups cache as they go), and its two readings, made on first use. */
let held: { key: string; series: SpaceWeatherSeries; jb2008Files: Jb2008Files; adapter?: SpaceWeatherFn; withDefaults?: (t: UtcMs) => SpaceWeather } | undefined;

function heldSeries(ref: DragWeatherRef) {
  if (ref.data) held = { key: ref.key, series: createSpaceWeatherSeries(ref.data.recordSets), jb2008Files: ref.data.jb2008Files };
  if (held?.key !== ref.key) throw new Error(`drag worker: no space-weather series '${ref.key}' held (the pool sends it with the first request of a key)`);
  return held;
}

/** The series as the drag calculator and an object's lifetime take it (no value where it has only a default). */
function weatherOf(ref: DragWeatherRef | undefined): SpaceWeatherFn | undefined {
  if (!ref) return undefined;
  const h = heldSeries(ref);
  return (h.adapter ??= spaceWeatherFromSeries(h.series, { jb2008Files: h.jb2008Files }));
}

/** The series with its offline defaults, as the Orbital Drag page's snapshots take it (SpaceWeatherSnapshot.weatherAt). */
function pageWeatherOf(ref: DragWeatherRef): (t: UtcMs) => SpaceWeather {
  const h = heldSeries(ref);
  return (h.withDefaults ??= spaceWeatherWithDefaults(h.series, h.jb2008Files));
}

/** No series: no value at any instant, so a lifetime takes its default (LONG_TERM_MEAN_SPACE_WEATHER) throughout. */
const none: SpaceWeatherFn = () => undefined;

port.on('message', (request: DragWorkerRequest) => {
  try {
    if (request.type === 'ratios') {
      const { input } = request;
      const spaceWeather = pageWeatherOf(request.weather);
      reply({ type: 'ratios', id: request.id, ratios: orbitAveragedDensityRatios({ ...input, time: utcMs(input.time), spaceWeather }, request.daysAhead) });
      return;
    }
    if (request.type === 'page-lifetime') {
      reply({ type: 'predicted', id: request.id, prediction: predictLifetime({ ...request.input, spaceWeather: pageWeatherOf(request.weather) }, request.options) });
      return;
    }
    const spaceWeather = weatherOf(request.weather);
    if (request.type === 'calculate') {
      reply({ type: 'calculated', id: request.id, result: calculateDragFor(request.input, { time: utcMs(request.timeMs), ...(spaceWeather ? { spaceWeather } : {}) }) });
    } else {
      reply({ type: 'predicted', id: request.id, prediction: predictLifetime({ ...request.input, spaceWeather: spaceWeather ?? none }, request.options) });
    }
  } catch (error) {
    if (error instanceof DragInputError) reply({ type: 'input-error', id: request.id, issues: error.issues });
    else if (error instanceof DensityDomainError) reply({ type: 'domain-error', id: request.id, message: error.message });
    else reply({ type: 'failed', id: request.id, message: error instanceof Error ? error.message : String(error) });
  }
});
