/**
 * Earth–Sun distance against the 2024 perihelion and aphelion (USNO Data Services, "Earth's
 * Seasons and Apsides": perihelion 2024-01-03 00:39 UT, aphelion 2024-07-05 05:06 UT; distances
 * 0.983307 AU and 1.016725 AU from JPL Horizons), and observed → adjusted F10.7 against SW-All
 * rows (shared/reference/spaceweather/SW-All_1957-2024.csv, F10.7_OBS and F10.7_ADJ, printed to 0.1 sfu).
 */
import { describe, expect, it } from 'vitest';
import { utcMs } from '../units.ts';
import { adjustF107ToOneAu, earthSunDistanceAu, PENTICTON_NOON_MS_OF_DAY } from './earth-sun-distance.ts';

const at = (iso: string) => utcMs(Date.parse(iso));

describe('Earth–Sun distance and adjusted F10.7', () => {
  it('gives the 2024 perihelion and aphelion distances to 1e-4 AU', () => {
    expect(earthSunDistanceAu(at('2024-01-03T00:39:00Z'))).toBeCloseTo(0.983307, 4);
    expect(earthSunDistanceAu(at('2024-07-05T05:06:00Z'))).toBeCloseTo(1.016725, 4);
  });

  it.each([
    ['1957-10-01', 269.3, 269.8], // line 2
    ['1990-04-01', 159.4, 159.2], // line 11872
    ['2003-10-29', 291.7, 287.7], // line 16831
    ['2010-07-05', 72.7, 75.2], // line 19272, near aphelion
    ['2024-01-03', 140.2, 135.5], // line 24202, near perihelion
    ['2024-03-18', 177.4, 175.8], // line 24277
  ])('%s: observed %f sfu at 20:00 UT is %f sfu at 1 AU', (date, observed, adjusted) => {
    // Both columns are printed to 0.1 sfu, each rounded from its own unrounded value, so the
    // two prints may disagree by one unit in the last place: |r²·OBS − ADJ| ≤ 0.1 + 0.05.
    const noon = utcMs(Date.parse(`${date}T00:00:00Z`) + PENTICTON_NOON_MS_OF_DAY);
    expect(Math.abs(adjustF107ToOneAu(observed, noon) - adjusted)).toBeLessThanOrEqual(0.15);
  });
});
