import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes SQL migrations to ./drizzle from the schema.
// The server applies them at start-up (src/server/db/migrate.ts) on PGlite and
// PostgreSQL alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './drizzle',
});
