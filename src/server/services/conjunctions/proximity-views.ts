import type { Proximity } from '../../../contracts/conjunction-events.ts';
import type { ProximityRow } from '../../repositories/proximity-repository.ts';
import type { CatalogEntry } from '../catalog-service.ts';

/** A stored proximity as the API shows it. */
export function proximityOf(row: ProximityRow, lookup: (norad: number) => CatalogEntry | undefined): Proximity {
  const object = (norad: number) => {
    const o = lookup(norad)?.object;
    return { noradId: norad, name: o?.name ?? `NORAD ${norad}`, cosparId: o?.cosparId ?? null, objectType: o?.objectType ?? 'unknown', owner: o?.owner ?? null };
  };
  return {
    id: row.id,
    primaryObject: object(row.primaryNorad),
    secondaryObject: object(row.secondaryNorad),
    kind: row.kind as Proximity['kind'],
    start: row.startAt.toISOString(),
    end: row.endAt.toISOString(),
    minDistance: row.minKm * 1000,
    maxDistance: row.maxKm * 1000,
    meanDistance: row.meanKm * 1000,
    relativeSpeed: row.relativeSpeedMS,
    status: row.status === 'closed' ? 'closed' : 'open',
    firstDetected: row.firstDetected.toISOString(),
    lastUpdated: row.lastUpdated.toISOString(),
  };
}
