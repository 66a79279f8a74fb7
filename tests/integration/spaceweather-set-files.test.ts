/**
 * SET's SOLFSMY.TXT and DTCFILE.TXT through POST /api/space-weather/import and GET
 * /api/space-weather, against the JB2008 reference cases (tests/reference/atmosphere/
 * jb2008_cases.json), whose inputs SET's own driver (JB08DRVY2K.for, routines SOLFSMY and DTCVAL)
 * read from the real files.
 *
 * The real files are not among our references, so their rows are rebuilt from the cases: each
 * case on day D gives F10/F81c/S10/S81c of day D−1, M10/M81c of D−2 and Y10/Y81c of D−5 (the lags
 * of JB2008.for's argument notes), and its DSTDTC to the two hourly values around its instant
 * (cases that meet must agree, and do). What this checks independently: the two file formats,
 * the import, and that the server's JB2008 inputs at each case's instant, put through our JB2008,
 * give SET's density (1e-9) with no input taken from the case. The lags and hours are the ones
 * the rows were built with; the F10 lag is checked independently against SW-All in
 * spaceweather-jb2008.test.ts.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DensityProfileResponse, SpaceWeatherImportFailure, SpaceWeatherImportReport, SpaceWeatherLookup } from '../../src/contracts/orbital-drag.ts';
import { jb2008 } from '../../src/core/atmosphere/jb2008/index.ts';
import { JB2008_DTCFILE_METHOD, JB2008_LAG_DAYS, JB2008_SOLFSMY_METHOD } from '../../src/core/spaceweather/index.ts';
import { useTestApp } from './support/app.ts';
import { JB2008_CASES_JSON as CASES } from '../reference/index.ts';

interface Case {
  id: string;
  group: string;
  input: { AMJD: number; SUN: [number, number]; SAT: [number, number, number]; F10: number; F10B: number; S10: number; S10B: number; XM10: number; XM10B: number; Y10: number; Y10B: number; DSTDTC: number };
  output: { RHO: number };
  context: { utc: string };
}

const DAY_MS = 86_400_000;
const COLUMNS = ['f10', 'f81c', 's10', 's81c', 'm10', 'm81c', 'y10', 'y81c'] as const;
type Column = (typeof COLUMNS)[number];

/** SOLFSMY rows rebuilt from the cases (see the file comment); a column no case gives is written 0 (no value). */
function solfsmyFromCases(cases: readonly Case[]): string {
  const days = new Map<number, Partial<Record<Column, number>>>();
  const put = (day: number, column: Column, value: number, id: string) => {
    const row = days.get(day) ?? {};
    if (row[column] !== undefined && row[column] !== value) throw new Error(`${id}: ${column} of day ${day} is ${value}, another case gives ${row[column]}`);
    row[column] = value;
    days.set(day, row);
  };
  for (const c of cases) {
    const today = Math.floor(Date.parse(`${c.context.utc}Z`) / DAY_MS);
    const i = c.input;
    put(today - JB2008_LAG_DAYS.f10, 'f10', i.F10, c.id);
    put(today - JB2008_LAG_DAYS.f10, 'f81c', i.F10B, c.id);
    put(today - JB2008_LAG_DAYS.s10, 's10', i.S10, c.id);
    put(today - JB2008_LAG_DAYS.s10, 's81c', i.S10B, c.id);
    put(today - JB2008_LAG_DAYS.xm10, 'm10', i.XM10, c.id);
    put(today - JB2008_LAG_DAYS.xm10, 'm81c', i.XM10B, c.id);
    put(today - JB2008_LAG_DAYS.y10, 'y10', i.Y10, c.id);
    put(today - JB2008_LAG_DAYS.y10, 'y81c', i.Y10B, c.id);
  }
  const lines = ['# SOLFSMY rows rebuilt from jb2008_cases.json', '# YYYY DDD   JulianDay  F10   F81c  S10   S81c  M10   M81c  Y10   Y81c  Ssrc'];
  for (const [day, row] of [...days].sort((a, b) => a[0] - b[0])) {
    const date = new Date(day * DAY_MS);
    const doy = Math.round((day * DAY_MS - Date.UTC(date.getUTCFullYear(), 0, 1)) / DAY_MS) + 1;
    const jdNoon = 2440588 + day;
    lines.push(`  ${date.getUTCFullYear()} ${String(doy).padStart(3, '0')} ${jdNoon.toFixed(1)} ${COLUMNS.map((k) => (row[k] ?? 0).toFixed(1).padStart(5)).join(' ')} 4F4F`);
  }
  return `${lines.join('\n')}\n`;
}

/** DTCFILE rows rebuilt from the cases: each case's DSTDTC at the hour before and after its instant (SET's DTCVAL interpolates between them). */
function dtcfileFromCases(cases: readonly Case[]): string {
  const hours = new Map<number, number>();
  const put = (hour: number, value: number, id: string) => {
    const seen = hours.get(hour);
    if (seen !== undefined && seen !== value) throw new Error(`${id}: ΔTc of hour ${hour} is ${value}, another case gives ${seen}`);
    hours.set(hour, value);
  };
  for (const c of cases) {
    const hour = Math.floor(Date.parse(`${c.context.utc}Z`) / 3_600_000);
    put(hour, c.input.DSTDTC, c.id);
    put(hour + 1, c.input.DSTDTC, c.id);
  }
  const days = new Set([...hours.keys()].map((h) => Math.floor(h / 24)));
  return [...days]
    .sort((a, b) => a - b)
    .map((day) => {
      const date = new Date(day * DAY_MS);
      const doy = Math.round((day * DAY_MS - Date.UTC(date.getUTCFullYear(), 0, 1)) / DAY_MS) + 1;
      // An hour no case gives: 9999, SET's mark of a missing value, would reject the row; 0 is a plain quiet value.
      const values = Array.from({ length: 24 }, (_, h) => String(hours.get(day * 24 + h) ?? 0).padStart(4));
      return `DTC ${date.getUTCFullYear()} ${String(doy).padStart(3)} ${values.join('')}`;
    })
    .join('\n');
}

describe('SET’s JB2008 files: SOLFSMY (S10, M10, Y10) and DTCFILE (ΔTc)', () => {
  const server = useTestApp({ name: 'solfsmy', env: { DEMO_CATALOG: 'off' } });
  const cases: Case[] = (JSON.parse(readFileSync(CASES, 'utf8')) as { cases: Case[] }).cases;
  const file = solfsmyFromCases(cases);
  const dtcfile = dtcfileFromCases(cases);
  const post = (body: string, name = 'SOLFSMY.TXT') => server.app.inject({ method: 'POST', url: `/api/space-weather/import?name=${name}`, headers: { 'content-type': 'text/plain' }, payload: body });
  const lookup = async (utc: string) => SpaceWeatherLookup.parse((await server.app.inject({ method: 'GET', url: `/api/space-weather?time=${encodeURIComponent(`${utc}Z`)}` })).json());

  it('before any import, JB2008 takes the F10.7 proxies and says so', async () => {
    const before = await lookup(cases[0]!.context.utc);
    expect(before.jb2008.s10.method).toContain('S10 proxy');
    expect(before.jb2008.method).not.toContain('SOLFSMY');
  });

  it('imports the file (told apart from SW-All by its content); the same file again changes nothing', async () => {
    const rows = file.split('\n').filter((l) => l && !l.startsWith('#')).length;
    const first = await post(file);
    expect(first.statusCode).toBe(200);
    expect(SpaceWeatherImportReport.parse(first.json())).toMatchObject({ format: 'set-solfsmy', file: 'SOLFSMY.TXT', rows, daysAdded: rows, daysUpdated: 0, rejected: 0 });
    const again = SpaceWeatherImportReport.parse((await post(file)).json());
    expect(again).toMatchObject({ format: 'set-solfsmy', daysAdded: 0, daysUpdated: 0, daysUnchanged: rows });
  });

  it('gives each case SET’s solar indices from the file’s rows', async () => {
    for (const c of cases) {
      const j = (await lookup(c.context.utc)).jb2008;
      const i = c.input;
      expect([j.f10.value, j.f10b.value, j.s10.value, j.s10b.value, j.xm10.value, j.xm10b.value, j.y10.value, j.y10b.value], c.id).toEqual([i.F10, i.F10B, i.S10, i.S10B, i.XM10, i.XM10B, i.Y10, i.Y10B]);
      expect(j.s10.source, c.id).toMatch(/^SET SOLFSMY SOLFSMY\.TXT line \d+$/);
      expect(j.method.startsWith(JB2008_SOLFSMY_METHOD), c.id).toBe(true);
      // DTCFILE not imported yet: ΔTc from ap.
      expect(j.method, c.id).not.toContain(JB2008_DTCFILE_METHOD);
    }
  });

  it('imports DTCFILE (told apart by content); then every JB2008 input is SET’s and so is the density', async () => {
    const rows = dtcfile.split('\n').length;
    const res = await post(dtcfile, 'DTCFILE.TXT');
    expect(res.statusCode).toBe(200);
    expect(SpaceWeatherImportReport.parse(res.json())).toMatchObject({ format: 'set-dtcfile', file: 'DTCFILE.TXT', rows, daysAdded: rows, rejected: 0 });
    for (const c of cases) {
      const j = (await lookup(c.context.utc)).jb2008;
      const i = c.input;
      expect(j.dstdtc, c.id).toMatchObject({ value: i.DSTDTC, status: 'observed', source: expect.stringMatching(/^SET DTCFILE DTCFILE\.TXT line \d+$/) });
      expect(j.method, c.id).toContain(JB2008_DTCFILE_METHOD);
      const rho = jb2008({ amjd: i.AMJD, sun: i.SUN, sat: i.SAT, f10: j.f10.value, f10b: j.f10b.value, s10: j.s10.value, s10b: j.s10b.value, xm10: j.xm10.value, xm10b: j.xm10b.value, y10: j.y10.value, y10b: j.y10b.value, dstdtc: j.dstdtc.value }).rho;
      expect(Math.abs(rho / c.output.RHO - 1), c.id).toBeLessThan(1e-9);
    }
  });

  it('drives the Orbital Drag density profile: its JB2008 column and inputs are SET’s', async () => {
    const c = cases.find((x) => x.group === 'synthetic') ?? cases[0]!;
    const res = await server.app.inject({ method: 'GET', url: `/api/orbital-drag/density-profile?time=${encodeURIComponent(`${c.context.utc}Z`)}&lat=0&lon=0` });
    expect(res.statusCode).toBe(200);
    const body = DensityProfileResponse.parse(res.json());
    expect(body.columns.jb2008).toContain(JB2008_SOLFSMY_METHOD);
    expect(body.columns.jb2008).toContain(JB2008_DTCFILE_METHOD);
    const i = c.input;
    expect(body.inputs.jb2008).toEqual({ f10: i.F10, f10b: i.F10B, s10: i.S10, s10b: i.S10B, xm10: i.XM10, xm10b: i.XM10B, y10: i.Y10, y10b: i.Y10B, dstdtc: i.DSTDTC });
  });

  it('answers 400 with the report when no row is valid, and keeps what is stored', async () => {
    const bad = await post('# YYYY DDD   JulianDay  F10   F81c  S10   S81c  M10   M81c  Y10   Y81c  Ssrc\n  2003 400 2452999.0 1 2 3 4 5 6 7 8 4F4F\n');
    expect(bad.statusCode).toBe(400);
    const failure = SpaceWeatherImportFailure.parse(bad.json());
    expect(failure.message).toBe("No valid SOLFSMY rows: 1 rejected; first at line 2: day of year '400' is not within 1–365 of 2003");
    expect(failure.report).toMatchObject({ format: 'set-solfsmy', rows: 0, rejected: 1 });
    const c = cases[0]!;
    expect((await lookup(c.context.utc)).jb2008.s10.value).toBe(c.input.S10);
  });
});
