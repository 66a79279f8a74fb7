import { describe, expect, it } from 'vitest';
import { parseTle, parseTleRecords, readTle } from './tle-parse.ts';

// Real records: Space-Track 3LE catalogue of 2023-10-09 (shared/reference/catalog).
const VANGUARD = [
  '0 VANGUARD 1',
  '1 00005U 58002B   23282.54072583  .00000274  00000-0  37082-3 0  9997',
  '2 00005  34.2426 102.8218 1844295  34.3480 336.3609 10.85092911336586',
];
const VANGUARD_2 = [
  '0 VANGUARD 2',
  '1 00011U 59001A   23282.45536547  .00000769  00000-0  38457-3 0  9995',
  '2 00011  32.8753 192.6096 1461832 242.1575 102.3451 11.87333740418574',
];
const TBA = [
  '0 TBA - TO BE ASSIGNED',
  '1 T0288U          23281.45640615  .00000093  00000-0  30352-3 0  9993',
  '2 T0288  90.2527 344.4928 0032517 183.2354 176.8560 12.95390622167010',
];
// SGP4-VER.TLE case 04632: a negative first derivative.
const NEGATIVE_NDOT = [
  '1 04632U 70093B   04031.91070959 -.00000084  00000-0  10000-3 0  9955',
  '2 04632  11.4628 273.1101 1450506 207.6000 143.9350  1.20231981 44145',
];

const text = (...records: string[][]) => records.flat().join('\n');

describe('TLE/3LE parsing', () => {
  it('reads every field of a Space-Track 3LE record', () => {
    const { sets, rejected } = parseTle(text(VANGUARD));
    expect(rejected).toEqual([]);
    expect(sets).toHaveLength(1);
    const s = sets[0]!;
    expect(s).toMatchObject({
      norad: 5,
      name: 'VANGUARD 1',
      cosparId: '1958-002B',
      classification: 'U',
      meanMotion: 10.85092911,
      eccentricity: 0.1844295,
      inclination: 34.2426,
      raan: 102.8218,
      argPerigee: 34.348,
      meanAnomaly: 336.3609,
      bstar: 0.37082e-3,
      meanMotionDot: 0.00000274,
      meanMotionDdot: 0,
      elementSetNo: 999,
      revAtEpoch: 33658,
      ephemerisType: 0,
    });
    expect(s.epoch).toBeCloseTo(Date.UTC(2023, 0, 1) + 281.54072583 * 86_400_000, 3);
  });

  it('accepts 3LE with plain names, bare 2-line sets, CRLF and blank lines, in one file', () => {
    const input = ['', 'VANGUARD 1', ...VANGUARD.slice(1), '', '', ...NEGATIVE_NDOT, ...VANGUARD_2, '   ', ''].join('\r\n');
    const { sets, rejected } = parseTle(input);
    expect(rejected).toEqual([]);
    expect(sets.map((s) => [s.norad, s.name])).toEqual([
      [5, 'VANGUARD 1'],
      [4632, undefined],
      [11, 'VANGUARD 2'],
    ]);
    expect(sets[1]!.meanMotionDot).toBe(-0.00000084);
    expect(sets[1]!.bstar).toBe(0.1e-3);
  });

  it('reads Alpha-5 catalogue numbers and a blank designator', () => {
    const [s] = parseTle(text(TBA)).sets;
    expect(s!.norad).toBe(270_288);
    expect(s!.cosparId).toBeUndefined();
  });

  it('rejects a corrupted record with its line and reason and keeps the others', () => {
    const badChecksum = [VANGUARD_2[0]!, VANGUARD_2[1]!, `${VANGUARD_2[2]!.slice(0, 68)}5`];
    const { sets, rejected } = parseTle(text(VANGUARD, badChecksum, TBA));
    expect(sets.map((s) => s.norad)).toEqual([5, 270_288]);
    expect(rejected).toEqual([{ line: 4, norad: '00011', reason: "line 2 checksum is '5', expected 4" }]);
  });

  it('names the problem for each kind of damage', () => {
    const [, l1, l2] = VANGUARD as [string, string, string];
    const fix = (line: string) => line; // checksums are skipped below so the damage itself is reported
    const reasons = (line1: string, line2: string) => {
      const r = readTle(fix(line1), fix(line2), undefined, { checksum: 'ignore' });
      return 'reason' in r ? r.reason : 'ok';
    };
    expect(reasons(l1, l2)).toBe('ok');
    expect(reasons(l1, l2.replace('2 00005', '2 00006'))).toBe("catalogue numbers differ: line 1 has '00005', line 2 has '00006'");
    expect(reasons(l1.replace('00005U', 'I0005U'), l2)).toBe("catalogue number 'I0005' is neither digits nor Alpha-5");
    expect(reasons(l1.replace('00005U', '00005X'), l2)).toBe("classification 'X' is not U, C or S");
    expect(reasons(l1.replace('58002B', '5800#B'), l2)).toBe("international designator '5800#B' is not YYNNNPPP");
    expect(reasons(l1.replace('23282.54072583', '23382.54072583'), l2)).toBe('epoch day 382.54072583 is outside 1–365 of 2023');
    expect(reasons(l1.replace(' 37082-3', ' 3708?-3'), l2)).toBe(
      "B* ' 3708?-3' (columns 54–61) is not an implied-decimal number like ' 28098-4'",
    );
    expect(reasons(l1.replace(' .00000274', ' .000x0274'), l2)).toBe("mean motion derivative ' .000x0274' (columns 34–43) is not a number");
    expect(reasons(l1, l2.replace(' 34.2426', '194.2426'))).toBe('inclination 194.2426° is outside 0–180°');
    expect(reasons(l1, l2.replace('102.8218', '402.8218'))).toBe('right ascension of the ascending node 402.8218° is outside 0–360°');
    expect(reasons(l1, l2.replace('10.85092911', ' 0.00000000'))).toBe('mean motion 0 rev/day is not positive');
    expect(reasons(l1, l2.replace('1844295', '18442x5'))).toBe("eccentricity '18442x5' (columns 27–33) is not 7 digits");
    expect(reasons(l1.slice(0, 60), l2)).toBe('line 1 has 60 characters, expected 69');
    expect(reasons(l1.replace('1 00005U', '1-00005U'), l2)).toBe("line 1 does not start with '1 '");
  });

  it('checks checksums unless told not to', () => {
    const bad = [VANGUARD[0]!, `${VANGUARD[1]!.slice(0, 68)}0`, VANGUARD[2]!];
    expect(parseTle(text(bad)).rejected[0]!.reason).toBe("line 1 checksum is '0', expected 7");
    expect(parseTle(text(bad), { checksum: 'strict' }).rejected[0]!.reason).toBe("line 1 checksum is '0', expected 7");
    expect(parseTle(text(bad), { checksum: 'ignore' }).sets).toHaveLength(1);
    const noChecksum = [VANGUARD[1]!.slice(0, 68), VANGUARD[2]!];
    expect(parseTle(text(noChecksum)).rejected[0]!.reason).toBe('line 1 has 68 characters, expected 69');
    expect(parseTle(text(noChecksum), { checksum: 'ignore' }).sets).toHaveLength(1);
  });

  it("checksum 'warn' reads a record whose only fault is its checksum and reports each faulty line; the default stays strict", () => {
    // Line 1 of the second record with a wrong checksum, line 2 of the third without one; file lines 4+1 and 7+2.
    const wrong = [VANGUARD_2[0]!, `${VANGUARD_2[1]!.slice(0, 68)}0`, VANGUARD_2[2]!];
    const missing = [TBA[0]!, TBA[1]!, '', TBA[2]!.slice(0, 68)];
    const input = text(VANGUARD, wrong, missing);
    const strict = parseTleRecords(input);
    expect(strict.records.map((r) => r.set.norad)).toEqual([5]);
    expect(strict.rejected).toEqual([
      { line: 4, norad: '00011', reason: "line 1 checksum is '0', expected 5" },
      { line: 7, norad: 'T0288', reason: 'line 2 has 68 characters, expected 69' },
    ]);
    expect(strict.warnings).toEqual([]);

    const warned = parseTleRecords(input, { checksum: 'warn' });
    expect(warned.rejected).toEqual([]);
    expect(warned.records.map((r) => r.set)).toEqual(parseTleRecords(input, { checksum: 'ignore' }).records.map((r) => r.set));
    expect(warned.records.map((r) => r.set.norad)).toEqual([5, 11, 270_288]);
    expect(warned.warnings).toEqual([
      { line: 5, norad: '00011', message: "line 1 checksum is '0', expected 5" },
      { line: 10, norad: 'T0288', message: 'line 2 has no checksum (68 characters, expected 69)' },
    ]);
    expect(parseTleRecords(input, { checksum: 'ignore' }).warnings).toEqual([]);

    // Any other fault still rejects the record, with that fault as the reason.
    const damaged = [VANGUARD_2[0]!, `${VANGUARD_2[1]!.slice(0, 68)}0`, VANGUARD_2[2]!.replace(' 32.8753', '232.8753')];
    const out = parseTleRecords(text(damaged), { checksum: 'warn' });
    expect(out.records).toEqual([]);
    expect(out.warnings).toEqual([]);
    expect(out.rejected).toEqual([{ line: 1, norad: '00011', reason: 'inclination 232.8753° is outside 0–180°' }]);
  });

  it('reports orphan lines at their own line numbers', () => {
    const input = ['0 LOST NAME', '0 VANGUARD 1', VANGUARD[1]!, 'garbage', VANGUARD[2]!, VANGUARD[1]!, '', ...TBA].join('\n');
    const { sets, rejected } = parseTle(input);
    expect(sets.map((s) => s.norad)).toEqual([270_288]);
    expect(rejected).toEqual([
      { line: 1, reason: "name line 'LOST NAME' is not followed by element lines" },
      { line: 2, norad: '00005', reason: 'line 1 is not followed by a line 2' },
      { line: 4, norad: '00005', reason: 'line 2 has no line 1 before it' },
      { line: 6, norad: '00005', reason: 'line 1 is not followed by a line 2' },
    ]);
  });

  it('keeps the source lines and record positions', () => {
    const { records } = parseTleRecords(['# comment', ...VANGUARD, ...NEGATIVE_NDOT].join('\n'));
    expect(records.map((r) => r.line)).toEqual([2, 5]);
    expect(records[1]!.line2).toBe(NEGATIVE_NDOT[1]);
  });
});
