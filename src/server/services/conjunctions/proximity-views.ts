import type { Proximity } from '../../../contracts/conjunction-events.ts';
import type { ProximityRepository, ProximityRow } from '../../repositories/proximity-repository.ts';
import type { CatalogEntry, CatalogService } from '../catalog-service.ts';

/** Most proximities GET /api/proximities lists (open ones first, then the most recently seen). */
const PROXIMITIES_SHOWN = 1000;

/** A stored proximity as the API shows it. */
function proximityOf(row: ProximityRow, lookup: (norad: number) => CatalogEntry | undefined): Proximity {
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

/** The stored proximities as GET /api/proximities shows them, named from the catalogue. */
export class ProximityQueryService {
  constructor(
    private readonly proximities: ProximityRepository,
    private readonly catalog: CatalogService,
  ) {}

  async list(): Promise<Proximity[]> {
    const rows = await this.proximities.list(PROXIMITIES_SHOWN);
    return rows.map((row) => proximityOf(row, (norad) => this.catalog.entry(norad)));
  }
}
