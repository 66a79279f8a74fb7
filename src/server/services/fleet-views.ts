import type { GroundTrack, IsraeliSatellite } from '../../contracts/satellites.ts';
import { orbitSummary } from '../../core/orbit/mean-elements.ts';
import { subPointAt } from '../../core/propagation/subpoint.ts';
import { utcMs } from '../../core/units.ts';
import type { CatalogEntry } from './catalog-service.ts';

/** Where each element-set source is named for people (DECISIONS.md §2: the demo says it is one). */
export function sourceLabel(source: string): string {
  switch (source) {
    case 'demo':
      return 'Demo catalogue (generated, not real data)';
    case 'celestrak':
      return 'CelesTrak GP';
    case 'spacetrack':
      return 'Space-Track GP';
    default:
      return 'Imported element set';
  }
}

const FLEET_CATEGORIES = new Set(['military', 'commercial', 'scientific']);

/** The spec's Satellite entity for one fleet object, its position from SGP4 at `now`. */
export function toIsraeliSatellite(entry: CatalogEntry, now: Date): IsraeliSatellite {
  const { object, set } = entry;
  const orbit = orbitSummary(set);
  const timestamp = now.toISOString();
  const result = entry.model ? subPointAt(entry.model, utcMs(now.getTime())) : { ok: false as const, code: 0, message: 'element set is not SGP4 (ephemeris type 4)' };
  const currentPosition = result.ok
    ? {
        latitude: result.point.latitude.toFixed(4),
        longitude: result.point.longitude.toFixed(4),
        altitude: result.point.altitude.toFixed(2),
        velocity: Number(result.point.speed.toFixed(4)),
        timestamp,
      }
    : { latitude: '', longitude: '', altitude: '', velocity: null, timestamp, error: `SGP4 error ${result.code}: ${result.message}` };
  return {
    id: object.noradId,
    name: object.name,
    category: object.category && FLEET_CATEGORIES.has(object.category) ? object.category : 'other',
    cosparId: object.cosparId,
    noradId: String(object.noradId),
    description: object.description ?? '',
    currentPosition,
    period: Number(orbit.period.toFixed(2)),
    inclination: Number(orbit.inclination.toFixed(4)),
    altitude: Number(((orbit.apogeeAltitude + orbit.perigeeAltitude) / 2).toFixed(1)),
    rcs: object.rcsM2,
    mass: object.massKg,
    lastUpdate: new Date(set.epoch).toISOString(),
    elementSource: sourceLabel(entry.setSource),
  };
}

export const TRACK_STEP_MINUTES = 5;
export const TRACK_HORIZON_MINUTES = 120;

/** Predicted ground track: `now` and every 5 minutes for 2 hours (spec §9); points SGP4 refuses are left out. */
export function groundTrack(entry: CatalogEntry, now: Date): GroundTrack {
  const points: GroundTrack['points'] = [];
  for (let m = 0; m <= TRACK_HORIZON_MINUTES; m += TRACK_STEP_MINUTES) {
    const t = now.getTime() + m * 60_000;
    const r = entry.model ? subPointAt(entry.model, utcMs(t)) : undefined;
    if (r?.ok) {
      points.push({
        time: new Date(t).toISOString(),
        latitude: Number(r.point.latitude.toFixed(4)),
        longitude: Number(r.point.longitude.toFixed(4)),
        altitude: Number(r.point.altitude.toFixed(2)),
      });
    }
  }
  const category = entry.object.category && FLEET_CATEGORIES.has(entry.object.category) ? entry.object.category : 'other';
  return { id: entry.object.noradId, name: entry.object.name, category, period: Number(orbitSummary(entry.set).period.toFixed(2)), points };
}
