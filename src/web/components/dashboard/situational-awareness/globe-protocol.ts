import type { PointClass, Regime } from './globe-math';

/* Messages between the orbital view (main thread) and globe-worker.ts. */

/** Main thread → worker. */
export type ToWorker =
  /** Fetch the feed and start propagating every `intervalMs` (the first pass at once). */
  | { type: 'start'; url: string; intervalMs: number }
  /** A positions buffer the main thread no longer draws, handed back for the next pass. */
  | { type: 'buffer'; buffer: ArrayBuffer }
  /** Change the propagation interval (the benchmark asks for 0: propagate as soon as a buffer is back). */
  | { type: 'interval'; intervalMs: number }
  | { type: 'stop' };

/** The catalogue in draw order (grouped LEO, MEO, GEO), sent once per feed. */
export interface CatalogMessage {
  type: 'catalog';
  count: number;
  ranges: Record<Regime, { start: number; count: number }>;
  norad: Int32Array;
  /** Feed class code per point (fleet, payload, rocket_body, debris, unknown). */
  cls: Uint8Array;
  names: string[];
  /** Objects SGP4 could not initialise (or must not propagate), per regime: never drawn. */
  unpropagable: Record<Regime, number>;
  timings: { fetchMs: number; parseMs: number; initMs: number };
}

/** Positions of every point at `t` (scene units, Earth-fixed, draw order), in a transferred buffer. */
export interface PositionsMessage {
  type: 'positions';
  /** Float32Array(3 × count) as its buffer. */
  buffer: ArrayBuffer;
  t: number;
  /** Points without a position this pass (SGP4 error or no model), per regime; they sit at the origin, inside the globe. */
  failed: Record<Regime, number>;
  propagateMs: number;
}

export type FromWorker = CatalogMessage | PositionsMessage | { type: 'error'; message: string };

/* What the scene tells the card and exposes for tests and the benchmark (no DOM types: Node-side tests import them). */

/** What the card says about the drawing: objects drawn per regime (of `total`), once the first positions are drawn. */
export interface GlobeStatus {
  drawn: Record<Regime, number>;
  total: number;
  ready: boolean;
  error: string | null;
  /** The browser gave no WebGL context: the view shows its message instead. */
  noWebgl?: boolean;
}

/** What the pointer names: an object of the catalogue. */
export interface PickedObject {
  norad: number;
  name: string;
  pointClass: PointClass;
  regime: Regime;
  altitudeKm: number;
  /** Pixel position of the point when picked, in the canvas (x, y) and in the viewport (clientX, clientY). */
  x: number;
  y: number;
  clientX: number;
  clientY: number;
}

/** Figures exposed on window.__dataforgeGlobe for the browser test and the benchmark. */
export interface GlobeDebug {
  regime: Regime;
  scale: number;
  rotationDeg: number;
  total: number;
  ranges: Record<Regime, { start: number; count: number }> | null;
  /** Points with a position when that regime is selected (the regime's objects minus `failed`). */
  objectsDrawn: Record<Regime, number>;
  failed: Record<Regime, number>;
  unpropagable: Record<Regime, number>;
  drawRange: { start: number; count: number };
  /** performance.now() (ms since navigation start) of the first frame drawn with the whole catalogue's positions. */
  firstDrawMs: number | null;
  /** The same, from the orbital view's mount. */
  firstDrawSinceMountMs: number | null;
  worker: { fetchMs: number; parseMs: number; initMs: number; propagateMs: number };
  /** Position updates applied so far. */
  updates: number;
  lastUpdateMs: number | null;
  lastUpdateFrameMs: number | null;
  /** The last 1,000 update costs (swap only, and swap + render), ms. */
  updateSamples: number[];
  updateFrameSamples: number[];
  /** The last 1,000 render costs of frames without an update, ms. */
  frameSamples: number[];
  hovered: PickedObject | null;
  selected: PickedObject | null;
  /** Client pixel position of an object now, or null when it is not drawn or hidden by the Earth. */
  screenPosition: (norad: number) => { x: number; y: number } | null;
  /** The worker's propagation interval (default 1,000 ms; the benchmark sets 0). */
  setPropagationIntervalMs: (ms: number) => void;
}
