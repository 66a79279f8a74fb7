import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { AppMetaRepository } from './repositories/app-meta-repository.ts';

/** What routes and services are built from: configuration, database and repositories. */
export interface AppContext {
  config: Config;
  database: Database;
  version: string;
  repositories: { appMeta: AppMetaRepository };
}

export function createAppContext(config: Config, database: Database, version: string): AppContext {
  return { config, database, version, repositories: { appMeta: new AppMetaRepository(database.db) } };
}
