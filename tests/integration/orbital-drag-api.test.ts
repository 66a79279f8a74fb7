import { eciToGeodetic, degreesLat, degreesLong, gstime, propagate, twoline2satrec } from 'satellite.js';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DensityProfileResponse,
  NrlmsiseRealResponse,
  PredictionsResponse,
  RealtimeResponse,
  SpaceWeatherForecastResponse,
  SpaceWeatherLookup,
} from '../../src/contracts/orbital-drag.ts';
import { jb2008Density } from '../../src/core/atmosphere/jb2008/index.ts';
import { gtd7d, nrlmsiseDensity, nrlmsiseFlags, nrlmsiseTimeInputs, type NrlmsiseApArray } from '../../src/core/atmosphere/nrlmsise00/index.ts';
import { FLEET } from '../../src/core/catalog/index.ts';
import { confidenceFromSpread, j2SecularRates, meanOrbitFromElementSet, modelSpread, predictLifetime } from '../../src/core/drag/index.ts';
import { formatTle } from '../../src/core/elements/index.ts';
import { utcMs } from '../../src/core/units.ts';
import { seedDemoCatalog, useTestApp } from './support/app.ts';
import { HAS_REFERENCE, readReference } from './support/reference.ts';

// The Orbital Drag page's endpoints on PGlite, with a small demo catalogue (its fleet has element-set
// epochs within a day of now), first with no space weather imported (the offline default), then with
// CelesTrak's SW-All file.

const server = useTestApp({
  name: 'drag',
  env: { DEMO_CATALOG: 'off' },
  // The named objects (fleet, adversaries) plus 200 generic ones: the fleet is what these endpoints read.
  prepare: (ctx) => seedDemoCatalog(ctx, 200),
});

const get = async (url: string) => {
  const res = await server.app.inject({ url });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
};

/** ω⊕ of the IERS conventions (rad/s), for an independent v − ω × r. */
const OMEGA = 7.292115e-5;
const GEO = new Set(['AMOS-3', 'AMOS-4', 'AMOS-17', 'DROR 1']);
const relative = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);

/** Spec §9 bands, written out again here: under 1 % stable, 1–5 % slight, 5–15 %, over 15 % strong. */
function band(change: number): string {
  const size = Math.abs(change);
  const direction = change > 0 ? 'increase' : 'decrease';
  if (size < 1) return 'stable';
  if (size > 15) return `strong ${direction}`;
  return size >= 5 ? direction : `slight ${direction}`;
}

/** The README moderate case (shared/reference/atmosphere/README.md): day 80, 12:00 UT, 0° N 0° E, F10.7 = F10.7A = 150, Ap 15. */
const MODERATE_TIME = '2026-03-21T12:00:00Z';
const MODERATE_NRLMSISE = { 200: '3.347e-10', 400: '6.775e-12', 600: '3.885e-13' } as const;

/** gtd7d on the inputs an answer states, as the C release would be called with them. */
function gtd7dOf(time: string, lat: number, lon: number, alt: number, inputs: { f107: number; f107A: number; ap: number; apArray: number[] | null }) {
  const { doy, sec, lst } = nrlmsiseTimeInputs(utcMs(Date.parse(time)), lon);
  const apArray = inputs.apArray ? (inputs.apArray as unknown as NrlmsiseApArray) : undefined;
  return gtd7d(
    { doy, sec, alt, g_lat: lat, g_long: lon, lst, f107A: inputs.f107A, f107: inputs.f107, ap: inputs.ap, ...(apArray ? { apArray } : {}) },
    nrlmsiseFlags({ units: 'si', apArray: apArray !== undefined }),
  );
}

describe('with no space weather imported (the offline default)', () => {
  it('GET /api/orbital-drag/realtime: the fleet’s LEO satellites, drag from NRLMSISE-00 at their SGP4 positions', async () => {
    const body = RealtimeResponse.parse(await get('/api/orbital-drag/realtime'));
    expect(body.systemStatus).toBe('Degraded');
    expect(body.space_weather).toEqual({ data_source: 'Offline default: F10.7 150, Ap 15', f107: 150, f107a: 150, kp_index: 3, ap: 15, status: 'default' });
    expect(body.dataLatency).toBe('no observed space weather');
    expect(new Date(body.lastUpdate).getUTCSeconds()).toBe(0);
    expect(body.drag_data.map((r) => r.satellite).sort()).toEqual(FLEET.map((f) => f.name).filter((n) => !GEO.has(n)).sort());

    const when = new Date(body.lastUpdate);
    for (const row of body.drag_data) {
      // Position, density and force again, through satellite.js's own propagation and geodetic conversion.
      const set = server.ctx.services.catalog.entry(row.norad_id)!.set;
      const { line1, line2 } = formatTle(set);
      const pv = propagate(twoline2satrec(line1, line2), when);
      if (!pv) throw new Error(`satellite.js could not propagate ${row.satellite}`);
      const geo = eciToGeodetic(pv.position, gstime(when));
      expect(row.latitude).toBeCloseTo(degreesLat(geo.latitude), 3);
      expect(Math.abs(((row.longitude - degreesLong(geo.longitude) + 540) % 360) - 180)).toBeLessThan(1e-3);
      expect(Math.abs(row.altitude - geo.height)).toBeLessThan(0.1);
      const rho = nrlmsiseDensity({ time: utcMs(when.getTime()), latitudeDeg: degreesLat(geo.latitude), longitudeDeg: degreesLong(geo.longitude), altitudeKm: geo.height, f107: 150, f107A: 150, ap: 15 }).densityKgPerM3;
      expect(relative(row.atmospheric_density, rho)).toBeLessThan(2e-3);
      const { x, y, z } = pv.position;
      const v = pv.velocity;
      const vRel = Math.hypot(v.x + OMEGA * y, v.y - OMEGA * x, v.z) * 1000;
      expect(Math.abs(Math.hypot(x, y, z))).toBeGreaterThan(6500);
      const { mass_kg, area_m2, drag_coefficient } = row.drag_properties;
      expect(relative(row.current_drag, 0.5 * rho * vRel * vRel * drag_coefficient * area_m2)).toBeLessThan(3e-3);
      expect(row.drag_acceleration).toBeCloseTo(row.current_drag / mass_kg, 15);
      expect(row.trend_7d).toBe(band(row.change_7d_percent));
      expect(row.trend_24h).toBe(Math.abs(row.change_24h_percent) < 1 ? 'stable' : row.change_24h_percent > 0 ? 'up' : 'down');
      expect(row.change_7d_percent).toBeCloseTo(((row.predicted_7d - row.current_drag) / row.current_drag) * 100, 9);
    }
    // Presets for the OFEQs (spec §3), the catalogued mass otherwise, the stated default without one.
    const byName = new Map(body.drag_data.map((r) => [r.satellite, r.drag_properties]));
    expect(byName.get('OFEQ-16')).toMatchObject({ mass_kg: 400, area_m2: 3.2, drag_coefficient: 2.3, source: 'product spec §3 preset Ofeq-16' });
    expect(byName.get('OFEQ-9')).toMatchObject({ mass_kg: 300, area_m2: 2.4, drag_coefficient: 2.2 });
    expect(byName.get('EROS B')).toMatchObject({ mass_kg: 290, drag_coefficient: 2.2 });
    expect(byName.get('EROS B')!.area_m2).toBeCloseTo(290 * (2.725 / 337.5), 12);
    expect(byName.get('EROS C3')).toMatchObject({ mass_kg: 337.5, area_m2: 2.725, drag_coefficient: 2.2 });
    expect(byName.get('EROS C3')!.source).toMatch(/^no mass or area known/);

    // Model accuracy: the confidence of model-spread.ts from the mean NRLMSISE-00/JB2008 spread of the rows.
    const spreads = body.drag_data.map((r) => modelSpread([r.atmospheric_density, r.jb2008_density!]));
    const mean = spreads.reduce((s, v) => s + v, 0) / spreads.length;
    expect(body.modelSpread.value).toBeCloseTo(mean, 14);
    expect(body.modelAccuracy).toBe(confidenceFromSpread(mean));

    // The time series: 3-hourly, NRLMSISE-00 at 32° N, 35° E, 400 km with the default level.
    expect(body.time_series).toHaveLength(17);
    for (const p of body.time_series) {
      const expected = nrlmsiseDensity({ time: utcMs(Date.parse(p.timestamp)), latitudeDeg: 32, longitudeDeg: 35, altitudeKm: 400, f107: 150, f107A: 150, ap: 15 }).densityKgPerM3;
      expect(p.density).toBe(expected);
      expect(p).toMatchObject({ f107: 150, ap: 15, kp: 3, status: 'default' });
    }
    const times = body.time_series.map((p) => Date.parse(p.timestamp));
    expect(times[1]! - times[0]!).toBe(3 * 3_600_000);
    expect(times[16]! - times[0]!).toBe(48 * 3_600_000);
  });

  it('computes the realtime answer once a minute (the page polls every 30 s)', async () => {
    const a = RealtimeResponse.parse(await get('/api/orbital-drag/realtime'));
    const b = RealtimeResponse.parse(await get('/api/orbital-drag/realtime'));
    if (a.lastUpdate === b.lastUpdate) expect(b).toEqual(a);
    else expect(Date.parse(b.lastUpdate) - Date.parse(a.lastUpdate)).toBe(60_000);
  });

  it('GET /api/orbital-drag/space-weather: parameters, drag impacts and a data advisory instead of storm alerts', async () => {
    const body = SpaceWeatherForecastResponse.parse(await get('/api/orbital-drag/space-weather'));
    expect(body.data_source).toBe('Offline default: F10.7 150, Ap 15');
    expect(body.forecast.map((f) => f.parameter)).toEqual(['F10.7 Solar Flux', 'F10.7 81-day Mean', 'Kp Index', 'Ap Index', 'Exospheric Temperature', 'Density at 400 km']);
    const flux = body.forecast[0]!;
    expect(flux).toMatchObject({ current: 150, forecast: 150, unit: 'sfu', change: '0.0%', status: 'default' });
    // Each impact is the spec's band of its drag multiple.
    for (const f of body.forecast) {
      expect(f.impact).toBe(f.drag_factor >= 3 ? 'Critical' : f.drag_factor >= 2 ? 'High' : f.drag_factor >= 1.5 ? 'Moderate' : 'Minimal');
    }
    // The density row's multiple: NRLMSISE-00 at 400 km with 150/150/15 over the long-term mean 121.5/121.5/12.8.
    const time = utcMs(Date.parse(body.timestamp));
    const at = (f107: number, ap: number) => nrlmsiseDensity({ time, latitudeDeg: 32, longitudeDeg: 35, altitudeKm: 400, f107, f107A: f107, ap }).densityKgPerM3;
    const density = body.forecast[5]!;
    expect(density.current).toBe(at(150, 15));
    expect(density.drag_factor).toBeCloseTo(at(150, 15) / at(121.5, 12.8), 12);
    expect(body.alerts).toEqual([
      expect.objectContaining({ type: 'Space Weather Data', level: 'Advisory', message: 'No space weather imported: Offline default: F10.7 150, Ap 15 assumed' }),
    ]);
  });

  it('GET /api/orbital-drag/nrlmsise-real: the README moderate case, and the model inputs it states', async () => {
    const body = NrlmsiseRealResponse.parse(await get(`/api/orbital-drag/nrlmsise-real?lat=0&lon=0&alt=400&time=${MODERATE_TIME}`));
    expect(body.density.toPrecision(4)).toBe(MODERATE_NRLMSISE[400]);
    expect(body).toMatchObject({ f107: 150, f107a: 150, ap: 15, kp: 3, location: { lat: 0, lon: 0, alt_km: 400 }, model: 'NRLMSISE-00', data_source: 'Offline default: F10.7 150, Ap 15' });
    const { d, t } = gtd7dOf(MODERATE_TIME, 0, 0, 400, body.inputs);
    expect(body.density).toBe(d[5]);
    expect(body.temperature).toBe(t[1]);
    expect(body.exospheric_temperature).toBe(t[0]);
  });

  it('GET /api/orbital-drag/nrlmsise-real answers 400 naming the parameter that is missing, not a number or out of range', async () => {
    const cases: [string, string][] = [
      ['lon=35&alt=400', 'querystring.lat: is required (latitude, -90 to 90 degrees)'],
      ['lat=32&alt=400', 'querystring.lon: is required (longitude, -180 to 360 degrees east)'],
      ['lat=32&lon=35', 'querystring.alt: is required (altitude, 0 to 1000 km)'],
      ['lat=abc&lon=35&alt=400', 'querystring.lat: must be a number (latitude, -90 to 90 degrees)'],
      ['lat=32&lon=&alt=400', 'querystring.lon: must be a number (longitude, -180 to 360 degrees east)'],
      ['lat=32&lon=35&alt=4e', 'querystring.alt: must be a number (altitude, 0 to 1000 km)'],
      ['lat=91&lon=35&alt=400', 'querystring.lat: must be between -90 and 90 degrees'],
      ['lat=-90.5&lon=35&alt=400', 'querystring.lat: must be between -90 and 90 degrees'],
      ['lat=32&lon=-181&alt=400', 'querystring.lon: must be between -180 and 360 degrees east'],
      ['lat=32&lon=360.1&alt=400', 'querystring.lon: must be between -180 and 360 degrees east'],
      ['lat=32&lon=35&alt=-1', 'querystring.alt: must be between 0 and 1000 km'],
      ['lat=32&lon=35&alt=1001', 'querystring.alt: must be between 0 and 1000 km'],
      ['lat=1&lat=2&lon=35&alt=400', 'querystring.lat: must be one number (latitude)'],
      ['lat=32&lon=35&alt=400&time=noon', 'querystring.time: must be an ISO 8601 time, e.g. 2026-03-21T12:00:00Z'],
    ];
    for (const [query, message] of cases) {
      const res = await server.app.inject({ url: `/api/orbital-drag/nrlmsise-real?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toEqual({ message: `Invalid request: ${message}` });
    }
    // The limits themselves are accepted.
    for (const query of ['lat=-90&lon=-180&alt=0', 'lat=90&lon=360&alt=1000', 'lat=+45.5&lon=1e2&alt=500']) {
      expect((await server.app.inject({ url: `/api/orbital-drag/nrlmsise-real?${query}` })).statusCode, query).toBe(200);
    }
  });

  it('GET /api/orbital-drag/density-profile: 13 altitudes; NRLMSISE-00 and JB2008 computed, the other three the spec’s multiples, and it says so', async () => {
    const body = DensityProfileResponse.parse(await get(`/api/orbital-drag/density-profile?time=${MODERATE_TIME}&lat=0&lon=0`));
    expect(body.data.map((r) => r.altitude)).toEqual([100, 125, 150, 175, 200, 250, 300, 350, 400, 450, 500, 550, 600]);
    expect(body.inputs).toMatchObject({ f107: 150, f107A: 150, ap: 15, apArray: null });
    for (const row of body.data) {
      const { d, t } = gtd7dOf(MODERATE_TIME, 0, 0, row.altitude, body.inputs);
      expect(row.nrlmsise).toBe(d[5]);
      expect(row.temperature).toBe(t[1]);
      expect(row.dtm2020).toBe(1.08 * row.nrlmsise);
      expect(row.tiegcm).toBe(1.25 * row.nrlmsise);
      expect(row.msis86).toBe(0.92 * row.nrlmsise);
      // JB2008 on the stated indices; at the equator geocentric and geodetic latitude are both 0.
      const jb = jb2008Density({ time: utcMs(Date.parse(MODERATE_TIME)), latitudeDeg: 0, longitudeDeg: 0, altitudeKm: row.altitude, indices: body.inputs.jb2008 });
      expect(row.jb2008).toBe(jb.densityKgPerM3);
    }
    for (const [alt, value] of Object.entries(MODERATE_NRLMSISE)) {
      expect(body.data.find((r) => r.altitude === Number(alt))!.nrlmsise.toPrecision(4)).toBe(value);
    }
    // JB2008's storm term from Ap 15 (ΔTc 85 K) puts it above the README's ΔTc = 50 K value at 400 km (6.875e-12) and
    // within 25 % of NRLMSISE-00.
    expect(body.data[8]!.jb2008).toBeGreaterThan(6.875e-12);
    expect(relative(body.data[8]!.jb2008, body.data[8]!.nrlmsise)).toBeLessThan(0.25);
    // Never label an estimate as a model run (DECISIONS.md §1, §8).
    expect(body.source).toContain('NRLMSISE-00');
    expect(body.source).toContain('DTM-2020 = 1.08 × NRLMSISE-00, TIE-GCM = 1.25 × NRLMSISE-00, MSIS-86 = 0.92 × NRLMSISE-00');
    expect(body.source).toContain('not implemented');
    expect(body.columns.dtm2020).toMatch(/^DTM-2020 not implemented: estimated as 1.08 × NRLMSISE-00/);
    expect(body.columns.tiegcm).toMatch(/^TIE-GCM not implemented: estimated as 1.25 × NRLMSISE-00/);
    expect(body.columns.msis86).toMatch(/^MSIS-86 not implemented: estimated as 0.92 × NRLMSISE-00/);
    expect(body.columns.nrlmsise).toMatch(/computed$/);
    // Nothing of SET's imported: the JB2008 column names its stand-ins.
    expect(body.columns.jb2008).toMatch(/^JB2008 \(Bowman et al\. 2008\), computed; S10, M10, Y10 are not in CelesTrak SW-All or NOAA SWPC: S10 = M10 = Y10 = observed F10\.7/);
    // Composition by altitude: NRLMSISE-00 number densities, as gtd7d gives them (d[0..4], d[6], d[7], m^-3).
    const at400 = body.data.find((r) => r.altitude === 400)!;
    const direct = gtd7dOf(MODERATE_TIME, 0, 0, 400, body.inputs).d;
    expect(at400.composition).toEqual({ he: direct[0], o: direct[1], n2: direct[2], o2: direct[3], ar: direct[4], h: direct[6], n: direct[7] });
    expect(at400.composition!.o).toBeGreaterThan(at400.composition!.n2);
    expect(body.columns.composition).toMatch(/^NRLMSISE-00 number densities/);

    const now = DensityProfileResponse.parse(await get('/api/orbital-drag/density-profile'));
    expect(now.location).toEqual({ lat: 32, lon: 35 });
    expect(new Date(now.timestamp).getUTCSeconds()).toBe(0);
    const bad = await server.app.inject({ url: '/api/orbital-drag/density-profile?lat=100' });
    expect(bad.json()).toEqual({ message: 'Invalid request: querystring.lat: must be between -90 and 90 degrees' });
  });

  it('GET /api/orbital-drag/predictions: 30-day decay of the four OFEQs from predictLifetime', async () => {
    const body = PredictionsResponse.parse(await get('/api/orbital-drag/predictions'));
    expect(body.days).toBe(30);
    expect(body.satellites.map((s) => s.satellite)).toEqual(['OFEQ-16', 'OFEQ-13', 'OFEQ-11', 'OFEQ-9']);
    const time = utcMs(Date.parse(body.generated));
    for (const s of body.satellites) {
      expect(s.points.map((p) => p.day)).toEqual(Array.from({ length: 31 }, (_, d) => d));
      for (let i = 1; i < s.points.length; i++) expect(s.points[i]!.altitude).toBeLessThan(s.points[i - 1]!.altitude);
      // A month at a slowly changing rate: the loss is about 30 days of today's rate.
      expect(s.altitude_loss_30d / (30 * s.decay_rate)).toBeGreaterThan(0.8);
      expect(s.altitude_loss_30d / (30 * s.decay_rate)).toBeLessThan(1.25);
      // Near 500 km at the offline default flux JB2008 has a density throughout: its loss is a number.
      expect(s.jb2008_altitude_loss_30d).not.toBeNull();
      expect(relative(s.jb2008_altitude_loss_30d!, s.altitude_loss_30d)).toBeLessThan(0.3);
      expect(body.chart.map((row) => row[s.satellite])).toEqual(s.points.map((p) => p.altitude));
      // The same integration called directly: the element set's mean orbit, node and perigee moved to now by J2.
      const set = server.ctx.services.catalog.entry(s.norad_id)!.set;
      const { epoch, orbit } = meanOrbitFromElementSet(set);
      const rates = j2SecularRates(orbit);
      const dt = (time - epoch) / 1000;
      const { mass_kg, area_m2, drag_coefficient } = s.drag_properties;
      const direct = predictLifetime(
        {
          epoch: time,
          orbit: { ...orbit, raanRad: orbit.raanRad + rates.raanRate * dt, argPerigeeRad: orbit.argPerigeeRad + rates.argPerigeeRate * dt },
          dragParameterM2PerKg: (drag_coefficient * area_m2) / mass_kg,
          model: 'nrlmsise00',
          spaceWeather: () => ({ f107: 150, f107A: 150, ap: 15 }),
        },
        { capYears: 30 / 365.25, dailyDays: 30 },
      );
      expect(s.points.map((p) => p.altitude)).toEqual(direct.daily.map((p) => p.altitudeKm));
    }
  });
});

describe.skipIf(!HAS_REFERENCE)('with CelesTrak SW-All imported', () => {
  beforeAll(async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/space-weather/import?name=SW-All_1998-2026.csv',
      headers: { 'content-type': 'text/csv' },
      payload: readReference('spaceweather/SW-All_1998-2026.csv'),
    });
    expect(res.statusCode).toBe(200);
  }, 60_000);

  it('realtime names the real source and uses the series’ values for now (the cache is dropped on import)', async () => {
    const body = RealtimeResponse.parse(await get('/api/orbital-drag/realtime'));
    const lookup = SpaceWeatherLookup.parse(await get(`/api/space-weather?time=${body.lastUpdate}`));
    expect(body.space_weather.data_source).toBe(lookup.data_source);
    expect(body.space_weather.data_source).toMatch(/^CelesTrak SW-All \(/);
    expect(body.space_weather).toMatchObject({ f107: lookup.f107.value, f107a: lookup.f107a.value, kp_index: lookup.kp.value, ap: lookup.ap.value, status: lookup.status });
    expect(body.systemStatus).toBe(lookup.status === 'default' ? 'Degraded' : 'Operational');
    // The newest observed value is the end of 2026-04-26 (its last 3-hour interval).
    expect(body.dataLatencySeconds).toBe(Math.round((Date.parse(body.lastUpdate) - Date.parse('2026-04-27T00:00:00Z')) / 1000));
  });

  it('space-weather raises NOAA G-scale alerts from observed Kp: G4 on 10 May 2024, G1 on 18 April 2026, none on a quiet day', async () => {
    const storm = SpaceWeatherForecastResponse.parse(await get('/api/orbital-drag/space-weather?time=2024-05-10T22:30:00Z'));
    expect(storm.data_source).toBe('CelesTrak SW-All (observed)');
    // 21–24 UT: Kp 9− (G4, "Major" = red by the spec's colour rule); in the next 24 h 9o (G5).
    expect(storm.alerts[0]).toMatchObject({ type: 'Geomagnetic Storm', level: 'Major', scale: 'G4', message: 'G4 (Severe) geomagnetic storm: Kp 9− (observed, 2024-05-10T21:00Z/+3h)' });
    expect(storm.alerts[1]).toMatchObject({ type: 'Geomagnetic Storm Watch', level: 'Major', scale: 'G5' });
    expect(storm.alerts[2]).toMatchObject({ type: 'Atmospheric Drag', level: 'Major' });
    const kp = storm.forecast.find((f) => f.parameter === 'Kp Index')!;
    // KP8 of 10 May is 87 (9−), KP8 of 11 May 77 (8−).
    expect(kp).toMatchObject({ current: 26 / 3, forecast: 23 / 3, change: '-1.00', status: 'observed' });
    const flux = storm.forecast[0]!;
    // F10.7 of the previous day (9 May: 233.2) now, and of 10 May (223.4) for tomorrow.
    expect(flux).toMatchObject({ current: 233.2, forecast: 223.4, status: 'observed' });

    const minor = SpaceWeatherForecastResponse.parse(await get('/api/orbital-drag/space-weather?time=2026-04-18T07:00:00Z'));
    expect(minor.alerts[0]).toMatchObject({ type: 'Geomagnetic Storm', level: 'Minor', scale: 'G1', message: 'G1 (Minor) geomagnetic storm: Kp 5+ (observed, 2026-04-18T06:00Z/+3h)' });

    const quiet = SpaceWeatherForecastResponse.parse(await get('/api/orbital-drag/space-weather?time=2026-04-14T12:00:00Z'));
    expect(quiet.alerts).toEqual([]);
    expect(quiet.forecast[0]).toMatchObject({ current: 98.7, status: 'observed' });
  });

  it('the density profile on a storm day uses the observed ap history, as gtd7d does with it', async () => {
    const time = '2024-05-11T01:30:00Z';
    const body = DensityProfileResponse.parse(await get(`/api/orbital-drag/density-profile?time=${time}`));
    expect(body.data_source).toBe('CelesTrak SW-All (observed)');
    expect(body.inputs).toMatchObject({ f107: 223.4, f107A: 177.1, ap: 271 });
    // Daily Ap 271; 3-hour ap of 00–03 UT 400; 3, 6 and 9 h before: 300, 300, 179.
    expect(body.inputs.apArray!.slice(0, 5)).toEqual([271, 400, 300, 300, 179]);
    for (const row of body.data) {
      const { d } = gtd7dOf(time, 32, 35, row.altitude, body.inputs);
      expect(row.nrlmsise).toBe(d[5]);
    }
    const reading = NrlmsiseRealResponse.parse(await get(`/api/orbital-drag/nrlmsise-real?lat=32&lon=35&alt=400&time=${time}`));
    expect(reading.density).toBe(body.data[8]!.nrlmsise);
    expect(reading).toMatchObject({ f107: 223.4, kp: 9, ap: 271 });
    // The storm: several times the quiet day's density at 400 km.
    const quiet = NrlmsiseRealResponse.parse(await get('/api/orbital-drag/nrlmsise-real?lat=32&lon=35&alt=400&time=2024-05-09T01:30:00Z'));
    expect(reading.density / quiet.density).toBeGreaterThan(2);
  });
});
