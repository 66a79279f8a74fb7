import { describe, expect, it } from 'vitest';
import { degrees, utcMs } from '../units.ts';
import type { ElementSet } from './element-set.ts';
import { formatTle, formatTleText } from './tle-format.ts';
import { parseTle } from './tle-parse.ts';

const LINES = [
  '0 VANGUARD 1',
  '1 00005U 58002B   23282.54072583  .00000274  00000-0  37082-3 0  9997',
  '2 00005  34.2426 102.8218 1844295  34.3480 336.3609 10.85092911336586',
  '0 TBA - TO BE ASSIGNED',
  '1 T0288U          23281.45640615  .00000093  00000-0  30352-3 0  9993',
  '2 T0288  90.2527 344.4928 0032517 183.2354 176.8560 12.95390622167010',
  '0 SL-12 R/B',
  '1 16925U 86065D   06151.67415771  .02550794 -30915-6  18784-3 0  4486',
  '2 16925  62.0906 295.0239 5596327 245.1593  47.9690  4.88511875148616',
];

describe('TLE writing', () => {
  it('writes back real records byte for byte, checksums included', () => {
    const { sets } = parseTle(LINES.join('\n'));
    expect(formatTleText(sets)).toBe(`${LINES.join('\n')}\n`);
  });

  it('rounds an OMM-precision set to the columns and computes the checksums', () => {
    const set: ElementSet = {
      norad: 900,
      name: 'CALSPHERE 1',
      cosparId: '1964-063C',
      classification: 'U',
      epoch: utcMs(Date.UTC(2026, 6, 10, 3, 44, 0) + 383.136),
      meanMotion: 13.76647064,
      eccentricity: 0.00234977,
      inclination: degrees(90.2216),
      raan: degrees(72.3098),
      argPerigee: degrees(220.5925),
      meanAnomaly: degrees(303.3745),
      bstar: 0.40393571e-3,
      meanMotionDot: 0.406e-5,
      meanMotionDdot: 0,
      elementSetNo: 999,
      revAtEpoch: 7458,
      ephemerisType: 0,
    };
    const { line1, line2 } = formatTle(set);
    expect(line1).toBe('1 00900U 64063C   26191.15555999  .00000406  00000-0  40394-3 0  9998'); // checksums checked by hand
    expect(line2).toBe('2 00900  90.2216  72.3098 0023498 220.5925 303.3745 13.76647064 74584');
    const [back] = parseTle(`${line1}\n${line2}`).sets;
    expect(back!.bstar).toBe(0.40394e-3);
    expect(back!.eccentricity).toBe(0.0023498);
  });

  it('refuses values the format cannot hold', () => {
    const [set] = parseTle(LINES.slice(0, 3).join('\n')).sets;
    expect(() => formatTle({ ...set!, norad: 340_000 })).toThrow(RangeError);
    expect(() => formatTle({ ...set!, meanMotionDot: 1.2 })).toThrow(RangeError);
    expect(() => formatTle({ ...set!, meanMotion: 123.4 })).toThrow(RangeError);
    expect(() => formatTle({ ...set!, epoch: utcMs(Date.UTC(2060, 0, 1)) })).toThrow(RangeError);
  });
});
