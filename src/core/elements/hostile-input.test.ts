/**
 * Input that cannot be stored or walked safely, for every reader whose output is stored (the CLI imports
 * reach these without the HTTP guard): U+0000 in a name or a quoted field (PostgreSQL text and jsonb cannot
 * hold it), and XML nested deeper than the call stack.
 */
import { describe, expect, it } from 'vitest';
import { parseSatcatCsv } from '../catalog/satcat.ts';
import { parseSwAllCsv } from '../spaceweather/celestrak-csv.ts';
import { parseDtcfile } from '../spaceweather/dtcfile.ts';
import { parseSolfsmy } from '../spaceweather/solfsmy.ts';
import { parseElementSets } from './parse-element-sets.ts';
import { descendants, readXml } from './xml-reader.ts';

// Real records: Space-Track 3LE catalogue of 2023-10-09 (shared/reference/catalog).
const VANGUARD = [
  '1 00005U 58002B   23282.54072583  .00000274  00000-0  37082-3 0  9997',
  '2 00005  34.2426 102.8218 1844295  34.3480 336.3609 10.85092911336586',
];
const VANGUARD_2 = [
  '1 00011U 59001A   23282.45536547  .00000769  00000-0  38457-3 0  9995',
  '2 00011  32.8753 192.6096 1461832 242.1575 102.3451 11.87333740418574',
];

const nulFree = (value: unknown) => !JSON.stringify(value).includes('\\u0000');

describe('NUL in element sets', () => {
  it('rejects a 3LE record whose name line holds a NUL, with the line and reason, and keeps the others', () => {
    const text = ['0 VANGUARD 1', ...VANGUARD, '0 VANGUARD\u00002', ...VANGUARD_2].join('\n');
    const { sets, rejected } = parseElementSets(text);
    expect(sets.map((s) => [s.norad, s.name])).toEqual([[5, 'VANGUARD 1']]);
    expect(rejected).toEqual([{ line: 4, norad: '00011', reason: 'object name contains a NUL character (U+0000)' }]);
  });

  it('rejects an OMM whose OBJECT_NAME holds a NUL (KVN, JSON, CSV alike)', () => {
    const kvn = `CCSDS_OMM_VERS = 2.0\nOBJECT_NAME = ISS\u0000 (ZARYA)\nOBJECT_ID = 1998-067A\nCENTER_NAME = EARTH\nREF_FRAME = TEME\nTIME_SYSTEM = UTC\nMEAN_ELEMENT_THEORY = SGP4\nEPOCH = 2024-01-01T00:00:00\nMEAN_MOTION = 15.5\nECCENTRICITY = 0.0005\nINCLINATION = 51.64\nRA_OF_ASC_NODE = 10\nARG_OF_PERICENTER = 20\nMEAN_ANOMALY = 30\nNORAD_CAT_ID = 25544\nBSTAR = 0.0001\n`;
    expect(parseElementSets(kvn).rejected).toEqual([{ line: 1, norad: '25544', reason: 'object name contains a NUL character (U+0000)' }]);
    const json = JSON.stringify([{ OBJECT_NAME: 'ISS\u0000', NORAD_CAT_ID: 25544, EPOCH: '2024-01-01T00:00:00', MEAN_MOTION: 15.5, ECCENTRICITY: 0.0005, INCLINATION: 51.64, RA_OF_ASC_NODE: 10, ARG_OF_PERICENTER: 20, MEAN_ANOMALY: 30, BSTAR: 0.0001 }]);
    const parsed = parseElementSets(json);
    expect(parsed.sets).toEqual([]);
    expect(parsed.rejected.map((r) => r.reason)).toEqual(['object name contains a NUL character (U+0000)']);
  });

  it('quotes input in rejections with its NULs shown as \\0, so the stored report has none', () => {
    const bad = ['1 0\u00000005U 58002B   23282.54072583  .00000274  00000-0  37082-3 0  9997', VANGUARD[1]!].join('\n');
    const { rejected } = parseElementSets(bad);
    expect(rejected).toHaveLength(1);
    expect(rejected[0]!.norad).toBe('0\\0000');
    expect(nulFree(rejected)).toBe(true);
    const csv = 'NORAD_CAT_ID,OBJECT_NAME,EPOCH,MEAN_MOTION,ECCENTRICITY,INCLINATION,RA_OF_ASC_NODE,ARG_OF_PERICENTER,MEAN_ANOMALY,BSTAR\n25544,ISS,2024-01-01T00:00:00,15.5\u0000x,0.0005,51.64,10,20,30,0.0001\n';
    const fromCsv = parseElementSets(csv);
    expect(fromCsv.rejected).toEqual([{ line: 2, norad: '25544', reason: "MEAN_MOTION '15.5\\0x' is not a number" }]);
  });
});

describe('NUL in SATCAT and space-weather files', () => {
  it('SATCAT: the row is rejected without quoting it; the other rows are kept', () => {
    const satcat = 'OBJECT_NAME,OBJECT_ID,NORAD_CAT_ID,OBJECT_TYPE,OWNER\nVANGUARD 1,1958-002B,5,PAY,US\nBAD\u0000NAME,1959-001A,11,PAY,US\n';
    const { records, rejected } = parseSatcatCsv(satcat);
    expect(records.map((r) => r.name)).toEqual(['VANGUARD 1']);
    expect(rejected).toEqual([{ line: 3, reason: 'the row contains a NUL character (U+0000)' }]);
  });

  it('SW-All CSV, SOLFSMY and DTCFILE: the row is rejected with its line; no stored text holds a NUL', () => {
    const sw = parseSwAllCsv('DATE,BSRN,ND,KP1,F10.7_DATA_TYPE\n2024-01-01,1,1,\u00003,OBS\n');
    expect(sw.rejected).toEqual([{ line: 2, reason: 'the row contains a NUL character (U+0000)', text: '2024-01-01,1,1,\\03,OBS' }]);
    expect(parseSwAllCsv('DA\u0000TE,F10\n').rejected.every(nulFree)).toBe(true);
    const solfsmy = parseSolfsmy('# SOLFSMY\n  2003 293 2452933.0 120.0 120.1 12\u00000.2 120.3 120.4 120.5 120.6 120.7 4F4F\n', { source: 'x' });
    expect(solfsmy.rejected).toEqual([{ line: 2, reason: 'the row contains a NUL character (U+0000)' }]);
    const dtc = parseDtcfile(`DTC 2003 293${'  10'.repeat(23)}  1\u00000\n`, { source: 'x' });
    expect(dtc.rejected).toEqual([{ line: 1, reason: 'the row contains a NUL character (U+0000)' }]);
  });
});

describe('deeply nested XML', () => {
  it('is walked without recursion: 200,000 levels read, searched and rejected as no OMM', () => {
    const depth = 200_000;
    const xml = `${'<a>'.repeat(depth)}<omm/>${'</a>'.repeat(depth)}`;
    const root = readXml(xml);
    expect(descendants(root, 'omm')).toHaveLength(1);
    const parsed = parseElementSets(xml);
    expect(parsed.sets).toEqual([]);
    expect(parsed.rejected[0]!.reason).toMatch(/NORAD_CAT_ID is missing/);
  });
});

describe('unpaired surrogates from a JSON file', () => {
  it('are stored as U+FFFD in rejections (jsonb refuses them)', () => {
    const json = JSON.stringify([{ OBJECT_NAME: 'ISS', NORAD_CAT_ID: 25544, EPOCH: '2024-01-01T00:00:00', MEAN_MOTION: '15.5\uD800', ECCENTRICITY: 0.0005, INCLINATION: 51.64, RA_OF_ASC_NODE: 10, ARG_OF_PERICENTER: 20, MEAN_ANOMALY: 30, BSTAR: 0.0001 }]);
    expect(json).toContain('\\ud800');
    expect(parseElementSets(json).rejected).toEqual([{ line: 1, norad: '25544', reason: "MEAN_MOTION '15.5\uFFFD' is not a number" }]);
  });
});
