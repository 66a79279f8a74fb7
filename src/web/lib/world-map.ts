import { geoGraticule, geoPath } from 'd3-geo';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
// Natural Earth 1:110m (about 100 kB) bundled with the app: the map draws offline,
// under the 'self'-only CSP, without the spec's external map image.
import countries110m from 'world-atlas/countries-110m.json';
import { mapProjection } from '@/lib/map-projection';

type WorldTopology = Topology<{ countries: GeometryCollection; land: GeometryCollection }>;

export interface WorldMapPaths {
  /** The whole plane (the ocean). */
  sphere: string;
  /** Meridians and parallels every 30°. */
  graticule: string;
  land: string;
  /** Borders between countries only (coastlines are the land's outline). */
  borders: string;
}

/** Graticule spacing: every 30° keeps the lines light at the map's size. */
const GRATICULE_STEP_DEGREES = 30;

let cached: WorldMapPaths | null = null;

/** SVG path data of the base map on the 1000x500 plane, built once on first use. */
export function worldMapPaths(): WorldMapPaths {
  if (cached) return cached;
  const world = countries110m as unknown as WorldTopology;
  // One decimal of a 1000-unit plane is finer than a screen pixel and halves the path text.
  const path = geoPath(mapProjection).digits(1);
  cached = {
    sphere: path({ type: 'Sphere' }) ?? '',
    graticule: path(geoGraticule().step([GRATICULE_STEP_DEGREES, GRATICULE_STEP_DEGREES])()) ?? '',
    land: path(feature(world, world.objects.land)) ?? '',
    borders: path(mesh(world, world.objects.countries, (a, b) => a !== b)) ?? '',
  };
  return cached;
}
