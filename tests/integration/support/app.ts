import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../../src/server/app.ts';
import { createAppContext, type AppContext } from '../../../src/server/app-context.ts';
import { loadConfig } from '../../../src/server/config.ts';
import { openDatabase, type Database } from '../../../src/server/db/database.ts';
import { VERSION } from '../../../src/server/version.ts';
import { generateDemoCatalog } from '../../../src/core/catalog/index.ts';
import { utcMs } from '../../../src/core/units.ts';

export interface TestAppOptions {
  /** Names the temporary PGlite directory (`dataforge-<name>-…`), to tell suites' leftovers apart. */
  name: string;
  /** Environment for loadConfig besides DATA_DIR and LOG_LEVEL=silent (e.g. `{ DEMO_CATALOG: 'off' }`). */
  env?: Record<string, string>;
  /** Fills the store before the app is built (e.g. {@link initialiseCatalog}); nothing by default. */
  prepare?: (ctx: AppContext) => Promise<void>;
}

/** The suite's app, set by its beforeAll. */
export interface TestApp {
  readonly ctx: AppContext;
  readonly app: FastifyInstance;
}

/** Seeds the catalogue as the server does at start-up (with the default config, the 50,000-object demo). */
export const initialiseCatalog = (ctx: AppContext): Promise<void> => ctx.services.catalog.initialise(new Date());

/** Stores a demo catalogue of the named objects (fleet, adversaries) plus `size` generic ones, epochs within a day of now, and loads it. */
export async function seedDemoCatalog(ctx: AppContext, size: number): Promise<void> {
  const now = new Date();
  const demo = generateDemoCatalog({ now: utcMs(now.getTime()), size });
  await ctx.repositories.catalog.upsertObjects(demo.objects.map((o) => ({ ...o, rcsM2: null, decayDate: null, source: 'demo' })), now);
  await ctx.repositories.catalog.insertElementSets(demo.sets, 'demo', null, now);
  await ctx.services.catalog.reload();
}

/**
 * Registers a beforeAll that builds the real Fastify app on a fresh PGlite directory
 * (for Fastify inject), and an afterAll that shuts it down as `ssa serve` does
 * (app, screening workers, database) and removes the directory.
 */
export function useTestApp(options: TestAppOptions): TestApp {
  let dataDir: string | undefined;
  let database: Database | undefined;
  let ctx: AppContext | undefined;
  let app: FastifyInstance | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), `dataforge-${options.name}-`));
    const config = loadConfig({ ...options.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    database = await openDatabase({ dataDir: config.DATA_DIR });
    ctx = createAppContext(config, database, VERSION);
    await options.prepare?.(ctx);
    app = await buildApp(ctx);
    await app.ready();
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await ctx?.services.monteCarloChecks.stop();
    await ctx?.services.avoidance.stop();
    await ctx?.services.plans.stop();
    await ctx?.services.catalogScreenings.stop();
    await ctx?.services.jobHeartbeat.stop();
    await ctx?.services.screening.close();
    await ctx?.services.cdmImport.close();
    await database?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`useTestApp: ${what} is not set up yet (use it inside tests or hooks)`);
    return value;
  };
  return {
    get ctx() {
      return ready(ctx, 'ctx');
    },
    get app() {
      return ready(app, 'app');
    },
  };
}
