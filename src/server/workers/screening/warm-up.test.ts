import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseElementSets } from '../../../core/elements/index.ts';
import { sampleTleRecords } from './warm-up.ts';

/** Vallado's verification file (tests/reference/sgp4, vendored with its provenance): two-line records, comments between. */
const SGP4_VER = readFileSync(new URL('../../../../tests/reference/sgp4/SGP4-VER.TLE', import.meta.url), 'utf8');

const ISS = ['1 25544U 98067A   23282.71486326  .00020100  00000-0  35938-3 0  9998', '2 25544  51.6410 121.2575 0005123  92.3190 358.8196 15.49983917419557'];
const VANGUARD = ['1 00005U 58002B   23282.54072583  .00000274  00000-0  37082-3 0  9997', '2 00005  34.2426 102.8218 1844295  34.3480 336.3609 10.85092911336586'];

describe('the warm-up sample', () => {
  it('keeps every k-th record of a 3LE file whole: its name line and both element lines', () => {
    const records = Array.from({ length: 10 }, (_, i) => [`0 OBJECT ${i}`, ...(i % 2 === 0 ? ISS : VANGUARD)]);
    const text = `${records.flat().join('\r\n')}\r\n`;
    const sample = sampleTleRecords(text, 5);
    expect(sample).toBe(`${[0, 2, 4, 6, 8].flatMap((i) => records[i]!).join('\n')}\n`);
    const { sets, rejected } = parseElementSets(sample);
    expect(rejected).toEqual([]);
    expect(sets.map((s) => s.name)).toEqual(['OBJECT 0', 'OBJECT 2', 'OBJECT 4', 'OBJECT 6', 'OBJECT 8']);
  });

  it('takes two-line records without a name, and all of them when asked for more than there are', () => {
    const sample = sampleTleRecords(SGP4_VER, 10_000);
    const all = parseElementSets(SGP4_VER).sets.map((s) => s.norad);
    const { sets } = parseElementSets(sample);
    expect(sets.map((s) => s.norad)).toEqual(all);
    expect(sets.every((s) => s.name === undefined)).toBe(true);
    // All 33 records, the three with bad checksums (33333–33335) too: the parser, not the sample, rejects those.
    expect(sample.split('\n').filter((line) => line.startsWith('1 '))).toHaveLength(33);
  });

  it('is empty for a file with no two-line records (OMM), and for no objects', () => {
    const omm = '<?xml version="1.0"?><ndm><omm><body><segment><data><meanElements><EPOCH>2023-10-09T17:09:24.186Z</EPOCH></meanElements></data></segment></body></omm></ndm>';
    expect(sampleTleRecords(omm, 100)).toBe('');
    expect(sampleTleRecords('', 100)).toBe('');
    expect(sampleTleRecords([...ISS].join('\n'), 0)).toBe('');
  });
});
