/**
 * Space weather as the drag code consumes it: a function of time, so that src/core/spaceweather's series (being
 * written separately) plugs in directly, and a constant stands in when there is no series.
 *
 * The values follow the NRLMSISE-00 conventions (nrlmsise-00.h; shared/reference/spaceweather/README.md):
 * `f107` the observed F10.7 of the previous day, `f107A` its 81-day centred mean, `ap` the daily Ap, and
 * optionally the 7-element ap history. JB2008's own indices (S10.7, M10.7, Y10.7, ΔTc from Dst) come from
 * `jb2008Indices` when the series has them; otherwise jb2008-indices.ts derives stand-ins from F10.7 and ap.
 */
import type { NrlmsiseApArray } from '../atmosphere/nrlmsise00/index.ts';
import type { Jb2008Indices } from '../atmosphere/jb2008/index.ts';
import type { UtcMs } from '../units.ts';

export interface SpaceWeather {
  /** Daily F10.7 of the previous day, sfu (1e-22 W m⁻² Hz⁻¹). */
  readonly f107: number;
  /** 81-day centred mean of F10.7, sfu. */
  readonly f107A: number;
  /** Daily Ap (mean of the day's eight 3-hour ap values). */
  readonly ap: number;
  /** NRLMSISE-00's ap history: daily Ap, 3-hour ap now, 3 h, 6 h and 9 h before, means over 12–33 h and 36–57 h before. */
  readonly apArray?: NrlmsiseApArray;
  /** JB2008's indices at the model's lags, when the series carries them. */
  readonly jb2008Indices?: Jb2008Indices;
}

/**
 * Space weather at an instant. A series may return `undefined` (or throw a RangeError) where it has no value,
 * e.g. beyond its last monthly prediction; the lifetime integration then uses its stated default.
 */
export type SpaceWeatherFn = (t: UtcMs) => SpaceWeather | undefined;

/**
 * The calculator's defaults (product spec §3 and §9): solar flux 140 sfu and geomagnetic 3, read as Kp 3o,
 * i.e. Ap 15 (Bartels' table, spaceweather/kp-ap.ts). Moderate activity.
 */
export const CALCULATOR_DEFAULT_SPACE_WEATHER: SpaceWeather = Object.freeze({ f107: 140, f107A: 140, ap: 15 });

/**
 * The stated default for instants the series does not cover (past its last prediction): the long-run mean of
 * the observed record, F10.7 = F10.7A = 121.5 sfu and Ap = 12.8 — the means of the daily F10.7_OBS and AP_AVG
 * over every observed day of CelesTrak's SW-All (1957-10-01 … 2024-03-18; shared/reference/spaceweather,
 * checked in tests/integration/decay-validation.test.ts). A lifetime that runs decades past the predictions
 * then sees an average solar cycle rather than a frozen phase of one (ISO 27852 asks for the solar cycle to
 * be represented; a mean is the simplest representation and is stated as such).
 */
export const LONG_TERM_MEAN_SPACE_WEATHER: SpaceWeather = Object.freeze({ f107: 121.5, f107A: 121.5, ap: 12.8 });

/** The same values at every instant. */
export function constantSpaceWeather(values: SpaceWeather): SpaceWeatherFn {
  return () => values;
}

function usable(values: SpaceWeather | undefined): values is SpaceWeather {
  return (
    values !== undefined &&
    Number.isFinite(values.f107) && values.f107 > 0 &&
    Number.isFinite(values.f107A) && values.f107A > 0 &&
    Number.isFinite(values.ap) && values.ap >= 0
  );
}

export interface ResolvedSpaceWeather {
  readonly values: SpaceWeather;
  /** True when the series had no usable value and `fallback` was used. */
  readonly usedDefault: boolean;
}

/**
 * The series' value at `t`, or `fallback` when the series returns nothing usable (undefined, non-finite or
 * non-positive flux, negative Ap) or throws a RangeError (out of its range). Other errors propagate: they
 * are bugs, not missing data.
 */
export function resolveSpaceWeather(series: SpaceWeatherFn, t: UtcMs, fallback: SpaceWeather = LONG_TERM_MEAN_SPACE_WEATHER): ResolvedSpaceWeather {
  let values: SpaceWeather | undefined;
  try {
    values = series(t);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    values = undefined;
  }
  return usable(values) ? { values, usedDefault: false } : { values: fallback, usedDefault: true };
}
