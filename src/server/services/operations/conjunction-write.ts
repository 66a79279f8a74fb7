import { conjunctionIdFor, isAlert, reconcile, type AlertLevel, type ApproachRecord, type EventEstimate, type StoredEvent } from '../../../core/operations/index.ts';
import { closeReasonText, riskRaised, systemReopens, type RiskLevel } from '../../../core/alerts/index.ts';
import type { NewAlertChange } from '../../repositories/alert-change-repository.ts';
import type { ConjunctionEventRow, ConjunctionRunWrite, EventUpdateValues, NewConjunctionEvent } from '../../repositories/conjunction-event-repository.ts';
import type { ScreeningConjunction } from '../../screening/run-screening.ts';
import type { CatalogEntry } from '../catalog-service.ts';
import { alertUpdatedText, cdmGeneratedText, type ConjunctionText } from './descriptions.ts';
import { detailsOf, isEventDetails, type EventDetails } from './views.ts';

/**
 * The conjunction stage of a run: the screening's approaches matched to the stored open events
 * (core `reconcile`), and everything that follows written as one `ConjunctionRunWrite` (new
 * events with CNJ ids, updated estimates and their history, closes, alert and CDM events).
 *
 * The alert lifecycle (issue 29): each change the run makes to an alert is written with it as a
 * `conjunction_alert_changes` row (the notifications' outbox): 'detected' for a new event,
 * 'risk_raised' when an open event's risk level goes up, 'closed' with the reason when the run
 * closes one, and 'reopened' when a closed event the run finds again opens once more (core
 * alerts `systemReopens`: one an operator closed only when its risk is raised). The closed events
 * whose TCA is still ahead are matched too (`ctx.closedEvents`), so an approach an operator closed
 * is recognised instead of being stored a second time.
 */

/** An estimate of the run, with what is needed to store it. */
export interface Estimate extends EventEstimate {
  conjunction: ScreeningConjunction;
  details: EventDetails;
}

type Lookup = (norad: number) => CatalogEntry | undefined;

export interface ConjunctionWriteContext {
  runId: number;
  now: Date;
  alertLevel: AlertLevel;
  /** The highest CNJ sequence stored for a TCA year (0: none). */
  maxSequence: (year: number) => Promise<number>;
  /** The CCSDS CDM (KVN) of an approach under its conjunction id. */
  cdmKvn: (c: ScreeningConjunction, conjunctionId: string, now: Date) => string;
  /** Closed events whose TCA is not yet passed (ConjunctionEventRepository.closedSince): matched, and reopened where the rules say. */
  closedEvents?: readonly ConjunctionEventRow[];
}

export interface ConjunctionWriteCounts {
  created: number;
  /** Events whose estimate changed (a new history point). */
  updated: number;
  closed: number;
}

interface OpenEvent extends StoredEvent {
  row: ConjunctionEventRow;
}

export function estimateOf(c: ScreeningConjunction, lookup: Lookup): Estimate {
  const a = c.approach;
  return {
    primary: a.primary,
    secondary: a.secondary,
    tcaMs: a.tca,
    missKm: a.missDistanceKm,
    pc: c.risk.pc ?? 0,
    maxPc: c.risk.maxPc,
    riskLevel: c.risk.riskLevel,
    conjunction: c,
    details: detailsOf(c, lookup(a.primary), lookup(a.secondary)),
  };
}

/** An approach as the risk lists (adversary, debris) and the threat assessment read it. */
export function approachRecord(c: ScreeningConjunction, lookup: Lookup): ApproachRecord {
  const a = c.approach;
  const primary = lookup(a.primary)?.object;
  const secondary = lookup(a.secondary)?.object;
  return {
    primaryName: primary?.name ?? c.primaryName,
    primaryNorad: a.primary,
    primaryCategory: primary?.category ?? null,
    secondaryNorad: a.secondary,
    secondaryName: secondary?.name ?? c.secondaryName,
    secondaryObjectType: secondary?.objectType ?? 'unknown',
    secondaryOwner: secondary?.owner ?? null,
    secondaryRcsSize: secondary?.rcsSize ?? null,
    tcaMs: a.tca,
    missKm: a.missDistanceKm,
    relativeVelocityKmS: a.relativeSpeedKmS,
  };
}

/**
 * Whether a new estimate differs from the stored one enough to be a new point of the event's
 * history: TCA by 10 ms, miss distance by 1 m, Pc or maximum Pc by 1 % (and by more than 1e-12).
 * Screening the same element sets again from another window start moves the refined TCA by
 * microseconds and Pc in its sixth digit: that is not a change.
 */
export function estimateChanged(next: { tcaMs: number; missKm: number; pc: number; maxPc: number }, stored: { tcaMs: number; missKm: number; pc: number; maxPc: number }): boolean {
  const differs = (a: number, b: number) => Math.abs(a - b) > Math.max(1e-12, 0.01 * Math.max(Math.abs(a), Math.abs(b)));
  return Math.abs(next.tcaMs - stored.tcaMs) >= 10 || Math.abs(next.missKm - stored.missKm) >= 1e-3 || differs(next.pc, stored.pc) || differs(next.maxPc, stored.maxPc);
}

function textOf(conjunctionId: string, e: Estimate): ConjunctionText {
  return {
    conjunctionId,
    primaryName: e.details.primary.name,
    secondaryName: e.details.secondary.name,
    tcaMs: e.tcaMs,
    missKm: e.missKm,
    pc: e.pc,
    riskLevel: e.riskLevel,
  };
}

/** The columns of an event that an estimate sets. */
function estimateColumns(e: Estimate) {
  const rtn = e.conjunction.approach.missRtnKm;
  return {
    tca: new Date(e.tcaMs),
    missKm: e.missKm,
    radialKm: rtn.radial,
    inTrackKm: rtn.inTrack,
    crossTrackKm: rtn.crossTrack,
    relativeVelocityKmS: e.conjunction.approach.relativeSpeedKmS,
    pc: e.pc,
    maxPc: e.maxPc,
    riskLevel: e.riskLevel,
    pc2d: e.conjunction.risk.pc2d,
    pc3d: e.conjunction.risk.pc3d,
    pcMethod: e.conjunction.risk.pcMethod,
    details: e.details,
  };
}

/**
 * Plans the run's conjunction write: the open events against this run's estimates over the
 * screened window. Nothing is written here; the caller applies the plan in one transaction.
 */
export async function planConjunctionWrite(
  openEvents: readonly ConjunctionEventRow[],
  estimates: Estimate[],
  window: { startMs: number; endMs: number },
  ctx: ConjunctionWriteContext,
): Promise<{ write: ConjunctionRunWrite; counts: ConjunctionWriteCounts }> {
  const { runId, now } = ctx;
  const closedIds = new Set((ctx.closedEvents ?? []).map((row) => row.id));
  const open: OpenEvent[] = [...openEvents, ...(ctx.closedEvents ?? []).filter((row) => row.status === 'closed')].map((row) => ({
    id: row.id,
    conjunctionId: row.conjunctionId,
    primary: row.primaryNorad,
    secondary: row.secondaryNorad,
    tcaMs: isEventDetails(row.details) ? row.details.tcaMs : row.tca.getTime(),
    missKm: row.missKm,
    pc: row.pc,
    riskLevel: row.riskLevel as StoredEvent['riskLevel'],
    cdmGenerated: row.cdmKvn !== null,
    row,
  }));
  const result = reconcile(open, estimates, window, now.getTime(), ctx.alertLevel);
  const changes: NewAlertChange[] = [];
  const write: ConjunctionRunWrite = { runId, created: [], updated: [], closed: [], events: [], changes };
  const reason = `screening run ${runId}`;
  const alert = (level: StoredEvent['riskLevel']) => isAlert(level, ctx.alertLevel);
  const updateOf = (e: Estimate): EventUpdateValues => ({
    at: now,
    tca: new Date(e.tcaMs),
    missKm: e.missKm,
    pc: e.pc,
    maxPc: e.maxPc,
    riskLevel: e.riskLevel,
    sigmaM: e.details.sigmaM,
    source: 'screening',
    pcMethod: e.conjunction.risk.pcMethod,
  });

  // Created: CNJ-{TCA year}-{next sequence of that year}.
  const sequences = new Map<number, number>();
  for (const e of result.created) {
    const year = new Date(e.tcaMs).getUTCFullYear();
    const next = (sequences.get(year) ?? (await ctx.maxSequence(year))) + 1;
    sequences.set(year, next);
    const conjunctionId = conjunctionIdFor(year, next);
    const cdm = alert(e.riskLevel) ? ctx.cdmKvn(e.conjunction, conjunctionId, now) : null;
    const event: NewConjunctionEvent = {
      conjunctionId,
      primaryNorad: e.primary,
      secondaryNorad: e.secondary,
      ...estimateColumns(e),
      status: 'open',
      closeReason: null,
      firstDetected: now,
      lastUpdated: now,
      lastRunId: runId,
      cdmKvn: cdm,
      cdmGeneratedAt: cdm ? now : null,
      source: 'screening',
      alertStatus: 'new',
    };
    write.created.push({ event, update: updateOf(e), changes: [{ at: now, actor: null, kind: 'detected', toStatus: 'new', toRisk: e.riskLevel, reason }] });
    const text = textOf(conjunctionId, e);
    // A new approach below CARA's attention level (Pc < 1e-7, 'low') is stored and listed but not announced:
    // a first run over 50,000 objects finds hundreds, and the feed is for what needs an operator's eye.
    if (e.riskLevel !== 'low') write.events.push({ eventType: 'alert_updated', timestamp: now, description: alertUpdatedText(text, null), conjunctionId, noradId: e.secondary });
    if (cdm) write.events.push({ eventType: 'cdm_generated', timestamp: now, description: cdmGeneratedText(text), conjunctionId, noradId: e.secondary });
  }

  for (const u of result.updated) {
    const row = u.event.row;
    const e = u.estimate;
    // An event an imported CDM estimates keeps the message's estimate (its covariance wins over
    // the element-set model); the screening only recognises it, so no second event is created.
    if (row.source !== 'screening') continue;
    if (closedIds.has(row.id)) {
      const storedRisk = row.riskLevel as RiskLevel;
      if (!systemReopens({ closeReason: row.closeReason, tcaMs: e.tcaMs, nowMs: now.getTime(), storedRisk, newRisk: e.riskLevel })) continue;
      // Found again, or its risk raised after an operator closed it: open once more, a new alert.
      const set: Partial<NewConjunctionEvent> = { ...estimateColumns(e), lastUpdated: now, lastRunId: runId, status: 'open', closeReason: null, alertStatus: 'new', decision: null };
      if (alert(e.riskLevel)) {
        set.cdmKvn = ctx.cdmKvn(e.conjunction, row.conjunctionId, now);
        set.cdmGeneratedAt = now;
      }
      write.updated.push({ id: row.id, set, update: updateOf(e) });
      const why = riskRaised(storedRisk, e.riskLevel) ? `${reason} raised the risk from ${storedRisk} to ${e.riskLevel}` : `${reason} found it again (${e.riskLevel})`;
      changes.push({ eventId: row.id, at: now, actor: null, kind: 'reopened', fromStatus: 'closed', toStatus: 'new', fromRisk: storedRisk, toRisk: e.riskLevel, reason: why });
      // Announced as a new one is: it was off the open list.
      if (e.riskLevel !== 'low') write.events.push({ eventType: 'alert_updated', timestamp: now, description: alertUpdatedText(textOf(row.conjunctionId, e), null), conjunctionId: row.conjunctionId, noradId: e.secondary });
      continue;
    }
    if (riskRaised(row.riskLevel as RiskLevel, e.riskLevel)) {
      changes.push({ eventId: row.id, at: now, actor: null, kind: 'risk_raised', fromRisk: row.riskLevel, toRisk: e.riskLevel, fromStatus: row.alertStatus, toStatus: row.alertStatus, reason });
    }
    const changed = u.levelChanged || estimateChanged(e, { tcaMs: u.event.tcaMs, missKm: row.missKm, pc: row.pc, maxPc: row.maxPc });
    if (!changed && !u.crossedAlert) continue;
    const set: Partial<NewConjunctionEvent> = changed ? { ...estimateColumns(e), lastUpdated: now, lastRunId: runId } : {};
    // The stored CDM follows the newest estimate while the event is at or above the alert level.
    if (u.crossedAlert || (changed && row.cdmKvn !== null && alert(e.riskLevel))) {
      set.cdmKvn = ctx.cdmKvn(e.conjunction, row.conjunctionId, now);
      set.cdmGeneratedAt = now;
    }
    write.updated.push({ id: row.id, set, update: changed ? updateOf(e) : null });
    const text = textOf(row.conjunctionId, e);
    if (u.levelChanged) write.events.push({ eventType: 'alert_updated', timestamp: now, description: alertUpdatedText(text, row.riskLevel), conjunctionId: row.conjunctionId, noradId: e.secondary });
    if (u.crossedAlert) write.events.push({ eventType: 'cdm_generated', timestamp: now, description: cdmGeneratedText(text), conjunctionId: row.conjunctionId, noradId: e.secondary });
  }
  // The screening cannot see what a CDM's originator saw: it closes such an event only once its TCA has passed.
  // Closed events the run did not find stay as they are.
  write.closed = result.closed
    .filter((c) => !closedIds.has(c.event.id) && (c.reason === 'tca_passed' || c.event.row.source === 'screening'))
    .map((c) => ({ id: c.event.id, reason: c.reason }));
  const rowOf = new Map(open.map((o) => [o.id, o.row]));
  for (const c of write.closed) {
    const row = rowOf.get(c.id)!;
    changes.push({ eventId: c.id, at: now, actor: null, kind: 'closed', fromStatus: row.alertStatus, toStatus: 'closed', fromRisk: row.riskLevel, reason: closeReasonText(c.reason) });
  }
  return {
    write,
    // A reopened event counts as updated (a new history point).
    counts: { created: write.created.length, updated: write.updated.filter((u) => u.update !== null).length, closed: write.closed.length },
  };
}
