import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * ../shared/reference beside the repository (CI has it there too): the large reference files only,
 * the real catalogues (catalog/) and CelesTrak space weather (spaceweather/). Tests that need them
 * skip with a message without them; under CI=true tests/require-reference.ts fails the run instead.
 * The small sets (SGP4, Pc, atmosphere, CDM) are vendored in the repository: tests/reference/index.ts.
 */
export const REFERENCE_DIR = fileURLToPath(new URL('../../../../shared/reference/', import.meta.url));
export const HAS_REFERENCE = existsSync(REFERENCE_DIR);

if (!HAS_REFERENCE) console.warn(`Reference data not found at ${REFERENCE_DIR}: tests that need the catalogues or space weather are skipped.`);

/** True when every file of `paths` is in ../shared/reference; otherwise says on the console which test skips for want of which files. */
export function hasReference(test: string, ...paths: string[]): boolean {
  const missing = paths.filter((p) => !existsSync(`${REFERENCE_DIR}${p}`));
  if (missing.length > 0) console.warn(`[${test}] SKIPPED: ${missing.map((p) => `${REFERENCE_DIR}${p}`).join(', ')} not found`);
  return missing.length === 0;
}

export function readReference(path: string): string {
  return readFileSync(`${REFERENCE_DIR}${path}`, 'utf8');
}

/** The real catalogue of 2023-10-09 (3LE), 26,140 objects. */
export const CATALOG_2023 = 'catalog/full_catalog_3le_2023-10-09.txt';
/** CelesTrak's SW-All space weather, 1998 to 2026 (observed, then daily and monthly predictions). */
export const SW_ALL_1998 = 'spaceweather/SW-All_1998-2026.csv';

/** The ISS and the vehicles docked to it, and the CSS modules, in the 2023-10-09 catalogue. */
const STATIONS = new Set([25544, 49044, 55560, 55688, 55740, 56740, 57488, 57691, 57697, 57862]);

/**
 * Every object of the 2023-10-09 catalogue whose NORAD id is a multiple of 20, plus the stations
 * (1,320 objects): a real catalogue small enough that a catalogue-wide run takes seconds.
 */
export function catalogSubset2023(): string {
  const lines = readReference(CATALOG_2023).split(/\r?\n/);
  const out: string[] = [];
  for (let i = 0; i + 2 < lines.length; i += 3) {
    const norad = Number(lines[i + 1]!.slice(2, 7));
    if (norad % 20 === 0 || STATIONS.has(norad)) out.push(lines[i]!, lines[i + 1]!, lines[i + 2]!);
  }
  return `${out.join('\n')}\n`;
}
