import { bigint, date, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
