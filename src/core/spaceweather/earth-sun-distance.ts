/**
 * Observed ↔ adjusted F10.7. Penticton's observed flux is measured at the true Earth–Sun distance
 * r; the adjusted flux is scaled to 1 AU, so adjusted = observed · r² (r in AU: a flux density
 * falls as 1/r²; Tapping 2013, "The 10.7 cm solar radio flux (F10.7)", Space Weather 11, 394–406,
 * §3). NOAA SWPC's feed gives only the observed value; this supplies the adjusted one.
 *
 * r from the low-precision solar formula of the Astronomical Almanac (US Naval Observatory,
 * "Approximate Solar Coordinates"): r = 1.00014 − 0.01671 cos g − 0.00014 cos 2g, g = 357.529° +
 * 0.98560028° · (JD − 2451545.0), good to ~1e-5 AU over 1950–2050. With r at 20:00 UT (the time
 * of Penticton's daily noon measurement), observed · r² reproduces the F10.7_ADJ column of both
 * SW-All samples to its 0.1 sfu print on every row but one (1996-02-19; see
 * tests/integration/spaceweather-celestrak.test.ts).
 */
import { J2000_UTC_MS, MS_PER_DAY } from '../time/julian.ts';
import type { UtcMs } from '../units.ts';

const DEG = Math.PI / 180;

/** Earth–Sun distance at an instant, AU. */
export function earthSunDistanceAu(time: UtcMs): number {
  const g = (357.529 + 0.98560028 * ((time - J2000_UTC_MS) / MS_PER_DAY)) * DEG;
  return 1.00014 - 0.01671 * Math.cos(g) - 0.00014 * Math.cos(2 * g);
}

/** F10.7 adjusted to 1 AU from the flux observed at `time`. */
export function adjustF107ToOneAu(observedSfu: number, time: UtcMs): number {
  const r = earthSunDistanceAu(time);
  return observedSfu * r * r;
}

/** Penticton's daily measurement time, 20:00 UT (local noon), in ms of the UTC day. */
export const PENTICTON_NOON_MS_OF_DAY = 20 * 3_600_000;

export const ADJUSTED_FROM_OBSERVED =
  'adjusted = observed · r², r from the Astronomical Almanac low-precision Earth–Sun distance at the measurement time';
