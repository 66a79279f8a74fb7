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
 */
import {
  BufferAttribute,
  BufferGeometry,
  Color,
  DynamicDrawUsage,
  Float32BufferAttribute,
  Group,
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
  WebGLRenderer,
} from 'three';
import { mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countries110m from 'world-atlas/countries-110m.json';
import {
  CAMERA_DISTANCE,
  DEFAULT_REGIME,
  fillPointStyles,
  latLonToScene,
  pointClass,
  REGIMES,
  rotationDegrees,
  SCALE_DEFAULT,
  sceneRadiusToAltitudeKm,
  type Regime,
} from './globe-math';
import type { CatalogMessage, FromWorker, GlobeDebug, GlobeStatus, PickedObject, PositionsMessage, ToWorker } from './globe-protocol';

export type { GlobeDebug, GlobeStatus, PickedObject } from './globe-protocol';

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

/** The selection marker: a ring around the selected object. */
const RING_VERTEX_SHADER = /* glsl */ `
uniform float pixelRatio;
void main() {
  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);
  gl_PointSize = 18.0 * pixelRatio;
}`;

const RING_FRAGMENT_SHADER = /* glsl */ `
void main() {
  float d = length(gl_PointCoord - vec2(0.5));
  if (d > 0.5 || d < 0.36) discard;
  gl_FragColor = vec4(1.0);
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

export interface GlobeSceneOptions {
  /** Called when the hovered object changes (null: none). */
  onHover: (picked: PickedObject | null) => void;
  /** Called when a click selects an object (null: a click on nothing). */
  onSelect: (picked: PickedObject | null) => void;
  /** Called once the first positions of the whole catalogue are drawn, and when a figure the card shows changes. */
  onStatus: (status: GlobeStatus) => void;
  /** The feed URL (default /api/catalog/elements). */
  url?: string;
}

export class GlobeScene {
  private readonly renderer: WebGLRenderer;
  private readonly scene = new Scene();
  private readonly camera = new PerspectiveCamera(45, 1, 0.01, 1000);
  private readonly globe = new Group();
  private readonly geometry = new BufferGeometry();
  private readonly material: ShaderMaterial;
  private readonly points: Points;
  private readonly marker: Points;
  private readonly markerPosition = new Float32Array(3);
  /** Draw-order index of the selected object, or -1. */
  private selectedIndex = -1;
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
      vertexShader: VERTEX_SHADER,
      fragmentShader: FRAGMENT_SHADER,
      uniforms: { pixelRatio: { value: this.renderer.getPixelRatio() } },
    });
    this.points = new Points(this.geometry, this.material);
    this.points.frustumCulled = false;
    this.globe.add(this.points);
    const markerGeometry = new BufferGeometry().setAttribute('position', new BufferAttribute(this.markerPosition, 3));
    this.marker = new Points(
      markerGeometry,
      new ShaderMaterial({
        vertexShader: RING_VERTEX_SHADER,
        fragmentShader: RING_FRAGMENT_SHADER,
        uniforms: { pixelRatio: { value: this.renderer.getPixelRatio() } },
        transparent: true,
      }),
    );
    this.marker.frustumCulled = false;
    this.marker.visible = false;
    this.marker.renderOrder = 1;
    this.globe.add(this.marker);
    this.scene.add(this.globe);
    this.applyCamera();

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

    this.worker = new Worker(new URL('./globe-worker.ts', import.meta.url), { type: 'module', name: 'globe-propagation' });
    this.worker.onmessage = (event: MessageEvent<FromWorker>) => this.onWorkerMessage(event.data);
    this.worker.onerror = (event) =>
      this.options.onStatus({ drawn: { LEO: 0, MEO: 0, GEO: 0 }, total: 0, ready: false, error: event.message || 'The propagation worker failed' });
    this.send({ type: 'start', url: options.url ?? '/api/catalog/elements', intervalMs: PROPAGATION_INTERVAL_MS });

    this.frameHandle = requestAnimationFrame(this.frame);
  }

  private send(message: ToWorker, transfer: Transferable[] = []): void {
    this.worker.postMessage(message, transfer);
  }

  setRegime(regime: Regime): void {
    this.regime = regime;
    this.selectedIndex = -1;
    this.debug.selected = null;
    this.debug.regime = regime;
    this.applyDrawRange();
    this.applyCamera();
    this.setHovered(null);
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
    const range = this.catalog?.ranges[this.regime] ?? { start: 0, count: 0 };
    this.geometry.setDrawRange(range.start, range.count);
    this.debug.drawRange = { ...range };
  }

  private applyStyles(): void {
    const catalog = this.catalog;
    if (!catalog) return;
    const colours = new Uint8Array(catalog.count * 3);
    const sizes = new Float32Array(catalog.count);
    fillPointStyles(catalog.cls, catalog.norad, this.hio, this.conjunction, colours, sizes);
    this.geometry.setAttribute('pointColor', new BufferAttribute(colours, 3, true));
    this.geometry.setAttribute('pointSize', new BufferAttribute(sizes, 1));
  }

  private onWorkerMessage(message: FromWorker): void {
    if (this.disposed) return;
    if (message.type === 'error') {
      this.options.onStatus({ drawn: { LEO: 0, MEO: 0, GEO: 0 }, total: this.catalog?.count ?? 0, ready: false, error: message.message });
    } else if (message.type === 'catalog') {
      const selectedNorad = this.selectedIndex >= 0 ? this.catalog?.norad[this.selectedIndex] : undefined;
      this.catalog = message;
      this.selectedIndex = selectedNorad === undefined ? -1 : message.norad.indexOf(selectedNorad);
      this.positions = new Float32Array(message.count * 3);
      const attribute = new BufferAttribute(this.positions, 3);
      attribute.setUsage(DynamicDrawUsage);
      this.geometry.setAttribute('position', attribute);
      this.applyStyles();
      this.applyDrawRange();
      this.pending = null;
      this.debug.total = message.count;
      this.debug.ranges = message.ranges;
      this.debug.unpropagable = message.unpropagable;
      Object.assign(this.debug.worker, message.timings);
    } else {
      if (!this.catalog || message.buffer.byteLength !== this.catalog.count * 12) return;
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
    if (this.lastFrameAt !== null && !holding) this.spunMs += Math.max(0, now - this.lastFrameAt);
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

    const pending = this.pending;
    this.placeMarker(pending ? new Float32Array(pending.buffer) : this.positions);
    if (pending) {
      this.pending = null;
      const t0 = performance.now();
      const attribute = this.geometry.getAttribute('position') as BufferAttribute;
      const previous = attribute.array as Float32Array;
      attribute.array = new Float32Array(pending.buffer);
      attribute.needsUpdate = true;
      this.positions = attribute.array as Float32Array;
      this.send({ type: 'buffer', buffer: previous.buffer as ArrayBuffer }, [previous.buffer as ArrayBuffer]);
      const t1 = performance.now();
      this.renderer.render(this.scene, this.camera);
      const t2 = performance.now();
      this.recordUpdate(pending, t1 - t0, t2 - t0);
      if (!this.firstPositionsDrawn) this.firstPositionsDrawn = true;
    } else {
      const t0 = performance.now();
      this.renderer.render(this.scene, this.camera);
      push(this.debug.frameSamples, performance.now() - t0);
    }
    // Hover: after a move, and every 4th frame while the globe turns under a still pointer.
    if (this.pointer && (this.pointerMoved || this.frameCount % 4 === 0)) {
      this.pointerMoved = false;
      this.pick(this.pointer.x, this.pointer.y, false);
    }
  };

  private placeMarker(positions: Float32Array | null): void {
    const k = this.selectedIndex;
    const visible = k >= 0 && positions !== null && !(positions[3 * k] === 0 && positions[3 * k + 1] === 0 && positions[3 * k + 2] === 0);
    this.marker.visible = visible;
    if (!visible) return;
    this.markerPosition[0] = positions[3 * k]!;
    this.markerPosition[1] = positions[3 * k + 1]!;
    this.markerPosition[2] = positions[3 * k + 2]!;
    (this.marker.geometry.getAttribute('position') as BufferAttribute).needsUpdate = true;
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
    const ranges = this.catalog?.ranges;
    let changed = false;
    if (ranges) {
      for (const r of REGIMES) {
        const drawn = ranges[r].count - message.failed[r];
        changed ||= drawn !== d.objectsDrawn[r];
        d.objectsDrawn[r] = drawn;
      }
    }
    if (changed && d.firstDrawMs !== null) this.reportStatus();
  }

  private reportStatus(): void {
    this.options.onStatus({ drawn: { ...this.debug.objectsDrawn }, total: this.debug.total, ready: true, error: null });
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
    const x = p[3 * k]!;
    const y = p[3 * k + 1]!;
    const z = p[3 * k + 2]!;
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

  private updateMatrices(): void {
    this.globe.updateMatrixWorld();
    this.camera.updateMatrixWorld();
    this.toWorld.copy(this.points.matrixWorld);
    this.projection.multiplyMatrices(this.camera.projectionMatrix, this.camera.matrixWorldInverse);
  }

  private nearest(px: number, py: number): number {
    const catalog = this.catalog;
    if (!catalog || !this.positions) return -1;
    this.updateMatrices();
    const { start, count } = catalog.ranges[this.regime];
    const s = { x: 0, y: 0 };
    let best = -1;
    let bestD2 = PICK_RADIUS_PX * PICK_RADIUS_PX;
    for (let k = start; k < start + count; k++) {
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
    if (!catalog || !this.positions || !this.hovered) return -1;
    const k = catalog.norad.indexOf(this.hovered.norad);
    const { start, count } = catalog.ranges[this.regime];
    if (k < start || k >= start + count) return -1;
    const s = { x: 0, y: 0 };
    if (!this.projectPoint(k, s)) return -1;
    return (s.x - px) ** 2 + (s.y - py) ** 2 <= HOLD_RADIUS_PX * HOLD_RADIUS_PX ? k : -1;
  }

  private describe(k: number): PickedObject | null {
    const catalog = this.catalog;
    const p = this.positions;
    if (!catalog || !p || k < 0) return null;
    const s = { x: 0, y: 0 };
    this.projectPoint(k, s);
    const rect = this.canvas.getBoundingClientRect();
    const regime = REGIMES.find((r) => k >= catalog.ranges[r].start && k < catalog.ranges[r].start + catalog.ranges[r].count) ?? this.regime;
    return {
      norad: catalog.norad[k]!,
      name: catalog.names[k]!,
      pointClass: pointClass(catalog.cls[k]!, catalog.norad[k]!, this.hio, this.conjunction),
      regime,
      altitudeKm: sceneRadiusToAltitudeKm(Math.hypot(p[3 * k]!, p[3 * k + 1]!, p[3 * k + 2]!)),
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
      this.debug.selected = picked;
      this.options.onSelect(picked);
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
    const { start, count } = catalog.ranges[this.regime];
    const k = catalog.norad.indexOf(norad);
    if (k < start || k >= start + count) return null;
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

  private readonly onClick = (event: MouseEvent): void => {
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
