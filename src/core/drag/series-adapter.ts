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
import { jb2008SpaceWeather, nrlmsiseSpaceWeather, type Jb2008Files, type SpaceWeatherSeries } from '../spaceweather/index.ts';
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
