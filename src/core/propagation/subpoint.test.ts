import { describe, expect, it } from 'vitest';
import { parseTle } from '../elements/tle-parse.ts';
import { utcMs } from '../units.ts';
import { createSgp4 } from './sgp4.ts';
import { subPointAt } from './subpoint.ts';

// Vallado, Crawford, Hujsak & Kelso (2006), AIAA 2006-6753 test case 00005 at its
// epoch: r = (7022.465292664, -1400.082967554, 0.039951554) km TEME, |v| from
// tcppver.out's first line, 7.93163 km/s.
const TLE = `1 00005U 58002B   00179.78495062  .00000023  00000-0  28098-4 0  4753
2 00005  34.2682 348.7242 1859667 331.7664  19.3264 10.82419157413667`;

describe('subPointAt', () => {
  it('gives the geodetic point of Vallado case 00005 at epoch', () => {
    const set = parseTle(TLE).sets[0];
    if (!set) throw new Error('TLE did not parse');
    const result = subPointAt(createSgp4(set), set.epoch);
    if (!result.ok) throw new Error(result.message);
    const { latitude, longitude, altitude, speed } = result.point;
    // z = 0.04 km: on the equator; radius 7160.7 km → height 782.6 km above the 6378.137 km equator.
    expect(latitude).toBeCloseTo(0.0003, 3);
    expect(altitude).toBeCloseTo(Math.hypot(7022.465292664, -1400.082967554, 0.039951554) - 6378.137, 3);
    expect(speed).toBeCloseTo(Math.hypot(1.893841015, 6.405893759, 4.53480725), 6);
    expect(longitude).toBeGreaterThan(-180);
    expect(longitude).toBeLessThanOrEqual(180);
  });

  it('reports the SGP4 error of a decayed satellite (Vallado case 28872: error 6 from 55 min)', () => {
    const decayed = parseTle(`1 28872U 05037B   05333.02012661  .25992681  00000-0  24476-3 0  1534
2 28872  96.4736 157.9986 0303955 244.0492 110.6523 16.46015938 10708`).sets[0];
    if (!decayed) throw new Error('TLE did not parse');
    const model = createSgp4(decayed);
    expect(subPointAt(model, utcMs(decayed.epoch + 50 * 60_000)).ok).toBe(true);
    expect(subPointAt(model, utcMs(decayed.epoch + 55 * 60_000))).toMatchObject({ ok: false, code: 6 });
  });
});
