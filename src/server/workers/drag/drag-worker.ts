/**
 * The drag worker (drag-pool.ts): core calculateDragFor and predictLifetime, off the server's
 * event loop. A lifetime is integrated up to the 25-year cap: 0.3 to several seconds of CPU (an
 * eccentric orbit takes many samples per revolution), the drag calculator runs two.
 */
import { parentPort } from 'node:worker_threads';
import { calculateDragFor, DensityDomainError, DragInputError, predictLifetime, spaceWeatherFromSeries, type SpaceWeatherFn } from '../../../core/drag/index.ts';
import { createSpaceWeatherSeries } from '../../../core/spaceweather/index.ts';
import { utcMs } from '../../../core/units.ts';
import type { DragWeatherRef, DragWorkerReply, DragWorkerRequest } from './drag-protocol.ts';

const port = parentPort;
if (!port) throw new Error('drag-worker.ts runs as a worker thread');
const reply = (message: DragWorkerReply) => port.postMessage(message);

/** The series of the last key sent, kept for the next requests (its look-ups cache as they go). */
let held: { key: string; weather: SpaceWeatherFn } | undefined;

function weatherOf(ref: DragWeatherRef | undefined): SpaceWeatherFn | undefined {
  if (!ref) return undefined;
  if (ref.data) held = { key: ref.key, weather: spaceWeatherFromSeries(createSpaceWeatherSeries(ref.data.recordSets), { jb2008Files: ref.data.jb2008Files }) };
  if (held?.key !== ref.key) throw new Error(`drag worker: no space-weather series '${ref.key}' held (the pool sends it with the first request of a key)`);
  return held.weather;
}

/** No series: no value at any instant, so a lifetime takes its default (LONG_TERM_MEAN_SPACE_WEATHER) throughout. */
const none: SpaceWeatherFn = () => undefined;

port.on('message', (request: DragWorkerRequest) => {
  try {
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
