/**
 * The 3D Orbital View's propagation worker: fetches the element-set feed
 * (GET /api/catalog/elements), initialises SGP4 for every object (satellite.js
 * json2satrec, see globe-math.ts ommAt), and every `intervalMs` propagates the whole
 * catalogue to "now" into a Float32Array of scene coordinates (Earth-fixed, see
 * globe-math.ts temeToScene) that it transfers to the main thread. Buffers
 * travel back and forth (two in all), so a pass never allocates and at most one
 * pass waits to be drawn.
 */
import { gstime, json2satrec, sgp4, type SatRec } from 'satellite.js';
import type { CatalogElements } from '../../../../contracts/catalog-elements.ts';
import { ommAt, REGIMES, regimeOrder, temeToScene, type Regime } from './globe-math';
import type { CatalogMessage, FromWorker, PositionsMessage, ToWorker } from './globe-protocol';

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
  const names = new Array<string>(n);
  const unpropagable: Record<Regime, number> = { LEO: 0, MEO: 0, GEO: 0 };
  REGIMES.forEach((r, code) => regime.fill(code, ranges[r].start, ranges[r].start + ranges[r].count));
  for (let k = 0; k < n; k++) {
    const i = order[k]!;
    norad[k] = elements.norad[i]!;
    cls[k] = elements.cls[i]!;
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
  state = { satrecs, epochs, regime, count: n, etag };
  spare = [new ArrayBuffer(n * 12), new ArrayBuffer(n * 12)];
  const message: CatalogMessage = {
    type: 'catalog',
    count: n,
    ranges,
    norad,
    cls,
    names,
    unpropagable,
    timings: { fetchMs: t1 - t0, parseMs: t2 - t1, initMs: t3 - t2 },
  };
  post(message, [norad.buffer, cls.buffer]);
}

function propagatePass(): void {
  timer = undefined;
  const s = state;
  const buffer = spare.pop();
  if (!s || !buffer || stopped) return;
  if (buffer.byteLength !== s.count * 12) return; // a buffer of an older feed: drop it
  const t0 = performance.now();
  const now = Date.now();
  const out = new Float32Array(buffer);
  const g = gstime(new Date(now));
  const cosG = Math.cos(g);
  const sinG = Math.sin(g);
  const failed: Record<Regime, number> = { LEO: 0, MEO: 0, GEO: 0 };
  for (let k = 0; k < s.count; k++) {
    const satrec = s.satrecs[k];
    let ok = false;
    if (satrec) {
      const pv = sgp4(satrec, (now - s.epochs[k]!) / 60_000);
      if (pv && satrec.error === 0) {
        const { x, y, z } = pv.position;
        if (Number.isFinite(x) && Number.isFinite(y) && Number.isFinite(z)) {
          temeToScene(x, y, z, cosG, sinG, out, 3 * k);
          ok = true;
        }
      }
    }
    if (!ok) {
      out[3 * k] = 0;
      out[3 * k + 1] = 0;
      out[3 * k + 2] = 0;
      failed[REGIMES[s.regime[k]!]!] += 1;
    }
  }
  lastPass = performance.now();
  const message: PositionsMessage = { type: 'positions', buffer, t: now, failed, propagateMs: lastPass - t0 };
  post(message, [buffer]);
  schedule();
}

function schedule(): void {
  if (timer !== undefined || stopped || !state || spare.length === 0) return;
  const wait = Math.max(0, lastPass + intervalMs - performance.now());
  timer = setTimeout(propagatePass, wait);
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
      void refresh();
      break;
    case 'buffer':
      if (state && message.buffer.byteLength === state.count * 12) spare.push(message.buffer);
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
    case 'stop':
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      scope.close();
      break;
  }
};
