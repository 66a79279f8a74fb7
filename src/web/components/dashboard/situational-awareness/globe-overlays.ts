/**
 * What the globe draws over the catalogue's points: rings around highlighted objects (the selected
 * one; a conjunction's two), their orbits (one period from globe-orbit.ts, turned to the Earth-fixed
 * scene by the GMST of the drawn positions' time) and a conjunction's line between its two objects
 * (at TCA: the miss vector); in conjunction mode with an avoidance plan, the primary's post-burn
 * track (from the plan's OEM, turned as the orbits are) and a mark where the primary is after the
 * burn. Part of the lazily loaded three.js chunk (GlobeScene owns one).
 *
 * Orbit frames: the worker's samples are in the scene's axes at GMST 0; temeToScene turns TEME by
 * GMST θ about the pole, which in the scene (Y up along the pole, scene z = −ECEF y) is a turn of
 * −θ about Y. So each orbit line is a child with rotation.y = −θ(t), set once per position update.
 */
import { AdditiveBlending, BufferAttribute, BufferGeometry, Group, Line, LineBasicMaterial, LineLoop, Points, ShaderMaterial } from 'three';
import { gmst } from '@core/time/index.ts';
import type { UtcMs } from '@core/units.ts';
import { EARTH_RADIUS_KM, HIGHLIGHT_COLOURS, hexToRgb, MISS_LINE_COLOUR, PLAN_TRACK_COLOUR, temeToScene, type HighlightRole } from './globe-math';
import type { PlanTrack } from './globe-protocol';

export interface Highlight {
  norad: number;
  role: HighlightRole;
}

const MAX_MARKERS = 4;
/** An orbit is sampled again once the drawn time is this share of a period from its centre. */
const ORBIT_STALE_FRACTION = 0.25;

const RING_VERTEX_SHADER = /* glsl */ `
attribute vec3 markerColor;
uniform float pixelRatio;
varying vec3 vColor;
void main() {
  vColor = markerColor;
  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);
  gl_PointSize = 18.0 * pixelRatio;
}`;

const RING_FRAGMENT_SHADER = /* glsl */ `
varying vec3 vColor;
void main() {
  float d = length(gl_PointCoord - vec2(0.5));
  if (d > 0.5 || d < 0.36) discard;
  gl_FragColor = vec4(vColor, 1.0);
}`;

/** The post-burn primary's mark: a filled dot with a dark rim, a little smaller than the pair's points. */
const PLAN_MARK_VERTEX_SHADER = /* glsl */ `
uniform float pixelRatio;
void main() {
  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);
  gl_PointSize = 11.0 * pixelRatio;
}`;

const PLAN_MARK_FRAGMENT_SHADER = /* glsl */ `
uniform vec3 colour;
void main() {
  float d = length(gl_PointCoord - vec2(0.5));
  if (d > 0.5) discard;
  gl_FragColor = d > 0.36 ? vec4(0.02, 0.03, 0.05, 1.0) : vec4(colour, 1.0);
}`;

const rgb01 = (hex: string) => hexToRgb(hex).map((v) => v / 255) as [number, number, number];

interface DrawnOrbit {
  line: LineLoop;
  role: HighlightRole;
  centreMs: number;
  periodMin: number;
  times: Float64Array;
}

export interface OverlayFigures {
  highlighted: number[];
  orbits: { norad: number; samples: number; periodMin: number; centreMs: number }[];
  missLine: { from: number; to: number; lengthKm: number } | null;
}

export interface PlanFigures {
  planTrack: { planId: number; samples: number; startMs: number; endMs: number } | null;
  planPosition: [number, number, number] | null;
}

export class GlobeOverlays {
  /** Add to the globe group: everything here is in its (Earth-fixed) frame. */
  readonly group = new Group();
  private readonly markerPositions = new Float32Array(3 * MAX_MARKERS);
  private readonly markerColours = new Float32Array(3 * MAX_MARKERS);
  private readonly markers: Points;
  private readonly missPositions = new Float32Array(6);
  private readonly missLine: Line;
  private readonly orbits = new Map<number, DrawnOrbit>();
  private highlights: Highlight[] = [];
  private highlightRgb: [number, number, number][] = [];
  private missPair: [number, number] | null = null;
  private missLengthKm: number | null = null;
  private orbitAngle = 0;
  /** An avoidance plan's post-burn track (its line, turned as the orbits) and the primary's mark on it. */
  private plan: { track: PlanTrack; line: Line } | null = null;
  private readonly planMarkPosition = new Float32Array(3);
  private readonly planMark: Points;
  private planAt: [number, number, number] | null = null;

  constructor(pixelRatio: number) {
    const markerGeometry = new BufferGeometry()
      .setAttribute('position', new BufferAttribute(this.markerPositions, 3))
      .setAttribute('markerColor', new BufferAttribute(this.markerColours, 3));
    markerGeometry.setDrawRange(0, 0);
    this.markers = new Points(
      markerGeometry,
      new ShaderMaterial({ vertexShader: RING_VERTEX_SHADER, fragmentShader: RING_FRAGMENT_SHADER, uniforms: { pixelRatio: { value: pixelRatio } }, transparent: true }),
    );
    this.markers.frustumCulled = false;
    this.markers.renderOrder = 1;
    this.group.add(this.markers);

    this.missLine = new Line(
      new BufferGeometry().setAttribute('position', new BufferAttribute(this.missPositions, 3)),
      // Drawn over everything: at globe scale the miss vector is far under a pixel, zoomed in it must not hide behind a point.
      new LineBasicMaterial({ color: MISS_LINE_COLOUR, depthTest: false, transparent: true }),
    );
    this.missLine.frustumCulled = false;
    this.missLine.renderOrder = 3;
    this.missLine.visible = false;
    this.group.add(this.missLine);

    this.planMark = new Points(
      new BufferGeometry().setAttribute('position', new BufferAttribute(this.planMarkPosition, 3)),
      new ShaderMaterial({
        vertexShader: PLAN_MARK_VERTEX_SHADER,
        fragmentShader: PLAN_MARK_FRAGMENT_SHADER,
        uniforms: { pixelRatio: { value: pixelRatio }, colour: { value: rgb01(PLAN_TRACK_COLOUR) } },
      }),
    );
    this.planMark.frustumCulled = false;
    this.planMark.renderOrder = 2;
    this.planMark.visible = false;
    this.group.add(this.planMark);
  }

  /**
   * The primary's track after an avoidance plan (null: none): a line in PLAN_TRACK_COLOUR beside the
   * orbits, and a mark where the primary is after the burn at the time shown (update()).
   */
  setPlanTrack(track: PlanTrack | null): void {
    if (this.plan) {
      this.group.remove(this.plan.line);
      this.plan.line.geometry.dispose();
      (this.plan.line.material as LineBasicMaterial).dispose();
      this.plan = null;
    }
    this.planMark.visible = false;
    this.planAt = null;
    if (!track) return;
    // Over the orbits (drawn additive in the pair's colours): where the two coincide, at globe scale, the plan's colour shows.
    const line = new Line(
      new BufferGeometry().setAttribute('position', new BufferAttribute(track.points, 3)),
      new LineBasicMaterial({ color: PLAN_TRACK_COLOUR, transparent: true, opacity: 0.95 }),
    );
    line.frustumCulled = false;
    line.renderOrder = 2;
    line.rotation.y = this.orbitAngle;
    this.group.add(line);
    this.plan = { track, line };
  }

  /** The post-burn primary's scene position at the time last drawn, null when none. */
  planPosition(): readonly [number, number, number] | null {
    return this.planAt;
  }

  /** Rings (and orbits) for these objects, at most four; orbits of objects no longer listed are dropped. */
  setHighlights(highlights: Highlight[]): void {
    this.highlights = highlights.slice(0, MAX_MARKERS);
    this.highlightRgb = this.highlights.map((h) => rgb01(HIGHLIGHT_COLOURS[h.role]));
    for (const [norad, orbit] of this.orbits) {
      const role = this.highlights.find((h) => h.norad === norad)?.role;
      if (role === orbit.role) continue;
      this.group.remove(orbit.line);
      orbit.line.geometry.dispose();
      (orbit.line.material as LineBasicMaterial).dispose();
      this.orbits.delete(norad);
    }
  }

  /** The two objects to join with a line (null: none). */
  setMissPair(pair: [number, number] | null): void {
    this.missPair = pair;
    if (!pair) {
      this.missLine.visible = false;
      this.missLengthKm = null;
    }
  }

  /** Objects whose orbit is missing, or centred more than a quarter period from `tMs`. */
  orbitsNeeded(tMs: number): number[] {
    return this.highlights
      .map((h) => h.norad)
      .filter((norad) => {
        const orbit = this.orbits.get(norad);
        return !orbit || Math.abs(tMs - orbit.centreMs) > orbit.periodMin * 60_000 * ORBIT_STALE_FRACTION;
      });
  }

  /** An orbit from the worker (scene axes at GMST 0). Ignored when the object is no longer highlighted. */
  setOrbit(norad: number, points: Float32Array, times: Float64Array, periodMin: number, centreMs: number): void {
    const role = this.highlights.find((h) => h.norad === norad)?.role;
    if (!role) return;
    let orbit = this.orbits.get(norad);
    if (!orbit) {
      const material = new LineBasicMaterial({ color: HIGHLIGHT_COLOURS[role], transparent: true, opacity: role === 'selected' ? 0.75 : 0.9, blending: AdditiveBlending });
      const line = new LineLoop(new BufferGeometry(), material);
      line.frustumCulled = false;
      line.renderOrder = 2;
      this.group.add(line);
      orbit = { line, role, centreMs, periodMin, times };
      this.orbits.set(norad, orbit);
    }
    orbit.line.geometry.setAttribute('position', new BufferAttribute(points, 3));
    orbit.line.rotation.y = this.orbitAngle;
    Object.assign(orbit, { centreMs, periodMin, times });
  }

  /**
   * Places the rings and the conjunction line where the objects are drawn (`positionOf`: an
   * object's scene position now, null when it has none) and turns the orbits to the GMST of `tMs`.
   */
  update(positionOf: (norad: number) => ArrayLike<number> | null, tMs: number | null): void {
    let drawn = 0;
    this.highlights.forEach((h, i) => {
      const p = positionOf(h.norad);
      if (!p) return;
      this.markerPositions.set([p[0]!, p[1]!, p[2]!], 3 * drawn);
      this.markerColours.set(this.highlightRgb[i]!, 3 * drawn);
      drawn += 1;
    });
    this.markers.geometry.setDrawRange(0, drawn);
    (this.markers.geometry.getAttribute('position') as BufferAttribute).needsUpdate = true;
    (this.markers.geometry.getAttribute('markerColor') as BufferAttribute).needsUpdate = true;

    const pair = this.missPair;
    const a = pair ? positionOf(pair[0]) : null;
    const b = pair ? positionOf(pair[1]) : null;
    this.missLine.visible = a !== null && b !== null;
    if (a && b) {
      for (let c = 0; c < 3; c++) {
        this.missPositions[c] = a[c]!;
        this.missPositions[3 + c] = b[c]!;
      }
      (this.missLine.geometry.getAttribute('position') as BufferAttribute).needsUpdate = true;
      this.missLengthKm = Math.hypot(b[0]! - a[0]!, b[1]! - a[1]!, b[2]! - a[2]!) * EARTH_RADIUS_KM;
    } else {
      this.missLengthKm = null;
    }

    if (tMs !== null) {
      this.orbitAngle = -gmst(tMs as UtcMs);
      for (const orbit of this.orbits.values()) orbit.line.rotation.y = this.orbitAngle;
      if (this.plan) this.plan.line.rotation.y = this.orbitAngle;
    }

    // The post-burn primary at the time shown: its TEME position turned to Earth-fixed as the worker turns SGP4's.
    const r = this.plan && tMs !== null ? this.plan.track.positionAt(tMs) : null;
    if (r && tMs !== null) {
      const theta = gmst(tMs as UtcMs);
      const at = new Float64Array(3);
      temeToScene(r[0], r[1], r[2], Math.cos(theta), Math.sin(theta), at, 0);
      this.planMarkPosition.set(at);
      (this.planMark.geometry.getAttribute('position') as BufferAttribute).needsUpdate = true;
      this.planAt = [at[0]!, at[1]!, at[2]!];
    } else {
      this.planAt = null;
    }
    this.planMark.visible = this.planAt !== null;
  }

  /** An orbit's points as drawn (turned by the current GMST), for tests. */
  orbitPoints(norad: number): { points: number[]; times: number[] } | null {
    const orbit = this.orbits.get(norad);
    const attribute = orbit?.line.geometry.getAttribute('position') as BufferAttribute | undefined;
    if (!orbit || !attribute) return null;
    const c = Math.cos(this.orbitAngle);
    const s = Math.sin(this.orbitAngle);
    const points: number[] = [];
    const p = attribute.array as Float32Array;
    // A turn by φ about Y: x' = x cos φ + z sin φ, z' = −x sin φ + z cos φ.
    for (let i = 0; i < p.length; i += 3) points.push(p[i]! * c + p[i + 2]! * s, p[i + 1]!, -p[i]! * s + p[i + 2]! * c);
    return { points, times: [...orbit.times] };
  }

  figures(): OverlayFigures {
    return {
      highlighted: this.highlights.map((h) => h.norad),
      orbits: [...this.orbits].map(([norad, o]) => ({ norad, samples: o.times.length, periodMin: o.periodMin, centreMs: o.centreMs })),
      missLine: this.missPair && this.missLengthKm !== null ? { from: this.missPair[0], to: this.missPair[1], lengthKm: this.missLengthKm } : null,
    };
  }

  /** The plan track drawn and the post-burn primary's position at the time last drawn, for tests. */
  planFigures(): PlanFigures {
    return {
      planTrack: this.plan
        ? { planId: this.plan.track.planId, samples: this.plan.track.times.length, startMs: this.plan.track.times[0] ?? Number.NaN, endMs: this.plan.track.times.at(-1) ?? Number.NaN }
        : null,
      planPosition: this.planAt ? [...this.planAt] : null,
    };
  }
}

/** Whether point k has a position (the worker leaves objects without one at the origin). */
export function hasPosition(positions: Float32Array, k: number): boolean {
  return k >= 0 && !(positions[3 * k] === 0 && positions[3 * k + 1] === 0 && positions[3 * k + 2] === 0);
}
