import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_MONEY_USD, MAX_SATELLITES, RoiResponse } from '../../contracts/calculator.ts';
import { registerErrorHandling } from '../http/error-handler.ts';
import { calculatorRoutes } from './calculator.ts';

// POST /api/calculator/roi at the edges of its contract: 1e308 was a 500 (Infinity failed the response schema).
let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  await app.register(calculatorRoutes);
  await app.ready();
});
afterAll(() => app?.close());

const DEFAULTS = {
  satellites: 100,
  costPerSatellite: 100_000,
  annualLossRate: 0.05,
  preventionRate: 0.1,
  annualInsurance: 1_000_000,
  insuranceDiscount: 0.05,
  annualFuelSavings: 10_000,
  annualRevenueAtRisk: 1_000_000,
  preventedDowntime: 0.1,
  dataServiceCost: 150_000,
};
const roi = (payload: object) => app.inject({ method: 'POST', url: '/api/calculator/roi', payload });

describe('POST /api/calculator/roi bounds', () => {
  it('answers 400 naming the field for 1e308, -1e308, a rate above 100 % and a cost below a cent', async () => {
    const cases: [object, string][] = [
      [{ costPerSatellite: 1e308 }, 'body.costPerSatellite: Too big: expected number to be <=1000000000000000'],
      [{ annualRevenueAtRisk: -1e308 }, 'body.annualRevenueAtRisk: Too small: expected number to be >=0'],
      [{ preventionRate: 2 }, 'body.preventionRate: Too big: expected number to be <=1'],
      [{ dataServiceCost: 1e-300 }, 'body.dataServiceCost: must be 0 or at least 0.01 (one cent)'],
      [{ satellites: 2147483648 }, 'body.satellites: Too big: expected number to be <=1000000'],
    ];
    for (const [change, message] of cases) {
      const res = await roi({ ...DEFAULTS, ...change });
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toEqual({ message: `Invalid request: ${message}` });
    }
    const infinite = await app.inject({ method: 'POST', url: '/api/calculator/roi', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(DEFAULTS).replace('150000', '1e400') });
    expect(infinite.statusCode).toBe(400);
    expect(infinite.json().message).toMatch(/^Invalid request: body\.dataServiceCost: /);
  });

  it('gives finite results at the largest accepted inputs and the smallest positive cost', async () => {
    const largest = {
      satellites: MAX_SATELLITES,
      costPerSatellite: MAX_MONEY_USD,
      annualLossRate: 1,
      preventionRate: 1,
      annualInsurance: MAX_MONEY_USD,
      insuranceDiscount: 1,
      annualFuelSavings: MAX_MONEY_USD,
      annualRevenueAtRisk: MAX_MONEY_USD,
      preventedDowntime: 1,
      dataServiceCost: 0.01,
    };
    const res = await roi(largest);
    expect(res.statusCode).toBe(200);
    const body = RoiResponse.parse(res.json());
    expect(body.totalSavings / (1e21 + 3e15)).toBeCloseTo(1, 12);
    expect(body.roiPercent / ((1e21 + 3e15) * 1e4)).toBeCloseTo(1, 12);
    expect(body.paybackMonths).toBe(0);
    for (const value of Object.values(body)) if (value !== null) expect(Number.isFinite(value)).toBe(true);

    const costly = await roi({ ...DEFAULTS, satellites: 0, annualInsurance: 0, annualFuelSavings: 0.01, annualRevenueAtRisk: 0, dataServiceCost: MAX_MONEY_USD });
    expect(costly.statusCode).toBe(200);
    expect(costly.json()).toMatchObject({ totalSavings: 0.01, roiPercent: -100, paybackMonths: 1.2e18 });
  });
});
