import { describe, expect, it } from 'vitest';
import { DragCalculationResult, DragCalculationsResponse } from '../../src/contracts/orbital-drag.ts';
import { nrlmsiseDensity } from '../../src/core/atmosphere/nrlmsise00/index.ts';
import { calculateDrag, confidenceFromSpread } from '../../src/core/drag/index.ts';
import { utcMs } from '../../src/core/units.ts';
import { useTestApp } from './support/app.ts';
import { HAS_REFERENCE, readReference } from './support/reference.ts';

// POST /api/drag-calculator/calculate and GET /api/drag-calculator/calculations through Fastify inject.

const server = useTestApp({ name: 'calc', env: { DEMO_CATALOG: 'off' } });

/** What the page sends for the Ofeq-16 preset (spec §3: 400 kg, 3.2 m², 450 km, Cd 2.3; the other fields at their defaults). */
const OFEQ_16 = {
  name: 'Ofeq-16',
  mass: 400,
  crossSectionalArea: 3.2,
  dragCoefficient: 2.3,
  altitude: 450,
  latitude: 32,
  longitude: 35,
  velocity: 7.66,
  solarFlux: 140,
  geomagnetic: 3,
  attitude: 'nominal',
  model: 'nrlmsise',
};

const calculate = (payload: unknown) => server.app.inject({ method: 'POST', url: '/api/drag-calculator/calculate', payload: payload as object });

describe('POST /api/drag-calculator/calculate', () => {
  it('computes the spec’s result fields with src/core/drag and stores the calculation', async () => {
    const res = await calculate(OFEQ_16);
    expect(res.statusCode).toBe(200);
    const result = DragCalculationResult.parse(res.json());
    expect(result).toMatchObject({ satellite: 'Ofeq-16', model: 'nrlmsise', lifetimeSpaceWeather: 'entered-constant', source: 'NRLMSISE-00 (Picone et al. 2002), computed' });
    expect(result.lifetimeSpaceWeatherSource).toBe('the entered conditions held constant (F10.7 140 sfu, Kp 3): no space weather imported');

    // The density is NRLMSISE-00 at the entered place with the entered conditions (Kp 3 → Ap 15) at the request's instant.
    const time = utcMs(Date.parse(result.createdAt));
    const rho = nrlmsiseDensity({ time, latitudeDeg: 32, longitudeDeg: 35, altitudeKm: 450, f107: 140, f107A: 140, ap: 15 }).densityKgPerM3;
    expect(result.atmosphericDensity).toBe(rho);
    // ½ ρ v² Cd A with the speed relative to the co-rotating air.
    const v = result.used.relativeSpeedKmPerS * 1000;
    expect(result.dragForce).toBeCloseTo(0.5 * rho * v * v * 2.3 * 3.2, 18);
    // The circular speed at 450 km, √(μ/a) = 7.640 km/s, is used; the sent 7.66 is within 0.05 km/s of it, so no note.
    expect(result.used.orbitalSpeedKmPerS).toBeCloseTo(Math.sqrt(398600.4418 / (6378.137 + 450)), 12);
    expect(result.notes.some((n) => n.startsWith('velocity'))).toBe(false);
    expect(result.used).toMatchObject({ f107: 140, kp: 3, ap: 15, attitude: 'nominal' });
    expect(result.used.ballisticCoefficientKgPerM2).toBeCloseTo(400 / (2.3 * 3.2), 12);
    // A satellite at 450 km comes down within the 25-year cap: days and years both given.
    expect(result.lifetimeEstimate).toBeGreaterThan(100);
    expect(result.lifetimeYears).toBeCloseTo(result.lifetimeEstimate! / 365.25, 12);
    expect(result.confidence).toBe(confidenceFromSpread(result.modelSpread.value));
    expect(result.decayForecast.map((p) => p.day)).toEqual(Array.from({ length: 31 }, (_, d) => d));
    expect(result.orbitDecayRate).toBeGreaterThan(0);

    // The whole calculation is core calculateDrag's, at the same instant.
    const direct = calculateDrag(OFEQ_16, { time });
    expect(result).toMatchObject({
      dragForce: direct.dragForce,
      atmosphericDensity: direct.atmosphericDensity,
      orbitDecayRate: direct.orbitDecayRate,
      confidence: direct.confidence,
      lifetimeEstimate: direct.lifetimeEstimate,
      lifetimeText: direct.lifetimeText,
    });

    const stored = await server.ctx.repositories.dragCalculations.latest(1);
    expect(stored[0]).toMatchObject({ id: result.id, satellite: 'Ofeq-16', model: 'nrlmsise' });
  });

  it('runs JB2008 and DTM-2020; DTM-2020 is the spec’s 1.08 × NRLMSISE-00 and says so', async () => {
    const jb = DragCalculationResult.parse((await calculate({ ...OFEQ_16, model: 'jb2008' })).json());
    expect(jb.source).toMatch(/^JB2008 \(Bowman et al\. 2008\), computed/);
    expect(jb.atmosphericDensity / jb.modelSpread.jb2008).toBeGreaterThan(0);
    const dtm = DragCalculationResult.parse((await calculate({ ...OFEQ_16, model: 'dtm2020' })).json());
    expect(dtm.source).toBe('DTM-2020 not implemented: estimated as 1.08 × NRLMSISE-00 (product spec §9 multiplier)');
    const time = utcMs(Date.parse(dtm.createdAt));
    const rho = nrlmsiseDensity({ time, latitudeDeg: 32, longitudeDeg: 35, altitudeKm: 450, f107: 140, f107A: 140, ap: 15 }).densityKgPerM3;
    expect(dtm.atmosphericDensity).toBe(1.08 * rho);
  });

  it('answers 400 naming each bad field, and stores nothing', async () => {
    const before = await server.ctx.repositories.dragCalculations.count();
    const { name: _name, ...noName } = OFEQ_16;
    const { model: _model, ...noModel } = OFEQ_16;
    const cases: [unknown, string][] = [
      [noName, 'body.name: is required'],
      [{ ...OFEQ_16, name: '  ' }, "body.name: must be a non-empty text, got '  '"],
      [{ ...OFEQ_16, mass: 0 }, 'body.mass: must be a positive number of kilograms, got 0'],
      [{ ...OFEQ_16, mass: -400 }, 'body.mass: must be a positive number of kilograms, got -400'],
      [{ ...OFEQ_16, mass: '400' }, 'body.mass: must be a number (kg)'],
      [{ ...OFEQ_16, crossSectionalArea: 0 }, 'body.crossSectionalArea: must be a positive number of square metres, got 0'],
      [{ ...OFEQ_16, crossSectionalArea: -3.2 }, 'body.crossSectionalArea: must be a positive number of square metres, got -3.2'],
      [noModel, 'body.model: is required: one of nrlmsise, jb2008, dtm2020'],
      [{ ...OFEQ_16, model: 'msis86' }, 'body.model: must be one of nrlmsise, jb2008, dtm2020'],
      [{ ...OFEQ_16, altitude: 50 }, 'body.altitude: must be between 100 and 2000 km, got 50'],
      [{ ...OFEQ_16, altitude: 2500 }, 'body.altitude: must be between 100 and 2000 km, got 2500'],
      [{ ...OFEQ_16, mass: 0, crossSectionalArea: 0 }, 'body.mass: must be a positive number of kilograms, got 0; body.crossSectionalArea: must be a positive number of square metres, got 0'],
    ];
    for (const [payload, message] of cases) {
      const res = await calculate(payload);
      expect(res.statusCode, message).toBe(400);
      expect(res.json(), message).toEqual({ message: `Invalid request: ${message}` });
    }
    const notJson = await server.app.inject({ method: 'POST', url: '/api/drag-calculator/calculate', headers: { 'content-type': 'application/json' }, payload: '{"name":' });
    expect(notJson.statusCode).toBe(400);
    expect(await server.ctx.repositories.dragCalculations.count()).toBe(before);
  });
});

describe('GET /api/drag-calculator/calculations', () => {
  it('lists the newest calculations first with the total ("Showing last 3 calculations (N total)")', async () => {
    for (const name of ['Ofeq-13', 'Ofeq-11', 'Ofeq-9']) await calculate({ ...OFEQ_16, name });
    const all = DragCalculationsResponse.parse((await server.app.inject({ url: '/api/drag-calculator/calculations' })).json());
    expect(all.total).toBe(6);
    expect(all.calculations.map((c) => c.satellite)).toEqual(['Ofeq-9', 'Ofeq-11', 'Ofeq-13', 'Ofeq-16', 'Ofeq-16', 'Ofeq-16']);
    const last3 = DragCalculationsResponse.parse((await server.app.inject({ url: '/api/drag-calculator/calculations?limit=3' })).json());
    expect(last3).toEqual({ total: 6, calculations: all.calculations.slice(0, 3) });
    for (const [limit, message] of [
      ['0', 'must be between 1 and 100 calculations'],
      ['abc', 'must be a number (how many, newest first, 1 to 100 calculations)'],
      ['2.5', 'must be a whole number'],
    ]) {
      const res = await server.app.inject({ url: `/api/drag-calculator/calculations?limit=${limit}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: `Invalid request: querystring.limit: ${message}` });
    }
  });
});

describe.skipIf(!HAS_REFERENCE)('with space weather imported', () => {
  it('integrates the lifetime through the imported series and says so', async () => {
    const imported = await server.app.inject({
      method: 'POST',
      url: '/api/space-weather/import?name=SW-All_1998-2026.csv',
      headers: { 'content-type': 'text/csv' },
      payload: readReference('spaceweather/SW-All_1998-2026.csv'),
    });
    expect(imported.statusCode).toBe(200);
    const result = DragCalculationResult.parse((await calculate(OFEQ_16)).json());
    expect(result.lifetimeSpaceWeather).toBe('series');
    expect(result.lifetimeSpaceWeatherSource).toBe('CelesTrak SW-All series from now (observed, then predictions), then the long-term mean F10.7 121.5, Ap 12.8');
    // The point's density still uses the entered conditions (the request carries them).
    const rho = nrlmsiseDensity({ time: utcMs(Date.parse(result.createdAt)), latitudeDeg: 32, longitudeDeg: 35, altitudeKm: 450, f107: 140, f107A: 140, ap: 15 }).densityKgPerM3;
    expect(result.atmosphericDensity).toBe(rho);
  }, 60_000);
});
