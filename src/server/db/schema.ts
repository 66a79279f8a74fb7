import { sql } from 'drizzle-orm';
import { bigint, boolean, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * The database schema (Drizzle). `npm run db:generate` turns changes here into a
 * new SQL migration in ./drizzle; the server applies pending migrations at
 * start-up on PGlite and PostgreSQL alike.
 */

/** Facts about this installation (first start, start count, later: settings), one JSON value per key. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * Catalogue objects: one row per NORAD catalogue number, with SATCAT-style
 * metadata (CelesTrak SATCAT columns where they exist).
 */
export const spaceObjects = pgTable(
  'space_objects',
  {
    noradId: integer('norad_id').primaryKey(),
    name: text('name').notNull(),
    cosparId: text('cospar_id'),
    /** payload | rocket_body | debris | unknown (SATCAT OBJECT_TYPE PAY/R/B/DEB/UNK). */
    objectType: text('object_type').notNull(),
    /** SATCAT owner code: ISRA, CIS, IRAN, US, PRC, … */
    owner: text('owner'),
    /** SATCAT RCS size class: SMALL (< 0.1 m²), MEDIUM (0.1–1 m²), LARGE (> 1 m²). */
    rcsSize: text('rcs_size'),
    rcsM2: doublePrecision('rcs_m2'),
    massKg: doublePrecision('mass_kg'),
    launchDate: date('launch_date'),
    decayDate: date('decay_date'),
    /** Fleet category (military, commercial, scientific) for fleet objects. */
    category: text('category'),
    /** Mission type where known (reconnaissance, signals_intelligence, electronic_warfare, communications, …). */
    mission: text('mission'),
    description: text('description'),
    /** Where the metadata came from: demo, import, satcat, celestrak, spacetrack. */
    source: text('source').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('space_objects_owner_idx').on(t.owner), index('space_objects_type_idx').on(t.objectType)],
);

/** Every element set ever ingested; nothing is overwritten. (norad, epoch) is unique, so re-imports add nothing twice. */
export const elementSets = pgTable(
  'element_sets',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    noradId: integer('norad_id')
      .notNull()
      .references(() => spaceObjects.noradId, { onDelete: 'cascade' }),
    epoch: timestamp('epoch', { withTimezone: true, mode: 'date', precision: 6 }).notNull(),
    meanMotion: doublePrecision('mean_motion').notNull(),
    eccentricity: doublePrecision('eccentricity').notNull(),
    inclination: doublePrecision('inclination_deg').notNull(),
    raan: doublePrecision('raan_deg').notNull(),
    argPerigee: doublePrecision('arg_perigee_deg').notNull(),
    meanAnomaly: doublePrecision('mean_anomaly_deg').notNull(),
    bstar: doublePrecision('bstar').notNull(),
    meanMotionDot: doublePrecision('mean_motion_dot').notNull(),
    meanMotionDdot: doublePrecision('mean_motion_ddot').notNull(),
    elementSetNo: integer('element_set_no').notNull(),
    revAtEpoch: integer('rev_at_epoch').notNull(),
    classification: text('classification').notNull(),
    ephemerisType: integer('ephemeris_type').notNull(),
    source: text('source').notNull(),
    importId: integer('import_id').references(() => catalogImports.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [uniqueIndex('element_sets_norad_epoch_uq').on(t.noradId, t.epoch), index('element_sets_epoch_idx').on(t.epoch)],
);

/**
 * One row per ingestion (file import, online update, demo generation), with what it added and rejected.
 * The row is written before the data; the data and the row's `completed` commit in one transaction,
 * so a row still `running` at start-up was cut short by a crash (its data rolled back) and is marked
 * `interrupted`; `failed` holds the error.
 */
export const catalogImports = pgTable('catalog_imports', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** running | completed | failed | interrupted */
  status: text('status').notNull().default('completed'),
  error: text('error'),
  source: text('source').notNull(),
  label: text('label').notNull(),
  format: text('format'),
  startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  objectsAdded: integer('objects_added').notNull().default(0),
  setsAdded: integer('sets_added').notNull().default(0),
  duplicates: integer('duplicates').notNull().default(0),
  rejected: integer('rejected').notNull().default(0),
  /** The first rejected records with their reasons (at most 100). */
  rejections: jsonb('rejections').notNull().default([]),
});

/**
 * One row per space-weather ingestion (a CelesTrak SW-All file), with what it added, changed and
 * rejected. `lastObservedDate` is how current the file is: the newest day it holds as observed.
 */
export const spaceWeatherImports = pgTable('space_weather_imports', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** running | completed | failed | interrupted, as catalog_imports. */
  status: text('status').notNull().default('completed'),
  error: text('error'),
  /** celestrak-sw-all, noaa-swpc, set-solfsmy or set-dtcfile. */
  provider: text('provider').notNull(),
  label: text('label').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  rows: integer('rows').notNull().default(0),
  daysAdded: integer('days_added').notNull().default(0),
  daysUpdated: integer('days_updated').notNull().default(0),
  daysUnchanged: integer('days_unchanged').notNull().default(0),
  rejected: integer('rejected').notNull().default(0),
  /** The first rejected rows with their line numbers and reasons (at most 100). */
  rejections: jsonb('rejections').notNull().default([]),
  firstDate: date('first_date', { mode: 'string' }),
  lastDate: date('last_date', { mode: 'string' }),
  lastObservedDate: date('last_observed_date', { mode: 'string' }),
});

/**
 * Daily space-weather records (src/core/spaceweather's record types, one UTC day of one provider per
 * row): F10.7 observed and adjusted, its 81-day means, the eight 3-hour Kp/ap and the daily Ap, each
 * with its status (observed or predicted) and source. (provider, date) is unique, so a re-import adds
 * nothing; a newer file (later `as_of`) replaces a day whose values or status changed, an older one
 * never does.
 */
export const spaceWeatherDays = pgTable(
  'space_weather_days',
  {
    provider: text('provider').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    /** observed | predicted: of the flux, the Kp/ap and the daily Ap of the day. */
    status: text('status').notNull(),
    /** daily | monthly (SW-All's monthly predictions, dated on the first of the month). */
    cadence: text('cadence').notNull(),
    f107Obs: doublePrecision('f107_obs'),
    f107Adj: doublePrecision('f107_adj'),
    f107AdjMethod: text('f107_adj_method'),
    f107ObsCenter81: doublePrecision('f107_obs_center81'),
    f107AdjCenter81: doublePrecision('f107_adj_center81'),
    f107ObsLast81: doublePrecision('f107_obs_last81'),
    f107AdjLast81: doublePrecision('f107_adj_last81'),
    /** Status of the 81-day means: predicted when the centred window reaches past the file's last observed day. */
    meanStatus: text('mean_status'),
    meanMethod: text('mean_method'),
    /** The eight 3-hour Kp (decimal) of 00–03 … 21–24 UT; null where missing. */
    kp: jsonb('kp').$type<(number | null)[]>(),
    /** The eight 3-hour ap. */
    ap: jsonb('ap').$type<(number | null)[]>(),
    apDaily: doublePrecision('ap_daily'),
    /** Where the day came from, e.g. "CelesTrak SW-All SW-All.csv line 10163 (OBS)". */
    source: text('source').notNull(),
    /** The last observed day of the file this row came from: a newer file replaces, an older one does not. */
    asOf: date('as_of', { mode: 'string' }).notNull(),
    importId: integer('import_id').references(() => spaceWeatherImports.id),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.date] })],
);

/**
 * SET's JB2008 solar indices (SOLFSMY.TXT, src/core/spaceweather/solfsmy.ts), one UTC day a row, in
 * sfu; null where the file gives no value. A later import replaces a day whose values differ (SET
 * revises its files); the same file twice changes nothing.
 */
export const solarIndicesDays = pgTable('solar_indices_days', {
  date: date('date', { mode: 'string' }).primaryKey(),
  f10: doublePrecision('f10'),
  f81c: doublePrecision('f81c'),
  s10: doublePrecision('s10'),
  s81c: doublePrecision('s81c'),
  m10: doublePrecision('m10'),
  m81c: doublePrecision('m81c'),
  y10: doublePrecision('y10'),
  y81c: doublePrecision('y81c'),
  /** e.g. "SET SOLFSMY SOLFSMY.TXT line 12". */
  source: text('source').notNull(),
  importId: integer('import_id').references(() => spaceWeatherImports.id),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * SET's JB2008 storm temperature change (DTCFILE.TXT, src/core/spaceweather/dtcfile.ts): one UTC
 * day a row, ΔTc in whole kelvin at 00 … 23 h UT. Replaced like `solar_indices_days`.
 */
export const stormTemperatureDays = pgTable('storm_temperature_days', {
  date: date('date', { mode: 'string' }).primaryKey(),
  hourly: jsonb('hourly').$type<number[]>().notNull(),
  /** e.g. "SET DTCFILE DTCFILE.TXT line 3". */
  source: text('source').notNull(),
  importId: integer('import_id').references(() => spaceWeatherImports.id),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** Every drag-calculator run (POST /api/drag-calculator/calculate): the validated input and the whole result. */
export const dragCalculations = pgTable(
  'drag_calculations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    satellite: text('satellite').notNull(),
    model: text('model').notNull(),
    input: jsonb('input').notNull(),
    result: jsonb('result').notNull(),
  },
  (t) => [index('drag_calculations_created_idx').on(t.createdAt)],
);

/**
 * Continuous screening runs (DECISIONS.md §5): one row per run of the fleet against the catalogue.
 * A run left `running` by a crash is marked `failed` at the next start; whatever it had already
 * stored stays.
 */
export const screeningRuns = pgTable(
  'screening_runs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** start-up | catalogue-update | interval | manual */
    reason: text('reason').notNull(),
    status: text('status').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
    windowEnd: timestamp('window_end', { withTimezone: true, mode: 'date' }).notNull(),
    thresholdKm: doublePrecision('threshold_km').notNull(),
    catalogVersion: text('catalog_version').notNull(),
    primaries: integer('primaries').notNull(),
    objects: integer('objects').notNull(),
    /** Object pairs screened: primaries × catalogue objects (the dashboard's dailyScreens sums these over 24 h). */
    pairs: bigint('pairs', { mode: 'number' }).notNull(),
    approaches: integer('approaches'),
    /**
     * The run's approaches of the fleet to adversary satellites (within ADVERSARY_SCREENING_KM), as
     * core ApproachRecords: kept so that a restart shows the Adversary Conjunction Risk card at once
     * (they are not conjunction events: the event threshold is SCREENING_THRESHOLD_KM).
     */
    adversaryApproaches: jsonb('adversary_approaches'),
    error: text('error'),
  },
  (t) => [index('screening_runs_started_idx').on(t.startedAt)],
);

/**
 * Conjunction events: a close approach of a fleet satellite, created by the first run that finds it
 * and updated by every later one until its TCA passes (status open → closed). `conjunction_id` is
 * CNJ-{year of TCA}-{id, at least 3 digits}.
 */
export const conjunctionEvents = pgTable(
  'conjunction_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    conjunctionId: text('conjunction_id').notNull(),
    primaryNorad: integer('primary_norad').notNull(),
    secondaryNorad: integer('secondary_norad').notNull(),
    tca: timestamp('tca', { withTimezone: true, mode: 'date', precision: 6 }).notNull(),
    missKm: doublePrecision('miss_km').notNull(),
    radialKm: doublePrecision('radial_km').notNull(),
    inTrackKm: doublePrecision('in_track_km').notNull(),
    crossTrackKm: doublePrecision('cross_track_km').notNull(),
    relativeVelocityKmS: doublePrecision('relative_velocity_km_s').notNull(),
    /** The chosen Pc (`pc_method`); 0 where no method gives one (then `details.pcUndefined`). */
    pc: doublePrecision('pc').notNull(),
    maxPc: doublePrecision('max_pc').notNull(),
    riskLevel: text('risk_level').notNull(),
    /** 'screening', or the ORIGINATOR of the imported CDM whose estimate the event carries (its covariance wins). */
    source: text('source').notNull().default('screening'),
    /** Foster 2D Pc (null: undefined). */
    pc2d: doublePrecision('pc2d'),
    /** Hall 3D-Nc Pc, where computed. */
    pc3d: doublePrecision('pc3d'),
    /** pc2d | nc2d-upper-limit | nc2d | pc3d | sdmc: how `pc` was chosen (core probability/pc-multistep.ts). */
    pcMethod: text('pc_method').notNull().default('pc2d'),
    /** open | closed (closed exactly when `alert_status` is closed) */
    status: text('status').notNull(),
    /** tca_passed | not_found | operator, when closed */
    closeReason: text('close_reason'),
    /** The alert lifecycle (issue 29; contracts AlertStatus): new … closed. */
    alertStatus: text('alert_status').notNull().default('new'),
    /** The user the alert is assigned to (username; text, so it outlives a removed account). */
    assignee: text('assignee'),
    /** mitigating | risk_accepted | false_alarm: the operator's decision, kept when the alert is closed. */
    decision: text('decision'),
    firstDetected: timestamp('first_detected', { withTimezone: true, mode: 'date' }).notNull(),
    lastUpdated: timestamp('last_updated', { withTimezone: true, mode: 'date' }).notNull(),
    lastRunId: integer('last_run_id').references(() => screeningRuns.id),
    /** Everything else of the estimate (states at TCA, RTN sigmas, hard-body radius, covariance source). */
    details: jsonb('details').notNull(),
    /** The CCSDS CDM (KVN) written when the event crossed the alert threshold. */
    cdmKvn: text('cdm_kvn'),
    cdmGeneratedAt: timestamp('cdm_generated_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('conjunction_events_cid_uq').on(t.conjunctionId),
    index('conjunction_events_status_idx').on(t.status),
    index('conjunction_events_pair_idx').on(t.primaryNorad, t.secondaryNorad),
    index('conjunction_events_tca_idx').on(t.tca),
  ],
);

/**
 * The alert changes of each conjunction event (issue 29), oldest first: an operator's status move,
 * assignment or comment, and the system's own (detected at or above the alert level, risk raised,
 * reopened, closed when the TCA passed or screening lost it, a plan screened). Written in the same
 * transaction as the change itself, so it is also the notifications' outbox: `dispatched_at` is
 * null until the notification dispatcher has turned the row into deliveries (or found no rule).
 */
export const conjunctionAlertChanges = pgTable(
  'conjunction_alert_changes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    eventId: integer('event_id')
      .notNull()
      .references(() => conjunctionEvents.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    /** Username, `local`, `cli:<user>`; null for the system. */
    actor: text('actor'),
    /** status | assigned | comment | detected | risk_raised | reopened | closed | plan_screened */
    kind: text('kind').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    fromRisk: text('from_risk'),
    toRisk: text('to_risk'),
    assignee: text('assignee'),
    comment: text('comment'),
    /** Why, for the system's changes (e.g. 'TCA passed', 'a CDM from CARA raised the risk to high'). */
    reason: text('reason'),
    planId: integer('plan_id'),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('conjunction_alert_changes_event_idx').on(t.eventId), index('conjunction_alert_changes_undispatched_idx').on(t.id).where(sql`dispatched_at is null`)],
);

/** The history of each conjunction event: one row per run that created or changed its estimate. */
export const conjunctionEventUpdates = pgTable(
  'conjunction_event_updates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    eventId: integer('event_id')
      .notNull()
      .references(() => conjunctionEvents.id, { onDelete: 'cascade' }),
    runId: integer('run_id').references(() => screeningRuns.id),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    tca: timestamp('tca', { withTimezone: true, mode: 'date', precision: 6 }).notNull(),
    missKm: doublePrecision('miss_km').notNull(),
    pc: doublePrecision('pc').notNull(),
    maxPc: doublePrecision('max_pc').notNull(),
    riskLevel: text('risk_level').notNull(),
    /** Combined 1-sigma position uncertainty in the encounter plane, metres. */
    sigmaM: doublePrecision('sigma_m'),
    /** 'screening' or the originator of the CDM that made this estimate. */
    source: text('source').notNull().default('screening'),
    pcMethod: text('pc_method'),
  },
  (t) => [index('conjunction_event_updates_event_idx').on(t.eventId)],
);

/**
 * Avoidance plans of conjunction events (issue 28): a burn of the event's primary, the screening of
 * its post-burn track against the catalogue, and the operator's choice. `status`: screening (the job
 * runs; a start finds none left: an interrupted one is marked failed), screened, failed, chosen,
 * discarded. The reference element set is kept (`reference_set`) so that the post-burn ephemeris and
 * the burn summary can be written again exactly as screened.
 */
export const conjunctionPlans = pgTable(
  'conjunction_plans',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    eventId: integer('event_id')
      .notNull()
      .references(() => conjunctionEvents.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdBy: text('created_by').notNull(),
    burnEpoch: timestamp('burn_epoch', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    /** Δv in the primary's RTN frame at the burn, m/s. */
    dvR: doublePrecision('dv_r').notNull(),
    dvT: doublePrecision('dv_t').notNull(),
    dvN: doublePrecision('dv_n').notNull(),
    targetPc: doublePrecision('target_pc').notNull(),
    thresholdKm: doublePrecision('threshold_km').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
    windowEnd: timestamp('window_end', { withTimezone: true, mode: 'date' }).notNull(),
    /** The primary's element set the plan was made on (core ElementSet as JSON: doubles round-trip exactly). */
    referenceSet: jsonb('reference_set').notNull(),
    /** The operator ephemeris the plan was made on instead, where one covered the plan's window (its element set is then the screening's reference only). */
    referenceEphemerisId: integer('reference_ephemeris_id'),
    status: text('status').notNull(),
    screenedAt: timestamp('screened_at', { withTimezone: true, mode: 'date' }),
    /** The screening's outcome (contracts/avoidance.ts PlanResult). */
    result: jsonb('result'),
    acceptable: boolean('acceptable'),
    reason: text('reason'),
    error: text('error'),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    decidedBy: text('decided_by'),
  },
  (t) => [index('conjunction_plans_event_idx').on(t.eventId)],
);

/**
 * Imported CCSDS CDMs, kept as received (issue 11). (originator, message_id) is unique: the same
 * message twice adds nothing. Each message belongs to the conjunction event it created or updated.
 */
export const cdmMessages = pgTable(
  'cdm_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    originator: text('originator').notNull(),
    messageId: text('message_id').notNull(),
    creationDate: timestamp('creation_date', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    tca: timestamp('tca', { withTimezone: true, mode: 'date', precision: 6 }).notNull(),
    object1Norad: integer('object1_norad').notNull(),
    object2Norad: integer('object2_norad').notNull(),
    /** kvn | xml | json */
    format: text('format').notNull(),
    /** The message's own text as received. */
    raw: text('raw').notNull(),
    eventId: integer('event_id')
      .notNull()
      .references(() => conjunctionEvents.id, { onDelete: 'cascade' }),
    /** The Pc the product stands behind for this message, and its method. */
    pc: doublePrecision('pc'),
    pcMethod: text('pc_method').notNull(),
    fileName: text('file_name'),
    importedAt: timestamp('imported_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [uniqueIndex('cdm_messages_originator_message_uq').on(t.originator, t.messageId), index('cdm_messages_event_idx').on(t.eventId)],
);

/**
 * Pairs that stay close (core screening/proximity.ts): docked, formation or proximity operations,
 * kept apart from conjunctions. One row per pair while the screening keeps finding it (open), then
 * closed.
 */
export const proximities = pgTable(
  'proximities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    primaryNorad: integer('primary_norad').notNull(),
    secondaryNorad: integer('secondary_norad').notNull(),
    /** attached | formation | proximity_operation */
    kind: text('kind', { enum: ['attached', 'formation', 'proximity_operation'] }).notNull(),
    startAt: timestamp('start_at', { withTimezone: true, mode: 'date' }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true, mode: 'date' }).notNull(),
    minKm: doublePrecision('min_km').notNull(),
    maxKm: doublePrecision('max_km').notNull(),
    meanKm: doublePrecision('mean_km').notNull(),
    relativeSpeedMS: doublePrecision('relative_speed_m_s').notNull(),
    /** open | closed */
    status: text('status').notNull(),
    firstDetected: timestamp('first_detected', { withTimezone: true, mode: 'date' }).notNull(),
    lastUpdated: timestamp('last_updated', { withTimezone: true, mode: 'date' }).notNull(),
    lastRunId: integer('last_run_id').references(() => screeningRuns.id),
  },
  (t) => [index('proximities_status_idx').on(t.status), index('proximities_pair_idx').on(t.primaryNorad, t.secondaryNorad)],
);

/** Operations events (DECISIONS.md §7): cdm_generated, maneuver_detected, radar_update, launch_detected, alert_updated. */
export const operationsEvents = pgTable(
  'operations_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    eventType: text('event_type').notNull(),
    timestamp: timestamp('timestamp', { withTimezone: true, mode: 'date' }).notNull(),
    description: text('description').notNull(),
    conjunctionId: text('conjunction_id'),
    noradId: integer('norad_id'),
  },
  (t) => [index('operations_events_timestamp_idx').on(t.timestamp)],
);

/** Manoeuvres detected in element-set histories; (norad, detection time) is unique, so re-detection adds nothing. */
export const maneuvers = pgTable(
  'maneuvers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    noradId: integer('norad_id')
      .notNull()
      .references(() => spaceObjects.noradId, { onDelete: 'cascade' }),
    maneuverTime: timestamp('maneuver_time', { withTimezone: true, mode: 'date' }).notNull(),
    detectionTime: timestamp('detection_time', { withTimezone: true, mode: 'date', precision: 6 }).notNull(),
    maneuverType: text('maneuver_type').notNull(),
    direction: text('direction').notNull(),
    deltaV: doublePrecision('delta_v').notNull(),
    confidence: doublePrecision('confidence').notNull(),
    deltaAKm: doublePrecision('delta_a_km').notNull(),
    deltaIDeg: doublePrecision('delta_i_deg').notNull(),
    deltaRaanDeg: doublePrecision('delta_raan_deg').notNull(),
    detectedAt: timestamp('detected_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [uniqueIndex('maneuvers_norad_detection_uq').on(t.noradId, t.detectionTime), index('maneuvers_detection_idx').on(t.detectionTime)],
);

/** High-interest objects (product spec §3), created, edited and removed by operators; one per catalogue object. */
export const highInterestObjects = pgTable(
  'high_interest_objects',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    satelliteId: integer('satellite_id')
      .notNull()
      .references(() => spaceObjects.noradId, { onDelete: 'cascade' }),
    priority: text('priority').notNull(),
    reason: text('reason').notNull(),
    specialInstructions: text('special_instructions'),
    addedBy: text('added_by').notNull(),
    addedDate: timestamp('added_date', { withTimezone: true, mode: 'date' }).notNull(),
    /** Minutes between expected observations. */
    trackingFrequency: doublePrecision('tracking_frequency').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [uniqueIndex('high_interest_objects_satellite_uq').on(t.satelliteId)],
);

/**
 * One row per CDM import (a request or `ssa cdm import` of one or more files): written before the
 * messages, then completed in the transaction that writes them (whole or not at all), as
 * catalog_imports.
 */
export const cdmImports = pgTable('cdm_imports', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** running | completed | failed | interrupted */
  status: text('status').notNull(),
  label: text('label').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  messages: integer('messages').notNull().default(0),
  created: integer('created').notNull().default(0),
  updated: integer('updated').notNull().default(0),
  duplicates: integer('duplicates').notNull().default(0),
  rejected: integer('rejected').notNull().default(0),
  /** The first rejected messages with their line numbers and reasons (at most 100). */
  rejections: jsonb('rejections').notNull().default([]),
  error: text('error'),
});

/**
 * Accounts (issue 12). `username` is stored lower-case; `password_hash` is scrypt in PHC-like form
 * (`scrypt$N$r$p$salt$hash`, base64). Roles: viewer < operator < admin.
 */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** viewer | operator | admin */
    role: text('role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Where it was made (issue 30 item 6): cli | api (an admin signed in) | api_auth_off (any local process, AUTH off); null: before this was recorded. */
    createdVia: text('created_via'),
  },
  (t) => [uniqueIndex('users_username_uq').on(t.username)],
);

/**
 * API tokens for the CLI and scripts (bearer). Only the SHA-256 of a token is stored (a token is 32
 * random bytes, so a fast hash is enough: nothing to brute-force); `prefix` names it in lists. A
 * revoked token stays listed with `revoked_at`.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    prefix: text('prefix').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    /** As users.created_via. */
    createdVia: text('created_via'),
  },
  (t) => [uniqueIndex('api_tokens_hash_uq').on(t.tokenHash), index('api_tokens_user_idx').on(t.userId)],
);

/** Browser sessions (@fastify/session's store): the session's JSON, its user and when it expires. */
export const sessions = pgTable(
  'sessions',
  {
    sid: text('sid').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    data: jsonb('data').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * Who wrote what, when (issue 12): one row per write request (any method but GET/HEAD/OPTIONS),
 * refused ones included, and per CLI write. `actor` is the username, `local` on a loopback server
 * without accounts, or `cli:<os user>`; it is text, so the history outlives a removed account.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    actor: text('actor').notNull(),
    /** session | token | local | cli | anonymous */
    via: text('via').notNull(),
    role: text('role'),
    method: text('method').notNull(),
    /** The route pattern (e.g. /api/high-interest-objects/:id), or the CLI command. */
    action: text('action').notNull(),
    path: text('path').notNull(),
    status: integer('status').notNull(),
    ip: text('ip'),
    detail: jsonb('detail'),
  },
  (t) => [index('audit_log_at_idx').on(t.at)],
);

/**
 * Periodic tasks shared by every server on one database (issue 13): the continuous screening's
 * scheduled runs and the online updaters. One row per task: when its latest periodic run was
 * claimed, by the database's clock (servers on several machines share that clock, not their own),
 * and by which server instance (hostname:pid:random). A server runs a periodic task only when it
 * claims it (`ScheduledTaskRepository.claim`), so the task runs once per interval across all of
 * them. Runs asked for locally (a catalogue change in that server, an operator) claim nothing.
 */
export const scheduledTaskClaims = pgTable('scheduled_task_claims', {
  task: text('task').primaryKey(),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true, mode: 'date' }).notNull(),
  instance: text('instance').notNull(),
  /** Periodic runs claimed so far, by every instance: what "once per interval" can be checked against. */
  claims: integer('claims').notNull().default(1),
});

/**
 * Screening jobs through the job queue (issue 13): a worker process on any machine screens a
 * shard of a job against exactly the catalogue version the job names, read from here.
 * One row per version: the element sets as JSON (core ElementSet), written once.
 */
export const screeningCatalogs = pgTable('screening_catalogs', {
  version: text('version').primaryKey(),
  objects: integer('objects').notNull(),
  sets: jsonb('sets').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * A screening job (core/screening/job.ts ScreeningJob, kept whole in `spec`) split into shards
 * that pg-boss hands to `ssa worker` processes. kind: catalog (all-vs-all) | fleet | sst.
 * status: queued | running | completed | failed | cancelled.
 */
export const screeningJobs = pgTable(
  'screening_jobs',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    status: text('status').notNull(),
    /** screening_catalogs.version (no foreign key: old versions are pruned while finished jobs stay). */
    catalogVersion: text('catalog_version').notNull(),
    /** scheduled | manual | cli */
    reason: text('reason').notNull().default('manual'),
    /** threads: the server's worker threads; queue: ssa worker processes through pg-boss. */
    execution: text('execution').notNull().default('threads'),
    spec: jsonb('spec').notNull(),
    shardCount: integer('shard_count').notNull(),
    /** Counts once completed (contracts/catalog-screenings.ts CatalogScreeningSummary). */
    summary: jsonb('summary'),
    /**
     * A completed catalogue-wide run's stale element sets (MAX_ELEMENT_AGE_DAYS, issue 30), listed
     * not screened: [{ norad, name, epoch (ISO), ageDays }], oldest first. Apart from the summary,
     * which every poll of the runs reads, because a catalogue long unrefreshed makes it long.
     */
    stale: jsonb('stale'),
    /** Time per stage, ms. */
    timings: jsonb('timings'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    /**
     * The submitter's last sign of life (queue/job-heartbeat.ts, every 15 s while it waits for the
     * shards, merges and stores): a queued or running job whose heartbeat is older than two minutes
     * lost its submitter, and another server adopts it (catalogue-wide) or ends it.
     */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The process that holds the job (its submitter, or the server that adopted it): only it beats, completes or hands it over. */
    owner: text('owner'),
  },
  (t) => [index('screening_jobs_created_idx').on(t.createdAt), index('screening_jobs_kind_status_idx').on(t.kind, t.status)],
);

/**
 * The shards of a job: the shard (core ScreeningShard) and, once done, its result. A result is
 * written only by the first worker to finish the shard (status becomes 'done' once), so a shard
 * retried after its worker died, or finished twice, is counted once: results are keyed by job and
 * shard. status: queued | running | done. stage/fraction: the running worker's progress.
 */
export const screeningShards = pgTable(
  'screening_shards',
  {
    jobId: text('job_id')
      .notNull()
      .references(() => screeningJobs.id, { onDelete: 'cascade' }),
    shard: integer('shard').notNull(),
    spec: jsonb('spec').notNull(),
    status: text('status').notNull(),
    stage: text('stage'),
    fraction: doublePrecision('fraction'),
    worker: text('worker'),
    attempts: integer('attempts').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    result: jsonb('result'),
    /** Time per stage in the worker, ms. */
    ms: jsonb('ms'),
    error: text('error'),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.shard] })],
);

/**
 * The conjunctions a catalogue-wide run found (one row each; the pair once, lower NORAD id as
 * primary), with the risk step's Pc: the table behind /analytics.
 */
export const catalogScreeningConjunctions = pgTable(
  'catalog_screening_conjunctions',
  {
    jobId: text('job_id')
      .notNull()
      .references(() => screeningJobs.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    primaryNorad: integer('primary_norad').notNull(),
    secondaryNorad: integer('secondary_norad').notNull(),
    primaryName: text('primary_name').notNull(),
    secondaryName: text('secondary_name').notNull(),
    tca: timestamp('tca', { withTimezone: true, mode: 'date' }).notNull(),
    missDistanceKm: doublePrecision('miss_distance_km').notNull(),
    relativeSpeedKmS: doublePrecision('relative_speed_km_s').notNull(),
    collisionProbability: doublePrecision('collision_probability').notNull(),
    maxCollisionProbability: doublePrecision('max_collision_probability').notNull(),
    riskLevel: text('risk_level').notNull(),
    pcMethod: text('pc_method').notNull(),
    regime: text('regime').notNull(),
  },
  // One index per sort of the table (repositories/catalog-screening-repository.ts sortKey), in the
  // sort's whole order: a page or an export chunk is then a walk of the index from where the last
  // one ended, not a sort of the run's rows (a 3-day run has 452,776). Pc sorts highest first as
  // its negation, so that the keyset's row comparison is one ascending range of the index.
  (t) => [
    primaryKey({ columns: [t.jobId, t.seq] }),
    index('catalog_screening_conjunctions_pc_order_idx').on(t.jobId, sql`(-${t.collisionProbability})`, t.missDistanceKm, t.seq),
    index('catalog_screening_conjunctions_maxpc_order_idx').on(t.jobId, sql`(-${t.maxCollisionProbability})`, t.missDistanceKm, t.seq),
    index('catalog_screening_conjunctions_miss_order_idx').on(t.jobId, t.missDistanceKm, t.seq),
    index('catalog_screening_conjunctions_tca_order_idx').on(t.jobId, t.tca, t.seq),
  ],
);

/**
 * Operators' own predicted ephemerides of fleet objects (issue 28), CCSDS OEM files (KVN or XML) kept
 * exactly as received (`text`), with what was read from them: the object (matched to the catalogue by
 * OBJECT_ID or a NORAD number), the header, the frame(s), the span usable for screening (the union of
 * the segments' USEABLE_START_TIME … USEABLE_STOP_TIME, else START_TIME … STOP_TIME), and the number of
 * states and covariance matrices. The same file (SHA-256 of its text) twice for one object is one row.
 */
export const ephemerides = pgTable(
  'ephemerides',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    noradId: integer('norad_id').notNull(),
    /** The OEM's OBJECT_ID as written (of its first segment). */
    objectId: text('object_id').notNull(),
    /** The OEM's OBJECT_NAME as written (of its first segment). */
    objectName: text('object_name').notNull(),
    originator: text('originator').notNull(),
    creationDate: timestamp('creation_date', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true, mode: 'date' }).notNull(),
    importedBy: text('imported_by').notNull(),
    fileName: text('file_name'),
    /** KVN | XML */
    format: text('format', { enum: ['KVN', 'XML'] }).notNull(),
    /** The file as received. */
    text: text('text').notNull(),
    /** REF_FRAME of the segments (several, comma-separated, when they differ). */
    refFrame: text('ref_frame').notNull(),
    usableStart: timestamp('usable_start', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    usableStop: timestamp('usable_stop', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    states: integer('states').notNull(),
    covariances: integer('covariances').notNull(),
    /** SHA-256 of the text (UTF-8), hex. */
    sha256: text('sha256').notNull(),
  },
  (t) => [uniqueIndex('ephemerides_norad_sha256_uq').on(t.noradId, t.sha256), index('ephemerides_norad_usable_idx').on(t.noradId, t.usableStart, t.usableStop), index('ephemerides_imported_idx').on(t.importedAt)],
);

/**
 * Notification rules (issue 29): which alert events reach whom. `secret_enc` is the webhook signing
 * secret encrypted at rest (AES-256-GCM with NOTIFY_SECRET_KEY; services/notifications/secret-box.ts).
 */
export const notificationRules = pgTable('notification_rules', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** webhook | email */
  channel: text('channel').notNull(),
  target: text('target').notNull(),
  secretEnc: text('secret_enc'),
  minRisk: text('min_risk'),
  minPc: doublePrecision('min_pc'),
  /** fleet | all */
  scope: text('scope').notNull().default('fleet'),
  /** contracts NotificationEvent[] */
  events: jsonb('events').notNull(),
  tcaWithinHours: doublePrecision('tca_within_hours').notNull().default(24),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  createdBy: text('created_by').notNull(),
});

/**
 * Messages of the rules (issue 29): the delivery queue's truth. One row per message; its `id` is
 * stable across retries (the receiver's deduplication key). `dedupe_key` makes "one message per
 * alert, rule and state change" a constraint: a second dispatch of the same change inserts nothing.
 * status: pending (nextAttemptAt) | delivered | dead (retries exhausted, last_error).
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: uuid('id').primaryKey(),
    ruleId: integer('rule_id').references(() => notificationRules.id, { onDelete: 'set null' }),
    channel: text('channel').notNull(),
    target: text('target').notNull(),
    /** contracts NotificationEvent, or 'test' */
    event: text('event').notNull(),
    eventId: integer('event_id').references(() => conjunctionEvents.id, { onDelete: 'set null' }),
    dedupeKey: text('dedupe_key').notNull(),
    /** The alert changes this message reports (coalesced within a minute). */
    changeIds: jsonb('change_ids').notNull().default([]),
    subject: text('subject').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date', precision: 3 }),
    /** A claim's lease: while in the future, one sender holds the row. */
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date', precision: 3 }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date', precision: 3 }),
  },
  (t) => [
    uniqueIndex('notification_deliveries_dedupe_uq').on(t.ruleId, t.dedupeKey),
    index('notification_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('notification_deliveries_event_idx').on(t.eventId, t.ruleId),
  ],
);

/** Notification settings kept in the database (issue 29): the SMTP server as an admin stored it (`url_enc` encrypted: it holds the password). */
export const notificationSettings = pgTable('notification_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
});
