import type {
  Conjunction,
  ConjunctionAnalysis,
  DashboardStats,
  Maneuver,
  OperationsEvent,
  RiskItem,
  ThreatAssessment,
  ThreatSummary,
} from '../../../contracts/operations.ts';
import { DEFAULT_ANALYSIS_ID } from '../../../contracts/operations.ts';
import { readCdmKvn, writeCdmXml } from '../../../core/cdm/index.ts';
import { ADVERSARIES } from '../../../core/catalog/named-objects.ts';
import { normalizeOwner, type AlertLevel, type ApproachRecord } from '../../../core/operations/index.ts';
import type { ConjunctionEventRepository, ConjunctionEventRow } from '../../repositories/conjunction-event-repository.ts';
import type { HighInterestObjectRepository } from '../../repositories/high-interest-object-repository.ts';
import type { ManeuverRepository, ManeuverRow } from '../../repositories/maneuver-repository.ts';
import type { OperationsEventRepository, OperationsEventRow } from '../../repositories/operations-event-repository.ts';
import type { ProximityRepository, ProximityRow } from '../../repositories/proximity-repository.ts';
import type { ScreeningRunRepository, ScreeningRunRow } from '../../repositories/screening-run-repository.ts';
import { catalogVersionOf } from '../../screening/catalog-version.ts';
import type { ScreeningReport } from '../../screening/run-screening.ts';
import type { CatalogChange, CatalogEntry, CatalogService } from '../catalog-service.ts';
import { CLAIM_SLACK, PeriodicTask, type TaskClaims } from '../scheduled-task.ts';
import type { ScreeningService } from '../screening-service.ts';
import { approachRecord, estimateOf, planConjunctionWrite } from './conjunction-write.ts';
import { ingestionEvents } from './ingestion-events.ts';
import { detectManeuverStage, type ManeuverStageResult, type RegimeShift } from './maneuver-stage.ts';
import { planProximityWrite } from './proximity-stage.ts';
import { adversaryList, debrisList, storedApproaches } from './risk-lists.ts';
import { replaceSnapshot, type Snapshot } from './snapshot.ts';
import { assessThreats } from './threat-stage.ts';
import { altitudeKm, compareConjunctions, conjunctionOf, eventOf, isEventDetails, maneuverOf, projectionPoints, type EventDetails } from './views.ts';

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

export interface OperationsRepositories {
  runs: ScreeningRunRepository;
  conjunctions: ConjunctionEventRepository;
  events: OperationsEventRepository;
  maneuvers: ManeuverRepository;
  highInterest: HighInterestObjectRepository;
  proximities: ProximityRepository;
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

/** Events listed in the Live Feed. */
const EVENTS_SHOWN = 50;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

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
 * The continuous-screening operations engine (DECISIONS.md §5 and §7): every run screens the
 * fleet against the whole catalogue, keeps the conjunction events up to date (CNJ ids, estimate
 * history, alert and CDM events), screens the fleet against adversary satellites, detects
 * manoeuvres in changed element-set histories and assesses threats; catalogue imports become
 * radar_update / launch_detected events.
 *
 * What the dashboard polls is served from snapshots (JSON + ETag) rebuilt only when the state
 * changes: no database access or computation per request.
 */
export class OperationsService {
  private readonly options: OperationsOptions;
  private openEvents: ConjunctionEventRow[] = [];
  private openProximities: ProximityRow[] = [];
  /** One writer of conjunction events at a time: a run's conjunction stage or a CDM import. */
  private conjunctionLock: Promise<unknown> = Promise.resolve();
  private recentEventRows: OperationsEventRow[] = [];
  private maneuverRows: ManeuverRow[] = [];
  private hioCount = 0;
  private lastRun: ScreeningRunRow | undefined;
  private lastCompleted: ScreeningRunRow | undefined;
  private dailyScreens = 0;
  /** Pairs screened by catalogue-wide runs in the last 24 h (CatalogScreeningService tells). */
  private catalogDailyScreens = 0;
  private regimeChanges = new Map<number, RegimeShift>();
  private adversaryApproaches: ApproachRecord[] = [];
  private adversaryItems: RiskItem[] = [];
  private debrisItems: RiskItem[] = [];
  private assessments: ThreatAssessment[] = [];
  private summary: ThreatSummary = { totalObjects: 0, cooperativeObjects: 0, nonCooperativeObjects: 0, unknownObjects: 0, adversaryObjects: 0, recentManeuvers: 0, anomalousObjects: 0 };
  private levelCounts = { critical: 0, high: 0, medium: 0, low: 0 };
  /** Element-set id up to which histories were searched for manoeuvres (undefined: none yet). */
  private historiesSeenUpTo: number | undefined;
  /** The time of the state in memory: the latest run's (or start-up's) `now`. */
  private stateTime = new Date();

  private snapshots: {
    active?: Snapshot<Conjunction[]>;
    events?: Snapshot<OperationsEvent[]>;
    stats?: Snapshot<DashboardStats>;
    maneuvers?: Snapshot<Maneuver[]>;
    summary?: Snapshot<ThreatSummary>;
    assessments?: Snapshot<ThreatAssessment[]>;
    adversary?: Snapshot<RiskItem[]>;
    debris?: Snapshot<RiskItem[]>;
  } = {};

  private running: Promise<RunOutcome> | undefined;
  /** Runs started so far: a refresh from the store read before a run of this server must not overwrite that run's state. */
  private runsStarted = 0;
  private followUp: { reason: string; now: Date | undefined; done: Deferred<RunOutcome> } | undefined;
  private writes: Promise<unknown> = Promise.resolve();
  private periodic: PeriodicTask | undefined;
  /** A refresh from the store waiting for another server's run to finish (`refreshFromStore`). */
  private refreshTimer: NodeJS.Timeout | undefined;
  private started = false;
  private stopped = false;
  private abort = new AbortController();
  private readonly unsubscribe: () => void;
  private readonly adversaryOwners: Set<string>;

  constructor(
    private readonly catalog: CatalogService,
    private readonly screening: ScreeningService,
    private readonly repos: OperationsRepositories,
    options: OperationsOptions,
    private readonly log: Logger,
  ) {
    // A copy: the settings change it (applySettings).
    this.options = { ...options };
    this.adversaryOwners = new Set(options.adversaryOwners.map((o) => normalizeOwner(o)).filter((o): o is string => o !== null));
    this.unsubscribe = catalog.onChange((change) => this.catalogChanged(change));
    this.rebuildSnapshots(this.stateTime);
  }

  // ------------------------------------------------------------------------------------------
  // Life cycle

  /** Marks runs a restart interrupted as failed, loads the stored state and builds the snapshots. */
  async initialise(now: Date): Promise<void> {
    this.stateTime = now;
    const interrupted = await this.repos.runs.failRunning(now, 'interrupted by restart');
    if (interrupted > 0) this.log.warn({ runs: interrupted }, 'screening runs interrupted by a restart marked failed');
    await this.loadState(now);
    // The latest run's approaches to adversary satellites, so that the lists are right before the first run.
    this.adversaryApproaches = storedApproaches(this.lastCompleted?.adversaryApproaches);
    this.rebuildRiskLists(now.getTime());
    this.assessThreats(now);
    this.rebuildSnapshots(now);
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

  /** Resolves when no run is running or queued and every ingestion event is written. */
  async whenIdle(): Promise<void> {
    for (;;) {
      const running = this.running;
      const writes = this.writes;
      await Promise.allSettled([running, writes]);
      if (this.running === undefined && this.writes === writes) return;
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
    this.rebuildSnapshots(this.stateTime);
    return first;
  }

  private skipped(): RunOutcome {
    return { runId: null, status: 'skipped', created: 0, updated: 0, closed: 0, maneuvers: 0, timings: {} };
  }

  /** The watch list changed: the stats count it. */
  highInterestChanged(): void {
    this.enqueueWrite(async () => {
      this.hioCount = await this.repos.highInterest.count();
      this.rebuildSnapshots(this.stateTime);
    });
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

  /** Conjunction events changed outside a run (a CDM import): reload them and rebuild what is served. */
  async conjunctionsChanged(): Promise<void> {
    const [open, events] = await Promise.all([this.repos.conjunctions.open(), this.repos.events.recent(EVENTS_SHOWN)]);
    this.openEvents = open;
    this.recentEventRows = events;
    this.rebuildRiskLists(this.stateTime.getTime());
    this.rebuildSnapshots(this.stateTime);
  }

  private enqueueWrite(work: () => Promise<void>): void {
    this.writes = this.writes.then(work).catch((error: unknown) => this.log.error({ err: error }, 'operations bookkeeping failed'));
  }

  // ------------------------------------------------------------------------------------------
  // Snapshots (cheap: built when the state changes)

  activeConjunctions(): Snapshot<Conjunction[]> {
    return this.snapshots.active!;
  }
  events(): Snapshot<OperationsEvent[]> {
    return this.snapshots.events!;
  }
  stats(): Snapshot<DashboardStats> {
    return this.snapshots.stats!;
  }
  recentManeuvers(): Snapshot<Maneuver[]> {
    return this.snapshots.maneuvers!;
  }
  threatSummary(): Snapshot<ThreatSummary> {
    return this.snapshots.summary!;
  }
  threatAssessments(): Snapshot<ThreatAssessment[]> {
    return this.snapshots.assessments!;
  }
  adversaryRisk(): Snapshot<RiskItem[]> {
    return this.snapshots.adversary!;
  }
  debrisRisk(): Snapshot<RiskItem[]> {
    return this.snapshots.debris!;
  }

  private rebuildSnapshots(now: Date): void {
    const s = this.snapshots;
    const lookup = (norad: number) => this.catalog.entry(norad);
    s.active = replaceSnapshot(s.active, this.openEvents.map((row) => conjunctionOf(row, lookup)).sort(compareConjunctions));
    s.events = replaceSnapshot(s.events, this.recentEventRows.map(eventOf));
    const since30 = now.getTime() - 30 * DAY_MS;
    const recent = this.maneuverRows.filter((m) => m.detectionTime.getTime() >= since30);
    s.maneuvers = replaceSnapshot(
      s.maneuvers,
      recent.map((m) => maneuverOf(m, this.nameOf(m.noradId))),
    );
    const status: DashboardStats['screeningStatus'] = this.running ? 'running' : this.lastRun?.status === 'failed' ? 'failed' : 'idle';
    s.stats = replaceSnapshot(s.stats, {
      activeAlerts: this.openEvents.filter((e) => e.riskLevel === 'high' || e.riskLevel === 'critical').length,
      maneuverDetections: recent.length,
      highInterestObjects: this.hioCount,
      threatLevel: { ...this.levelCounts },
      trackedObjects: this.catalog.size,
      dailyScreens: this.dailyScreens + this.catalogDailyScreens,
      lastScreening: this.lastCompleted?.finishedAt?.toISOString() ?? null,
      screeningStatus: status,
    });
    s.summary = replaceSnapshot(s.summary, { ...this.summary });
    s.assessments = replaceSnapshot(s.assessments, this.assessments);
    s.adversary = replaceSnapshot(s.adversary, this.adversaryItems);
    s.debris = replaceSnapshot(s.debris, this.debrisItems);
  }

  /** The pairs catalogue-wide runs screened in the last 24 h, for the Daily Screens tile. */
  setCatalogDailyScreens(pairs: number, now: Date): void {
    this.catalogDailyScreens = pairs;
    this.rebuildSnapshots(now);
  }

  private async loadState(now: Date): Promise<void> {
    this.applyState(await this.readState(now));
  }

  private async readState(now: Date) {
    const [open, events, maneuvers, hio, lastRun, lastCompleted, pairs, proximities] = await Promise.all([
      this.repos.conjunctions.open(),
      this.repos.events.recent(EVENTS_SHOWN),
      this.repos.maneuvers.since(new Date(now.getTime() - 30 * DAY_MS)),
      this.repos.highInterest.count(),
      this.repos.runs.latest(),
      this.repos.runs.lastCompleted(),
      this.repos.runs.pairsSince(new Date(now.getTime() - DAY_MS)),
      this.repos.proximities.open(),
    ]);
    return { open, events, maneuvers, hio, lastRun, lastCompleted, pairs, proximities };
  }

  private applyState({ open, events, maneuvers, hio, lastRun, lastCompleted, pairs, proximities }: Awaited<ReturnType<OperationsService['readState']>>): void {
    this.openEvents = open;
    this.openProximities = proximities;
    this.recentEventRows = events;
    this.maneuverRows = maneuvers;
    this.hioCount = hio;
    this.lastRun = lastRun;
    this.lastCompleted = lastCompleted;
    this.dailyScreens = pairs;
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
    this.enqueueWrite(async () => {
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
      const found = await detectManeuverStage(this.repos.maneuvers, this.historiesSeenUpTo, now, (norad) => this.nameOf(norad));
      const state = await this.readState(now);
      if (this.running || this.stopped || this.runsStarted !== runs) return;
      if (found) this.applyManeuverStage(found);
      this.stateTime = now;
      this.applyState(state);
      this.adversaryApproaches = storedApproaches(this.lastCompleted?.adversaryApproaches);
      this.rebuildRiskLists(now.getTime());
      this.assessThreats(now);
      this.rebuildSnapshots(now);
    });
  }

  // ------------------------------------------------------------------------------------------
  // Catalogue ingestion events

  private catalogChanged(change: CatalogChange): void {
    this.enqueueWrite(async () => {
      const events = ingestionEvents(change, (norad) => this.nameOf(norad));
      if (events.length > 0) {
        await this.repos.events.insert(events);
        this.recentEventRows = await this.repos.events.recent(EVENTS_SHOWN);
      }
      this.rebuildSnapshots(this.stateTime);
    });
    if (this.started && !this.stopped) void this.runNow('catalogue-update');
  }

  // ------------------------------------------------------------------------------------------
  // A run

  private async safeRun(reason: string, at: Date | undefined): Promise<RunOutcome> {
    const outcome: RunOutcome = { runId: null, status: 'completed', created: 0, updated: 0, closed: 0, maneuvers: 0, timings: {} };
    const now = at ?? new Date();
    this.runsStarted += 1;
    this.stateTime = now;
    const started = performance.now();
    this.rebuildSnapshots(now);
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
      await this.loadState(now);
    } catch (error) {
      this.log.error({ err: error }, 'could not reload the operations state');
    }
    this.rebuildSnapshots(now);
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
    this.lastRun = await this.repos.runs.get(runId);
    this.rebuildSnapshots(now);
    const lookup = (norad: number) => this.catalog.entry(norad);
    const objectType = (norad: number) => lookup(norad)?.object.objectType;
    const signal = this.abort.signal;

    // 1. Adversary screening first (a small catalogue version), so that the workers keep the
    //    whole catalogue loaded afterwards for the next SST analysis.
    await this.stage('adversary', outcome, async () => {
      this.adversaryApproaches = [];
      const adversaries = [...this.catalog.all()].filter((e) => e.model && !fleetIds.has(e.object.noradId) && this.isAdversarySatellite(e));
      if (fleet.length === 0 || adversaries.length === 0) return;
      const small = catalogVersionOf([...fleet, ...adversaries].map((e) => e.set));
      const report = await this.screening.screen(
        { primaries: fleet.map((e) => e.object.noradId), startMs: window.startMs, endMs: window.endMs, thresholdKm: this.options.adversaryScreeningKm, catalog: small },
        { signal, objectType },
      );
      outcome.timings.adversaryLoadMs = Math.round(report.timings.prepare);
      this.adversaryApproaches = report.conjunctions.filter((c) => !fleetIds.has(c.approach.secondary)).map((c) => approachRecord(c, lookup));
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
        this.openEvents = await this.repos.conjunctions.open();
        const estimates = (report?.conjunctions ?? []).map((c) => estimateOf(c, lookup));
        // Nothing screened (no fleet): no event can be "not found", only passed.
        const screened = report ? window : { startMs: nowMs, endMs: nowMs };
        const { write, counts } = await planConjunctionWrite(this.openEvents, estimates, screened, {
          runId,
          now,
          alertLevel: this.options.alertLevel,
          maxSequence: (year) => this.repos.conjunctions.maxSequence(year),
          cdmKvn: (c, conjunctionId, at) => this.screening.cdmOf(c, conjunctionId, 'kvn', at),
        });
        Object.assign(outcome, counts);
        if (write.created.length + write.updated.length + write.closed.length + write.events.length > 0) await this.repos.conjunctions.applyRun(write);
        this.openEvents = await this.repos.conjunctions.open();
      });
    });

    // 3b. Proximities (pairs that stay close), kept apart from conjunctions; an adversary's with the fleet is announced.
    await this.stage('proximities', outcome, async () => {
      if (!report) return;
      const write = planProximityWrite(this.openProximities, report.proximities, {
        runId,
        now,
        fleetIds,
        isAdversary: (norad) => {
          const e = lookup(norad);
          return e !== undefined && this.isAdversarySatellite(e);
        },
        nameOf: (norad) => this.nameOf(norad),
      });
      await this.repos.proximities.applyRun(write);
      this.openProximities = await this.repos.proximities.open();
    });
    this.rebuildRiskLists(nowMs);

    // 4. Manoeuvres in the histories that changed.
    await this.stage('maneuvers', outcome, async () => {
      const found = await detectManeuverStage(this.repos.maneuvers, this.historiesSeenUpTo, now, (norad) => this.nameOf(norad));
      if (!found) return;
      this.applyManeuverStage(found);
      outcome.maneuvers = found.added;
    });

    // 5. Threat assessment of the whole catalogue (in memory).
    await this.stage('threats', outcome, async () => {
      this.maneuverRows = await this.repos.maneuvers.since(new Date(nowMs - 30 * DAY_MS));
      this.assessThreats(now);
    });

    await this.repos.runs.complete(runId, { finishedAt: new Date(), approaches: report?.conjunctions.length ?? 0, adversaryApproaches: this.adversaryApproaches });
  }

  private applyManeuverStage(found: ManeuverStageResult): void {
    for (const [norad, shift] of found.regimes) {
      if (shift) this.regimeChanges.set(norad, shift);
      else this.regimeChanges.delete(norad);
    }
    this.historiesSeenUpTo = found.seenUpTo;
  }

  /** The Adversary Conjunction Risk and Space Debris Collision Assessment lists, from the state in memory. */
  private rebuildRiskLists(nowMs: number): void {
    const lookup = (norad: number) => this.catalog.entry(norad);
    this.adversaryItems = adversaryList(this.adversaryApproaches, (norad) => this.isAdversaryOwner(lookup(norad)?.object.owner), nowMs);
    this.debrisItems = debrisList(this.openEvents, lookup, nowMs);
  }

  private isAdversaryOwner(owner: string | null | undefined): boolean {
    const code = normalizeOwner(owner);
    return code !== null && this.adversaryOwners.has(code);
  }

  /** An adversary satellite: owned by an adversary (or one of the spec's named adversaries) and not debris or a rocket body. */
  private isAdversarySatellite(e: CatalogEntry): boolean {
    if (e.object.objectType === 'debris' || e.object.objectType === 'rocket_body') return false;
    return NAMED_ADVERSARY_IDS.has(e.object.noradId) || this.isAdversaryOwner(e.object.owner);
  }

  private nameOf(norad: number): string {
    return this.catalog.entry(norad)?.object.name ?? `NORAD ${norad}`;
  }

  /** Threat assessments and the summary over the whole catalogue, from the state in memory. */
  private assessThreats(now: Date): void {
    const result = assessThreats({
      now,
      catalog: this.catalog.all(),
      fleetIds: new Set(this.catalog.fleet().map((e) => e.object.noradId)),
      lookup: (norad) => this.catalog.entry(norad),
      owners: { fleetOwners: this.options.fleetOwners, allies: this.options.allyOwners, adversaries: this.options.adversaryOwners },
      maneuverRows: this.maneuverRows,
      openEvents: this.openEvents,
      adversaryApproaches: this.adversaryApproaches,
      proximities: this.openProximities,
      regimeChanges: this.regimeChanges,
      previous: this.assessments,
    });
    this.assessments = result.assessments;
    this.summary = result.summary;
    this.levelCounts = result.levelCounts;
  }

  // ------------------------------------------------------------------------------------------
  // Analysis card and CDMs

  /**
   * The Conjunction Analysis card of a stored event. The card's default id (CNJ-2024-001), when no
   * event has it, resolves to the open event of highest Pc, else the most recently changed one.
   */
  async analyze(conjunctionId: string, _now?: Date): Promise<ConjunctionAnalysis | undefined> {
    let row = await this.repos.conjunctions.byConjunctionId(conjunctionId);
    if (!row && conjunctionId === DEFAULT_ANALYSIS_ID) {
      row = [...this.openEvents].sort((a, b) => b.pc - a.pc || b.maxPc - a.maxPc || a.tca.getTime() - b.tca.getTime())[0] ?? (await this.repos.conjunctions.mostRecent());
    }
    if (!row) return undefined;
    const updates = await this.repos.conjunctions.updates(row.id);
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
    const row = await this.repos.conjunctions.byConjunctionId(conjunctionId);
    if (!row?.cdmKvn) return undefined;
    return format === 'xml' ? writeCdmXml(readCdmKvn(row.cdmKvn)) : row.cdmKvn;
  }
}

const NAMED_ADVERSARY_IDS = new Set(ADVERSARIES.map((a) => a.norad));
