import { z } from 'zod';

/**
 * GET/PATCH /api/settings (issue 14, Configuration): the fleet and the continuous screening's
 * settings. The environment (src/server/config.ts) gives the defaults; a change made through the
 * API is kept in the database and wins over the environment until it is reset (null).
 *
 * The bounds are the environment's (config.ts takes its maxima and alert levels from here), with one
 * exception: a change may not set an interval under a minute (SETTING_VALUES.intervalMinutes).
 * Owner codes take the spec's aliases (IL, RU, IR, CN), resolved by the server.
 */

/** Largest values (each must also be above 0). */
export const SETTING_MAXIMA = { thresholdKm: 100, intervalMinutes: 1440, windowDays: 7 } as const;

export const ALERT_LEVELS = ['high', 'critical'] as const;

/** A SATCAT owner code (CelesTrak SATCAT OWNER: letters, digits, '/'), e.g. ISRA, CIS, ESA, ITSO. */
export const OWNER_CODE_PATTERN = /^[A-Z0-9/]{1,10}$/;
/** Most fleet members a setting may name (a fleet, not the catalogue). */
export const MAX_FLEET_ENTRIES = 500;

const positiveBounded = (what: string, unit: string, max: number) =>
  z
    .number({ error: `${what} must be a number of ${unit}` })
    .positive(`${what} must be a positive number of ${unit}`)
    .max(max, `${what} must be at most ${max}`);

const ownerCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(OWNER_CODE_PATTERN, 'must be a SATCAT owner code of up to 10 letters, digits or "/", e.g. ISRA');

const FleetSettings = z.object({
  owners: z.array(ownerCode).max(MAX_FLEET_ENTRIES).describe('SATCAT owner codes whose objects are fleet members (aliases IL, RU, IR, CN accepted)'),
  noradIds: z
    .array(z.number().int('must be a whole NORAD id').positive('must be a positive NORAD id').max(2147483647, 'is past any NORAD id'))
    .max(MAX_FLEET_ENTRIES)
    .describe('NORAD catalogue numbers of further fleet members'),
});

/** The checks a setting's value passes (the change's, and a stored value's at load). */
export const SETTING_VALUES = {
  fleetOwners: FleetSettings.shape.owners,
  fleetNoradIds: FleetSettings.shape.noradIds,
  thresholdKm: positiveBounded('The threshold', 'km', SETTING_MAXIMA.thresholdKm).describe('Conjunction screening threshold, km'),
  // At least a minute here, though the environment takes less (tests run every few seconds): a
  // change over the network must not make every server screen without pause.
  intervalMinutes: positiveBounded('The interval', 'minutes', SETTING_MAXIMA.intervalMinutes)
    .min(1, 'The interval must be at least 1 minute')
    .describe('Minutes between screening runs (1 to 1440)'),
  windowDays: positiveBounded('The window', 'days', SETTING_MAXIMA.windowDays).describe('Days ahead each run screens'),
  alertLevel: z.enum(ALERT_LEVELS).describe("The risk from which a conjunction raises an alert: 'high' (high and critical) or 'critical'"),
} as const;

/** The settings as the server reports them (the environment's may lie outside what a change may set, e.g. a test's 6 s interval). */
export const OperatorSettings = z
  .object({
    fleet: z.object({ owners: z.array(z.string()), noradIds: z.array(z.number().int()) }),
    screening: z.object({
      thresholdKm: z.number().describe('Conjunction screening threshold, km'),
      intervalMinutes: z.number().describe('Minutes between screening runs'),
      windowDays: z.number().describe('Days ahead each run screens'),
    }),
    alertLevel: z.enum(ALERT_LEVELS),
  })
  .meta({ id: 'OperatorSettings' });
export type OperatorSettings = z.infer<typeof OperatorSettings>;

/** The setting names a change may carry. */
export const SETTING_KEYS = ['fleetOwners', 'fleetNoradIds', 'thresholdKm', 'intervalMinutes', 'windowDays', 'alertLevel'] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

/**
 * PATCH /api/settings: the settings to change. A value sets it; null takes it back to the
 * environment's default. Settings not named stay as they are.
 */
export const SettingsChange = z
  .object({
    fleetOwners: SETTING_VALUES.fleetOwners.nullable().optional(),
    fleetNoradIds: SETTING_VALUES.fleetNoradIds.nullable().optional(),
    thresholdKm: SETTING_VALUES.thresholdKm.nullable().optional(),
    intervalMinutes: SETTING_VALUES.intervalMinutes.nullable().optional(),
    windowDays: SETTING_VALUES.windowDays.nullable().optional(),
    alertLevel: SETTING_VALUES.alertLevel.nullable().optional(),
  })
  .strict()
  .refine((change) => Object.keys(change).length > 0, 'name at least one setting to change')
  .meta({ id: 'SettingsChange' });
export type SettingsChange = z.infer<typeof SettingsChange>;

export const FleetMember = z.object({
  noradId: z.number().int(),
  name: z.string(),
  owner: z.string().nullable(),
  objectType: z.string().nullable(),
  via: z.enum(['owner', 'norad', 'both']).describe('Why it is a member: its owner code, its NORAD id in the list, or both'),
});
export type FleetMember = z.infer<typeof FleetMember>;

export const SettingsResponse = z
  .object({
    effective: OperatorSettings.describe('What the server uses now'),
    defaults: OperatorSettings.describe('What the environment gives'),
    stored: z.array(z.enum(SETTING_KEYS)).describe('The settings changed here and kept in the database (the others follow the environment)'),
    updatedAt: z.string().nullable().describe('When the stored settings last changed, ISO 8601 UTC'),
    updatedBy: z.string().nullable(),
    screeningEnabled: z.boolean().describe('Continuous screening on (SCREENING=on); off, the settings are kept but no run happens'),
    fleetMembers: z.array(FleetMember).describe('The catalogue objects the fleet setting takes in, by name'),
    missingNoradIds: z.array(z.number().int()).describe('NORAD ids of the fleet setting that the catalogue does not hold (yet)'),
  })
  .meta({ id: 'SettingsResponse' });
export type SettingsResponse = z.infer<typeof SettingsResponse>;
