/**
 * A space-weather series: the records of one or more sources (SW-All CSV, SWPC feeds) merged by
 * the precedence of timeline.ts, with a look-up for any UTC instant of each index the atmosphere
 * models take. Each look-up says whether its value is observed, predicted or the offline default
 * (DECISIONS.md §8), and where it came from.
 *
 * Look-up order for an instant:
 * 1. the record of its UTC day (3-hour interval for Kp/ap);
 * 2. F10.7 and its 81-day mean only: linear interpolation between the nearest records when they
 *    are at most 62 days apart (SW-All's monthly predictions are dated on the first of the
 *    month); the 81-day centred mean, when no source gives it for the day, is also formed from 81
 *    daily values if all of them are known;
 * 3. daily Ap only: the mean of the day's eight 3-hour ap when all eight are known (Ap is
 *    defined as that mean: Bartels 1957; Matzka et al. 2021);
 * 4. the offline default: the newest imported observed value, else the newest imported value
 *    (for a 3-hour ap or Kp: the newest imported daily Ap, as every interval of the day, so the
 *    NRLMSISE-00 ap history of a default is steady at one level);
 * 5. the stated typical level (typical-level.ts).
 */
import type { UtcMs } from '../units.ts';
import { apToKp } from './kp-ap.ts';
import { dayLabel, dayNumber, INTERVALS_PER_DAY, intervalLabel, intervalNumber, keyCache } from './time-keys.ts';
import { MAX_INTERPOLATION_GAP_DAYS, Timeline } from './timeline.ts';
import { TYPICAL_SPACE_WEATHER, type TypicalSpaceWeather } from './typical-level.ts';
import {
  weakestStatus,
  type DailyApRecord,
  type DailyFluxRecord,
  type FluxKind,
  type FluxMeanRecord,
  type IndexValue,
  type SpaceWeatherRecords,
  type ThreeHourRecord,
} from './types.ts';

/** A daily Ap record, or one the series forms from a day's eight 3-hour ap. */
type DerivedDailyAp = DailyApRecord & { readonly method?: string };

/** Half of the 81-day window. */
const HALF_WINDOW = 40;

export interface FluxQuery {
  /** Observed (at the true Earth–Sun distance, the default) or adjusted to 1 AU. */
  readonly kind?: FluxKind;
  /** Take the value this many UTC days before the instant's day (NRLMSISE-00's F10.7: 1). */
  readonly lagDays?: number;
}

export interface SpaceWeatherCoverage {
  readonly firstDate: string | null;
  readonly lastDate: string | null;
  /** The newest day with an observed F10.7. */
  readonly lastObservedFluxDate: string | null;
  /** The newest 3-hour interval with an observed ap. */
  readonly lastObservedApInterval: string | null;
}

export interface SpaceWeatherSeries {
  /** Daily F10.7 (sfu) of the instant's UTC day, `lagDays` earlier. */
  f107(time: UtcMs, query?: FluxQuery): IndexValue;
  /** 81-day centred mean of F10.7 (sfu; SW-All's F10.7_OBS_CENTER81 / F10.7_ADJ_CENTER81). */
  f107Mean81(time: UtcMs, query?: FluxQuery): IndexValue;
  /** Daily planetary Ap of the instant's UTC day. */
  apDaily(time: UtcMs): IndexValue;
  /** 3-hour ap of the interval holding the instant. */
  ap3h(time: UtcMs): IndexValue;
  /** 3-hour Kp (decimal) of the interval holding the instant. */
  kp3h(time: UtcMs): IndexValue;
  coverage(): SpaceWeatherCoverage;
  /**
   * The oldest UTC day number of a record an offline default is read from (look-up step 4: the
   * newest imported value of each quantity), undefined when nothing is imported. A series built
   * from the records of that day on gives the same defaults: a copy cut for a worker thread
   * (core/drag recordsFrom) keeps them.
   */
  defaultsFromDay(): number | undefined;
  readonly typical: TypicalSpaceWeather;
}

export interface SeriesOptions {
  /** The level used when there is no imported value at all (default TYPICAL_SPACE_WEATHER). */
  readonly typical?: TypicalSpaceWeather;
}

/** The sources of a run of values: the first and the last when they differ. */
export function spanSource(sources: readonly string[]): string {
  const first = sources[0] ?? '';
  const last = sources[sources.length - 1] ?? '';
  return first === last ? first : `${first} … ${last}`;
}

/**
 * Merges record sets into a series. Give the more trusted source first: for the same day or
 * interval and the same status, the first record stays (observed always beats predicted).
 */
export function createSpaceWeatherSeries(recordSets: readonly SpaceWeatherRecords[], options: SeriesOptions = {}): SpaceWeatherSeries {
  const typical = options.typical ?? TYPICAL_SPACE_WEATHER;
  const byDay = { key: (r: { day: number }) => r.day };
  const flux = {
    observed: new Timeline<DailyFluxRecord>(dayLabel, { ...byDay, value: (r) => r.observed }),
    adjusted: new Timeline<DailyFluxRecord>(dayLabel, { ...byDay, value: (r) => r.adjusted, method: (r) => r.adjustedMethod }),
  };
  const mean81 = {
    observed: new Timeline<FluxMeanRecord>(dayLabel, { ...byDay, value: (r) => r.observedCentred81, method: (r) => r.method }),
    adjusted: new Timeline<FluxMeanRecord>(dayLabel, { ...byDay, value: (r) => r.adjustedCentred81, method: (r) => r.method }),
  };
  const apDay = new Timeline<DerivedDailyAp>(dayLabel, { ...byDay, value: (r) => r.ap, method: (r) => r.method });
  const byInterval = { key: (r: ThreeHourRecord) => r.interval };
  const ap3 = new Timeline<ThreeHourRecord>(intervalLabel, { ...byInterval, value: (r) => r.ap });
  const kp3 = new Timeline<ThreeHourRecord>(intervalLabel, { ...byInterval, value: (r) => r.kp });

  for (const set of recordSets) {
    for (const r of set.flux) {
      flux.observed.put(r);
      flux.adjusted.put(r);
    }
    for (const r of set.fluxMeans) {
      mean81.observed.put(r);
      mean81.adjusted.put(r);
    }
    for (const r of set.threeHourly) {
      ap3.put(r);
      kp3.put(r);
    }
    for (const r of set.dailyAp) apDay.put(r);
  }

  // Daily Ap from complete days of 3-hour ap (SWPC gives no daily Ap); a record of the same rank stays.
  let lastDay = Number.NaN;
  for (const interval of ap3.keys()) {
    const day = Math.floor(interval / INTERVALS_PER_DAY);
    if (day === lastDay) continue;
    lastDay = day;
    const keys = Array.from({ length: INTERVALS_PER_DAY }, (_, n) => day * INTERVALS_PER_DAY + n);
    if (!keys.every((k) => ap3.has(k))) continue;
    const observed = keys.every((k) => ap3.statusAt(k) === 'observed');
    // Only where no daily record of at least this rank exists (the common case: SW-All has AP_AVG).
    if (apDay.has(day) && (apDay.statusAt(day) === 'observed' || !observed)) continue;
    const first = ap3.read(keys[0]!)!;
    const last = ap3.read(keys[INTERVALS_PER_DAY - 1]!)!;
    apDay.put({
      day,
      ap: keys.reduce((sum, k) => sum + ap3.valueAt(k)!, 0) / INTERVALS_PER_DAY,
      status: observed ? 'observed' : 'predicted',
      source: spanSource([first.source, last.source]),
      method: 'mean of the day’s eight 3-hour ap',
    });
  }

  const lastObservedFluxDay = flux.observed.newestKey('observed');

  const typicalValue = (value: number, what: string): IndexValue => ({ value, status: 'default', date: null, source: typical.source, method: `no imported ${what}` });

  const fluxValue = <R extends DailyFluxRecord | FluxMeanRecord>(timeline: Timeline<R>, day: number): IndexValue | undefined =>
    timeline.read(day) ?? timeline.interpolate(day, MAX_INTERPOLATION_GAP_DAYS);

  function f107OfDay(kind: FluxKind, day: number): IndexValue {
    const what = `${kind} F10.7`;
    return fluxValue(flux[kind], day) ?? flux[kind].fallback(day, what) ?? typicalValue(typical.f107, what);
  }

  function f107Mean81OfDay(kind: FluxKind, day: number): IndexValue {
    const what = `81-day centred mean of ${kind} F10.7`;
    const direct = fluxValue(mean81[kind], day);
    if (direct !== undefined) return direct;
    const window: IndexValue[] = [];
    for (let d = day - HALF_WINDOW; d <= day + HALF_WINDOW; d += 1) {
      const v = fluxValue(flux[kind], d);
      if (v === undefined) break;
      window.push(v);
    }
    if (window.length === 2 * HALF_WINDOW + 1) {
      return {
        value: window.reduce((s, v) => s + v.value, 0) / window.length,
        status: weakestStatus(window.map((v) => v.status)),
        date: dayLabel(day),
        source: spanSource(window.map((v) => v.source)),
        method: `mean of the 81 daily ${kind} F10.7 values ${dayLabel(day - HALF_WINDOW)} … ${dayLabel(day + HALF_WINDOW)} (no 81-day mean imported for the day)`,
      };
    }
    return mean81[kind].fallback(day, what) ?? typicalValue(typical.f107Mean81, what);
  }

  function apDailyOfInterval(interval: number): IndexValue {
    const day = Math.floor(interval / INTERVALS_PER_DAY);
    return apDay.read(day) ?? apDay.fallback(day, 'daily Ap') ?? ap3.fallback(interval, 'daily Ap') ?? typicalValue(typical.ap, 'daily Ap');
  }

  /**
   * The default of a 3-hour value: the newest imported daily Ap (a day's level, steadier than the
   * newest single interval), else the newest 3-hour ap.
   */
  function ap3hDefault(interval: number): IndexValue | undefined {
    const daily = apDay.fallback(Math.floor(interval / INTERVALS_PER_DAY), '3-hour ap');
    if (daily === undefined) return ap3.fallback(interval, '3-hour ap');
    return {
      ...daily,
      method: `no 3-hour ap for ${intervalLabel(interval)}: the newest imported ${
        apDay.newestKey('observed') === undefined ? 'predicted' : 'observed'
      } daily Ap, as every 3-hour ap of the day (DECISIONS.md §8 offline default)`,
    };
  }

  function ap3hOfInterval(interval: number): IndexValue {
    return ap3.read(interval) ?? ap3hDefault(interval) ?? typicalValue(typical.ap, '3-hour ap');
  }

  function kp3hOfInterval(interval: number): IndexValue {
    const held = kp3.read(interval);
    if (held !== undefined) return held;
    const ap = ap3hDefault(interval);
    if (ap === undefined) return typicalValue(typical.kp, '3-hour Kp');
    return { ...ap, value: apToKp(ap.value), method: `${ap.method ?? ''}; Kp of that ap by Bartels’ table` };
  }

  // The series does not change once built, so each look-up is a function of its day or interval
  // (a lag only moves the day): cached per key (time-keys.ts keyCache), the same values come back.
  const cached = {
    f107: { observed: keyCache((day) => f107OfDay('observed', day)), adjusted: keyCache((day) => f107OfDay('adjusted', day)) },
    f107Mean81: { observed: keyCache((day) => f107Mean81OfDay('observed', day)), adjusted: keyCache((day) => f107Mean81OfDay('adjusted', day)) },
    apDaily: keyCache(apDailyOfInterval),
    ap3h: keyCache(ap3hOfInterval),
    kp3h: keyCache(kp3hOfInterval),
  };
  const f107 = (time: UtcMs, query: FluxQuery = {}): IndexValue => cached.f107[query.kind ?? 'observed'](dayNumber(time) - (query.lagDays ?? 0));
  const f107Mean81 = (time: UtcMs, query: FluxQuery = {}): IndexValue => cached.f107Mean81[query.kind ?? 'observed'](dayNumber(time) - (query.lagDays ?? 0));
  const apDaily = (time: UtcMs): IndexValue => cached.apDaily(intervalNumber(time));
  const ap3h = (time: UtcMs): IndexValue => cached.ap3h(intervalNumber(time));
  const kp3h = (time: UtcMs): IndexValue => cached.kp3h(intervalNumber(time));

  function coverage(): SpaceWeatherCoverage {
    const dayKeys = [flux.observed, flux.adjusted, mean81.observed, apDay].flatMap((t) => {
      const k = t.keys();
      return k.length ? [k[0]!, k[k.length - 1]!] : [];
    });
    const k3 = ap3.keys();
    if (k3.length) dayKeys.push(Math.floor(k3[0]! / INTERVALS_PER_DAY), Math.floor(k3[k3.length - 1]! / INTERVALS_PER_DAY));
    const lastAp = ap3.newestKey('observed');
    return {
      firstDate: dayKeys.length ? dayLabel(Math.min(...dayKeys)) : null,
      lastDate: dayKeys.length ? dayLabel(Math.max(...dayKeys)) : null,
      lastObservedFluxDate: lastObservedFluxDay === undefined ? null : dayLabel(lastObservedFluxDay),
      lastObservedApInterval: lastAp === undefined ? null : intervalLabel(lastAp),
    };
  }

  function defaultsFromDay(): number | undefined {
    const newest = (t: Timeline<DailyFluxRecord> | Timeline<FluxMeanRecord> | Timeline<DerivedDailyAp> | Timeline<ThreeHourRecord>) => t.newestKey('observed') ?? t.newestKey('any');
    const days = [flux.observed, flux.adjusted, mean81.observed, mean81.adjusted, apDay].map(newest);
    for (const t of [ap3, kp3]) {
      const interval = newest(t);
      days.push(interval === undefined ? undefined : Math.floor(interval / INTERVALS_PER_DAY));
    }
    const known = days.filter((d): d is number => d !== undefined);
    return known.length > 0 ? Math.min(...known) : undefined;
  }

  return { f107, f107Mean81, apDaily, ap3h, kp3h, coverage, defaultsFromDay, typical };
}
