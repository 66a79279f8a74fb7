import { buildApp } from '../../server/app.ts';
import { createAppContext } from '../../server/app-context.ts';
import { ConfigError, configurationProblem, exposureProblem, loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/database.ts';
import { VERSION } from '../../server/version.ts';
import { startServerQueue, type ServerQueue } from '../../server/queue/server-queue.ts';
import { digestSchedule } from '../../server/services/digest/digest-scheduler.ts';
import { parseCommandLine } from '../parse.ts';
import { UsageError } from '../usage-error.ts';

export const SERVE_USAGE = `Usage: ssa serve [--port N] [--host ADDRESS] [--data-dir DIR]

Serves the web app and the API (default http://127.0.0.1:5000).

Options override the environment:
  --port N          PORT       port to listen on (default 5000)
  --host ADDRESS    HOST       address to bind (default 127.0.0.1)
  --data-dir DIR    DATA_DIR   embedded database directory (default ./data)

Other environment:
  DATABASE_URL      postgres://... to use a PostgreSQL server instead of the embedded one
  OPERATOR_LABEL    the operator label shown in the header
  DEMO_CATALOG      on|off: generate the demo catalogue into an empty database (default on)
  FLEET_OWNERS      SATCAT owner codes of the fleet (default ISRA)
  FLEET_NORAD_IDS   more fleet members by NORAD id, comma-separated
  CELESTRAK_UPDATES on|off: fetch CelesTrak GP groups on a schedule (default off)
  CELESTRAK_GROUPS  groups to fetch (default active)
  SPACETRACK_USER, SPACETRACK_PASSWORD   fetch the Space-Track GP catalogue on a schedule
  CATALOG_UPDATE_HOURS  hours between online updates (default 6)
  SWPC_UPDATES      on|off: read NOAA SWPC space-weather feeds on a schedule (default off)
  SWPC_URL, SWPC_UPDATE_MINUTES   feed base URL (a mirror) and minutes between reads (default 180)
  SCREENING         on|off: continuous screening of the fleet (default on)
  CATALOG_SCREENING_HOURS, CATALOG_SCREENING_WINDOW_HOURS, CATALOG_SCREENING_THRESHOLD_KM
                    catalogue-wide (all-vs-all) runs: hours between them (default 24; 0 off), window (default 72 h), threshold (default 5 km)
  CATALOG_SCREENING_THREADS  threads that run a catalogue-wide run's geometry on this server (default 1: some 0.5 GB each for 50,000 objects)
  QUEUE_SERVER_WORKERS  with DATABASE_URL: threads this server lends to the job queue (default 1; ssa worker adds more)
  SHARD_LEASE_SECONDS, QUEUE_MAINTENANCE_SECONDS   job queue: shard lease (default 600) and lease checks (default 30)
  SCREENING_INTERVAL_MINUTES, SCREENING_WINDOW_DAYS, SCREENING_THRESHOLD_KM
                    minutes between runs (default 15), window (default 7 days, at most 7), threshold (default 5 km)
  ALERT_LEVEL       high|critical: risk level at which a CDM is generated (default high)
  ADVERSARY_OWNERS, ALLY_OWNERS   SATCAT owner codes (RU, IR accepted; default CIS,IRAN and none)
  ADVERSARY_SCREENING_KM          distance of the fleet vs adversary screening (default 100)
  SMTP_URL, SMTP_FROM   notifications by e-mail: smtp://user:password@host:port (STARTTLS when offered) or smtps://, and the From address
  NOTIFY_SECRET_KEY 32 bytes (openssl rand -hex 32): encrypts webhook secrets and a stored SMTP password at rest
  DIGEST_HOUR_UTC   UTC hour (0-23) the daily digest is e-mailed to daily_digest rules (default 6)
  LOG_LEVEL         fatal|error|warn|info|debug|trace|silent (default info)

Accounts and network exposure (see README, "Running on a network"):
  AUTH              on|off: accounts, sign-in and roles (default off; required when HOST is not loopback)
  PUBLIC_ORIGIN     the origin(s) users open, e.g. https://ssa.example.org (required when HOST is not loopback)
  TRUST_PROXY       off|proxy addresses/CIDRs: believe X-Forwarded-* from that TLS-terminating proxy only (default off)
  SESSION_SECRET    at least 32 characters to sign session cookies (default: generated once, kept in the database)
  SESSION_HOURS     how long a sign-in lasts (default 12)
  LOGIN_ATTEMPTS_PER_15_MIN   sign-in attempts per account and address (default 10)
  WRITES_PER_MINUTE writes per user (default 120)
`;

export async function serveCommand(args: string[], env: Record<string, string | undefined>): Promise<void> {
  const { values } = parseCommandLine(
    args,
    { port: { type: 'string' }, host: { type: 'string' }, 'data-dir': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    SERVE_USAGE,
  );
  if (values.help) {
    process.stdout.write(SERVE_USAGE);
    return;
  }
  if (values.port !== undefined && !/^\d+$/.test(values.port)) throw new UsageError(`--port must be a number, got '${values.port}'`, SERVE_USAGE);
  const config = loadConfig({
    ...env,
    ...(values.port !== undefined && { PORT: values.port }),
    ...(values.host !== undefined && { HOST: values.host }),
    ...(values['data-dir'] !== undefined && { DATA_DIR: values['data-dir'] }),
  });

  const exposed = exposureProblem(config) ?? configurationProblem(config);
  if (exposed) throw new ConfigError(`Refusing to start: ${exposed}`);

  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const ctx = createAppContext(config, database, VERSION);
  if (config.AUTH === 'on' && (await ctx.services.accounts.countAdmins()) === 0) {
    await database.close();
    throw new ConfigError("Refusing to start: AUTH=on but there is no admin account. Create one with 'ssa user add NAME --role admin' (same DATA_DIR or DATABASE_URL).");
  }
  if (config.AUTH === 'on') {
    // Issue 30 item 6: while AUTH was off, any local process could make accounts and tokens through the API.
    const open = await ctx.services.accounts.madeWhileAuthOff();
    if (open.users.length > 0 || open.tokens.length > 0) {
      ctx.log.warn(
        { users: open.users.map((u) => `${u.username} (${u.role})`), tokens: open.tokens.map((t) => `${t.id} ${t.username}: ${t.label}`) },
        'accounts and API tokens were made through the API while AUTH was off (any local process could): check them with ssa user list and ssa user token list; remove or revoke any you do not know',
      );
    }
  }
  const start = await ctx.repositories.appMeta.recordStart(new Date());
  // The settings changed on /config (kept in the database) before the catalogue: the fleet is right from the first run.
  await ctx.services.settings.initialise();
  await ctx.services.catalog.initialise(new Date());
  // Imports a crash cut short are marked interrupted (their data rolled back with their transaction).
  await ctx.services.spaceWeather.initialise();
  await ctx.services.cdmImport.initialise(ctx.log.child({ service: 'cdm-import' }));
  // Avoidance plans a stopped server left screening are marked failed, with the reason.
  const interruptedPlans = await ctx.services.plans.recover();
  if (interruptedPlans > 0) ctx.log.warn({ plans: interruptedPlans }, 'avoidance plans interrupted by the last stop were marked failed');
  await ctx.services.operations.initialise(new Date());
  // Alerts whose TCA passed while the server was down close now; a timer closes the next ones at their TCA (issue 29).
  await ctx.services.alerts.start();
  await ctx.services.highInterest.initialise(new Date());
  const app = await buildApp(ctx);
  const digest = digestSchedule(ctx);

  // With PostgreSQL, screening jobs go through the job queue (fleet, SST and catalogue-wide); this
  // server lends QUEUE_SERVER_WORKERS threads to it and completes jobs whose submitter died.
  // The queue starts after listen, in the background: serving never waits for it.
  let queue: ServerQueue | undefined;
  const startQueue = async (url: string) => {
    const started = await startServerQueue(ctx, url);
    if (closing) await started.stop();
    else queue = started;
  };

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    ctx.services.updater.stop();
    ctx.services.catalog.stopSync();
    ctx.services.settings.stopSync();
    ctx.services.spaceWeatherUpdater.stop();
    ctx.services.cdmFeed.stop();
    ctx.services.alerts.stop();
    digest.stop();
    // A stopping server adopts nothing; then the work in flight ends: analyses cancelled (so
    // requests waiting for them return and app.close does not wait on them), the fleet screening
    // stopped, catalogue-wide runs on the queue handed over to another server (or to this one's
    // next start); then requests, the queue, the heartbeat.
    await ctx.services.jobHeartbeat.stopWatching();
    await ctx.services.analyses.stop();
    await ctx.services.monteCarloChecks.stop();
    await ctx.services.avoidance.stop();
    await ctx.services.plans.stop();
    await ctx.services.operations.stop();
    await ctx.services.catalogScreenings.stop();
    // Messages being sent finish their attempt; the rest stay pending for the next start.
    await ctx.services.notifications.stop();
    await app.close();
    await queue?.stop();
    await ctx.services.jobHeartbeat.stop();
    await ctx.services.screening.close();
    await ctx.services.cdmImport.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    await database.close();
    throw error;
  }
  ctx.services.updater.start();
  ctx.services.spaceWeatherUpdater.start();
  // Notifications (issue 29): alert changes into deliveries, and their sending; pending ones left by a stop or a crash go first.
  ctx.services.notifications.start({ embedded: database.kind === 'pglite' });
  ctx.services.cdmFeed.start();
  // The daily digest (issue 29): once a day at DIGEST_HOUR_UTC, from one of the servers.
  digest.start();
  // The first screening run starts in the background shortly after listen, then on its interval.
  ctx.services.operations.start();
  // Other servers on the same PostgreSQL may import: their imports reach this cache within a minute.
  if (config.DATABASE_URL) ctx.services.catalog.startSync(60_000);
  // …and their settings changes too.
  if (config.DATABASE_URL) ctx.services.settings.startSync(60_000);
  if (config.DATABASE_URL) void startQueue(config.DATABASE_URL).catch((error: Error) => ctx.log.error({ err: error }, 'the job queue did not start: screening runs on this server’s threads'));
  await ctx.services.catalogScreenings.start({ embedded: database.kind === 'pglite' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  process.stdout.write(
    `Data Forge ${VERSION} listening on http://${config.HOST}:${port} (database: ${database.kind} at ${database.location}; start #${start.startCount})\n`,
  );
}
