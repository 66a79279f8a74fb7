import type { SimClock } from '../../../lib/sim-clock';
import type { PointClass, Regime } from './globe-math';

/* Messages between the orbital view (main thread) and globe-worker.ts. */

/** Main thread → worker. */
export type ToWorker =
  /** Fetch the feed and start propagating every `intervalMs` (the first pass at once). */
  | { type: 'start'; url: string; intervalMs: number; inertial?: boolean }
  /** A positions buffer the main thread no longer draws, handed back for the next pass. */
  | { type: 'buffer'; buffer: ArrayBuffer }
  /** Change the propagation interval (the benchmark asks for 0: propagate as soon as a buffer is back). */
  | { type: 'interval'; intervalMs: number }
  /** The simulation clock (default REAL_TIME): passes propagate to its time; a change propagates at once. */
  | { type: 'clock'; clock: SimClock }
  /** Which points (draw order) the view shows, 1 or 0 (null: all); passes count the shown ones that have a position. */
  | { type: 'mask'; mask: Uint8Array | null; version: number }
  /** One period of these objects' orbits centred on `atMs` (answered with an OrbitsMessage). */
  | { type: 'orbits'; requestId: number; norads: number[]; atMs: number }
  | { type: 'stop' };

/** The catalogue in draw order (grouped LEO, MEO, GEO), sent once per feed. */
export interface CatalogMessage {
  type: 'catalog';
  count: number;
  ranges: Record<Regime, { start: number; count: number }>;
  norad: Int32Array;
  /** Feed class code per point (fleet, payload, rocket_body, debris, unknown). */
  cls: Uint8Array;
  /** SATCAT object type per point as a class code (1 payload … 4 unknown: cls without the fleet). */
  objectType: Uint8Array;
  /** Index into `owners` per point, -1 for none. */
  owner: Int32Array;
  owners: string[];
  names: string[];
  /** Objects SGP4 could not initialise (or must not propagate), per regime: never drawn. */
  unpropagable: Record<Regime, number>;
  timings: { fetchMs: number; parseMs: number; initMs: number };
}

/**
 * Positions of every point at `t` (scene units, Earth-fixed, draw order), in a transferred buffer;
 * with `inertial` in 'start', 6 floats a point: the TEME position in the scene's axes at GMST 0
 * and the velocity in scene units per ms.
 */
export interface PositionsMessage {
  type: 'positions';
  /** Float32Array(3 × count), or (6 × count) for inertial passes, as its buffer. */
  buffer: ArrayBuffer;
  t: number;
  /** Points without a position this pass (SGP4 error or no model), per regime; they sit at the origin, inside the globe. */
  failed: Record<Regime, number>;
  /** Points the mask shows (all without one) that have a position this pass. */
  shown: number;
  /** The mask version `shown` was counted with (0: none sent yet). */
  maskVersion: number;
  propagateMs: number;
}

/** One period of each asked-for object's orbit (see globe-orbit.ts); objects without a model are left out. */
export interface OrbitsMessage {
  type: 'orbits';
  requestId: number;
  atMs: number;
  orbits: { norad: number; points: Float32Array; times: Float64Array; periodMin: number }[];
}

export type FromWorker = CatalogMessage | PositionsMessage | OrbitsMessage | { type: 'error'; message: string };

/* What the scene tells the card and exposes for tests and the benchmark (no DOM types: Node-side tests import them). */

/** What the card says about the drawing: objects drawn per regime (of `total`), once the first positions are drawn. */
export interface GlobeStatus {
  drawn: Record<Regime, number>;
  total: number;
  ready: boolean;
  error: string | null;
  /** The browser gave no WebGL context: the view shows its message instead. */
  noWebgl?: boolean;
  /** Objects the view's filters show that have a position (the full view; without filters every drawn object). */
  shown?: number;
  /** Length of the line between a conjunction's two objects as drawn, km (the full view; null: not drawn). */
  pairKm?: number | null;
}

/** What the pointer names: an object of the catalogue. */
export interface PickedObject {
  norad: number;
  name: string;
  pointClass: PointClass;
  regime: Regime;
  altitudeKm: number;
  /** SATCAT object type ('payload', 'rocket_body', 'debris', 'unknown') and owner code (null: none). */
  objectType: string;
  owner: string | null;
  /** Pixel position of the point when picked, in the canvas (x, y) and in the viewport (clientX, clientY). */
  x: number;
  y: number;
  clientX: number;
  clientY: number;
}

/** Where a conjunction's objects are drawn now: canvas CSS pixels, null when not on screen (no position, behind the Earth or the camera). */
export interface PairScreen {
  primary: { x: number; y: number } | null;
  secondary: { x: number; y: number } | null;
  /** The primary after the plan drawn (null: none drawn, or not on screen). */
  plan: { x: number; y: number } | null;
}

/**
 * An avoidance plan's post-burn track of a conjunction's primary (read from the plan's OEM), as the
 * full view draws it: a line through `points` (the scene's axes at GMST 0, as the orbits: temeToScene
 * with θ = 0) turned by the GMST of the time shown, and a mark where the primary is after the burn.
 */
export interface PlanTrack {
  planId: number;
  /** 3 floats a sample, and each sample's Unix ms. */
  points: Float32Array;
  times: Float64Array;
  /** The TEME position (km) after the burn at a Unix ms, null outside the ephemeris. */
  positionAt: (tMs: number) => readonly [number, number, number] | null;
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
  /* The view in time (/visualization): */
  /** The simulation clock the scene and worker run on. */
  clock: SimClock;
  /** Simulated time (Unix ms) of the worker's pass drawn now, null before the first. */
  positionsTimeMs: number | null;
  /** Simulated time (Unix ms) the last frame was drawn for (the full view moves points between passes). */
  simTimeMs: number | null;
  /** Objects the filters show (null: no filter) and of those the ones drawn (with a position). */
  shownCount: number | null;
  shownDrawn: number | null;
  /** NORAD ids ringed: the selected object and a conjunction's two. */
  highlighted: number[];
  /** Orbits drawn: object, samples, period and the simulated time they are centred on. */
  orbits: { norad: number; samples: number; periodMin: number; centreMs: number }[];
  /** The conjunction line drawn between two objects' positions, its length in km. */
  missLine: { from: number; to: number; lengthKm: number } | null;
  /** Conjunction mode: every point but the pair's is drawn dimmed. */
  dimmed: boolean;
  /** The plan track drawn: its plan, samples and span (Unix ms); null when none. */
  planTrack: { planId: number; samples: number; startMs: number; endMs: number } | null;
  /** Scene position (as objectPosition) of the primary after the plan at the time drawn, null when none. */
  planPosition: [number, number, number] | null;
  /** Where the pair (and the plan's mark) were last reported on screen (onPairScreen), null outside conjunction mode. */
  pairScreen: PairScreen | null;
  /** An object's point as drawn: colour (0-255) and diameter (CSS px, 0: filtered out); null when not in the catalogue. */
  pointStyle: (norad: number) => { colour: [number, number, number]; size: number } | null;
  /** Scene position (Earth radii, Earth-fixed, as drawn) of an object now, null when it has none. */
  objectPosition: (norad: number) => [number, number, number] | null;
  /** An orbit's points as drawn now (scene coordinates, the GMST of positionsTimeMs applied) and their times. */
  orbitPoints: (norad: number) => { points: number[]; times: number[] } | null;
}
