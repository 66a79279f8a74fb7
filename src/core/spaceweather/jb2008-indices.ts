/**
 * The space-weather inputs of JB2008 at an instant (Bowman et al. 2008, AIAA 2008-6438; the
 * argument notes of SET's JB2008.for): F10, S10 one day earlier; M10 two days earlier; Y10 five
 * days earlier; each "B" value the 81-day centred mean at the same lag; DSTDTC the storm
 * temperature change.
 *
 * From SW-All / SWPC:
 * - F10, F10B: the observed F10.7 and its 81-day centred mean (F10.7_OBS, F10.7_OBS_CENTER81)
 *   of the day before. SET's SOLFSMY.TXT carries the observed flux: the F10 and F10B of
 *   shared/reference/atmosphere/jb2008_cases.json equal SW-All's F10.7_OBS and
 *   F10.7_OBS_CENTER81 of the day before (tests/integration/spaceweather-jb2008.test.ts).
 * - S10, M10, Y10 are not in either source (they come from SET's SOLFSMY file). We use the common
 *   fallback S10 = M10 = Y10 = F10.7 (observed, each at its own lag) and S10B = M10B = Y10B = the
 *   81-day centred mean at that lag; shared/reference/atmosphere/README.md's moderate case does
 *   the same ("all JB2008 indices 150"). The three are F10.7-scaled by construction (Bowman et
 *   al. 2008, "Solar indices"), so the substitution keeps the model's units and mean level but
 *   loses their own day-to-day variation.
 * - DSTDTC: not in either source (SET's DTCFILE, from Dst); from the 3-hour ap by Jacchia's
 *   equation as JB2006 used it (storm-temperature.ts).
 */
import type { Jb2008Indices } from '../atmosphere/jb2008/index.ts';
import { utcMs, type UtcMs } from '../units.ts';
import type { SpaceWeatherSeries } from './series.ts';
import { STORM_AP_LAG_HOURS, STORM_TEMPERATURE_METHOD, stormTemperatureFromAp } from './storm-temperature.ts';
import { weakestStatus, type IndexValue, type SpaceWeatherStatus } from './types.ts';

/** The lags of JB2008.for's argument notes, days. */
export const JB2008_LAG_DAYS = { f10: 1, s10: 1, xm10: 2, y10: 5 } as const;

export const JB2008_PROXY_METHOD =
  'S10, M10, Y10 are not in CelesTrak SW-All or NOAA SWPC: S10 = M10 = Y10 = observed F10.7 and their 81-day means = the 81-day centred mean, each at the model’s lag (1, 2, 5 days)';

export interface Jb2008SpaceWeather {
  /** Each input with its provenance. */
  readonly components: { readonly [K in keyof Jb2008Indices]: IndexValue };
  /** The weakest status of the components. */
  readonly status: SpaceWeatherStatus;
  /** How S10/M10/Y10 and DSTDTC were formed. */
  readonly method: string;
  /** The numbers, ready for jb2008 / jb2008Density. */
  readonly indices: Jb2008Indices;
}

const proxy = (value: IndexValue, of: string): IndexValue => ({
  ...value,
  method: `${of} proxy: ${value.method ? `${value.method}; ` : ''}${JB2008_PROXY_METHOD}`,
});

/** JB2008's solar and geomagnetic indices for an instant. */
export function jb2008SpaceWeather(series: SpaceWeatherSeries, time: UtcMs): Jb2008SpaceWeather {
  const flux = (lagDays: number) => series.f107(time, { kind: 'observed', lagDays });
  const mean = (lagDays: number) => series.f107Mean81(time, { kind: 'observed', lagDays });
  const ap = series.ap3h(utcMs(time - STORM_AP_LAG_HOURS * 3_600_000));
  const dstdtc: IndexValue = {
    value: stormTemperatureFromAp(ap.value),
    status: ap.status,
    date: ap.date,
    source: ap.source,
    method: `${STORM_TEMPERATURE_METHOD} (ap = ${ap.value}${ap.method ? `; ${ap.method}` : ''})`,
  };
  const components = {
    f10: flux(JB2008_LAG_DAYS.f10),
    f10b: mean(JB2008_LAG_DAYS.f10),
    s10: proxy(flux(JB2008_LAG_DAYS.s10), 'S10'),
    s10b: proxy(mean(JB2008_LAG_DAYS.s10), 'S10B'),
    xm10: proxy(flux(JB2008_LAG_DAYS.xm10), 'M10'),
    xm10b: proxy(mean(JB2008_LAG_DAYS.xm10), 'M10B'),
    y10: proxy(flux(JB2008_LAG_DAYS.y10), 'Y10'),
    y10b: proxy(mean(JB2008_LAG_DAYS.y10), 'Y10B'),
    dstdtc,
  };
  const indices = Object.fromEntries(Object.entries(components).map(([k, v]) => [k, v.value])) as unknown as Jb2008Indices;
  return {
    components,
    status: weakestStatus(Object.values(components).map((v) => v.status)),
    method: `${JB2008_PROXY_METHOD}. DSTDTC: ${STORM_TEMPERATURE_METHOD}`,
    indices,
  };
}
