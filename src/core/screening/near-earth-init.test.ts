/**
 * The near-Earth constants against satellite.js's own initialisation (createSgp4 → sgp4init),
 * bit for bit: every case of Vallado's SGP4-VER.TLE and every object of the real 2023-10-09
 * catalogue, each near-Earth set giving exactly the doubles of its record, each deep-space set
 * declined.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseTleRecords } from '../elements/tle-parse.ts';
import { parseElementSets } from '../elements/parse-element-sets.ts';
import type { ElementSet } from '../elements/element-set.ts';
import { createSgp4 } from '../propagation/sgp4.ts';
import { nearEarthConstants, NEAR_EARTH_FIELDS } from './near-earth-init.ts';
import { SGP4_VER_TLE } from '../../../tests/reference/index.ts';

const CATALOG = fileURLToPath(new URL('../../../../shared/reference/catalog/full_catalog_3le_2023-10-09.txt', import.meta.url));
const haveCatalog = existsSync(CATALOG);
if (!haveCatalog) console.warn(`[near-earth-init.test] SKIPPED (catalogue): ${CATALOG} not found`);

/** Sets whose row differs from the record (field by field, Object.is), and how many rows were made and declined. */
function compare(sets: readonly ElementSet[]): { mismatches: string[]; rows: number; declined: number; deepDeclined: number } {
  const mismatches: string[] = [];
  let rows = 0;
  let declined = 0;
  let deepDeclined = 0;
  for (const set of sets) {
    const row = nearEarthConstants(set);
    const model = createSgp4(set, { init: 'auto' });
    const satrec = model.satrec as unknown as Record<string, number | string>;
    if (!row) {
      declined += 1;
      if (satrec.method === 'd') deepDeclined += 1;
      continue;
    }
    rows += 1;
    if (satrec.method !== 'n') mismatches.push(`${set.norad}: row for a ${String(satrec.method)} orbit`);
    NEAR_EARTH_FIELDS.forEach((field, k) => {
      const expected = field === 'epoch' ? model.epoch : satrec[field];
      if (!Object.is(row[k], expected)) mismatches.push(`${set.norad} ${field}: ${row[k]} ≠ ${String(expected)}`);
    });
  }
  return { mismatches, rows, declined, deepDeclined };
}

describe('near-Earth constants', () => {
  it('are sgp4init’s doubles on every case of Vallado’s SGP4-VER.TLE', () => {
    const { records } = parseTleRecords(readFileSync(SGP4_VER_TLE, 'utf8'));
    const out = compare(records.map((r) => r.set));
    expect(out.mismatches).toEqual([]);
    expect(out.rows).toBeGreaterThanOrEqual(9);
    // Every declined case of the set is a deep-space orbit.
    expect(out.deepDeclined).toBe(out.declined);
    expect(out.declined).toBeGreaterThanOrEqual(10);
  });

  it.skipIf(!haveCatalog)('are sgp4init’s doubles on every object of the 2023-10-09 catalogue', () => {
    const { sets } = parseElementSets(readFileSync(CATALOG, 'utf8'));
    const out = compare(sets);
    expect(out.mismatches.slice(0, 10)).toEqual([]);
    expect(out.rows).toBeGreaterThan(20_000);
    expect(out.deepDeclined).toBe(out.declined);
  }, 60_000);
});
