import { pino, type Logger } from 'pino';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { AppMetaRepository } from './repositories/app-meta-repository.ts';
import { CatalogRepository } from './repositories/catalog-repository.ts';
import { DragCalculationRepository } from './repositories/drag-calculation-repository.ts';
import { SpaceWeatherRepository } from './repositories/space-weather-repository.ts';
import { CatalogService } from './services/catalog-service.ts';
import { CatalogUpdater } from './services/catalog-updater.ts';
import { AnalysisJobs } from './services/analysis-jobs.ts';
import { ScreeningService } from './services/screening-service.ts';
import { DragCalculatorService } from './services/drag-calculator-service.ts';
import { OrbitalDragService } from './services/orbital-drag-service.ts';
import { SpaceWeatherService } from './services/space-weather-service.ts';
import { SpaceWeatherUpdater } from './services/space-weather-updater.ts';

/** What routes and services are built from: configuration, database, repositories, services and the logger. */
export interface AppContext {
  config: Config;
  database: Database;
  version: string;
  log: Logger;
  repositories: { appMeta: AppMetaRepository; catalog: CatalogRepository; spaceWeather: SpaceWeatherRepository; dragCalculations: DragCalculationRepository };
  services: {
    catalog: CatalogService;
    updater: CatalogUpdater;
    screening: ScreeningService;
    analyses: AnalysisJobs;
    spaceWeather: SpaceWeatherService;
    spaceWeatherUpdater: SpaceWeatherUpdater;
    orbitalDrag: OrbitalDragService;
    dragCalculator: DragCalculatorService;
  };
}

export function createAppContext(config: Config, database: Database, version: string): AppContext {
  const log = pino({ level: config.LOG_LEVEL });
  const repositories = {
    appMeta: new AppMetaRepository(database.db),
    catalog: new CatalogRepository(database.db),
    spaceWeather: new SpaceWeatherRepository(database.db),
    dragCalculations: new DragCalculationRepository(database.db),
  };
  const catalog = new CatalogService(
    repositories.catalog,
    { fleetOwners: config.FLEET_OWNERS, fleetNoradIds: config.FLEET_NORAD_IDS, demo: config.DEMO_CATALOG === 'on' },
    log.child({ service: 'catalog' }),
  );
  const updater = new CatalogUpdater(
    catalog,
    {
      celestrak: { enabled: config.CELESTRAK_UPDATES === 'on', baseUrl: config.CELESTRAK_URL, groups: config.CELESTRAK_GROUPS },
      spaceTrack: { baseUrl: config.SPACETRACK_URL, identity: config.SPACETRACK_USER, password: config.SPACETRACK_PASSWORD },
      intervalMs: config.CATALOG_UPDATE_HOURS * 3_600_000,
    },
    log.child({ service: 'catalog-updater' }),
  );
  const screening = new ScreeningService(catalog, { originator: 'DATA FORGE' });
  const spaceWeather = new SpaceWeatherService(repositories.spaceWeather, log.child({ service: 'space-weather' }));
  const spaceWeatherUpdater = new SpaceWeatherUpdater(
    spaceWeather,
    { enabled: config.SWPC_UPDATES === 'on', baseUrl: config.SWPC_URL, intervalMs: config.SWPC_UPDATE_MINUTES * 60_000 },
    log.child({ service: 'space-weather-updater' }),
  );
  const orbitalDrag = new OrbitalDragService(catalog, spaceWeather);
  const dragCalculator = new DragCalculatorService(repositories.dragCalculations, spaceWeather);
  return {
    config,
    database,
    version,
    log,
    repositories,
    services: { catalog, updater, screening, analyses: new AnalysisJobs(screening.runner), spaceWeather, spaceWeatherUpdater, orbitalDrag, dragCalculator },
  };
}

