/**
 * src/core/spaceweather's series as the drag code's `SpaceWeatherFn`: NRLMSISE-00's inputs
 * (`nrlmsiseSpaceWeather`) and JB2008's (`jb2008SpaceWeather`) at each instant.
 *
 * The series answers every instant, with status 'default' where it has no record (DECISIONS.md §8's offline
 * default: the newest imported value, else the typical level). That is right for "now" but not for a lifetime
 * that runs decades past the last monthly prediction, where freezing one day's value would freeze one phase of
 * the solar cycle. So, per quantity:
 * - F10.7 or its 81-day mean at default → no value (`undefined`): the lifetime then uses its stated default,
 *   LONG_TERM_MEAN_SPACE_WEATHER, and reports from when (lifetime.ts);
 * - daily Ap at default (e.g. under SW-All's monthly predictions, which carry flux only) → the long-term mean
 *   Ap, and no ap history;
 * - JB2008's indices are passed on unless one of them is a default; then JB2008 uses the stand-ins of
 *   jb2008-indices.ts, formed from the same F10.7 and ap.
 */
import {
  INTERVALS_PER_DAY,
  jb2008SpaceWeather,
  nrlmsiseSpaceWeather,
  type Jb2008Files,
  type Jb2008SpaceWeather,
  type NrlmsiseSpaceWeather,
  type SpaceWeatherRecords,
  type SpaceWeatherSeries,
} from '../spaceweather/index.ts';
import type { UtcMs } from '../units.ts';
import { LONG_TERM_MEAN_SPACE_WEATHER, type SpaceWeather, type SpaceWeatherFn } from './space-weather.ts';

export interface SeriesAdapterOptions {
  /** Ap where the series has none; default LONG_TERM_MEAN_SPACE_WEATHER.ap. */
  readonly defaultAp?: number;
  /** SET's SOLFSMY and DTCFILE days, for JB2008 (absent: the F10.7 proxies and ΔTc from ap). */
  readonly jb2008Files?: Jb2008Files;
}

/** The series as a `SpaceWeatherFn` (see the file comment). */
export function spaceWeatherFromSeries(series: SpaceWeatherSeries, options: SeriesAdapterOptions = {}): SpaceWeatherFn {
  const defaultAp = options.defaultAp ?? LONG_TERM_MEAN_SPACE_WEATHER.ap;
  return (t: UtcMs): SpaceWeather | undefined => {
    const n = nrlmsiseSpaceWeather(series, t);
    if (n.f107.status === 'default' || n.f107A.status === 'default') return undefined;
    const apKnown = n.ap.status !== 'default';
    const historyKnown = apKnown && n.apArray.every((v) => v.status !== 'default');
    const jb = jb2008SpaceWeather(series, t, options.jb2008Files);
    return {
      f107: n.input.f107,
      f107A: n.input.f107A,
      ap: apKnown ? n.input.ap : defaultAp,
      ...(historyKnown ? { apArray: n.input.apArray } : {}),
      ...(jb.status === 'default' ? {} : { jb2008Indices: jb.indices }),
    };
  };
}

/**
 * The models' inputs from a series' look-ups at one instant, its offline defaults included (never
 * undefined): what the Orbital Drag page's answers are computed with for "now" and the days ahead
 * (the server's SpaceWeatherSnapshot `at(t).weather`, and the drag worker's copy of it). The ap
 * history is used only when every part of it is known: a default history is one level repeated,
 * and NRLMSISE-00's history mode on a repeated level is not its daily-Ap mode (the reference
 * moderate case, F10.7 150 / Ap 15, is the daily-Ap mode). Same rule as spaceWeatherFromSeries.
 */
export function modelSpaceWeather(nrlmsise: NrlmsiseSpaceWeather, jb2008: Jb2008SpaceWeather): SpaceWeather {
  const historyKnown = nrlmsise.apArray.every((v) => v.status !== 'default');
  return {
    f107: nrlmsise.input.f107,
    f107A: nrlmsise.input.f107A,
    ap: nrlmsise.input.ap,
    ...(historyKnown ? { apArray: nrlmsise.input.apArray } : {}),
    jb2008Indices: jb2008.indices,
  };
}

/** The series at every instant with its offline defaults (modelSpaceWeather), unlike spaceWeatherFromSeries. */
export function spaceWeatherWithDefaults(series: SpaceWeatherSeries, jb2008Files: Jb2008Files = {}): (t: UtcMs) => SpaceWeather {
  return (t) => modelSpaceWeather(nrlmsiseSpaceWeather(series, t), jb2008SpaceWeather(series, t, jb2008Files));
}

/**
 * How far before an instant the adapter's look-ups reach, in days, with room to spare: the 81-day
 * mean formed from daily values (±40 days, series.ts) at JB2008's longest lag (5 days,
 * JB2008_LAG_DAYS), each daily value possibly interpolated from a neighbour up to
 * MAX_INTERPOLATION_GAP_DAYS (62) earlier: 107 days. The ap history reaches 57 hours back and
 * DTCFILE's ΔTc one hour.
 */
export const SERIES_LOOKBACK_DAYS = 120;

/**
 * The records a series needs to answer the adapter exactly as the full records would, at every
 * instant from `fromDay` + SERIES_LOOKBACK_DAYS on: those of `fromDay` and later (3-hour records by
 * whole days, so the daily Ap formed from them is the same). The fall-backs (the newest imported
 * value, status 'default') can differ, but the adapter uses no default value. For handing a
 * series to a worker thread: the full SW-All history is about 270,000 records.
 */
export function recordsFrom(recordSets: readonly SpaceWeatherRecords[], files: Jb2008Files, fromDay: number): { recordSets: SpaceWeatherRecords[]; jb2008Files: Jb2008Files } {
  const fromInterval = fromDay * INTERVALS_PER_DAY;
  const days = <V extends { day: number }>(map: ReadonlyMap<number, V> | undefined) => (map ? new Map([...map].filter(([day]) => day >= fromDay)) : undefined);
  const solar = days(files.solar);
  const storm = days(files.storm);
  return {
    recordSets: recordSets.map((set) => ({
      flux: set.flux.filter((r) => r.day >= fromDay),
      fluxMeans: set.fluxMeans.filter((r) => r.day >= fromDay),
      threeHourly: set.threeHourly.filter((r) => r.interval >= fromInterval),
      dailyAp: set.dailyAp.filter((r) => r.day >= fromDay),
    })),
    jb2008Files: { ...(solar ? { solar } : {}), ...(storm ? { storm } : {}) },
  };
}
