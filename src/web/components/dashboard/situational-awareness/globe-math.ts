/**
 * The pure parts of the 3D Orbital View (spec §2 "Space Situational Awareness",
 * §4 orbital view mode and globe scale, §9 globe constants): scale steps, orbit
 * regimes, element columns → SGP4 input, the frame and scene units, and the
 * colour classes. No three.js, no DOM: the worker, the card, the unit tests and
 * the browser test share them.
 */
// Relative, not '@contracts/…' / '@core/…': tests/browser imports this file, and tsconfig.node.json (which
// type-checks tests/) has no paths for those aliases.
/* eslint-disable no-restricted-imports */
import type { CatalogElements } from '../../../../contracts/catalog-elements.ts';
import type { ElementSet } from '../../../../core/elements/index.ts';
import type { Degrees, UtcMs } from '../../../../core/units.ts';
/* eslint-enable no-restricted-imports */

/* ---------- Globe scale (spec §4/§9: 0.5 to 2 in steps of 0.1, starts at and resets to 1) ---------- */

export const SCALE_MIN = 0.5;
export const SCALE_MAX = 2;
export const SCALE_STEP = 0.1;
export const SCALE_DEFAULT = 1;

/**
 * The scale after `direction` steps (+1 zoom in, -1 zoom out), clamped to the bounds and
 * rounded to a tenth, so ten steps from 1 give exactly 2 (not 2.0000000000000004).
 */
export function stepScale(scale: number, direction: 1 | -1): number {
  const next = Math.round((scale + direction * SCALE_STEP) * 10) / 10;
  return Math.min(SCALE_MAX, Math.max(SCALE_MIN, next));
}

export const canZoomIn = (scale: number) => scale < SCALE_MAX - 1e-9;
export const canZoomOut = (scale: number) => scale > SCALE_MIN + 1e-9;

/** The scale as shown: '1.0×'. */
export const formatScale = (scale: number) => `${scale.toFixed(1)}×`;

/* ---------- Rotation (spec §4/§9: 1 degree every 100 ms) ---------- */

export const ROTATION_DEGREES_PER_STEP = 1;
export const ROTATION_STEP_MS = 100;

/**
 * The globe's turn after `elapsedMs`, degrees in [0, 360): 1° per 100 ms, applied
 * continuously (10°/s) rather than in visible 1° jumps ten times a second.
 */
export function rotationDegrees(elapsedMs: number): number {
  return ((elapsedMs / ROTATION_STEP_MS) * ROTATION_DEGREES_PER_STEP) % 360;
}

/* ---------- Orbit regimes ---------- */

export const REGIMES = ['LEO', 'MEO', 'GEO'] as const;
export type Regime = (typeof REGIMES)[number];
export const DEFAULT_REGIME: Regime = 'LEO';

/** Earth's equatorial radius (WGS-84), km: the scene unit. */
export const EARTH_RADIUS_KM = 6378.137;
/** Earth's gravitational parameter (WGS-72, as SGP4), km³/s². */
export const MU_KM3_S2 = 398600.8;
/** Geostationary altitude, km. */
export const GEO_ALTITUDE_KM = 35_786;
/** Below this perigee altitude an orbit reaches low Earth orbit. */
export const LEO_MAX_PERIGEE_KM = 2_000;
/** From this perigee altitude on (GEO altitude − 1,000 km) an orbit is in or above the geostationary belt. */
export const GEO_MIN_PERIGEE_KM = GEO_ALTITUDE_KM - 1_000;

/**
 * Perigee altitude (km above the equatorial radius) of mean elements: semi-major axis from
 * the Kozai mean motion by Kepler's third law (close enough to SGP4's Brouwer value for a
 * regime boundary: the difference is under 10 km).
 */
export function perigeeAltitudeKm(meanMotionRevPerDay: number, eccentricity: number): number {
  const n = (meanMotionRevPerDay * 2 * Math.PI) / 86_400;
  const a = Math.cbrt(MU_KM3_S2 / (n * n));
  return a * (1 - eccentricity) - EARTH_RADIUS_KM;
}

/**
 * The regime the selector files an object under, by perigee altitude, so every object is in
 * exactly one regime and the three counts add up to the catalogue:
 * - LEO: perigee below 2,000 km. Eccentric orbits that dip into LEO (GTO, Molniya) count
 *   here: that is where they cross the crowded shells.
 * - MEO: perigee from 2,000 km up to 34,786 km (GEO altitude − 1,000 km).
 * - GEO: perigee at 34,786 km or above: the geostationary belt (±1,000 km covers
 *   station-kept, drifting and graveyard orbits) and the few objects beyond it.
 */
export function regimeOf(meanMotionRevPerDay: number, eccentricity: number): Regime {
  const perigee = perigeeAltitudeKm(meanMotionRevPerDay, eccentricity);
  if (!(perigee >= LEO_MAX_PERIGEE_KM)) return 'LEO'; // NaN (a bad mean motion) counts as LEO too
  return perigee < GEO_MIN_PERIGEE_KM ? 'MEO' : 'GEO';
}

/** How many objects of the feed fall in each regime. */
export function countByRegime(elements: Pick<CatalogElements, 'meanMotion' | 'eccentricity'>): Record<Regime, number> {
  const counts: Record<Regime, number> = { LEO: 0, MEO: 0, GEO: 0 };
  for (let i = 0; i < elements.meanMotion.length; i++) counts[regimeOf(elements.meanMotion[i]!, elements.eccentricity[i]!)] += 1;
  return counts;
}

/**
 * The draw order: indices of the feed grouped LEO, then MEO, then GEO (feed order inside
 * each), and where each regime's run starts, so the selector is a draw range, not a filter.
 */
export function regimeOrder(elements: Pick<CatalogElements, 'meanMotion' | 'eccentricity'>): {
  order: Uint32Array;
  ranges: Record<Regime, { start: number; count: number }>;
} {
  const n = elements.meanMotion.length;
  const regimeCode = new Uint8Array(n);
  const counts = [0, 0, 0];
  for (let i = 0; i < n; i++) {
    const code = REGIMES.indexOf(regimeOf(elements.meanMotion[i]!, elements.eccentricity[i]!));
    regimeCode[i] = code;
    counts[code]! += 1;
  }
  const starts = [0, counts[0]!, counts[0]! + counts[1]!];
  const next = [...starts];
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[next[regimeCode[i]!]!++] = i;
  return {
    order,
    ranges: {
      LEO: { start: starts[0]!, count: counts[0]! },
      MEO: { start: starts[1]!, count: counts[1]! },
      GEO: { start: starts[2]!, count: counts[2]! },
    },
  };
}

/* ---------- Element columns → SGP4 input ---------- */

/**
 * Object i of the feed as the ElementSet that createSgp4 (src/core/propagation/sgp4.ts)
 * initialises, the server's path (the tests compare the worker's OMM path with it). The fields SGP4 does not read (mean
 * motion derivatives, element set and revolution numbers) are not in the feed and are 0.
 */
export function elementSetAt(elements: CatalogElements, i: number): ElementSet {
  return {
    norad: elements.norad[i]!,
    name: elements.name[i]!,
    classification: 'U',
    epoch: elements.epoch[i]! as UtcMs,
    meanMotion: elements.meanMotion[i]!,
    eccentricity: elements.eccentricity[i]!,
    inclination: elements.inclination[i]! as Degrees,
    raan: elements.raan[i]! as Degrees,
    argPerigee: elements.argPerigee[i]! as Degrees,
    meanAnomaly: elements.meanAnomaly[i]! as Degrees,
    bstar: elements.bstar[i]!,
    meanMotionDot: 0,
    meanMotionDdot: 0,
    elementSetNo: 999,
    revAtEpoch: 0,
    ephemerisType: 0,
  };
}

/** The OMM fields satellite.js's json2satrec reads, for object i of the feed. */
// A type alias, not an interface: satellite.js's OMM type has an index signature.
export type OmmFields = {
  OBJECT_NAME: string;
  OBJECT_ID: string;
  EPOCH: string;
  MEAN_MOTION: number;
  ECCENTRICITY: number;
  INCLINATION: number;
  RA_OF_ASC_NODE: number;
  ARG_OF_PERICENTER: number;
  MEAN_ANOMALY: number;
  NORAD_CAT_ID: number;
  ELEMENT_SET_NO: number;
  REV_AT_EPOCH: number;
  BSTAR: number;
  MEAN_MOTION_DOT: number;
  MEAN_MOTION_DDOT: number;
};

/**
 * Object i of the feed as an OMM for json2satrec, the worker's initialiser: about 12 µs an
 * object against 30 µs for createSgp4's exact-TLE path (formatTle + readTle + twoline2satrec),
 * i.e. 0.6 s instead of 1.5 s for 50,000 objects before the first draw. The only difference is
 * the epoch rounded to the millisecond inside the deep-space initialisation (under 0.1 m, see
 * src/core/propagation/sgp4.ts); `tsince` is still taken from the exact epoch.
 */
export function ommAt(elements: CatalogElements, i: number): OmmFields {
  return {
    OBJECT_NAME: elements.name[i]!,
    OBJECT_ID: '',
    EPOCH: new Date(elements.epoch[i]!).toISOString(),
    MEAN_MOTION: elements.meanMotion[i]!,
    ECCENTRICITY: elements.eccentricity[i]!,
    INCLINATION: elements.inclination[i]!,
    RA_OF_ASC_NODE: elements.raan[i]!,
    ARG_OF_PERICENTER: elements.argPerigee[i]!,
    MEAN_ANOMALY: elements.meanAnomaly[i]!,
    NORAD_CAT_ID: elements.norad[i]!,
    ELEMENT_SET_NO: 999,
    REV_AT_EPOCH: 0,
    BSTAR: elements.bstar[i]!,
    MEAN_MOTION_DOT: 0,
    MEAN_MOTION_DDOT: 0,
  };
}

/* ---------- Frames and scene units ---------- */

/**
 * Writes a TEME position (km) at Greenwich sidereal angle `gmst` (radians) into `out` at
 * `offset` as scene coordinates: Earth-fixed (TEME turned by GMST about the pole, the same
 * rotation as src/core/frames/teme-ecef.ts without polar motion), in Earth radii, with the
 * scene's Y axis up along the pole: scene (x, y, z) = ECEF (x, z, −y). The points therefore
 * ride with the drawn globe; the globe group's spec rotation (1°/100 ms) turns both.
 */
export function temeToScene(x: number, y: number, z: number, cosG: number, sinG: number, out: Float32Array | Float64Array, offset: number): void {
  const ex = cosG * x + sinG * y;
  const ey = -sinG * x + cosG * y;
  out[offset] = ex / EARTH_RADIUS_KM;
  out[offset + 1] = z / EARTH_RADIUS_KM;
  out[offset + 2] = -ey / EARTH_RADIUS_KM;
}

/** A latitude/longitude (degrees) on a sphere of `radius` scene units, in the same axes as temeToScene. */
export function latLonToScene(latDeg: number, lonDeg: number, radius = 1): [number, number, number] {
  const lat = (latDeg * Math.PI) / 180;
  const lon = (lonDeg * Math.PI) / 180;
  return [radius * Math.cos(lat) * Math.cos(lon), radius * Math.sin(lat), -radius * Math.cos(lat) * Math.sin(lon)];
}

/** Scene distance → altitude above the equatorial radius, km. */
export const sceneRadiusToAltitudeKm = (r: number) => r * EARTH_RADIUS_KM - EARTH_RADIUS_KM;

/* ---------- Colour classes ---------- */

/**
 * What a point is drawn as. The spec's legend names four (Operational Satellites, High
 * Interest Objects, Conjunction Risk, Debris); the live catalogue adds the fleet, rocket
 * bodies and objects of unknown type. A high-interest object outranks a conjunction
 * secondary, which outranks the fleet, which outranks the object type.
 */
export type PointClass = 'hio' | 'conjunction' | 'fleet' | 'payload' | 'rocket_body' | 'debris' | 'unknown';

export interface PointStyle {
  /** Legend text. */
  label: string;
  /** CSS/hex colour. */
  colour: string;
  /** Point diameter in CSS pixels. */
  size: number;
}

export const POINT_STYLES: Record<PointClass, PointStyle> = {
  hio: { label: 'High Interest Objects', colour: '#ef4444', size: 7 },
  conjunction: { label: 'Conjunction Risk', colour: '#facc15', size: 7 },
  fleet: { label: 'Fleet', colour: '#38bdf8', size: 6 },
  payload: { label: 'Operational Satellites', colour: '#22c55e', size: 2 },
  rocket_body: { label: 'Rocket Bodies', colour: '#f97316', size: 2 },
  debris: { label: 'Debris', colour: '#8b9bb4', size: 1.5 },
  unknown: { label: 'Unknown', colour: '#a78bfa', size: 1.5 },
};

/** The spec's legend, in its order, then the live catalogue's additions. */
export const SPEC_LEGEND: readonly PointClass[] = ['payload', 'hio', 'conjunction', 'debris'];
export const EXTRA_LEGEND: readonly PointClass[] = ['fleet', 'rocket_body', 'unknown'];

/** Class code of the feed (OBJECT_CLASSES order: fleet, payload, rocket_body, debris, unknown) → its point class. */
const CODE_CLASSES: readonly PointClass[] = ['fleet', 'payload', 'rocket_body', 'debris', 'unknown'];

export function pointClass(classCode: number, norad: number, hio: ReadonlySet<number>, conjunction: ReadonlySet<number>): PointClass {
  if (hio.has(norad)) return 'hio';
  if (conjunction.has(norad)) return 'conjunction';
  return CODE_CLASSES[classCode] ?? 'unknown';
}

/** '#rrggbb' → [r, g, b] in 0-255. */
export function hexToRgb(hex: string): [number, number, number] {
  const v = Number.parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

/**
 * Fills the per-point colour (RGB bytes) and size (px) attributes for the points in draw order
 * (`cls` and `norad` are already in draw order). Returns how many points are highlighted
 * (HIO, conjunction risk, fleet).
 */
export function fillPointStyles(
  cls: Uint8Array,
  norad: Int32Array,
  hio: ReadonlySet<number>,
  conjunction: ReadonlySet<number>,
  colours: Uint8Array,
  sizes: Float32Array,
): number {
  const rgb = Object.fromEntries(Object.entries(POINT_STYLES).map(([k, s]) => [k, hexToRgb(s.colour)])) as Record<PointClass, [number, number, number]>;
  let highlighted = 0;
  for (let i = 0; i < cls.length; i++) {
    const pc = pointClass(cls[i]!, norad[i]!, hio, conjunction);
    const [r, g, b] = rgb[pc];
    colours[3 * i] = r;
    colours[3 * i + 1] = g;
    colours[3 * i + 2] = b;
    sizes[i] = POINT_STYLES[pc].size;
    if (pc === 'hio' || pc === 'conjunction' || pc === 'fleet') highlighted += 1;
  }
  return highlighted;
}

/* ---------- Camera ---------- */

/** What a ring around an object means: the selection, or one of a conjunction's two objects. */
export type HighlightRole = 'selected' | 'primary' | 'secondary';

/** Ring and orbit colours: the selection white, a conjunction's primary sky blue and secondary amber. */
export const HIGHLIGHT_COLOURS: Record<HighlightRole, string> = { selected: '#ffffff', primary: '#38bdf8', secondary: '#fbbf24' };
/** The line between a conjunction's two objects (at TCA, the miss vector). */
export const MISS_LINE_COLOUR = '#f43f5e';
/** A conjunction's primary after an avoidance plan (its post-burn track and position): a third colour, apart from the pair's. */
export const PLAN_TRACK_COLOUR = '#e879f9';

/* ---------- Conjunction mode's emphasis (the view in time) ---------- */

/** Diameter (CSS px) of a conjunction's two points: the largest on the globe. */
export const PAIR_POINT_SIZE = 9;
/** Every other point's colour is scaled by this, its size by DIMMED_SIZE_FACTOR and capped at DIMMED_MAX_SIZE. */
export const DIMMED_BRIGHTNESS = 0.3;
export const DIMMED_SIZE_FACTOR = 0.7;
export const DIMMED_MAX_SIZE = 3;

/**
 * Conjunction mode on the styles fillPointStyles wrote (draw order): every point darker and smaller,
 * then the pair's points (`index` -1: not in the catalogue) in their own colours at PAIR_POINT_SIZE,
 * so the two stand apart from the crowd.
 */
export function emphasisePair(colours: Uint8Array, sizes: Float32Array, pair: readonly { index: number; colour: string }[]): void {
  for (let i = 0; i < sizes.length; i++) {
    colours[3 * i] = Math.round(colours[3 * i]! * DIMMED_BRIGHTNESS);
    colours[3 * i + 1] = Math.round(colours[3 * i + 1]! * DIMMED_BRIGHTNESS);
    colours[3 * i + 2] = Math.round(colours[3 * i + 2]! * DIMMED_BRIGHTNESS);
    sizes[i] = Math.min(sizes[i]! * DIMMED_SIZE_FACTOR, DIMMED_MAX_SIZE);
  }
  for (const { index, colour } of pair) {
    if (index < 0 || index >= sizes.length) continue;
    colours.set(hexToRgb(colour), 3 * index);
    sizes[index] = PAIR_POINT_SIZE;
  }
}

/** Camera distance from the Earth's centre (Earth radii) per regime at scale 1: the regime's shells fill the view. */
export const CAMERA_DISTANCE: Record<Regime, number> = { LEO: 3.4, MEO: 12, GEO: 18 };

/* ---------- Filters of the view in time (/visualization) ---------- */

/** What the full view shows: regimes, SATCAT object types (feed class names) and one owner (null: every owner). */
export interface GlobeFilter {
  regimes: readonly Regime[];
  types: readonly string[];
  owner: string | null;
}

/** The columns a filter reads, in draw order (see CatalogMessage). */
export interface FilterColumns {
  count: number;
  ranges: Record<Regime, { start: number; count: number }>;
  objectType: Uint8Array;
  owner: Int32Array;
  owners: readonly string[];
}

/**
 * The points a filter shows (1) and hides (0), in draw order, and how many it shows. Types are
 * the SATCAT types (a fleet satellite is a payload here); an owner the catalogue does not have
 * shows nothing.
 */
export function filterMask(columns: FilterColumns, filter: GlobeFilter, classes: readonly string[]): { mask: Uint8Array; shown: number } {
  const mask = new Uint8Array(columns.count);
  const typeOn = classes.map((c) => filter.types.includes(c));
  const ownerCode = filter.owner === null ? null : columns.owners.indexOf(filter.owner);
  let shown = 0;
  if (ownerCode === -1) return { mask, shown };
  for (const r of filter.regimes) {
    const { start, count } = columns.ranges[r];
    for (let k = start; k < start + count; k++) {
      if (!typeOn[columns.objectType[k]!]) continue;
      if (ownerCode !== null && columns.owner[k] !== ownerCode) continue;
      mask[k] = 1;
      shown += 1;
    }
  }
  return { mask, shown };
}

/** Owner codes with how many objects each has, most first (ties by code); objects without an owner are not counted. */
export function ownerCounts(owner: Int32Array, owners: readonly string[]): { owner: string; count: number }[] {
  const counts = new Array<number>(owners.length).fill(0);
  for (const o of owner) if (o >= 0) counts[o]! += 1;
  return owners.map((code, i) => ({ owner: code, count: counts[i]! })).sort((a, b) => b.count - a.count || a.owner.localeCompare(b.owner));
}

/* ---------- Moving the points between worker passes (the view in time) ---------- */

/** Earth's gravitational parameter in scene units (Earth radii) per ms²: the points' acceleration in the shader. */
export const MU_SCENE_PER_MS2 = MU_KM3_S2 / EARTH_RADIUS_KM ** 3 / 1e6;

/**
 * The full view's point k at `dtMs` after its pass, turned to Earth-fixed at GMST θ (cos, sin),
 * written at `offset` of `out`; the same arithmetic as globe-scene.ts's vertex shader. `src` holds
 * 6 floats a point (the worker's inertial passes): the TEME position in the scene's axes at GMST 0
 * (x, z, −y) and the velocity per ms. Between passes (a few minutes of simulated time at most) the
 * point follows the two-body Taylor series to third order,
 *   p + v·dt + ½·a·dt² + ⅙·j·dt³,  a = −μ·p/r³,  j = −μ·(v − 3·(p·v)·p/r²)/r³
 * (the next term is about r·(n·dt)⁴/24: 0.1 km after 150 s in LEO; SGP4's J2 and drag add a few
 * hundred metres), then the turn by GMST as temeToScene does (about the scene's Y axis by −θ).
 * Points without a position stay at the origin.
 */
export function movedToScene(src: Float32Array, k: number, dtMs: number, cosG: number, sinG: number, out: Float32Array | Float64Array, offset: number): void {
  const i = 6 * k;
  let x = src[i]!;
  let y = src[i + 1]!;
  let z = src[i + 2]!;
  const r2 = x * x + y * y + z * z;
  if (r2 > 0.25) {
    const vx = src[i + 3]!;
    const vy = src[i + 4]!;
    const vz = src[i + 5]!;
    const m = MU_SCENE_PER_MS2 / (r2 * Math.sqrt(r2));
    const rv = (3 * (x * vx + y * vy + z * vz)) / r2;
    const a = -0.5 * m * dtMs * dtMs;
    const j = (-m * dtMs * dtMs * dtMs) / 6;
    x += vx * dtMs + a * x + j * (vx - rv * x);
    y += vy * dtMs + a * y + j * (vy - rv * y);
    z += vz * dtMs + a * z + j * (vz - rv * z);
  }
  out[offset] = cosG * x - sinG * z;
  out[offset + 1] = y;
  out[offset + 2] = sinG * x + cosG * z;
}
