/**
 * SUNPOS against an outside ephemeris: Meeus, "Astronomical Algorithms" (2nd ed., 1998), Example
 * 25.a, 1992 October 13.0 TD (MJD 48908.0; TD − UT ≈ 1 min, 0.0007° of solar motion): apparent
 * α = 13h13m31.4s = 198.38083°, δ = −7°47′01″ = −7.78361°. The Almanac's low-precision formula
 * promises 0.01° (1950–2050). Its bit-level agreement with the Fortran is checked in
 * jb2008-cases.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { sunPosition } from './sun-position.ts';

const deg = (rad: number) => (rad * 180) / Math.PI;

describe('sunPosition (SUNPOS)', () => {
  it('matches Meeus Example 25.a within the formula’s 0.01°', () => {
    const s = sunPosition(48908.0);
    expect(Math.abs(deg(s.rightAscensionRad) - 198.38083)).toBeLessThan(0.01);
    expect(Math.abs(deg(s.declinationRad) - -7.78361)).toBeLessThan(0.01);
  });

  it('puts the Sun near the equinox and solstice points on their dates (2000)', () => {
    // 2000-03-20 07:35 UT March equinox: α ≈ 0, δ ≈ 0 (MJD 51623.316).
    const march = sunPosition(51623.316);
    expect(Math.min(march.rightAscensionRad, 2 * Math.PI - march.rightAscensionRad)).toBeLessThan(2e-4);
    expect(Math.abs(march.declinationRad)).toBeLessThan(2e-4);
    // 2000-06-21 01:48 UT June solstice: α = 90°, δ = ε ≈ 23.439° (MJD 51716.075).
    const june = sunPosition(51716.075);
    expect(Math.abs(deg(june.rightAscensionRad) - 90)).toBeLessThan(0.01);
    expect(Math.abs(deg(june.declinationRad) - 23.439)).toBeLessThan(0.01);
  });

  it('returns the right ascension in [0, 2π]', () => {
    for (let mjd = 33282; mjd < 69807; mjd += 97.3) {
      const { rightAscensionRad } = sunPosition(mjd);
      expect(rightAscensionRad).toBeGreaterThanOrEqual(0);
      expect(rightAscensionRad).toBeLessThanOrEqual(2 * Math.PI);
    }
  });
});
