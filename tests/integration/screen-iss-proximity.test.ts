/**
 * `ssa screen` as a process on the real 2023-10-09 catalogue (../shared/reference/catalog) for the
 * ISS (25544) over 48 h at 5 km (issue 11): the six vehicles and modules docked to the station
 * (49044 ISS (NAUKA), 56740 PROGRESS MS-23, 57488 CYGNUS NG-19, 57691 PROGRESS MS-24, 57697
 * SOYUZ MS-24, 57862 …) were 186 "critical conjunctions" (31 each, 212 m at 0.35 m/s). They are
 * proximities now, reported once each as attached; what stays among the conjunctions are real
 * crossings at kilometres per second.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HAS_REFERENCE, REFERENCE_DIR } from './support/reference.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const DOCKED = ['49044', '56740', '57488', '57691', '57697', '57862'];

describe.skipIf(!HAS_REFERENCE)('ssa screen --primary 25544 on the real catalogue, 48 h, 5 km', () => {
  it('lists the docked vehicles as attached proximities, not conjunctions', () => {
    const r = spawnSync(
      process.execPath,
      ['bin/ssa.js', 'screen', '--catalog', `${REFERENCE_DIR}catalog/full_catalog_3le_2023-10-09.txt`, '--primary', '25544', '--start', '2023-10-09T00:00:00Z', '--end', '2023-10-11T00:00:00Z', '--threshold-km', '5'],
      { cwd: repoRoot, encoding: 'utf8', timeout: 120_000, maxBuffer: 64 * 1024 * 1024 },
    );
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as {
      conjunctions: { secondary_norad: string; relative_velocity_km_s: number; pc_method: string }[];
      proximities: { primary_norad: string; secondary_norad: string; kind: string; min_distance_km: number; max_distance_km: number; relative_speed_m_s: number; start: string; end: string }[];
    };
    expect(out.proximities.map((p) => p.secondary_norad).sort()).toEqual(DOCKED);
    for (const p of out.proximities) {
      expect(p).toMatchObject({ primary_norad: '25544', kind: 'attached', start: '2023-10-09T00:00:00.000Z', end: '2023-10-11T00:00:00.000Z' });
      expect(p.min_distance_km).toBeGreaterThan(0.1);
      expect(p.max_distance_km).toBeLessThan(2);
      expect(p.relative_speed_m_s).toBeLessThan(2);
    }
    expect(out.conjunctions.some((c) => DOCKED.includes(c.secondary_norad))).toBe(false);
    expect(out.conjunctions.length).toBeGreaterThan(0);
    expect(out.conjunctions.every((c) => c.relative_velocity_km_s > 1)).toBe(true);
  }, 150_000);
});
