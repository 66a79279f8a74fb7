import type { Conjunction, DashboardStats, Maneuver, OperationsEvent, RiskItem, ThreatAssessment, ThreatSummary } from '../../../contracts/operations.ts';
import { isAlert, type AlertLevel, type ApproachRecord, type EventRiskLevel } from '../../../core/operations/index.ts';
import { replaceSnapshot, type Snapshot } from '../../http/snapshot.ts';
import type { ConjunctionEventRepository, ConjunctionEventRow } from '../../repositories/conjunction-event-repository.ts';
import type { HighInterestObjectRepository } from '../../repositories/high-interest-object-repository.ts';
import type { ManeuverRepository, ManeuverRow } from '../../repositories/maneuver-repository.ts';
import type { OperationsEventRepository, OperationsEventRow } from '../../repositories/operations-event-repository.ts';
import type { ProximityRepository, ProximityRow } from '../../repositories/proximity-repository.ts';
import type { ScreeningRunRepository, ScreeningRunRow } from '../../repositories/screening-run-repository.ts';
import type { CatalogService } from '../catalog-service.ts';
import type { ManeuverStageResult, RegimeShift } from './maneuver-stage.ts';
import { adversaryFilter, adversaryList, debrisList, storedApproaches, type AdversaryFilter } from './risk-lists.ts';
import { assessThreats } from './threat-stage.ts';
import { compareConjunctions, conjunctionOf, eventOf, maneuverOf } from './views.ts';

export interface OperationsRepositories {
  runs: ScreeningRunRepository;
  conjunctions: ConjunctionEventRepository;
  events: OperationsEventRepository;
  maneuvers: ManeuverRepository;
  highInterest: HighInterestObjectRepository;
  proximities: ProximityRepository;
}

/** Who is who, for the threat classification and the adversary list (config; the fleet owners change with the settings). */
export interface OwnerSettings {
  fleetOwners: readonly string[];
  allyOwners: readonly string[];
  adversaryOwners: readonly string[];
  /** The risk from which an open conjunction is an active alert (ALERT_LEVEL, the settings); default high. */
  alertLevel?: AlertLevel;
}

interface Logger {
  error(obj: object, msg?: string): void;
}

/** Events listed in the Live Feed. */
export const EVENTS_SHOWN = 50;
const DAY_MS = 86_400_000;

/**
 * What the picture is built from: the rows the store holds (loaded at start-up, reloaded after
 * every run and after changes outside a run) and what the runs found in memory. The scheduler's
 * run stages write it as they go; the read model derives the lists and snapshots from it.
 */
export interface OperationsState {
  /** The time of the state: the latest run's (or start-up's, or refresh's) `now`. */
  time: Date;
  openEvents: ConjunctionEventRow[];
  openProximities: ProximityRow[];
  recentEventRows: OperationsEventRow[];
  /** Manoeuvres of the last 30 days (from `time`). */
  maneuverRows: ManeuverRow[];
  hioCount: number;
  lastRun: ScreeningRunRow | undefined;
  lastCompleted: ScreeningRunRow | undefined;
  /** Pairs screened by the fleet runs in the last 24 h. */
  dailyScreens: number;
  /** Pairs screened by catalogue-wide runs in the last 24 h (CatalogScreeningService tells). */
  catalogDailyScreens: number;
  regimeChanges: Map<number, RegimeShift>;
  adversaryApproaches: ApproachRecord[];
  /** Element-set id up to which histories were searched for manoeuvres (undefined: none yet). */
  historiesSeenUpTo: number | undefined;
  /** A screening run is running (the stats' screeningStatus). */
  running: boolean;
}

/** The rows `read` loads from the store. */
export interface StoredState {
  open: ConjunctionEventRow[];
  events: OperationsEventRow[];
  maneuvers: ManeuverRow[];
  hio: number;
  lastRun: ScreeningRunRow | undefined;
  lastCompleted: ScreeningRunRow | undefined;
  pairs: number;
  proximities: ProximityRow[];
}

/**
 * The read model of the operations picture (DECISIONS.md §7): the state loaded from the store and
 * what the dashboard polls, as snapshots (JSON + ETag, http/snapshot.ts) rebuilt only when the
 * state changes (`publish`), so a poll costs no query, computation or serialisation: the open
 * conjunctions, the Live Feed, the stats, the manoeuvres, the threat summary and assessments,
 * and the adversary and debris risk lists.
 *
 * The scheduler (operations-service.ts) writes `state` during its runs and refreshes; changes that
 * arrive outside a run (the watch list, CDM imports, catalogue-wide screening counts) come here
 * directly. Changes that need the store go through one queue (`enqueue`), so they apply in order.
 */
export class OperationsReadModel {
  readonly state: OperationsState = {
    time: new Date(),
    openEvents: [],
    openProximities: [],
    recentEventRows: [],
    maneuverRows: [],
    hioCount: 0,
    lastRun: undefined,
    lastCompleted: undefined,
    dailyScreens: 0,
    catalogDailyScreens: 0,
    regimeChanges: new Map(),
    adversaryApproaches: [],
    historiesSeenUpTo: undefined,
    running: false,
  };
  readonly adversaries: AdversaryFilter;
  private owners: OwnerSettings;
  private adversaryItems: RiskItem[] = [];
  private debrisItems: RiskItem[] = [];
  private assessments: ThreatAssessment[] = [];
  private summary: ThreatSummary = { totalObjects: 0, cooperativeObjects: 0, nonCooperativeObjects: 0, unknownObjects: 0, adversaryObjects: 0, recentManeuvers: 0, anomalousObjects: 0 };
  private levelCounts = { critical: 0, high: 0, medium: 0, low: 0 };
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
  /** Changes of the state outside a run, one at a time, in order. */
  private queue: Promise<unknown> = Promise.resolve();
  /** Told the earliest open TCA at each publish (the alert lifecycle's expiry timer). */
  private readonly openListeners: ((earliestTcaMs: number | undefined) => void)[] = [];

  constructor(
    private readonly catalog: CatalogService,
    private readonly repos: OperationsRepositories,
    owners: OwnerSettings,
    private readonly log: Logger,
  ) {
    this.owners = { ...owners };
    this.adversaries = adversaryFilter(owners.adversaryOwners);
    this.publish(this.state.time);
  }

  // ------------------------------------------------------------------------------------------
  // What the polled routes send

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

  /** The open conjunction events as stored (the Conjunction Analysis card picks its default from them). */
  openEvents(): readonly ConjunctionEventRow[] {
    return this.state.openEvents;
  }

  // ------------------------------------------------------------------------------------------
  // Loading from the store

  /** At start-up: the stored state, the latest run's adversary approaches, the lists, the assessment and the snapshots. */
  async initialise(now: Date): Promise<void> {
    await this.load(now);
    this.restoreAdversaryApproaches();
    this.rebuildRiskLists(now.getTime());
    this.assessThreats(now);
    this.publish(now);
  }

  async load(now: Date): Promise<void> {
    this.apply(await this.read(now));
  }

  async read(now: Date): Promise<StoredState> {
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

  apply({ open, events, maneuvers, hio, lastRun, lastCompleted, pairs, proximities }: StoredState): void {
    const s = this.state;
    s.openEvents = open;
    s.openProximities = proximities;
    s.recentEventRows = events;
    s.maneuverRows = maneuvers;
    s.hioCount = hio;
    s.lastRun = lastRun;
    s.lastCompleted = lastCompleted;
    s.dailyScreens = pairs;
  }

  /** The latest completed run's approaches to adversary satellites (kept with the run), so the lists are right before this server's first run. */
  restoreAdversaryApproaches(): void {
    this.state.adversaryApproaches = storedApproaches(this.state.lastCompleted?.adversaryApproaches);
  }

  /** A manoeuvre search's regime shifts and how far it read. */
  applyManeuverStage(found: ManeuverStageResult): void {
    for (const [norad, shift] of found.regimes) {
      if (shift) this.state.regimeChanges.set(norad, shift);
      else this.state.regimeChanges.delete(norad);
    }
    this.state.historiesSeenUpTo = found.seenUpTo;
  }

  // ------------------------------------------------------------------------------------------
  // Derived from the state

  /** The Adversary Conjunction Risk and Space Debris Collision Assessment lists, from the state in memory. */
  rebuildRiskLists(nowMs: number): void {
    const lookup = (norad: number) => this.catalog.entry(norad);
    this.adversaryItems = adversaryList(this.state.adversaryApproaches, (norad) => this.adversaries.isOwner(lookup(norad)?.object.owner), nowMs);
    this.debrisItems = debrisList(this.state.openEvents, lookup, nowMs);
  }

  /** Threat assessments and the summary over the whole catalogue, from the state in memory. */
  assessThreats(now: Date): void {
    const s = this.state;
    const result = assessThreats({
      now,
      catalog: this.catalog.all(),
      fleetIds: new Set(this.catalog.fleet().map((e) => e.object.noradId)),
      lookup: (norad) => this.catalog.entry(norad),
      owners: { fleetOwners: this.owners.fleetOwners, allies: this.owners.allyOwners, adversaries: this.owners.adversaryOwners },
      maneuverRows: s.maneuverRows,
      openEvents: s.openEvents,
      adversaryApproaches: s.adversaryApproaches,
      proximities: s.openProximities,
      regimeChanges: s.regimeChanges,
      previous: this.assessments,
    });
    this.assessments = result.assessments;
    this.summary = result.summary;
    this.levelCounts = result.levelCounts;
  }

  /**
   * Rebuilds the snapshots from the state (each keeps its ETag while its content is unchanged).
   *
   * Issue 29: the header's Active Alerts and the Critical Conjunctions card count the same set, the
   * open conjunctions at or above the alert level (ALERT_LEVEL, the settings; DECISIONS.md §7's
   * "open conjunctions at high or critical" with the default level), the card highest risk first.
   * Every open conjunction stays in the Conjunction Alerts list (GET /api/conjunctions).
   */
  publish(now: Date): void {
    const s = this.state;
    const snap = this.snapshots;
    const lookup = (norad: number) => this.catalog.entry(norad);
    const alertLevel = this.owners.alertLevel ?? 'high';
    const alerts = s.openEvents.filter((e) => isAlert(e.riskLevel as EventRiskLevel, alertLevel));
    snap.active = replaceSnapshot(snap.active, alerts.map((row) => conjunctionOf(row, lookup)).sort(compareConjunctions));
    snap.events = replaceSnapshot(snap.events, s.recentEventRows.map(eventOf));
    const since30 = now.getTime() - 30 * DAY_MS;
    const recent = s.maneuverRows.filter((m) => m.detectionTime.getTime() >= since30);
    snap.maneuvers = replaceSnapshot(
      snap.maneuvers,
      recent.map((m) => maneuverOf(m, this.nameOf(m.noradId))),
    );
    const status: DashboardStats['screeningStatus'] = s.running ? 'running' : s.lastRun?.status === 'failed' ? 'failed' : 'idle';
    snap.stats = replaceSnapshot(snap.stats, {
      activeAlerts: alerts.length,
      maneuverDetections: recent.length,
      highInterestObjects: s.hioCount,
      threatLevel: { ...this.levelCounts },
      trackedObjects: this.catalog.size,
      dailyScreens: s.dailyScreens + s.catalogDailyScreens,
      lastScreening: s.lastCompleted?.finishedAt?.toISOString() ?? null,
      screeningStatus: status,
    });
    snap.summary = replaceSnapshot(snap.summary, { ...this.summary });
    snap.assessments = replaceSnapshot(snap.assessments, this.assessments);
    snap.adversary = replaceSnapshot(snap.adversary, this.adversaryItems);
    snap.debris = replaceSnapshot(snap.debris, this.debrisItems);
    if (this.openListeners.length > 0) {
      let earliest: number | undefined;
      for (const e of s.openEvents) if (earliest === undefined || e.tca.getTime() < earliest) earliest = e.tca.getTime();
      for (const listener of this.openListeners) listener(earliest);
    }
  }

  /** Calls `listener` with the earliest TCA of the open events each time the picture is published. */
  onOpenEventsChanged(listener: (earliestTcaMs: number | undefined) => void): void {
    this.openListeners.push(listener);
  }

  /** The alert level changed (the settings): the header and the card count from it. */
  setAlertLevel(alertLevel: AlertLevel): void {
    if (alertLevel === this.owners.alertLevel) return;
    this.owners = { ...this.owners, alertLevel };
    this.publish(this.state.time);
  }

  nameOf(norad: number): string {
    return this.catalog.entry(norad)?.object.name ?? `NORAD ${norad}`;
  }

  // ------------------------------------------------------------------------------------------
  // Changes outside a run

  /** Runs `work` after every change queued before it; a failure is logged, never thrown. */
  enqueue(work: () => Promise<void>): void {
    this.queue = this.queue.then(work).catch((error: unknown) => this.log.error({ err: error }, 'operations bookkeeping failed'));
  }

  /** The queue's tail: settles when every change queued so far is applied. */
  get pending(): Promise<unknown> {
    return this.queue;
  }

  /** The watch list changed: the stats count it. */
  highInterestChanged(): void {
    this.enqueue(async () => {
      this.state.hioCount = await this.repos.highInterest.count();
      this.publish(this.state.time);
    });
  }

  /** Conjunction events changed outside a run (a CDM import): reload them and rebuild what is served. */
  async conjunctionsChanged(): Promise<void> {
    const [open, events] = await Promise.all([this.repos.conjunctions.open(), this.repos.events.recent(EVENTS_SHOWN)]);
    this.state.openEvents = open;
    this.state.recentEventRows = events;
    this.rebuildRiskLists(this.state.time.getTime());
    this.publish(this.state.time);
  }

  /** The pairs catalogue-wide runs screened in the last 24 h, for the Daily Screens tile. */
  setCatalogDailyScreens(pairs: number, now: Date): void {
    this.state.catalogDailyScreens = pairs;
    this.publish(now);
  }

  /** The fleet's owners changed (the settings): the next assessment classifies with them. */
  setFleetOwners(fleetOwners: readonly string[]): void {
    this.owners = { ...this.owners, fleetOwners };
  }
}
