/**
 * Atmospheric drag, orbit decay and orbit lifetime (issue 5): the public API of src/core/drag, re-exports only
 * (see src/core/README.md). Sources are cited in each file: Vallado, "Fundamentals of Astrodynamics and
 * Applications", 4th ed., §8.6 (drag) and §9.6 (decay); King-Hele, "Satellite Orbits in an Atmosphere" (1987);
 * Montenbruck & Gill, "Satellite Orbits", §3.5; ISO 27852 ("Estimation of orbit lifetime").
 *
 * Units: km, km/s and days for orbits; kg/m³ for density; N for force; m²/kg for Cd·A/m. Time is `UtcMs`.
 * Space weather is a function of time, `(t) => { f107, f107A, ap, apArray?, jb2008Indices? }`
 * (space-weather.ts), so src/core/spaceweather's series plugs in.
 *
 * - Drag: `dragForceN`, `dragParameter`, `dragAtState` (density, v_rel = v − ω⊕ × r and force at a TEME state,
 *   e.g. SGP4's); `densityAt(model, point, spaceWeather)` for 'nrlmsise00' | 'jb2008' | 'dtm2020' (1.08 ×
 *   NRLMSISE-00, labelled by `densitySource`).
 * - Decay: `circularDecayRate` (da/dt = −ρ (Cd A/m) √(μa) and dT/dt), `orbitAveragedDecay` (da/dt, de/dt
 *   averaged over a revolution, rotating atmosphere).
 * - Lifetime: `predictLifetime({ epoch, orbit, dragParameterM2PerKg, model, spaceWeather }, options)` →
 *   re-entry day and time or '> 25 years', daily points for days 0–30, a thinned history.
 * - Confidence: `modelSpread`, `spreadLevel`, `confidenceFromSpread`.
 * - Calculator (POST /api/drag-calculator/calculate): `calculateDrag(body, { time, spaceWeather? })`,
 *   `parseDragCalculatorInput` (throws `DragInputError` with `issues: { field, message }[]`).
 * - Orbits: `meanOrbitFromElementSet`, `meanOrbitAt` (node and perigee moved by J2 to an instant),
 *   `circularOrbitThroughPoint`, `dragParameterFromBstar`.
 * - Places: `densityPointFromTeme`, `densityPointAtGeodetic`; NRLMSISE-00 in full: `nrlmsiseAt`; the spec's multiples
 *   of NRLMSISE-00 for the models not implemented: `NRLMSISE_MULTIPLIERS`.
 * - Satellites: `DRAG_PRESETS` (spec §3), `dragPropertiesOf` (preset, else catalogued mass, else the presets' mean).
 * - Forecasts of drag a few days ahead: `orbitAveragedDensityRatios` (the orbit-averaged density then over today's).
 * - The spec §9 bands: `trendOf`, `shortTrendOf`, `impactOf`, `dragAlertLevel`, `percentChange`.
 */
export { dragForceN, dragParameter, dragAtState, type DragAtState, type DragAtStateInput } from './drag-force.ts';
export { densityPointAtGeodetic, densityPointFromTeme, velocityRelativeToAtmosphere } from './atmosphere-frame.ts';
export {
  densityAt,
  densityAtOrNull,
  DensityDomainError,
  densitySource,
  DENSITY_MODELS,
  DTM2020_NRLMSISE_FACTOR,
  IMPLEMENTED_DENSITY_MODELS,
  NRLMSISE_MULTIPLIERS,
  nrlmsiseAt,
  type DensityModel,
  type DensityPoint,
} from './density.ts';
export { circularDecayRate, periodRate, type CircularDecay } from './decay-rate.ts';
export {
  orbitAveragedDecay,
  samplesPerOrbit,
  BASE_SAMPLES_PER_ORBIT,
  gcd,
  type OrbitAverageInput,
  type OrbitAveragedDecay,
} from './orbit-average.ts';
export {
  predictLifetime,
  formatLifetime,
  type DecayPoint,
  type LifetimeInput,
  type LifetimeOptions,
  type LifetimePrediction,
  type LifetimeStatus,
} from './lifetime.ts';
export { confidenceFromSpread, modelSpread, spreadLevel, MODEL_ERROR_FLOOR, type SpreadLevel } from './model-spread.ts';
export {
  calculateDrag,
  calculateDragFor,
  DEFAULT_INCLINATION_DEG,
  type DecayForecastPoint,
  type DragCalculation,
  type DragCalculatorOptions,
  type ModelSpreadSummary,
} from './calculator.ts';
export {
  parseDragCalculatorInput,
  DragInputError,
  CALCULATOR_ALTITUDE_RANGE_KM,
  CALCULATOR_DEFAULTS,
  CALCULATOR_MODELS,
  CALCULATOR_SOLAR_FLUX_RANGE,
  CALCULATOR_NUMBER_LIMITS,
  CALCULATOR_TEXT_MAX,
  calculatorNumberProblem,
  type CalculatorNumberField,
  type CalculatorNumberLimit,
  type CalculatorModel,
  type DragCalculatorInput,
  type DragInputIssue,
} from './calculator-input.ts';
export {
  CALCULATOR_DEFAULT_SPACE_WEATHER,
  LONG_TERM_MEAN_SPACE_WEATHER,
  constantSpaceWeather,
  resolveSpaceWeather,
  type ResolvedSpaceWeather,
  type SpaceWeather,
  type SpaceWeatherFn,
} from './space-weather.ts';
export { jb2008Drivers, laggedAp, type Jb2008Drivers } from './jb2008-indices.ts';
export { modelSpaceWeather, recordsFrom, SERIES_LOOKBACK_DAYS, spaceWeatherFromSeries, spaceWeatherWithDefaults, type SeriesAdapterOptions } from './series-adapter.ts';
export {
  apsisAltitudes,
  j2SecularRates,
  meanOrbitAt,
  meanOrbitFromElementSet,
  periodSeconds,
  perifocalAxes,
  stateAtEccentricAnomaly,
  type MeanOrbit,
  type OrbitState,
  type Vector3,
} from './mean-orbit.ts';
export {
  DEFAULT_AREA_PER_MASS_M2_PER_KG,
  DEFAULT_DRAG_PROPERTIES,
  DRAG_PRESETS,
  dragPropertiesOf,
  presetIndexOf,
  type DragPreset,
  type DragProperties,
} from './presets.ts';
export { orbitAveragedDensityRatios, type DensityOutlookInput } from './density-outlook.ts';
export { dragAlertLevel, impactOf, percentChange, shortTrendOf, trendOf, type DragImpact, type DragTrend } from './drag-bands.ts';
export { circularOrbitThroughPoint, inclinationReaches, type CircularOrbitAtPoint, type CircularOrbitQuery } from './circular-orbit.ts';
export { dragParameterFromBstar, bstarFromDragParameter, BSTAR_REFERENCE_DENSITY_KG_PER_M2 } from './ballistic.ts';
export {
  DAYS_PER_YEAR,
  EARTH_EQUATORIAL_RADIUS_KM,
  EARTH_MU_KM3_S2,
  EARTH_ROTATION_RAD_PER_S,
  LIFETIME_CAP_YEARS,
  REENTRY_ALTITUDE_KM,
} from './constants.ts';
