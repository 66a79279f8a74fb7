import { bigint, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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

/** One row per ingestion (file import, online update, demo generation), with what it added and rejected. */
export const catalogImports = pgTable('catalog_imports', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
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
  /** celestrak-sw-all (later: noaa-swpc). */
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
