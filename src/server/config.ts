import { z } from 'zod';

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
    z.coerce.number({ error: 'must be a number of minutes' }).positive('must be a positive number of minutes').max(1440, 'must be at most 1440').default(15),
  ),
  SCREENING_WINDOW_DAYS: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: 'must be a number of days' }).positive('must be a positive number of days').max(7, 'must be at most 7').default(7),
  ),
  SCREENING_THRESHOLD_KM: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: 'must be a distance in km' }).positive('must be a positive distance in km').max(100, 'must be at most 100').default(5),
  ),
  ALERT_LEVEL: z.preprocess(emptyToUndefined, z.enum(['high', 'critical'], { error: "must be 'high' or 'critical'" }).default('high')),
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
