/**
 * `ssa screen --ephemeris`: an OEM of TECHSAT 1B sampled from its own SGP4 track at 60 s (TEME, and
 * again rotated to EME2000) screened against a catalogue holding it and NOAA 16 DEB gives the
 * approach `ssa screen --primary 25397` gives, to the Lagrange interpolation's millimetres; the
 * OEM's RTN covariance becomes the primary's for the Pc; the object is never its own secondary; bad
 * input is a usage error naming the problem.
 */
import { describe, expect, it } from 'vitest';
import { parseElementSets } from '../../core/elements/index.ts';
import { writeOem } from '../../core/ephemeris/index.ts';
import { temeToEme2000State } from '../../core/frames/index.ts';
import { createSgp4, propagateAt } from '../../core/propagation/index.ts';
import { utcMs } from '../../core/units.ts';
import { screenCommand, SCREEN_USAGE } from './screen.ts';
import { expectUsageError, readFromMemory, runCommand } from './test-support.ts';
import { TECHSAT_PAIR_3LE } from '../../core/screening/techsat-pair.test-support.ts';

const CATALOG = TECHSAT_PAIR_3LE;
const START = Date.UTC(2023, 9, 9);
const END = Date.UTC(2023, 9, 15);

function oemOf(frame: 'TEME' | 'EME2000', covariance = false): string {
  const model = createSgp4(parseElementSets(CATALOG).sets[0]!);
  const states = [];
  for (let t = START - 3_600_000; t <= END + 3_600_000; t += 60_000) {
    const s = propagateAt(model, utcMs(t));
    if (!s.ok) throw new Error(s.message);
    const st = frame === 'TEME' ? s : temeToEme2000State({ r: s.r, v: s.v }, utcMs(t));
    states.push({ epoch: utcMs(t), r: [st.r[0], st.r[1], st.r[2]] as const, v: [st.v[0], st.v[1], st.v[2]] as const });
  }
  let text = writeOem([{ objectName: 'TECHSAT 1B', objectId: '1998-043D', refFrame: frame, states, interpolation: { method: 'LAGRANGE', degree: 7 } }], { creationDate: utcMs(START), originator: 'TEST' });
  if (covariance) {
    // 100 m radial, 1 km in-track, 50 m cross-track (km²), velocities 0.1/1/0.05 m/s (km²/s²), every 6 h.
    const rows = ['1.0e-2', '0 1.0', '0 0 2.5e-3', '0 0 0 1.0e-8', '0 0 0 0 1.0e-6', '0 0 0 0 0 2.5e-9'];
    const blocks: string[] = ['COVARIANCE_START'];
    for (let t = START - 3_600_000; t <= END; t += 6 * 3_600_000) blocks.push(`EPOCH = ${new Date(t).toISOString().replace('Z', '')}`, 'COV_REF_FRAME = RTN', ...rows);
    blocks.push('COVARIANCE_STOP');
    text = `${text.trimEnd()}\n${blocks.join('\n')}\n`;
  }
  return text;
}

const files = { 'cat.tle': CATALOG, 'teme.oem': oemOf('TEME'), 'eme.oem': oemOf('EME2000'), 'cov.oem': oemOf('TEME', true) };
const window = ['--start', new Date(START).toISOString(), '--end', new Date(END).toISOString(), '--threshold-km', '10'];

interface Out {
  conjunctions: { secondary_norad: string; tca: string; miss_distance_km: number; collision_probability: number; primary_track?: string; covariance_source?: string }[];
  primary_track?: { norad: number; max_deviation_from_element_set_km: number };
}
async function run(args: string[]): Promise<Out> {
  return JSON.parse((await runCommand(screenCommand, args, readFromMemory(files))).stdout) as Out;
}

describe('ssa screen --ephemeris', () => {
  it('screens an ephemeris as its element set would be screened, in TEME and in EME2000', async () => {
    const plain = await run(['--catalog', 'cat.tle', '--primary', '25397', '--workers', '1', ...window]);
    expect(plain.conjunctions.length).toBeGreaterThan(0);
    for (const file of ['teme.oem', 'eme.oem']) {
      const out = await run(['--catalog', 'cat.tle', '--ephemeris', file, ...window]);
      expect(out.primary_track!.norad).toBe(25397);
      expect(out.primary_track!.max_deviation_from_element_set_km).toBeLessThan(0.2);
      expect(out.conjunctions.map((c) => c.secondary_norad)).toEqual(plain.conjunctions.map((c) => c.secondary_norad));
      out.conjunctions.forEach((c, i) => {
        expect(Math.abs(Date.parse(c.tca) - Date.parse(plain.conjunctions[i]!.tca)), file).toBeLessThan(10);
        expect(Math.abs(c.miss_distance_km - plain.conjunctions[i]!.miss_distance_km), file).toBeLessThan(1e-3);
        expect(c.primary_track).toBe('ephemeris');
        // The object is not its own secondary.
        expect(c.secondary_norad).not.toBe('25397');
      });
    }
  }, 60_000);

  it('takes the OEM’s covariance for the primary where it has one', async () => {
    const plain = await run(['--catalog', 'cat.tle', '--ephemeris', 'teme.oem', ...window]);
    const withCov = await run(['--catalog', 'cat.tle', '--ephemeris', 'cov.oem', ...window]);
    expect(plain.conjunctions[0]!.covariance_source).toBe('default');
    expect(withCov.conjunctions[0]!.covariance_source).toMatch(/^OEM cov\.oem \(primary\), element-set model \(secondary\)$/);
    expect(withCov.conjunctions[0]!.collision_probability).not.toBe(plain.conjunctions[0]!.collision_probability);
  }, 60_000);

  it('refuses what it cannot screen, naming why', async () => {
    const bad = oemOf('TEME').replace(/^(\S+T\S+)( .*)$/m, '2030-01-01T00:00:00.000$2');
    const other = oemOf('TEME').replace('OBJECT_ID = 1998-043D', 'OBJECT_ID = 2001-001A').replace('OBJECT_NAME = TECHSAT 1B', 'OBJECT_NAME = SOMETHING');
    const mem = { ...files, 'bad.oem': bad, 'other.oem': other };
    const fail = (args: string[]) => expectUsageError(runCommand(screenCommand, args, readFromMemory(mem)), SCREEN_USAGE, args.join(' '));
    expect((await fail(['--catalog', 'cat.tle', '--ephemeris', 'bad.oem', ...window])).message).toMatch(/^bad\.oem: line \d+: /);
    expect((await fail(['--catalog', 'cat.tle', '--ephemeris', 'other.oem', ...window])).message).toMatch(/is not in the catalogue/);
    expect((await fail(['--catalog', 'cat.tle', '--ephemeris', 'teme.oem', '--start', '2023-10-01T00:00:00Z', '--end', '2023-10-12T00:00:00Z', '--threshold-km', '10'])).message).toMatch(/does not cover the window/);
    expect((await fail(['--catalog', 'cat.tle', '--ephemeris', 'teme.oem', '--primary', '25397', ...window])).message).toMatch(/goes without --primary/);
    expect((await fail(['--catalog', 'cat.tle', '--ephemeris', 'missing.oem', ...window])).message).toMatch(/cannot read --ephemeris file 'missing\.oem'/);
  }, 60_000);
});
