/**
 * Space weather for the atmosphere models (issue 5; DECISIONS.md §8): the public API of
 * src/core/spaceweather (see src/core/README.md).
 *
 * - Readers: `parseSwAllCsv` (CelesTrak SW-All CSV), `parseSolfsmy` and `parseDtcfile` (SET's JB2008 SOLFSMY.TXT and DTCFILE.TXT), `parseSwpcF107Flux`,
 *   `parseSwpcPlanetaryKIndex`, `parseSwpcKIndex1m` (NOAA SWPC JSON, already parsed). Each gives
 *   `SpaceWeatherRecords` and the rejected rows/elements with the reason.
 * - `createSpaceWeatherSeries(recordSets)`: look-ups for any UTC instant (F10.7 observed or
 *   adjusted, its 81-day centred mean, daily Ap, 3-hour ap and Kp), each an `IndexValue` saying
 *   observed, predicted or default and where it came from.
 * - `nrlmsiseSpaceWeather(series, time)`, `jb2008SpaceWeather(series, time)`: each model's inputs.
 * - `TYPICAL_SPACE_WEATHER`, Kp ↔ ap (`kpToAp`, `apToKp`), `stormTemperatureFromAp`,
 *   `earthSunDistanceAu`, `adjustF107ToOneAu`; the UTC day number of an instant (`dayNumber`).
 * - NOAA's geomagnetic storm scale from Kp (`geomagneticScale`: G1 at Kp 5 … G5 at Kp 9), `kpText` (5−, 7+), and
 *   `newestObservationEnd` (the end of the newest observed value of a series' coverage).
 */
export { looksLikeSolfsmy, parseSolfsmy, SOLFSMY_INDICES, type SolarIndicesDay, type SolfsmyParse } from './solfsmy.ts';
export { parseSwAllCsv, type CsvRejection, type SwAllDataType, type SwAllParseResult } from './celestrak-csv.ts';
export {
  parseSwpcF107Flux,
  parseSwpcKIndex1m,
  parseSwpcPlanetaryKIndex,
  SWPC_F107_SOURCE,
  SWPC_KP_1M_SOURCE,
  SWPC_KP_SOURCE,
  SwpcFormatError,
  type JsonRejection,
  type SwpcParseResult,
} from './swpc-json.ts';
export {
  createSpaceWeatherSeries,
  type FluxQuery,
  type SeriesOptions,
  type SpaceWeatherCoverage,
  type SpaceWeatherSeries,
} from './series.ts';
export { nrlmsiseSpaceWeather, type NrlmsiseSpaceWeather } from './nrlmsise-indices.ts';
export { JB2008_DTCFILE_METHOD, JB2008_LAG_DAYS, JB2008_PROXY_METHOD, JB2008_SOLFSMY_METHOD, jb2008SpaceWeather, type Jb2008Files, type Jb2008SpaceWeather } from './jb2008-indices.ts';
export { dtcAt, looksLikeDtcfile, parseDtcfile, type DtcfileParse, type StormTemperatureDay } from './dtcfile.ts';
export { TYPICAL_SPACE_WEATHER, type TypicalSpaceWeather } from './typical-level.ts';
export { AP_OF_KP_THIRDS, apToKp, kpFromTimesTen, kpToAp, nearestKpThird } from './kp-ap.ts';
export { geomagneticScale, kpText, NOAA_G_SCALE, type GeomagneticAlertLevel, type GeomagneticScale } from './geomagnetic-scale.ts';
export { newestObservationEnd } from './newest-observation.ts';
export { STORM_AP_LAG_HOURS, STORM_TEMPERATURE_METHOD, stormTemperatureFromAp } from './storm-temperature.ts';
export { adjustF107ToOneAu, earthSunDistanceAu } from './earth-sun-distance.ts';
export { dayNumber, INTERVALS_PER_DAY } from './time-keys.ts';
export {
  EMPTY_RECORDS,
  type DailyApRecord,
  type DailyFluxRecord,
  type FluxKind,
  type FluxMeanRecord,
  type IndexValue,
  type RecordStatus,
  type SpaceWeatherRecords,
  type SpaceWeatherStatus,
  type ThreeHourRecord,
} from './types.ts';
