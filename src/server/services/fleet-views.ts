import type { GroundTrack, IsraeliSatellite } from '../../contracts/satellites.ts';
import { orbitSummary } from '../../core/orbit/index.ts';
import { subPointAt } from '../../core/propagation/index.ts';
import { utcMs } from '../../core/units.ts';
import { ClockedSnapshot } from '../http/clocked-snapshot.ts';
import type { Snapshot } from '../http/snapshot.ts';
import type { CatalogEntry, CatalogService } from './catalog-service.ts';

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

/** The fields of a fleet satellite that do not move: everything but `currentPosition`. */
type FleetMember = Omit<IsraeliSatellite, 'currentPosition'>;

/** The spec's Satellite entity of one fleet object, without its position. */
function fleetMember(entry: CatalogEntry): FleetMember {
  const { object, set } = entry;
  const orbit = orbitSummary(set);
  return {
    id: object.noradId,
    name: object.name,
    category: object.category && FLEET_CATEGORIES.has(object.category) ? object.category : 'other',
    cosparId: object.cosparId,
    noradId: String(object.noradId),
    description: object.description ?? '',
    period: Number(orbit.period.toFixed(2)),
    inclination: Number(orbit.inclination.toFixed(4)),
    altitude: Number(((orbit.apogeeAltitude + orbit.perigeeAltitude) / 2).toFixed(1)),
    rcs: object.rcsM2,
    mass: object.massKg,
    lastUpdate: new Date(set.epoch).toISOString(),
    elementSource: sourceLabel(entry.setSource),
  };
}

function currentPosition(entry: CatalogEntry, now: Date): IsraeliSatellite['currentPosition'] {
  const timestamp = now.toISOString();
  const result = entry.model ? subPointAt(entry.model, utcMs(now.getTime())) : { ok: false as const, code: 0, message: 'element set is not SGP4 (ephemeris type 4)' };
  return result.ok
    ? {
        latitude: result.point.latitude.toFixed(4),
        longitude: result.point.longitude.toFixed(4),
        altitude: result.point.altitude.toFixed(2),
        velocity: Number(result.point.speed.toFixed(4)),
        timestamp,
      }
    : { latitude: '', longitude: '', altitude: '', velocity: null, timestamp, error: `SGP4 error ${result.code}: ${result.message}` };
}

/** A member with its position, the fields in the contract's order (the JSON is sent as built). */
function withPosition(member: FleetMember, position: IsraeliSatellite['currentPosition']): IsraeliSatellite {
  const { id, name, category, cosparId, noradId, description, ...orbit } = member;
  return { id, name, category, cosparId, noradId, description, currentPosition: position, ...orbit };
}

/**
 * How often the fleet's positions are computed while GET /api/israeli-satellites is polled: each
 * second's positions are built just before the second starts and served through it, so a position
 * is never more than a second old (as "positions at request time" was, within a request's time),
 * and a request only copies bytes. The pages poll every 30 s; a rebuild is a handful of SGP4 calls.
 */
export const POSITIONS_PERIOD_MS = 1_000;
const POSITIONS_LEAD_MS = 200;

/** The fleet as of a catalogue change: its entries and, in the same order, their fields that do not move. */
interface Fleet {
  change: number;
  entries: CatalogEntry[];
  members: FleetMember[];
}

/**
 * The fleet views the pages poll (GET /api/israeli-satellites): a snapshot refreshed on its own
 * clock (http/clocked-snapshot.ts) while it is asked for. The fleet and the fields of its members
 * that do not move are derived once per catalogue change (an import or a new fleet); a change
 * shows in the next answer.
 */
export class FleetViews {
  private cached: Fleet | undefined;
  private readonly positionsSnapshot: ClockedSnapshot<Fleet, IsraeliSatellite[]>;

  constructor(
    private readonly catalog: CatalogService,
    options: { now?: () => number; onError?: (error: unknown) => void } = {},
  ) {
    this.positionsSnapshot = new ClockedSnapshot({
      periodMs: POSITIONS_PERIOD_MS,
      leadMs: POSITIONS_LEAD_MS,
      inputs: async () => {
        const fleet = this.fleet();
        return { version: String(fleet.change), value: fleet };
      },
      build: (startMs, { entries, members }) => {
        const at = new Date(startMs);
        return members.map((member, i) => withPosition(member, currentPosition(entries[i]!, at)));
      },
      ...(options.now && { now: options.now }),
      ...(options.onError && { onError: options.onError }),
    });
  }

  /** The fleet with positions at the start of the current second, serialised once. */
  positions(): Promise<Snapshot<IsraeliSatellite[]>> {
    return this.positionsSnapshot.get();
  }

  /** Stops the refresh timer (server shutdown). */
  stop(): void {
    this.positionsSnapshot.stop();
  }

  private fleet(): Fleet {
    const change = this.catalog.changeCount;
    if (this.cached?.change !== change) {
      const entries = this.catalog.fleet();
      this.cached = { change, entries, members: entries.map(fleetMember) };
    }
    return this.cached;
  }
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
