import { z } from 'zod';
import {
  CALCULATOR_MODELS,
  CALCULATOR_NUMBER_LIMITS,
  CALCULATOR_TEXT_MAX,
  calculatorNumberProblem,
  type CalculatorNumberField,
} from '../core/drag/index.ts';

/**
 * The Orbital Drag page's API (product spec §2 "Orbital Drag Modeling page", §3, §7, §9; DECISIONS.md
 * §1 and §8): space-weather imports and look-ups, the realtime drag table, the space-weather forecast
 * and alerts, the 30-day decay forecast, NRLMSISE-00 readings, the five-model density profile, and
 * the drag calculator. Every value is computed by the models of src/core; the two columns and one
 * reading that are multiples of NRLMSISE-00 (DTM-2020, TIE-GCM, MSIS-86) say so in `source`.
 */

// ─── Query helpers ───────────────────────────────────────────────────────────────────────────────

const NUMBER_TEXT = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/** A number in the query string: named 400s for missing, non-numeric and out-of-range values. */
function queryNumber(what: string, min: number, max: number, unit: string, integer = false) {
  const range = `must be between ${min} and ${max} ${unit}`;
  const number = z.number().min(min, range).max(max, range);
  return z
    .string({ error: (issue) => (issue.input === undefined ? `is required (${what}, ${min} to ${max} ${unit})` : `must be one number (${what})`) })
    .trim()
    .regex(NUMBER_TEXT, `must be a number (${what}, ${min} to ${max} ${unit})`)
    .transform(Number)
    .pipe(integer ? number.int('must be a whole number') : number)
    .describe(`${what}, ${min} to ${max} ${unit}`);
}

const queryTime = z
  .iso.datetime({ offset: true, error: 'must be an ISO 8601 time, e.g. 2026-03-21T12:00:00Z' })
  .describe('The instant (ISO 8601); default: now');

/** NRLMSISE-00 and JB2008 reach down to 0 and 90 km; the page asks about LEO. */
export const READING_ALTITUDE_RANGE_KM = { min: 0, max: 1000 } as const;

// ─── Space weather ───────────────────────────────────────────────────────────────────────────────

export const SpaceWeatherStatus = z.enum(['observed', 'predicted', 'default']).describe('observed, predicted, or the offline default (DECISIONS.md §8)');

/** One looked-up index with its provenance (src/core/spaceweather IndexValue). */
export const IndexValue = z
  .object({
    value: z.number(),
    status: SpaceWeatherStatus,
    date: z.string().nullable().describe('The UTC day or 3-hour interval the value belongs to; for a default, the date of the value used'),
    source: z.string().describe('The record it came from, e.g. "CelesTrak SW-All SW-All.csv line 10163 (OBS)"'),
    method: z.string().optional().describe('How it was formed when not read as is (interpolation, default)'),
  })
  .meta({ id: 'SpaceWeatherIndexValue' });

export const SpaceWeatherImportQuery = z
  .object({ name: z.string().min(1).max(200).optional().describe('File name, kept with the import and in each record’s source') })
  .strict();

export const SpaceWeatherImportBody = z
  .string()
  .min(1, 'the file is empty')
  .describe('A CelesTrak SW-All CSV file (SW-All.csv, SW-Last5Years.csv), or SET’s JB2008 SOLFSMY.TXT or DTCFILE.TXT (told apart by their content)');

export const SwAllImportReport = z
  .object({
    format: z.literal('celestrak-sw-all'),
    file: z.string(),
    rows: z.number().int().describe('Rows kept'),
    counts: z.object({ OBS: z.number().int(), INT: z.number().int(), PRD: z.number().int(), PRM: z.number().int() }).describe('Rows kept per F10.7_DATA_TYPE'),
    daysAdded: z.number().int(),
    daysUpdated: z.number().int().describe('Stored days whose values or status this (newer) file changed'),
    daysUnchanged: z.number().int().describe('Stored days left as they were (same values, or from a newer file)'),
    rejected: z.number().int(),
    rejections: z.array(z.object({ line: z.number().int(), reason: z.string() })).describe('The first 100 rejected rows'),
    firstDate: z.string().nullable(),
    lastDate: z.string().nullable(),
    lastObservedDate: z.string().nullable(),
  })
  .meta({ id: 'SwAllImportReport' });

/** What importing one of SET's JB2008 files did (SOLFSMY.TXT or DTCFILE.TXT). */
const setFileImportReport = <F extends 'set-solfsmy' | 'set-dtcfile'>(format: F) =>
  z.object({
    format: z.literal(format),
    file: z.string(),
    rows: z.number().int().describe('Rows kept'),
    daysAdded: z.number().int(),
    daysUpdated: z.number().int().describe('Stored days whose indices this file changed'),
    daysUnchanged: z.number().int(),
    rejected: z.number().int(),
    rejections: z.array(z.object({ line: z.number().int(), reason: z.string() })).describe('The first 100 rejected rows'),
    firstDate: z.string().nullable(),
    lastDate: z.string().nullable(),
  });
export const SolfsmyImportReport = setFileImportReport('set-solfsmy').meta({ id: 'SolfsmyImportReport' });
export const DtcfileImportReport = setFileImportReport('set-dtcfile').meta({ id: 'DtcfileImportReport' });

export const SpaceWeatherImportReport = z.discriminatedUnion('format', [SwAllImportReport, SolfsmyImportReport, DtcfileImportReport]).meta({ id: 'SpaceWeatherImportReport' });
export type SpaceWeatherImportReport = z.infer<typeof SpaceWeatherImportReport>;

export const SpaceWeatherImportFailure = z.object({ message: z.string(), report: SpaceWeatherImportReport }).meta({ id: 'SpaceWeatherImportFailure' });

export const SpaceWeatherLookupQuery = z.object({ time: queryTime.optional() }).strict();

/** GET /api/space-weather: the indices the models take at an instant, each with its provenance. */
export const SpaceWeatherLookup = z
  .object({
    time: z.string(),
    data_source: z.string(),
    status: SpaceWeatherStatus.describe('The weakest status of the values below'),
    f107: IndexValue.describe('Observed F10.7 of the previous UTC day (NRLMSISE-00’s f107), sfu'),
    f107a: IndexValue.describe('81-day centred mean of the observed F10.7 (NRLMSISE-00’s f107A), sfu'),
    ap: IndexValue.describe('Daily Ap'),
    kp: IndexValue.describe('Planetary Kp of the 3-hour interval'),
    ap_history: z.array(IndexValue).length(7).describe('NRLMSISE-00’s ap array: daily Ap, ap now, 3, 6, 9 h before, means of 12–33 h and 36–57 h before'),
    jb2008: z
      .object({
        f10: IndexValue,
        f10b: IndexValue,
        s10: IndexValue,
        s10b: IndexValue,
        xm10: IndexValue,
        xm10b: IndexValue,
        y10: IndexValue,
        y10b: IndexValue,
        dstdtc: IndexValue.describe('Storm temperature change, K'),
        status: SpaceWeatherStatus,
        method: z.string().describe('Where S10, M10, Y10 came from (SET SOLFSMY, or F10.7 proxies) and DSTDTC (SET DTCFILE, or ap)'),
      })
      .describe('JB2008’s indices (sfu; F10/S10 1 day, M10 2 days, Y10 5 days before the instant)'),
    coverage: z.object({
      firstDate: z.string().nullable(),
      lastDate: z.string().nullable(),
      lastObservedFluxDate: z.string().nullable(),
      lastObservedApInterval: z.string().nullable(),
    }),
    last_import: z
      .object({ file: z.string(), imported_at: z.string(), last_observed_date: z.string().nullable() })
      .nullable(),
  })
  .meta({ id: 'SpaceWeatherLookup' });
export type SpaceWeatherLookup = z.infer<typeof SpaceWeatherLookup>;

// ─── Shared pieces ───────────────────────────────────────────────────────────────────────────────

export const DragProperties = z
  .object({
    mass_kg: z.number(),
    area_m2: z.number(),
    drag_coefficient: z.number(),
    source: z.string().describe('Where mass, area and Cd came from: a spec preset, the catalogue, or the stated default'),
  })
  .meta({ id: 'DragProperties' });

export const SpreadLevel = z.enum(['green', 'yellow', 'red']).describe('Spec §9: red over 25 %, yellow over 15 %, else green');

// ─── GET /api/orbital-drag/realtime ──────────────────────────────────────────────────────────────

export const DragTrend = z.enum(['strong decrease', 'decrease', 'slight decrease', 'stable', 'slight increase', 'increase', 'strong increase']);

export const RealtimeDragRow = z
  .object({
    satellite: z.string(),
    norad_id: z.number().int(),
    altitude: z.number().describe('Height above the WGS-84 ellipsoid now (SGP4), km'),
    latitude: z.number(),
    longitude: z.number(),
    current_drag: z.number().describe('Drag force ½ ρ v_rel² Cd A at the satellite’s SGP4 position now, N'),
    predicted_24h: z.number().describe('Drag force in 24 h, N: current_drag × the change of the orbit-averaged NRLMSISE-00 density'),
    predicted_7d: z.number().describe('Drag force in 7 days, N (as predicted_24h)'),
    change_24h_percent: z.number(),
    change_7d_percent: z.number(),
    trend_24h: z.enum(['up', 'down', 'stable']).describe('Under 1 % stable (spec §9)'),
    trend_7d: DragTrend.describe('Spec §9 bands of the 7-day change: < 1 % stable, 1–5 % slight, 5–15 %, > 15 % strong'),
    atmospheric_density: z.number().describe('NRLMSISE-00 at the satellite’s position now, kg/m³'),
    jb2008_density: z.number().nullable().describe('JB2008 at the same point, kg/m³ (null below its 90 km floor)'),
    drag_acceleration: z.number().describe('current_drag / mass, m/s²'),
    relative_speed: z.number().describe('Speed relative to the co-rotating atmosphere, km/s'),
    drag_properties: DragProperties,
  })
  .meta({ id: 'RealtimeDragRow' });

export const RealtimeTimePoint = z
  .object({
    timestamp: z.string(),
    f107: z.number().describe('NRLMSISE-00’s F10.7 (previous day), sfu'),
    kp: z.number(),
    ap: z.number().describe('Daily Ap'),
    density: z.number().describe('NRLMSISE-00 at the reference point (32° N, 35° E, 400 km), kg/m³'),
    jb2008_density: z.number().describe('JB2008 at the same point, kg/m³'),
    status: SpaceWeatherStatus,
  })
  .meta({ id: 'RealtimeTimePoint' });

export const RealtimeResponse = z
  .object({
    lastUpdate: z.string().describe('When these values were computed (start of the UTC minute), ISO 8601'),
    systemStatus: z.enum(['Operational', 'Degraded']).describe('Operational when the models run and the space weather for now is observed or predicted'),
    statusDetail: z.string(),
    dataLatency: z.string().describe('Age of the newest observed space-weather value, e.g. "5 h" or "209 days"'),
    dataLatencySeconds: z.number().nullable(),
    modelAccuracy: z.number().describe('Percent: confidence from the NRLMSISE-00/JB2008 spread at the fleet’s positions (src/core/drag/model-spread.ts)'),
    modelSpread: z.object({ value: z.number(), level: SpreadLevel }),
    modelAccuracyBasis: z.string(),
    space_weather: z.object({
      data_source: z.string(),
      f107: z.number().describe('NRLMSISE-00’s F10.7 now (previous UTC day’s observed flux), sfu'),
      f107a: z.number(),
      kp_index: z.number().describe('Planetary Kp of the current 3-hour interval'),
      ap: z.number().describe('Daily Ap'),
      status: SpaceWeatherStatus,
    }),
    drag_data: z.array(RealtimeDragRow).describe('The fleet’s LEO satellites (mean altitude under 2,000 km)'),
    time_series: z.array(RealtimeTimePoint).describe('Every 3 hours from 24 h before to 24 h after now'),
    notes: z.array(z.string()),
  })
  .meta({ id: 'RealtimeDragResponse' });
export type RealtimeResponse = z.infer<typeof RealtimeResponse>;

// ─── GET /api/orbital-drag/space-weather ─────────────────────────────────────────────────────────

export const ImpactLevel = z.enum(['Minimal', 'Moderate', 'High', 'Critical']).describe('Spec §9: Critical 3–5× drag, High 2–3×, Moderate 1.5–2×, otherwise Minimal');

export const ForecastItem = z
  .object({
    icon: z.string().describe('lucide icon name'),
    parameter: z.string(),
    description: z.string(),
    impact: ImpactLevel,
    drag_factor: z.number().describe('Density at 400 km with this value ÷ density at the long-term mean (F10.7 121.5, Ap 12.8)'),
    current: z.number(),
    forecast: z.number().describe('The same quantity 24 h ahead, from the series (observed, predicted or default)'),
    unit: z.string(),
    change: z.string().describe('Forecast against current: percent, or for Kp the difference'),
    change_percent: z.number().nullable(),
    status: SpaceWeatherStatus.describe('Of the current value'),
    forecast_status: SpaceWeatherStatus,
  })
  .meta({ id: 'SpaceWeatherForecastItem' });

export const AlertLevel = z.enum(['Major', 'High', 'Moderate', 'Minor', 'Advisory']).describe('Spec §9 colours: Major red, High orange, else yellow');

export const SpaceWeatherAlert = z
  .object({
    type: z.string(),
    level: AlertLevel,
    message: z.string(),
    impact: z.string(),
    scale: z.string().optional().describe('NOAA space-weather scale level, e.g. G3'),
  })
  .meta({ id: 'SpaceWeatherAlert' });

export const SpaceWeatherForecastResponse = z
  .object({
    timestamp: z.string(),
    data_source: z.string(),
    forecast: z.array(ForecastItem),
    alerts: z.array(SpaceWeatherAlert),
  })
  .meta({ id: 'SpaceWeatherForecastResponse' });
export type SpaceWeatherForecastResponse = z.infer<typeof SpaceWeatherForecastResponse>;

// ─── GET /api/orbital-drag/predictions ───────────────────────────────────────────────────────────

export const DecayPoint = z.object({
  day: z.number(),
  altitude: z.number().describe('Mean altitude (a − R_eq), km'),
  perigee: z.number(),
  apogee: z.number(),
});

export const DecayForecast = z
  .object({
    satellite: z.string(),
    norad_id: z.number().int(),
    elements_epoch: z.string(),
    drag_properties: DragProperties,
    initial_altitude: z.number(),
    decay_rate: z.number().describe('Mean altitude lost per day now, km/day'),
    altitude_loss_30d: z.number().describe('NRLMSISE-00, km'),
    jb2008_altitude_loss_30d: z
      .number()
      .nullable()
      .describe('The same integration with JB2008, km; null where JB2008 has no density on the way (its fit above about 1,450 km turns negative past an 81-day F10.7 of about 376 sfu)'),
    model_spread: z.object({ value: z.number(), level: SpreadLevel }).describe('Spread of the two 30-day altitude losses; 0 where either is not positive or JB2008 gave none'),
    reentry_day: z.number().nullable().describe('Day of re-entry (perigee at 120 km) when within the 30 days'),
    points: z.array(DecayPoint).describe('Days 0 to 30'),
  })
  .meta({ id: 'DecayForecast' });
export type DecayForecast = z.infer<typeof DecayForecast>;

export const PredictionsResponse = z
  .object({
    generated: z.string(),
    days: z.number().int(),
    model: z.string(),
    data_source: z.string(),
    source: z.string(),
    satellites: z.array(DecayForecast),
    chart: z.array(z.record(z.string(), z.number())).describe('One row per day: {day, <satellite name>: mean altitude km, …}'),
  })
  .meta({ id: 'DecayPredictionsResponse' });
export type PredictionsResponse = z.infer<typeof PredictionsResponse>;

// ─── GET /api/orbital-drag/nrlmsise-real ─────────────────────────────────────────────────────────

export const NrlmsiseRealQuery = z
  .object({
    lat: queryNumber('latitude', -90, 90, 'degrees'),
    lon: queryNumber('longitude', -180, 360, 'degrees east'),
    alt: queryNumber('altitude', READING_ALTITUDE_RANGE_KM.min, READING_ALTITUDE_RANGE_KM.max, 'km'),
    time: queryTime.optional(),
  })
  .strict();

export const NrlmsiseRealResponse = z
  .object({
    density: z.number().describe('Total mass density incl. anomalous oxygen (GTD7D), kg/m³'),
    temperature: z.number().describe('Temperature at the altitude, K'),
    exospheric_temperature: z.number(),
    f107: z.number().describe('F10.7 the model took (previous UTC day’s observed flux), sfu'),
    f107a: z.number(),
    ap: z.number().describe('Daily Ap'),
    kp: z.number().describe('Planetary Kp of the 3-hour interval'),
    location: z.object({ lat: z.number(), lon: z.number(), alt_km: z.number() }),
    timestamp: z.string(),
    model: z.literal('NRLMSISE-00'),
    source: z.string(),
    data_source: z.string(),
    inputs: z.object({ f107: z.number(), f107A: z.number(), ap: z.number(), apArray: z.array(z.number()).nullable() }).describe('The exact model inputs'),
  })
  .meta({ id: 'NrlmsiseRealResponse' });
export type NrlmsiseRealResponse = z.infer<typeof NrlmsiseRealResponse>;

// ─── GET /api/orbital-drag/density-profile ───────────────────────────────────────────────────────

export const DensityProfileQuery = z
  .object({
    time: queryTime.optional(),
    lat: queryNumber('latitude', -90, 90, 'degrees').optional(),
    lon: queryNumber('longitude', -180, 360, 'degrees east').optional(),
  })
  .strict();

export const DensityProfileRow = z.object({
  altitude: z.number().describe('km'),
  nrlmsise: z.number().describe('NRLMSISE-00, computed, kg/m³'),
  jb2008: z.number().describe('JB2008, computed, kg/m³'),
  dtm2020: z.number().describe('1.08 × NRLMSISE-00 (spec §9 multiplier; DTM-2020 not implemented)'),
  tiegcm: z.number().describe('1.25 × NRLMSISE-00 (spec §9 multiplier; TIE-GCM not implemented)'),
  msis86: z.number().describe('0.92 × NRLMSISE-00 (spec §9 multiplier; MSIS-86 not implemented)'),
  temperature: z.number().describe('NRLMSISE-00 temperature, K'),
  composition: z
    .object({
      n2: z.number().describe('N₂, m⁻³'),
      o: z.number().describe('O, m⁻³'),
      o2: z.number().describe('O₂, m⁻³'),
      he: z.number().describe('He, m⁻³'),
      h: z.number().describe('H, m⁻³'),
      n: z.number().describe('N, m⁻³'),
      ar: z.number().describe('Ar, m⁻³'),
    })
    .optional()
    .describe('NRLMSISE-00 number densities at the altitude (GTD7D d[0..4], d[6], d[7]), m⁻³'),
});

export const DensityProfileResponse = z
  .object({
    data: z.array(DensityProfileRow).length(13),
    source: z.string(),
    timestamp: z.string(),
    location: z.object({ lat: z.number(), lon: z.number() }),
    columns: z.object({
      nrlmsise: z.string(),
      jb2008: z.string(),
      dtm2020: z.string(),
      tiegcm: z.string(),
      msis86: z.string(),
      temperature: z.string(),
      composition: z.string().optional(),
    }),
    data_source: z.string(),
    inputs: z.object({
      f107: z.number(),
      f107A: z.number(),
      ap: z.number(),
      apArray: z.array(z.number()).nullable(),
      jb2008: z.object({
        f10: z.number(),
        f10b: z.number(),
        s10: z.number(),
        s10b: z.number(),
        xm10: z.number(),
        xm10b: z.number(),
        y10: z.number(),
        y10b: z.number(),
        dstdtc: z.number(),
      }),
    }),
  })
  .meta({ id: 'DensityProfileResponse' });
export type DensityProfileResponse = z.infer<typeof DensityProfileResponse>;

// ─── Drag calculator ─────────────────────────────────────────────────────────────────────────────

/**
 * A number of the drag calculator's request within its range (src/core/drag/calculator-input.ts): stated as
 * minimum/maximum so that OpenAPI shows it, refused with the core's own message ("must be a positive number of
 * kilograms, got 0"), so a 400 reads the same whichever check catches it. JSON cannot carry NaN or Infinity,
 * and 1e400 parses as Infinity, which z.number() refuses.
 */
function calculatorNumber(field: CalculatorNumberField, what: string) {
  const { min, aboveMin, max, unit } = CALCULATOR_NUMBER_LIMITS[field];
  const outOfRange = (issue: { input?: unknown }) => calculatorNumberProblem(field, issue.input as number) ?? `must be between ${min} and ${max} ${unit}`;
  const number = z.number({ error: (issue) => (issue.input === undefined ? 'is required' : `must be a number (${what})`) });
  return (aboveMin ? number.gt(min, { error: outOfRange }) : number.min(min, { error: outOfRange }))
    .max(max, { error: outOfRange })
    .describe(`${what}; ${aboveMin ? 'above' : 'from'} ${min} to ${max}`);
}
const requiredNumber = calculatorNumber;
const optionalNumber = (field: CalculatorNumberField, what: string) => calculatorNumber(field, what).nullish();
const calculatorText = (max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
    .max(max, { error: (issue) => `must be at most ${max} characters, got ${String((issue.input as string).length)}` });

/**
 * POST /api/drag-calculator/calculate (spec §3 "Custom satellite input"). Types and ranges here (the ranges are
 * the core's, src/core/drag/calculator-input.ts, which checks them again with the same messages, and the rest:
 * names not blank, inclination reaching the latitude).
 */
export const DragCalculatorRequest = z
  .object({
    name: calculatorText(CALCULATOR_TEXT_MAX.name),
    mass: requiredNumber('mass', 'kg'),
    crossSectionalArea: requiredNumber('crossSectionalArea', 'm²'),
    dragCoefficient: optionalNumber('dragCoefficient', 'default 2.2'),
    altitude: optionalNumber('altitude', 'km, default 400'),
    latitude: optionalNumber('latitude', 'degrees, default 32'),
    longitude: optionalNumber('longitude', 'degrees east, default 35'),
    velocity: optionalNumber('velocity', 'km/s, default 7.66; the circular speed at the altitude is used'),
    solarFlux: optionalNumber('solarFlux', 'F10.7 sfu, default 140'),
    geomagnetic: optionalNumber('geomagnetic', 'Kp, default 3'),
    attitude: calculatorText(CALCULATOR_TEXT_MAX.attitude).nullish(),
    model: z.enum(CALCULATOR_MODELS as [string, ...string[]], {
      error: (issue) => (issue.input === undefined ? `is required: one of ${CALCULATOR_MODELS.join(', ')}` : `must be one of ${CALCULATOR_MODELS.join(', ')}`),
    }),
    inclination: optionalNumber('inclination', 'degrees, 0–180; default 51.6 or |latitude|'),
  })
  .meta({ id: 'DragCalculatorRequest' });
export type DragCalculatorRequest = z.infer<typeof DragCalculatorRequest>;

export const DragCalculationResult = z
  .object({
    id: z.number().int(),
    createdAt: z.string(),
    satellite: z.string(),
    model: z.string(),
    dragForce: z.number().describe('N'),
    atmosphericDensity: z.number().describe('kg/m³'),
    orbitDecayRate: z.number().describe('km/day'),
    confidence: z.number().describe('%'),
    lifetimeEstimate: z.number().optional().describe('Days; absent beyond 25 years'),
    lifetimeYears: z.number().optional(),
    lifetimeText: z.string(),
    lifetimeSpaceWeather: z.enum(['series', 'entered-constant', 'not-computed']),
    lifetimeSpaceWeatherSource: z.string().describe('What the lifetime integration took as space weather'),
    periodChangeSecondsPerDay: z.number(),
    modelSpread: z.object({ value: z.number(), level: SpreadLevel, of: z.enum(['lifetime', 'decay-rate']), nrlmsise00: z.number(), jb2008: z.number() }),
    source: z.string(),
    decayForecast: z.array(z.object({ day: z.number(), altitudeKm: z.number() })),
    used: z.object({
      inclinationDeg: z.number(),
      orbitalSpeedKmPerS: z.number(),
      relativeSpeedKmPerS: z.number(),
      f107: z.number(),
      kp: z.number(),
      ap: z.number(),
      ballisticCoefficientKgPerM2: z.number(),
      attitude: z.string(),
    }),
    notes: z.array(z.string()),
  })
  .meta({ id: 'DragCalculationResult' });
export type DragCalculationResult = z.infer<typeof DragCalculationResult>;

export const DragCalculationsQuery = z
  .object({ limit: queryNumber('how many, newest first', 1, 100, 'calculations', true).optional() })
  .strict();

export const DragCalculationsResponse = z
  .object({
    total: z.number().int().describe('Every stored calculation'),
    calculations: z.array(DragCalculationResult).describe('The newest first (default 10)'),
  })
  .meta({ id: 'DragCalculationsResponse' });
export type DragCalculationsResponse = z.infer<typeof DragCalculationsResponse>;
