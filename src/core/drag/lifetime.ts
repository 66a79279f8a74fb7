/**
 * Orbit lifetime: the orbit-averaged a and e (orbit-average.ts) integrated in time until re-entry or a cap.
 *
 * - Dynamics: da/dt, de/dt averaged over a revolution with the chosen density model and the space weather of
 *   the moment; node and perigee drift with the secular J2 rates (mean-orbit.ts), which moves the orbit plane
 *   through local solar times as it decays. Inclination is held fixed (drag changes it by ≲ 0.01°).
 * - Space weather: the series at each instant; where it has no value (typically past its last monthly
 *   prediction) the stated default, `LONG_TERM_MEAN_SPACE_WEATHER` unless another is given, and the result
 *   says from when (`spaceWeatherDefaultFrom`).
 * - Integrator: a second-order midpoint scheme with one averaged evaluation per step. The rate over the step
 *   [t, t + h] is the orbit average spread over the step (orbit-average.ts, `spanDays` = h: it averages the
 *   step's space weather and the plane's local-time drift as well) taken at the mid-step orbit, predicted
 *   from the previous step's rate: a(t + h) = a(t) + h · ⟨ȧ⟩(a(t) + ½ h ȧ_prev). The first predictor is the
 *   snapshot average at the epoch, which is also the reported initial decay rate.
 * - Step: the largest that keeps the change of a and of the perigee height under `maxAltitudeStepKm` (1 km)
 *   and the step under 1 day for the first `dailyDays` (30; the decay chart has one point per whole day and
 *   steps land on them) and under `longStepDays` (10) after. Below ~300 km the 1 km rule governs. Halving
 *   both limits, or doubling the samples, moves lifetimes by < 0.5 % (lifetime.test.ts).
 * - Re-entry: when the perigee height above the equatorial radius falls to `reentryAltitudeKm` (120 km,
 *   constants.ts), located by linear interpolation inside the last step (≤ 1 km of height).
 * - Cap: `capYears` (25): status 'beyond-cap', reported as "> 25 years".
 * ISO 27852 lists the same ingredients (orbit-averaged drag, solar-cycle-dependent space weather, a ballistic
 * coefficient, an entry altitude) and notes that space-weather forecasts and the ballistic coefficient
 * dominate the error of a lifetime; the integration error here is far below either.
 */
import { MS_PER_DAY } from '../time/julian.ts';
import type { UtcMs } from '../units.ts';
import { utcMs } from '../units.ts';
import { DAYS_PER_YEAR, LIFETIME_CAP_YEARS, REENTRY_ALTITUDE_KM, SECONDS_PER_DAY } from './constants.ts';
import { periodRate } from './decay-rate.ts';
import type { DensityModel } from './density.ts';
import { apsisAltitudes, j2SecularRates, type MeanOrbit } from './mean-orbit.ts';
import { BASE_SAMPLES_PER_ORBIT, orbitAveragedDecay, samplesPerOrbit } from './orbit-average.ts';
import { LONG_TERM_MEAN_SPACE_WEATHER, resolveSpaceWeather, type SpaceWeather, type SpaceWeatherFn } from './space-weather.ts';

export interface LifetimeInput {
  /** The instant the orbit is given at (day 0). */
  readonly epoch: UtcMs;
  readonly orbit: MeanOrbit;
  /** Cd·A/m, m²/kg. */
  readonly dragParameterM2PerKg: number;
  readonly model: DensityModel;
  readonly spaceWeather: SpaceWeatherFn;
}

export interface LifetimeOptions {
  /** Space weather where the series has none; default LONG_TERM_MEAN_SPACE_WEATHER. */
  readonly fallbackSpaceWeather?: SpaceWeather;
  /** Perigee height of re-entry, km above the equatorial radius; default 120. */
  readonly reentryAltitudeKm?: number;
  /** Longest integration, years; default 25. */
  readonly capYears?: number;
  /** Largest change of a or of the perigee height in one step, km; default 1. */
  readonly maxAltitudeStepKm?: number;
  /** Days with one point per day (and steps of at most a day); default 30. */
  readonly dailyDays?: number;
  /** Longest step after the daily window, days; default 10. */
  readonly longStepDays?: number;
  /** Samples per revolution on a near-circular orbit; default 12. */
  readonly baseSamplesPerOrbit?: number;
}

export interface DecayPoint {
  /** Days since the epoch. */
  readonly day: number;
  readonly time: UtcMs;
  /** Mean altitude a − R_eq, km. */
  readonly altitudeKm: number;
  readonly perigeeAltitudeKm: number;
  readonly apogeeAltitudeKm: number;
  readonly semiMajorAxisKm: number;
  readonly eccentricity: number;
  /** −da/dt, km/day (positive while decaying). Absent on the final re-entry point. */
  readonly decayRateKmPerDay?: number;
  /** Orbit-averaged density, kg/m³. Absent on the final re-entry point. */
  readonly meanDensityKgPerM3?: number;
}

export type LifetimeStatus = 'reentry' | 'beyond-cap';

export interface LifetimePrediction {
  readonly status: LifetimeStatus;
  readonly model: DensityModel;
  /** Days from the epoch to re-entry (status 'reentry'). */
  readonly lifetimeDays?: number;
  readonly lifetimeYears?: number;
  readonly reentryTime?: UtcMs;
  readonly capYears: number;
  /** "12.3 days", "3.4 years" or "> 25 years". */
  readonly lifetimeText: string;
  /** At the epoch: −da/dt (km/day), dT/dt (s/day), the orbit-averaged density. */
  readonly initial: { readonly decayRateKmPerDay: number; readonly periodRateSecondsPerDay: number; readonly meanDensityKgPerM3: number };
  /** One point per day, day 0 … dailyDays (fewer if re-entry comes first, then ending with the re-entry point). */
  readonly daily: readonly DecayPoint[];
  /** The whole decay, thinned: a point whenever the altitude has fallen 1 km or 30 days have passed, plus the end. */
  readonly history: readonly DecayPoint[];
  /** First instant at which the series had no value and the default was used. */
  readonly spaceWeatherDefaultFrom?: UtcMs;
  readonly steps: number;
}

interface State {
  readonly a: number;
  readonly e: number;
}

interface Rates {
  readonly dadt: number;
  readonly dedt: number;
  readonly density: number;
}

const HISTORY_ALTITUDE_KM = 1;
const HISTORY_DAYS = 30;
const EPSILON_DAYS = 1e-9;

/** "12.3 days" below a year, else "3.4 years"; beyond the cap "> 25 years". */
export function formatLifetime(days: number | undefined, capYears = LIFETIME_CAP_YEARS): string {
  if (days === undefined) return `> ${capYears} years`;
  if (days < DAYS_PER_YEAR) return `${days.toFixed(1)} days`;
  return `${(days / DAYS_PER_YEAR).toFixed(1)} years`;
}

function perigeeOf(s: State): number {
  return apsisAltitudes({ semiMajorAxisKm: s.a, eccentricity: s.e }).perigeeKm;
}

/** Integrate the decay (see the file comment). */
export function predictLifetime(input: LifetimeInput, options: LifetimeOptions = {}): LifetimePrediction {
  const reentry = options.reentryAltitudeKm ?? REENTRY_ALTITUDE_KM;
  const capYears = options.capYears ?? LIFETIME_CAP_YEARS;
  const capDays = capYears * DAYS_PER_YEAR;
  const maxDh = options.maxAltitudeStepKm ?? 1;
  const dailyDays = options.dailyDays ?? 30;
  const longStep = options.longStepDays ?? 10;
  const base = options.baseSamplesPerOrbit ?? BASE_SAMPLES_PER_ORBIT;
  const fallback = options.fallbackSpaceWeather ?? LONG_TERM_MEAN_SPACE_WEATHER;
  const { epoch, model } = input;
  const o = input.orbit;

  let defaultFrom: UtcMs | undefined;
  const timeOf = (day: number): UtcMs => utcMs(epoch + day * MS_PER_DAY);
  const weatherAt = (time: UtcMs): SpaceWeather => {
    const resolved = resolveSpaceWeather(input.spaceWeather, time, fallback);
    if (resolved.usedDefault && (defaultFrom === undefined || time < defaultFrom)) defaultFrom = time;
    return resolved.values;
  };
  let raan = o.raanRad;
  let argp = o.argPerigeeRad;
  const orbitOf = (s: State): MeanOrbit => ({ semiMajorAxisKm: s.a, eccentricity: s.e, inclinationRad: o.inclinationRad, raanRad: raan, argPerigeeRad: argp });
  const rates = (day: number, spanDays: number, s: State): Rates => {
    const orbit = orbitOf(s);
    const r = orbitAveragedDecay({
      orbit,
      time: timeOf(day),
      spanDays,
      dragParameterM2PerKg: input.dragParameterM2PerKg,
      model,
      spaceWeather: weatherAt,
      samples: samplesPerOrbit(orbit, base),
    });
    return { dadt: r.semiMajorAxisRateKmPerDay, dedt: r.eccentricityRatePerDay, density: r.meanDensityKgPerM3 };
  };
  const point = (day: number, s: State, k?: Rates): DecayPoint => {
    const { perigeeKm, apogeeKm } = apsisAltitudes({ semiMajorAxisKm: s.a, eccentricity: s.e });
    return {
      day,
      time: timeOf(day),
      altitudeKm: (perigeeKm + apogeeKm) / 2,
      perigeeAltitudeKm: perigeeKm,
      apogeeAltitudeKm: apogeeKm,
      semiMajorAxisKm: s.a,
      eccentricity: s.e,
      ...(k === undefined ? {} : { decayRateKmPerDay: -k.dadt, meanDensityKgPerM3: k.density }),
    };
  };

  const daily: DecayPoint[] = [];
  const history: DecayPoint[] = [];
  let lastRecorded: DecayPoint | undefined;
  const record = (p: DecayPoint, force = false) => {
    if (force || lastRecorded === undefined || lastRecorded.altitudeKm - p.altitudeKm >= HISTORY_ALTITUDE_KM || p.day - lastRecorded.day >= HISTORY_DAYS) {
      history.push(p);
      lastRecorded = p;
    }
  };

  let state: State = { a: o.semiMajorAxisKm, e: o.eccentricity };
  let day = 0;
  let steps = 0;
  let lifetimeDays: number | undefined;
  const below = perigeeOf(state) <= reentry;
  const initialRates = below ? undefined : rates(0, 0, state);
  const initial = {
    decayRateKmPerDay: initialRates === undefined ? Number.NaN : -initialRates.dadt,
    periodRateSecondsPerDay: initialRates === undefined ? Number.NaN : periodRate(state.a, initialRates.dadt),
    meanDensityKgPerM3: initialRates === undefined ? Number.NaN : initialRates.density,
  };

  if (initialRates === undefined) {
    // Already at or below the re-entry height at the epoch.
    lifetimeDays = 0;
    const p = point(0, state);
    daily.push(p);
    history.push(p);
  } else {
    let previous: Rates = initialRates;
    for (;;) {
      const inDailyWindow = day < dailyDays - EPSILON_DAYS;
      // Step: ≤ maxDh of change in a and in the perigee height, ≤ 1 day (landing on whole days) in the daily window, ≤ longStep after, not past the cap.
      const perigeeRate = previous.dadt * (1 - state.e) - state.a * previous.dedt;
      const fastest = Math.max(Math.abs(previous.dadt), Math.abs(perigeeRate), 1e-12);
      let h = Math.min(inDailyWindow ? Math.floor(day + EPSILON_DAYS) + 1 - day : longStep, capDays - day);
      if (!(h > EPSILON_DAYS)) h = EPSILON_DAYS;
      // The altitude rule applies below the floor too: a satellite of absurd area-to-mass ratio falls
      // kilometres in a nanosecond, and a floored step would carry the orbit through the Earth (a < 0, NaN).
      h = Math.min(h, maxDh / fastest);

      const mid: State = { a: state.a + 0.5 * h * previous.dadt, e: Math.max(0, state.e + 0.5 * h * previous.dedt) };
      const step = rates(day, h, mid);
      if (!(Number.isFinite(step.dadt) && Number.isFinite(step.dedt))) {
        throw new RangeError(`lifetime: the decay rates at day ${day} are not finite (da/dt ${step.dadt} km/day, de/dt ${step.dedt}/day)`);
      }
      const here = point(day, state, step);
      const nearestDay = Math.round(day);
      if (Math.abs(day - nearestDay) < EPSILON_DAYS && nearestDay <= dailyDays && daily.length === nearestDay) daily.push(here);
      record(here);

      const drift = j2SecularRates(orbitOf(mid));
      raan += h * SECONDS_PER_DAY * drift.raanRate;
      argp += h * SECONDS_PER_DAY * drift.argPerigeeRate;
      const next: State = { a: state.a + h * step.dadt, e: Math.max(0, state.e + h * step.dedt) };
      steps += 1;

      const perigeeBefore = perigeeOf(state);
      const perigeeAfter = perigeeOf(next);
      if (perigeeAfter <= reentry) {
        const fraction = (perigeeBefore - reentry) / (perigeeBefore - perigeeAfter);
        lifetimeDays = day + fraction * h;
        const end: State = { a: state.a + fraction * (next.a - state.a), e: state.e + fraction * (next.e - state.e) };
        const last = point(lifetimeDays, end);
        if (lifetimeDays <= dailyDays) daily.push(last);
        record(last, true);
        break;
      }
      state = next;
      day += h;
      previous = step;
      if (day >= capDays - EPSILON_DAYS) {
        const last = point(day, state);
        if (Math.abs(day - Math.round(day)) < EPSILON_DAYS && Math.round(day) <= dailyDays && daily.length === Math.round(day)) daily.push(last);
        record(last, true);
        break;
      }
    }
  }

  return {
    status: lifetimeDays === undefined ? 'beyond-cap' : 'reentry',
    model,
    ...(lifetimeDays === undefined ? {} : { lifetimeDays, lifetimeYears: lifetimeDays / DAYS_PER_YEAR, reentryTime: timeOf(lifetimeDays) }),
    capYears,
    lifetimeText: formatLifetime(lifetimeDays, capYears),
    initial,
    daily,
    history,
    ...(defaultFrom === undefined ? {} : { spaceWeatherDefaultFrom: defaultFrom }),
    steps,
  };
}
