import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
