/**
 * Vitest global setup: no test may pass by skipping for want of reference data.
 *
 * - The small reference sets are vendored in the repository (tests/reference: Vallado's SGP4
 *   suite, CARA's Pc cases and CDMs, the NRLMSISE-00/JB2008 outputs, the CDM samples) and the
 *   tests that read them never skip, so a missing one fails every run, CI or not.
 * - The large files stay outside, in ../shared/reference (the real catalogues, CelesTrak space
 *   weather). Tests that need one skip with a message on a developer machine without it; under
 *   CI=true the whole run fails here instead, naming every missing file.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { VENDORED_DIR, VENDORED_FILES } from './reference/index.ts';

/** Every file of ../shared/reference a test reads (keep in step with the tests' own guards). */
const SHARED_FILES = [
  'catalog/full_catalog_3le_2023-10-09.txt',
  'catalog/celestrak_active_gp_2026-07.csv',
  'spaceweather/SW-All_1957-2024.csv',
  'spaceweather/SW-All_1998-2026.csv',
] as const;

export default function requireReference(): void {
  const missingVendored = VENDORED_FILES.filter((f) => !existsSync(`${VENDORED_DIR}${f}`));
  if (missingVendored.length > 0) {
    throw new Error(`Vendored reference data missing under ${VENDORED_DIR}: ${missingVendored.join(', ')} (part of the repository: restore it with git)`);
  }
  if (process.env.CI !== 'true') return;
  const dir = fileURLToPath(new URL('../../shared/reference/', import.meta.url));
  const missing = SHARED_FILES.filter((f) => !existsSync(`${dir}${f}`));
  if (missing.length > 0) throw new Error(`Reference data missing under ${dir}: ${missing.join(', ')} (CI=true: reference data is required)`);
}
