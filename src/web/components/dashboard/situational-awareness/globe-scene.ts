/**
 * The 3D Orbital View's three.js scene (loaded lazily with globe-canvas.tsx, so
 * no other page downloads three.js): a dark globe with a 30° graticule and the
 * Natural Earth 1:110m coastlines (world-atlas, bundled: no network textures
 * under the 'self' CSP), and the whole catalogue as one Points draw call whose
 * positions come from globe-worker.ts.
 *
 * Frames: the worker writes Earth-fixed positions (TEME turned by GMST), so the
 * points are children of the globe group and ride with the coastlines; the
 * group turns 1° per 100 ms (spec §4/§9) and is scaled by the globe scale
 * (0.5-2). The camera distance follows the orbit selector (CAMERA_DISTANCE).
 *
 * The per-frame cost of updating positions: when the worker's buffer arrives,
 * the next frame swaps it into the position attribute (no copy), marks it for
 * upload, and hands the previous buffer back; `lastUpdateMs` times that swap,
 * `lastUpdateFrameMs` the swap plus the render that uploads and draws it.
 *
 * The full view in time (/visualization, `mode: 'full'`) uses the same scene: every regime drawn,
 * no spin, a camera the pointer turns and zooms (three.js OrbitControls), the simulation clock
 * (lib/sim-clock.ts) sent to the worker, filters as a per-point mask (hidden points get size 0 and
 * are not picked), and the overlays of globe-overlays.ts (rings, orbits, a conjunction's line).
 * Their per-update cost is inside the timed swap. In conjunction mode the pair's two points are drawn
 * large in their colours and every other point dimmed (globe-math.ts emphasisePair); where the two
 * (and an avoidance plan's post-burn primary) are on screen is reported every frame it changes
 * (onPairScreen), for the page's labels; an avoidance plan's post-burn track is drawn beside the orbits.
 *
 * Moving points between passes (full view): at ×1000 a LEO object covers 750 km in the ~100 ms a
 * worker pass takes, so the worker sends inertial positions and velocities (6 floats a point) and
 * the vertex shader moves each point to the frame's simulated time (two-body Taylor series, then the
 * turn to Earth-fixed by that time's GMST; globe-math.ts movedToScene is the same arithmetic on the
 * CPU, for picking and the rings). The main thread's work per frame stays a few uniforms.
 */
import {
  BufferAttribute,
  BufferGeometry,
  Color,
  DynamicDrawUsage,
  Float32BufferAttribute,
  Group,
  InterleavedBuffer,
  InterleavedBufferAttribute,
  LineBasicMaterial,
  LineSegments,
  Matrix4,
  Mesh,
  MeshBasicMaterial,
  PerspectiveCamera,
  Points,
  Scene,
  ShaderMaterial,
  SphereGeometry,
  Vector3,
  WebGLRenderer,
} from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countries110m from 'world-atlas/countries-110m.json';
import { OBJECT_CLASSES } from '@contracts/catalog-elements.ts';
import { gmst } from '@core/time/index.ts';
import type { UtcMs } from '@core/units.ts';
import { propagationIntervalMs, REAL_TIME, simTimeAt, type SimClock } from '../../../lib/sim-clock';
import {
  CAMERA_DISTANCE,
  DEFAULT_REGIME,
  EARTH_RADIUS_KM,
  emphasisePair,
  fillPointStyles,
  filterMask,
  HIGHLIGHT_COLOURS,
  latLonToScene,
  movedToScene,
  MU_SCENE_PER_MS2,
  ownerCounts,
  pointClass,
  REGIMES,
  rotationDegrees,
  SCALE_DEFAULT,
  sceneRadiusToAltitudeKm,
  type GlobeFilter,
  type Regime,
} from './globe-math';
import { GlobeOverlays, hasPosition, type Highlight } from './globe-overlays';
import type { CatalogMessage, FromWorker, GlobeDebug, GlobeStatus, PairScreen, PickedObject, PlanTrack, PositionsMessage, ToWorker } from './globe-protocol';

export type { GlobeDebug, GlobeStatus, PairScreen, PickedObject, PlanTrack } from './globe-protocol';

declare global {
  interface Window {
    __dataforgeGlobe?: GlobeDebug;
  }
}

export const PROPAGATION_INTERVAL_MS = 1000;
/** Picking radius around the pointer, CSS pixels. */
const PICK_RADIUS_PX = 10;
/** A named object stays named until the pointer is this far from it: no flicker, and no turning, at the pick radius's edge. */
const HOLD_RADIUS_PX = 2 * PICK_RADIUS_PX;
const SAMPLE_LIMIT = 1000;

const GLOBE_COLOUR = '#0f2747';
const GRATICULE_COLOUR = '#1f4470';
const COAST_COLOUR = '#7aa7dc';

const VERTEX_SHADER = /* glsl */ `
attribute vec3 pointColor;
attribute float pointSize;
uniform float pixelRatio;
varying vec3 vColor;
void main() {
  vColor = pointColor;
  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);
  gl_PointSize = pointSize * pixelRatio;
}`;

/**
 * The full view's points: moved from their pass to the frame's simulated time and turned to
 * Earth-fixed (globe-math.ts movedToScene, the same arithmetic). Points without a position stay at
 * the origin, inside the globe.
 */
const MOVING_VERTEX_SHADER = /* glsl */ `
attribute vec3 velocity;
attribute vec3 pointColor;
attribute float pointSize;
uniform float pixelRatio;
uniform float dt;
uniform vec2 turn;
uniform float mu;
varying vec3 vColor;
void main() {
  vColor = pointColor;
  vec3 p = position;
  float r2 = dot(p, p);
  if (r2 > 0.25) {
    float m = mu / (r2 * sqrt(r2));
    vec3 jerk = velocity - (3.0 * dot(position, velocity) / r2) * position;
    p += velocity * dt - (0.5 * m * dt * dt) * position - (m * dt * dt * dt / 6.0) * jerk;
  }
  vec3 e = vec3(turn.x * p.x - turn.y * p.z, p.y, turn.y * p.x + turn.x * p.z);
  gl_Position = projectionMatrix * modelViewMatrix * vec4(e, 1.0);
  gl_PointSize = pointSize * pixelRatio;
  // A filtered-out point (size 0): WebGL clamps gl_PointSize to ALIASED_POINT_SIZE_RANGE, whose
  // minimum is 1 in most implementations, so size 0 alone still draws a pixel. Outside the clip
  // volume it is not drawn at all (a point is clipped by its centre: OpenGL ES 2.0 §2.13).
  if (pointSize <= 0.0) gl_Position = vec4(2.0, 2.0, 2.0, 1.0);
}`;

const FRAGMENT_SHADER = /* glsl */ `
varying vec3 vColor;
void main() {
  vec2 c = gl_PointCoord - vec2(0.5);
  if (dot(c, c) > 0.25) discard;
  gl_FragColor = vec4(vColor, 1.0);
}`;

/** Whether this browser can give a WebGL context at all (else the card says so instead of crashing). */
export function webglAvailable(): boolean {
  if (typeof WebGLRenderingContext === 'undefined') return false; // e.g. jsdom: do not even ask a canvas
  try {
    const canvas = document.createElement('canvas');
    return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
}

function segmentsOnSphere(lines: number[][][], radius: number): Float32Array {
  const out: number[] = [];
  for (const line of lines) {
    for (let k = 1; k < line.length; k++) {
      const [lon0 = 0, lat0 = 0] = line[k - 1]!;
      const [lon1 = 0, lat1 = 0] = line[k]!;
      out.push(...latLonToScene(lat0, lon0, radius), ...latLonToScene(lat1, lon1, radius));
    }
  }
  return new Float32Array(out);
}

function graticuleLines(stepDeg: number): number[][][] {
  const lines: number[][][] = [];
  for (let lon = -180; lon < 180; lon += stepDeg) {
    const line: number[][] = [];
    for (let lat = -90; lat <= 90; lat += 2) line.push([lon, lat]);
    lines.push(line);
  }
  for (let lat = -90 + stepDeg; lat < 90; lat += stepDeg) {
    const line: number[][] = [];
    for (let lon = -180; lon <= 180; lon += 2) line.push([lon, lat]);
    lines.push(line);
  }
  return lines;
}

function coastlines(): number[][][] {
  const world = countries110m as unknown as Topology<{ land: GeometryCollection }>;
  return mesh(world, world.objects.land).coordinates;
}

/** The full view's camera at the start and after 'Reset view': the LEO shells and the geostationary belt's near side in view. */
const FULL_CAMERA_DISTANCE = 4.2;
/** How close the full view's camera may come to the Earth's centre when it turns about it (Earth radii). */
const FULL_MIN_DISTANCE = 1.15;
/** How far the camera leans from overhead toward the selected object's orbit pole (tan of the angle: ~30°). */
const FOCUS_LEAN = 0.6;
/** A click that ends a drag of more than this (CSS px) turned the camera: it selects nothing. */
const DRAG_TOLERANCE_PX = 4;
/** The selected object's panel is told its new altitude at most this often. */
const SELECTION_REFRESH_MS = 500;
/**
 * Zoomed to a conjunction, the camera sits this many miss distances from the midpoint: the line then
 * spans about a fifth of the view's height (45° field). At least 0.5 km, where float32 positions
 * (about 0.4 m at the Earth's radius) still draw well under a pixel; 30 km drew a 0.5 km miss as 12 px.
 */
const CONJUNCTION_VIEW_MISSES = 6;
const CONJUNCTION_VIEW_MIN_KM = 0.5;
/** Points are moved at most this far (simulated ms) from their pass; beyond it (a jump in time) the pass is drawn as it is until the next. */
const MAX_MOVE_MS = 600_000;

/** Catalogue facts the full view's filters list. */
export interface GlobeCatalogInfo {
  total: number;
  owners: { owner: string; count: number }[];
  /** Whether the feed has this object. */
  has: (norad: number) => boolean;
}

export interface GlobeSceneOptions {
  /** Called when the hovered object changes (null: none). */
  onHover: (picked: PickedObject | null) => void;
  /** Called when a click selects an object (null: a click on nothing). */
  onSelect: (picked: PickedObject | null) => void;
  /** Called once the first positions of the whole catalogue are drawn, and when a figure the card shows changes. */
  onStatus: (status: GlobeStatus) => void;
  /** The feed URL (default /api/catalog/elements). */
  url?: string;
  /** 'card' (default): the dashboard's card; 'full': the view in time (see the module comment). */
  mode?: 'card' | 'full';
  /** Called with each feed's owners (the full view's owner filter). */
  onCatalog?: (info: GlobeCatalogInfo) => void;
  /** Full view, conjunction mode: where the pair is drawn on the canvas, whenever that changes (null: conjunction mode left). */
  onPairScreen?: (at: PairScreen | null) => void;
}

export class GlobeScene {
  private readonly renderer: WebGLRenderer;
  private readonly scene = new Scene();
  private readonly camera = new PerspectiveCamera(45, 1, 0.01, 1000);
  private readonly globe = new Group();
  private readonly geometry = new BufferGeometry();
  private readonly material: ShaderMaterial;
  private readonly points: Points;
  private readonly overlays: GlobeOverlays;
  private readonly full: boolean;
  private readonly controls: OrbitControls | null = null;
  /** Draw-order index of the selected object, or -1. */
  private selectedIndex = -1;
  /** What select() asked for (an object, or none), until the catalogue is there to resolve it. */
  private wanted: { norad: number | null } | null = null;
  /** Turn the camera to the selected object once it has a position. */
  private focusSelected = false;
  private lastSelectEmit = 0;
  /** A conjunction's two objects (ringed, orbits, the line between them); `focus`: zoom to them at `atMs`. */
  private pair: { primary: number; secondary: number; focusAtMs: number | null } | null = null;
  private indexByNorad = new Map<number, number>();
  private clock: SimClock = REAL_TIME;
  private filter: GlobeFilter | null = null;
  private mask: Uint8Array | null = null;
  private maskVersion = 0;
  private positionsT: number | null = null;
  private orbitRequest = { id: 0, pending: false };
  private pointerDownAt: { x: number; y: number } | null = null;
  /** Full view: the drawn pass (6 floats a point) and what the last frame drew from it. */
  private moving: Float32Array | null = null;
  private frameMove = { t: 0, dt: 0, cos: 1, sin: 0 };
  /** The pass and frame time `positions` was last computed for (full view). */
  private materialised: { pass: Float32Array | null; t: number } = { pass: null, t: Number.NaN };
  /** The pair's line length last reported, and when. */
  private pairReport: { km: number | null; at: number } = { km: null, at: 0 };
  /** The pair's screen positions last reported (onPairScreen). */
  private pairScreen: PairScreen | null = null;
  /** The point colours (RGB bytes) and sizes (CSS px) last given to the points, draw order. */
  private styles: { colours: Uint8Array; sizes: Float32Array } | null = null;
  /** Whether any of the canvas is on screen (an IntersectionObserver says): off screen, frames draw nothing. */
  private onScreen = true;
  private readonly intersectionObserver: IntersectionObserver | null;
  private readonly worker: Worker;
  private readonly mountedAt = performance.now();
  private readonly resizeObserver: ResizeObserver;
  private readonly projection = new Matrix4();
  private readonly toWorld = new Matrix4();

  private frameHandle = 0;
  /**
   * Time the globe has spun, ms. It advances with the frames except while the pointer names an
   * object: a turning globe moves a point ~3 px per 100 ms, so holding still is what makes the
   * named object clickable (the rate while spinning stays the spec's 1° per 100 ms).
   */
  private spunMs = 0;
  private lastFrameAt: number | null = null;
  private regime: Regime = DEFAULT_REGIME;
  private scale = SCALE_DEFAULT;
  private hio: ReadonlySet<number> = new Set();
  private conjunction: ReadonlySet<number> = new Set();
  private catalog: CatalogMessage | null = null;
  private positions: Float32Array | null = null;
  private pending: PositionsMessage | null = null;
  private firstPositionsDrawn = false;
  private pointer: { x: number; y: number } | null = null;
  /** The pointer moved since the last pick: pick in the next frame (at most one search per frame). */
  private pointerMoved = false;
  private hovered: PickedObject | null = null;
  private frameCount = 0;
  private readonly debug: GlobeDebug;
  private disposed = false;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly options: GlobeSceneOptions,
  ) {
    this.full = options.mode === 'full';
    this.renderer = new WebGLRenderer({ canvas, antialias: false, alpha: true, powerPreference: 'high-performance' });
    this.renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
    this.renderer.setClearColor(new Color('#000000'), 0);

    const earth = new Mesh(new SphereGeometry(1, 64, 48), new MeshBasicMaterial({ color: GLOBE_COLOUR }));
    const graticule = new BufferGeometry().setAttribute('position', new Float32BufferAttribute(segmentsOnSphere(graticuleLines(30), 1.001), 3));
    const coasts = new BufferGeometry().setAttribute('position', new Float32BufferAttribute(segmentsOnSphere(coastlines(), 1.002), 3));
    this.globe.add(earth);
    this.globe.add(new LineSegments(graticule, new LineBasicMaterial({ color: GRATICULE_COLOUR })));
    this.globe.add(new LineSegments(coasts, new LineBasicMaterial({ color: COAST_COLOUR })));

    this.material = new ShaderMaterial({
      vertexShader: this.full ? MOVING_VERTEX_SHADER : VERTEX_SHADER,
      fragmentShader: FRAGMENT_SHADER,
      uniforms: {
        pixelRatio: { value: this.renderer.getPixelRatio() },
        ...(this.full && { dt: { value: 0 }, turn: { value: [1, 0] }, mu: { value: MU_SCENE_PER_MS2 } }),
      },
    });
    this.points = new Points(this.geometry, this.material);
    this.points.frustumCulled = false;
    this.globe.add(this.points);
    this.overlays = new GlobeOverlays(this.renderer.getPixelRatio());
    this.globe.add(this.overlays.group);
    this.scene.add(this.globe);
    if (this.full) {
      this.controls = new OrbitControls(this.camera, canvas);
      this.controls.enablePan = false;
      this.controls.maxDistance = 40;
      this.resetCamera();
    } else {
      this.applyCamera();
    }

    const empty = { LEO: 0, MEO: 0, GEO: 0 };
    this.debug = {
      regime: this.regime,
      scale: this.scale,
      rotationDeg: 0,
      total: 0,
      ranges: null,
      objectsDrawn: { ...empty },
      failed: { ...empty },
      unpropagable: { ...empty },
      drawRange: { start: 0, count: 0 },
      firstDrawMs: null,
      firstDrawSinceMountMs: null,
      worker: { fetchMs: 0, parseMs: 0, initMs: 0, propagateMs: 0 },
      updates: 0,
      lastUpdateMs: null,
      lastUpdateFrameMs: null,
      updateSamples: [],
      updateFrameSamples: [],
      frameSamples: [],
      hovered: null,
      selected: null,
      screenPosition: (norad) => this.screenPosition(norad),
      setPropagationIntervalMs: (ms) => this.send({ type: 'interval', intervalMs: ms }),
      clock: this.clock,
      positionsTimeMs: null,
      simTimeMs: null,
      shownCount: null,
      shownDrawn: null,
      highlighted: [],
      orbits: [],
      missLine: null,
      dimmed: false,
      planTrack: null,
      planPosition: null,
      pairScreen: null,
      pointStyle: (norad) => this.pointStyle(norad),
      objectPosition: (norad) => this.objectPosition(norad),
      orbitPoints: (norad) => this.overlays.orbitPoints(norad),
    };
    window.__dataforgeGlobe = this.debug;

    this.intersectionObserver =
      typeof IntersectionObserver === 'undefined'
        ? null
        : new IntersectionObserver((entries) => {
            this.onScreen = entries.some((e) => e.isIntersecting);
          });
    this.intersectionObserver?.observe(canvas);
    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(canvas);
    this.resize();

    canvas.addEventListener('pointermove', this.onPointerMove);
    canvas.addEventListener('pointerleave', this.onPointerLeave);
    canvas.addEventListener('click', this.onClick);
    canvas.addEventListener('pointerdown', this.onPointerDown);

    this.worker = new Worker(new URL('./globe-worker.ts', import.meta.url), { type: 'module', name: 'globe-propagation' });
    this.worker.onmessage = (event: MessageEvent<FromWorker>) => this.onWorkerMessage(event.data);
    this.worker.onerror = (event) =>
      this.options.onStatus({ drawn: { LEO: 0, MEO: 0, GEO: 0 }, total: 0, ready: false, error: event.message || 'The propagation worker failed' });
    this.send({ type: 'start', url: options.url ?? '/api/catalog/elements', intervalMs: PROPAGATION_INTERVAL_MS, ...(this.full && { inertial: true }) });

    this.frameHandle = requestAnimationFrame(this.frame);
  }

  private send(message: ToWorker, transfer: Transferable[] = []): void {
    this.worker.postMessage(message, transfer);
  }

  setRegime(regime: Regime): void {
    if (this.full) return; // the full view draws every regime; its filter says which
    this.regime = regime;
    this.selectedIndex = -1;
    this.debug.selected = null;
    this.debug.regime = regime;
    this.applyDrawRange();
    this.applyCamera();
    this.setHovered(null);
    this.applyHighlights();
  }

  /** The simulation clock: the worker propagates to its time, as often as its speed needs. */
  setClock(clock: SimClock): void {
    this.clock = clock;
    this.debug.clock = clock;
    this.send({ type: 'clock', clock });
    this.send({ type: 'interval', intervalMs: propagationIntervalMs(clock) });
  }

  /** The full view's filters (null: everything). */
  setFilter(filter: GlobeFilter | null): void {
    this.filter = filter;
    this.applyFilter();
  }

  /**
   * Selects an object by NORAD id (null: none), as a click would, once the catalogue has it;
   * `focus`: turn the camera to it. The selection is reported through onSelect.
   */
  select(norad: number | null, focus = false): void {
    const current = this.selectedIndex >= 0 ? this.catalog?.norad[this.selectedIndex] : null;
    this.focusSelected = focus && norad !== null;
    if (norad === (current ?? null) && this.wanted === null) {
      if (this.focusSelected) this.focusOnSelected();
      return;
    }
    this.wanted = { norad };
    this.resolveWanted();
  }

  /** A conjunction's two objects (null: none); `focusAtMs`: zoom to them once positions of that time are drawn. */
  setConjunction(pair: { primary: number; secondary: number; focusAtMs: number | null } | null): void {
    const before = this.pair;
    this.pair = pair ? { ...pair } : null;
    this.overlays.setMissPair(pair ? [pair.primary, pair.secondary] : null);
    this.applyHighlights();
    // The pair drawn large and the rest dimmed (or the normal look back): only when the pair itself changes.
    if (before?.primary !== pair?.primary || before?.secondary !== pair?.secondary) this.applyStyles();
    // Asked to zoom to the time already drawn (a paused clock gives no new pass): zoom now.
    const focusAt = this.pair?.focusAtMs ?? null;
    if (this.full && focusAt !== null && this.positionsT === focusAt && this.debug.simTimeMs === focusAt) this.focusOnPair();
    if (!pair && this.pairScreen) {
      this.pairScreen = null;
      this.debug.pairScreen = null;
      this.options.onPairScreen?.(null);
    }
  }

  /** An avoidance plan's post-burn track of the pair's primary (null: none), drawn beside its orbit. */
  setPlanTrack(track: PlanTrack | null): void {
    this.overlays.setPlanTrack(track);
    this.overlays.update(this.positionOf, this.full ? this.debug.simTimeMs : this.positionsT);
    Object.assign(this.debug, this.overlays.figures(), this.overlays.planFigures());
  }

  /** Back to the whole globe: camera at the start distance looking at the Earth's centre. */
  resetCamera(): void {
    if (!this.controls) return;
    const direction = this.camera.position.lengthSq() > 0 ? this.camera.position.clone().normalize() : new Vector3(0, 0.27, 1).normalize();
    this.controls.target.set(0, 0, 0);
    this.camera.position.copy(direction.multiplyScalar(FULL_CAMERA_DISTANCE));
    this.controls.minDistance = FULL_MIN_DISTANCE;
    this.controls.update();
  }

  private resolveWanted(): void {
    if (!this.catalog || this.wanted === null) return;
    const { norad } = this.wanted;
    this.wanted = null;
    if (norad === null) {
      this.selectedIndex = -1;
      this.debug.selected = null;
      this.applyHighlights();
      return;
    }
    const k = this.indexOf(norad);
    this.selectedIndex = k;
    this.applyHighlights();
    // Reported now if it has a position, else with the first positions that place it (afterUpdate); never
    // when the catalogue does not have it (onSelect(null) means a click on nothing).
    this.debug.selected = null;
    const p = this.current();
    if (k >= 0 && p && hasPosition(p, k)) this.emitSelected();
  }

  private emitSelected(): void {
    const picked = this.describe(this.selectedIndex);
    this.debug.selected = picked;
    this.lastSelectEmit = performance.now();
    this.options.onSelect(picked);
    if (this.focusSelected && picked) this.focusOnSelected();
  }

  /** Rings: the selection and a conjunction's two; their orbits in the full view. */
  private applyHighlights(): void {
    const highlights: Highlight[] = [];
    if (this.pair) highlights.push({ norad: this.pair.primary, role: 'primary' }, { norad: this.pair.secondary, role: 'secondary' });
    const selected = this.selectedIndex >= 0 ? this.catalog?.norad[this.selectedIndex] : undefined;
    if (selected !== undefined && !highlights.some((h) => h.norad === selected)) highlights.push({ norad: selected, role: 'selected' });
    this.overlays.setHighlights(highlights);
    this.overlays.update(this.positionOf, this.full ? this.debug.simTimeMs : this.positionsT);
    Object.assign(this.debug, this.overlays.figures(), this.overlays.planFigures());
    if (this.full) this.requestOrbits();
  }

  private readonly indexOf = (norad: number): number => this.indexByNorad.get(norad) ?? -1;

  /**
   * The Earth-fixed positions drawn now: the card's attribute array; in the full view computed
   * from the pass at the last frame's time (once per frame, and only when asked: picking, tests).
   */
  private current(): Float32Array | null {
    const pass = this.moving;
    if (!this.full || !pass || !this.positions) return this.positions;
    const { t, dt, cos, sin } = this.frameMove;
    if (this.materialised.pass === pass && this.materialised.t === t) return this.positions;
    const out = this.positions;
    for (let k = 0, n = out.length / 3; k < n; k++) movedToScene(pass, k, dt, cos, sin, out, 3 * k);
    this.materialised = { pass, t };
    return out;
  }

  /** One object's Earth-fixed position drawn now (doubles), or null when it has none. */
  private readonly positionOf = (norad: number): ArrayLike<number> | null => {
    const k = this.indexOf(norad);
    if (k < 0) return null;
    if (!this.full) return this.positions && hasPosition(this.positions, k) ? this.positions.subarray(3 * k, 3 * k + 3) : null;
    const pass = this.moving;
    if (!pass || (pass[6 * k] === 0 && pass[6 * k + 1] === 0 && pass[6 * k + 2] === 0)) return null;
    const { dt, cos, sin } = this.frameMove;
    const out = new Float64Array(3);
    movedToScene(pass, k, dt, cos, sin, out, 0);
    return out;
  };

  private requestOrbits(): void {
    const t = this.debug.simTimeMs;
    if (t === null || !this.full) return;
    const needed = this.overlays.orbitsNeeded(t);
    if (needed.length === 0 || this.orbitRequest.pending) return;
    this.orbitRequest = { id: this.orbitRequest.id + 1, pending: true };
    this.send({ type: 'orbits', requestId: this.orbitRequest.id, norads: needed, atMs: t });
  }

  private applyFilter(): void {
    const catalog = this.catalog;
    if (!catalog) return;
    if (!this.full) {
      this.applyStyles(); // the card filters by draw range only
      return;
    }
    if (this.filter) {
      const { mask, shown } = filterMask(catalog, this.filter, OBJECT_CLASSES);
      this.mask = mask;
      this.debug.shownCount = shown;
    } else {
      this.mask = null;
      this.debug.shownCount = null;
    }
    this.maskVersion += 1;
    this.send({ type: 'mask', mask: this.mask, version: this.maskVersion });
    this.applyStyles();
    if (this.hovered && this.mask && this.mask[this.indexOf(this.hovered.norad)] !== 1) this.setHovered(null);
  }

  /**
   * Turns the camera (keeping its distance) to look at the selected object from above it, leaning
   * toward its orbit's pole so the orbit reads as an ellipse rather than edge-on.
   */
  private focusOnSelected(): void {
    const k = this.selectedIndex;
    const p = this.current();
    if (!this.controls || !p || !hasPosition(p, k)) return;
    this.focusSelected = false;
    const distance = Math.max(this.camera.position.distanceTo(this.controls.target), FULL_MIN_DISTANCE);
    const direction = new Vector3(p[3 * k]!, p[3 * k + 1]!, p[3 * k + 2]!).normalize();
    const pass = this.moving;
    if (pass) {
      // The orbit's pole r × v, turned to Earth-fixed as the points are (about Y by −GMST).
      const { cos, sin } = this.frameMove;
      const turn = (x: number, y: number, z: number) => new Vector3(cos * x - sin * z, y, sin * x + cos * z);
      const r = turn(pass[6 * k]!, pass[6 * k + 1]!, pass[6 * k + 2]!);
      const v = turn(pass[6 * k + 3]!, pass[6 * k + 4]!, pass[6 * k + 5]!);
      const pole = r.cross(v);
      if (pole.lengthSq() > 0) direction.add(pole.normalize().multiplyScalar(FOCUS_LEAN)).normalize();
    }
    this.controls.target.set(0, 0, 0);
    this.controls.minDistance = FULL_MIN_DISTANCE;
    this.camera.position.copy(direction.multiplyScalar(Math.max(distance, FULL_MIN_DISTANCE + 1)));
    this.controls.update();
  }

  /**
   * Zooms to a conjunction: the camera looks at the midpoint of its two objects from the side of
   * the line between them (perpendicular to it, as close to overhead as that allows), near enough
   * for the line to span a good part of the view.
   */
  private focusOnPair(): void {
    const pair = this.pair;
    const a = this.positionOf(pair?.primary ?? -1);
    const b = this.positionOf(pair?.secondary ?? -1);
    if (!this.controls || !pair || !a || !b) return;
    pair.focusAtMs = null;
    const pa = new Vector3(a[0], a[1], a[2]);
    const pb = new Vector3(b[0], b[1], b[2]);
    const mid = pa.clone().add(pb).multiplyScalar(0.5);
    const miss = pb.clone().sub(pa);
    const up = mid.clone().normalize();
    let view = miss.lengthSq() > 0 ? up.clone().sub(miss.clone().normalize().multiplyScalar(up.dot(miss.clone().normalize()))) : up.clone();
    if (view.lengthSq() < 1e-6) view = new Vector3(0, 1, 0).cross(up);
    view.normalize();
    // An avoidance plan's post-burn primary in the view too: the span is the widest of the miss and its offset from the midpoint.
    const planAt = this.overlays.planPosition();
    const span = Math.max(miss.length(), planAt ? 2 * new Vector3(planAt[0], planAt[1], planAt[2]).distanceTo(mid) : 0);
    const distance = Math.max(span * CONJUNCTION_VIEW_MISSES, CONJUNCTION_VIEW_MIN_KM / EARTH_RADIUS_KM);
    this.controls.target.copy(mid);
    this.controls.minDistance = distance / 50;
    this.camera.position.copy(mid.clone().add(view.multiplyScalar(distance)));
    this.controls.update();
  }

  private objectPosition(norad: number): [number, number, number] | null {
    const p = this.positionOf(norad);
    return p ? [p[0]!, p[1]!, p[2]!] : null;
  }

  setScale(scale: number): void {
    this.scale = scale;
    this.debug.scale = scale;
    this.globe.scale.setScalar(scale);
  }

  setHighlights(hio: ReadonlySet<number>, conjunction: ReadonlySet<number>): void {
    this.hio = hio;
    this.conjunction = conjunction;
    this.applyStyles();
  }

  private applyCamera(): void {
    this.camera.position.set(0, CAMERA_DISTANCE[this.regime] * 0.28, CAMERA_DISTANCE[this.regime]);
    this.camera.lookAt(0, 0, 0);
  }

  private applyDrawRange(): void {
    const range = this.full ? { start: 0, count: this.catalog?.count ?? 0 } : (this.catalog?.ranges[this.regime] ?? { start: 0, count: 0 });
    this.geometry.setDrawRange(range.start, range.count);
    this.debug.drawRange = { ...range };
  }

  private applyStyles(): void {
    const catalog = this.catalog;
    if (!catalog) return;
    const colours = new Uint8Array(catalog.count * 3);
    const sizes = new Float32Array(catalog.count);
    fillPointStyles(catalog.cls, catalog.norad, this.hio, this.conjunction, colours, sizes);
    // Conjunction mode (the full view only): the pair large in its colours, the crowd dimmed; the pair stays drawn whatever the filters.
    const pair = this.full && this.pair ? [this.indexOf(this.pair.primary), this.indexOf(this.pair.secondary)] : [];
    if (this.full && this.pair) {
      emphasisePair(colours, sizes, [
        { index: pair[0]!, colour: HIGHLIGHT_COLOURS.primary },
        { index: pair[1]!, colour: HIGHLIGHT_COLOURS.secondary },
      ]);
    }
    this.debug.dimmed = pair.length > 0;
    const mask = this.mask;
    if (mask) for (let k = 0; k < catalog.count; k++) if (mask[k] === 0 && !pair.includes(k)) sizes[k] = 0;
    this.styles = { colours, sizes };
    this.geometry.setAttribute('pointColor', new BufferAttribute(colours, 3, true));
    this.geometry.setAttribute('pointSize', new BufferAttribute(sizes, 1));
  }

  private pointStyle(norad: number): { colour: [number, number, number]; size: number } | null {
    const k = this.indexOf(norad);
    const styles = this.styles;
    if (k < 0 || !styles) return null;
    return { colour: [styles.colours[3 * k]!, styles.colours[3 * k + 1]!, styles.colours[3 * k + 2]!], size: styles.sizes[k]! };
  }

  private onWorkerMessage(message: FromWorker): void {
    if (this.disposed) return;
    if (message.type === 'error') {
      this.options.onStatus({ drawn: { LEO: 0, MEO: 0, GEO: 0 }, total: this.catalog?.count ?? 0, ready: false, error: message.message });
    } else if (message.type === 'catalog') {
      const selectedNorad = this.selectedIndex >= 0 ? this.catalog?.norad[this.selectedIndex] : undefined;
      this.catalog = message;
      this.indexByNorad = new Map();
      message.norad.forEach((norad, k) => this.indexByNorad.set(norad, k));
      this.selectedIndex = selectedNorad === undefined ? -1 : this.indexOf(selectedNorad);
      this.positions = new Float32Array(message.count * 3);
      this.positionsT = null;
      if (this.full) {
        // One interleaved buffer (position, velocity) per pass: one upload, one swap.
        this.moving = new Float32Array(message.count * 6);
        this.materialised = { pass: null, t: Number.NaN };
        const interleaved = new InterleavedBuffer(this.moving, 6);
        interleaved.setUsage(DynamicDrawUsage);
        this.geometry.setAttribute('position', new InterleavedBufferAttribute(interleaved, 3, 0));
        this.geometry.setAttribute('velocity', new InterleavedBufferAttribute(interleaved, 3, 3));
      } else {
        const attribute = new BufferAttribute(this.positions, 3);
        attribute.setUsage(DynamicDrawUsage);
        this.geometry.setAttribute('position', attribute);
      }
      this.applyFilter();
      this.applyDrawRange();
      this.resolveWanted();
      this.applyHighlights();
      const index = this.indexByNorad;
      this.options.onCatalog?.({ total: message.count, owners: ownerCounts(message.owner, message.owners), has: (norad) => index.has(norad) });
      this.pending = null;
      this.debug.total = message.count;
      this.debug.ranges = message.ranges;
      this.debug.unpropagable = message.unpropagable;
      Object.assign(this.debug.worker, message.timings);
    } else if (message.type === 'orbits') {
      if (message.requestId !== this.orbitRequest.id) return;
      this.orbitRequest.pending = false;
      for (const o of message.orbits) this.overlays.setOrbit(o.norad, o.points, o.times, o.periodMin, message.atMs);
      Object.assign(this.debug, this.overlays.figures(), this.overlays.planFigures());
      this.requestOrbits();
    } else {
      if (!this.catalog || message.buffer.byteLength !== this.catalog.count * (this.full ? 24 : 12)) return;
      // A newer pass replaces one not yet drawn; its buffer goes straight back.
      if (this.pending) this.send({ type: 'buffer', buffer: this.pending.buffer }, [this.pending.buffer]);
      this.pending = message;
    }
  }

  private readonly frame = (now: number): void => {
    if (this.disposed) return;
    this.frameHandle = requestAnimationFrame(this.frame);
    // Off screen (scrolled away): nothing to draw; a waiting update stays until the view is back.
    if (!this.onScreen) return;
    this.frameCount += 1;
    // Held only while a pointer is over the canvas: a tap names an object but leaves no pointer behind.
    const holding = this.pointer !== null && this.hovered !== null;
    if (this.lastFrameAt !== null && !holding && !this.full) this.spunMs += Math.max(0, now - this.lastFrameAt);
    this.lastFrameAt = now;
    const rotation = rotationDegrees(this.spunMs);
    this.globe.rotation.y = (rotation * Math.PI) / 180;
    this.debug.rotationDeg = rotation;

    if (this.firstPositionsDrawn && this.debug.firstDrawMs === null) {
      // The frame after the first update: the first one has been presented.
      this.debug.firstDrawMs = now;
      this.debug.firstDrawSinceMountMs = now - this.mountedAt;
      this.reportStatus();
    }

    if (this.controls) this.fitDepthRange();
    const pending = this.pending;
    if (pending) {
      this.pending = null;
      const t0 = performance.now();
      if (this.full) {
        this.swapMoving(pending);
      } else {
        const attribute = this.geometry.getAttribute('position') as BufferAttribute;
        const previous = attribute.array as Float32Array;
        attribute.array = new Float32Array(pending.buffer);
        attribute.needsUpdate = true;
        this.positions = attribute.array as Float32Array;
        this.positionsT = pending.t;
        this.send({ type: 'buffer', buffer: previous.buffer as ArrayBuffer }, [previous.buffer as ArrayBuffer]);
        this.overlays.update(this.positionOf, pending.t);
      }
      const t1 = performance.now();
      this.renderer.render(this.scene, this.camera);
      const t2 = performance.now();
      this.recordUpdate(pending, t1 - t0, t2 - t0);
      if (!this.firstPositionsDrawn) this.firstPositionsDrawn = true;
      if (this.full) this.afterUpdate(now);
    } else {
      const t0 = performance.now();
      if (this.full) this.moveToNow();
      this.renderer.render(this.scene, this.camera);
      push(this.debug.frameSamples, performance.now() - t0);
    }
    if (this.full && this.pair) this.reportPairScreen();
    // Hover: after a move, and every 4th frame while the globe turns under a still pointer.
    if (this.pointer && (this.pointerMoved || this.frameCount % 4 === 0)) {
      this.pointerMoved = false;
      this.pick(this.pointer.x, this.pointer.y, false);
    }
  };

  /** The full view's swap: the pass's buffer into the interleaved attribute, the old one back to the worker. */
  private swapMoving(pending: PositionsMessage): void {
    const interleaved = (this.geometry.getAttribute('position') as InterleavedBufferAttribute).data;
    const previous = interleaved.array as Float32Array;
    interleaved.array = new Float32Array(pending.buffer);
    interleaved.needsUpdate = true;
    this.moving = interleaved.array as Float32Array;
    this.positionsT = pending.t;
    this.send({ type: 'buffer', buffer: previous.buffer as ArrayBuffer }, [previous.buffer as ArrayBuffer]);
    this.moveToNow();
  }

  /** The full view's frame: the simulated time now, the shader's step from the pass to it, the rings and orbits there. */
  private moveToNow(): void {
    const passT = this.positionsT;
    if (passT === null) return;
    let t = simTimeAt(this.clock, Date.now());
    let dt = t - passT;
    if (Math.abs(dt) > MAX_MOVE_MS) {
      t = passT;
      dt = 0;
    }
    const theta = gmst(t as UtcMs);
    this.frameMove = { t, dt, cos: Math.cos(theta), sin: Math.sin(theta) };
    const uniforms = this.material.uniforms;
    uniforms.dt!.value = dt;
    uniforms.turn!.value = [this.frameMove.cos, this.frameMove.sin];
    this.debug.simTimeMs = t;
    this.overlays.update(this.positionOf, t);
  }

  /** The full view after an update: report the selection, zoom where asked, keep orbits current. */
  private afterUpdate(now: number): void {
    Object.assign(this.debug, this.overlays.figures(), this.overlays.planFigures());
    this.debug.positionsTimeMs = this.positionsT;
    const selected = this.selectedIndex >= 0 ? this.catalog?.norad[this.selectedIndex] : undefined;
    if (selected !== undefined && this.positionOf(selected)) {
      const first = this.debug.selected === null || this.debug.selected.norad !== this.catalog?.norad[this.selectedIndex];
      if (first || this.focusSelected || now - this.lastSelectEmit >= SELECTION_REFRESH_MS) this.emitSelected();
    }
    // Zoom to a conjunction once the positions drawn are those of the time asked for (its TCA).
    if (this.pair && this.pair.focusAtMs !== null && this.positionsT === this.pair.focusAtMs) this.focusOnPair();
    this.requestOrbits();
    const km = this.debug.missLine?.lengthKm ?? null;
    if (km !== this.pairReport.km && (now - this.pairReport.at >= SELECTION_REFRESH_MS || km === null || this.pairReport.km === null || !this.clock.playing)) {
      this.pairReport = { km, at: now };
      if (this.debug.firstDrawMs !== null) this.reportStatus();
    }
  }

  /** Near and far planes from the camera's distance to what it looks at: close enough for a conjunction, deep enough for the globe. */
  private fitDepthRange(): void {
    const distance = this.camera.position.distanceTo(this.controls!.target);
    const near = Math.min(0.05, Math.max(1e-5, distance * 0.05));
    const far = this.camera.position.length() + 60;
    if (near !== this.camera.near || far !== this.camera.far) {
      this.camera.near = near;
      this.camera.far = far;
      this.camera.updateProjectionMatrix();
    }
  }

  private recordUpdate(message: PositionsMessage, swapMs: number, frameMs: number): void {
    const d = this.debug;
    d.updates += 1;
    d.lastUpdateMs = swapMs;
    d.lastUpdateFrameMs = frameMs;
    push(d.updateSamples, swapMs);
    push(d.updateFrameSamples, frameMs);
    d.worker.propagateMs = message.propagateMs;
    d.failed = message.failed;
    const shownChanged = this.full && message.maskVersion === this.maskVersion && d.shownDrawn !== message.shown;
    if (this.full && message.maskVersion === this.maskVersion) d.shownDrawn = message.shown;
    const ranges = this.catalog?.ranges;
    let changed = false;
    if (ranges) {
      for (const r of REGIMES) {
        const drawn = ranges[r].count - message.failed[r];
        changed ||= drawn !== d.objectsDrawn[r];
        d.objectsDrawn[r] = drawn;
      }
    }
    if ((changed || shownChanged) && d.firstDrawMs !== null) this.reportStatus();
  }

  private reportStatus(): void {
    const full = this.full ? { ...(this.debug.shownDrawn !== null && { shown: this.debug.shownDrawn }), pairKm: this.pairReport.km } : {};
    this.options.onStatus({ drawn: { ...this.debug.objectsDrawn }, total: this.debug.total, ready: true, error: null, ...full });
  }

  private resize(): void {
    const width = this.canvas.clientWidth || 1;
    const height = this.canvas.clientHeight || 1;
    this.renderer.setSize(width, height, false);
    this.camera.aspect = width / height;
    this.camera.updateProjectionMatrix();
  }

  /* ---------- Picking: nearest projected point within PICK_RADIUS_PX, not hidden by the Earth ---------- */

  /** Screen (canvas CSS px) of point k, or null when behind the camera or the Earth. */
  private projectPoint(k: number, out: { x: number; y: number }): boolean {
    const p = this.positions;
    if (!p) return false;
    return this.projectScene(p[3 * k]!, p[3 * k + 1]!, p[3 * k + 2]!, out);
  }

  /** Screen (canvas CSS px) of a scene position (the globe's frame), false when behind the camera or the Earth (or at the origin: no position). */
  private projectScene(x: number, y: number, z: number, out: { x: number; y: number }): boolean {
    if (x === 0 && y === 0 && z === 0) return false;
    const w = this.toWorld.elements;
    // World position (the globe's rotation and scale).
    const wx = w[0]! * x + w[4]! * y + w[8]! * z + w[12]!;
    const wy = w[1]! * x + w[5]! * y + w[9]! * z + w[13]!;
    const wz = w[2]! * x + w[6]! * y + w[10]! * z + w[14]!;
    // Hidden when the segment camera → point meets the Earth (radius = scale) first.
    const c = this.camera.position;
    const dx = wx - c.x;
    const dy = wy - c.y;
    const dz = wz - c.z;
    const len = Math.hypot(dx, dy, dz);
    const ux = dx / len;
    const uy = dy / len;
    const uz = dz / len;
    const b = c.x * ux + c.y * uy + c.z * uz;
    const disc = b * b - (c.x * c.x + c.y * c.y + c.z * c.z - this.scale * this.scale);
    if (disc > 0 && -b - Math.sqrt(disc) < len) return false;
    const m = this.projection.elements;
    const cw = m[3]! * wx + m[7]! * wy + m[11]! * wz + m[15]!;
    if (cw <= 0) return false;
    const cx = (m[0]! * wx + m[4]! * wy + m[8]! * wz + m[12]!) / cw;
    const cy = (m[1]! * wx + m[5]! * wy + m[9]! * wz + m[13]!) / cw;
    out.x = ((cx + 1) / 2) * this.canvas.clientWidth;
    out.y = ((1 - cy) / 2) * this.canvas.clientHeight;
    return true;
  }

  /**
   * Conjunction mode, after a frame is drawn: where the pair (and the plan's post-burn primary) are on
   * the canvas, told to the page's labels when any moved by half a pixel or came or went. The matrices
   * are the frame's (render updated them); only three positions are computed, never the whole catalogue.
   */
  private reportPairScreen(): void {
    const pair = this.pair;
    if (!pair) return;
    this.toWorld.copy(this.points.matrixWorld);
    this.projection.multiplyMatrices(this.camera.projectionMatrix, this.camera.matrixWorldInverse);
    const screen = (p: ArrayLike<number> | null): { x: number; y: number } | null => {
      const s = { x: 0, y: 0 };
      return p && this.projectScene(p[0]!, p[1]!, p[2]!, s) ? s : null;
    };
    const at: PairScreen = { primary: screen(this.positionOf(pair.primary)), secondary: screen(this.positionOf(pair.secondary)), plan: screen(this.overlays.planPosition()) };
    const before = this.pairScreen;
    const moved = (a: { x: number; y: number } | null, b: { x: number; y: number } | null) => (a === null || b === null ? a !== b : Math.abs(a.x - b.x) >= 0.5 || Math.abs(a.y - b.y) >= 0.5);
    if (before && !moved(at.primary, before.primary) && !moved(at.secondary, before.secondary) && !moved(at.plan, before.plan)) return;
    this.pairScreen = at;
    this.debug.pairScreen = at;
    this.options.onPairScreen?.(at);
  }

  private updateMatrices(): void {
    this.current();
    this.globe.updateMatrixWorld();
    this.camera.updateMatrixWorld();
    this.toWorld.copy(this.points.matrixWorld);
    this.projection.multiplyMatrices(this.camera.projectionMatrix, this.camera.matrixWorldInverse);
  }

  private nearest(px: number, py: number): number {
    const catalog = this.catalog;
    if (!catalog || !this.positions) return -1;
    this.updateMatrices();
    const { start, count } = this.debug.drawRange;
    const mask = this.mask;
    const s = { x: 0, y: 0 };
    let best = -1;
    let bestD2 = PICK_RADIUS_PX * PICK_RADIUS_PX;
    for (let k = start; k < start + count; k++) {
      if (mask && mask[k] === 0) continue;
      if (!this.projectPoint(k, s)) continue;
      const d2 = (s.x - px) ** 2 + (s.y - py) ** 2;
      if (d2 <= bestD2) {
        bestD2 = d2;
        best = k;
      }
    }
    return best;
  }

  /** The hovered object's index while the pointer stays within HOLD_RADIUS_PX of it, else -1. */
  private stillHeld(px: number, py: number): number {
    const catalog = this.catalog;
    if (!catalog || !this.current() || !this.hovered) return -1;
    const k = this.indexOf(this.hovered.norad);
    const { start, count } = this.debug.drawRange;
    if (k < start || k >= start + count || (this.mask && this.mask[k] === 0)) return -1;
    const s = { x: 0, y: 0 };
    if (!this.projectPoint(k, s)) return -1;
    return (s.x - px) ** 2 + (s.y - py) ** 2 <= HOLD_RADIUS_PX * HOLD_RADIUS_PX ? k : -1;
  }

  private describe(k: number): PickedObject | null {
    const catalog = this.catalog;
    const p = this.current();
    if (!catalog || !p || k < 0) return null;
    const s = { x: 0, y: 0 };
    this.projectPoint(k, s);
    const rect = this.canvas.getBoundingClientRect();
    const regime = REGIMES.find((r) => k >= catalog.ranges[r].start && k < catalog.ranges[r].start + catalog.ranges[r].count) ?? this.regime;
    const owner = catalog.owner[k]!;
    return {
      norad: catalog.norad[k]!,
      name: catalog.names[k]!,
      pointClass: pointClass(catalog.cls[k]!, catalog.norad[k]!, this.hio, this.conjunction),
      regime,
      altitudeKm: sceneRadiusToAltitudeKm(Math.hypot(p[3 * k]!, p[3 * k + 1]!, p[3 * k + 2]!)),
      objectType: OBJECT_CLASSES[catalog.objectType[k]!] ?? 'unknown',
      owner: owner >= 0 ? (catalog.owners[owner] ?? null) : null,
      x: s.x,
      y: s.y,
      clientX: rect.left + s.x,
      clientY: rect.top + s.y,
    };
  }

  private pick(px: number, py: number, select: boolean): void {
    let k = this.nearest(px, py);
    if (k < 0 && !select) k = this.stillHeld(px, py);
    const picked = this.describe(k);
    if (select) {
      this.selectedIndex = k;
      this.wanted = null;
      this.focusSelected = false;
      this.debug.selected = picked;
      this.lastSelectEmit = performance.now();
      this.options.onSelect(picked);
      this.applyHighlights();
    }
    this.setHovered(picked);
  }

  private setHovered(picked: PickedObject | null): void {
    const before = this.hovered;
    // Follow the object as the globe turns, but only tell React when the object changes or moves a few pixels.
    if (before?.norad === picked?.norad && (!picked || !before || Math.hypot(before.clientX - picked.clientX, before.clientY - picked.clientY) < 3)) return;
    this.hovered = picked;
    this.debug.hovered = picked;
    this.options.onHover(picked);
  }

  private screenPosition(norad: number): { x: number; y: number } | null {
    const catalog = this.catalog;
    if (!catalog) return null;
    const { start, count } = this.debug.drawRange;
    const k = this.indexOf(norad);
    if (k < start || k >= start + count || (this.mask && this.mask[k] === 0 && !this.overlays.figures().highlighted.includes(norad))) return null;
    this.updateMatrices();
    const s = { x: 0, y: 0 };
    if (!this.projectPoint(k, s)) return null;
    const rect = this.canvas.getBoundingClientRect();
    return { x: rect.left + s.x, y: rect.top + s.y };
  }

  private readonly onPointerMove = (event: PointerEvent): void => {
    const rect = this.canvas.getBoundingClientRect();
    this.pointer = { x: event.clientX - rect.left, y: event.clientY - rect.top };
    this.pointerMoved = true;
  };

  private readonly onPointerLeave = (): void => {
    this.pointer = null;
    this.setHovered(null);
  };

  private readonly onPointerDown = (event: PointerEvent): void => {
    this.pointerDownAt = { x: event.clientX, y: event.clientY };
  };

  private readonly onClick = (event: MouseEvent): void => {
    const down = this.pointerDownAt;
    this.pointerDownAt = null;
    // In the full view a drag turns the camera; the click that ends it selects nothing.
    if (this.full && down && Math.hypot(event.clientX - down.x, event.clientY - down.y) > DRAG_TOLERANCE_PX) return;
    const rect = this.canvas.getBoundingClientRect();
    this.pick(event.clientX - rect.left, event.clientY - rect.top, true);
  };

  dispose(): void {
    this.disposed = true;
    cancelAnimationFrame(this.frameHandle);
    this.resizeObserver.disconnect();
    this.intersectionObserver?.disconnect();
    this.canvas.removeEventListener('pointermove', this.onPointerMove);
    this.canvas.removeEventListener('pointerleave', this.onPointerLeave);
    this.canvas.removeEventListener('click', this.onClick);
    this.canvas.removeEventListener('pointerdown', this.onPointerDown);
    this.controls?.dispose();
    this.send({ type: 'stop' });
    this.worker.terminate();
    this.scene.traverse((object) => {
      const withGeometry = object as Partial<Mesh>;
      withGeometry.geometry?.dispose();
      const material = withGeometry.material;
      if (Array.isArray(material)) material.forEach((m) => m.dispose());
      else material?.dispose();
    });
    this.renderer.dispose();
    if (window.__dataforgeGlobe === this.debug) delete window.__dataforgeGlobe;
  }
}

function push(samples: number[], value: number): void {
  samples.push(value);
  if (samples.length > SAMPLE_LIMIT) samples.splice(0, samples.length - SAMPLE_LIMIT);
}
