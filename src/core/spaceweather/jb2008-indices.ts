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
 * - With SET's SOLFSMY imported (solfsmy.ts), every solar index of a day the file covers is read
 *   from it, as SET's own driver JB08DRVY2K.for does (same lags); the proxies above stand in only
 *   for the days or indices it lacks.
 * - DSTDTC: not in either source (SET's DTCFILE, from Dst); from the 3-hour ap by Jacchia's
 *   equation as JB2006 used it (storm-temperature.ts). With SET's DTCFILE imported (dtcfile.ts),
 *   the hours it covers take its value as SET's DTCVAL gives it.
 */
import type { Jb2008Indices } from '../atmosphere/jb2008/index.ts';
import { utcMs, type UtcMs } from '../units.ts';
import type { SpaceWeatherSeries } from './series.ts';
import { dtcAt, type StormTemperatureDay } from './dtcfile.ts';
import type { SolarIndicesDay } from './solfsmy.ts';
import { dayLabel, dayNumber } from './time-keys.ts';
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

export const JB2008_DTCFILE_METHOD = 'DSTDTC from SET DTCFILE (from Dst), linear between its hourly values and rounded to whole kelvin as SET’s DTCVAL does';

/** SET's files, by UTC day number (absent or empty: not imported). */
export interface Jb2008Files {
  /** SOLFSMY.TXT: F10, S10, M10, Y10 and their 81-day means. */
  readonly solar?: ReadonlyMap<number, SolarIndicesDay>;
  /** DTCFILE.TXT: hourly ΔTc. */
  readonly storm?: ReadonlyMap<number, StormTemperatureDay>;
}

export const JB2008_SOLFSMY_METHOD = 'F10, S10, M10, Y10 and their 81-day centred means from SET SOLFSMY, each at the model’s lag (1, 2, 5 days)';

type SolarIndex = 'f10' | 'f81c' | 's10' | 's81c' | 'm10' | 'm81c' | 'y10' | 'y81c';

/**
 * JB2008's solar and geomagnetic indices for an instant: from SET's files where imported and
 * covering the instant, else from the series (F10.7 proxies, ΔTc from ap).
 */
export function jb2008SpaceWeather(series: SpaceWeatherSeries, time: UtcMs, files: Jb2008Files = {}): Jb2008SpaceWeather {
  const { solar, storm } = files;
  const today = dayNumber(time);
  let fromFile = 0;
  /** The file's value of `index` on the lagged day, else `fallback`. */
  const read = (index: SolarIndex, lagDays: number, fallback: () => IndexValue): IndexValue => {
    const day = today - lagDays;
    const row = solar?.get(day);
    const value = row?.[index];
    if (row === undefined || value === null || value === undefined) return fallback();
    fromFile += 1;
    return { value, status: 'observed', date: dayLabel(day), source: row.source };
  };
  const flux = (lagDays: number) => series.f107(time, { kind: 'observed', lagDays });
  const mean = (lagDays: number) => series.f107Mean81(time, { kind: 'observed', lagDays });
  const fromDtcfile = storm ? dtcAt(storm, time) : undefined;
  const fromAp = (): IndexValue => {
    const ap = series.ap3h(utcMs(time - STORM_AP_LAG_HOURS * 3_600_000));
    return {
      value: stormTemperatureFromAp(ap.value),
      status: ap.status,
      date: ap.date,
      source: ap.source,
      method: `${STORM_TEMPERATURE_METHOD} (ap = ${ap.value}${ap.method ? `; ${ap.method}` : ''})`,
    };
  };
  const dstdtc: IndexValue = fromDtcfile
    ? { value: fromDtcfile.value, status: 'observed', date: `${dayLabel(fromDtcfile.day)}T${String(fromDtcfile.hour).padStart(2, '0')}:00Z/+1h`, source: fromDtcfile.source }
    : fromAp();
  const lag = JB2008_LAG_DAYS;
  const components = {
    f10: read('f10', lag.f10, () => flux(lag.f10)),
    f10b: read('f81c', lag.f10, () => mean(lag.f10)),
    s10: read('s10', lag.s10, () => proxy(flux(lag.s10), 'S10')),
    s10b: read('s81c', lag.s10, () => proxy(mean(lag.s10), 'S10B')),
    xm10: read('m10', lag.xm10, () => proxy(flux(lag.xm10), 'M10')),
    xm10b: read('m81c', lag.xm10, () => proxy(mean(lag.xm10), 'M10B')),
    y10: read('y10', lag.y10, () => proxy(flux(lag.y10), 'Y10')),
    y10b: read('y81c', lag.y10, () => proxy(mean(lag.y10), 'Y10B')),
    dstdtc,
  };
  const indices = Object.fromEntries(Object.entries(components).map(([k, v]) => [k, v.value])) as unknown as Jb2008Indices;
  const solarMethod =
    fromFile === 8 ? JB2008_SOLFSMY_METHOD : fromFile === 0 ? JB2008_PROXY_METHOD : `${JB2008_SOLFSMY_METHOD} where the file has them (${fromFile} of 8); else ${JB2008_PROXY_METHOD}`;
  return {
    components,
    status: weakestStatus(Object.values(components).map((v) => v.status)),
    method: `${solarMethod}. ${fromDtcfile ? JB2008_DTCFILE_METHOD : `DSTDTC: ${STORM_TEMPERATURE_METHOD}`}`,
    indices,
  };
}
