/**
 * The object page's data (issue 14): catalogue search, one object's identity and state now,
 * and its element-set history with the manoeuvres detected in it. From the catalogue cache
 * (CatalogService), the stored history (CatalogRepository, ManeuverRepository) and the latest
 * threat assessment (OperationsService).
 */
import type { ObjectDetail, ObjectHistoryResponse, ObjectSearchResponse, ObjectSummary } from '../../contracts/object-exports.ts';
import type { ThreatAssessment } from '../../contracts/operations.ts';
import { orbitSummary } from '../../core/orbit/index.ts';
import { propagateAt, subPointAt } from '../../core/propagation/index.ts';
import { utcMs } from '../../core/units.ts';
import type { CatalogEntry, CatalogRepository } from '../repositories/catalog-repository.ts';
import type { ManeuverRepository } from '../repositories/maneuver-repository.ts';
import type { CatalogEntry as CachedEntry, CatalogService } from './catalog-service.ts';
import { maneuverOf } from './operations/views.ts';
import { sourceLabel } from './fleet-views.ts';

const summaryOf = (e: CatalogEntry): ObjectSummary => ({
  noradId: e.object.noradId,
  name: e.object.name,
  cosparId: e.object.cosparId,
  objectType: e.object.objectType,
  owner: e.object.owner,
});

/**
 * Catalogue search by name (any part, any case), NORAD number (exact first, then numbers that
 * start with the digits) or COSPAR id (any leading part, e.g. "1998-067"). Ranked: exact NORAD
 * or COSPAR id, then names starting with the text, then the rest; within a rank by name.
 */
export function searchCatalog(entries: Iterable<CatalogEntry>, q: string, limit: number): ObjectSearchResponse {
  const text = q.trim().toUpperCase();
  if (text === '') return { total: 0, items: [] };
  const digits = /^\d+$/.test(text) ? text : undefined;
  const ranked: { rank: number; entry: CatalogEntry }[] = [];
  for (const entry of entries) {
    const name = entry.object.name.toUpperCase();
    const cospar = entry.object.cosparId?.toUpperCase() ?? '';
    const norad = String(entry.object.noradId);
    let rank = -1;
    if (digits !== undefined && norad === String(Number(digits))) rank = 0;
    else if (cospar !== '' && cospar === text) rank = 0;
    else if (name === text) rank = 1;
    else if (name.startsWith(text)) rank = 2;
    else if (digits !== undefined && norad.startsWith(digits)) rank = 3;
    else if (cospar !== '' && cospar.startsWith(text)) rank = 3;
    else if (name.includes(text)) rank = 4;
    if (rank >= 0) ranked.push({ rank, entry });
  }
  ranked.sort((a, b) => a.rank - b.rank || a.entry.object.name.localeCompare(b.entry.object.name) || a.entry.object.noradId - b.entry.object.noradId);
  return { total: ranked.length, items: ranked.slice(0, limit).map((r) => summaryOf(r.entry)) };
}

/** One object's identity, element set, mean orbit and SGP4 state at `now`. */
export function objectDetail(entry: CachedEntry, options: { fleet: boolean; threat: ThreatAssessment | undefined; now: Date }): ObjectDetail {
  const { object, set } = entry;
  const orbit = orbitSummary(set);
  const t = utcMs(options.now.getTime());
  let now: ObjectDetail['now'] = null;
  let nowError: string | null = null;
  if (!entry.model) {
    nowError = 'the element set is SGP4-XP (ephemeris type 4), which plain SGP4 must not propagate';
  } else {
    const state = propagateAt(entry.model, t);
    const point = subPointAt(entry.model, t);
    if (!state.ok) nowError = `SGP4 error ${state.code}: ${state.message}`;
    else if (point.ok)
      now = {
        time: options.now.toISOString(),
        latitudeDeg: point.point.latitude,
        longitudeDeg: point.point.longitude,
        altitudeKm: point.point.altitude,
        speedKmS: point.point.speed,
        positionTemeKm: [state.r[0], state.r[1], state.r[2]],
        velocityTemeKmS: [state.v[0], state.v[1], state.v[2]],
      };
  }
  return {
    ...summaryOf(entry),
    rcsSize: object.rcsSize,
    massKg: object.massKg,
    launchDate: object.launchDate,
    decayDate: object.decayDate,
    category: object.category,
    mission: object.mission,
    description: object.description,
    fleet: options.fleet,
    threat: options.threat ?? null,
    elementSet: {
      epoch: new Date(set.epoch).toISOString(),
      source: sourceLabel(entry.setSource),
      ageDays: (t - set.epoch) / 86_400_000,
      classification: set.classification,
      elementSetNo: set.elementSetNo,
      revAtEpoch: set.revAtEpoch,
    },
    orbit: {
      semiMajorAxisKm: orbit.semiMajorAxis,
      perigeeKm: orbit.perigeeAltitude,
      apogeeKm: orbit.apogeeAltitude,
      periodMin: orbit.period,
      eccentricity: set.eccentricity,
      inclinationDeg: set.inclination,
      raanDeg: set.raan,
      argPerigeeDeg: set.argPerigee,
      meanAnomalyDeg: set.meanAnomaly,
      meanMotionRevPerDay: set.meanMotion,
      bstar: set.bstar,
    },
    now,
    nowError,
  };
}

export class ObjectViews {
  constructor(
    private readonly catalog: CatalogService,
    private readonly repos: { catalog: CatalogRepository; maneuvers: ManeuverRepository },
    private readonly threats: () => readonly ThreatAssessment[],
  ) {}

  search(q: string, limit: number): ObjectSearchResponse {
    return searchCatalog(this.catalog.all(), q, limit);
  }

  detail(norad: number, now: Date): ObjectDetail | undefined {
    const entry = this.catalog.entry(norad);
    if (!entry) return undefined;
    const fleet = this.catalog.fleet().some((e) => e.object.noradId === norad);
    return objectDetail(entry, { fleet, threat: this.threats().find((a) => a.satelliteId === norad), now });
  }

  /** Every stored element set's mean orbit, oldest first, and the manoeuvres detected in the history. */
  async history(norad: number): Promise<ObjectHistoryResponse | undefined> {
    const entry = this.catalog.entry(norad);
    if (!entry) return undefined;
    const [sets, maneuvers] = await Promise.all([this.repos.catalog.elementSetsWithSources(norad), this.repos.maneuvers.ofObject(norad)]);
    return {
      items: sets.map(({ set, source }) => {
        const orbit = orbitSummary(set);
        return {
          epoch: new Date(set.epoch).toISOString(),
          source: sourceLabel(source),
          perigeeKm: orbit.perigeeAltitude,
          apogeeKm: orbit.apogeeAltitude,
          inclinationDeg: set.inclination,
          meanMotionRevPerDay: set.meanMotion,
          bstar: set.bstar,
        };
      }),
      maneuvers: maneuvers.map((m) => maneuverOf(m, entry.object.name)),
    };
  }
}
