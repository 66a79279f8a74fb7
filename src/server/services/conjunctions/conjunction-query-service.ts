/**
 * The conjunction events as the Conjunction Alerts screen reads them (issue 11): the filtered,
 * sorted list and one event's detail (numbers, the Pc method and its violations in plain words,
 * the estimate history, the encounter plane to scale, both objects and their covariance source,
 * the CDMs that estimated it, and its log: what happened to it, avoidance plans included).
 * Issue 29: each event's alert status and assignee; the detail adds the statuses PATCH allows now,
 * the decision, the alert changes in the log, what the newest CDM says about its own quality
 * (cdm-quality.ts), and "first detected" as the first CDM's creation date when a CDM created it.
 */
import type {
  CdmLink,
  ConjunctionDetail,
  ConjunctionListItem,
  ConjunctionListQuery,
  ConjunctionListResponse,
  EncounterPlaneView,
  EventObject,
  EventObjectDetail,
  PcMethod,
  PcViolation,
} from '../../../contracts/conjunction-events.ts';
import type { RiskLevel } from '../../../contracts/conjunctions.ts';
import { allowedTransitions, isDecision } from '../../../core/alerts/index.ts';
import { encounterPlaneView } from '../../../core/cdm/index.ts';
import { elementSetCovariance6, MAXIMUM_PC_LABELS, PC_METHOD_LABELS, type PcAssessmentInput, type RtnSigmasM } from '../../../core/probability/index.ts';
import type { AlertChangeRepository } from '../../repositories/alert-change-repository.ts';
import type { CdmMessageRepository, CdmMessageRow } from '../../repositories/cdm-message-repository.ts';
import type { CatalogRepository } from '../../repositories/catalog-repository.ts';
import type { ConjunctionEventRepository, ConjunctionEventRow, ObjectIdentity } from '../../repositories/conjunction-event-repository.ts';
import type { ConjunctionPlanRepository } from '../../repositories/conjunction-plan-repository.ts';
import type { CatalogService } from '../catalog-service.ts';
import type { CdmEventDetails } from './cdm-import-service.ts';
import { alertStatusOf } from './alert-lifecycle-service.ts';
import { cdmQualityOf } from './cdm-quality.ts';
import { eventLog } from './event-log.ts';
import { isEventDetails, type EventDetails, type EventObjectDetails } from '../operations/views.ts';

const finiteOrNull = (x: number) => (Number.isFinite(x) ? x : null);
const iso = (d: Date) => d.toISOString();

function isCdmDetails(d: EventDetails): d is CdmEventDetails {
  return 'cdm' in d && typeof (d as CdmEventDetails).cdm === 'object' && (d as CdmEventDetails).cdm !== null;
}

export class ConjunctionQueryService {
  constructor(
    private readonly events: ConjunctionEventRepository,
    private readonly messages: CdmMessageRepository,
    private readonly catalogRepo: CatalogRepository,
    private readonly catalog: CatalogService,
    private readonly plans: Pick<ConjunctionPlanRepository, 'byEvent'>,
    /** The events' alert changes (issue 29), for the log; none without. */
    private readonly changes?: Pick<AlertChangeRepository, 'ofEvent'>,
    /** The clock (tests pin it): whether an event's TCA has passed, for the statuses PATCH allows. */
    private readonly now: () => Date = () => new Date(),
  ) {}

  async list(q: ConjunctionListQuery): Promise<ConjunctionListResponse> {
    const descending = q.sort.startsWith('-');
    const { total, rows } = await this.events.list({
      status: q.status,
      source: q.source,
      alertStatus: q.alertStatus?.split(','),
      assignee: q.assignee === undefined ? undefined : q.assignee === '-' ? null : q.assignee,
      risk: q.risk?.split(','),
      q: q.q && q.q.length > 0 ? q.q : undefined,
      tcaFrom: q.tcaFrom ? new Date(q.tcaFrom) : undefined,
      tcaTo: q.tcaTo ? new Date(q.tcaTo) : undefined,
      sort: { field: descending ? q.sort.slice(1) : q.sort, descending },
      limit: q.limit,
      offset: q.offset,
    });
    return { total, items: rows.map((r) => this.itemOf(r.event, r.primary, r.secondary)) };
  }

  private objectOf(norad: number, identity: ObjectIdentity | null, stored: EventObjectDetails | undefined): EventObject {
    const entry = this.catalog.entry(norad)?.object;
    return {
      noradId: norad,
      name: entry?.name ?? identity?.name ?? stored?.name ?? `NORAD ${norad}`,
      cosparId: entry?.cosparId ?? identity?.cosparId ?? stored?.cosparId ?? null,
      objectType: entry?.objectType ?? identity?.objectType ?? stored?.objectType ?? 'unknown',
      owner: entry?.owner ?? identity?.owner ?? stored?.owner ?? null,
    };
  }

  private itemOf(row: ConjunctionEventRow, primary: ObjectIdentity | null, secondary: ObjectIdentity | null): ConjunctionListItem {
    const details = isEventDetails(row.details) ? row.details : undefined;
    return {
      conjunctionId: row.conjunctionId,
      status: row.status === 'closed' ? 'closed' : 'open',
      alertStatus: alertStatusOf(row),
      assignee: row.assignee,
      source: row.source,
      tca: iso(row.tca),
      primaryObject: this.objectOf(row.primaryNorad, primary, details?.primary),
      secondaryObject: this.objectOf(row.secondaryNorad, secondary, details?.secondary),
      missDistance: row.missKm * 1000,
      radial: finiteOrNull(row.radialKm * 1000),
      inTrack: finiteOrNull(row.inTrackKm * 1000),
      crossTrack: finiteOrNull(row.crossTrackKm * 1000),
      relativeVelocity: finiteOrNull(row.relativeVelocityKmS),
      collisionProbability: details?.pcUndefined ? null : row.pc,
      pcMethod: row.pcMethod as PcMethod,
      riskLevel: row.riskLevel as RiskLevel,
      lastUpdated: iso(row.lastUpdated),
    };
  }

  /** A stored CDM as it was received, or undefined when none has that id. */
  async message(id: number): Promise<Pick<CdmMessageRow, 'messageId' | 'format' | 'raw'> | undefined> {
    const row = await this.messages.byId(id);
    return row && { messageId: row.messageId, format: row.format, raw: row.raw };
  }

  /** One event in full, or undefined when no event has that id. */
  async detail(conjunctionId: string): Promise<ConjunctionDetail | undefined> {
    const row = await this.events.byConjunctionId(conjunctionId);
    if (!row) return undefined;
    const details = isEventDetails(row.details) ? row.details : undefined;
    const [identity1, identity2, updates, messages, plans, changes] = await Promise.all([
      this.catalogRepo.findObject(row.primaryNorad),
      this.catalogRepo.findObject(row.secondaryNorad),
      this.events.updates(row.id),
      this.messages.ofEvent(row.id),
      this.plans.byEvent(row.id),
      this.changes?.ofEvent(row.id) ?? Promise.resolve([]),
    ]);
    // A CDM created the event when its first estimate (the lowest id) is a message's: it was first
    // detected when the first message was created, not when it was imported.
    const firstUpdate = updates.reduce<(typeof updates)[number] | undefined>((a, u) => (a === undefined || u.id < a.id ? u : a), undefined);
    const cdmFirst = firstUpdate !== undefined && firstUpdate.source !== 'screening' && messages.length > 0;
    const firstDetected = cdmFirst ? new Date(Math.min(...messages.map((m) => m.creationDate.getTime()))) : row.firstDetected;
    const newest = messages[0];
    const base = this.itemOf(row, identity1 ?? null, identity2 ?? null);
    const fromCdm = details !== undefined && isCdmDetails(details);
    const track = details && !fromCdm ? details.primaryTrack : undefined;
    const trajectoryOf = (primary: boolean): EventObjectDetail['trajectory'] =>
      fromCdm
        ? { source: 'cdm', ephemerisId: null, description: 'The state vector the CDM gives at TCA' }
        : primary && track
          ? { source: 'ephemeris', ephemerisId: track.ephemerisId, description: `Operator ephemeris #${track.ephemerisId}${track.fileName ? ` (${track.fileName})` : ''}, screened in place of the element set (within ${track.maxDeviationKm.toFixed(2)} km of it over the window)` }
          : { source: 'element_set', ephemerisId: null, description: 'Element set, propagated by SGP4' };
    const objectDetail = (o: EventObject, stored: EventObjectDetails | undefined, primary: boolean): EventObjectDetail => ({
      ...o,
      elementSetEpoch: stored && stored.epochMs > 0 ? new Date(stored.epochMs).toISOString() : null,
      covarianceSource: !details
        ? 'unknown'
        : fromCdm
          ? details.covariance
          : details.covariance === 'default'
            ? 'Default element-set model (Flohrer et al. 2008 by regime, type and age), as a 6×6 of equinoctial element errors'
            : details.covariance,
      sigmas: stored?.sigmasM ? { radial: stored.sigmasM.radialM, inTrack: stored.sigmasM.inTrackM, crossTrack: stored.sigmasM.crossTrackM } : null,
      trajectory: trajectoryOf(primary),
    });
    const sources = [...new Set([...updates.map((u) => u.source), row.source])];
    const cdms: CdmLink[] = messages.map((m) => ({
      id: m.id,
      messageId: m.messageId,
      originator: m.originator,
      creationDate: iso(m.creationDate),
      importedAt: iso(m.importedAt),
      format: m.format as CdmLink['format'],
      url: `/api/cdm/messages/${m.id}`,
    }));
    return {
      ...base,
      closeReason: row.closeReason,
      sources,
      primaryObject: objectDetail(base.primaryObject, details?.primary, true),
      secondaryObject: objectDetail(base.secondaryObject, details?.secondary, false),
      pcMethodLabel: PC_METHOD_LABELS[row.pcMethod as PcMethod] ?? row.pcMethod,
      pc2d: row.pc2d,
      nc2d: details?.nc2d ?? null,
      pc3d: row.pc3d,
      maxCollisionProbability: row.maxPc,
      maxCollisionProbabilityLabel: MAXIMUM_PC_LABELS[details?.maxPcKind ?? 'assumed-shape'],
      violations: (details?.violations ?? []) as PcViolation[],
      pcNote: details?.pcNote ?? null,
      hardBodyRadius: details?.hbrM ?? 0,
      hardBodyRadiusSource: !details ? 'unknown' : details.hbrSource === 'message' ? 'From the CDM (COMMENT HBR)' : details.hbrSource === 'default' ? 'Configured default (CDM_DEFAULT_HBR_M)' : 'Default radii of the two objects’ types',
      encounterPlane: details ? encounterOf(details) : null,
      history: updates.map((u) => ({
        at: iso(u.at),
        tca: iso(u.tca),
        missDistance: u.missKm * 1000,
        collisionProbability: u.pc,
        pcMethod: (u.pcMethod as PcMethod | null) ?? null,
        riskLevel: u.riskLevel as RiskLevel,
        source: u.source,
      })),
      log: eventLog(row, updates, plans, changes, firstDetected),
      cdms,
      generatedCdmUrl: row.cdmKvn ? `/api/conjunctions/cdm/${encodeURIComponent(row.conjunctionId)}` : null,
      firstDetected: iso(firstDetected),
      allowedStatuses: allowedTransitions(alertStatusOf(row), row.tca.getTime() < this.now().getTime()),
      decision: row.decision !== null && isDecision(row.decision) ? row.decision : null,
      cdmQuality: newest ? cdmQualityOf(newest, newest.object1Norad !== row.primaryNorad) : null,
    };
  }
}

/**
 * The Pc inputs of a stored estimate, in metres: the states at TCA with the message's covariances,
 * or the element-set model's 6×6 rebuilt from the stored sigmas; null where there are none.
 * Throws RangeError where the stored states cannot carry a covariance (r ∥ v).
 */
export function assessmentInputOf(d: EventDetails): PcAssessmentInput | null {
  const m = (v: readonly number[]) => [v[0]! * 1000, v[1]! * 1000, v[2]! * 1000] as [number, number, number];
  const [r1, v1, r2, v2] = [m(d.primary.r), m(d.primary.v), m(d.secondary.r), m(d.secondary.v)];
  if (isCdmDetails(d)) {
    if (!d.cdm.primaryCovariance || !d.cdm.secondaryCovariance) return null;
    return { r1M: r1, v1MPerS: v1, cov1: d.cdm.primaryCovariance, r2M: r2, v2MPerS: v2, cov2: d.cdm.secondaryCovariance, hbrM: d.hbrM };
  }
  const s1: RtnSigmasM | null = d.primary.sigmasM;
  const s2: RtnSigmasM | null = d.secondary.sigmasM;
  if (!s1 || !s2) return null;
  return { r1M: r1, v1MPerS: v1, cov1: elementSetCovariance6(s1, r1, v1), r2M: r2, v2MPerS: v2, cov2: elementSetCovariance6(s2, r2, v2), hbrM: d.hbrM };
}

/** The encounter plane of a stored estimate (assessmentInputOf). */
function encounterOf(d: EventDetails): EncounterPlaneView | null {
  try {
    const input = assessmentInputOf(d);
    if (!input) return null;
    return encounterPlaneView(input.r1M, input.v1MPerS, input.cov1, input.r2M, input.v2MPerS, input.cov2, input.hbrM);
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}
