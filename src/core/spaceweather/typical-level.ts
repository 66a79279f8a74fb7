/**
 * The stated typical level of DECISIONS.md §8: what a look-up returns when there is no imported
 * value at all (neither for the instant nor an earlier or later one to fall back on).
 *
 * The moderate case of shared/reference/atmosphere/README.md: F10.7 = F10.7A = 150 sfu, Ap = 15.
 * A steady Ap of 15 means every 3-hour ap is 15, which is Kp 3o on Bartels' table (kp-ap.ts;
 * the README's "Kp 3−" for DTM2020 is ap 12 on that table). 150 sfu is used for both the observed
 * and the adjusted flux (they differ by up to ±3.4 % over the year).
 */
import { apToKp } from './kp-ap.ts';

export interface TypicalSpaceWeather {
  /** Daily F10.7, observed and adjusted alike, sfu. */
  readonly f107: number;
  /** 81-day mean F10.7, sfu. */
  readonly f107Mean81: number;
  /** Daily Ap and every 3-hour ap. */
  readonly ap: number;
  /** Kp of each 3-hour interval (from `ap` by Bartels' table). */
  readonly kp: number;
  /** What the level is, for the `source` of each value. */
  readonly source: string;
}

export const TYPICAL_SPACE_WEATHER: TypicalSpaceWeather = {
  f107: 150,
  f107Mean81: 150,
  ap: 15,
  kp: apToKp(15),
  source: 'typical moderate level, no imported data (F10.7 = F10.7A = 150 sfu, Ap = 15, Kp 3o: DECISIONS.md §8, the moderate case of shared/reference/atmosphere/README.md)',
};
