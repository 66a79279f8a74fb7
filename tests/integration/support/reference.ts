import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** ../shared/reference beside the repository (CI has it there too). */
export const REFERENCE_DIR = fileURLToPath(new URL('../../../../shared/reference/', import.meta.url));
export const HAS_REFERENCE = existsSync(REFERENCE_DIR);

if (!HAS_REFERENCE) console.warn(`Reference data not found at ${REFERENCE_DIR}: tests that need it are skipped.`);

export function readReference(path: string): string {
  return readFileSync(`${REFERENCE_DIR}${path}`, 'utf8');
}
