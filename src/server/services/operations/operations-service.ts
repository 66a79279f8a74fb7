import { DEFAULT_TCA_MATCH_TOLERANCE_MS, type AlertLevel } from '../../../core/operations/index.ts';
import { catalogVersionOf } from '../../screening/catalog-version.ts';
import type { ScreeningReport } from '../../screening/run-screening.ts';
import { hasSgp4, type CatalogChange, type CatalogService } from '../catalog-service.ts';
import { CLAIM_SLACK, PeriodicTask, type TaskClaims } from '../scheduled-task.ts';
import type { ScreeningService } from '../screening-service.ts';
import { ConjunctionAnalysisQuery } from './conjunction-analysis.ts';
import { approachRecord, estimateOf, planConjunctionWrite } from './conjunction-write.ts';
import { ingestionEvents } from './ingestion-events.ts';
import { detectManeuverStage } from './maneuver-stage.ts';
import { planProximityWrite } from './proximity-stage.ts';
import { EVENTS_SHOWN, OperationsReadModel, type OperationsRepositories } from './read-model.ts';

export type { OperationsRepositories } from './read-model.ts';

export interface OperationsOptions {
  /** Continuous screening on (config SCREENING). Off: no runs; the snapshots still serve what is stored. */
  enabled: boolean;
  intervalMinutes: number;
  windowDays: number;
  thresholdKm: number;
  alertLevel: AlertLevel;
  fleetOwners: readonly string[];
  allyOwners: readonly string[];
  adversaryOwners: readonly string[];
  adversaryScreeningKm: number;
  /** ORIGINATOR of the CDMs. */
  originator: string;
  /** Delay of the first run after `start()`, ms (default 5000: the server answers first, quick start/stop cycles cost nothing). */
  firstRunDelayMs?: number;
  /**
   * The periodic runs (the start-up run and every interval's) are claimed here, so that servers
   * sharing one database screen once per interval between them (issue 13). Without it every tick
   * runs: a service built alone, as in tests. Runs after a catalogue change of this server, or
   * asked for with `runNow`, claim nothing.
   */
  claims?: TaskClaims | undefined;
  /** Test hook: called after each stage of a run; a throw fails the run there. */
  afterStage?: (stage: RunStage) => void | Promise<void>;
}

/** What OperationsService.applySettings takes: the settings, and whether the fleet changed. */
export interface ScreeningSettingsUpdate {
  thresholdKm: number;
  windowDays: number;
  intervalMinutes: number;
  alertLevel: AlertLevel;
  fleetOwners: readonly string[];
  fleetChanged?: boolean;
  /** false: apply without a run now (settings another server changed: that server ran). */
  runNow?: boolean;
}

interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** The claim key of the continuous screening's periodic runs, the same in every server. */
export const SCREENING_TASK = 'screening';

export type RunStage = 'screening' | 'conjunctions' | 'proximities' | 'adversary' | 'maneuvers' | 'threats';

export interface RunOutcome {
  runId: number | null;
  status: 'completed' | 'failed' | 'skipped';
  error?: string;
  created: number;
  updated: number;
  closed: number;
  maneuvers: number;
  /** Milliseconds per stage and in total. */
  timings: Record<string, number>;
}

const DAY_MS = 86_400_000;

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The continuous-screening scheduler of the operations engine (DECISIONS.md §5 and §7): every run
 * screens the fleet against the whole catalogue, keeps the conjunction events up to date (CNJ ids,
 * estimate history, alert and CDM events), screens the fleet against adversary satellites, detects
 * manoeuvres in changed element-set histories and assesses threats; catalogue imports become
 * radar_update / launch_detected events. Runs are one at a time, periodic ones claimed across the
 * servers sharing the database.
 *
 * What the runs find goes into the read model (read-model.ts), which the polled routes are
 * served from; the Conjunction Analysis card is conjunction-analysis.ts.
 */
export class OperationsService {
  private readonly options: OperationsOptions;
  /** One writer of conjunction events at a time: a run's conjunction stage or a CDM import. */
  private conjunctionLock: Promise<unknown> = Promise.resolve();
  private running: Promise<RunOutcome> | undefined;
  /** Runs started so far: a refresh from the store read before a run of this server must not overwrite that run's state. */
  private runsStarted = 0;
  private followUp: { reason: string; now: Date | undefined; done: Deferred<RunOutcome> } | undefined;
  private periodic: PeriodicTask | undefined;
  /** A refresh from the store waiting for another server's run to finish (`refreshFromStore`). */
  private refreshTimer: NodeJS.Timeout | undefined;
  private started = false;
  private stopped = false;
  private abort = new AbortController();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly catalog: CatalogService,
    private readonly screening: ScreeningService,
    private readonly repos: OperationsRepositories,
    /** Where the runs' results go, and what the dashboard is served from. */
    private readonly readModel: OperationsReadModel,
    options: OperationsOptions,
    private readonly log: Logger,
  ) {
    // A copy: the settings change it (applySettings).
    this.options = { ...options };
    this.unsubscribe = catalog.onChange((change) => this.catalogChanged(change));
  }

  private get state() {
    return this.readModel.state;
  }

  // ------------------------------------------------------------------------------------------
  // Life cycle

  /** Marks runs a restart interrupted as failed, loads the stored state and builds the snapshots. */
  async initialise(now: Date): Promise<void> {
    this.state.time = now;
    const interrupted = await this.repos.runs.failRunning(now, 'interrupted by restart');
    if (interrupted > 0) this.log.warn({ runs: interrupted }, 'screening runs interrupted by a restart marked failed');
    await this.readModel.initialise(now);
  }

  /**
   * Starts the continuous screening: a first run soon (in the background), then every interval and
   * after each catalogue change. With `claims`, the first and the interval runs happen in this
   * server only when it claims them; when another server ran in this interval, this one reads what
   * that run stored instead (`refreshFromStore`), so that every server serves the same state.
   */
  start(): void {
    if (!this.options.enabled || this.started || this.stopped) return;
    this.started = true;
    this.periodic = new PeriodicTask({
      task: SCREENING_TASK,
      intervalMs: this.options.intervalMinutes * 60_000,
      firstDelayMs: this.options.firstRunDelayMs ?? 5000,
      claims: this.options.claims,
      run: (reason) => void this.runNow(reason),
      notClaimed: (askedAtMs) => {
        const intervalMs = this.options.intervalMinutes * 60_000;
        // The claim this tick lost was taken less than (1 - slack) intervals before it asked, and its run starts after it.
        this.refreshFromStore(Date.now() + intervalMs / 2, askedAtMs - (1 - CLAIM_SLACK) * intervalMs);
      },
      log: this.log,
    });
    this.periodic.start();
  }

  /**
   * New screening settings (issue 14, /config): the next run screens with them; a new interval
   * re-times the periodic runs from now. A change of what is screened (fleet, threshold, window)
   * runs the screening at once, so the dashboard reflects it without waiting for the interval.
   */
  applySettings(settings: ScreeningSettingsUpdate): void {
    const screened = settings.thresholdKm !== this.options.thresholdKm || settings.windowDays !== this.options.windowDays || settings.fleetChanged === true;
    const intervalChanged = settings.intervalMinutes !== this.options.intervalMinutes;
    this.options.thresholdKm = settings.thresholdKm;
    this.options.windowDays = settings.windowDays;
    this.options.intervalMinutes = settings.intervalMinutes;
    this.options.alertLevel = settings.alertLevel;
    this.options.fleetOwners = settings.fleetOwners;
    this.readModel.setFleetOwners(settings.fleetOwners);
    this.readModel.setAlertLevel(settings.alertLevel);
    if (intervalChanged) this.periodic?.setIntervalMs(settings.intervalMinutes * 60_000);
    if (screened && settings.runNow !== false && this.started && !this.stopped) void this.runNow('settings-change');
  }

  /** The screening settings in use. */
  get settings(): Pick<OperationsOptions, 'thresholdKm' | 'windowDays' | 'intervalMinutes' | 'alertLevel' | 'fleetOwners' | 'enabled'> {
    const { thresholdKm, windowDays, intervalMinutes, alertLevel, fleetOwners, enabled } = this.options;
    return { thresholdKm, windowDays, intervalMinutes, alertLevel, fleetOwners, enabled };
  }

  /** Stops the timers and the catalogue listener, cancels a running screening and waits for the engine to settle. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.periodic?.stop();
    clearTimeout(this.refreshTimer);
    this.unsubscribe();
    this.abort.abort(new Error('operations engine stopped'));
    await this.whenIdle();
  }

  /** Resolves when no run is running or queued and every change of the read model (ingestion events included) is applied. */
  async whenIdle(): Promise<void> {
    for (;;) {
      const running = this.running;
      const pending = this.readModel.pending;
      await Promise.allSettled([running, pending]);
      if (this.running === undefined && this.readModel.pending === pending) return;
    }
  }

  /**
   * Runs the screening now (one run at a time: a request while one runs is coalesced into one
   * follow-up run, whose outcome it resolves with). Never rejects: a failed run is recorded as such.
   */
  runNow(reason: string, now?: Date): Promise<RunOutcome> {
    if (this.stopped) return Promise.resolve(this.skipped());
    if (!this.running) {
      this.running = this.loop(reason, now);
      this.state.running = true;
      return this.running;
    }
    if (this.followUp) {
      this.followUp.reason = reason;
      this.followUp.now = now;
    } else {
      this.followUp = { reason, now, done: deferred() };
    }
    return this.followUp.done.promise;
  }

  private async loop(reason: string, now: Date | undefined): Promise<RunOutcome> {
    const first = await this.safeRun(reason, now);
    while (this.followUp && !this.stopped) {
      const next = this.followUp;
      this.followUp = undefined;
      next.done.resolve(await this.safeRun(next.reason, next.now));
    }
    if (this.followUp) {
      this.followUp.done.resolve(this.skipped());
      this.followUp = undefined;
    }
    this.running = undefined;
    this.state.running = false;
    this.readModel.publish(this.state.time);
    return first;
  }

  private skipped(): RunOutcome {
    return { runId: null, status: 'skipped', created: 0, updated: 0, closed: 0, maneuvers: 0, timings: {} };
  }

  /**
   * Runs `work` while no other writer of conjunction events runs (a screening run's conjunction
   * stage, CDM imports), so that neither plans against events the other is changing.
   */
  withConjunctionLock<T>(work: () => Promise<T>): Promise<T> {
    const next = this.conjunctionLock.then(work, work);
    this.conjunctionLock = next.catch(() => undefined);
    return next;
  }

  /** Conjunction events changed outside a run (a CDM import): the read model reloads them. */
  conjunctionsChanged(): Promise<void> {
    return this.readModel.conjunctionsChanged();
  }

  /**
   * Another server ran this interval's screening (its claim holds the period): what it stored
   * (events, manoeuvres, its adversary approaches, the runs) becomes this server's state, as at a
   * restart, and the threat assessment is redone from it, so that every server behind a load
   * balancer serves the same. The regime changes the assessment uses are not stored: they come
   * from the histories that changed, searched as a run's manoeuvre stage does (its detections are
   * those the other server stores, or will: each is stored once, by (norad, detection time)).
   * Not while a run of this server is running, nor when one started meanwhile: that run reloads
   * the state when it ends, and its stages must not have their fields changed under them.
   *
   * The servers' timers may tick close together, so the claiming server's run has often just
   * started when this one learns it lost the claim: while the newest stored run is running, this
   * waits for it (one small query every few seconds) until `deadline` (half an interval; a run
   * left running by a server that died must not hold the refresh back for ever), instead of
   * serving the run before it for a whole interval. The claiming server stores its run only
   * after a catalogue sync, so a newest stored run that started before `claimedAfter` (the earliest
   * the lost claim can have been taken) is the one before: this waits for the claimed one too.
   */
  private refreshFromStore(deadline: number, claimedAfter: number): void {
    clearTimeout(this.refreshTimer);
    this.refreshTimer = undefined;
    this.readModel.enqueue(async () => {
      if (this.running || this.stopped) return;
      const runs = this.runsStarted;
      const latest = await this.repos.runs.latest();
      const claimedRunPending = !latest || latest.status === 'running' || latest.startedAt.getTime() <= claimedAfter;
      if (claimedRunPending && Date.now() < deadline) {
        if (this.running || this.stopped || this.runsStarted !== runs) return;
        const retryMs = Math.min(5_000, this.options.intervalMinutes * 6_000);
        this.refreshTimer = setTimeout(() => this.refreshFromStore(deadline, claimedAfter), retryMs);
        this.refreshTimer.unref();
        return;
      }
      const now = new Date();
      const found = await detectManeuverStage(this.repos.maneuvers, this.state.historiesSeenUpTo, now, (norad) => this.readModel.nameOf(norad));
      const stored = await this.readModel.read(now);
      if (this.running || this.stopped || this.runsStarted !== runs) return;
      if (found) this.readModel.applyManeuverStage(found);
      this.state.time = now;
      this.readModel.apply(stored);
      this.readModel.restoreAdversaryApproaches();
      this.readModel.rebuildRiskLists(now.getTime());
      this.readModel.assessThreats(now);
      this.readModel.publish(now);
    });
  }

  // ------------------------------------------------------------------------------------------
  // Catalogue ingestion events

  private catalogChanged(change: CatalogChange): void {
    this.readModel.enqueue(async () => {
      const events = ingestionEvents(change, (norad) => this.readModel.nameOf(norad));
      if (events.length > 0) {
        await this.repos.events.insert(events);
        this.state.recentEventRows = await this.repos.events.recent(EVENTS_SHOWN);
      }
      this.readModel.publish(this.state.time);
    });
    if (this.started && !this.stopped) void this.runNow('catalogue-update');
  }

  // ------------------------------------------------------------------------------------------
  // A run

  private async safeRun(reason: string, at: Date | undefined): Promise<RunOutcome> {
    const outcome: RunOutcome = { runId: null, status: 'completed', created: 0, updated: 0, closed: 0, maneuvers: 0, timings: {} };
    const now = at ?? new Date();
    this.runsStarted += 1;
    this.state.time = now;
    const started = performance.now();
    this.readModel.publish(now);
    try {
      await this.run(reason, now, outcome);
    } catch (error) {
      outcome.status = 'failed';
      outcome.error = errorText(error);
      if (this.stopped) this.log.warn({ reason, runId: outcome.runId }, 'screening run cancelled: the engine is stopping');
      else this.log.error({ err: error, reason, runId: outcome.runId }, 'screening run failed');
      if (outcome.runId !== null) {
        try {
          await this.repos.runs.fail(outcome.runId, { finishedAt: new Date(now.getTime() + (performance.now() - started)), error: outcome.error });
        } catch (failError) {
          this.log.error({ err: failError }, 'could not mark the screening run failed');
        }
      }
    }
    outcome.timings.totalMs = Math.round(performance.now() - started);
    try {
      await this.readModel.load(now);
    } catch (error) {
      this.log.error({ err: error }, 'could not reload the operations state');
    }
    this.readModel.publish(now);
    if (outcome.status === 'completed') this.log.info({ reason, ...outcome, timings: outcome.timings }, 'screening run completed');
    return outcome;
  }

  private async stage(stage: RunStage, outcome: RunOutcome, work: () => Promise<void> | void): Promise<void> {
    const t = performance.now();
    await work();
    outcome.timings[`${stage}Ms`] = Math.round(performance.now() - t);
    await this.options.afterStage?.(stage);
  }

  private async run(reason: string, now: Date, outcome: RunOutcome): Promise<void> {
    // Another server sharing the database may have imported since this cache was built.
    await this.catalog.syncWithDatabase().catch((error: Error) => this.log.warn({ err: error }, 'catalogue sync before the run failed: screening the cached catalogue'));
    const state = this.state;
    const adversaries = this.readModel.adversaries;
    const nameOf = (norad: number) => this.readModel.nameOf(norad);
    const nowMs = now.getTime();
    const window = { startMs: nowMs, endMs: nowMs + this.options.windowDays * DAY_MS };
    const fleet = this.catalog.fleet().filter((e) => e.model);
    const fleetIds = new Set(fleet.map((e) => e.object.noradId));
    const version = fleet.length > 0 ? this.screening.catalogVersion() : { version: 'empty', sets: [] };
    const objects = version.sets.length;
    const runId = await this.repos.runs.start({
      reason,
      startedAt: now,
      windowStart: new Date(window.startMs),
      windowEnd: new Date(window.endMs),
      thresholdKm: this.options.thresholdKm,
      catalogVersion: version.version,
      primaries: fleet.length,
      objects,
      pairs: fleet.length * objects,
    });
    outcome.runId = runId;
    state.lastRun = await this.repos.runs.get(runId);
    this.readModel.publish(now);
    const lookup = (norad: number) => this.catalog.entry(norad);
    const objectType = (norad: number) => lookup(norad)?.object.objectType;
    const signal = this.abort.signal;

    // 1. Adversary screening first (a small catalogue version), so that the workers keep the
    //    whole catalogue loaded afterwards for the next SST analysis.
    await this.stage('adversary', outcome, async () => {
      state.adversaryApproaches = [];
      const targets = [...this.catalog.all()].filter((e) => hasSgp4(e) && !fleetIds.has(e.object.noradId) && adversaries.isSatellite(e));
      if (fleet.length === 0 || targets.length === 0) return;
      const small = catalogVersionOf([...fleet, ...targets].map((e) => e.set));
      const report = await this.screening.screen(
        { primaries: fleet.map((e) => e.object.noradId), startMs: window.startMs, endMs: window.endMs, thresholdKm: this.options.adversaryScreeningKm, catalog: small },
        { signal, objectType },
      );
      outcome.timings.adversaryLoadMs = Math.round(report.timings.prepare);
      state.adversaryApproaches = report.conjunctions.filter((c) => !fleetIds.has(c.approach.secondary)).map((c) => approachRecord(c, lookup));
    });

    // 2. The fleet against the whole catalogue.
    let report: ScreeningReport | undefined;
    await this.stage('screening', outcome, async () => {
      if (fleet.length === 0) return;
      report = await this.screening.screen(
        { primaries: fleet.map((e) => e.object.noradId), startMs: window.startMs, endMs: window.endMs, thresholdKm: this.options.thresholdKm },
        { signal, objectType },
      );
      outcome.timings.screeningLoadMs = Math.round(report.timings.prepare);
    });

    // 3. Conjunction events (under the conjunction lock: CDM imports write them too).
    await this.stage('conjunctions', outcome, async () => {
      await this.withConjunctionLock(async () => {
        state.openEvents = await this.repos.conjunctions.open();
        // Closed events still ahead are matched too: found again, they reopen (or stay closed) instead of being stored twice.
        const closedEvents = await this.repos.conjunctions.closedSince(new Date(nowMs - DEFAULT_TCA_MATCH_TOLERANCE_MS));
        const estimates = (report?.conjunctions ?? []).map((c) => estimateOf(c, lookup));
        // Nothing screened (no fleet): no event can be "not found", only passed.
        const screened = report ? window : { startMs: nowMs, endMs: nowMs };
        const { write, counts } = await planConjunctionWrite(state.openEvents, estimates, screened, {
          runId,
          now,
          alertLevel: this.options.alertLevel,
          maxSequence: (year) => this.repos.conjunctions.maxSequence(year),
          cdmKvn: (c, conjunctionId, at) => this.screening.cdmOf(c, conjunctionId, 'kvn', at),
          closedEvents,
        });
        Object.assign(outcome, counts);
        if (write.created.length + write.updated.length + write.closed.length + write.events.length + (write.changes?.length ?? 0) > 0) await this.repos.conjunctions.applyRun(write);
        state.openEvents = await this.repos.conjunctions.open();
      });
    });

    // 3b. Proximities (pairs that stay close), kept apart from conjunctions; an adversary's with the fleet is announced.
    await this.stage('proximities', outcome, async () => {
      if (!report) return;
      const write = planProximityWrite(state.openProximities, report.proximities, {
        runId,
        now,
        fleetIds,
        isAdversary: (norad) => {
          const e = lookup(norad);
          return e !== undefined && adversaries.isSatellite(e);
        },
        nameOf,
      });
      await this.repos.proximities.applyRun(write);
      state.openProximities = await this.repos.proximities.open();
    });
    this.readModel.rebuildRiskLists(nowMs);

    // 4. Manoeuvres in the histories that changed.
    await this.stage('maneuvers', outcome, async () => {
      const found = await detectManeuverStage(this.repos.maneuvers, state.historiesSeenUpTo, now, nameOf);
      if (!found) return;
      this.readModel.applyManeuverStage(found);
      outcome.maneuvers = found.added;
    });

    // 5. Threat assessment of the whole catalogue (in memory).
    await this.stage('threats', outcome, async () => {
      state.maneuverRows = await this.repos.maneuvers.since(new Date(nowMs - 30 * DAY_MS));
      this.readModel.assessThreats(now);
    });

    await this.repos.runs.complete(runId, { finishedAt: new Date(), approaches: report?.conjunctions.length ?? 0, adversaryApproaches: state.adversaryApproaches });
  }
}

/** The operations engine's parts, wired together. */
export interface Operations {
  /** The continuous screening: runs, claims, refreshes, the conjunction lock. */
  scheduler: OperationsService;
  /** The state from the store and the polled snapshots. */
  readModel: OperationsReadModel;
  /** The Conjunction Analysis card and stored events' CDMs. */
  analysis: ConjunctionAnalysisQuery;
}

/** Builds the scheduler, its read model and the analysis query over one catalogue and store. */
export function createOperations(catalog: CatalogService, screening: ScreeningService, repos: OperationsRepositories, options: OperationsOptions, log: Logger): Operations {
  const readModel = new OperationsReadModel(catalog, repos, { fleetOwners: options.fleetOwners, allyOwners: options.allyOwners, adversaryOwners: options.adversaryOwners, alertLevel: options.alertLevel }, log);
  return {
    scheduler: new OperationsService(catalog, screening, repos, readModel, options, log),
    readModel,
    analysis: new ConjunctionAnalysisQuery(repos.conjunctions, catalog, () => readModel.openEvents()),
  };
}
