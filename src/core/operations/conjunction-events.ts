/**
 * Conjunction events of continuous screening (DECISIONS.md §5 and §7; contract `Conjunction`): how
 * one screening run changes the stored open events. The server stores; this module decides which
 * approaches are new, which open events they update, which events close and which cross the alert
 * threshold (a CDM is generated and a `cdm_generated` event written, DECISIONS.md §5 and §7).
 *
 * Rules (OUR CHOICE where the spec is silent):
 * - Matching: an estimate updates an open event of the same (primary, secondary) whose TCA is
 *   within `tcaMatchToleranceMs` (default 10 minutes). A new element set moves a TCA by seconds
 *   to minutes, while successive approaches of the same pair are about an orbit apart (≥ 85 min
 *   in LEO), so 10 minutes keeps the same approach and separates the next one. Pairs are matched
 *   one to one, closest TCAs first.
 * - Closing: an unmatched open event whose TCA has passed (tca < now) closes 'tca_passed'; one
 *   whose TCA lies inside the screened window (at least one tolerance away from its edges, since
 *   an approach near an edge may have moved just outside it) closes 'not_found'; any other stays
 *   open (beyond the window, or too near its edge to say). A matched event whose new TCA has
 *   passed closes 'tca_passed' instead of being updated.
 * - Creating: an unmatched estimate whose TCA has not passed creates an event; estimates with a
 *   TCA before `now` are dropped.
 * - `levelChanged`: the estimate's risk level differs from the stored one (an `alert_updated`
 *   event). `crossedAlert`: the estimate's level is at or above the alert level and the event has
 *   no CDM yet, so it is reported once: the server sets `cdmGenerated` when it writes the CDM.
 *   New events at or above the alert level are found with `isAlert(estimate.riskLevel, alertLevel)`.
 */

export type EventRiskLevel = 'critical' | 'high' | 'medium' | 'low';
export type AlertLevel = 'high' | 'critical';

/** One approach of a screening run. Extra fields (states, RTN components, objects…) pass through untouched. */
export interface EventEstimate {
  readonly primary: number;
  readonly secondary: number;
  /** TCA, ms since 1970-01-01Z (UTC). */
  readonly tcaMs: number;
  readonly missKm: number;
  readonly pc: number;
  readonly maxPc: number;
  readonly riskLevel: EventRiskLevel;
}

/** An open stored event. Extra fields pass through untouched. */
export interface StoredEvent {
  readonly id: number;
  readonly conjunctionId: string;
  readonly primary: number;
  readonly secondary: number;
  readonly tcaMs: number;
  readonly missKm: number;
  readonly pc: number;
  readonly riskLevel: EventRiskLevel;
  readonly cdmGenerated: boolean;
}

export interface ScreenedWindow {
  readonly startMs: number;
  readonly endMs: number;
}

export type CloseReason = 'tca_passed' | 'not_found';

export interface ReconcileResult<S extends StoredEvent, E extends EventEstimate> {
  /** Approaches with no matching open event, in TCA order. */
  created: E[];
  /** Matched open events and their new estimates, by event id. */
  updated: { event: S; estimate: E; levelChanged: boolean; crossedAlert: boolean }[];
  /** Events to close, by event id. */
  closed: { event: S; reason: CloseReason }[];
}

/** Default TCA match tolerance: 10 minutes (see the module comment). */
export const DEFAULT_TCA_MATCH_TOLERANCE_MS = 10 * 60_000;

const LEVEL_RANK: Readonly<Record<EventRiskLevel, number>> = { low: 0, medium: 1, high: 2, critical: 3 };

/** Whether a risk level is at or above the alert level (levels ordered critical, high, medium, low). */
export function isAlert(level: EventRiskLevel, alertLevel: AlertLevel): boolean {
  return LEVEL_RANK[level] >= LEVEL_RANK[alertLevel];
}

/**
 * The conjunction id of the `sequence`-th event of a TCA year: 'CNJ-2026-001' (the spec's
 * 'CNJ-2024-001' form: at least three digits, zero padded, more past 999).
 */
export function conjunctionIdFor(year: number, sequence: number): string {
  if (!Number.isInteger(year) || year < 0 || year > 9999) throw new RangeError(`conjunctionIdFor: year must be a whole number 0-9999, got ${year}`);
  if (!Number.isInteger(sequence) || sequence < 1) throw new RangeError(`conjunctionIdFor: sequence must be a whole number ≥ 1, got ${sequence}`);
  return `CNJ-${year}-${String(sequence).padStart(3, '0')}`;
}

/** Reconciles a screening run with the open events (rules in the module comment). */
export function reconcile<S extends StoredEvent, E extends EventEstimate>(
  open: readonly S[],
  run: readonly E[],
  window: ScreenedWindow,
  now: number,
  alertLevel: AlertLevel,
  tcaMatchToleranceMs: number = DEFAULT_TCA_MATCH_TOLERANCE_MS,
): ReconcileResult<S, E> {
  if (!(window.startMs <= window.endMs)) throw new RangeError('reconcile: window start must not be after its end');
  if (!(tcaMatchToleranceMs >= 0) || !Number.isFinite(tcaMatchToleranceMs)) {
    throw new RangeError(`reconcile: TCA match tolerance must be a finite number ≥ 0 ms, got ${tcaMatchToleranceMs}`);
  }

  // Candidate pairs: same objects, TCA within tolerance; assigned one to one, closest first.
  const byPair = new Map<string, number[]>();
  run.forEach((e, i) => {
    const key = `${e.primary}:${e.secondary}`;
    const list = byPair.get(key);
    if (list) list.push(i);
    else byPair.set(key, [i]);
  });
  const candidates: { ev: number; est: number; dt: number }[] = [];
  open.forEach((s, ev) => {
    for (const est of byPair.get(`${s.primary}:${s.secondary}`) ?? []) {
      const dt = Math.abs((run[est] as E).tcaMs - s.tcaMs);
      if (dt <= tcaMatchToleranceMs) candidates.push({ ev, est, dt });
    }
  });
  candidates.sort((a, b) => a.dt - b.dt || (open[a.ev] as S).id - (open[b.ev] as S).id || a.est - b.est);
  const estimateOf = new Map<number, number>();
  const usedEstimates = new Set<number>();
  for (const c of candidates) {
    if (estimateOf.has(c.ev) || usedEstimates.has(c.est)) continue;
    estimateOf.set(c.ev, c.est);
    usedEstimates.add(c.est);
  }

  const result: ReconcileResult<S, E> = { created: [], updated: [], closed: [] };
  const sureInside = (t: number) => t >= window.startMs + tcaMatchToleranceMs && t <= window.endMs - tcaMatchToleranceMs;
  const events = [...open].map((event, index) => ({ event, index })).sort((a, b) => a.event.id - b.event.id);
  for (const { event, index } of events) {
    const est = estimateOf.get(index);
    if (est !== undefined) {
      const estimate = run[est] as E;
      if (estimate.tcaMs < now) {
        result.closed.push({ event, reason: 'tca_passed' });
      } else {
        result.updated.push({
          event,
          estimate,
          levelChanged: estimate.riskLevel !== event.riskLevel,
          crossedAlert: isAlert(estimate.riskLevel, alertLevel) && !event.cdmGenerated,
        });
      }
    } else if (event.tcaMs < now) {
      result.closed.push({ event, reason: 'tca_passed' });
    } else if (sureInside(event.tcaMs)) {
      result.closed.push({ event, reason: 'not_found' });
    }
  }
  result.created = run
    .map((estimate, index) => ({ estimate, index }))
    .filter(({ estimate, index }) => !usedEstimates.has(index) && estimate.tcaMs >= now)
    .sort((a, b) => a.estimate.tcaMs - b.estimate.tcaMs || a.index - b.index)
    .map(({ estimate }) => estimate);
  return result;
}
