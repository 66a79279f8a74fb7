/**
 * The alert lifecycle on the server (issue 29 item 2 and 4): an operator's change of an alert
 * (PATCH /api/conjunctions/{id}: status, assignee, comment) and the closing of alerts whose TCA
 * has passed, at once.
 *
 * - A change is one transaction (ConjunctionEventRepository.applyAlertChange): the event's
 *   alert_status, assignee and decision, its open/closed status (closed with reason `operator`
 *   exactly when the alert is closed; open again when an operator reopens it), and one
 *   `conjunction_alert_changes` row per part (status, assigned, comment) with the actor and time.
 *   The transition must be allowed from the current status (core alerts `allowedTransitions`); a
 *   second operator's change in between is refused as a conflict rather than overwritten.
 * - Expiry: an open event whose TCA has passed is closed (tca_passed, a 'closed' change 'TCA
 *   passed') by a sweep at start and by a timer armed for the earliest open TCA, re-armed whenever
 *   the open events change (the read model's publish), and at most every EXPIRY_RECHECK_MS in any
 *   case (another server's writes, a clock step). The clock and the timer are injected: tests pin them.
 */
import type { AlertStatus, ConjunctionPatchRequest } from '../../../contracts/conjunction-events.ts';
import { afterTransition, allowedTransitions, closeReasonText, isDecision, isLifecycleStatus, type LifecycleStatus } from '../../../core/alerts/index.ts';
import type { NewAlertChange } from '../../repositories/alert-change-repository.ts';
import type { ConjunctionEventRepository, ConjunctionEventRow, NewConjunctionEvent } from '../../repositories/conjunction-event-repository.ts';

export class AlertChangeError extends Error {
  constructor(
    readonly kind: 'not-found' | 'conflict' | 'unknown-assignee',
    message: string,
  ) {
    super(message);
  }
}

/** The one writer of conjunction events at a time (the operations engine), and its refresh after a change. */
export interface AlertWriter {
  withConjunctionLock<T>(work: () => Promise<T>): Promise<T>;
  conjunctionsChanged(): Promise<void>;
}

export interface AlertClock {
  now(): Date;
  /** setTimeout's shape: tests capture the delay and fire the work themselves. */
  setTimer(work: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

export const systemClock: AlertClock = {
  now: () => new Date(),
  setTimer: (work, ms) => {
    const t = setTimeout(work, ms);
    // The expiry timer alone must not keep a stopping process alive.
    t.unref();
    return t;
  },
  clearTimer: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** The longest the expiry timer waits before looking again (another server's events, a clock step). */
export const EXPIRY_RECHECK_MS = 10 * 60_000;
/** How long after a failed sweep the next is tried. */
const RETRY_MS = 30_000;

interface Logger {
  warn(obj: object, msg?: string): void;
  info?(obj: object, msg?: string): void;
}

/** What a change did, for the audit row: the alert status before and after, and the assignee. */
export interface AlertChangeOutcome {
  fromStatus: AlertStatus;
  toStatus: AlertStatus;
  assignee: string | null;
  changed: ('status' | 'assigned' | 'comment')[];
}

export function alertStatusOf(row: Pick<ConjunctionEventRow, 'alertStatus' | 'status'>): LifecycleStatus {
  if (isLifecycleStatus(row.alertStatus)) return row.alertStatus;
  return row.status === 'closed' ? 'closed' : 'new';
}

export class AlertLifecycleService {
  private timer: unknown;
  private armedFor: number | undefined;
  private started = false;
  private sweeping: Promise<void> | undefined;

  constructor(
    private readonly events: Pick<ConjunctionEventRepository, 'byConjunctionId' | 'applyAlertChange' | 'closeExpired' | 'earliestOpenTca'>,
    private readonly accounts: { findByUsername(username: string): Promise<unknown> },
    private readonly writer: AlertWriter,
    readonly clock: AlertClock = systemClock,
    private readonly log?: Logger,
  ) {}

  /**
   * An operator's change of one alert (rules in the module comment). Throws AlertChangeError:
   * not-found (no such event), unknown-assignee (no account of that name), conflict (the
   * transition is not allowed from the current status, or another change came first).
   */
  async change(conjunctionId: string, body: ConjunctionPatchRequest, actor: string): Promise<AlertChangeOutcome> {
    if (body.assignee !== undefined && body.assignee !== null && !(await this.accounts.findByUsername(body.assignee))) {
      throw new AlertChangeError('unknown-assignee', `No account named '${body.assignee}' to assign the alert to`);
    }
    const outcome = await this.writer.withConjunctionLock(async () => {
      const row = await this.events.byConjunctionId(conjunctionId);
      if (!row) throw new AlertChangeError('not-found', `No conjunction ${conjunctionId}`);
      const now = this.clock.now();
      const from = alertStatusOf(row);
      const tcaPassed = row.tca.getTime() < now.getTime();
      const set: Partial<NewConjunctionEvent> = {};
      const changes: Omit<NewAlertChange, 'eventId'>[] = [];
      const changed: AlertChangeOutcome['changed'] = [];
      let to: LifecycleStatus = from;
      // Moving to the status the alert already has is no transition: nothing to record.
      if (body.status !== undefined && body.status !== from) {
        const allowed = allowedTransitions(from, tcaPassed);
        if (!allowed.includes(body.status)) {
          const options = allowed.length > 0 ? `allowed: ${allowed.join(', ')}` : tcaPassed && from === 'closed' ? 'none: its TCA has passed' : 'none';
          throw new AlertChangeError('conflict', `${conjunctionId} is ${from}; it cannot move to ${body.status} (${options})`);
        }
        to = body.status;
        const decision = row.decision !== null && isDecision(row.decision) ? row.decision : null;
        const after = afterTransition(to, decision);
        set.alertStatus = to;
        set.decision = after.decision;
        set.status = after.open ? 'open' : 'closed';
        set.closeReason = after.open ? null : 'operator';
        changes.push({ at: now, actor, kind: 'status', fromStatus: from, toStatus: to, fromRisk: row.riskLevel, toRisk: row.riskLevel, comment: body.comment ?? null, assignee: row.assignee });
        changed.push('status');
      }
      const assignee = body.assignee === undefined ? row.assignee : body.assignee;
      if (body.assignee !== undefined && body.assignee !== row.assignee) {
        set.assignee = body.assignee;
        // The comment goes with the status change when there is one, else with the assignment (its note).
        changes.push({ at: now, actor, kind: 'assigned', fromStatus: to, toStatus: to, assignee: body.assignee, comment: changed.length === 0 ? (body.comment ?? null) : null });
        changed.push('assigned');
      }
      if (body.comment !== undefined && changed.length === 0) {
        changes.push({ at: now, actor, kind: 'comment', fromStatus: from, toStatus: from, assignee: row.assignee, comment: body.comment });
        changed.push('comment');
      }
      if (changes.length > 0 && (await this.events.applyAlertChange({ id: row.id, expected: row.alertStatus, set, changes })) === 'conflict') {
        throw new AlertChangeError('conflict', `${conjunctionId} changed meanwhile; reload it and try again`);
      }
      return { fromStatus: from, toStatus: to, assignee, changed };
    });
    if (outcome.changed.includes('status')) {
      await this.writer.conjunctionsChanged();
      this.rearm();
    }
    return outcome;
  }

  // ------------------------------------------------------------------------------------------
  // Expiry: alerts whose TCA has passed close at once.

  /** Sweeps once (events whose TCA passed while the server was down) and arms the timer. */
  async start(): Promise<void> {
    this.started = true;
    await this.sweep();
  }

  stop(): void {
    this.started = false;
    this.disarm();
  }

  /** Resolves when the sweep in progress (if any) is done (tests). */
  async settled(): Promise<void> {
    await this.sweeping;
  }

  /**
   * The open events changed (the read model published them): arm the timer for the earliest TCA
   * among them, if it is earlier than the one armed. `earliestTcaMs` from memory, when the caller
   * has it; else the timer is re-armed from the store.
   */
  openEventsChanged(earliestTcaMs: number | undefined): void {
    if (!this.started) return;
    if (earliestTcaMs === undefined) return;
    if (this.armedFor === undefined || earliestTcaMs < this.armedFor) this.arm(earliestTcaMs);
  }

  /** Closes the open events whose TCA has passed (one transaction), then arms the timer for the next. */
  sweep(): Promise<void> {
    const run = (this.sweeping ?? Promise.resolve()).then(async () => {
      this.disarm();
      let failed = false;
      try {
        const now = this.clock.now();
        const closed: ConjunctionEventRow[] = await this.writer.withConjunctionLock(() =>
          this.events.closeExpired(now, (row) => ({
            at: now,
            actor: null,
            kind: 'closed',
            fromStatus: alertStatusOf(row),
            toStatus: 'closed',
            fromRisk: row.riskLevel,
            reason: closeReasonText('tca_passed'),
          })),
        );
        if (closed.length > 0) {
          this.log?.info?.({ closed: closed.length }, 'alerts whose TCA passed closed');
          await this.writer.conjunctionsChanged();
        }
      } catch (error) {
        failed = true;
        this.log?.warn({ err: error }, 'closing the alerts whose TCA passed failed; trying again later');
      }
      if (!this.started) return;
      // After a failure (the database away), not at once again: the passed TCA would fire the timer in a loop.
      if (failed) {
        this.arm(this.clock.now().getTime() + RETRY_MS);
        return;
      }
      try {
        const next = await this.events.earliestOpenTca();
        this.arm(next?.getTime());
      } catch (error) {
        this.log?.warn({ err: error }, 'could not read the next TCA');
        this.arm(undefined);
      }
    });
    this.sweeping = run;
    return run;
  }

  /** Re-arms from the store (after this service's own writes). */
  private rearm(): void {
    if (!this.started) return;
    void this.events.earliestOpenTca().then(
      (t) => {
        if (t && (this.armedFor === undefined || t.getTime() < this.armedFor)) this.arm(t.getTime());
      },
      () => undefined,
    );
  }

  private arm(tcaMs: number | undefined): void {
    if (!this.started) return;
    this.disarm();
    const now = this.clock.now().getTime();
    // Just after the TCA (the sweep closes TCAs strictly before now), and never longer than the recheck.
    const delay = tcaMs === undefined ? EXPIRY_RECHECK_MS : Math.min(Math.max(tcaMs - now + 1, 0), EXPIRY_RECHECK_MS);
    this.armedFor = tcaMs === undefined ? undefined : Math.min(tcaMs, now + EXPIRY_RECHECK_MS);
    this.timer = this.clock.setTimer(() => {
      this.timer = undefined;
      this.armedFor = undefined;
      void this.sweep();
    }, delay);
  }

  private disarm(): void {
    if (this.timer !== undefined) this.clock.clearTimer(this.timer);
    this.timer = undefined;
    this.armedFor = undefined;
  }
}
