import { geoEquirectangular, type GeoProjection } from 'd3-geo';

/*
 * Spec §2: the tracking map plots coordinates on a 1000x500 plane. An
 * equirectangular projection with scale 1000/(2π) centred on [500, 250] maps
 * longitude -180..180 to x 0..1000 and latitude 90..-90 to y 0..500, so one
 * degree is 1000/360 units either way.
 */
export const MAP_WIDTH = 1000;
export const MAP_HEIGHT = 500;

export function createMapProjection(): GeoProjection {
  return geoEquirectangular()
    .scale(MAP_WIDTH / (2 * Math.PI))
    .translate([MAP_WIDTH / 2, MAP_HEIGHT / 2]);
}

/** Shared by the base map and the markers so both use exactly the same maths. Never mutated. */
export const mapProjection = createMapProjection();

export interface MapPoint {
  x: number;
  y: number;
}

/** Degrees (latitude north, longitude east) to plane coordinates, e.g. (32, 35) → (597.22, 161.11). */
export function projectToMap(latitude: number, longitude: number): MapPoint {
  const point = mapProjection([longitude, latitude]);
  // Equirectangular is defined everywhere, so d3 only returns null for NaN input.
  if (!point) throw new RangeError(`cannot project latitude ${latitude}, longitude ${longitude}`);
  return { x: point[0], y: point[1] };
}
