/**
 * The two CelesTrak SW-All samples of shared/reference/spaceweather (see its README): read whole,
 * checked against the README's row counts and dates, against the physics that ties their columns
 * together (Bartels' Kp → ap table; observed × r² = adjusted), against each other where they
 * overlap, and read back through the series and the NRLMSISE-00 inputs against a plain
 * comma split of the same text.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  adjustF107ToOneAu,
  createSpaceWeatherSeries,
  kpToAp,
  nrlmsiseSpaceWeather,
  parseSwAllCsv,
  type SwAllParseResult,
} from '../../src/core/spaceweather/index.ts';
import { utcMs } from '../../src/core/units.ts';
import { REFERENCE_DIR } from './support/reference.ts';

const DIR = `${REFERENCE_DIR}spaceweather/`;
const FILES = { old: `${DIR}SW-All_1957-2024.csv`, recent: `${DIR}SW-All_1998-2026.csv` };
const present = existsSync(FILES.old) && existsSync(FILES.recent);
if (!present) console.warn(`[spaceweather-celestrak.test] SKIPPED: ${DIR}SW-All_*.csv not found`);

const DAY_MS = 86_400_000;
const label = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

describe.skipIf(!present)('CelesTrak SW-All samples', () => {
  const text = present ? { old: readFileSync(FILES.old, 'utf8'), recent: readFileSync(FILES.recent, 'utf8') } : { old: '', recent: '' };
  const parsed: Record<'old' | 'recent', SwAllParseResult> = {
    old: parseSwAllCsv(text.old, { source: 'SW-All_1957-2024.csv' }),
    recent: parseSwAllCsv(text.recent, { source: 'SW-All_1998-2026.csv' }),
  };

  it('reads every row of both files, with the README’s counts and dates', () => {
    expect(parsed.old.rejected).toEqual([]);
    expect(parsed.recent.rejected).toEqual([]);
    expect(parsed.old.rows).toBe(24_530);
    expect(parsed.recent.rows).toBe(10_391);
    expect(parsed.old.counts).toEqual({ OBS: 24_220, INT: 56, PRD: 45, PRM: 209 });
    expect(parsed.recent.counts).toEqual({ OBS: 10_143, INT: 19, PRD: 45, PRM: 184 });
    expect([parsed.old.firstDate, parsed.old.lastObservedDate, parsed.old.lastDate]).toEqual(['1957-10-01', '2024-03-18', '2041-10-01']);
    expect([parsed.recent.firstDate, parsed.recent.lastObservedDate, parsed.recent.lastDate]).toEqual(['1998-07-01', '2026-04-26', '2041-10-01']);
    // The daily predictions: 2024-03-19 … 05-02 and 2026-04-27 … 06-10 (45 days each).
    const predictedDays = (r: SwAllParseResult) => r.records.flux.filter((f) => f.status === 'predicted' && f.cadence === 'daily').map((f) => label(f.day));
    expect([predictedDays(parsed.old)[0], predictedDays(parsed.old).at(-1)]).toEqual(['2024-03-19', '2024-05-02']);
    expect([predictedDays(parsed.recent)[0], predictedDays(parsed.recent).at(-1)]).toEqual(['2026-04-27', '2026-06-10']);
  });

  it('every observed 3-hour ap is Bartels’ ap of its Kp', () => {
    for (const r of [parsed.old, parsed.recent]) {
      const observed = r.records.threeHourly.filter((t) => t.status === 'observed');
      expect(observed.length).toBe((r.counts.OBS + r.counts.INT) * 8);
      expect(observed.filter((t) => kpToAp(t.kp) !== t.ap)).toEqual([]);
    }
  });

  it('observed F10.7 · r² (20:00 UT) is the adjusted F10.7 to the print, on all rows but 1996-02-19', () => {
    const off: string[] = [];
    let worst = 0;
    for (const r of [parsed.old, parsed.recent]) {
      for (const f of r.records.flux) {
        const e = Math.abs(adjustF107ToOneAu(f.observed!, utcMs(f.day * DAY_MS + 20 * 3_600_000)) - f.adjusted!);
        if (e > 0.15) off.push(`${label(f.day)} ${f.observed} → ${f.adjusted}`);
        else worst = Math.max(worst, e);
      }
    }
    // 1996-02-19: OBS 71.0, ADJ 69.0; 71.0 · r² = 69.39.
    expect(off).toEqual(['1996-02-19 71 → 69']);
    console.log(`[spaceweather-celestrak.test] adjusted = observed · r²: 34,920 rows, worst ${worst.toFixed(3)} sfu apart the one exception`);
  });

  it('where both files observed the same day, they differ only in Kp/ap of March 2024 and the centred means of Feb 10 – Mar 18 2024', () => {
    const observedDays = (r: SwAllParseResult) => new Map(r.records.flux.filter((f) => f.status === 'observed').map((f) => [f.day, f]));
    const [a, b] = [observedDays(parsed.old), observedDays(parsed.recent)];
    const shared = [...a.keys()].filter((d) => b.has(d));
    expect(shared).toHaveLength(9_393); // 9,377 OBS in both (README) + 16 INT in both
    expect(shared.filter((d) => a.get(d)!.observed !== b.get(d)!.observed || a.get(d)!.adjusted !== b.get(d)!.adjusted)).toEqual([]);

    const apOf = (r: SwAllParseResult) => new Map(r.records.threeHourly.map((t) => [t.interval, `${t.kp}/${t.ap}`]));
    const [apA, apB] = [apOf(parsed.old), apOf(parsed.recent)];
    const geomagnetic = shared.filter((d) => Array.from({ length: 8 }, (_, n) => d * 8 + n).some((i) => apA.get(i) !== apB.get(i))).map(label);
    // The README counts 15 days; Kp/ap differ on 17 (2024-03-01 … 16 and 18; KP_SUM differs on 15 of them).
    expect(geomagnetic).toHaveLength(17);
    expect(geomagnetic.every((d) => d.startsWith('2024-03-'))).toBe(true);

    const meanOf = (r: SwAllParseResult) => new Map(r.records.fluxMeans.map((m) => [m.day, `${m.observedCentred81}/${m.adjustedCentred81}`]));
    const [mA, mB] = [meanOf(parsed.old), meanOf(parsed.recent)];
    const means = shared.filter((d) => mA.get(d) !== mB.get(d)).map(label);
    expect([means.length, means[0], means.at(-1)]).toEqual([38, '2024-02-10', '2024-03-18']);
    // Those are exactly the old file's means within 40 days of its last observation: marked predicted.
    const old = new Map(parsed.old.records.fluxMeans.map((m) => [label(m.day), m.status]));
    expect(means.every((d) => old.get(d) === 'predicted')).toBe(true);
  });

  it('the merged series and the NRLMSISE-00 inputs give what a plain reading of the rows gives', () => {
    const series = createSpaceWeatherSeries([parsed.recent.records, parsed.old.records]);
    // A plain reading: DATE → fields, and the 3-hour ap as one list from the first day.
    const rows = new Map<string, Record<string, string>>();
    const aps: number[] = [];
    for (const file of [text.old]) {
      const lines = file.trim().split(/\r?\n/);
      const header = lines[0]!.split(',');
      for (const line of lines.slice(1)) {
        const f = line.split(',');
        const row = Object.fromEntries(header.map((h, i) => [h, f[i]!]));
        rows.set(row.DATE!, row);
        if (row['F10.7_DATA_TYPE'] === 'OBS' || row['F10.7_DATA_TYPE'] === 'INT') for (let n = 1; n <= 8; n += 1) aps.push(Number(row[`AP${n}`]));
      }
    }
    const start = Date.parse('1957-10-01T00:00:00Z');
    const apAt = (ms: number) => aps[Math.floor((ms - start) / (3 * 3_600_000))]!;
    // Instants across the old file's observed years, at odd times of day (none after 2023: the recent file's revisions).
    const instants = ['1958-01-01T00:00:00Z', '1967-05-25T13:47:00Z', '1989-03-13T21:10:00Z', '2000-07-15T14:59:59Z', '2003-10-30T07:30:00Z', '2015-03-17T23:00:00Z', '2023-12-31T23:59:59Z'];
    for (const iso of instants) {
      const t = Date.parse(iso);
      const n = nrlmsiseSpaceWeather(series, utcMs(t));
      const day = iso.slice(0, 10);
      const previous = new Date(t - DAY_MS).toISOString().slice(0, 10);
      const mean = (from: number) => Array.from({ length: 8 }, (_, k) => apAt(t - (from + 3 * k) * 3_600_000)).reduce((s, v) => s + v, 0) / 8;
      expect(n.input, iso).toEqual({
        f107: Number(rows.get(previous)!['F10.7_OBS']),
        f107A: Number(rows.get(day)!['F10.7_OBS_CENTER81']),
        ap: Number(rows.get(day)!.AP_AVG),
        apArray: [Number(rows.get(day)!.AP_AVG), apAt(t), apAt(t - 3 * 3_600_000), apAt(t - 6 * 3_600_000), apAt(t - 9 * 3_600_000), mean(12), mean(36)],
      });
      expect(n.status, iso).toBe('observed');
    }
    // Past the recent file's observations: predictions, then the monthly predictions, then defaults for Kp/ap.
    expect(nrlmsiseSpaceWeather(series, utcMs(Date.parse('2026-05-01T12:00:00Z'))).f107.status).toBe('predicted');
    const later = nrlmsiseSpaceWeather(series, utcMs(Date.parse('2030-01-15T00:00:00Z')));
    expect([later.f107.status, later.f107A.status, later.ap.status]).toEqual(['predicted', 'predicted', 'default']);
    expect(later.ap.date).toBe('2026-04-26');
    expect(series.coverage()).toEqual({
      firstDate: '1957-10-01',
      lastDate: '2041-10-01',
      lastObservedFluxDate: '2026-04-26',
      lastObservedApInterval: '2026-04-26T21:00Z/+3h',
    });
  });
});
