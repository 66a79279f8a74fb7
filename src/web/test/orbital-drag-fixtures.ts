import type {
  DensityProfileResponse,
  DragCalculationResult,
  NrlmsiseRealResponse,
  PredictionsResponse,
  RealtimeResponse,
  SpaceWeatherForecastResponse,
} from '@contracts/orbital-drag.ts';

/* Test data only: shaped like the contract, values made up for the assertions. */

const dragProps = { mass_kg: 400, area_m2: 3.2, drag_coefficient: 2.3, source: 'spec preset' };

function row(satellite: string, norad: number, change24: number, change7: number): RealtimeResponse['drag_data'][number] {
  const current = 1e-5;
  return {
    satellite,
    norad_id: norad,
    altitude: 450,
    latitude: 10,
    longitude: 20,
    current_drag: current,
    predicted_24h: current * (1 + change24 / 100),
    predicted_7d: current * (1 + change7 / 100),
    change_24h_percent: change24,
    change_7d_percent: change7,
    trend_24h: 'stable',
    trend_7d: 'stable',
    atmospheric_density: 3e-12,
    jb2008_density: 3.1e-12,
    drag_acceleration: 2.5e-8,
    relative_speed: 7.2,
    drag_properties: dragProps,
  };
}

export function makeRealtime(overrides: Partial<RealtimeResponse> = {}): RealtimeResponse {
  return {
    lastUpdate: '2026-03-21T12:00:00.000Z',
    systemStatus: 'Operational',
    statusDetail: 'ok',
    dataLatency: '5 h',
    dataLatencySeconds: 18000,
    modelAccuracy: 91.2,
    modelSpread: { value: 0.1, level: 'green' },
    modelAccuracyBasis: 'NRLMSISE-00/JB2008 spread',
    space_weather: { data_source: 'CelesTrak SW-All', f107: 150.3, f107a: 140.1, kp_index: 2.7, ap: 12, status: 'observed' },
    drag_data: [
      row('OFEQ 16', 1, 0.5, 20),
      row('OFEQ 13', 2, -2, 10),
      row('OFEQ 11', 3, 3, 3),
      row('OFEQ 9', 4, 0, 0.4),
      row('EROS C3', 5, -0.2, -3),
      row('VENUS', 6, -8, -7),
      row('TECSAR', 7, -20, -16),
    ],
    time_series: [],
    notes: [],
    ...overrides,
  };
}

export const SPACE_WEATHER: SpaceWeatherForecastResponse = {
  timestamp: '2026-03-21T12:00:00Z',
  data_source: 'CelesTrak SW-All',
  forecast: [
    { icon: 'sun', parameter: 'Solar Flux (F10.7)', description: 'd1', impact: 'Moderate', drag_factor: 1.6, current: 150, forecast: 155, unit: 'sfu', change: '+3.3%', change_percent: 3.3, status: 'observed', forecast_status: 'predicted' },
    { icon: 'magnet', parameter: 'Geomagnetic (Kp)', description: 'd2', impact: 'Critical', drag_factor: 3.5, current: 6, forecast: 7, unit: '', change: '+1', change_percent: null, status: 'observed', forecast_status: 'predicted' },
    { icon: 'wind', parameter: 'Ap', description: 'd3', impact: 'High', drag_factor: 2.2, current: 40, forecast: 30, unit: '', change: '-25%', change_percent: -25, status: 'observed', forecast_status: 'predicted' },
    { icon: 'x', parameter: 'Quiet', description: 'd4', impact: 'Minimal', drag_factor: 1.1, current: 1, forecast: 1, unit: '', change: '0%', change_percent: 0, status: 'observed', forecast_status: 'predicted' },
  ],
  alerts: [
    { type: 'Geomagnetic Storm', level: 'Major', message: 'G3 storm', impact: 'Drag up' },
    { type: 'Solar Radio', level: 'High', message: 'High flux', impact: 'Drag up' },
    { type: 'Advisory', level: 'Minor', message: 'Minor note', impact: 'Small' },
  ],
};

const ALTS = [100, 125, 150, 175, 200, 250, 300, 350, 400, 450, 500, 550, 600];

export const DENSITY_PROFILE: DensityProfileResponse = {
  data: ALTS.map((altitude) => {
    const n = 1e-11 * Math.exp((400 - altitude) / 60);
    const c = 1e15 * Math.exp((400 - altitude) / 60);
    const composition = { n2: c, o: 3 * c, o2: c / 10, he: c / 20, h: c / 1000, n: c / 100, ar: c / 1000 };
    return { altitude, nrlmsise: n, jb2008: n * 1.1, dtm2020: n * 1.08, tiegcm: n * 1.25, msis86: n * 0.92, temperature: 900 + altitude, composition };
  }),
  source: 'NRLMSISE-00 and JB2008 computed',
  timestamp: '2026-03-21T12:00:00Z',
  location: { lat: 32, lon: 35 },
  columns: { nrlmsise: 'a', jb2008: 'b', dtm2020: 'c', tiegcm: 'd', msis86: 'e', temperature: 'f' },
  data_source: 'NRLMSISE-00 with CelesTrak SW-All space weather',
  inputs: { f107: 150, f107A: 140, ap: 12, apArray: null, jb2008: { f10: 1, f10b: 1, s10: 1, s10b: 1, xm10: 1, xm10b: 1, y10: 1, y10b: 1, dstdtc: 1 } },
};

export const PREDICTIONS: PredictionsResponse = {
  generated: '2026-03-21T12:00:00Z',
  days: 30,
  model: 'NRLMSISE-00',
  data_source: 'CelesTrak SW-All',
  source: 'SGP4 elements integrated',
  satellites: [
    {
      satellite: 'OFEQ 16',
      norad_id: 1,
      elements_epoch: '2026-03-21T00:00:00Z',
      drag_properties: dragProps,
      initial_altitude: 450,
      decay_rate: 0.05,
      altitude_loss_30d: 1.5,
      jb2008_altitude_loss_30d: 1.8,
      model_spread: { value: 0.2, level: 'yellow' },
      reentry_day: null,
      points: [],
    },
  ],
  chart: Array.from({ length: 31 }, (_, day) => ({ day, 'OFEQ 16': 450 - day * 0.05 })),
};

export function makeReading(density: number): NrlmsiseRealResponse {
  return {
    density,
    temperature: 1000,
    exospheric_temperature: 1010,
    f107: 150,
    f107a: 140,
    ap: 12,
    kp: 2.7,
    location: { lat: 32, lon: 35, alt_km: 450 },
    timestamp: '2026-03-21T12:00:00Z',
    model: 'NRLMSISE-00',
    source: 'computed',
    data_source: 'CelesTrak SW-All',
    inputs: { f107: 150, f107A: 140, ap: 12, apArray: null },
  };
}

export function makeResult(id: number, satellite: string, lifetimeEstimate?: number): DragCalculationResult {
  return {
    id,
    createdAt: '2026-03-21T12:00:00Z',
    satellite,
    model: 'nrlmsise',
    dragForce: 1.234e-5,
    atmosphericDensity: 2.5e-12,
    orbitDecayRate: 0.0512,
    confidence: 87.5,
    ...(lifetimeEstimate === undefined ? {} : { lifetimeEstimate, lifetimeYears: lifetimeEstimate / 365.25 }),
    lifetimeText: lifetimeEstimate === undefined ? 'Beyond 25 years' : `${lifetimeEstimate} days`,
    lifetimeSpaceWeather: 'series',
    lifetimeSpaceWeatherSource: 'series',
    periodChangeSecondsPerDay: -0.01,
    modelSpread: { value: 0.1, level: 'green', of: 'lifetime', nrlmsise00: 1, jb2008: 1.1 },
    source: 'computed',
    decayForecast: [],
    used: { inclinationDeg: 51.6, orbitalSpeedKmPerS: 7.6, relativeSpeedKmPerS: 7.2, f107: 140, kp: 3, ap: 15, ballisticCoefficientKgPerM2: 50, attitude: 'nominal' },
    notes: [],
  };
}
