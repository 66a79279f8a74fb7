// nextTurn: lets the event loop answer what is waiting (a poll) between the pieces of a build.
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  type DecayForecast,
  DensityProfileResponse,
  NrlmsiseRealResponse,
  PredictionsResponse,
  RealtimeResponse,
  SpaceWeatherForecastResponse,
} from '../../contracts/orbital-drag.ts';
import type { ObjectDecayResponse } from '../../contracts/object-exports.ts';
import {
  CALCULATOR_DEFAULTS,
  confidenceFromSpread,
  DAYS_PER_YEAR,
  densityAt,
  densityAtOrNull,
  DensityDomainError,
  densityPointAtGeodetic,
  densitySource,
  dragAlertLevel,
  dragAtState,
  dragParameter,
  dragParameterFromBstar,
  dragPropertiesOf,
  DRAG_PRESETS,
  impactOf,
  LIFETIME_CAP_YEARS,
  LONG_TERM_MEAN_SPACE_WEATHER,
  meanOrbitAt,
  meanOrbitFromElementSet,
  modelSpread,
  NRLMSISE_MULTIPLIERS,
  nrlmsiseAt,
  percentChange,
  predictLifetime,
  presetIndexOf,
  shortTrendOf,
  spreadLevel,
  trendOf,
  type DensityModel,
  type LifetimeInput,
  type LifetimeOptions,
  type LifetimePrediction,
  type SpaceWeather,
} from '../../core/drag/index.ts';
import { orbitSummary } from '../../core/orbit/index.ts';
import { propagateAt } from '../../core/propagation/index.ts';
import { geomagneticScale, kpText, newestObservationEnd, type IndexValue } from '../../core/spaceweather/index.ts';
import { utcMs, type UtcMs } from '../../core/units.ts';
import { ClockedSnapshot, type ClockedSnapshotOptions } from '../http/clocked-snapshot.ts';
import { DragPool, dragSeriesOf } from '../workers/drag/drag-pool.ts';
import type { Snapshot } from '../http/snapshot.ts';
import { MS_PER_DAY } from '../../core/time/index.ts';
import type { CatalogEntry, CatalogService } from './catalog-service.ts';
import type { SpaceWeatherConditions, SpaceWeatherService, SpaceWeatherSnapshot } from './space-weather-service.ts';

// ─── Constants of the page ───────────────────────────────────────────────────────────────────────

/** Where the page's single-point values are taken: the drag form's default place and altitude (spec §3: 32° N, 35° E, 400 km). */
export const REFERENCE_POINT = { latitude: CALCULATOR_DEFAULTS.latitude, longitude: CALCULATOR_DEFAULTS.longitude, altitudeKm: CALCULATOR_DEFAULTS.altitude };

/** Spec §9: 13 altitudes from 100 to 600 km; 25 km apart below 200 km, where the density changes fastest, 50 km above. */
export const PROFILE_ALTITUDES_KM = [100, 125, 150, 175, 200, 250, 300, 350, 400, 450, 500, 550, 600] as const;

/** Satellites whose mean altitude is below this feel drag worth tabulating (LEO). */
export const LEO_MAX_ALTITUDE_KM = 2000;

/** Objects whose decay answer is kept (objectDecay): each took up to several seconds of the drag worker. */
const DECAY_ANSWERS_KEPT = 256;

/** Spec §9 decay chart: days 0 to 30; and the four satellites of the Orbit Decay tab. */
export const DECAY_DAYS = 30;
export const DECAY_SATELLITES = 4;

/**
 * NRLMSISE-00 readings at this many places are kept as snapshots (the page asks four fixed ones,
 * queries/orbital-drag.ts READING_POSITIONS); a place beyond them replaces the one asked least recently.
 */
export const READING_PLACES_KEPT = 16;

const MS_PER_MINUTE = 60_000;
const MS_PER_HOUR = 3_600_000;
const MS_PER_3H = 3 * MS_PER_HOUR;

/**
 * The clocks of the polled answers: the period each is built for (its time is the period's start)
 * and how long before the period starts the timer builds it. The page polls realtime every 30 s,
 * space weather every 60 s, predictions every 120 s, readings and the profile every 5 min.
 */
const CLOCKS = {
  minute: { periodMs: MS_PER_MINUTE, leadMs: 15_000 },
  // A 30-day forecast moves by a thirtieth of a day's decay in an hour.
  hour: { periodMs: MS_PER_HOUR, leadMs: 2 * MS_PER_MINUTE },
} as const;

// ─── Small helpers ───────────────────────────────────────────────────────────────────────────────

/** The contract's snake_case drag properties (DragProperties in contracts/orbital-drag.ts). */
export interface DragPropertiesValue {
  mass_kg: number;
  area_m2: number;
  drag_coefficient: number;
  source: string;
}

/** Mass, area and Cd of a catalogue object (core/drag presets.ts: its spec preset, else its catalogued mass, else the stated default). */
export function dragPropertiesFor(object: { name: string; massKg: number | null }): DragPropertiesValue {
  const p = dragPropertiesOf(object);
  return { mass_kg: p.massKg, area_m2: p.areaM2, drag_coefficient: p.dragCoefficient, source: p.source };
}

const meanOf = (values: readonly number[]) => values.reduce((s, v) => s + v, 0) / values.length;
const iso = (t: number) => new Date(t).toISOString();
/** "+1.2" / "−0.4"; a change that rounds to zero is "0.0", never "-0.0". */
const signed = (value: number, digits: number) => {
  const text = Math.abs(value).toFixed(digits);
  if (Number(text) === 0) return text;
  return `${value > 0 ? '+' : '-'}${text}`;
};

function formatAge(ms: number): string {
  if (ms < MS_PER_HOUR) return `${Math.round(ms / MS_PER_MINUTE)} min`;
  if (ms < 2 * MS_PER_DAY) return `${Math.round(ms / MS_PER_HOUR)} h`;
  return `${Math.round(ms / MS_PER_DAY)} days`;
}

/** The place the page's single-point values are taken at, at `time`. */
const referencePoint = (time: UtcMs) => densityPointAtGeodetic(time, REFERENCE_POINT.latitude, REFERENCE_POINT.longitude, REFERENCE_POINT.altitudeKm);

/** Where a decay run is integrated: the page's space weather is bound in (the drag worker, DragPool.pageLifetime; or this thread). */
export type LifetimeRun = (input: Omit<LifetimeInput, 'spaceWeather'>, options: LifetimeOptions) => Promise<LifetimePrediction>;

/** Runs predictLifetime in this thread with `weatherAt` (tests; the server uses the drag worker). */
export const lifetimeInThread =
  (weatherAt: LifetimeInput['spaceWeather']): LifetimeRun =>
  async (input, options) =>
    predictLifetime({ ...input, spaceWeather: weatherAt }, options);

/**
 * One fleet satellite's 30-day decay for the Orbit Decay tab: NRLMSISE-00, and JB2008 beside it
 * for the spread. JB2008 has no density above about 1,450 km once an imported series' 81-day flux
 * passes about 376 sfu (core/drag/density.ts DensityDomainError); a satellite of the fleet's LEO
 * band (mean altitude up to LEO_MAX_ALTITUDE_KM) can pass there, and its JB2008 loss is then null
 * instead of failing the whole answer. Both runs are asked for at once (`run`: on the drag worker
 * they queue together).
 */
export async function fleetDecayForecast(entry: CatalogEntry, time: UtcMs, run: LifetimeRun): Promise<DecayForecast> {
  const props = dragPropertiesFor(entry.object);
  const orbit = meanOrbitAt(entry.set, time);
  const lifetime = (model: DensityModel) =>
    run({ epoch: time, orbit, dragParameterM2PerKg: dragParameter(props.drag_coefficient, props.area_m2, props.mass_kg), model }, { capYears: DECAY_DAYS / DAYS_PER_YEAR, dailyDays: DECAY_DAYS });
  const msisRun = lifetime('nrlmsise00');
  const jbRun = lifetime('jb2008');
  // Both are awaited below; a failure of the second while the first is still running is not left unhandled meanwhile.
  jbRun.catch(() => undefined);
  const msis = await msisRun;
  const jb = await jbRun.catch((error: unknown) => {
    if (error instanceof DensityDomainError) return undefined;
    throw error;
  });
  const loss = (p: typeof msis) => (p.daily[0]?.altitudeKm ?? 0) - (p.daily[p.daily.length - 1]?.altitudeKm ?? 0);
  const msisLoss = loss(msis);
  const jbLoss = jb === undefined ? null : loss(jb);
  const spread = jbLoss !== null && msisLoss > 0 && jbLoss > 0 ? modelSpread([msisLoss, jbLoss]) : 0;
  return {
    satellite: entry.object.name,
    norad_id: entry.object.noradId,
    elements_epoch: iso(entry.set.epoch),
    drag_properties: props,
    initial_altitude: msis.daily[0]?.altitudeKm ?? Number.NaN,
    decay_rate: msis.initial.decayRateKmPerDay,
    altitude_loss_30d: msisLoss,
    jb2008_altitude_loss_30d: jbLoss,
    model_spread: { value: spread, level: spreadLevel(spread) },
    reentry_day: msis.status === 'reentry' ? (msis.lifetimeDays ?? null) : null,
    points: msis.daily.map((p) => ({ day: p.day, altitude: p.altitudeKm, perigee: p.perigeeAltitudeKm, apogee: p.apogeeAltitudeKm })),
  };
}

// ─── The service ─────────────────────────────────────────────────────────────────────────────────

/**
 * The Orbital Drag page's values, all computed from the catalogue (SGP4) and the atmosphere models
 * with the stored space weather (SpaceWeatherService):
 * - realtime: NRLMSISE-00 density and drag force at each LEO fleet satellite's SGP4 position now,
 *   forecasts from the space-weather series, model accuracy from the NRLMSISE-00/JB2008 spread;
 * - the space-weather forecast list and alerts (NOAA G-scale from Kp; drag multiples of spec §9);
 * - the 30-day decay of four fleet satellites (predictLifetime, both models);
 * - NRLMSISE-00 readings and the five-model density profile.
 *
 * The polled answers are snapshots on their own clocks (http/clocked-snapshot.ts), served with
 * their ETag: realtime, space weather, the density profile and each reading place are built for
 * every UTC minute, the decay forecast for every hour, by a timer ahead of the period while the
 * page asks for them, and at once for a new catalogue or new space weather (the version of each is
 * part of the snapshot's). Answers for an explicit time (or profile place) are computed per request
 * (one profile is 13 × 2 model calls, well under a millisecond each).
 *
 * The heavy part of the realtime and predictions builds, the orbit averages of each LEO fleet
 * satellite and the 30-day decay runs, is computed on the drag worker (DragPool.densityRatios and
 * pageLifetime, with the snapshot's space weather and its defaults, so the numbers are those of
 * this thread): on the event loop they held every other request for up to tens of milliseconds
 * at a time while a snapshot rebuilt (issue 30 item 9). This thread assembles the answer.
 */
export class OrbitalDragService {
  private readonly realtimeClock: ClockedSnapshot<SpaceWeatherSnapshot, RealtimeResponse>;
  private readonly forecastClock: ClockedSnapshot<SpaceWeatherSnapshot, SpaceWeatherForecastResponse>;
  private readonly profileClock: ClockedSnapshot<SpaceWeatherSnapshot, DensityProfileResponse>;
  private readonly predictionsClock: ClockedSnapshot<SpaceWeatherSnapshot, PredictionsResponse>;
  /** One clock per reading place, the least recently asked first. */
  private readonly readingClocks = new Map<string, ClockedSnapshot<SpaceWeatherSnapshot, NrlmsiseRealResponse>>();
  private stopped = false;
  /** CLOCKS, with the clock the service was given. */
  private readonly clocks: { readonly minute: Pick<ClockedSnapshotOptions<unknown, unknown>, 'periodMs' | 'leadMs' | 'now'>; readonly hour: Pick<ClockedSnapshotOptions<unknown, unknown>, 'periodMs' | 'leadMs' | 'now'> };
  /** GET /api/objects/{norad}/decay answers by object, catalogue change and space-weather version (objectDecay). */
  private readonly decayAnswers = new Map<string, { readonly answer: Promise<ObjectDecayResponse>; done: boolean }>();

  /** What the answers depend on besides the time: the space weather (and for the fleet's answers the catalogue, below). */
  private readonly weatherInputs = async () => {
    const snapshot = await this.spaceWeather.snapshot();
    return { version: String(snapshot.version), value: snapshot };
  };

  constructor(
    private readonly catalog: CatalogService,
    private readonly spaceWeather: SpaceWeatherService,
    /** Where an object's lifetime runs, and the orbit averages and decay runs of the realtime and predictions snapshots, are computed: a worker thread, off the event loop (drag-pool.ts). */
    private readonly dragPool: DragPool = new DragPool(),
    /** The clock of the snapshots, ms since 1970 UTC (tests; default Date.now). */
    now?: () => number,
  ) {
    this.clocks = { minute: { ...CLOCKS.minute, ...(now ? { now } : {}) }, hour: { ...CLOCKS.hour, ...(now ? { now } : {}) } };
    const weather = this.weatherInputs;
    const weatherAndCatalog = async () => {
      const snapshot = await this.spaceWeather.snapshot();
      return { version: `${snapshot.version}|${this.catalog.changeCount}`, value: snapshot };
    };
    // Each body is encoded through its contract schema once, as the route's serializer would (the snapshot is sent as built).
    this.realtimeClock = new ClockedSnapshot({ ...this.clocks.minute, inputs: weatherAndCatalog, build: async (t, sw) => RealtimeResponse.encode(await this.computeRealtime(utcMs(t), sw)) });
    this.forecastClock = new ClockedSnapshot({ ...this.clocks.minute, inputs: weather, build: (t, sw) => SpaceWeatherForecastResponse.encode(this.computeForecast(utcMs(t), sw)) });
    this.profileClock = new ClockedSnapshot({
      ...this.clocks.minute,
      inputs: weather,
      build: (t, sw) => DensityProfileResponse.encode(this.computeProfile(utcMs(t), REFERENCE_POINT.latitude, REFERENCE_POINT.longitude, sw)),
    });
    this.predictionsClock = new ClockedSnapshot({ ...this.clocks.hour, inputs: weatherAndCatalog, build: async (t, sw) => PredictionsResponse.encode(await this.computePredictions(utcMs(t), sw)) });
  }

  /** Stops the clocks' timers (server shutdown); the answers are then built on demand. */
  stop(): void {
    this.stopped = true;
    for (const clock of [this.realtimeClock, this.forecastClock, this.profileClock, this.predictionsClock, ...this.readingClocks.values()]) clock.stop();
  }

  /** The fleet's LEO members with an SGP4 model, by name. */
  private leoFleet(): CatalogEntry[] {
    return this.catalog.fleet().filter((e) => {
      const o = orbitSummary(e.set);
      return (o.apogeeAltitude + o.perigeeAltitude) / 2 < LEO_MAX_ALTITUDE_KM;
    });
  }

  // ── GET /api/orbital-drag/realtime ──

  /** The answer of the current UTC minute. */
  realtime(): Promise<Snapshot<RealtimeResponse>> {
    return this.realtimeClock.get();
  }

  private async computeRealtime(time: UtcMs, snapshot: SpaceWeatherSnapshot): Promise<RealtimeResponse> {
    const conditions = snapshot.at(time);
    const notes: string[] = [];
    const pending: { row: Omit<RealtimeResponse['drag_data'][number], 'predicted_24h' | 'predicted_7d' | 'change_24h_percent' | 'change_7d_percent' | 'trend_24h' | 'trend_7d'>; ratios: Promise<number[]> }[] = [];
    const spreads: number[] = [];
    for (const entry of this.leoFleet()) {
      // The orbit averages go to the drag worker; what stays here is one SGP4 position and a few
      // densities per satellite, with requests answered between satellites.
      await nextTurn();
      const name = entry.object.name;
      if (!entry.model) {
        notes.push(`${name}: its element set is not SGP4 (ephemeris type 4), no position`);
        continue;
      }
      const pv = propagateAt(entry.model, time);
      if (!pv.ok) {
        notes.push(`${name}: SGP4 error ${pv.code} (${pv.message}), no position`);
        continue;
      }
      const props = dragPropertiesFor(entry.object);
      const here = dragAtState({
        r: pv.r,
        v: pv.v,
        time,
        model: 'nrlmsise00',
        spaceWeather: conditions.weather,
        dragCoefficient: props.drag_coefficient,
        areaM2: props.area_m2,
        massKg: props.mass_kg,
      });
      // JB2008 is defined from 90 km up: a satellite below that is re-entering.
      const jb = densityAtOrNull('jb2008', here.point, conditions.weather);
      if (jb !== null) spreads.push(modelSpread([here.densityKgPerM3, jb]));

      // Forecasts: today's force scaled by the change of the orbit-averaged density (core/drag
      // density-outlook.ts), three orbit averages of some milliseconds each: on the drag worker,
      // with the snapshot's space weather and its defaults (snapshot.weatherAt's values).
      const cdAOverM = dragParameter(props.drag_coefficient, props.area_m2, props.mass_kg);
      const ratios = this.dragPool.densityRatios({ set: entry.set, time, dragParameterM2PerKg: cdAOverM, model: 'nrlmsise00' }, [1, 7], snapshot);
      // Awaited after the loop; a failure meanwhile is not an unhandled rejection.
      ratios.catch(() => undefined);
      pending.push({
        ratios,
        row: {
          satellite: name,
          norad_id: entry.object.noradId,
          altitude: here.point.altitudeKm,
          latitude: here.point.latitudeDeg,
          longitude: here.point.longitudeDeg,
          current_drag: here.forceN,
          atmospheric_density: here.densityKgPerM3,
          jb2008_density: jb,
          drag_acceleration: here.accelerationMPerS2 ?? here.forceN / props.mass_kg,
          relative_speed: here.relativeSpeedKmPerS,
          drag_properties: props,
        },
      });
    }

    // Model accuracy: how far the two implemented models disagree where the fleet is now; with no
    // LEO satellite, at the reference point.
    let basis = `mean NRLMSISE-00/JB2008 spread at the positions of ${spreads.length} LEO fleet satellite(s)`;
    if (spreads.length === 0) {
      const point = referencePoint(time);
      spreads.push(modelSpread([nrlmsiseAt(point, conditions.weather).densityKgPerM3, densityAt('jb2008', point, conditions.weather)]));
      basis = 'NRLMSISE-00/JB2008 spread at the reference point (32° N, 35° E, 400 km): no LEO fleet satellite';
    }
    const spread = meanOf(spreads);
    const accuracy = confidenceFromSpread(spread);

    await nextTurn();
    const intervalStart = Math.floor(time / MS_PER_3H) * MS_PER_3H;
    const timeSeries = Array.from({ length: 17 }, (_, k) => {
      const t = utcMs(intervalStart + (k - 8) * MS_PER_3H);
      const c = snapshot.at(t);
      const point = referencePoint(t);
      return {
        timestamp: iso(t),
        f107: c.nrlmsise.f107.value,
        kp: c.kp.value,
        ap: c.nrlmsise.ap.value,
        density: nrlmsiseAt(point, c.weather).densityKgPerM3,
        jb2008_density: densityAt('jb2008', point, c.weather),
        status: c.status,
      };
    });

    const rows: RealtimeResponse['drag_data'] = [];
    for (const { row, ratios } of pending) {
      const [scale24h, scale7d] = await ratios;
      const predicted24h = row.current_drag * scale24h!;
      const predicted7d = row.current_drag * scale7d!;
      const change24 = percentChange(row.current_drag, predicted24h);
      const change7 = percentChange(row.current_drag, predicted7d);
      const { satellite, norad_id, altitude, latitude, longitude, current_drag, ...rest } = row;
      // The contract's key order, as built before the forecasts moved to the worker.
      rows.push({
        satellite,
        norad_id,
        altitude,
        latitude,
        longitude,
        current_drag,
        predicted_24h: predicted24h,
        predicted_7d: predicted7d,
        change_24h_percent: change24,
        change_7d_percent: change7,
        trend_24h: shortTrendOf(change24),
        trend_7d: trendOf(change7),
        ...rest,
      });
    }

    const newest = newestObservationEnd(snapshot.series.coverage());
    const latency = newest === undefined ? undefined : Math.max(0, time - newest);
    const modelsRun = rows.every((r) => Number.isFinite(r.atmospheric_density)) && timeSeries.every((p) => Number.isFinite(p.density));
    const operational = modelsRun && conditions.status !== 'default';
    return {
      lastUpdate: iso(time),
      systemStatus: operational ? 'Operational' : 'Degraded',
      statusDetail: operational
        ? `NRLMSISE-00 and JB2008 running; space weather ${conditions.status}: ${conditions.dataSource}`
        : modelsRun
          ? `Space weather for now is not observed or predicted: ${conditions.dataSource}`
          : 'A density model returned no value',
      dataLatency: latency === undefined ? 'no observed space weather' : formatAge(latency),
      dataLatencySeconds: latency === undefined ? null : Math.round(latency / 1000),
      modelAccuracy: accuracy,
      modelSpread: { value: spread, level: spreadLevel(spread) },
      modelAccuracyBasis: `${basis}; confidence = 100 (1 − √(spread² + 0.10²)), src/core/drag/model-spread.ts`,
      space_weather: {
        data_source: conditions.dataSource,
        f107: conditions.nrlmsise.f107.value,
        f107a: conditions.nrlmsise.f107A.value,
        kp_index: conditions.kp.value,
        ap: conditions.nrlmsise.ap.value,
        status: conditions.status,
      },
      drag_data: rows,
      time_series: timeSeries,
      notes,
    };
  }

  // ── GET /api/orbital-drag/space-weather ──

  /** The answer of the current UTC minute. */
  spaceWeatherForecast(): Promise<Snapshot<SpaceWeatherForecastResponse>> {
    return this.forecastClock.get();
  }

  /** The answer for an instant asked for (computed). */
  async spaceWeatherForecastAt(at: Date): Promise<SpaceWeatherForecastResponse> {
    return this.computeForecast(utcMs(at.getTime()), await this.spaceWeather.snapshot());
  }

  private computeForecast(time: UtcMs, snapshot: SpaceWeatherSnapshot): SpaceWeatherForecastResponse {
    const now = snapshot.at(time);
    const later = snapshot.at(utcMs(time + MS_PER_DAY));
    const point = referencePoint(time);
    const pointLater = { ...point, time: utcMs(time + MS_PER_DAY) };
    // Drag multiples against the long-term mean of the observed record (F10.7 121.5, Ap 12.8):
    // the density at 400 km with one input changed, divided by the density with none changed.
    const mean = LONG_TERM_MEAN_SPACE_WEATHER;
    const reference = nrlmsiseAt(point, mean);
    const factor = (changed: Partial<SpaceWeather>) => nrlmsiseAt(point, { ...mean, ...changed }).densityKgPerM3 / reference.densityKgPerM3;
    const full = nrlmsiseAt(point, now.weather);
    const fullLater = nrlmsiseAt(pointLater, later.weather);
    const fullFactor = full.densityKgPerM3 / reference.densityKgPerM3;
    const ap3 = snapshot.series.ap3h(time);

    const item = (
      icon: string,
      parameter: string,
      description: string,
      unit: string,
      current: IndexValue | { value: number; status: IndexValue['status'] },
      forecast: IndexValue | { value: number; status: IndexValue['status'] },
      dragFactor: number,
      absoluteChange = false,
    ) => {
      const change = percentChange(current.value, forecast.value);
      return {
        icon,
        parameter,
        description,
        impact: impactOf(dragFactor),
        drag_factor: dragFactor,
        current: current.value,
        forecast: forecast.value,
        unit,
        change: absoluteChange ? signed(forecast.value - current.value, 2) : `${signed(change, 1)}%`,
        change_percent: current.value > 0 ? change : null,
        status: current.status,
        forecast_status: forecast.status,
      };
    };
    const n = now.nrlmsise;
    const l = later.nrlmsise;
    const forecast = [
      item('sun', 'F10.7 Solar Flux', 'Daily 10.7 cm solar radio flux of the previous UTC day, as NRLMSISE-00 takes it (heats the thermosphere: more flux, more drag)', 'sfu', n.f107, l.f107, factor({ f107: n.f107.value })),
      item('activity', 'F10.7 81-day Mean', '81-day centred mean of F10.7: the solar-cycle level of heating', 'sfu', n.f107A, l.f107A, factor({ f107A: n.f107A.value })),
      item('magnet', 'Kp Index', 'Planetary geomagnetic index of the current 3-hour interval (NOAA G-scale storms from Kp 5)', 'Kp', now.kp, later.kp, factor({ ap: ap3.value }), true),
      item('gauge', 'Ap Index', 'Daily planetary Ap (2 nT units): geomagnetic heating of the thermosphere', 'Ap', n.ap, l.ap, factor({ ap: n.ap.value })),
      item('thermometer', 'Exospheric Temperature', 'NRLMSISE-00 exospheric temperature at 32° N, 35° E with these conditions', 'K', { value: full.exosphericTemperatureK, status: now.status }, { value: fullLater.exosphericTemperatureK, status: later.status }, fullFactor),
      item('wind', 'Density at 400 km', 'NRLMSISE-00 total mass density at 400 km, 32° N, 35° E; its multiple of the long-term mean is the drag multiple', 'kg/m³', { value: full.densityKgPerM3, status: now.status }, { value: fullLater.densityKgPerM3, status: later.status }, fullFactor),
    ];
    return { timestamp: iso(time), data_source: now.dataSource, forecast, alerts: this.alerts(time, snapshot, now, fullFactor) };
  }

  private alerts(time: UtcMs, snapshot: SpaceWeatherSnapshot, now: SpaceWeatherConditions, densityFactor: number): SpaceWeatherForecastResponse['alerts'] {
    const alerts: SpaceWeatherForecastResponse['alerts'] = [];
    const stormImpact = `Storm heating raises thermospheric density; drag at 400 km is ${densityFactor.toFixed(1)}× the long-term mean`;
    // Only real values raise storm alerts: a default repeats an old value, reported as a data alert below.
    const kpNow = now.kp;
    const current = kpNow.status === 'default' ? undefined : geomagneticScale(kpNow.value);
    if (current) {
      alerts.push({
        type: 'Geomagnetic Storm',
        level: current.level,
        scale: `G${current.g}`,
        message: `G${current.g} (${current.name}) geomagnetic storm: Kp ${kpText(kpNow.value)} (${kpNow.status}, ${kpNow.date ?? ''})`,
        impact: stormImpact,
      });
    }
    const next = Array.from({ length: 8 }, (_, k) => snapshot.series.kp3h(utcMs(time + (k + 1) * MS_PER_3H))).filter((v) => v.status !== 'default');
    const peak = next.reduce<IndexValue | undefined>((best, v) => (best === undefined || v.value > best.value ? v : best), undefined);
    const coming = peak ? geomagneticScale(peak.value) : undefined;
    if (peak && coming && (!current || coming.g > current.g)) {
      alerts.push({
        type: 'Geomagnetic Storm Watch',
        level: coming.level,
        scale: `G${coming.g}`,
        message: `G${coming.g} (${coming.name}) conditions in the next 24 h: Kp up to ${kpText(peak.value)} at ${peak.date ?? ''} (${peak.status})`,
        impact: 'Expect higher drag and larger along-track errors in predictions while the storm lasts',
      });
    }
    const fluxKnown = now.nrlmsise.f107.status !== 'default' && now.nrlmsise.f107A.status !== 'default';
    const dragLevel = dragAlertLevel(densityFactor);
    if (fluxKnown && dragLevel !== undefined) {
      const impact = impactOf(densityFactor);
      alerts.push({
        type: 'Atmospheric Drag',
        level: dragLevel,
        message: `Density at 400 km is ${densityFactor.toFixed(1)}× the long-term mean (F10.7 ${now.nrlmsise.f107.value.toFixed(1)}, Ap ${now.nrlmsise.ap.value.toFixed(0)})`,
        impact: `${impact} impact (spec: Critical 3–5×, High 2–3×, Moderate 1.5–2× drag): faster decay, re-plan station keeping`,
      });
    }
    if (now.status === 'default') {
      alerts.push(
        snapshot.imported
          ? {
              type: 'Space Weather Data',
              level: 'Advisory',
              message: `No observed or predicted value for now of ${defaultNames(now).join(', ')}: the newest imported value is used (${now.dataSource})`,
              impact: 'Drag values may not reflect current solar and geomagnetic activity; import a newer CelesTrak SW-All file',
            }
          : {
              type: 'Space Weather Data',
              level: 'Advisory',
              message: `No space weather imported: ${now.dataSource} assumed`,
              impact: 'Drag values are for typical conditions, not today’s; import a CelesTrak SW-All file',
            },
      );
    }
    return alerts;
  }

  // ── GET /api/orbital-drag/predictions ──

  /** The answer of the current UTC hour. */
  predictions(): Promise<Snapshot<PredictionsResponse>> {
    return this.predictionsClock.get();
  }

  private async computePredictions(time: UtcMs, snapshot: SpaceWeatherSnapshot): Promise<PredictionsResponse> {
    const fleet = this.leoFleet().filter((e) => e.model !== null);
    const rank = (e: CatalogEntry) => {
      const i = presetIndexOf(e.object.name);
      return i < 0 ? DRAG_PRESETS.length : i;
    };
    const chosen = [...fleet].sort((a, b) => rank(a) - rank(b) || a.object.name.localeCompare(b.object.name)).slice(0, DECAY_SATELLITES);
    // The 30-day integrations (tens of milliseconds each) run on the drag worker, with the snapshot's
    // space weather and its defaults (snapshot.weatherAt's values); all are asked for at once.
    const run: LifetimeRun = (input, options) => this.dragPool.pageLifetime(input, options, snapshot);
    const satellites: PredictionsResponse['satellites'] = await Promise.all(chosen.map((entry) => fleetDecayForecast(entry, time, run)));
    const chart = Array.from({ length: DECAY_DAYS + 1 }, (_, day) => {
      const row: Record<string, number> = { day };
      for (const s of satellites) {
        const p = s.points.find((q) => Math.abs(q.day - day) < 1e-6);
        if (p) row[s.satellite] = p.altitude;
      }
      return row;
    });
    const conditions = snapshot.at(time);
    return {
      generated: iso(time),
      days: DECAY_DAYS,
      model: 'NRLMSISE-00',
      data_source: conditions.dataSource,
      source:
        'Orbit-averaged decay integrated from the newest element set’s mean orbit (src/core/drag predictLifetime), NRLMSISE-00 with the space-weather series at each step; JB2008 run alongside for the model spread. Mass, area and Cd per satellite in drag_properties.',
      satellites,
      chart,
    };
  }

  // ── GET /api/objects/{norad}/decay (issue 14) ──

  /**
   * One object's decay and lifetime forecast from its newest element set's mean orbit (at the set's
   * epoch), with its spread: NRLMSISE-00 and JB2008, each with Cd·A/m from the set's B*
   * (ballistic.ts) and, when the SATCAT gives a mass, from the mass with the default Cd and area
   * (dragPropertiesFor). Above 1,500 km perigee no run is made: drag there is far below what the
   * models resolve and the lifetime far beyond the cap.
   */
  async objectDecay(entry: CatalogEntry): Promise<ObjectDecayResponse> {
    // The answer is a function of the object's catalogue entry and the space weather: kept for the
    // next views of the object (and shared by requests made while it is computed). The catalogue's
    // count is read with the entry, before waiting: a reload meanwhile must not file this entry's
    // answer under the new count.
    const catalogChange = this.catalog.changeCount;
    const snapshot = await this.spaceWeather.snapshot();
    const key = `${entry.object.noradId}|${catalogChange}|${snapshot.version}`;
    const kept = this.decayAnswers.get(key);
    if (kept) {
      // The most recently asked last (Map order).
      this.decayAnswers.delete(key);
      this.decayAnswers.set(key, kept);
      return kept.answer;
    }
    const held = { answer: this.computeObjectDecay(entry, snapshot), done: false };
    this.decayAnswers.set(key, held);
    held.answer.then(
      () => {
        held.done = true;
        this.trimDecayAnswers();
      },
      // A failure (a full drag queue, …) is not kept: the next view tries again.
      () => {
        if (this.decayAnswers.get(key) === held) this.decayAnswers.delete(key);
      },
    );
    return held.answer;
  }

  /** Drops the least recently asked finished answers past DECAY_ANSWERS_KEPT (those being computed stay: the drag queue bounds them). */
  private trimDecayAnswers(): void {
    for (const [key, held] of this.decayAnswers) {
      if (this.decayAnswers.size <= DECAY_ANSWERS_KEPT) return;
      if (held.done) this.decayAnswers.delete(key);
    }
  }

  private async computeObjectDecay(entry: CatalogEntry, snapshot: SpaceWeatherSnapshot): Promise<ObjectDecayResponse> {
    const { epoch, orbit } = meanOrbitFromElementSet(entry.set);
    const shape = orbitSummary(entry.set);
    const base = { elementsEpoch: iso(entry.set.epoch), perigeeKm: shape.perigeeAltitude, apogeeKm: shape.apogeeAltitude, capYears: LIFETIME_CAP_YEARS };
    if (shape.perigeeAltitude > 1500) {
      return { ...base, runs: [], earliestReentry: null, latestReentry: null, curve: [], note: `Perigee ${shape.perigeeAltitude.toFixed(0)} km: above the thermosphere the models cover; the orbit lasts far beyond ${LIFETIME_CAP_YEARS} years.` };
    }
    const estimates: { basis: string; value: number }[] = [];
    if (entry.set.bstar > 0) estimates.push({ basis: `B* ${entry.set.bstar.toExponential(4)}`, value: dragParameterFromBstar(entry.set.bstar) });
    if (entry.object.massKg) {
      const p = dragPropertiesFor(entry.object);
      estimates.push({ basis: `mass ${p.mass_kg} kg, Cd ${p.drag_coefficient}, area ${p.area_m2} m²`, value: dragParameter(p.drag_coefficient, p.area_m2, p.mass_kg) });
    }
    if (estimates.length === 0) {
      return { ...base, runs: [], earliestReentry: null, latestReentry: null, curve: [], note: `B* is ${entry.set.bstar} (not a drag estimate) and the SATCAT gives no mass: no drag parameter to integrate with.` };
    }
    // A model with no density on the way down (JB2008 past its fit at a space-weather series' high flux,
    // core/drag/density.ts DensityDomainError) gives no run; the note says why. NRLMSISE-00 always runs.
    // Up to four integrations to the cap, seconds for an eccentric orbit: on the drag worker, in order,
    // queued together or refused together (503) when the worker's queue is full.
    const leftOut = new Set<string>();
    const planned = estimates.flatMap((estimate) => (['nrlmsise00', 'jb2008'] as const).map((model) => ({ estimate, model })));
    const predictions = this.dragPool.predictLifetimes(
      planned.map(({ estimate, model }) => ({ input: { epoch, orbit, dragParameterM2PerKg: estimate.value, model }, options: { capYears: LIFETIME_CAP_YEARS } })),
      dragSeriesOf(snapshot),
    );
    const attempts = planned.map(async ({ estimate, model }, k) => {
      try {
        return [{ estimate, model, prediction: await predictions[k]! }];
      } catch (error) {
        if (!(error instanceof DensityDomainError)) throw error;
        leftOut.add(`${model === 'jb2008' ? 'JB2008' : model} left out: ${error.message}.`);
        return [];
      }
    });
    const runs = (await Promise.all(attempts)).flat();
    const reentries = runs.map((r) => r.prediction.reentryTime);
    const known = reentries.filter((t): t is UtcMs => t !== undefined);
    return {
      ...base,
      runs: runs.map(({ estimate, model, prediction }) => ({
        model: model === 'nrlmsise00' ? 'NRLMSISE-00' : 'JB2008',
        dragBasis: estimate.basis,
        dragParameterM2PerKg: estimate.value,
        status: prediction.status,
        reentryTime: prediction.reentryTime === undefined ? null : iso(prediction.reentryTime),
        lifetimeText: prediction.lifetimeText,
      })),
      earliestReentry: known.length > 0 ? iso(Math.min(...known)) : null,
      latestReentry: known.length === reentries.length ? iso(Math.max(...known)) : null,
      curve: runs[0]!.prediction.history.map((p) => ({ time: iso(p.time), altitudeKm: p.altitudeKm, perigeeKm: p.perigeeAltitudeKm, apogeeKm: p.apogeeAltitudeKm })),
      note: [
        `Orbit-averaged decay integrated from the element set’s mean orbit (src/core/drag predictLifetime) with the stored space-weather series (the long-term mean F10.7 ${LONG_TERM_MEAN_SPACE_WEATHER.f107} sfu and Ap ${LONG_TERM_MEAN_SPACE_WEATHER.ap} beyond it, and throughout when none is imported). B* absorbs more than drag, and real Cd·A/m was 1.5 to 3.2 times the B* estimate for the decayed objects of the validation set: read the spread, not one date.`,
        ...leftOut,
      ].join(' '),
    };
  }

  // ── GET /api/orbital-drag/nrlmsise-real ──

  /**
   * The reading at a place for the current UTC minute, a snapshot per place: the page asks four
   * fixed ones; READING_PLACES_KEPT places are kept, the one asked least recently replaced.
   */
  nrlmsiseReading(place: { lat: number; lon: number; alt: number }): Promise<Snapshot<NrlmsiseRealResponse>> {
    const key = `${place.lat}|${place.lon}|${place.alt}`;
    let clock = this.readingClocks.get(key);
    if (clock) {
      this.readingClocks.delete(key);
    } else {
      const { lat, lon, alt } = place;
      clock = new ClockedSnapshot({ ...this.clocks.minute, inputs: this.weatherInputs, build: (t, sw) => NrlmsiseRealResponse.encode(this.computeReading(utcMs(t), lat, lon, alt, sw)) });
      if (this.stopped) clock.stop();
      if (this.readingClocks.size >= READING_PLACES_KEPT) {
        const [oldestKey, oldest] = this.readingClocks.entries().next().value!;
        oldest.stop();
        this.readingClocks.delete(oldestKey);
      }
    }
    this.readingClocks.set(key, clock);
    return clock.get();
  }

  /** The reading at a place and an instant asked for (computed). */
  async nrlmsiseReadingAt(query: { lat: number; lon: number; alt: number; time: Date }): Promise<NrlmsiseRealResponse> {
    return this.computeReading(utcMs(query.time.getTime()), query.lat, query.lon, query.alt, await this.spaceWeather.snapshot());
  }

  private computeReading(time: UtcMs, lat: number, lon: number, alt: number, snapshot: SpaceWeatherSnapshot): NrlmsiseRealResponse {
    const conditions = snapshot.at(time);
    const result = nrlmsiseAt(densityPointAtGeodetic(time, lat, lon, alt), conditions.weather);
    return {
      density: result.densityKgPerM3,
      temperature: result.temperatureK,
      exospheric_temperature: result.exosphericTemperatureK,
      f107: conditions.nrlmsise.f107.value,
      f107a: conditions.nrlmsise.f107A.value,
      ap: conditions.nrlmsise.ap.value,
      kp: conditions.kp.value,
      location: { lat, lon, alt_km: alt },
      timestamp: iso(time),
      model: 'NRLMSISE-00',
      source: densitySource('nrlmsise00'),
      data_source: conditions.dataSource,
      inputs: {
        f107: conditions.weather.f107,
        f107A: conditions.weather.f107A,
        ap: conditions.weather.ap,
        apArray: conditions.weather.apArray ? [...conditions.weather.apArray] : null,
      },
    };
  }

  // ── GET /api/orbital-drag/density-profile ──

  /** The profile at the reference place for the current UTC minute. */
  densityProfile(): Promise<Snapshot<DensityProfileResponse>> {
    return this.profileClock.get();
  }

  /** The profile at an instant or place asked for (computed; what is not given is now, or the reference place). */
  async densityProfileAt(query: { time?: Date | undefined; lat?: number | undefined; lon?: number | undefined }, now: Date): Promise<DensityProfileResponse> {
    const lat = query.lat ?? REFERENCE_POINT.latitude;
    const lon = query.lon ?? REFERENCE_POINT.longitude;
    return this.computeProfile(utcMs((query.time ?? now).getTime()), lat, lon, await this.spaceWeather.snapshot());
  }

  private computeProfile(time: UtcMs, lat: number, lon: number, snapshot: SpaceWeatherSnapshot): DensityProfileResponse {
    const conditions = snapshot.at(time);
    const sw = conditions.weather;
    const data = PROFILE_ALTITUDES_KM.map((altitude) => {
      const point = densityPointAtGeodetic(time, lat, lon, altitude);
      const msis = nrlmsiseAt(point, sw);
      const rho = msis.densityKgPerM3;
      const { n2, o, o2, he, h, n, ar } = msis.numberDensityPerM3;
      return {
        altitude,
        nrlmsise: rho,
        jb2008: densityAt('jb2008', point, sw),
        dtm2020: NRLMSISE_MULTIPLIERS.dtm2020 * rho,
        tiegcm: NRLMSISE_MULTIPLIERS.tiegcm * rho,
        msis86: NRLMSISE_MULTIPLIERS.msis86 * rho,
        temperature: msis.temperatureK,
        composition: { n2, o, o2, he, h, n, ar },
      };
    });
    const m = NRLMSISE_MULTIPLIERS;
    const scaled = (name: string, factor: number) => `${name} not implemented: estimated as ${factor} × NRLMSISE-00 (product spec §9 multiplier)`;
    const columns = {
      nrlmsise: densitySource('nrlmsise00'),
      // Where JB2008's indices came from at this instant: SET's files where imported, else the stated stand-ins.
      jb2008: `JB2008 (Bowman et al. 2008), computed; ${conditions.jb2008.method}`,
      dtm2020: densitySource('dtm2020'),
      tiegcm: scaled('TIE-GCM', m.tiegcm),
      msis86: scaled('MSIS-86', m.msis86),
      temperature: 'NRLMSISE-00 temperature at the altitude, K',
      composition: 'NRLMSISE-00 number densities (N2, O, O2, He, H, N, Ar) at the altitude, computed, m^-3',
    };
    const where = `${lat}° N, ${lon}° E, ${iso(time)}`;
    return {
      data,
      source: `NRLMSISE-00 and JB2008 computed at ${where} with space weather from ${conditions.dataSource}; DTM-2020 = ${m.dtm2020} × NRLMSISE-00, TIE-GCM = ${m.tiegcm} × NRLMSISE-00, MSIS-86 = ${m.msis86} × NRLMSISE-00 (product spec §9 multipliers: those models are not implemented)`,
      timestamp: iso(time),
      location: { lat, lon },
      columns,
      data_source: conditions.dataSource,
      inputs: { f107: sw.f107, f107A: sw.f107A, ap: sw.ap, apArray: sw.apArray ? [...sw.apArray] : null, jb2008: { ...conditions.jb2008.indices } },
    };
  }
}

/** Which of the indices used now are the offline default. */
function defaultNames(c: SpaceWeatherConditions): string[] {
  const names: string[] = [];
  if (c.nrlmsise.f107.status === 'default' || c.nrlmsise.f107A.status === 'default') names.push('F10.7');
  if (c.nrlmsise.ap.status === 'default' || c.kp.status === 'default') names.push('Kp/Ap');
  return names;
}
