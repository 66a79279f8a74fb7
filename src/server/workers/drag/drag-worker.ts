/**
 * The drag calculator's worker (drag-pool.ts): core calculateDragFor, off the server's event loop.
 * A calculation integrates the lifetime with both density models for their spread, up to the
 * 25-year cap: about 0.9 s of CPU at 600 km and above.
 */
import { parentPort } from 'node:worker_threads';
import { calculateDragFor, DragInputError, spaceWeatherFromSeries, type SpaceWeatherFn } from '../../../core/drag/index.ts';
import { createSpaceWeatherSeries } from '../../../core/spaceweather/index.ts';
import { utcMs } from '../../../core/units.ts';
import type { DragWorkerReply, DragWorkerRequest } from './drag-protocol.ts';

const port = parentPort;
if (!port) throw new Error('drag-worker.ts runs as a worker thread');
const reply = (message: DragWorkerReply) => port.postMessage(message);

/** The series of the last key sent, kept for the next requests (its look-ups cache as they go). */
let held: { key: string; weather: SpaceWeatherFn } | undefined;

port.on('message', (request: DragWorkerRequest) => {
  try {
    let spaceWeather: SpaceWeatherFn | undefined;
    if (request.weather) {
      const { key, data } = request.weather;
      if (data) held = { key, weather: spaceWeatherFromSeries(createSpaceWeatherSeries(data.recordSets), { jb2008Files: data.jb2008Files }) };
      if (held?.key !== key) throw new Error(`drag worker: no space-weather series '${key}' held (the pool sends it with the first request of a key)`);
      spaceWeather = held.weather;
    }
    reply({ type: 'result', id: request.id, result: calculateDragFor(request.input, { time: utcMs(request.timeMs), ...(spaceWeather ? { spaceWeather } : {}) }) });
  } catch (error) {
    if (error instanceof DragInputError) reply({ type: 'input-error', id: request.id, issues: error.issues });
    else reply({ type: 'failed', id: request.id, message: error instanceof Error ? error.message : String(error) });
  }
});
reply({ type: 'ready' });
