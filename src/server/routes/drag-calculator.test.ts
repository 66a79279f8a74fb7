import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DragCalculationResult } from '../../contracts/orbital-drag.ts';
import type { AppContext } from '../app-context.ts';
import { registerErrorHandling } from '../http/error-handler.ts';
import { registerInputGuards } from '../http/input-guards.ts';
import type { DragCalculationRepository } from '../repositories/drag-calculation-repository.ts';
import { DragCalculatorService } from '../services/drag-calculator-service.ts';
import type { SpaceWeatherService } from '../services/space-weather-service.ts';
import { dragCalculatorRoutes } from './drag-calculator.ts';

// POST /api/drag-calculator/calculate with the inputs that were 500s (issue 12): area 1e308, mass 1e-300 and
// area 2^53+2 sent a NaN into a recursive gcd; a NUL in the name could not be stored. The service is the real
// one; its store is an in-memory list (the database's part is tested in tests/integration/drag-calculator-api).
let app: FastifyInstance;
const stored: { satellite: string }[] = [];

beforeAll(async () => {
  const repo = {
    async insert(row: { createdAt: Date; satellite: string; model: string; input: unknown; result: unknown }) {
      stored.push(row);
      return { id: stored.length, ...row };
    },
  } as unknown as DragCalculationRepository;
  const spaceWeather = { snapshot: async () => ({ imported: false }) } as unknown as SpaceWeatherService;
  const ctx = { services: { dragCalculator: new DragCalculatorService(repo, spaceWeather) } } as unknown as AppContext;
  app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerInputGuards(app);
  await app.register(dragCalculatorRoutes, { ctx });
  await app.ready();
});
afterAll(() => app?.close());

const OFEQ_16 = { name: 'Ofeq-16', mass: 400, crossSectionalArea: 3.2, dragCoefficient: 2.3, altitude: 450, model: 'nrlmsise' };
const calculate = (payload: object) => app.inject({ method: 'POST', url: '/api/drag-calculator/calculate', payload });

describe('POST /api/drag-calculator/calculate at the edges', () => {
  it('answers 400 naming the field for the inputs that overflowed, and stores nothing', async () => {
    const cases: [object, string][] = [
      [{ crossSectionalArea: 1e308 }, 'body.crossSectionalArea: must be at most 10000 square metres, got 1e+308'],
      [{ mass: 1e-300 }, 'body.mass: must be at least 0.001 kilograms, got 1e-300'],
      [{ crossSectionalArea: 2 ** 53 + 2 }, 'body.crossSectionalArea: must be at most 10000 square metres, got 9007199254740994'],
      [{ mass: -1e308 }, 'body.mass: must be a positive number of kilograms, got -1e+308'],
      [{ name: 'Ofeq\u000016' }, 'body.name: must not contain a NUL character (U+0000)'],
    ];
    for (const [change, message] of cases) {
      const res = await calculate({ ...OFEQ_16, ...change });
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toEqual({ message: `Invalid request: ${message}` });
    }
    expect(stored).toEqual([]);
  });

  it('answers 400 naming the solar flux where JB2008 has no density on the way down, and stores nothing', async () => {
    const res = await calculate({ ...OFEQ_16, name: 'Sail', mass: 0.001, crossSectionalArea: 10_000, dragCoefficient: 10, altitude: 2000, solarFlux: 400, geomagnetic: 9 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Invalid request: body\.solarFlux: JB2008 has no positive density at 1\d{3} km for an 81-day F10\.7 of 400 sfu: .*lower the solar flux/);
    expect(stored).toEqual([]);
  });

  it('answers the largest drag the ranges allow with finite numbers', async () => {
    // 375 sfu: about the highest flux JB2008's correction above 1000 km covers (core/drag/density.ts).
    const res = await calculate({ ...OFEQ_16, name: 'Sail', mass: 0.001, crossSectionalArea: 10_000, dragCoefficient: 10, altitude: 2000, solarFlux: 375, geomagnetic: 9 });
    expect(res.statusCode).toBe(200);
    const result = DragCalculationResult.parse(res.json());
    expect(result.used.ballisticCoefficientKgPerM2).toBeCloseTo(1e-8, 20);
    expect(result.lifetimeEstimate).toBeGreaterThan(0);
    expect(Number.isFinite(result.orbitDecayRate) && Number.isFinite(result.dragForce) && Number.isFinite(result.periodChangeSecondsPerDay)).toBe(true);
    expect(stored.map((s) => s.satellite)).toEqual(['Sail']);
  }, 30_000);
});
