import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SpaceWeatherImportFailure, SpaceWeatherImportReport, SpaceWeatherLookup } from '../../src/contracts/orbital-drag.ts';
import { createSpaceWeatherSeries, parseSwAllCsv } from '../../src/core/spaceweather/index.ts';
import { utcMs } from '../../src/core/units.ts';
import { spaceweatherCommand } from '../../src/cli/commands/spaceweather.ts';
import { UsageError } from '../../src/cli/usage-error.ts';
import { buildApp } from '../../src/server/app.ts';
import { createAppContext, type AppContext } from '../../src/server/app-context.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase, type Database } from '../../src/server/db/database.ts';
import { VERSION } from '../../src/server/version.ts';
import { REFERENCE_DIR, readReference } from './support/reference.ts';

// Space weather: imports of CelesTrak SW-All files (API and `ssa spaceweather import`), the
// series built from the stored days, and look-ups with provenance.

const SW_1998 = 'spaceweather/SW-All_1998-2026.csv';
const SW_1957 = 'spaceweather/SW-All_1957-2024.csv';
const HAS_1998 = existsSync(`${REFERENCE_DIR}${SW_1998}`);
const HAS_1957 = existsSync(`${REFERENCE_DIR}${SW_1957}`);

const HEADER =
  'DATE,BSRN,ND,KP1,KP2,KP3,KP4,KP5,KP6,KP7,KP8,KP_SUM,AP1,AP2,AP3,AP4,AP5,AP6,AP7,AP8,AP_AVG,CP,C9,ISN,F10.7_OBS,F10.7_ADJ,F10.7_DATA_TYPE,F10.7_OBS_CENTER81,F10.7_OBS_LAST81,F10.7_ADJ_CENTER81,F10.7_ADJ_LAST81';
// 2024-05-10, the start of the May 2024 ("Gannon") storm, as CelesTrak's SW-All has it (line 9447 of the 1998 file).
const MAY_10 = '2024-05-10,2601,20,27,27,23,20,37,77,87,87,383,12,12,9,7,22,179,300,300,105,1.9,8,172,223.4,227.9,OBS,176.2,162.9,179.6,162.8';
const BAD_DATE = '2024-13-01,2601,20,27,27,23,20,37,77,87,87,383,12,12,9,7,22,179,300,300,105,1.9,8,172,223.4,227.9,OBS,176.2,162.9,179.6,162.8';
const BAD_KP = '2024-05-12,2601,22,95,83,83,90,87,83,77,77,670,400,236,236,400,300,236,179,179,271,2.3,9,173,213.7,218.0,OBS,177.1,163.7,180.5,163.6';
const SMALL_CSV = [HEADER, MAY_10, BAD_DATE, BAD_KP].join('\n');

async function openApp(dir: string): Promise<{ database: Database; ctx: AppContext; app: FastifyInstance }> {
  const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', DEMO_CATALOG: 'off' });
  const database = await openDatabase({ dataDir: config.DATA_DIR });
  const ctx = createAppContext(config, database, VERSION);
  const app = await buildApp(ctx);
  await app.ready();
  return { database, ctx, app };
}

const importCsv = (app: FastifyInstance, text: string, name?: string) =>
  app.inject({ method: 'POST', url: `/api/space-weather/import${name ? `?name=${name}` : ''}`, headers: { 'content-type': 'text/csv' }, payload: text });

const lookup = async (app: FastifyInstance, time: string) => SpaceWeatherLookup.parse((await app.inject({ url: `/api/space-weather?time=${time}` })).json());

describe('space-weather imports through POST /api/space-weather/import', () => {
  let dir: string;
  let database: Database;
  let ctx: AppContext;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dataforge-sw-'));
    ({ database, ctx, app } = await openApp(dir));
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers with the stated typical level before anything is imported (DECISIONS.md §8)', async () => {
    const now = await lookup(app, '2026-03-21T12:00:00Z');
    expect(now.data_source).toBe('Offline default: F10.7 150, Ap 15');
    expect(now).toMatchObject({ status: 'default', f107: { value: 150, status: 'default' }, f107a: { value: 150 }, ap: { value: 15 }, last_import: null });
    // Ap 15 is Kp 3o on Bartels' table.
    expect(now.kp.value).toBe(3);
  });

  it('keeps the good row of a file and rejects each bad one with its line and reason', async () => {
    const res = await importCsv(app, SMALL_CSV, 'small.csv');
    expect(res.statusCode).toBe(200);
    const report = SpaceWeatherImportReport.parse(res.json());
    expect(report).toMatchObject({ format: 'celestrak-sw-all', file: 'small.csv', rows: 1, daysAdded: 1, rejected: 2, counts: { OBS: 1, INT: 0, PRD: 0, PRM: 0 } });
    expect(report.rejections[0]).toMatchObject({ line: 3 });
    expect(report.rejections[0]!.reason).toMatch(/DATE '2024-13-01'/);
    expect(report.rejections[1]).toMatchObject({ line: 4 });
    expect(report.rejections[1]!.reason).toMatch(/KP1 = 95/);

    // The stored day answers look-ups: 21–24 UT of 10 May 2024 had Kp 9− (87/10 in the file) and ap 300.
    const storm = await lookup(app, '2024-05-10T22:30:00Z');
    expect(storm.kp).toMatchObject({ value: 26 / 3, status: 'observed', date: '2024-05-10T21:00Z/+3h' });
    expect(storm.kp.source).toBe('CelesTrak SW-All small.csv line 2 (OBS)');
    expect(storm.ap).toMatchObject({ value: 105, status: 'observed' });
    expect(storm.ap_history[1]).toMatchObject({ value: 300, status: 'observed' });
    // NRLMSISE-00 takes the previous day's flux: for 11 May that is 10 May's 223.4 sfu.
    const next = await lookup(app, '2024-05-11T00:30:00Z');
    expect(next.f107).toMatchObject({ value: 223.4, status: 'observed', date: '2024-05-10' });
    // For 10 May itself the previous day is not stored: the newest imported value, marked as the default.
    const missing = await lookup(app, '2024-05-10T12:00:00Z');
    expect(missing.f107).toMatchObject({ value: 223.4, status: 'default', date: '2024-05-10' });
    expect(missing.data_source).toBe('CelesTrak SW-All (F10.7 offline default: newest imported value of 2024-05-10; Kp/Ap observed)');
    expect(missing.last_import).toMatchObject({ file: 'small.csv', last_observed_date: '2024-05-10' });
  });

  it('answers 400 with the report when no row is valid, and stores nothing', async () => {
    const before = await ctx.repositories.spaceWeather.countDays();
    const res = await importCsv(app, [HEADER, BAD_DATE].join('\n'));
    expect(res.statusCode).toBe(400);
    const failure = SpaceWeatherImportFailure.parse(res.json());
    expect(failure.message).toBe("No valid SW-All rows: 1 rejected; first at line 2: DATE '2024-13-01' is not a calendar date YYYY-MM-DD");
    expect(failure.report).toMatchObject({ rows: 0, rejected: 1 });
    const notSwAll = await importCsv(app, 'NORAD,NAME\n25544,ISS');
    expect(notSwAll.statusCode).toBe(400);
    expect(notSwAll.json().message).toMatch(/header has no DATE or F10.7_DATA_TYPE column/);
    expect(await ctx.repositories.spaceWeather.countDays()).toBe(before);
  });

  it('answers 400 naming the problem on an empty body and on an unknown parameter', async () => {
    const empty = await importCsv(app, '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/body/);
    const unknown = await app.inject({ method: 'POST', url: '/api/space-weather/import?kind=satcat', headers: { 'content-type': 'text/csv' }, payload: SMALL_CSV });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/querystring/);
    const badTime = await app.inject({ url: '/api/space-weather?time=yesterday' });
    expect(badTime.statusCode).toBe(400);
    expect(badTime.json().message).toBe('Invalid request: querystring.time: must be an ISO 8601 time, e.g. 2026-03-21T12:00:00Z');
  });

  describe.skipIf(!HAS_1998)('the real SW-All file (../shared/reference/spaceweather/SW-All_1998-2026.csv)', () => {
    let text: string;
    beforeAll(() => {
      text = readReference(SW_1998);
    });

    it('imports all 10,391 rows with no rejects; the same file again adds nothing', async () => {
      const first = SpaceWeatherImportReport.parse((await importCsv(app, text, 'SW-All_1998-2026.csv')).json());
      // Counts per data type and dates as shared/reference/spaceweather/README.md gives them. 2024-05-10 was
      // stored above from a one-day file, where its centred 81-day mean reached past the last observed day
      // (so: predicted); this file observed the whole window, so that day is updated, not added.
      expect(first).toMatchObject({
        rows: 10_391,
        counts: { OBS: 10_143, INT: 19, PRD: 45, PRM: 184 },
        daysAdded: 10_390,
        daysUpdated: 1,
        daysUnchanged: 0,
        rejected: 0,
        firstDate: '1998-07-01',
        lastDate: '2041-10-01',
        lastObservedDate: '2026-04-26',
      });
      const again = SpaceWeatherImportReport.parse((await importCsv(app, text, 'SW-All_1998-2026.csv')).json());
      expect(again).toMatchObject({ daysAdded: 0, daysUpdated: 0, daysUnchanged: 10_391 });
      expect(await ctx.repositories.spaceWeather.countDays()).toBe(10_391);
    }, 60_000);

    it('answers look-ups with the file’s own values and says where each came from', async () => {
      // 11 May 2024, 00–03 UT: Kp 9o (KP1 = 90), daily Ap 271, centred 81-day mean 177.1; F10.7 of 10 May 223.4.
      const storm = await lookup(app, '2024-05-11T01:30:00Z');
      expect(storm.data_source).toBe('CelesTrak SW-All (observed)');
      expect(storm.kp).toMatchObject({ value: 9, status: 'observed', source: 'CelesTrak SW-All SW-All_1998-2026.csv line 9448 (OBS)' });
      expect(storm.ap).toMatchObject({ value: 271, status: 'observed' });
      expect(storm.f107a).toMatchObject({ value: 177.1, status: 'observed' });
      expect(storm.f107).toMatchObject({ value: 223.4, date: '2024-05-10' });
      // June 2026 is CelesTrak's 45-day prediction (PRD): 2026-06-10 has Kp 1+ in every interval and Ap 5.
      const predicted = await lookup(app, '2026-06-10T12:00:00Z');
      expect(predicted.data_source).toBe('CelesTrak SW-All (predicted)');
      expect(predicted.ap).toMatchObject({ value: 5, status: 'predicted' });
      expect(predicted.kp.value).toBeCloseTo(4 / 3, 12);
      // November 2026: flux from the monthly predictions (PRM, interpolated); no Kp/Ap predicted that far: the newest observed day.
      const later = await lookup(app, '2026-11-21T12:00:00Z');
      expect(later.f107.status).toBe('predicted');
      expect(later.f107.method).toMatch(/linear interpolation between 2026-11-01 .* and 2026-12-01/);
      expect(later.ap).toMatchObject({ value: 11, status: 'default', date: '2026-04-26' });
      expect(later.data_source).toBe('CelesTrak SW-All (F10.7 predicted; Kp/Ap offline default: newest imported value of 2026-04-26)');
      expect(later.coverage).toMatchObject({ firstDate: '1998-07-01', lastDate: '2041-10-01', lastObservedFluxDate: '2026-04-26', lastObservedApInterval: '2026-04-26T21:00Z/+3h' });
    });

    it('builds from the database the same series the parser gives from the file', async () => {
      const fromFile = createSpaceWeatherSeries([parseSwAllCsv(text, { source: 'CelesTrak SW-All SW-All_1998-2026.csv' }).records]);
      const fromDb = (await ctx.services.spaceWeather.snapshot()).series;
      const start = Date.UTC(1998, 5, 1);
      const end = Date.UTC(2042, 0, 1);
      for (let k = 0; k <= 400; k++) {
        const t = utcMs(start + ((end - start) * k) / 400 + k * 1_234_567);
        for (const look of ['f107', 'f107Mean81', 'apDaily', 'ap3h', 'kp3h'] as const) {
          expect(fromDb[look](t), `${look} at ${new Date(t).toISOString()}`).toEqual(fromFile[look](t));
        }
        expect(fromDb.f107(t, { kind: 'adjusted', lagDays: 1 })).toEqual(fromFile.f107(t, { kind: 'adjusted', lagDays: 1 }));
      }
      expect(fromDb.coverage()).toEqual(fromFile.coverage());
    });
  });
});

describe.skipIf(!HAS_1957 || !HAS_1998)('a newer file replaces an older one’s predictions, never the reverse', () => {
  let dir: string;
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dataforge-sw2-'));
    ({ database, app } = await openApp(dir));
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('turns 2024’s predictions into observations and keeps them when the old file comes again', async () => {
    const old = readReference(SW_1957);
    const newer = readReference(SW_1998);
    const first = SpaceWeatherImportReport.parse((await importCsv(app, old, 'SW-All_1957-2024.csv')).json());
    expect(first).toMatchObject({ rows: 24_530, daysAdded: 24_530, lastObservedDate: '2024-03-18' });
    // 2024-04-01 was a daily prediction in the 2024 file.
    expect((await lookup(app, '2024-04-01T12:00:00Z')).ap.status).toBe('predicted');

    const second = SpaceWeatherImportReport.parse((await importCsv(app, newer, 'SW-All_1998-2026.csv')).json());
    // The 2026 file adds 2024-05-03 … 2026-05-31 (days the 2024 file had no row for: it jumps to monthly rows)
    // and changes at least every day 2024-03-19 … 2024-05-02 (45 predictions now observed).
    expect(second.daysAdded + second.daysUpdated + second.daysUnchanged).toBe(10_391);
    expect(second.daysUpdated).toBeGreaterThanOrEqual(45);
    const april = await lookup(app, '2024-04-01T12:00:00Z');
    expect(april.ap.status).toBe('observed');
    expect(april.ap.source).toMatch(/^CelesTrak SW-All SW-All_1998-2026\.csv line \d+ \(OBS\)$/);

    const third = SpaceWeatherImportReport.parse((await importCsv(app, old, 'SW-All_1957-2024.csv')).json());
    expect(third).toMatchObject({ daysAdded: 0, daysUpdated: 0, daysUnchanged: 24_530 });
    expect((await lookup(app, '2024-04-01T12:00:00Z')).ap.status).toBe('observed');
  }, 120_000);
});

describe('ssa spaceweather', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dataforge-sw-cli-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const run = async (args: string[]) => {
    const lines: string[] = [];
    await spaceweatherCommand(args, { LOG_LEVEL: 'silent' }, { out: (l) => lines.push(l) });
    return lines;
  };

  it('imports a file into the database, once; status shows the stored values', async () => {
    const file = join(dir, 'sw.csv');
    await writeFile(file, SMALL_CSV);
    const dataDir = join(dir, 'data');
    const [first] = await run(['import', file, '--data-dir', dataDir]);
    expect(JSON.parse(first!)).toMatchObject({ path: file, file: 'sw.csv', rows: 1, daysAdded: 1, rejected: 2, rejections: [{ line: 3 }, { line: 4 }] });
    const [again] = await run(['import', file, '--data-dir', dataDir]);
    expect(JSON.parse(again!)).toMatchObject({ daysAdded: 0, daysUnchanged: 1 });
    const [status] = await run(['status', '--data-dir', dataDir]);
    expect(JSON.parse(status!)).toMatchObject({ coverage: { firstDate: '2024-05-10', lastDate: '2024-05-10' }, last_import: { file: 'sw.csv' } });
  });

  it('imports SET’s SOLFSMY.TXT and DTCFILE.TXT too, told apart by their content', async () => {
    const file = join(dir, 'SOLFSMY.TXT');
    // 2024 day 130 is May 9 (JD 2460440.0 at noon).
    await writeFile(file, '# YYYY DDD   JulianDay  F10   F81c  S10   S81c  M10   M81c  Y10   Y81c  Ssrc\n  2024 130 2460440.0 210.3 172.5 183.2 160.1 190.4 165.0 170.6 158.8 4F4F\n');
    const dataDir = join(dir, 'data');
    const [report] = await run(['import', file, '--data-dir', dataDir]);
    expect(JSON.parse(report!)).toMatchObject({ path: file, format: 'set-solfsmy', file: 'SOLFSMY.TXT', rows: 1, daysAdded: 1, rejected: 0, firstDate: '2024-05-09' });
    const [again] = await run(['import', file, '--data-dir', dataDir]);
    expect(JSON.parse(again!)).toMatchObject({ format: 'set-solfsmy', daysAdded: 0, daysUnchanged: 1 });
    const dtc = join(dir, 'DTCFILE.TXT');
    await writeFile(dtc, 'DTC 1997  51   17  17  17  17  31  31  31  31  31  31  44  44  44  31  31  31  31  31  31  38  38  38  24  24\n');
    const [dtcReport] = await run(['import', dtc, '--data-dir', dataDir]);
    expect(JSON.parse(dtcReport!)).toMatchObject({ format: 'set-dtcfile', file: 'DTCFILE.TXT', rows: 1, daysAdded: 1, firstDate: '1997-02-20' });
  });

  it('refuses bad command lines with the usage, and fails a file with no valid row after reporting it', async () => {
    await expect(run([])).rejects.toThrow(UsageError);
    await expect(run(['import'])).rejects.toThrow(/import needs at least one FILE/);
    await expect(run(['import', join(dir, 'missing.csv')])).rejects.toThrow(/cannot read .*missing\.csv: ENOENT/);
    await expect(run(['fetch'])).rejects.toThrow(/unknown spaceweather command 'fetch'/);
    const bad = join(dir, 'bad.csv');
    await writeFile(bad, [HEADER, BAD_KP].join('\n'));
    const lines: string[] = [];
    await expect(spaceweatherCommand(['import', bad, '--data-dir', join(dir, 'data')], {}, { out: (l) => lines.push(l) })).rejects.toThrow(/1 file\(s\) held no valid space-weather rows/);
    expect(JSON.parse(lines[0]!).error).toMatch(/^No valid SW-All rows/);
    expect((await run(['--help']))[0]).toMatch(/^Usage: ssa spaceweather import FILE/);
  });
});
