import { isIP } from 'node:net';
import { z } from 'zod';
import { ALERT_LEVELS, SETTING_MAXIMA } from '../contracts/settings.ts';

/**
 * Server configuration from the environment, validated once at start-up so a
 * typo fails fast with a message naming the variable instead of surfacing later.
 */
const emptyToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** The spec's country codes for SATCAT owner codes (DECISIONS.md §7: RU/CIS, IR). */
const OWNER_ALIASES: Record<string, string> = { RU: 'CIS', IR: 'IRAN', IL: 'ISRA', CN: 'PRC' };

/** A comma-separated list of SATCAT owner codes (spec aliases RU, IR, IL, CN accepted), upper-cased, as an array. */
const ownerList = (fallback: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? emptyToUndefined(value.replace(/\s+/g, '').toUpperCase()) : value),
    z
      .string()
      .regex(/^([A-Z0-9/]+(,[A-Z0-9/]+)*)?$/, 'must be comma-separated SATCAT owner codes, e.g. CIS,IRAN')
      .default(fallback)
      .transform((v) => [...new Set(v.split(',').filter((code) => code !== '').map((code) => OWNER_ALIASES[code] ?? code))]),
  );

export const ConfigSchema = z.object({
  PORT: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: 'must be a port number' }).int('must be a whole number').min(0, 'must be 0-65535').max(65535, 'must be 0-65535').default(5000),
  ),
  HOST: z.preprocess(emptyToUndefined, z.string().default('127.0.0.1')),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// or postgresql:// connection URL')
      .optional(),
  ),
  OPERATOR_LABEL: z.preprocess(emptyToUndefined, z.string().max(80, 'must be at most 80 characters').default('SDA Operations Center')),
  DEMO_CATALOG: z.preprocess(emptyToUndefined, z.enum(['on', 'off'], { error: "must be 'on' or 'off'" }).default('on')),
  FLEET_OWNERS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Z0-9]+(,[A-Z0-9]+)*$/, 'must be comma-separated SATCAT owner codes, e.g. ISRA')
      .default('ISRA')
      .transform((v) => v.split(',')),
  ),
  FLEET_NORAD_IDS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\d+(,\d+)*$/, 'must be comma-separated NORAD catalogue numbers')
      .optional()
      .transform((v) => (v ? v.split(',').map(Number) : [])),
  ),
  CELESTRAK_UPDATES: z.preprocess(emptyToUndefined, z.enum(['on', 'off'], { error: "must be 'on' or 'off'" }).default('off')),
  CELESTRAK_URL: z.preprocess(emptyToUndefined, z.url({ error: 'must be a URL' }).default('https://celestrak.org')),
  CELESTRAK_GROUPS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[a-z0-9-]+(,[a-z0-9-]+)*$/, 'must be comma-separated CelesTrak group names, e.g. active,analyst')
      .default('active')
      .transform((v) => v.split(',')),
  ),
  SPACETRACK_USER: z.preprocess(emptyToUndefined, z.string().optional()),
  SPACETRACK_PASSWORD: z.preprocess(emptyToUndefined, z.string().optional()),
  SPACETRACK_URL: z.preprocess(emptyToUndefined, z.url({ error: 'must be a URL' }).default('https://www.space-track.org')),
  /** The Space-Track CDM feed (issue 29): minutes between fetches of the fleet's CDMs (with SPACETRACK_USER/PASSWORD), and which class. */
  CDM_UPDATE_MINUTES: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: 'must be a number of minutes' }).int('must be a whole number').min(5, 'must be at least 5').max(1440, 'must be at most 1440').default(60),
  ),
  CDM_CLASS: z.preprocess(emptyToUndefined, z.enum(['public', 'full'], { error: "must be 'public' or 'full'" }).default('public')),
  CATALOG_UPDATE_HOURS: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: 'must be a number of hours' }).positive('must be a positive number of hours').max(24 * 30, 'must be at most 720').default(6),
  ),
  SWPC_UPDATES: z.preprocess(emptyToUndefined, z.enum(['on', 'off'], { error: "must be 'on' or 'off'" }).default('off')),
  SWPC_URL: z.preprocess(emptyToUndefined, z.url({ error: 'must be a URL' }).default('https://services.swpc.noaa.gov')),
  SWPC_UPDATE_MINUTES: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: 'must be a number of minutes' }).int('must be a whole number').min(10, 'must be at least 10').max(1440, 'must be at most 1440').default(180),
  ),
  SCREENING: z.preprocess(emptyToUndefined, z.enum(['on', 'off'], { error: "must be 'on' or 'off'" }).default('on')),
  SCREENING_INTERVAL_MINUTES: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: 'must be a number of minutes' }).positive('must be a positive number of minutes').max(SETTING_MAXIMA.intervalMinutes, `must be at most ${SETTING_MAXIMA.intervalMinutes}`).default(15),
  ),
  SCREENING_WINDOW_DAYS: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: 'must be a number of days' }).positive('must be a positive number of days').max(SETTING_MAXIMA.windowDays, `must be at most ${SETTING_MAXIMA.windowDays}`).default(7),
  ),
  SCREENING_THRESHOLD_KM: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a distance in km' })
      .positive('must be a positive distance in km')
      .max(SETTING_MAXIMA.thresholdKm, `must be at most ${SETTING_MAXIMA.thresholdKm}`)
      .default(5),
  ),
  /** Catalogue-wide (all-vs-all) screening on a schedule: hours between runs (0: only on demand), window, threshold. */
  CATALOG_SCREENING_HOURS: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: 'must be a number of hours' }).min(0, 'must be 0 (off) or more').max(24 * 30, 'must be at most 720').default(24),
  ),
  CATALOG_SCREENING_WINDOW_HOURS: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: 'must be a number of hours' }).positive('must be a positive number of hours').max(168, 'must be at most 168 (7 days)').default(72),
  ),
  CATALOG_SCREENING_THRESHOLD_KM: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: 'must be a distance in km' }).positive('must be a positive distance in km').max(100, 'must be at most 100').default(5),
  ),
  /**
   * Worker threads that run the geometry of a catalogue-wide run on this server's threads (the
   * risk step uses them all). Each holds the SGP4 state of every object, some 0.5 GB for the
   * 50,000-object demo: with one, the embedded default's 72-h run peaks at 1.36 GB through the
   * geometry (2.20 GB with two) and leaves the other cores to the interactive work, at about twice
   * the geometry's time (issue 30, item 8).
   */
  CATALOG_SCREENING_THREADS: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: 'must be a whole number of threads' }).int('must be a whole number of threads').min(1, 'must be at least 1').max(256, 'must be at most 256').default(1),
  ),
  /**
   * Element sets whose epoch is more than this many days from a screening's window are stale: not
   * screened (SGP4 is off by tens of km a month from the epoch), listed apart with their age.
   */
  MAX_ELEMENT_AGE_DAYS: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: 'must be a number of days' }).positive('must be a positive number of days').max(3650, 'must be at most 3650').default(30),
  ),
  /** With DATABASE_URL: worker threads this server lends to the job queue (0: only ssa worker processes screen shards). */
  QUEUE_SERVER_WORKERS: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: 'must be a number of threads' }).int('must be a whole number').min(0, 'must be 0 or more').max(256, 'must be at most 256').default(1),
  ),
  /** Job queue (DATABASE_URL only): seconds a worker holds a shard before another may take it, and between lease checks. */
  SHARD_LEASE_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: 'must be a number of seconds' }).int('must be a whole number').min(5, 'must be at least 5').max(86_400, 'must be at most 86400').default(600),
  ),
  QUEUE_MAINTENANCE_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: 'must be a number of seconds' }).int('must be a whole number').min(1, 'must be at least 1').max(3600, 'must be at most 3600').default(30),
  ),
  ALERT_LEVEL: z.preprocess(emptyToUndefined, z.enum(ALERT_LEVELS, { error: "must be 'high' or 'critical'" }).default('high')),
  /** Notifications (issue 29): e-mail through this SMTP server (smtp:// or smtps://user:password@host:port), From address. */
  SMTP_URL: z.preprocess(emptyToUndefined, z.string().regex(/^smtps?:\/\/\S+$/, 'must be an smtp:// or smtps:// URL').optional()),
  SMTP_FROM: z.preprocess(emptyToUndefined, z.string().max(320, 'must be at most 320 characters').default('Data Forge <data-forge@localhost>')),
  /** The key notification secrets are encrypted with at rest: 32 bytes as 64 hex digits or base64 (e.g. `openssl rand -hex 32`). */
  NOTIFY_SECRET_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((v) => /^[0-9a-fA-F]{64}$/.test(v) || Buffer.from(v, 'base64').length === 32, 'must be 32 bytes as 64 hex digits or base64 (openssl rand -hex 32)')
      .optional(),
  ),
  /** The daily digest (issue 29): the UTC hour it is sent at. */
  DIGEST_HOUR_UTC: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: 'must be an hour 0-23' }).int('must be a whole hour').min(0, 'must be 0-23').max(23, 'must be 0-23').default(6),
  ),
  CDM_DEFAULT_HBR_M: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: 'must be a radius in metres' }).positive('must be a positive radius in metres').max(1000, 'must be at most 1000').default(20),
  ),
  ADVERSARY_OWNERS: ownerList('CIS,IRAN'),
  ALLY_OWNERS: ownerList(''),
  ADVERSARY_SCREENING_KM: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: 'must be a distance in km' }).positive('must be a positive distance in km').max(1000, 'must be at most 1000').default(100),
  ),
  // Accounts and the closed doors (issue 12). Off by default: on loopback nothing changes.
  AUTH: z.preprocess(emptyToUndefined, z.enum(['on', 'off'], { error: "must be 'on' or 'off'" }).default('off')),
  PUBLIC_ORIGIN: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined) return [];
        const origins: string[] = [];
        for (const part of value.split(',').map((p) => p.trim()).filter((p) => p !== '')) {
          let url: URL;
          try {
            url = new URL(part);
          } catch {
            ctx.addIssue({ code: 'custom', message: `'${part}' is not a URL, e.g. https://ssa.example.org` });
            return z.NEVER;
          }
          if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.pathname !== '/' || url.search || url.hash || url.username) {
            ctx.addIssue({ code: 'custom', message: `'${part}' must be an origin: http(s)://host[:port], nothing after it` });
            return z.NEVER;
          }
          origins.push(url.origin);
        }
        return origins;
      }),
  ),
  // Only named addresses: a hop count (or "trust everyone") would believe X-Forwarded-* from any
  // client that connects directly, and with them its Host, scheme and address.
  TRUST_PROXY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default('off')
      .refine(
        (v) => v === 'off' || v.split(',').every((entry) => isProxyAddress(entry.trim())),
        'must be off, or the proxy addresses/CIDRs, comma-separated (e.g. 127.0.0.1 or 10.0.0.0/8)',
      )
      .transform((v): false | string[] => (v === 'off' ? false : v.split(',').map((entry) => entry.trim()))),
  ),
  SESSION_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  SESSION_HOURS: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: 'must be a number of hours' }).positive('must be a positive number of hours').max(24 * 30, 'must be at most 720').default(12),
  ),
  LOGIN_ATTEMPTS_PER_15_MIN: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(1, 'must be at least 1').max(1000, 'must be at most 1000').default(10),
  ),
  WRITES_PER_MINUTE: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(1, 'must be at least 1').max(100_000, 'must be at most 100000').default(120),
  ),
  LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info')),
});

export type Config = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment; throws ConfigError listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((issue) => {
    const name = issue.path.join('.');
    const got = env[name];
    return `  ${name}: ${issue.message}${got === undefined ? '' : ` (got ${JSON.stringify(got)})`}`;
  });
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}

/** An IPv4 or IPv6 address, optionally with a CIDR prefix length that fits it. */
function isProxyAddress(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** Loopback addresses: the only ones a server without accounts may bind to. */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h) || h === '::ffff:127.0.0.1';
}

/**
 * Why this configuration must not serve: a server reachable from the network needs accounts
 * (issue 12), and the public origin its Host and Origin headers are checked against.
 */
export function exposureProblem(config: Config): string | undefined {
  if (config.AUTH !== 'on') {
    // Behind a proxy a loopback server serves the network too.
    if (config.TRUST_PROXY !== false) return 'TRUST_PROXY is set, so the server is reached through a proxy: set AUTH=on (and create an admin with \'ssa user add NAME --role admin\') before exposing it.';
    const remote = config.PUBLIC_ORIGIN.find((origin) => !isLoopbackHost(new URL(origin).hostname));
    if (remote) return `PUBLIC_ORIGIN ${remote} is not a loopback address: set AUTH=on (and create an admin with 'ssa user add NAME --role admin') before exposing the server.`;
  }
  if (isLoopbackHost(config.HOST)) return undefined;
  if (config.AUTH !== 'on') {
    return `HOST=${config.HOST} is not a loopback address: set AUTH=on (and create an admin with 'ssa user add NAME --role admin') before exposing the server, or bind to 127.0.0.1.`;
  }
  if (config.PUBLIC_ORIGIN.length === 0) {
    return `HOST=${config.HOST} is not a loopback address: set PUBLIC_ORIGIN to the address users open (e.g. https://ssa.example.org); requests for other hosts and cross-origin writes are refused against it.`;
  }
  return undefined;
}

/** A configuration that would not work: an https origin needs the proxy that terminates TLS to be trusted. */
export function configurationProblem(config: Config): string | undefined {
  const https = config.PUBLIC_ORIGIN.filter((o) => o.startsWith('https:')).length;
  if (https > 0 && https < config.PUBLIC_ORIGIN.length) {
    return 'PUBLIC_ORIGIN mixes http and https origins: the session cookie is Secure for https, so sign-in over http would fail; serve one scheme.';
  }
  if (config.AUTH === 'on' && https > 0 && config.TRUST_PROXY === false) {
    return 'PUBLIC_ORIGIN is https but TRUST_PROXY is off: Data Forge serves plain HTTP, so HTTPS means a TLS-terminating proxy; set TRUST_PROXY to the address of the proxy (e.g. TRUST_PROXY=127.0.0.1) so the secure session cookie can be set.';
  }
  return undefined;
}
