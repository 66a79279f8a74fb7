import { pino, type Logger } from 'pino';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { AppMetaRepository } from './repositories/app-meta-repository.ts';
import { CatalogRepository } from './repositories/catalog-repository.ts';
import { DragCalculationRepository } from './repositories/drag-calculation-repository.ts';
import { SpaceWeatherRepository } from './repositories/space-weather-repository.ts';
import { ConjunctionEventRepository } from './repositories/conjunction-event-repository.ts';
import { AlertChangeRepository } from './repositories/alert-change-repository.ts';
import { AlertLifecycleService, systemClock } from './services/conjunctions/alert-lifecycle-service.ts';
import { ConjunctionPlanRepository } from './repositories/conjunction-plan-repository.ts';
import { HighInterestObjectRepository } from './repositories/high-interest-object-repository.ts';
import { ManeuverRepository } from './repositories/maneuver-repository.ts';
import { OperationsEventRepository } from './repositories/operations-event-repository.ts';
import { ScreeningRunRepository } from './repositories/screening-run-repository.ts';
import { CdmMessageRepository } from './repositories/cdm-message-repository.ts';
import { ProximityRepository } from './repositories/proximity-repository.ts';
import { AccountRepository } from './repositories/account-repository.ts';
import { AuditRepository } from './repositories/audit-repository.ts';
import { SessionRepository } from './repositories/session-repository.ts';
import { ScheduledTaskRepository } from './repositories/scheduled-task-repository.ts';
import { ScreeningJobRepository } from './repositories/screening-job-repository.ts';
import { CatalogScreeningRepository } from './repositories/catalog-screening-repository.ts';
import { EphemerisRepository } from './repositories/ephemeris-repository.ts';
import { NotificationRepository } from './repositories/notification-repository.ts';
import { NotificationService } from './services/notifications/notification-service.ts';
import { CatalogScreeningService } from './services/catalog-screening/catalog-screening-service.ts';
import { AccountService } from './services/account-service.ts';
import { CdmImportService } from './services/conjunctions/cdm-import-service.ts';
import { CdmFeed } from './services/conjunctions/cdm-feed.ts';
import { SpaceTrackClient } from './sources/space-track.ts';
import { EphemerisService } from './services/ephemerides/ephemeris-service.ts';
import { DragPool } from './workers/drag/drag-pool.ts';
import { ConjunctionQueryService } from './services/conjunctions/conjunction-query-service.ts';
import { MonteCarloChecks } from './services/conjunctions/monte-carlo-checks.ts';
import { AvoidanceAnalyses } from './services/conjunctions/avoidance-analyses.ts';
import { AvoidancePlans } from './services/conjunctions/avoidance-plans.ts';
import { ProximityQueryService } from './services/conjunctions/proximity-views.ts';
import { CatalogService } from './services/catalog-service.ts';
import { CatalogUpdater } from './services/catalog-updater.ts';
import { AnalysisJobs } from './services/analysis-jobs.ts';
import { ScreeningService } from './services/screening-service.ts';
import { DragCalculatorService } from './services/drag-calculator-service.ts';
import { OrbitalDragService } from './services/orbital-drag-service.ts';
import { SpaceWeatherService } from './services/space-weather-service.ts';
import { SpaceWeatherUpdater } from './services/space-weather-updater.ts';
import { HighInterestService } from './services/high-interest-service.ts';
import type { ConjunctionAnalysisQuery } from './services/operations/conjunction-analysis.ts';
import { createOperations, type OperationsService } from './services/operations/operations-service.ts';
import type { OperationsReadModel } from './services/operations/read-model.ts';
import { FleetViews } from './services/fleet-views.ts';
import { newInstanceId, ScheduledTasks } from './services/scheduled-task.ts';
import { JobHeartbeat } from './queue/job-heartbeat.ts';
import { ObjectViews } from './services/object-views.ts';
import { DataSourceStatusService, type SourceSetup } from './services/data-source-status.ts';
import { SettingsService } from './services/settings-service.ts';
import { DigestRepository } from './repositories/digest-repository.ts';
import { DigestService } from './services/digest/digest-service.ts';

/** What routes and services are built from: configuration, database, repositories, services and the logger. */
export interface AppContext {
  config: Config;
  database: Database;
  version: string;
  /** This server among others on one database (hostname:pid:random): who claimed a periodic task. */
  instance: string;
  log: Logger;
  repositories: {
    appMeta: AppMetaRepository;
    catalog: CatalogRepository;
    spaceWeather: SpaceWeatherRepository;
    dragCalculations: DragCalculationRepository;
    screeningRuns: ScreeningRunRepository;
    conjunctionEvents: ConjunctionEventRepository;
    conjunctionPlans: ConjunctionPlanRepository;
    /** The events' alert changes (issue 29): history and notifications' outbox. */
    alertChanges: AlertChangeRepository;
    operationsEvents: OperationsEventRepository;
    maneuvers: ManeuverRepository;
    highInterestObjects: HighInterestObjectRepository;
    cdmMessages: CdmMessageRepository;
    proximities: ProximityRepository;
    accounts: AccountRepository;
    sessions: SessionRepository;
    audit: AuditRepository;
    scheduledTasks: ScheduledTaskRepository;
    screeningJobs: ScreeningJobRepository;
    catalogScreenings: CatalogScreeningRepository;
    ephemerides: EphemerisRepository;
    notifications: NotificationRepository;
  };
  services: {
    catalog: CatalogService;
    updater: CatalogUpdater;
    screening: ScreeningService;
    analyses: AnalysisJobs;
    spaceWeather: SpaceWeatherService;
    spaceWeatherUpdater: SpaceWeatherUpdater;
    orbitalDrag: OrbitalDragService;
    dragCalculator: DragCalculatorService;
    /** The continuous screening's scheduler: runs, claims, refreshes from other servers' runs, the conjunction lock. */
    operations: OperationsService;
    /** The operations picture the dashboard polls (snapshots), from the stored state and the runs. */
    operationsReadModel: OperationsReadModel;
    /** The Conjunction Analysis card and stored events' CDMs. */
    conjunctionAnalysis: ConjunctionAnalysisQuery;
    /** The fleet with positions, refreshed on its own clock while polled. */
    fleetViews: FleetViews;
    highInterest: HighInterestService;
    cdmImport: CdmImportService;
    /** The fleet's CDMs from Space-Track every CDM_UPDATE_MINUTES (issue 29), through cdmImport. */
    cdmFeed: CdmFeed;
    conjunctions: ConjunctionQueryService;
    /** The alert lifecycle (issue 29): operators' changes (PATCH /api/conjunctions/{id}) and closing alerts whose TCA passed. */
    alerts: AlertLifecycleService;
    /** On-demand Monte Carlo checks of stored events (issue 27). */
    monteCarloChecks: MonteCarloChecks;
    avoidance: AvoidanceAnalyses;
    plans: AvoidancePlans;
    proximities: ProximityQueryService;
    accounts: AccountService;
    catalogScreenings: CatalogScreeningService;
    /** Beats for the screening jobs this server submitted, and adopts other servers' orphans (queue/job-heartbeat.ts). */
    jobHeartbeat: JobHeartbeat;
    /** The fleet and the screening settings: environment defaults, changes kept in the database (issue 14, /config). */
    settings: SettingsService;
    /** The online data sources' last attempts (issue 14, /config). */
    sourceStatus: DataSourceStatusService;
    /** The object page's data: search, identity and state, history (issue 14). */
    objects: ObjectViews;
    /** Operators' uploaded OEM ephemerides of fleet objects (issue 28). */
    ephemerides: EphemerisService;
    /** Notification rules, the dispatcher of alert changes and the delivery queue (issue 29); serve.ts starts it after listen. */
    notifications: NotificationService;
    /** The daily digest (issue 29): JSON, text, HTML and PDF of one day's alerts. */
    digest: DigestService;
  };
}

/** The online sources as this configuration sets them up (the data sources' status on /config). */
export function dataSourceSetups(config: Config): SourceSetup[] {
  const spaceTrack = Boolean(config.SPACETRACK_USER && config.SPACETRACK_PASSWORD);
  return [
    {
      id: 'celestrak',
      name: 'CelesTrak',
      provides: 'Element sets (GP: OMM/TLE)',
      enabled: config.CELESTRAK_UPDATES === 'on',
      setup:
        config.CELESTRAK_UPDATES === 'on'
          ? `GP groups ${config.CELESTRAK_GROUPS.join(', ')} from ${config.CELESTRAK_URL}`
          : 'Off (CELESTRAK_UPDATES=off): import element-set files instead',
      intervalMinutes: config.CELESTRAK_UPDATES === 'on' ? config.CATALOG_UPDATE_HOURS * 60 : null,
    },
    {
      id: 'spacetrack',
      name: 'Space-Track',
      provides: 'Element sets (GP class, the whole public catalogue)',
      enabled: spaceTrack,
      setup: spaceTrack ? `GP as ${config.SPACETRACK_USER} from ${config.SPACETRACK_URL}` : 'Off: set SPACETRACK_USER and SPACETRACK_PASSWORD to read it',
      intervalMinutes: spaceTrack ? config.CATALOG_UPDATE_HOURS * 60 : null,
    },
    {
      id: 'spacetrack-cdm',
      name: 'Space-Track CDMs',
      provides: 'Conjunction data messages of the fleet (cdm_public; the full cdm class with CDM_CLASS=full)',
      enabled: spaceTrack,
      setup: spaceTrack
        ? `${config.CDM_CLASS === 'full' ? 'cdm_public and cdm (at most every 8 h)' : 'cdm_public'} for the fleet as ${config.SPACETRACK_USER} from ${config.SPACETRACK_URL}`
        : 'Off: set SPACETRACK_USER and SPACETRACK_PASSWORD to read it (or import CDM files)',
      intervalMinutes: spaceTrack ? config.CDM_UPDATE_MINUTES : null,
    },
    {
      id: 'noaa-swpc',
      name: 'NOAA SWPC',
      provides: 'Space weather (F10.7, Kp)',
      enabled: config.SWPC_UPDATES === 'on',
      setup: config.SWPC_UPDATES === 'on' ? `JSON feeds from ${config.SWPC_URL}` : 'Off (SWPC_UPDATES=off): import space-weather files instead',
      intervalMinutes: config.SWPC_UPDATES === 'on' ? config.SWPC_UPDATE_MINUTES : null,
    },
  ];
}

export function createAppContext(config: Config, database: Database, version: string): AppContext {
  const log = pino({ level: config.LOG_LEVEL });
  const repositories = {
    appMeta: new AppMetaRepository(database.db),
    catalog: new CatalogRepository(database.db),
    spaceWeather: new SpaceWeatherRepository(database.db),
    dragCalculations: new DragCalculationRepository(database.db),
    screeningRuns: new ScreeningRunRepository(database.db),
    conjunctionEvents: new ConjunctionEventRepository(database.db),
    alertChanges: new AlertChangeRepository(database.db),
    conjunctionPlans: new ConjunctionPlanRepository(database.db),
    operationsEvents: new OperationsEventRepository(database.db),
    maneuvers: new ManeuverRepository(database.db),
    highInterestObjects: new HighInterestObjectRepository(database.db),
    cdmMessages: new CdmMessageRepository(database.db),
    proximities: new ProximityRepository(database.db),
    accounts: new AccountRepository(database.db),
    sessions: new SessionRepository(database.db),
    audit: new AuditRepository(database.db),
    scheduledTasks: new ScheduledTaskRepository(database.db),
    screeningJobs: new ScreeningJobRepository(database.db),
    catalogScreenings: new CatalogScreeningRepository(database.db),
    ephemerides: new EphemerisRepository(database.db),
    notifications: new NotificationRepository(database.db),
  };
  // Periodic tasks (screening, online updates) run once per interval across the servers sharing
  // this database: each claims a period before running it. On PGlite this server is the only one,
  // but the claims are the same code.
  const instance = newInstanceId();
  const claims = new ScheduledTasks(repositories.scheduledTasks, instance, log.child({ service: 'scheduler' }));
  const catalog = new CatalogService(
    repositories.catalog,
    { fleetOwners: config.FLEET_OWNERS, fleetNoradIds: config.FLEET_NORAD_IDS, demo: config.DEMO_CATALOG === 'on' },
    log.child({ service: 'catalog' }),
  );
  const sourceStatus = new DataSourceStatusService(repositories.appMeta, dataSourceSetups(config));
  // One Space-Track client for the catalogue updater and the CDM feed: one session cookie, one rate limiter (issue 29).
  const spaceTrackClient =
    config.SPACETRACK_USER && config.SPACETRACK_PASSWORD
      ? new SpaceTrackClient({ baseUrl: config.SPACETRACK_URL, identity: config.SPACETRACK_USER, password: config.SPACETRACK_PASSWORD })
      : undefined;
  const updater = new CatalogUpdater(
    catalog,
    {
      celestrak: { enabled: config.CELESTRAK_UPDATES === 'on', baseUrl: config.CELESTRAK_URL, groups: config.CELESTRAK_GROUPS },
      spaceTrack: { baseUrl: config.SPACETRACK_URL, identity: config.SPACETRACK_USER, password: config.SPACETRACK_PASSWORD, client: spaceTrackClient },
      intervalMs: config.CATALOG_UPDATE_HOURS * 3_600_000,
      claims,
      status: sourceStatus,
    },
    log.child({ service: 'catalog-updater' }),
  );
  const screening = new ScreeningService(catalog, { originator: 'DATA FORGE', maxElementAgeDays: config.MAX_ELEMENT_AGE_DAYS });
  // A fleet object's operator ephemeris, where one covers the window, is screened in its element set's place (issue 28).
  const ephemerides = new EphemerisService(repositories.ephemerides, catalog);
  screening.useEphemerides(ephemerides, (message) => log.child({ service: 'screening' }).warn(message));
  const spaceWeather = new SpaceWeatherService(repositories.spaceWeather, log.child({ service: 'space-weather' }));
  const spaceWeatherUpdater = new SpaceWeatherUpdater(
    spaceWeather,
    { enabled: config.SWPC_UPDATES === 'on', baseUrl: config.SWPC_URL, intervalMs: config.SWPC_UPDATE_MINUTES * 60_000, claims, status: sourceStatus },
    log.child({ service: 'space-weather-updater' }),
  );
  // One drag worker thread for the calculator and the objects' decay forecasts (closed with the calculator's routes).
  const dragPool = new DragPool();
  const orbitalDrag = new OrbitalDragService(catalog, spaceWeather, dragPool);
  const dragCalculator = new DragCalculatorService(repositories.dragCalculations, spaceWeather, dragPool);
  const { scheduler: operations, readModel: operationsReadModel, analysis: conjunctionAnalysis } = createOperations(
    catalog,
    screening,
    {
      runs: repositories.screeningRuns,
      conjunctions: repositories.conjunctionEvents,
      events: repositories.operationsEvents,
      maneuvers: repositories.maneuvers,
      highInterest: repositories.highInterestObjects,
      proximities: repositories.proximities,
    },
    {
      enabled: config.SCREENING === 'on',
      intervalMinutes: config.SCREENING_INTERVAL_MINUTES,
      windowDays: config.SCREENING_WINDOW_DAYS,
      thresholdKm: config.SCREENING_THRESHOLD_KM,
      alertLevel: config.ALERT_LEVEL,
      fleetOwners: config.FLEET_OWNERS,
      allyOwners: config.ALLY_OWNERS,
      adversaryOwners: config.ADVERSARY_OWNERS,
      adversaryScreeningKm: config.ADVERSARY_SCREENING_KM,
      originator: 'DATA FORGE',
      claims,
    },
    log.child({ service: 'operations' }),
  );
  const highInterest = new HighInterestService(
    repositories.highInterestObjects,
    repositories.appMeta,
    catalog,
    operationsReadModel,
    { operatorLabel: config.OPERATOR_LABEL, demo: config.DEMO_CATALOG === 'on' },
    log.child({ service: 'high-interest' }),
  );
  const settings = new SettingsService(
    repositories.appMeta,
    {
      fleet: { owners: config.FLEET_OWNERS, noradIds: config.FLEET_NORAD_IDS },
      screening: { thresholdKm: config.SCREENING_THRESHOLD_KM, intervalMinutes: config.SCREENING_INTERVAL_MINUTES, windowDays: config.SCREENING_WINDOW_DAYS },
      alertLevel: config.ALERT_LEVEL,
    },
    catalog,
    operations,
    config.SCREENING === 'on',
    log.child({ service: 'settings' }),
  );
  const jobHeartbeat = new JobHeartbeat(repositories.screeningJobs, instance);
  // Its own clock object: tests pin `alerts.clock.now` (and its timer) without touching another app's.
  const alerts = new AlertLifecycleService(repositories.conjunctionEvents, repositories.accounts, operations, { ...systemClock }, log.child({ service: 'alerts' }));
  operationsReadModel.onOpenEventsChanged((earliestTcaMs) => alerts.openEventsChanged(earliestTcaMs));
  const cdmImport = new CdmImportService(repositories.cdmMessages, operations, { defaultHbrM: config.CDM_DEFAULT_HBR_M });
  const cdmFeed = new CdmFeed(
    cdmImport,
    {
      client: spaceTrackClient,
      cdmClass: config.CDM_CLASS,
      intervalMs: config.CDM_UPDATE_MINUTES * 60_000,
      fleet: () => catalog.fleet().map((e) => e.object.noradId),
      claims,
      status: sourceStatus,
    },
    log.child({ service: 'cdm-feed' }),
  );
  return {
    config,
    database,
    version,
    instance,
    log,
    repositories,
    services: {
      catalog,
      updater,
      screening,
      analyses: new AnalysisJobs(screening),
      spaceWeather,
      spaceWeatherUpdater,
      orbitalDrag,
      dragCalculator,
      operations,
      operationsReadModel,
      conjunctionAnalysis,
      fleetViews: new FleetViews(catalog, { onError: (error) => log.warn({ err: error }, 'could not build the fleet positions ahead') }),
      highInterest,
      cdmImport,
      cdmFeed,
      conjunctions: new ConjunctionQueryService(repositories.conjunctionEvents, repositories.cdmMessages, repositories.catalog, catalog, repositories.conjunctionPlans, repositories.alertChanges, () => alerts.clock.now()),
      alerts,
      monteCarloChecks: new MonteCarloChecks(repositories.conjunctionEvents),
      avoidance: new AvoidanceAnalyses(repositories.conjunctionEvents),
      plans: new AvoidancePlans(repositories.conjunctionEvents, repositories.conjunctionPlans, catalog, undefined, undefined, ephemerides),
      proximities: new ProximityQueryService(repositories.proximities, catalog),
      accounts: new AccountService(repositories.accounts, repositories.audit, repositories.sessions),
      // Catalogue-wide runs: on this server's threads until serve.ts attaches the job queue (PostgreSQL).
      catalogScreenings: new CatalogScreeningService(repositories.screeningJobs, repositories.catalogScreenings, screening, catalog, {
        intervalHours: config.CATALOG_SCREENING_HOURS,
        windowHours: config.CATALOG_SCREENING_WINDOW_HOURS,
        thresholdKm: config.CATALOG_SCREENING_THRESHOLD_KM,
        geometryThreads: config.CATALOG_SCREENING_THREADS,
        maxElementAgeDays: config.MAX_ELEMENT_AGE_DAYS,
        claim: (task, intervalMs) => claims.claim(task, intervalMs),
        onDailyPairs: (pairs) => operationsReadModel.setCatalogDailyScreens(pairs, new Date()),
        heartbeat: jobHeartbeat,
        log: (message) => log.child({ service: 'catalog-screening' }).info(message),
      }),
      jobHeartbeat,
      settings,
      sourceStatus,
      objects: new ObjectViews(catalog, { catalog: repositories.catalog, maneuvers: repositories.maneuvers }, () => operationsReadModel.threatAssessments().body),
      ephemerides,
      notifications: new NotificationService(repositories.notifications, {
        secretKey: config.NOTIFY_SECRET_KEY,
        smtpUrl: config.SMTP_URL,
        smtpFrom: config.SMTP_FROM,
        publicOrigin: config.PUBLIC_ORIGIN[0],
        fleet: () => {
          const ids = new Set(catalog.fleet().map((e) => e.object.noradId));
          return (noradId) => ids.has(noradId);
        },
        objectName: (noradId) => catalog.entry(noradId)?.object.name ?? null,
        log: log.child({ service: 'notifications' }),
      }),
      digest: new DigestService(new DigestRepository(database.db), { operatorLabel: config.OPERATOR_LABEL, hourUtc: config.DIGEST_HOUR_UTC, alertLevel: () => settings.effective().alertLevel }),
    },
  };
}

