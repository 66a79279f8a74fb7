/**
 * The drag calculator of the Orbital Drag page (product spec §3 "Custom satellite input" and "Drag calculation
 * result"; POST /api/drag-calculator/calculate; DECISIONS.md §8).
 *
 * What each result field is:
 * - `atmosphericDensity` (kg/m³): the chosen model's density at the entered latitude, longitude and altitude at
 *   the request's instant, with the entered solar flux (F10.7 = its 81-day mean = solarFlux) and geomagnetic
 *   activity (Kp → Ap by Bartels' table, spaceweather/kp-ap.ts, at the nearest third; default Kp 3 → Ap 15). DTM-2020 is 1.08 × NRLMSISE-00
 *   (density.ts) and `source` says so.
 * - `dragForce` (N): ½ ρ v_rel² Cd A at that point, v_rel relative to the co-rotating atmosphere for a circular
 *   orbit through the point (circular-orbit.ts; ascending pass, inclination as given or `DEFAULT_INCLINATION_DEG`).
 * - `orbitDecayRate` (km/day): the altitude lost per day, −da/dt, averaged over that orbit (orbit-average.ts)
 *   in the same conditions. With the period change (`periodChangeSecondsPerDay`).
 * - `lifetimeEstimate` (days): the lifetime integration (lifetime.ts) with the chosen model, present only when
 *   re-entry comes within 25 years ('> 25 years' otherwise, in `lifetimeText`). Its space weather: the series
 *   passed in `options.spaceWeather` (the forecast, then the stated default), else the entered conditions held
 *   constant — `lifetimeSpaceWeather` says which.
 * - `confidence` (%): from the spread of NRLMSISE-00 and JB2008 (model-spread.ts) over the predicted lifetime
 *   when both re-enter within the cap, else over the orbit-averaged decay rate.
 *
 * Velocity. The request carries `velocity` (default 7.66 km/s), but a circular orbit's speed is fixed by its
 * altitude, √(μ/a): 7.67 km/s at 400 km, 7.64 at 450, 7.35 at 1,000. The default is the 400 km value, so it would
 * be wrong at any other altitude, and drag goes with v²: the calculator uses the circular speed (and the
 * atmosphere's rotation) and reports the speed it used, adding a note when the sent value differs by > 0.05 km/s.
 *
 * Attitude is echoed; the entered cross-sectional area is taken to be the one facing the flow.
 */
import { geodeticToEcef } from '../frames/geodetic.ts';
import { kpToAp } from '../spaceweather/index.ts';
import { formatUtc } from '../time/iso-time.ts';
import { degToRad, degrees, km, type UtcMs } from '../units.ts';
import { velocityRelativeToAtmosphere } from './atmosphere-frame.ts';
import { DragInputError, parseDragCalculatorInput, type CalculatorModel, type DragCalculatorInput } from './calculator-input.ts';
import { circularOrbitThroughPoint } from './circular-orbit.ts';
import { EARTH_MU_KM3_S2 } from './constants.ts';
import { periodRate } from './decay-rate.ts';
import { densityAt, DensityDomainError, densitySource, type DensityModel } from './density.ts';
import { dragForceN, dragParameter } from './drag-force.ts';
import { jb2008Drivers } from './jb2008-indices.ts';
import { formatLifetime, predictLifetime, type LifetimePrediction } from './lifetime.ts';
import { confidenceFromSpread, modelSpread, spreadLevel, type SpreadLevel } from './model-spread.ts';
import { orbitAveragedDecay } from './orbit-average.ts';
import { constantSpaceWeather, LONG_TERM_MEAN_SPACE_WEATHER, type SpaceWeather, type SpaceWeatherFn } from './space-weather.ts';

/**
 * Inclination when the request gives none: 51.6° (the ISS's), a common LEO inclination whose node drifts
 * through every local solar time in about two months, so a lifetime does not hinge on the hour of the request.
 * Raised to |latitude| when the point lies farther from the equator. (The OFEQ presets fly retrograde,
 * ~141–144°, DECISIONS.md §3; send `inclination` for them: the drag is ~10 % higher than prograde.)
 */
export const DEFAULT_INCLINATION_DEG = 51.6;

const MODEL_OF: Readonly<Record<CalculatorModel, DensityModel>> = { nrlmsise: 'nrlmsise00', jb2008: 'jb2008', dtm2020: 'dtm2020' };

export interface DragCalculatorOptions {
  /** The request's instant (the server's clock). */
  readonly time: UtcMs;
  /** The space-weather series for the lifetime (src/core/spaceweather); absent: the entered conditions, constant. */
  readonly spaceWeather?: SpaceWeatherFn;
  /** Integrate the lifetimes (default true; false skips them and bases the confidence on decay rates). */
  readonly lifetime?: boolean;
}

export interface DecayForecastPoint {
  readonly day: number;
  readonly altitudeKm: number;
}

export interface ModelSpreadSummary {
  /** (max − min)/(2 mean) of the two models' values. */
  readonly value: number;
  readonly level: SpreadLevel;
  readonly of: 'lifetime' | 'decay-rate';
  readonly nrlmsise00: number;
  readonly jb2008: number;
}

/** The spec's result fields first, then what the UI may show besides and what was assumed. */
export interface DragCalculation {
  readonly satellite: string;
  readonly model: CalculatorModel;
  /** N. */
  readonly dragForce: number;
  /** kg/m³. */
  readonly atmosphericDensity: number;
  /** Altitude lost per day, km/day (positive while decaying). */
  readonly orbitDecayRate: number;
  /** %. */
  readonly confidence: number;
  /** Days to re-entry; absent when beyond the 25-year cap or not computed. */
  readonly lifetimeEstimate?: number;

  readonly lifetimeYears?: number;
  /** "3.4 years", "> 25 years", or "not computed". */
  readonly lifetimeText: string;
  readonly lifetimeSpaceWeather: 'series' | 'entered-constant' | 'not-computed';
  /** Seconds of orbital period lost per day (negative). */
  readonly periodChangeSecondsPerDay: number;
  readonly modelSpread: ModelSpreadSummary;
  /** What the density is: computed model or scaled estimate. */
  readonly source: string;
  /** Mean altitude for days 0–30 (the decay chart), when the lifetime was computed. */
  readonly decayForecast: readonly DecayForecastPoint[];
  readonly used: {
    readonly inclinationDeg: number;
    /** Circular orbital speed, km/s. */
    readonly orbitalSpeedKmPerS: number;
    /** Speed relative to the co-rotating atmosphere, km/s. */
    readonly relativeSpeedKmPerS: number;
    readonly f107: number;
    readonly kp: number;
    readonly ap: number;
    /** m/(Cd A), kg/m². */
    readonly ballisticCoefficientKgPerM2: number;
    readonly attitude: string;
  };
  readonly notes: readonly string[];
}

function geocentricLatitudeDeg(latitudeDeg: number, longitudeDeg: number, altitudeKm: number): number {
  const r = geodeticToEcef({ latitude: degToRad(degrees(latitudeDeg)), longitude: degToRad(degrees(longitudeDeg)), altitude: km(altitudeKm) });
  return (Math.atan2(r[2], Math.hypot(r[0], r[1])) * 180) / Math.PI;
}

/** Run the calculator on a raw request body (validated here; DragInputError when invalid). */
export function calculateDrag(body: unknown, options: DragCalculatorOptions): DragCalculation {
  return calculateDragFor(parseDragCalculatorInput(body), options);
}

/**
 * Run the calculator on validated input. Every number of the result is finite for every input within the
 * ranges of calculator-input.ts (calculator-limits.test.ts sweeps their corners); should a computation still
 * overflow, the input is refused (DragInputError) rather than a NaN or Infinity being stored and sent. A solar
 * flux past JB2008's fit at the heights the orbit passes (density.ts DensityDomainError: above about 375 sfu
 * over 1400 km) is refused naming solarFlux: both models run, for their spread.
 */
export function calculateDragFor(input: DragCalculatorInput, options: DragCalculatorOptions): DragCalculation {
  let result: DragCalculation;
  try {
    result = compute(input, options);
  } catch (error) {
    // Both models run for the spread, so either one's domain bounds the request.
    if (error instanceof DensityDomainError) {
      throw new DragInputError([{ field: 'solarFlux', message: `${error.message}; lower the solar flux (about 375 sfu at most above 1400 km) or the altitude` }]);
    }
    if (error instanceof RangeError) throw beyondRange(error.message);
    throw error;
  }
  const bad = nonFiniteField(result);
  if (bad !== undefined) throw beyondRange(`${bad} is not finite`);
  return result;
}

function beyondRange(detail: string): DragInputError {
  return new DragInputError([{ field: 'body', message: `these inputs take the calculation beyond its numeric range (${detail}); check mass, area and drag coefficient` }]);
}

/** The first number of a result that is NaN or infinite, by name. */
function nonFiniteField(r: DragCalculation): string | undefined {
  const numbers: [string, number | undefined][] = [
    ['dragForce', r.dragForce],
    ['atmosphericDensity', r.atmosphericDensity],
    ['orbitDecayRate', r.orbitDecayRate],
    ['confidence', r.confidence],
    ['lifetimeEstimate', r.lifetimeEstimate],
    ['lifetimeYears', r.lifetimeYears],
    ['periodChangeSecondsPerDay', r.periodChangeSecondsPerDay],
    ['modelSpread.value', r.modelSpread.value],
    ['modelSpread.nrlmsise00', r.modelSpread.nrlmsise00],
    ['modelSpread.jb2008', r.modelSpread.jb2008],
    ...Object.entries(r.used).filter((e): e is [string, number] => typeof e[1] === 'number').map(([k, v]): [string, number] => [`used.${k}`, v]),
    ...r.decayForecast.flatMap((p, i): [string, number][] => [[`decayForecast.${i}.day`, p.day], [`decayForecast.${i}.altitudeKm`, p.altitudeKm]]),
  ];
  return numbers.find(([, v]) => v !== undefined && !Number.isFinite(v))?.[0];
}

function compute(input: DragCalculatorInput, options: DragCalculatorOptions): DragCalculation {
  const { time } = options;
  const model = MODEL_OF[input.model];
  const notes: string[] = [];
  const ap = kpToAp(input.geomagnetic);
  const entered: SpaceWeather = { f107: input.solarFlux, f107A: input.solarFlux, ap };
  const inclinationDeg = input.inclination ?? Math.max(DEFAULT_INCLINATION_DEG, Math.abs(input.latitude));
  if (input.inclination === undefined) notes.push(`inclination not given: ${inclinationDeg}° assumed (circular orbit, northbound through the point)`);

  // Density and force at the entered point.
  const point = {
    time,
    latitudeDeg: input.latitude,
    geocentricLatitudeDeg: geocentricLatitudeDeg(input.latitude, input.longitude, input.altitude),
    longitudeDeg: input.longitude,
    altitudeKm: input.altitude,
  };
  const atmosphericDensity = densityAt(model, point, entered);
  const circular = circularOrbitThroughPoint({ time, latitudeDeg: input.latitude, longitudeDeg: input.longitude, altitudeKm: input.altitude, inclinationDeg });
  const relative = velocityRelativeToAtmosphere(circular.state.r, circular.state.v);
  const relativeSpeedKmPerS = Math.hypot(...relative);
  const orbitalSpeedKmPerS = Math.sqrt(EARTH_MU_KM3_S2 / circular.orbit.semiMajorAxisKm);
  if (Math.abs(input.velocity - orbitalSpeedKmPerS) > 0.05) {
    notes.push(`velocity ${input.velocity} km/s not used: a circular orbit at ${input.altitude} km moves at ${orbitalSpeedKmPerS.toFixed(2)} km/s`);
  }
  const dragForce = dragForceN(atmosphericDensity, relativeSpeedKmPerS, input.dragCoefficient, input.crossSectionalArea);
  const cdAOverM = dragParameter(input.dragCoefficient, input.crossSectionalArea, input.mass);

  // Orbit-averaged decay now, for each model needed.
  const decayNow = (m: DensityModel) =>
    orbitAveragedDecay({ orbit: circular.orbit, time, dragParameterM2PerKg: cdAOverM, model: m, spaceWeather: entered }).semiMajorAxisRateKmPerDay;
  const rates = new Map<DensityModel, number>();
  const rate = (m: DensityModel) => {
    if (!rates.has(m)) rates.set(m, decayNow(m));
    return rates.get(m)!;
  };
  const dadt = rate(model);

  // Lifetimes.
  const computeLifetime = options.lifetime ?? true;
  const series = options.spaceWeather ?? constantSpaceWeather(entered);
  const lifetimes = new Map<DensityModel, LifetimePrediction>();
  const lifetimeOf = (m: DensityModel) => {
    if (!lifetimes.has(m)) {
      lifetimes.set(m, predictLifetime({ epoch: time, orbit: circular.orbit, dragParameterM2PerKg: cdAOverM, model: m, spaceWeather: series }));
    }
    return lifetimes.get(m)!;
  };
  const chosen = computeLifetime ? lifetimeOf(model) : undefined;

  // Spread of the two implemented models.
  let spread: ModelSpreadSummary;
  const msis = computeLifetime ? lifetimeOf('nrlmsise00') : undefined;
  const jb = computeLifetime ? lifetimeOf('jb2008') : undefined;
  if (msis?.lifetimeDays !== undefined && jb?.lifetimeDays !== undefined && msis.lifetimeDays > 0 && jb.lifetimeDays > 0) {
    const value = modelSpread([msis.lifetimeDays, jb.lifetimeDays]);
    spread = { value, level: spreadLevel(value), of: 'lifetime', nrlmsise00: msis.lifetimeDays, jb2008: jb.lifetimeDays };
  } else {
    const a = -rate('nrlmsise00');
    const b = -rate('jb2008');
    const value = modelSpread([a, b]);
    spread = { value, level: spreadLevel(value), of: 'decay-rate', nrlmsise00: a, jb2008: b };
  }

  // The point's density uses the entered conditions, which carry no JB2008 indices: JB2008 runs on its stand-ins.
  const source = densitySource(model, jb2008Drivers(entered).derived);
  if (chosen?.spaceWeatherDefaultFrom !== undefined) {
    const mean = LONG_TERM_MEAN_SPACE_WEATHER;
    notes.push(`lifetime: no space weather in the series from ${formatUtc(chosen.spaceWeatherDefaultFrom, 0)}; the long-term mean (F10.7 ${mean.f107}, Ap ${mean.ap}) is used from there`);
  }

  return {
    satellite: input.name,
    model: input.model,
    dragForce,
    atmosphericDensity,
    orbitDecayRate: -dadt,
    confidence: confidenceFromSpread(spread.value),
    ...(chosen?.lifetimeDays === undefined ? {} : { lifetimeEstimate: chosen.lifetimeDays, lifetimeYears: chosen.lifetimeYears }),
    lifetimeText: chosen === undefined ? 'not computed' : formatLifetime(chosen.lifetimeDays, chosen.capYears),
    lifetimeSpaceWeather: chosen === undefined ? 'not-computed' : options.spaceWeather === undefined ? 'entered-constant' : 'series',
    periodChangeSecondsPerDay: periodRate(circular.orbit.semiMajorAxisKm, dadt),
    modelSpread: spread,
    source,
    decayForecast: (chosen?.daily ?? []).map((p) => ({ day: p.day, altitudeKm: p.altitudeKm })),
    used: {
      inclinationDeg,
      orbitalSpeedKmPerS,
      relativeSpeedKmPerS,
      f107: input.solarFlux,
      kp: input.geomagnetic,
      ap,
      ballisticCoefficientKgPerM2: 1 / cdAOverM,
      attitude: input.attitude,
    },
    notes,
  };
}
