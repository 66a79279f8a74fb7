import type { ConjunctionAnalysis } from '../../../contracts/operations.ts';
import { DEFAULT_ANALYSIS_ID } from '../../../contracts/operations.ts';
import { readCdmKvn, writeCdmXml } from '../../../core/cdm/index.ts';
import type { ConjunctionEventRepository, ConjunctionEventRow } from '../../repositories/conjunction-event-repository.ts';
import type { CatalogService } from '../catalog-service.ts';
import { altitudeKm, conjunctionOf, isEventDetails, projectionPoints, type EventDetails } from './views.ts';

const HOUR_MS = 3_600_000;

/**
 * The Conjunction Analysis query (POST /api/conjunction/analyze) and the CDM of a stored event
 * (GET /api/conjunctions/cdm/:id): one stored event read on request, its objects from the
 * catalogue. The card's default id falls back on the open events the read model holds.
 */
export class ConjunctionAnalysisQuery {
  constructor(
    private readonly conjunctions: ConjunctionEventRepository,
    private readonly catalog: CatalogService,
    /** The open conjunction events as the read model holds them (OperationsReadModel.openEvents). */
    private readonly openEvents: () => readonly ConjunctionEventRow[],
  ) {}

  /**
   * The Conjunction Analysis card of a stored event. The card's default id (CNJ-2024-001), when no
   * event has it, resolves to the open event of highest Pc, else the most recently changed one.
   */
  async analyze(conjunctionId: string): Promise<ConjunctionAnalysis | undefined> {
    let row = await this.conjunctions.byConjunctionId(conjunctionId);
    if (!row && conjunctionId === DEFAULT_ANALYSIS_ID) {
      row = [...this.openEvents()].sort((a, b) => b.pc - a.pc || b.maxPc - a.maxPc || a.tca.getTime() - b.tca.getTime())[0] ?? (await this.conjunctions.mostRecent());
    }
    if (!row) return undefined;
    const updates = await this.conjunctions.updates(row.id);
    const tcaMs = row.tca.getTime();
    const details = isEventDetails(row.details) ? row.details : undefined;
    const history = updates.map((u) => ({
      hoursToTca: (u.at.getTime() - tcaMs) / HOUR_MS,
      probability: u.pc,
      missDistance: u.missKm * 1000,
      sigma: u.sigmaM,
      kind: 'history' as const,
    }));
    // The projection re-runs the element-set covariance model: meaningless for an estimate from a CDM's covariance.
    const projection = details && row.source === 'screening' ? projectionPoints(details, row.missKm) : [];
    const panel = (norad: number, stored: EventDetails['primary'] | undefined) => {
      const o = this.catalog.entry(norad)?.object;
      return {
        noradId: norad,
        name: o?.name ?? stored?.name ?? `NORAD ${norad}`,
        cosparId: o?.cosparId ?? stored?.cosparId ?? null,
        mass: o?.massKg ?? null,
        rcs: o?.rcsM2 !== null && o?.rcsM2 !== undefined ? String(o.rcsM2) : (o?.rcsSize ?? null),
        altitude: stored ? altitudeKm(stored.r) : null,
        objectType: o?.objectType ?? stored?.objectType ?? 'unknown',
      };
    };
    return {
      requestedId: conjunctionId,
      conjunctionId: row.conjunctionId,
      conjunction: conjunctionOf(row, (norad) => this.catalog.entry(norad)),
      primaryObject: panel(row.primaryNorad, details?.primary),
      secondaryObject: panel(row.secondaryNorad, details?.secondary),
      points: [...history, ...projection].sort((a, b) => a.hoursToTca - b.hoursToTca || (a.kind === b.kind ? 0 : a.kind === 'history' ? -1 : 1)),
    };
  }

  /** The CCSDS CDM of a stored event that crossed the alert threshold (KVN as stored, or XML), else undefined. */
  async cdm(conjunctionId: string, format: 'kvn' | 'xml'): Promise<string | undefined> {
    if (!/^CNJ-\d{4}-\d+$/.test(conjunctionId)) return undefined;
    const row = await this.conjunctions.byConjunctionId(conjunctionId);
    if (!row?.cdmKvn) return undefined;
    return format === 'xml' ? writeCdmXml(readCdmKvn(row.cdmKvn)) : row.cdmKvn;
  }
}
