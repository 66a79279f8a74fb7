import { z } from 'zod';

const money = (what: string) => z.number().finite().nonnegative().describe(`${what}, US dollars`);
const fraction = (what: string) => z.number().finite().nonnegative().describe(`${what}, as a fraction (0.05 = 5 %)`);

/** POST /api/calculator/roi: the savings calculator of product spec §9 as an API. */
export const RoiRequest = z
  .object({
    satellites: z.number().int().nonnegative().describe('Number of satellites'),
    costPerSatellite: money('Cost per satellite'),
    annualLossRate: fraction('Annual loss rate'),
    preventionRate: fraction('Prevention rate'),
    annualInsurance: money('Annual insurance'),
    insuranceDiscount: fraction('Insurance discount'),
    annualFuelSavings: money('Annual fuel savings'),
    annualRevenueAtRisk: money('Annual revenue at risk'),
    preventedDowntime: fraction('Prevented downtime'),
    dataServiceCost: money('Data service cost'),
  })
  .strict()
  .meta({ id: 'RoiRequest' });
export type RoiRequest = z.infer<typeof RoiRequest>;

export const RoiResponse = z
  .object({
    replacementSavings: z.number(),
    insuranceReduction: z.number(),
    fuelSavings: z.number(),
    revenueProtected: z.number(),
    totalSavings: z.number(),
    netGain: z.number(),
    roiPercent: z.number().describe('1 decimal'),
    paybackMonths: z.number().nullable().describe('1 decimal; 0 when the service costs nothing; null when savings never pay it back'),
    protectedAssets: z.number(),
  })
  .meta({ id: 'RoiResponse' });
export type RoiResponse = z.infer<typeof RoiResponse>;
