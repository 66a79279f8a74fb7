/**
 * `ssa ephemeris` (issue 28): `import` stores operators' OEM files of fleet objects in the server's
 * embedded database (here a temporary one holding the demo catalogue), one JSON report per file,
 * the good files kept and the command failing (exit 2) when any is refused; the same file again
 * adds nothing; a missing file stops it before anything is written; `list` prints what is stored.
 * Bad arguments are UsageErrors naming the problem.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADVERSARIES, FLEET, generateDemoCatalog } from '../../core/catalog/index.ts';
import { sampleEphemeris, writeOem } from '../../core/ephemeris/index.ts';
import { utcMs } from '../../core/units.ts';
import type { Ephemeris } from '../../contracts/ephemerides.ts';
import { createAppContext } from '../../server/app-context.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/database.ts';
import { VERSION } from '../../server/version.ts';
import { EPHEMERIS_USAGE, ephemerisCommand } from './ephemeris.ts';
import { expectUsageError, readFromMemory, runCommand } from './test-support.ts';

const TECHSAT = FLEET.find((f) => f.name === 'TECHSAT 1B')!;
const ADVERSARY = ADVERSARIES[0]!;
const NOW = Date.now();
const T0 = utcMs(Math.ceil(NOW / 60_000) * 60_000);
const ENV = { DEMO_CATALOG: 'off', LOG_LEVEL: 'silent' };

let dataDir: string;
const files: Record<string, string> = {};

/** An OEM of the demo catalogue's object over six hours at 60 s, written as an operator's file names it. */
function oemOf(norad: number, objectName: string, objectId: string, entry: Parameters<typeof sampleEphemeris>[0]): string {
  const e = sampleEphemeris(entry, T0, utcMs(T0 + 6 * 3_600_000), 60, 'EME2000');
  return writeOem([{ objectName, objectId, refFrame: 'EME2000', states: e.states, interpolation: { method: 'LAGRANGE', degree: 7 } }], { creationDate: utcMs(T0 - 3_600_000), originator: `OPS ${norad}` });
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'dataforge-ephemeris-cli-'));
  // The demo catalogue (fleet and adversaries), stored as the server would find it.
  const database = await openDatabase({ dataDir });
  try {
    const ctx = createAppContext(loadConfig({ ...ENV, DATA_DIR: dataDir }), database, VERSION);
    const now = new Date(NOW);
    const demo = generateDemoCatalog({ now: utcMs(NOW), size: 10 });
    await ctx.repositories.catalog.upsertObjects(demo.objects.map((o) => ({ ...o, rcsM2: null, decayDate: null, source: 'demo' })), now);
    await ctx.repositories.catalog.insertElementSets(demo.sets, 'demo', null, now);
    const newest = (norad: number) => demo.sets.filter((s) => s.norad === norad).sort((a, b) => b.epoch - a.epoch)[0]!;
    files['techsat.oem'] = oemOf(TECHSAT.norad, TECHSAT.name, TECHSAT.cosparId, newest(TECHSAT.norad));
    files['adversary.oem'] = oemOf(ADVERSARY.norad, ADVERSARY.name, ADVERSARY.cosparId, newest(ADVERSARY.norad));
    files['itrf.oem'] = files['techsat.oem'].replace('REF_FRAME = EME2000', 'REF_FRAME = ITRF');
  } finally {
    await database.close();
  }
}, 120_000);

afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const run = (args: string[]) => runCommand((a, _env, io) => ephemerisCommand(a, ENV, io), [...args, '--data-dir', dataDir], readFromMemory(files));
const lines = (stdout: string) => stdout.trim().split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as Record<string, unknown>);

describe('ssa ephemeris import', () => {
  it('stops before writing anything when a file is missing', async () => {
    const error = await expectUsageError(run(['import', 'techsat.oem', 'absent.oem']), EPHEMERIS_USAGE);
    expect(error.message).toMatch(/cannot read absent\.oem: ENOENT/);
    expect((await run(['list'])).stdout).toBe('');
  });

  it('stores the good file, reports the refused ones with status and line, and fails with exit 2', async () => {
    let stdout = '';
    const error = await expectUsageError(
      runCommand(
        (a, _env, io) =>
          ephemerisCommand(a, ENV, {
            ...io,
            stdout: (text) => {
              stdout += text;
            },
          }),
        ['import', 'itrf.oem', 'techsat.oem', 'adversary.oem', '--data-dir', dataDir],
        readFromMemory(files),
      ),
      EPHEMERIS_USAGE,
    );
    expect(error.message).toBe('2 file(s) refused');
    const [itrf, techsat, adversary] = lines(stdout);
    expect(itrf).toEqual({ file: 'itrf.oem', status: 400, error: 'line 9: REF_FRAME ITRF is not supported: use one of TEME, EME2000, GCRF' });
    expect(techsat).toMatchObject({
      file: 'techsat.oem',
      duplicate: false,
      ephemeris: { noradId: TECHSAT.norad, objectId: TECHSAT.cosparId, format: 'KVN', fileName: 'techsat.oem', usableStart: new Date(T0).toISOString(), usableStop: new Date(T0 + 6 * 3_600_000).toISOString(), states: 361, covariances: 0 },
    });
    expect((techsat!.ephemeris as Ephemeris).importedBy).toMatch(/^cli:/);
    expect(adversary).toMatchObject({ file: 'adversary.oem', status: 422 });
    expect(adversary!.error).toContain(`line 7: OBJECT_ID ${ADVERSARY.cosparId} is ${ADVERSARY.name} (NORAD ${ADVERSARY.norad}), which is not a fleet object`);
  });

  it('adds nothing for the same file again, and lists what is stored', async () => {
    const { stdout } = await run(['import', 'techsat.oem']);
    const [again] = lines(stdout);
    expect(again).toMatchObject({ file: 'techsat.oem', duplicate: true });
    const listed = lines((await run(['list'])).stdout);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toEqual(again!.ephemeris);
    expect(lines((await run(['list', '--norad', String(TECHSAT.norad)])).stdout)).toHaveLength(1);
    expect(lines((await run(['list', '--norad', String(ADVERSARY.norad)])).stdout)).toHaveLength(0);
  });

  it('records each run in the audit log', async () => {
    const database = await openDatabase({ dataDir });
    try {
      const ctx = createAppContext(loadConfig({ ...ENV, DATA_DIR: dataDir }), database, VERSION);
      const { entries } = await ctx.repositories.audit.list({ limit: 10, offset: 0 });
      expect(entries.filter((e) => e.action === 'ssa ephemeris import').map((e) => [e.via, e.status])).toEqual([
        ['cli', 0],
        ['cli', 2],
      ]);
    } finally {
      await database.close();
    }
  });

  it.each([
    [[], 'missing ephemeris command'],
    [['export'], "unknown ephemeris command 'export'"],
    [['import'], 'import needs at least one FILE'],
    [['import', 'techsat.oem', '--norad', '5'], '--norad and --limit go with list'],
    [['list', 'techsat.oem'], "list takes no files, got 'techsat.oem'"],
    [['list', '--norad', 'x'], "--norad: expected a whole number from 1 to 2147483647, got 'x'"],
    [['list', '--limit', '5000'], "--limit: expected a whole number from 1 to 1000, got '5000'"],
    [['import', '--bogus', 'a'], "Unknown option '--bogus'"],
  ])('refuses %j', async (args, message) => {
    const error = await expectUsageError(runCommand((a, _env, io) => ephemerisCommand(a, ENV, io), args, readFromMemory(files)), EPHEMERIS_USAGE);
    expect(error.message).toContain(message);
  });

  it('prints its help', async () => {
    expect((await runCommand((a, _env, io) => ephemerisCommand(a, ENV, io), ['--help'])).stdout).toBe(EPHEMERIS_USAGE);
  });
});
