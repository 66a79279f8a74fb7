/**
 * NOAA SWPC's JSON products (services.swpc.noaa.gov), read into the same records as SW-All. The
 * fetching is the server's (src/server/sources/noaa-swpc.ts); these take the parsed JSON value.
 * SWPC's values are preliminary (its README: "SWPC data are preliminary and some are later
 * adjusted or corrected"); a later SW-All import supersedes them (series.ts keeps, for the same
 * day or interval, the first record set given when the statuses are equal).
 *
 * Formats, as the feeds publish them (field names and examples recorded by their users):
 *
 * - /json/f107_cm_flux.json: an array of readings, newest first,
 *   {"time_tag":"2026-04-12T20:00:00","frequency":2800,"flux":99.0,"reporting_schedule":"Noon",
 *    "avg_begin_date":"2026-01-13T20:00:00","ninety_day_mean":135.0,"rec_count":90}.
 *   Penticton measures three times a day (Morning ~17–18 UT, Noon 20 UT, Afternoon ~22–23 UT);
 *   the Noon reading is the day's official observed flux (UKSSDC, "Solar Radio Flux Derivation
 *   and Representation": observed daily values are measured at 2000 UT Penticton). The flux is
 *   the observed one; the adjusted flux is computed (earth-sun-distance.ts). `ninety_day_mean`
 *   is a trailing 90-day mean, not the 81-day centred mean the models take, so it is not used.
 * - /products/noaa-planetary-k-index.json: 3-hourly planetary Kp of the last days, either a table
 *   whose first row names the columns, [["time_tag","Kp","a_running","station_count"],
 *   ["2025-08-27 00:00:00.000","1.33","5","8"], …] (values as strings), or (observed in 2026) an
 *   array of objects with the same keys, {"time_tag":"2026-05-21T00:00:00","Kp":3,"a_running":15,
 *   "station_count":8}. `time_tag` starts the interval; Kp is in thirds written 1.33, 1.67;
 *   `a_running` is the interval's ap.
 * - /json/planetary_k_index_1m.json: SWPC's 1-minute estimate of the current interval's Kp,
 *   {"time_tag":"2024-05-10T18:04:00","kp_index":2,"estimated_kp":2.33,"kp":"2P"}. Each 3-hour
 *   interval takes its latest estimate (rounded to a third, ap from Bartels' table).
 */
import { parseUtc } from '../time/iso-time.ts';
import { MS_PER_DAY } from '../time/julian.ts';
import type { UtcMs } from '../units.ts';
import { ADJUSTED_FROM_OBSERVED, adjustF107ToOneAu, PENTICTON_NOON_MS_OF_DAY } from './earth-sun-distance.ts';
import { jsonNumber } from './field-number.ts';
import { kpToAp, nearestKpThird } from './kp-ap.ts';
import { dayNumber, intervalNumber, MS_PER_3H } from './time-keys.ts';
import type { DailyFluxRecord, SpaceWeatherRecords, ThreeHourRecord } from './types.ts';

export interface JsonRejection {
  /** 0-based position of the element in the feed's array. */
  readonly index: number;
  readonly reason: string;
  /** The element as JSON (cut at 200 characters). */
  readonly text: string;
}

export interface SwpcParseResult {
  readonly records: SpaceWeatherRecords;
  readonly rejected: readonly JsonRejection[];
}

/** The response is not the product at all (not an array, no header): nothing to keep. */
export class SwpcFormatError extends Error {
  override name = 'SwpcFormatError';
}

export const SWPC_F107_SOURCE = 'NOAA SWPC f107_cm_flux.json';
export const SWPC_KP_SOURCE = 'NOAA SWPC noaa-planetary-k-index.json';
export const SWPC_KP_1M_SOURCE = 'NOAA SWPC planetary_k_index_1m.json';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const show = (v: unknown): string => {
  const text = JSON.stringify(v) ?? String(v);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
};

class ElementError extends Error {}

function timeTag(element: Record<string, unknown>): UtcMs {
  const tag = element.time_tag;
  const time = typeof tag === 'string' ? parseUtc(tag) : undefined;
  if (time === undefined) throw new ElementError(`time_tag ${show(tag)} is not a UTC date-time`);
  return time;
}

function ranged(element: Record<string, unknown>, key: string, min: number, max: number): number {
  const value = jsonNumber(element[key]);
  if (value === undefined) throw new ElementError(`${key} ${show(element[key])} is not a number`);
  if (value < min || value > max) throw new ElementError(`${key} = ${value} is outside ${min}…${max}`);
  return value;
}

function asArray(json: unknown, product: string): unknown[] {
  if (!Array.isArray(json)) throw new SwpcFormatError(`${product}: expected a JSON array, got ${show(json)}`);
  return json;
}

/** Runs `read` on each element, collecting rejections. */
function eachElement(elements: readonly unknown[], read: (element: Record<string, unknown>, index: number) => void, offset = 0): JsonRejection[] {
  const rejected: JsonRejection[] = [];
  elements.forEach((element, i) => {
    try {
      if (!isObject(element)) throw new ElementError('is not an object');
      read(element, i + offset);
    } catch (error) {
      if (!(error instanceof ElementError)) throw error;
      rejected.push({ index: i + offset, reason: error.message, text: show(element) });
    }
  });
  return rejected;
}

/** f107_cm_flux.json → one observed F10.7 per UTC day (the Noon reading, else the one nearest 20:00 UT). */
export function parseSwpcF107Flux(json: unknown, options: { source?: string } = {}): SwpcParseResult {
  const source = options.source ?? SWPC_F107_SOURCE;
  const readings = new Map<number, { time: UtcMs; flux: number; schedule: string; tag: string; noon: boolean }[]>();
  const rejected = eachElement(asArray(json, 'f107_cm_flux'), (element) => {
    const time = timeTag(element);
    const flux = ranged(element, 'flux', Number.MIN_VALUE, 2000);
    const schedule = typeof element.reporting_schedule === 'string' ? element.reporting_schedule : '';
    const day = dayNumber(time);
    const list = readings.get(day) ?? [];
    list.push({ time, flux, schedule, tag: String(element.time_tag), noon: schedule.toLowerCase() === 'noon' });
    readings.set(day, list);
  });
  const flux: DailyFluxRecord[] = [];
  for (const [day, list] of readings) {
    const noonMs = day * MS_PER_DAY + PENTICTON_NOON_MS_OF_DAY;
    const pick =
      list.find((r) => r.noon) ??
      list.reduce((best, r) => (Math.abs(r.time - noonMs) < Math.abs(best.time - noonMs) ? r : best));
    const how = pick.noon ? `${pick.schedule} reading` : `no Noon reading that day: the ${pick.schedule || 'unnamed'} reading, nearest 20:00 UT`;
    flux.push({
      day,
      observed: pick.flux,
      adjusted: adjustF107ToOneAu(pick.flux, pick.time),
      status: 'observed',
      cadence: 'daily',
      source: `${source} ${pick.tag} (${how}; preliminary)`,
      adjustedMethod: ADJUSTED_FROM_OBSERVED,
    });
  }
  flux.sort((a, b) => a.day - b.day);
  return { records: { flux, fluxMeans: [], threeHourly: [], dailyAp: [] }, rejected };
}

/** noaa-planetary-k-index.json (table or objects) → observed 3-hour Kp and ap. */
export function parseSwpcPlanetaryKIndex(json: unknown, options: { source?: string } = {}): SwpcParseResult {
  const source = options.source ?? SWPC_KP_SOURCE;
  const list = asArray(json, 'noaa-planetary-k-index');
  let elements: unknown[] = list;
  let offset = 0;
  if (Array.isArray(list[0])) {
    // The table form: the first row names the columns.
    const header = list[0] as unknown[];
    if (!header.every((h) => typeof h === 'string') || !header.includes('time_tag')) {
      throw new SwpcFormatError(`noaa-planetary-k-index: the first row is not a header naming time_tag: ${show(header)}`);
    }
    elements = list.slice(1).map((row) => (Array.isArray(row) ? Object.fromEntries(header.map((h, i) => [h as string, row[i]])) : row));
    offset = 1;
  }
  const byInterval = new Map<number, ThreeHourRecord>();
  const rejected = eachElement(
    elements,
    (element) => {
      const time = timeTag(element);
      if (time % MS_PER_3H !== 0) throw new ElementError(`time_tag ${String(element.time_tag)} does not start a 3-hour interval`);
      const kp = nearestKpThird(ranged(element, 'Kp' in element ? 'Kp' : 'kp', 0, 9));
      const aRunning = element.a_running === undefined || element.a_running === null ? undefined : ranged(element, 'a_running', 0, 400);
      const interval = intervalNumber(time);
      // A later row for the same interval is a revision: it replaces the earlier one.
      byInterval.set(interval, {
        interval,
        kp,
        ap: aRunning ?? kpToAp(kp),
        status: 'observed',
        source: `${source} ${String(element.time_tag)} (preliminary${aRunning === undefined ? '; ap from Kp by Bartels’ table' : ''})`,
      });
    },
    offset,
  );
  const threeHourly = [...byInterval.values()].sort((a, b) => a.interval - b.interval);
  return { records: { flux: [], fluxMeans: [], threeHourly, dailyAp: [] }, rejected };
}

/** planetary_k_index_1m.json → for each 3-hour interval, its latest 1-minute Kp estimate. */
export function parseSwpcKIndex1m(json: unknown, options: { source?: string } = {}): SwpcParseResult {
  const source = options.source ?? SWPC_KP_1M_SOURCE;
  const latest = new Map<number, { time: UtcMs; kp: number; tag: string }>();
  const rejected = eachElement(asArray(json, 'planetary_k_index_1m'), (element) => {
    const time = timeTag(element);
    const kp = ranged(element, element.estimated_kp !== undefined && element.estimated_kp !== null ? 'estimated_kp' : 'kp_index', 0, 9);
    const interval = intervalNumber(time);
    const seen = latest.get(interval);
    if (seen === undefined || time >= seen.time) latest.set(interval, { time, kp, tag: String(element.time_tag) });
  });
  const threeHourly: ThreeHourRecord[] = [...latest.entries()]
    .sort(([a], [b]) => a - b)
    .map(([interval, { kp, tag }]) => {
      const third = nearestKpThird(kp);
      return {
        interval,
        kp: third,
        ap: kpToAp(third),
        status: 'observed' as const,
        source: `${source} ${tag} (1-minute estimate, the latest of its 3-hour interval; ap from Kp by Bartels’ table)`,
      };
    });
  return { records: { flux: [], fluxMeans: [], threeHourly, dailyAp: [] }, rejected };
}
