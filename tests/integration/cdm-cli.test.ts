/**
 * `ssa cdm import` as a user runs it: one process per command on an embedded database directory.
 * The 27 real NASA CARA CDMs (tests/reference/cdm/cara) go into a database that already holds a
 * catalogue (HST, from the real 2023 catalogue): one JSON report per file, every message a new
 * event whose Pc and method agree with CARA (3D-Nc exactly where CARA flags the 2D method); the
 * catalogue's object is kept and unknown objects are created from the message; a second run adds
 * nothing; a file with no CDM is reported and the command exits 2 while the good file beside it is
 * kept; a missing file stops the command before anything is written.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CdmImportResponse } from '../../src/contracts/conjunction-events.ts';
import { createAppContext } from '../../src/server/app-context.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { CARA_CDM_DIR as CARA, caraPcChoice, PC_CASES_JSON, type CaraUsageViolations } from '../reference/index.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
/** HST in the 2023-10-09 catalogue (../shared/reference/catalog/full_catalog_3le_2023-10-09.txt, lines 14572-14574). */
const HST_3LE = [
  '0 HST',
  '1 20580U 90037B   23282.26389097  .00009092  00000-0  47264-3 0  9991',
  '2 20580  28.4684 228.3987 0002562 173.5803 302.4121 15.14353138638767',
];

interface Case {
  id: string;
  expected: { pc2d: number; pc3d: number; nc2d_hall: number; cara_usage_violations: CaraUsageViolations };
}

describe('ssa cdm import', () => {
  let dir: string;
  let dataDir: string;
  let files: string[];
  const ssa = (args: string[]) => {
    const r = spawnSync(process.execPath, ['bin/ssa.js', ...args, '--data-dir', dataDir], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: '', DEMO_CATALOG: 'off', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 120_000,
    });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  };
  const reports = (stdout: string) => stdout.trim().split('\n').map((line) => JSON.parse(line) as CdmImportResponse & { file: string; error?: string });

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dataforge-cdm-cli-'));
    dataDir = join(dir, 'data');
    files = (await readdir(CARA)).filter((f) => f.endsWith('.cdm')).sort().map((f) => `${CARA}${f}`);
    // HST's element set from the real catalogue: the database knows HST before any CDM names it.
    await writeFile(join(dir, 'hst.3le'), `${HST_3LE.join('\n')}\n`);
    const imported = ssa(['catalog', 'import', join(dir, 'hst.3le')]);
    expect(imported.code, imported.stderr).toBe(0);
  }, 120_000);

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('stops before writing anything when a file is missing', async () => {
    const r = ssa(['cdm', 'import', files[0]!, join(dir, 'absent.cdm')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/cannot read .*absent\.cdm: ENOENT/);
    expect(r.stdout).toBe('');
  });

  it('imports the 27 CARA CDMs with CARA’s Pc, one report per file', async () => {
    const r = ssa(['cdm', 'import', ...files]);
    expect(r.code, r.stderr).toBe(0);
    const out = reports(r.stdout);
    expect(out.map((o) => o.file)).toEqual(files);
    const { cases } = JSON.parse(await readFile(PC_CASES_JSON, 'utf8')) as { cases: Case[] };
    for (const o of out) {
      expect(o.rejected).toEqual([]);
      expect(o.duplicates).toEqual([]);
      expect(o.imported).toHaveLength(1);
      const item = o.imported[0]!;
      expect(item.action).toBe('created');
      expect(item.originator).toBe('CARA');
      const c = cases.find((x) => x.id === `cara_cdm_${item.messageId}`)!;
      const cara = caraPcChoice(c.expected);
      expect(item.pcMethod).toBe(cara.method);
      expect(Math.abs(item.collisionProbability! / cara.pc - 1)).toBeLessThan(cara.tolerance);
    }
    expect(new Set(out.map((o) => o.imported[0]!.conjunctionId)).size).toBe(27);
  }, 120_000);

  it('adds nothing the second time', () => {
    const out = reports(ssa(['cdm', 'import', ...files]).stdout);
    expect(out.every((o) => o.imported.length === 0 && o.duplicates.length === 1 && o.duplicates[0]!.conjunctionId !== null)).toBe(true);
  }, 120_000);

  it('reports a file with no CDM and exits 2, keeping the good file beside it', async () => {
    const bad = join(dir, 'notes.txt');
    await writeFile(bad, 'these are not conjunction data messages\n');
    const newer = join(dir, 'newer.cdm');
    // The HST message again as a newer estimate (new MESSAGE_ID and CREATION_DATE): it updates its event.
    const hst = files.find((f) => f.includes('000020580_conj_000002017'))!;
    const text = (await readFile(hst, 'utf8')).replace(/^MESSAGE_ID\s*=.*$/m, 'MESSAGE_ID = HST_UPDATE_1').replace(/^CREATION_DATE\s*=.*$/m, 'CREATION_DATE = 2023-06-12T00:00:00.000');
    await writeFile(newer, text);
    const r = ssa(['cdm', 'import', bad, newer]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/1 file\(s\) held no CDM/);
    const [first, second] = reports(r.stdout);
    expect(first!.error).toMatch(/^No CDM: /);
    expect(second!.imported).toMatchObject([{ messageId: 'HST_UPDATE_1', action: 'updated' }]);
  }, 120_000);

  it('left the catalogue’s HST as it was and created the objects only the messages name', async () => {
    const database = await openDatabase({ dataDir });
    try {
      const ctx = createAppContext(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_CATALOG: 'off' }), database, 'test');
      const hst = await ctx.repositories.catalog.findObject(20580);
      expect(hst).toMatchObject({ name: 'HST' });
      expect(hst!.source).not.toBe('cdm');
      expect(await ctx.repositories.catalog.findObject(2017)).toMatchObject({ name: 'DIAMANT R/B', cosparId: '1966-013B', source: 'cdm' });
      const list = await ctx.services.conjunctions.list({ status: 'all', sort: 'tca', limit: 100, offset: 0 } as never);
      expect(list.total).toBe(27);
      const event = list.items.find((e) => e.primaryObject.noradId === 20580)!;
      const detail = await ctx.services.conjunctions.detail(event.conjunctionId);
      expect(detail!.history).toHaveLength(2);
      expect(detail!.cdms.map((c) => c.messageId)).toContain('HST_UPDATE_1');
    } finally {
      await database.close();
    }
  }, 120_000);
});
