/**
 * The log of one conjunction event (issue 28): what happened to it, oldest first, built from what is
 * stored with it. The event's row gives when it was first detected and, once closed, why; the
 * estimate history (`conjunction_event_updates`) each new estimate after the first; the avoidance
 * plans (`conjunction_plans`) each plan's request (by whom, the burn), its screening (the verdict and
 * why, or the error) and the operator's decision (by whom). The system's entries have no actor.
 *
 * The alert lifecycle (issue 29) adds the event's alert changes (`conjunction_alert_changes`): an
 * operator's status moves, assignments and comments (with the actor and the comment as written),
 * and the system's reopenings, raised risks and closes (with the reason). 'detected' and
 * 'plan_screened' changes are not repeated: the event's row and its plans already tell them.
 */
import type { ConjunctionLogEntry } from '../../../contracts/conjunction-events.ts';
import type { AlertChangeRow } from '../../repositories/alert-change-repository.ts';
import type { ConjunctionEventRow, ConjunctionEventUpdateRow } from '../../repositories/conjunction-event-repository.ts';
import type { AlertStatus } from '../../../contracts/conjunction-events.ts';
import { isLifecycleStatus } from '../../../core/alerts/index.ts';
import type { ConjunctionPlanRow } from '../../repositories/conjunction-plan-repository.ts';

export type LogEventRow = Pick<ConjunctionEventRow, 'source' | 'status' | 'closeReason' | 'firstDetected' | 'lastUpdated' | 'tca'>;
export type LogUpdateRow = Pick<ConjunctionEventUpdateRow, 'id' | 'at' | 'missKm' | 'pc' | 'riskLevel' | 'source'>;
export type LogChangeRow = Pick<AlertChangeRow, 'id' | 'at' | 'actor' | 'kind' | 'fromStatus' | 'toStatus' | 'fromRisk' | 'toRisk' | 'assignee' | 'comment' | 'reason' | 'planId'>;
export type LogPlanRow = Pick<ConjunctionPlanRow, 'id' | 'createdAt' | 'createdBy' | 'burnEpoch' | 'dvR' | 'dvT' | 'dvN' | 'status' | 'screenedAt' | 'acceptable' | 'reason' | 'error' | 'decidedAt' | 'decidedBy'>;

const CLOSE_REASONS: Record<string, string> = {
  tca_passed: 'TCA passed',
  not_found: 'no longer found by screening',
  operator: 'closed by an operator',
};

/** 'risk_accepted' → 'risk accepted'. */
const statusText = (s: string | null) => (s ?? '?').replace(/_/g, ' ');
const statusOf = (s: string | null): AlertStatus | null => (s !== null && isLifecycleStatus(s) ? s : null);

/** An alert change as a log entry, or undefined for the kinds the log tells otherwise ('detected', 'plan_screened'). */
function changeEntry(c: LogChangeRow): Omit<ConjunctionLogEntry, 'at'> | undefined {
  const common = { actor: c.actor, planId: c.planId ?? null, fromStatus: statusOf(c.fromStatus), toStatus: statusOf(c.toStatus), comment: c.comment };
  const why = c.reason ? `: ${c.reason}` : '';
  switch (c.kind) {
    case 'status':
      return { kind: 'status', ...common, text: `Status ${statusText(c.fromStatus)} → ${statusText(c.toStatus)}` };
    case 'assigned':
      return { kind: 'assigned', ...common, text: c.assignee ? `Assigned to ${c.assignee}` : 'Unassigned' };
    case 'comment':
      return { kind: 'comment', ...common, text: 'Comment' };
    case 'reopened':
      return { kind: 'reopened', ...common, text: `Reopened${why}` };
    case 'risk_raised':
      return { kind: 'risk_raised', ...common, text: `Risk raised from ${c.fromRisk ?? '?'} to ${c.toRisk ?? '?'}${why}` };
    case 'closed':
      return { kind: 'closed', ...common, text: `Closed${why}` };
    default:
      return undefined;
  }
}

/** '2023-10-10 01:23:45 UTC'. */
function utc(d: Date): string {
  return `${d.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** 'miss 3.94 km' / 'miss 412.3 m'. */
function missText(km: number): string {
  return km >= 1 ? `miss ${Number(km.toFixed(3))} km` : `miss ${(km * 1000).toFixed(1)} m`;
}

/** 'Pc 1.23e-5', 'Pc 0'. */
function pcText(pc: number): string {
  return pc === 0 ? 'Pc 0' : `Pc ${pc.toExponential(2)}`;
}

/** 'by screening' / 'in a CDM from CARA'. */
function sourceText(source: string): string {
  return source === 'screening' ? 'by screening' : `in a CDM from ${source}`;
}

function estimateText(u: LogUpdateRow): string {
  return `${missText(u.missKm)}, ${pcText(u.pc)} (${u.riskLevel})`;
}

/** A Δv component, m/s, to 0.1 mm/s: '+0.05', '-0.1', '0'. */
function dvText(x: number): string {
  const v = Number(x.toFixed(4));
  return v > 0 ? `+${v}` : String(v);
}

/** The reason without its leading verdict ('Acceptable: the event's …' → 'The event's …'), as the entry says the verdict first. */
function reasonText(reason: string): string {
  const rest = reason.replace(/^(not )?acceptable:\s*/i, '');
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

function planEntries(p: LogPlanRow): { at: Date; entry: Omit<ConjunctionLogEntry, 'at'> }[] {
  const planId = p.id;
  const out: { at: Date; entry: Omit<ConjunctionLogEntry, 'at'> }[] = [
    {
      at: p.createdAt,
      entry: { kind: 'plan_requested', actor: p.createdBy, planId, text: `Plan ${p.id} requested: burn at ${utc(p.burnEpoch)}, Δv RTN (${[p.dvR, p.dvT, p.dvN].map(dvText).join(', ')}) m/s` },
    },
  ];
  if (p.status === 'failed') {
    out.push({ at: p.screenedAt ?? p.createdAt, entry: { kind: 'plan_failed', actor: null, planId, text: `Plan ${p.id} could not be screened: ${p.error ?? 'no reason given'}` } });
  } else if (p.screenedAt) {
    const verdict = p.acceptable === null ? 'screened' : p.acceptable ? 'acceptable' : 'not acceptable';
    const reason = p.reason ? ` ${reasonText(p.reason)}` : '';
    out.push({ at: p.screenedAt, entry: { kind: 'plan_screened', actor: null, planId, text: `Plan ${p.id} screened: ${verdict}.${reason}` } });
  }
  if (p.decidedAt && (p.status === 'chosen' || p.status === 'discarded')) {
    out.push({ at: p.decidedAt, entry: { kind: p.status === 'chosen' ? 'plan_chosen' : 'plan_discarded', actor: p.decidedBy, planId, text: `Plan ${p.id} ${p.status}` } });
  }
  return out;
}

/**
 * The event's log, oldest first; entries of the same time keep the order detected, estimates,
 * plans (by id: requested, screened or failed, decided), closed.
 *
 * The first estimate (the lowest id: the one stored with the event) is the detection's, so it is
 * told in the 'detected' entry, at the event's `firstDetected`; each later one is an 'estimate' at
 * its own time (a screening run, or a CDM's creation date). `firstDetected`: the first CDM's
 * creation date when a CDM created the event (the query service's), else the row's. The alert
 * changes (`changes`) come after the rest at the same time, in the order written. An event closed
 * before those were written tells its close from its row: its `lastUpdated`, or its TCA where it
 * closed because the TCA passed and that is later.
 */
export function eventLog(row: LogEventRow, updates: readonly LogUpdateRow[], plans: readonly LogPlanRow[], changes: readonly LogChangeRow[] = [], firstDetected: Date = row.firstDetected): ConjunctionLogEntry[] {
  const first = updates.reduce<LogUpdateRow | undefined>((a, u) => (a === undefined || u.id < a.id ? u : a), undefined);
  const items: { at: Date; entry: Omit<ConjunctionLogEntry, 'at'> }[] = [
    {
      at: firstDetected,
      entry: { kind: 'detected', actor: null, planId: null, text: `First detected ${sourceText(first?.source ?? row.source)}${first ? `: ${estimateText(first)}` : ''}` },
    },
  ];
  for (const u of updates) {
    if (u === first) continue;
    items.push({ at: u.at, entry: { kind: 'estimate', actor: null, planId: null, text: `New estimate ${sourceText(u.source)}: ${estimateText(u)}` } });
  }
  for (const p of [...plans].sort((a, b) => a.id - b.id)) items.push(...planEntries(p));
  for (const c of [...changes].sort((a, b) => a.id - b.id)) {
    const entry = changeEntry(c);
    if (entry) items.push({ at: c.at, entry });
  }
  // Events closed before the alert changes were written (issue 29) tell their close from the row.
  if (row.status === 'closed' && !changes.some((c) => c.toStatus === 'closed' && (c.kind === 'closed' || c.kind === 'status'))) {
    const at = row.closeReason === 'tca_passed' && row.tca > row.lastUpdated ? row.tca : row.lastUpdated;
    const reason = row.closeReason ? `: ${CLOSE_REASONS[row.closeReason] ?? row.closeReason}` : '';
    items.push({ at, entry: { kind: 'closed', actor: null, planId: null, text: `Closed${reason}` } });
  }
  // Array.prototype.sort is stable: equal times keep the order above.
  return items.sort((a, b) => a.at.getTime() - b.at.getTime()).map(({ at, entry }) => ({ at: at.toISOString(), ...entry }));
}
