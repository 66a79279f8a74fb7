import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { ScheduledTaskRepository } from '../repositories/scheduled-task-repository.ts';

/**
 * Periodic tasks that run once per interval across every server sharing one database (issue 13):
 * the continuous screening's scheduled runs and the online updaters. Each server keeps its own
 * timers (no leader to elect, nothing to hand over when a server stops or dies); at each tick it
 * asks the database for the task's claim, and only the server that gets it runs the task.
 */

/**
 * A claim succeeds when the latest one is at least this share of the interval shorter than the
 * interval old. Without it a single server would skip whole periods: its ticks are not exactly an
 * interval apart by the database's clock (a timer fires late, a claim waits behind a PGlite import
 * holding the connection for seconds). With it, at a hand-over between servers (the one that
 * claimed stops) one gap may be 10 % short; the runs are still one per interval.
 */
export const CLAIM_SLACK = 0.1;

/** This server process among others on one database: hostname:pid:random (the random part tells apart two contexts in one process, and a reused pid). */
export function newInstanceId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

export interface TaskLogger {
  warn(obj: object, msg?: string): void;
  debug?(obj: object, msg?: string): void;
  /** pino's: the holder of a claim is looked up for the debug line only when it is written. */
  isLevelEnabled?(level: string): boolean;
}

/** Decides whether this server runs a periodic task now. */
export interface TaskClaims {
  /** True when this instance claimed the periodic run of `task` (interval `intervalMs`), false when a run of another instance (or its own) holds this period. Rejects when the database cannot be asked. */
  claim(task: string, intervalMs: number): Promise<boolean>;
}

/** Claims through the shared `scheduled_task_claims` table (PGlite and PostgreSQL alike). */
export class ScheduledTasks implements TaskClaims {
  constructor(
    private readonly repo: ScheduledTaskRepository,
    readonly instance: string,
    private readonly log: TaskLogger,
  ) {}

  async claim(task: string, intervalMs: number): Promise<boolean> {
    if (await this.repo.claim(task, intervalMs * (1 - CLAIM_SLACK), this.instance)) return true;
    if (this.log.debug && this.log.isLevelEnabled?.('debug') !== false) {
      const holder = await this.repo.get(task).catch(() => undefined);
      this.log.debug({ task, instance: this.instance, claimedBy: holder?.instance, claimedAt: holder?.lastStartedAt }, 'periodic task already run in this interval: skipped here');
    }
    return false;
  }
}

export interface PeriodicTaskOptions {
  /** The claim's key, the same in every server (e.g. 'screening'). */
  task: string;
  intervalMs: number;
  /** Delay of the first (start-up) run after `start()`. */
  firstDelayMs: number;
  /** Without claims every tick runs (a server that is alone by construction, as in tests that build the service themselves). */
  claims?: TaskClaims | undefined;
  /** The run, once claimed. Its promise is not awaited: a long run does not hold back the next tick (the services coalesce or join runs themselves). */
  run(reason: 'start-up' | 'interval'): void;
  /** Another run holds this period (not called when the claim could not be asked); `askedAtMs` is when this tick asked for the claim. */
  notClaimed?(askedAtMs: number): void;
  log: TaskLogger;
}

/**
 * A task run after `firstDelayMs` and then every `intervalMs`, each time only if this instance
 * claims the period. The start-up run is claimed too: servers starting together must not all run
 * it, and a server started shortly after another one's run has nothing to add.
 */
export class PeriodicTask {
  private first: NodeJS.Timeout | undefined;
  private interval: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(private options: PeriodicTaskOptions) {}

  start(): void {
    if (this.interval || this.stopped) return;
    this.first = setTimeout(() => void this.tick('start-up'), this.options.firstDelayMs);
    this.interval = setInterval(() => void this.tick('interval'), this.options.intervalMs);
    this.first.unref();
    this.interval.unref();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.first);
    clearInterval(this.interval);
  }

  /**
   * A new period (the settings changed it): the next tick comes a whole new period from now, and
   * claims ask for the new gap. Before start() it only changes what start() will use.
   */
  setIntervalMs(intervalMs: number): void {
    if (intervalMs === this.options.intervalMs) return;
    this.options = { ...this.options, intervalMs };
    if (!this.interval || this.stopped) return;
    clearInterval(this.interval);
    this.interval = setInterval(() => void this.tick('interval'), intervalMs);
    this.interval.unref();
  }

  private async tick(reason: 'start-up' | 'interval'): Promise<void> {
    const { claims, task, intervalMs } = this.options;
    if (claims) {
      const askedAtMs = Date.now();
      let claimed: boolean;
      try {
        claimed = await claims.claim(task, intervalMs);
      } catch (error) {
        // The database is unreachable or failing: the run could not have stored anything either. The next tick asks again.
        this.options.log.warn({ task, err: error }, 'could not claim a periodic task: skipped this time');
        return;
      }
      if (this.stopped) return;
      if (!claimed) {
        this.options.notClaimed?.(askedAtMs);
        return;
      }
    }
    this.options.run(reason);
  }
}
