/**
 * The alert lifecycle of a conjunction event (issue 29 item 2): which status an operator may move
 * an alert to, and when the system opens a closed one again. Pure rules; the server applies them
 * (services/conjunctions/alert-lifecycle-service.ts) and the contracts name the statuses
 * (contracts/conjunction-events.ts `ALERT_STATUSES`, the same strings).
 *
 * The chain the issue asks for is new → acknowledged → assessing → (mitigating | risk_accepted |
 * false_alarm) → closed. The shortcuts are OUR CHOICE, from what an operations team does
 * (CARA's and ESA's conjunction workflows: an alert is screened, triaged, assessed, then decided):
 *
 * | from          | an operator may move it to                                   | why the shortcuts                                              |
 * |---------------|--------------------------------------------------------------|----------------------------------------------------------------|
 * | new           | acknowledged, assessing, false_alarm                         | start assessing at once; dismiss an obvious false alarm        |
 * | acknowledged  | assessing, false_alarm                                       | dismiss without a full assessment                              |
 * | assessing     | mitigating, risk_accepted, false_alarm                       | the three decisions                                            |
 * | mitigating    | assessing, risk_accepted, closed                             | back to study; manoeuvre called off, risk accepted; done       |
 * | risk_accepted | assessing, mitigating, closed                                | back to study; a manoeuvre after all; done                     |
 * | false_alarm   | assessing, closed                                            | it was not one after all; done                                 |
 * | closed        | assessing, only while the TCA is ahead                       | reopened by hand; an approach that has passed cannot be reopened |
 *
 * Moving to the status the alert already has is no transition (not listed). Closing is from a
 * decision only: an alert is closed with what was decided, and `decision` keeps it. The system
 * closes alerts itself (TCA passed, no longer found by screening) from any status, and reopens a
 * closed one (to `new`) when new data raises its risk again (`systemReopens`).
 */

export type LifecycleStatus = 'new' | 'acknowledged' | 'assessing' | 'mitigating' | 'risk_accepted' | 'false_alarm' | 'closed';
/** The statuses that are a decision: set as `decision` on the event, kept once it is closed. */
export type Decision = 'mitigating' | 'risk_accepted' | 'false_alarm';

/** The lifecycle order, for sorting and display: new first, closed last. */
export const LIFECYCLE_ORDER: readonly LifecycleStatus[] = ['new', 'acknowledged', 'assessing', 'mitigating', 'risk_accepted', 'false_alarm', 'closed'];

const TRANSITIONS: Readonly<Record<LifecycleStatus, readonly LifecycleStatus[]>> = {
  new: ['acknowledged', 'assessing', 'false_alarm'],
  acknowledged: ['assessing', 'false_alarm'],
  assessing: ['mitigating', 'risk_accepted', 'false_alarm'],
  mitigating: ['assessing', 'risk_accepted', 'closed'],
  risk_accepted: ['assessing', 'mitigating', 'closed'],
  false_alarm: ['assessing', 'closed'],
  closed: ['assessing'],
};

export function isLifecycleStatus(s: string): s is LifecycleStatus {
  return (LIFECYCLE_ORDER as readonly string[]).includes(s);
}

export function isDecision(s: string): s is Decision {
  return s === 'mitigating' || s === 'risk_accepted' || s === 'false_alarm';
}

/**
 * The statuses an operator may move an alert to from `current` (the table above). A closed alert
 * can be reopened only while its TCA is ahead: once it has passed there is nothing to decide.
 */
export function allowedTransitions(current: LifecycleStatus, tcaPassed: boolean): LifecycleStatus[] {
  if (current === 'closed' && tcaPassed) return [];
  return [...TRANSITIONS[current]];
}

/** Whether an operator may move an alert from `from` to `to`. */
export function canTransition(from: LifecycleStatus, to: LifecycleStatus, tcaPassed: boolean): boolean {
  return allowedTransitions(from, tcaPassed).includes(to);
}

/**
 * What an operator's move sets on the event: the decision (kept when the alert is closed, cleared
 * when it goes back to assessing or is reopened) and whether the event is open.
 */
export function afterTransition(to: LifecycleStatus, decision: Decision | null): { decision: Decision | null; open: boolean } {
  if (isDecision(to)) return { decision: to, open: true };
  if (to === 'closed') return { decision, open: false };
  return { decision: null, open: true };
}

export type RiskLevel = 'low' | 'medium' | 'high' | 'critical';
const RISK_RANK: Readonly<Record<RiskLevel, number>> = { low: 0, medium: 1, high: 2, critical: 3 };

/** Whether `to` is a higher risk level than `from` (critical > high > medium > low). */
export function riskRaised(from: RiskLevel, to: RiskLevel): boolean {
  return RISK_RANK[to] > RISK_RANK[from];
}

/**
 * Whether new data about a closed event (a screening run that finds it, or a newer CDM) opens its
 * alert again (back to `new`, the event open). Never while the new estimate's TCA is behind
 * `nowMs`. Otherwise:
 * - closed by an operator: only when the new estimate raises the risk above the level it was
 *   closed at (the issue: "a new CDM or screening that raises the risk again reopens a closed
 *   alert"); the same or a lower risk leaves the operator's decision standing;
 * - closed because screening no longer found it (`not_found`), or with no stored reason: it is
 *   found again, so it is an open conjunction again (before the lifecycle a new event was created);
 * - closed `tca_passed` at an earlier TCA estimate while the new one is still ahead: the approach
 *   has not happened yet (a CDM's refined TCA), so it is open again.
 */
export function systemReopens(input: { closeReason: string | null; tcaMs: number; nowMs: number; storedRisk: RiskLevel; newRisk: RiskLevel }): boolean {
  const { closeReason, tcaMs, nowMs, storedRisk, newRisk } = input;
  if (tcaMs < nowMs) return false;
  if (closeReason === 'operator') return riskRaised(storedRisk, newRisk);
  return true;
}

/** The reason text of a system close, as the log and the notifications say it. */
export function closeReasonText(reason: string | null): string {
  if (reason === 'tca_passed') return 'TCA passed';
  if (reason === 'not_found') return 'no longer found by screening';
  if (reason === 'operator') return 'closed by an operator';
  return reason ?? 'closed';
}

/** Sort key of a status in the lifecycle order (new 0 … closed 6). */
export function lifecycleRank(s: LifecycleStatus): number {
  return LIFECYCLE_ORDER.indexOf(s);
}
