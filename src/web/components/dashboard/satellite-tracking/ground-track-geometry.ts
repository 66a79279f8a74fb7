import { projectToMap, type MapPoint } from '@/lib/map-projection';

/*
 * Geometry of the predicted ground tracks on the 1000x500 map plane (spec §2
 * Orbits tab): the tracks are split where they cross the antimeridian, so no
 * line runs across the whole map, and their length is measured on the sphere.
 */

const RAD = Math.PI / 180;

export interface LatLon {
  latitude: number;
  longitude: number;
}

type Vector = readonly [number, number, number];

function toVector({ latitude, longitude }: LatLon): Vector {
  const phi = latitude * RAD;
  const lambda = longitude * RAD;
  return [Math.cos(phi) * Math.cos(lambda), Math.cos(phi) * Math.sin(lambda), Math.sin(phi)];
}

function toLatLon([x, y, z]: Vector): LatLon {
  return { latitude: Math.atan2(z, Math.hypot(x, y)) / RAD, longitude: Math.atan2(y, x) / RAD };
}

/** Sub-steps drawn per 5-minute step: one every minute. */
export const DRAW_SUBSTEPS = 5;

/**
 * The points to draw a track through: the predicted points, and between each
 * pair DRAW_SUBSTEPS - 1 more on the great circle joining them. A 5-minute
 * step is about 20° of arc; drawn as a straight line in latitude and
 * longitude it would cut corners, worst near the poles, where the step spans
 * many degrees of longitude. The great circle between two sub-points is the
 * ground track to within the Earth's rotation over the step (1.25°), drawn
 * smooth. The predicted points themselves are kept exactly.
 */
export function densifyTrack(points: readonly LatLon[], substeps = DRAW_SUBSTEPS): LatLon[] {
  const dense: LatLon[] = [];
  points.forEach((point, index) => {
    const previous = points[index - 1];
    if (previous) {
      const a = toVector(previous);
      const b = toVector(point);
      const omega = Math.acos(Math.min(1, Math.max(-1, a[0] * b[0] + a[1] * b[1] + a[2] * b[2])));
      // Coincident (a standing geostationary satellite) or opposite points have no one great circle: no sub-points.
      if (omega > 1e-9 && Math.sin(omega) > 1e-9) {
        for (let step = 1; step < substeps; step += 1) {
          const t = step / substeps;
          const wa = Math.sin((1 - t) * omega) / Math.sin(omega);
          const wb = Math.sin(t * omega) / Math.sin(omega);
          dense.push(toLatLon([wa * a[0] + wb * b[0], wa * a[1] + wb * b[1], wa * a[2] + wb * b[2]]));
        }
      }
    }
    dense.push(point);
  });
  return dense;
}

/**
 * Consecutive points whose longitudes differ by more than 180° crossed the
 * antimeridian (5-minute steps move a satellite far less than 180° of
 * longitude, except right over a pole, where the step is short anyway). The
 * track is cut there: the first part ends on the map's edge and the next
 * starts on the opposite edge, both at the latitude interpolated linearly in
 * longitude where the step meets ±180°.
 */
export function splitAtAntimeridian(points: readonly LatLon[]): LatLon[][] {
  const segments: LatLon[][] = [];
  let current: LatLon[] = [];
  points.forEach((point, index) => {
    const previous = points[index - 1];
    if (previous && Math.abs(point.longitude - previous.longitude) > 180) {
      // Unwrap the step: going east across 180° the longitude continues past +180, going west past -180.
      const eastward = point.longitude < previous.longitude;
      const edge = eastward ? 180 : -180;
      const unwrapped = point.longitude + (eastward ? 360 : -360);
      const fraction = (edge - previous.longitude) / (unwrapped - previous.longitude);
      const latitude = previous.latitude + fraction * (point.latitude - previous.latitude);
      current.push({ latitude, longitude: edge });
      segments.push(current);
      current = [{ latitude, longitude: -edge }];
    }
    current.push(point);
  });
  if (current.length > 0) segments.push(current);
  return segments;
}

/** Central angle between two points on the sphere, degrees (haversine, stable for short steps). */
export function greatCircleDegrees(a: LatLon, b: LatLon): number {
  const dLat = (b.latitude - a.latitude) * RAD;
  const dLon = (b.longitude - a.longitude) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * RAD) * Math.cos(b.latitude * RAD) * Math.sin(dLon / 2) ** 2;
  return (2 * Math.asin(Math.min(1, Math.sqrt(h)))) / RAD;
}

/**
 * Distance the sub-satellite point travels over the track, degrees of arc:
 * the sum of the step angles (a LEO satellite covers well over 360° in 2 h,
 * a geostationary one almost 0°).
 */
export function trackDistanceDegrees(points: readonly LatLon[]): number {
  let total = 0;
  for (let index = 1; index < points.length; index += 1) total += greatCircleDegrees(points[index - 1] as LatLon, points[index] as LatLon);
  return total;
}

/** '480.0°'. */
export function formatDegrees(degrees: number): string {
  return `${degrees.toFixed(1)}°`;
}

/** Opacity of the future point `index` of `count`: 1 now, fading linearly to 0.15 at the end of the horizon. */
export function futurePointOpacity(index: number, count: number): number {
  if (count <= 1) return 1;
  return 1 - 0.85 * (index / (count - 1));
}

export interface DirectionArrow extends MapPoint {
  /** Degrees clockwise from the +x axis (SVG rotation). */
  angle: number;
}

/** Steps between arrows: one every 15 minutes with 5-minute steps. */
export const ARROW_EVERY_STEPS = 3;
/** Steps shorter than this on the plane (a geostationary satellite's) have no visible direction. */
const MIN_ARROW_STEP = 2;

/** Direction arrows at the middle of every third step, pointing the way the satellite moves; none on steps that cross the antimeridian. */
export function directionArrows(points: readonly LatLon[]): DirectionArrow[] {
  const arrows: DirectionArrow[] = [];
  for (let index = 1; index < points.length; index += ARROW_EVERY_STEPS) {
    const from = points[index - 1] as LatLon;
    const to = points[index] as LatLon;
    if (Math.abs(to.longitude - from.longitude) > 180) continue;
    const a = projectToMap(from.latitude, from.longitude);
    const b = projectToMap(to.latitude, to.longitude);
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    if (Math.hypot(dx, dy) < MIN_ARROW_STEP) continue;
    arrows.push({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2, angle: Math.atan2(dy, dx) / RAD });
  }
  return arrows;
}

/** SVG polyline points of one segment: 'x,y x,y …' with two decimals. */
export function segmentPath(segment: readonly LatLon[]): string {
  return segment
    .map((point) => {
      // ±180 stay on their own edge: the projection has no rotation, so it does not wrap them.
      const { x, y } = projectToMap(point.latitude, point.longitude);
      return `${x.toFixed(2)},${y.toFixed(2)}`;
    })
    .join(' ');
}
