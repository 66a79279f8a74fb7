/**
 * The 3D Orbital View's propagation worker: fetches the element-set feed
 * (GET /api/catalog/elements), initialises SGP4 for every object (satellite.js
 * json2satrec, see globe-math.ts ommAt), and every `intervalMs` propagates the whole
 * catalogue to "now" into a Float32Array of scene coordinates (Earth-fixed, see
 * globe-math.ts temeToScene) that it transfers to the main thread. Buffers
 * travel back and forth (two in all), so a pass never allocates and at most one
 * pass waits to be drawn.
 *
 * "Now" is the simulation clock's time (lib/sim-clock.ts; real time unless the view in time sends
 * a clock): a new clock propagates at once, and while the clock is paused a pass whose time, mask
 * and feed are those of the last one is skipped. The same worker samples single orbits on request
 * (globe-orbit.ts) and counts the points the view's filters show.
 *
 * Inertial passes (the view in time asks for them in 'start'): each point is 6 floats, its TEME
 * position in the scene's axes at GMST 0 and its velocity (scene units per ms), so the main
 * thread can move the points between passes (globe-scene.ts) and ×1000 stays smooth.
 */
import { gstime, json2satrec, type SatRec } from 'satellite.js';
import { sgp4Continued } from '@core/propagation/index.ts';
import type { CatalogElements } from '@contracts/catalog-elements.ts';
import { REAL_TIME, simTimeAt, type SimClock } from '../../../lib/sim-clock';
import { EARTH_RADIUS_KM, ommAt, REGIMES, regimeOrder, temeToScene, type Regime } from './globe-math';
import { sampleOrbit } from './globe-orbit';
import type { CatalogMessage, FromWorker, OrbitsMessage, PositionsMessage, ToWorker } from './globe-protocol';

/** The parts of the worker's global scope used here (the web program's types are the DOM's, not the WebWorker lib's). */
interface WorkerScope {
  postMessage(message: unknown, transfer: Transferable[]): void;
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
  close(): void;
}
const scope = self as unknown as WorkerScope;
const post = (message: FromWorker, transfer: Transferable[] = []) => scope.postMessage(message, transfer);

/** Re-read the feed this often (the browser revalidates with its ETag: a 304 costs nothing). */
const REFRESH_MS = 10 * 60_000;

interface State {
  satrecs: (SatRec | null)[];
  /** Epoch (ms) per point, draw order. */
  epochs: Float64Array;
  /** Regime code per point, draw order. */
  regime: Uint8Array;
  /** Draw-order index of each NORAD id. */
  index: Map<number, number>;
  count: number;
  etag: string | null;
}

let state: State | null = null;
let intervalMs = 1000;
let spare: ArrayBuffer[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let lastPass = 0;
let url = '/api/catalog/elements';
let stopped = false;
/** Floats per point in a positions buffer: 3 (Earth-fixed positions) or 6 (inertial positions and velocities). */
let stride = 3;
let clock: SimClock = REAL_TIME;
let mask: Uint8Array | null = null;
let maskVersion = 0;
/** What the last pass propagated: a paused clock repeats nothing while these stay the same. */
let lastDone: { t: number; maskVersion: number; state: State } | null = null;

async function load(): Promise<void> {
  const t0 = performance.now();
  const res = await fetch(url, { credentials: 'include' });
  if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
  const etag = res.headers.get('etag');
  if (state && etag !== null && etag === state.etag) return;
  const text = await res.text();
  const t1 = performance.now();
  const elements = JSON.parse(text) as CatalogElements;
  const t2 = performance.now();
  const { order, ranges } = regimeOrder(elements);
  const n = elements.count;
  const noSgp4 = new Set(elements.noSgp4);
  const satrecs: (SatRec | null)[] = new Array<SatRec | null>(n);
  const epochs = new Float64Array(n);
  const regime = new Uint8Array(n);
  const norad = new Int32Array(n);
  const cls = new Uint8Array(n);
  const objectType = new Uint8Array(n);
  const owner = new Int32Array(n);
  const index = new Map<number, number>();
  const names = new Array<string>(n);
  const unpropagable: Record<Regime, number> = { LEO: 0, MEO: 0, GEO: 0 };
  REGIMES.forEach((r, code) => regime.fill(code, ranges[r].start, ranges[r].start + ranges[r].count));
  for (let k = 0; k < n; k++) {
    const i = order[k]!;
    norad[k] = elements.norad[i]!;
    cls[k] = elements.cls[i]!;
    objectType[k] = elements.type[i]!;
    owner[k] = elements.owner[i]!;
    index.set(norad[k]!, k);
    names[k] = elements.name[i]!;
    epochs[k] = elements.epoch[i]!;
    let satrec: SatRec | null = null;
    if (!noSgp4.has(norad[k]!)) {
      try {
        satrec = json2satrec(ommAt(elements, i), 'i');
        if (satrec.error !== 0) satrec = null;
      } catch {
        satrec = null;
      }
    }
    if (!satrec) unpropagable[REGIMES[regime[k]!]!] += 1;
    satrecs[k] = satrec;
  }
  const t3 = performance.now();
  state = { satrecs, epochs, regime, index, count: n, etag };
  if (mask && mask.length !== n) mask = null;
  spare = [new ArrayBuffer(n * 4 * stride), new ArrayBuffer(n * 4 * stride)];
  const message: CatalogMessage = {
    type: 'catalog',
    count: n,
    ranges,
    norad,
    cls,
    objectType,
    owner,
    owners: elements.owners,
    names,
    unpropagable,
    timings: { fetchMs: t1 - t0, parseMs: t2 - t1, initMs: t3 - t2 },
  };
  post(message, [norad.buffer, cls.buffer, objectType.buffer, owner.buffer]);
}

function propagatePass(): void {
  timer = undefined;
  const s = state;
  const buffer = spare.pop();
  if (!s || !buffer || stopped) return;
  if (buffer.byteLength !== s.count * 4 * stride) return; // a buffer of an older feed: drop it
  const now = simTimeAt(clock, Date.now());
  if (!clock.playing && lastDone && lastDone.t === now && lastDone.maskVersion === maskVersion && lastDone.state === s) {
    spare.push(buffer); // nothing changed since the last pass: wait for the next message
    return;
  }
  const t0 = performance.now();
  const shownMask = mask;
  const out = new Float32Array(buffer);
  const inertial = stride === 6;
  // Inertial passes leave the turn to Earth-fixed to the main thread (GMST 0 here).
  const g = inertial ? 0 : gstime(new Date(now));
  const cosG = Math.cos(g);
  const sinG = Math.sin(g);
  /** km/s → scene units (Earth radii) per ms. */
  const velocityScale = 1 / EARTH_RADIUS_KM / 1000;
  const failed: Record<Regime, number> = { LEO: 0, MEO: 0, GEO: 0 };
  let shown = 0;
  for (let k = 0; k < s.count; k++) {
    const satrec = s.satrecs[k];
    let ok = false;
    if (satrec) {
      const pv = sgp4Continued(satrec, (now - s.epochs[k]!) / 60_000);
      if (pv && satrec.error === 0) {
        const { x, y, z } = pv.position;
        if (Number.isFinite(x) && Number.isFinite(y) && Number.isFinite(z)) {
          temeToScene(x, y, z, cosG, sinG, out, stride * k);
          if (inertial) {
            const v = pv.velocity;
            out[6 * k + 3] = v.x * velocityScale;
            out[6 * k + 4] = v.z * velocityScale;
            out[6 * k + 5] = -v.y * velocityScale;
          }
          ok = true;
        }
      }
    }
    if (!ok) {
      out.fill(0, stride * k, stride * (k + 1));
      failed[REGIMES[s.regime[k]!]!] += 1;
    } else if (!shownMask || shownMask[k] === 1) {
      shown += 1;
    }
  }
  lastPass = performance.now();
  lastDone = { t: now, maskVersion, state: s };
  const message: PositionsMessage = { type: 'positions', buffer, t: now, failed, shown, maskVersion, propagateMs: lastPass - t0 };
  post(message, [buffer]);
  schedule();
}

function schedule(): void {
  if (timer !== undefined || stopped || !state || spare.length === 0) return;
  const wait = Math.max(0, lastPass + intervalMs - performance.now());
  timer = setTimeout(propagatePass, wait);
}

/** Propagate at once (a new clock or mask), not at the end of the interval. */
function propagateSoon(): void {
  if (timer !== undefined) {
    clearTimeout(timer);
    timer = undefined;
  }
  lastPass = -Infinity;
  schedule();
}

function answerOrbits(requestId: number, norads: number[], atMs: number): void {
  const s = state;
  const orbits: OrbitsMessage['orbits'] = [];
  for (const norad of norads) {
    const k = s?.index.get(norad);
    const satrec = k === undefined ? null : s!.satrecs[k];
    if (k === undefined || !satrec) continue;
    const { points, times, periodMin } = sampleOrbit(satrec, s!.epochs[k]!, atMs);
    orbits.push({ norad, points, times, periodMin });
  }
  const message: OrbitsMessage = { type: 'orbits', requestId, atMs, orbits };
  post(message, orbits.flatMap((o) => [o.points.buffer, o.times.buffer]));
}

async function refresh(): Promise<void> {
  try {
    await load();
    schedule();
  } catch (error) {
    post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
  if (!stopped) setTimeout(() => void refresh(), REFRESH_MS);
}

scope.onmessage = (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  switch (message.type) {
    case 'start':
      url = message.url;
      intervalMs = message.intervalMs;
      stride = message.inertial ? 6 : 3;
      void refresh();
      break;
    case 'buffer':
      if (state && message.buffer.byteLength === state.count * 4 * stride) spare.push(message.buffer);
      schedule();
      break;
    case 'interval':
      intervalMs = message.intervalMs;
      if (timer !== undefined) {
        clearTimeout(timer);
        timer = undefined;
      }
      schedule();
      break;
    case 'clock':
      clock = message.clock;
      propagateSoon();
      break;
    case 'mask':
      mask = message.mask;
      maskVersion = message.version;
      propagateSoon();
      break;
    case 'orbits':
      answerOrbits(message.requestId, message.norads, message.atMs);
      break;
    case 'stop':
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      scope.close();
      break;
  }
};
