/**
 * Element-set readers against real catalogues (shared/reference/catalog, see its README.md):
 * the Space-Track 3LE full catalogue of 2023-10-09 and CelesTrak's OMM CSV of active payloads
 * of 2026-07. Counts and ranges are the ones the README states.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatTle, parseElementSets, parseOmmCsv, parseTle, parseTleRecords, readTle } from '../../src/core/elements/index.ts';

const CATALOG = fileURLToPath(new URL('../../../shared/reference/catalog/', import.meta.url));
const TLE_FILE = `${CATALOG}full_catalog_3le_2023-10-09.txt`;
const CSV_FILE = `${CATALOG}celestrak_active_gp_2026-07.csv`;
const present = existsSync(TLE_FILE) && existsSync(CSV_FILE);
if (!present) console.warn(`[elements-catalog.test] SKIPPED: catalogue files not found in ${CATALOG}`);

const DAY = 86_400_000;

describe.skipIf(!present)('the 2023-10-09 Space-Track 3LE catalogue', () => {
  const text = present ? readFileSync(TLE_FILE, 'utf8') : '';

  it('parses all 26,140 objects, 266 of them Alpha-5, ids 5..270288', () => {
    const { sets, rejected } = parseTle(text);
    expect(rejected).toEqual([]);
    expect(sets).toHaveLength(26_140);
    const ids = sets.map((s) => s.norad);
    expect(new Set(ids).size).toBe(26_140);
    expect(Math.min(...ids)).toBe(5);
    expect(Math.max(...ids)).toBe(270_288);
    expect(ids.filter((n) => n >= 100_000)).toHaveLength(266);
    expect(ids.filter((n) => n >= 80_000 && n <= 99_999)).toHaveLength(342);
    expect(sets.find((s) => s.norad === 5)).toMatchObject({ name: 'VANGUARD 1', cosparId: '1958-002B' });
    expect(sets.find((s) => s.norad === 270_000)?.name).toBe('TBA - TO BE ASSIGNED');
  });

  it('reads the epochs and orbit regimes the README gives', () => {
    const { sets } = parseTle(text);
    const epochs = sets.map((s) => s.epoch);
    expect(Math.floor((Math.min(...epochs) - Date.UTC(2023, 0, 1)) / DAY) + 1).toBe(193); // 2023-07-12
    expect(Math.floor((Math.max(...epochs) - Date.UTC(2023, 0, 1)) / DAY) + 1).toBe(291); // 2023-10-18
    const share = (from: number, to: number) => epochs.filter((t) => t >= from && t < to).length / epochs.length;
    // README: "81.6 % have an epoch on 2023-10-09 and 96.7 % fall between 2023-10-03 and 10-09".
    // We count 81.55 % and 96.58 % (21,317 and 25,245 objects); the README's figures are approximate.
    expect(Math.abs(share(Date.UTC(2023, 9, 9), Date.UTC(2023, 9, 10)) - 0.816)).toBeLessThan(0.001);
    expect(Math.abs(share(Date.UTC(2023, 9, 3), Date.UTC(2023, 9, 10)) - 0.967)).toBeLessThan(0.002);

    const regime = { leo: 0, geo: 0, eccentric: 0, other: 0 };
    for (const { meanMotion: n, eccentricity: e } of sets) {
      if (n >= 11.25 && e < 0.25) regime.leo += 1;
      else if (n >= 0.99 && n <= 1.01 && e < 0.01) regime.geo += 1;
      else if (e >= 0.25) regime.eccentric += 1;
      else regime.other += 1;
    }
    expect(regime).toEqual({ leo: 21_698, geo: 1_142, eccentric: 2_116, other: 1_184 });
  });

  it('writes every record back as a TLE that reads back to the same values', () => {
    const { records } = parseTleRecords(text);
    let identical = 0;
    for (const { set, line1, line2 } of records) {
      const out = formatTle(set);
      const back = readTle(out.line1, out.line2, set.name);
      expect(back).toEqual(set);
      if (out.line1 === line1 && out.line2 === line2) {
        identical += 1;
        continue;
      }
      // The only textual differences allowed: catalogue numbers the file pads with blanks ("   29"
      // for our "00029", columns 3–7), a negative zero n˙/2 ("-.00000000", column 34), how a zero
      // B*/n̈ is spelled ("00000+0", "+00000+0" for our " 00000-0", columns 45–61), and so the
      // checksums (column 69).
      const allowed = (col: number) => (col >= 3 && col <= 7) || col === 34 || (col >= 45 && col <= 61) || col === 69;
      for (const [ours, theirs] of [
        [out.line1, line1],
        [out.line2, line2],
      ] as const) {
        const differing = [...ours].flatMap((ch, k) => (ch === theirs[k] ? [] : [k + 1]));
        expect(differing.every(allowed), `${theirs} → ${ours}`).toBe(true);
      }
    }
    console.log(`[elements-catalog.test] ${identical} of ${records.length} records written back byte for byte`);
    expect(identical).toBeGreaterThan(24_000);
  });

  it('rejects one corrupted record with its line and reason, and reads the 26,139 others', () => {
    const lines = text.split('\r\n');
    // Record 1,000 starts on line 2,998 (0 NAME); damage a digit of its line 2 (line 3,000).
    lines[2999] = lines[2999]!.replace(/(\d)(\d{5}\d?)$/, (_m, d: string, rest: string) => `${(Number(d) + 1) % 10}${rest}`);
    const { sets, rejected } = parseTle(lines.join('\r\n'));
    expect(sets).toHaveLength(26_139);
    expect(rejected).toHaveLength(1);
    expect(rejected[0]!.line).toBe(2998);
    expect(rejected[0]!.reason).toMatch(/^line 2 checksum is '\d', expected \d$/);
  });
});

describe.skipIf(!present)('the 2026-07 CelesTrak active-payload OMM CSV', () => {
  const text = present ? readFileSync(CSV_FILE, 'utf8') : '';

  it('parses all 15,985 records with the epochs the README gives', () => {
    const { sets, rejected } = parseOmmCsv(text);
    expect(rejected).toEqual([]);
    expect(sets).toHaveLength(15_985);
    expect(new Set(sets.map((s) => s.norad)).size).toBe(15_985);
    const epochs = sets.map((s) => s.epoch).sort((a, b) => a - b);
    expect(epochs[0]! - Date.UTC(2026, 5, 16, 22, 18)).toBeGreaterThanOrEqual(0);
    expect(epochs[0]! - Date.UTC(2026, 5, 16, 22, 18)).toBeLessThan(60_000);
    expect(epochs.at(-1)! - Date.UTC(2026, 6, 12, 6, 46)).toBeGreaterThanOrEqual(0);
    expect(epochs.at(-1)! - Date.UTC(2026, 6, 12, 6, 46)).toBeLessThan(60_000);
    expect(new Date(epochs[Math.floor(epochs.length / 2)]!).toISOString().slice(0, 10)).toBe('2026-07-10');
    expect(sets[0]).toMatchObject({ norad: 900, name: 'CALSPHERE 1', cosparId: '1964-063C', bstar: 0.40393571e-3 });
  });

  it('reads the same 15,985 records back from JSON, KVN and XML renderings of them', () => {
    const { sets } = parseOmmCsv(text);
    const header = text.slice(0, text.indexOf('\n')).trim().split(',');
    const rows = text
      .trim()
      .split('\n')
      .slice(1)
      .map((row) => Object.fromEntries(row.split(',').map((value, k) => [header[k]!, value])));
    // No field here holds a comma or a quote, so splitting on commas is exact; eight names hold '&'
    // ("CAS-2T & KS-1Q"), which XML must escape.
    const escapeXml = (v: string) => v.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
    const json = `[\n${rows.map((r) => JSON.stringify(r)).join(',\n')}\n]`;
    const kvn = rows.map((r) => ['CCSDS_OMM_VERS = 2.0', ...Object.entries(r).map(([k, v]) => `${k} = ${v}`)].join('\n')).join('\n\n');
    const xml = `<ndm>\n${rows.map((r) => `<omm version="2.0"><body><segment><data>${Object.entries(r).map(([k, v]) => `<${k}>${escapeXml(v)}</${k}>`).join('')}</data></segment></body></omm>`).join('\n')}\n</ndm>`;
    for (const [format, rendered] of [
      ['omm-json', json],
      ['omm-kvn', kvn],
      ['omm-xml', xml],
    ] as const) {
      const result = parseElementSets(rendered);
      expect(result.format).toBe(format);
      expect(result.rejected).toEqual([]);
      expect(result.sets).toEqual(sets);
    }
  });

  it('is recognised as OMM CSV by the format sniffer', () => {
    const result = parseElementSets(text);
    expect(result.format).toBe('omm-csv');
    expect(result.sets).toHaveLength(15_985);
  });
});
