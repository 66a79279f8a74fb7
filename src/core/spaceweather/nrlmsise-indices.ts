/**
 * The space-weather inputs of NRLMSISE-00 at an instant, as its documentation defines them
 * (Picone, Hedin, Drob & Aikin 2002, JGR 107(A12), 1468; the input notes of the NRL Fortran GTD7
 * header, repeated in Brodowski's C release nrlmsise-00.h):
 *
 * - f107: "daily F10.7 flux for previous day" — the observed F10.7 of the UTC day before;
 * - f107A: "81 day average of F10.7 flux (centered on doy)" — SW-All's F10.7_OBS_CENTER81 of the day;
 * - both at the true Earth–Sun distance: "F107 and F107A values used to generate the model
 *   correspond to the 10.7 cm radio flux at the actual distance of the Earth from the Sun rather
 *   than the radio flux at 1 AU" (same notes), so the observed, not the adjusted, flux;
 * - ap: daily Ap of the day;
 * - apArray (switch 9 = −1): [daily Ap; 3-hour ap for the current time; for 3, 6 and 9 h before;
 *   the average of the eight 3-hour ap from 12 to 33 h before; the average of the eight from 36
 *   to 57 h before] — "for the current time" is the 3-hour interval holding the instant, and
 *   "12 to 33 h before" the eight intervals holding t − 12 h, t − 15 h, …, t − 33 h.
 */
import type { NrlmsiseApArray } from '../atmosphere/nrlmsise00/index.ts';
import { utcMs, type UtcMs } from '../units.ts';
import type { SpaceWeatherSeries } from './series.ts';
import { spanSource } from './series.ts';
import { weakestStatus, type IndexValue, type SpaceWeatherStatus } from './types.ts';

export interface NrlmsiseSpaceWeather {
  /** Observed F10.7 of the previous UTC day. */
  readonly f107: IndexValue;
  /** 81-day centred mean of the observed F10.7, the instant's day. */
  readonly f107A: IndexValue;
  /** Daily Ap of the instant's day. */
  readonly ap: IndexValue;
  /** The seven values of the ap-array mode, each with its provenance. */
  readonly apArray: readonly [IndexValue, IndexValue, IndexValue, IndexValue, IndexValue, IndexValue, IndexValue];
  /** The weakest status of all of them. */
  readonly status: SpaceWeatherStatus;
  /** The numbers, ready for nrlmsiseDensity / NrlmsiseInput (use apArray for the storm-time history). */
  readonly input: { readonly f107: number; readonly f107A: number; readonly ap: number; readonly apArray: NrlmsiseApArray };
}

const hoursBefore = (time: UtcMs, hours: number): UtcMs => utcMs(time - hours * 3_600_000);

/** The mean of the eight 3-hour ap from `fromHours` to `fromHours + 21` h before the instant. */
function apMean(series: SpaceWeatherSeries, time: UtcMs, fromHours: number): IndexValue {
  const parts = Array.from({ length: 8 }, (_, k) => series.ap3h(hoursBefore(time, fromHours + 3 * k)));
  const oldest = parts[7]!;
  const newest = parts[0]!;
  return {
    value: parts.reduce((s, p) => s + p.value, 0) / parts.length,
    status: weakestStatus(parts.map((p) => p.status)),
    date: `${oldest.date ?? '-'} … ${newest.date ?? '-'}`,
    source: spanSource(parts.map((p) => p.source).reverse()),
    method: `mean of the eight 3-hour ap from ${fromHours} to ${fromHours + 21} h before${
      parts.some((p) => p.status === 'default') ? ' (some of them defaults)' : ''
    }`,
  };
}

/** NRLMSISE-00's f107, f107A, ap and ap array for an instant. */
export function nrlmsiseSpaceWeather(series: SpaceWeatherSeries, time: UtcMs): NrlmsiseSpaceWeather {
  const f107 = series.f107(time, { kind: 'observed', lagDays: 1 });
  const f107A = series.f107Mean81(time, { kind: 'observed' });
  const ap = series.apDaily(time);
  const apArray = [
    ap,
    series.ap3h(time),
    series.ap3h(hoursBefore(time, 3)),
    series.ap3h(hoursBefore(time, 6)),
    series.ap3h(hoursBefore(time, 9)),
    apMean(series, time, 12),
    apMean(series, time, 36),
  ] as const;
  return {
    f107,
    f107A,
    ap,
    apArray,
    status: weakestStatus([f107, f107A, ...apArray].map((v) => v.status)),
    input: {
      f107: f107.value,
      f107A: f107A.value,
      ap: ap.value,
      apArray: apArray.map((v) => v.value) as unknown as NrlmsiseApArray,
    },
  };
}
