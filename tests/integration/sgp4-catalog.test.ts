/**
 * SGP4 over whole catalogues (shared/reference/catalog/README.md): the 2023-10-09 full
 * catalogue propagated to 2023-10-09T12:00Z must give 25,873 successes, 155 error-1 and
 * 112 error-6 results, as the README found with an independent SGP4.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseOmmCsv, parseTle } from '../../src/core/elements/index.ts';
import { createSgp4, propagate, propagateAt } from '../../src/core/propagation/index.ts';
import { minutes, utcMs } from '../../src/core/units.ts';

const CATALOG = fileURLToPath(new URL('../../../shared/reference/catalog/', import.meta.url));
const TLE_FILE = `${CATALOG}full_catalog_3le_2023-10-09.txt`;
const CSV_FILE = `${CATALOG}celestrak_active_gp_2026-07.csv`;
const present = existsSync(TLE_FILE) && existsSync(CSV_FILE);
if (!present) console.warn(`[sgp4-catalog.test] SKIPPED: catalogue files not found in ${CATALOG}`);

describe.skipIf(!present)('SGP4 on whole catalogues', () => {
  it('propagates the 2023-10-09 catalogue to 12:00Z: 25,873 ok, 155 error 1, 112 error 6', () => {
    const { sets } = parseTle(readFileSync(TLE_FILE, 'utf8'));
    const t = utcMs(Date.UTC(2023, 9, 9, 12));
    const outcome: Record<string, number> = {};
    let viaTle = 0;
    for (const set of sets) {
      const model = createSgp4(set);
      if (model.init === 'tle') viaTle += 1;
      const result = propagateAt(model, t);
      const key = result.ok ? 'ok' : `error ${result.code}`;
      outcome[key] = (outcome[key] ?? 0) + 1;
    }
    console.log(`[sgp4-catalog.test] 2023-10-09T12:00Z: ${JSON.stringify(outcome)}`);
    expect(outcome).toEqual({ ok: 25_873, 'error 1': 155, 'error 6': 112 });
    expect(viaTle).toBe(26_140);
  });

  it('propagates every 2026-07 active payload at its own epoch', () => {
    const { sets } = parseOmmCsv(readFileSync(CSV_FILE, 'utf8'));
    const failures = sets.filter((set) => !propagate(createSgp4(set), minutes(0)).ok);
    expect(failures).toEqual([]);
  });
});
