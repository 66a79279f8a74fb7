/**
 * Vitest global setup: under CI=true the outside reference data the tests read (../shared/reference:
 * the Vallado SGP4 suite, the real catalogues, NRLMSISE-00/JB2008 outputs, space weather, CARA's
 * Pc cases and CDMs) must all be there. Tests that need a file skip with a message on a developer
 * machine without it; in CI a test must not pass by skipping, so the whole run fails here instead,
 * naming every missing file.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Every reference file or folder a test reads (keep in step with the tests' own guards). */
const REFERENCE_FILES = [
  'sgp4/SGP4-VER.TLE',
  'sgp4/tcppver.out',
  'catalog/full_catalog_3le_2023-10-09.txt',
  'catalog/celestrak_active_gp_2026-07.csv',
  'spaceweather/SW-All_1957-2024.csv',
  'spaceweather/SW-All_1998-2026.csv',
  'atmosphere/nrlmsise00_cases.json',
  'atmosphere/jb2008_cases.json',
  'pc/pc_cases.json',
  'cdm/cara',
  'cdm/cara_000025994_conj_000037558_20210324_151047_20210323_154356.cdm',
  'cdm/orekit_CDMExample1.xml',
  'cdm/orekit_CDMExample2.txt',
  'cdm/orekit_ION_SCV8_vs_STARLINK_1233.txt',
] as const;

export default function requireReference(): void {
  if (process.env.CI !== 'true') return;
  const dir = fileURLToPath(new URL('../../shared/reference/', import.meta.url));
  const missing = REFERENCE_FILES.filter((f) => !existsSync(`${dir}${f}`));
  if (missing.length > 0) throw new Error(`Reference data missing under ${dir}: ${missing.join(', ')} (CI=true: reference data is required)`);
}
