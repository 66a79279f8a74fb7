/**
 * The contracts' numeric bounds (issue 12): absurd numbers are refused by the schema, with the field named,
 * and the bounds are in the JSON Schema that OpenAPI publishes.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RoiRequest } from './calculator.ts';
import { DragCalculatorRequest } from './orbital-drag.ts';
import { CreateHighInterestObject } from './operations.ts';

const ROI = {
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
const DRAG = { name: 'Ofeq-16', mass: 400, crossSectionalArea: 3.2, model: 'nrlmsise' };

/** The object schema as JSON Schema (a schema with a meta id is published under $defs). */
const jsonSchema = (schema: z.ZodType, id: string) =>
  (z.toJSONSchema(schema, { io: 'input' }) as { $defs: Record<string, { properties: Record<string, { anyOf?: object[]; minimum?: number; maximum?: number }> }> }).$defs[id]!;

/** "path: message" of each issue. */
const problems = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('ROI request bounds', () => {
  it('refuses 1e308, fractions above 1, fractions of a cent and more than a million satellites', () => {
    expect(problems(RoiRequest, { ...ROI, costPerSatellite: 1e308 })).toEqual(['costPerSatellite: Too big: expected number to be <=1000000000000000']);
    expect(problems(RoiRequest, { ...ROI, annualLossRate: 1.5 })).toEqual(['annualLossRate: Too big: expected number to be <=1']);
    expect(problems(RoiRequest, { ...ROI, dataServiceCost: 1e-300 })).toEqual(['dataServiceCost: must be 0 or at least 0.01 (one cent)']);
    expect(problems(RoiRequest, { ...ROI, satellites: 2 ** 31 })).toEqual(['satellites: Too big: expected number to be <=1000000']);
    expect(problems(RoiRequest, { ...ROI, annualInsurance: Number.POSITIVE_INFINITY })).toEqual(['annualInsurance: Invalid input: expected number, received Infinity']);
    expect(problems(RoiRequest, ROI)).toEqual([]);
  });

  it('publishes the bounds in its JSON Schema', () => {
    const schema = jsonSchema(RoiRequest, 'RoiRequest');
    expect(schema.properties.satellites).toMatchObject({ minimum: 0, maximum: 1_000_000 });
    expect(schema.properties.costPerSatellite).toMatchObject({ minimum: 0, maximum: 1e15 });
    expect(schema.properties.preventionRate).toMatchObject({ minimum: 0, maximum: 1 });
  });
});

describe('drag calculator request bounds', () => {
  it("refuses absurd values with the core's messages (the 400 reads the same whichever check refuses)", () => {
    expect(problems(DragCalculatorRequest, { ...DRAG, crossSectionalArea: 1e308 })).toEqual(['crossSectionalArea: must be at most 10000 square metres, got 1e+308']);
    expect(problems(DragCalculatorRequest, { ...DRAG, mass: 1e-300 })).toEqual(['mass: must be at least 0.001 kilograms, got 1e-300']);
    expect(problems(DragCalculatorRequest, { ...DRAG, crossSectionalArea: 2 ** 53 + 2 })).toEqual(['crossSectionalArea: must be at most 10000 square metres, got 9007199254740994']);
    expect(problems(DragCalculatorRequest, { ...DRAG, mass: 0, crossSectionalArea: 0 })).toEqual([
      'mass: must be a positive number of kilograms, got 0',
      'crossSectionalArea: must be a positive number of square metres, got 0',
    ]);
    expect(problems(DragCalculatorRequest, { ...DRAG, altitude: 1e308 })).toEqual(['altitude: must be between 100 and 2000 km, got 1e+308']);
    expect(problems(DragCalculatorRequest, { ...DRAG, name: 'x'.repeat(201) })).toEqual(['name: must be at most 200 characters, got 201']);
    expect(problems(DragCalculatorRequest, { ...DRAG, geomagnetic: null, inclination: undefined })).toEqual([]);
  });

  it('publishes every range in its JSON Schema', () => {
    const schema = jsonSchema(DragCalculatorRequest, 'DragCalculatorRequest');
    expect(schema.properties.mass).toMatchObject({ minimum: 0.001, maximum: 1e6 });
    expect(schema.properties.crossSectionalArea).toMatchObject({ minimum: 1e-6, maximum: 1e4 });
    const range = (field: string) => schema.properties[field]!.anyOf?.find((s) => 'maximum' in s);
    expect(range('dragCoefficient')).toMatchObject({ minimum: 0.1, maximum: 10 });
    expect(range('velocity')).toMatchObject({ exclusiveMinimum: 0, maximum: 20 });
    expect(range('altitude')).toMatchObject({ minimum: 100, maximum: 2000 });
  });
});

describe('high-interest object bounds', () => {
  it('refuses a satellite id past PostgreSQL integer and a frequency past a year', () => {
    const valid = { satelliteId: 25544, priority: 'high', reason: 'watch', trackingFrequency: 60 };
    expect(problems(CreateHighInterestObject, valid)).toEqual([]);
    expect(problems(CreateHighInterestObject, { ...valid, satelliteId: 1e308 })[0]).toMatch(/^satelliteId: /);
    expect(problems(CreateHighInterestObject, { ...valid, satelliteId: 2 ** 31 })).toEqual(['satelliteId: Too big: expected number to be <=2147483647']);
    expect(problems(CreateHighInterestObject, { ...valid, trackingFrequency: 1e308 })).toEqual(['trackingFrequency: Too big: expected number to be <=525600']);
  });
});
