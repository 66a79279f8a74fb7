import { execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { propagate, twoline2satrec } from 'satellite.js';
import { describe, expect, it } from 'vitest';
import { screenCommand, SCREEN_USAGE } from './screen.ts';
import { expectUsageError, runCommand, tempFolder } from './test-support.ts';

// Three objects of the 2023-10-09 reference catalogue (3LE).
const LINES = {
  techsat: ['1 25397U 98043D   23282.40800592  .00000298  00000-0  14973-3 0  9991', '2 25397  98.8835 240.9209 0001852 130.1863 229.9477 14.23921734311587'],
  debris: ['1 41423U 00055LC  23282.47316215  .00006455  00000-0  29287-2 0  9990', '2 41423  98.7184 359.2968 0015511 170.8000 189.3465 14.22121175397230'],
  solrad: ['1 00046U 60007B   23282.61574891  .00001960  00000-0  39301-3 0  9996', '2 00046  66.6930  17.0428 0211487 307.8244  50.3884 14.50898233314385'],
};
const CATALOG = ['0 TECHSAT 1B', ...LINES.techsat, '0 NOAA 16 DEB', ...LINES.debris, '0 SOLRAD 1 (GREB)', ...LINES.solrad, ''].join('\r\n');

const { dir, file } = tempFolder('ssa-screen-');
const run = (args: string[]) => runCommand(screenCommand, args);

const catalogPath = file('catalog.3le', CATALOG);
const good = ['--catalog', catalogPath, '--primary', '25397', '--start', '2023-10-09T00:00:00Z', '--end', '2023-10-09T06:00:00Z', '--threshold-km', '5'];
const withArg = (name: string, value: string | undefined) => {
  const args = [...good];
  const i = args.indexOf(name);
  if (value === undefined) args.splice(i, 2);
  else args[i + 1] = value;
  return args;
};

/** The closest approach of two TLEs by satellite.js alone: 1 s scan, then golden-section search on whole milliseconds. */
function independentMinimum(l1: string[], l2: string[], from: number, to: number): { t: number; d: number } {
  const a = twoline2satrec(l1[0]!, l1[1]!);
  const b = twoline2satrec(l2[0]!, l2[1]!);
  const d = (t: number) => {
    const pa = propagate(a, new Date(Math.round(t))) as { position: { x: number; y: number; z: number } };
    const pb = propagate(b, new Date(Math.round(t))) as { position: { x: number; y: number; z: number } };
    return Math.hypot(pa.position.x - pb.position.x, pa.position.y - pb.position.y, pa.position.z - pb.position.z);
  };
  let best = from;
  for (let t = from; t < to; t += 1000) if (d(t) < d(best)) best = t;
  let lo = best - 1000;
  let hi = best + 1000;
  while (hi - lo > 0.5) {
    const m1 = hi - 0.618 * (hi - lo);
    const m2 = lo + 0.618 * (hi - lo);
    if (d(m1) < d(m2)) hi = m2;
    else lo = m1;
  }
  return { t: lo, d: d(lo) };
}

describe('ssa screen', () => {
  it('prints the SST JSON with the approach an independent SGP4 scan finds', async () => {
    const { stdout } = await run([...good, '--workers', '1']);
    const out = JSON.parse(stdout) as { total_objects: number; conjunctions: Record<string, unknown>[]; proximities: unknown[] };
    expect(out.total_objects).toBe(3);
    expect(out.conjunctions).toHaveLength(1);
    const c = out.conjunctions[0]!;
    expect(Object.keys(c)).toEqual([
      'primary_object',
      'secondary_object',
      'primary_norad',
      'secondary_norad',
      'tca',
      'miss_distance_km',
      'relative_velocity_km_s',
      'collision_probability',
      'max_collision_probability',
      'risk_level',
      'pc2d',
      'pc3d',
      'pc_method',
      'pc_violations',
    ]);
    // A fast crossing (> 10 km/s): the 2D method is not flagged, so the 2D Pc stands.
    expect(c).toMatchObject({ pc_method: 'pc2d', pc3d: null, pc_violations: [] });
    expect(c.collision_probability).toBe(c.pc2d);
    expect(out.proximities).toEqual([]);
    expect(c).toMatchObject({ primary_object: 'TECHSAT 1B', secondary_object: 'NOAA 16 DEB', primary_norad: '25397', secondary_norad: '41423' });
    expect(c.tca).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const reference = independentMinimum(LINES.techsat, LINES.debris, Date.UTC(2023, 9, 9), Date.UTC(2023, 9, 9, 6));
    expect(Math.abs(Date.parse(c.tca as string) - reference.t)).toBeLessThanOrEqual(2);
    expect(Math.abs((c.miss_distance_km as number) - reference.d)).toBeLessThan(0.001);
    expect(c.relative_velocity_km_s as number).toBeGreaterThan(10);
    expect(c.collision_probability as number).toBeGreaterThanOrEqual(0);
    expect(c.max_collision_probability as number).toBeGreaterThan(0);
    expect(['critical', 'high', 'medium', 'low']).toContain(c.risk_level);
  }, 60_000);

  it('reads a catalogue from a pipe whole: the workers do not warm up on a file that is read once', async () => {
    const fifo = join(dir, 'catalog.fifo');
    execFileSync('mkfifo', [fifo]);
    // Another process writes it (the test's reader may block the event loop until a writer opens).
    const writer = spawn('cp', [catalogPath, fifo]);
    const { stdout } = await run(withArg('--catalog', fifo));
    const out = JSON.parse(stdout) as { total_objects: number; conjunctions: { secondary_norad: string }[] };
    expect(out.total_objects).toBe(3);
    expect(out.conjunctions.map((c) => c.secondary_norad)).toEqual(['41423']);
    expect(writer.exitCode ?? (await new Promise((resolve) => writer.on('exit', resolve)))).toBe(0);
  }, 60_000);

  it('lists element sets more than 30 days from the window as stale and does not screen them (issue 30)', async () => {
    // The three sets' epochs are 2023-10-09; a window a (leap) year on finds TECHSAT's 365.6 days old.
    const later = ['--catalog', catalogPath, '--primary', '25397', '--start', '2024-10-09T00:00:00Z', '--end', '2024-10-09T06:00:00Z', '--threshold-km', '5', '--workers', '1'];
    const { stdout, stderr } = await run(later);
    const out = JSON.parse(stdout) as { conjunctions: unknown[]; stale_objects: { norad: string; name: string; epoch: string; age_days: number; primary: boolean }[] };
    expect(out.conjunctions).toEqual([]);
    expect(out.stale_objects.map((s) => s.norad)).toEqual(['25397', '41423', '00046']); // oldest first, five digits as the conjunctions' ids
    const techsatEpoch = Date.UTC(2023, 0, 1) + (282.40800592 - 1) * 86_400_000;
    expect(out.stale_objects[0]).toEqual({ norad: '25397', name: 'TECHSAT 1B', epoch: new Date(Math.round(techsatEpoch)).toISOString(), age_days: Math.round(((Date.UTC(2024, 9, 9) - techsatEpoch) / 86_400_000) * 100) / 100, primary: true });
    expect(out.stale_objects.map((s) => s.primary)).toEqual([true, false, false]);
    expect(stderr).toMatch(/primary 25397 not screened: its element set is 365\.6 days from the window \(--max-element-age-days 30\)/);
    expect(stderr).toMatch(/3 element set\(s\) more than 30 days from the window are stale, not screened/);
    // A limit beyond their age, or none, screens them as before.
    for (const limit of ['400', 'none']) {
      const again = JSON.parse((await run([...later, '--max-element-age-days', limit])).stdout) as { stale_objects: unknown[] };
      expect(again.stale_objects, limit).toEqual([]);
    }
    // In the sets' own window nothing is stale and the approach is found (the first test's).
    const own = JSON.parse((await run([...good, '--workers', '1'])).stdout) as { conjunctions: unknown[]; stale_objects: unknown[] };
    expect(own.stale_objects).toEqual([]);
    expect(own.conjunctions).toHaveLength(1);
  }, 60_000);

  it('prints its usage with --help', async () => {
    expect((await run(['--help'])).stdout).toBe(SCREEN_USAGE);
  });

  it.each([
    ['a missing catalogue', withArg('--catalog', undefined), /missing --catalog/],
    ['a missing primary', withArg('--primary', undefined), /missing --primary/],
    ['a primary that is no number', withArg('--primary', '25397,abc'), /'abc' is not a NORAD/],
    ['a primary not in the file', withArg('--primary', '25397,99999'), /not in .*99999/],
    ['a start that is no date', withArg('--start', 'yesterday'), /--start: 'yesterday' is not an ISO 8601/],
    ['an impossible end date', withArg('--end', '2023-02-30T00:00:00Z'), /--end: .* is not an ISO 8601/],
    ['an end before the start', withArg('--end', '2023-10-08T00:00:00Z'), /--end .* must be after --start/],
    ['an end equal to the start', withArg('--end', '2023-10-09T00:00:00Z'), /must be after/],
    ['a threshold that is no number', withArg('--threshold-km', 'five'), /--threshold-km: 'five' is not a number/],
    ['a zero threshold', withArg('--threshold-km', '0'), /greater than 0/],
    ['a negative threshold', [...withArg('--threshold-km', undefined), '--threshold-km=-5'], /greater than 0/],
    ['a negative threshold written apart (read as an option by parseArgs)', withArg('--threshold-km', '-5'), /argument is ambiguous/],
    ['a missing threshold', withArg('--threshold-km', undefined), /missing --threshold-km/],
    ['an unreadable file', withArg('--catalog', join(dir, 'absent.tle')), /cannot read --catalog file/],
    ['a file with no element sets', withArg('--catalog', file('empty.txt', 'nothing here\n')), /no valid element sets/],
    ['an unknown option', [...good, '--radius', '3'], /Unknown option/],
    ['--all with --primary', [...good, '--all'], /--all and --primary exclude each other/],
    ['a maximum age that is no number', [...good, '--max-element-age-days', 'old'], /--max-element-age-days: expected a number of days greater than 0 or 'none', got 'old'/],
    ['a zero maximum age', [...good, '--max-element-age-days', '0'], /--max-element-age-days: expected a number of days greater than 0/],
    [
      'a primary SGP4 cannot propagate (SGP4-XP elements, ephemeris type 4), checked while the workers screen',
      withArg('--catalog', file('xp.3le', CATALOG.replace(LINES.techsat[0]!, '1 25397U 98043D   23282.40800592  .00000298  00000-0  14973-3 4  9995'))),
      /--primary: 25397 cannot be propagated: .*SGP4-XP \(ephemeris type 4\)/,
    ],
  ])('refuses %s with a UsageError', async (_, args, message) => {
    const error = await expectUsageError(run(args), SCREEN_USAGE);
    expect(error.message).toMatch(message);
  });

  it('screens every pair with --all: each pair once, lower NORAD id first, the same approaches as the primary runs', async () => {
    const window = ['--start', '2023-10-09T00:00:00Z', '--end', '2023-10-10T00:00:00Z', '--threshold-km', '80', '--workers', '2'];
    const all = JSON.parse((await run(['--catalog', catalogPath, '--all', ...window])).stdout) as { total_objects: number; conjunctions: Record<string, unknown>[] };
    expect(all.total_objects).toBe(3);
    const pairs = (out: { conjunctions: Record<string, unknown>[] }) => out.conjunctions.map((c) => `${c.primary_norad}-${c.secondary_norad}@${c.tca as string}`).sort();
    // The same approaches as screening each object as a primary, once per pair (lower id first).
    const byPrimary = new Set<string>();
    for (const id of ['46', '25397', '41423']) {
      const out = JSON.parse((await run(['--catalog', catalogPath, '--primary', id, ...window])).stdout) as { conjunctions: Record<string, unknown>[] };
      for (const c of out.conjunctions) {
        const [a, b] = [String(c.primary_norad), String(c.secondary_norad)].sort((x, y) => Number(x) - Number(y));
        byPrimary.add(`${a}-${b}@${String(c.tca).slice(0, 21)}`);
      }
    }
    expect(all.conjunctions.length).toBeGreaterThan(0);
    expect(all.conjunctions.every((c) => Number(c.primary_norad) < Number(c.secondary_norad))).toBe(true);
    expect(new Set(pairs(all).map((p) => p.slice(0, -3))).size).toBe(all.conjunctions.length);
    expect(new Set(pairs(all).map((p) => p.slice(0, -3)))).toEqual(byPrimary);
  }, 120_000);

  it('accepts OMM input and offsets in the dates', async () => {
    const omm = [
      'CCSDS_OMM_VERS = 2.0',
      'CREATION_DATE = 2023-10-09T00:00:00',
      'ORIGINATOR = TEST',
      'OBJECT_NAME = TECHSAT 1B',
      'OBJECT_ID = 1998-043D',
      'CENTER_NAME = EARTH',
      'REF_FRAME = TEME',
      'TIME_SYSTEM = UTC',
      'MEAN_ELEMENT_THEORY = SGP4',
      'EPOCH = 2023-10-09T09:47:31.711488',
      'MEAN_MOTION = 14.23921734',
      'ECCENTRICITY = .0001852',
      'INCLINATION = 98.8835',
      'RA_OF_ASC_NODE = 240.9209',
      'ARG_OF_PERICENTER = 130.1863',
      'MEAN_ANOMALY = 229.9477',
      'EPHEMERIS_TYPE = 0',
      'CLASSIFICATION_TYPE = U',
      'NORAD_CAT_ID = 25397',
      'ELEMENT_SET_NO = 999',
      'REV_AT_EPOCH = 31158',
      'BSTAR = .14973E-3',
      'MEAN_MOTION_DOT = .00000298',
      'MEAN_MOTION_DDOT = 0',
      '',
    ].join('\n');
    const path = file('one.kvn', omm);
    const { stdout } = await run(['--catalog', path, '--primary', '25397', '--start', '2023-10-09T02:00:00+02:00', '--end', '2023-10-09T01:00Z', '--threshold-km', '1', '--workers', '1']);
    expect(JSON.parse(stdout)).toEqual({ total_objects: 1, conjunctions: [], proximities: [], stale_objects: [] });
  }, 60_000);
});
