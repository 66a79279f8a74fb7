/**
 * Vitest global setup: under CI=true the outside reference data (../shared/reference: the Vallado
 * SGP4 suite, the real catalogue, NRLMSISE-00/JB2008 outputs, CARA's Pc cases, CDM samples) must be
 * there. Tests that need it skip with a message on a developer machine without it; in CI a test
 * must not pass by skipping, so the whole run fails here instead.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export default function requireReference(): void {
  const dir = fileURLToPath(new URL('../../shared/reference/', import.meta.url));
  if (process.env.CI === 'true' && !existsSync(dir)) throw new Error(`Reference data not found at ${dir} (CI=true: reference data is required)`);
}
