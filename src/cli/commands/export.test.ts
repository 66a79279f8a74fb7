/**
 * `ssa export` from a catalogue file: the element sets of one object as TLE/3LE and OMM (reading
 * back as the file's sets), an OEM whose states are SGP4 at their epochs, CZML; bad arguments are
 * UsageErrors naming the problem. The sets: two real ISS sets (Vallado's 2008 example from
 * AIAA 2006-6753, and the ISS of shared/reference/catalog/full_catalog_3le_2023-10-09.txt) and
 * HST from the same catalogue.
 */
import { describe, expect, it } from 'vitest';
import { parseElementSets } from '../../core/elements/index.ts';
import { readOem } from '../../core/ephemeris/index.ts';
import { propagateAt } from '../../core/propagation/index.ts';
import { EXPORT_USAGE, exportCommand } from './export.ts';
import { expectUsageError, readFromMemory, runCommand } from './test-support.ts';

const FILE = `ISS (ZARYA)
1 25544U 98067A   08264.51782528 -.00002182  00000-0 -11606-4 0  2927
2 25544  51.6416 247.4627 0006703 130.5360 325.0288 15.72125391563537
0 HST
1 20580U 90037B   23282.26389097  .00009092  00000-0  47264-3 0  9991
2 20580  28.4684 228.3987 0002562 173.5803 302.4121 15.14353138638767
0 ISS (ZARYA)
1 25544U 98067A   23282.71486326  .00020100  00000-0  35938-3 0  9998
2 25544  51.6410 121.2575 0005123  92.3190 358.8196 15.49983917419557
`;
const files = readFromMemory({ 'cat.3le': FILE });
const run = (args: string[]) => runCommand(exportCommand, args, files);

describe('ssa export', () => {
  it('writes the newest set of the object as the file has it (3LE by default)', async () => {
    const { stdout } = await run(['elements', '--norad', '25544', '--catalog', 'cat.3le']);
    expect(stdout).toBe(FILE.split('\n').slice(6, 9).join('\n') + '\n');
  });

  it.each(['tle', '3le', 'omm-kvn', 'omm-xml', 'omm-json'])('writes the history as %s, reading back as the file’s sets of the object', async (format) => {
    const { stdout } = await run(['elements', '--norad', '25544', '--format', format, '--history', '--catalog', 'cat.3le']);
    const back = parseElementSets(stdout);
    expect(back.rejected).toEqual([]);
    const want = parseElementSets(FILE).sets.filter((s) => s.norad === 25544);
    expect(back.sets).toEqual(format === 'tle' ? want.map(({ name: _name, ...rest }) => rest) : want);
  });

  it('writes an OEM of SGP4 states and CZML', async () => {
    const oem = readOem((await run(['oem', '--norad', '20580', '--catalog', 'cat.3le', '--start', '2023-10-09T00:00:00Z', '--end', '2023-10-09T01:00:00Z', '--step', '600', '--frame', 'TEME'])).stdout);
    const hst = parseElementSets(FILE).sets.find((s) => s.norad === 20580)!;
    expect(oem.segments[0]!.metadata).toMatchObject({ OBJECT_NAME: 'HST', OBJECT_ID: '1990-037B', REF_FRAME: 'TEME' });
    expect(oem.segments[0]!.states).toHaveLength(7);
    for (const s of oem.segments[0]!.states) {
      const p = propagateAt(hst, s.epoch);
      if (!p.ok) throw new Error(p.message);
      for (let i = 0; i < 3; i += 1) expect(Math.abs(s.r[i]! - p.r[i]!)).toBeLessThan(1e-6);
    }
    const czml = JSON.parse((await run(['czml', '--norad', '20580', '--catalog', 'cat.3le', '--start', '2023-10-09T00:00:00Z', '--end', '2023-10-09T01:00:00Z'])).stdout) as { id: string }[];
    expect(czml.map((p) => p.id)).toEqual(['document', 'norad-20580']);
  });

  it.each([
    [[], 'say what to export'],
    [['pdf', '--norad', '1'], "unknown export 'pdf'"],
    [['elements', '--catalog', 'cat.3le'], '--norad must be a NORAD catalogue number'],
    [['elements', '--norad', '25544', '--format', 'pdf', '--catalog', 'cat.3le'], '--format must be one of tle, 3le, omm-kvn, omm-xml, omm-json'],
    [['oem', '--norad', '25544', '--frame', 'ITRF', '--catalog', 'cat.3le'], '--frame must be EME2000 or TEME'],
    [['elements', '--norad', '12345', '--catalog', 'cat.3le'], 'no element set of object 12345 in cat.3le'],
    [['oem', '--norad', '25544', '--catalog', 'cat.3le', '--start', 'soon'], "start: 'soon' is not an ISO 8601 UTC date-time"],
    [['oem', '--norad', '25544', '--catalog', 'cat.3le', '--start', '2023-10-09T00:00:00Z', '--end', '2023-10-08T00:00:00Z'], 'end: must be after start'],
  ])('refuses %j', async (args, message) => {
    const error = await expectUsageError(run(args), EXPORT_USAGE);
    expect(error.message).toContain(message);
  });
});
