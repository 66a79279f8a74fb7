import { z } from 'zod';

/**
 * Bounds that keep every result finite (1e308 once overflowed the totals to Infinity, which the response
 * schema refused: a 500). They are far beyond any real fleet, so they refuse only typos and junk:
 * - money up to 10^15 USD (ten times the world's yearly GDP), and either 0 or at least one cent: the ROI
 *   divides by the service cost, and a cost of 1e-300 dollars made it overflow;
 * - fractions 0 to 1 (a rate above 100 % is not a rate);
 * - at most a million satellites (the whole catalogue tracks about 50,000 objects).
 * Then the largest total is about 4·10^21 and the largest ROI about 4·10^25 %.
 */
export const MAX_MONEY_USD = 1e15;
export const MAX_SATELLITES = 1_000_000;
const money = (what: string) =>
  z
    .number()
    .min(0)
    .max(MAX_MONEY_USD)
    // Checked apart from min(0), which names a negative value itself.
    .refine((v) => !(v > 0 && v < 0.01), 'must be 0 or at least 0.01 (one cent)')
    .describe(`${what}, US dollars: 0, or 0.01 to ${MAX_MONEY_USD}`);
const fraction = (what: string) => z.number().min(0).max(1).describe(`${what}, as a fraction 0–1 (0.05 = 5 %)`);

/** POST /api/calculator/roi: the savings calculator of product spec §9 as an API. */
export const RoiRequest = z
  .object({
    satellites: z.number().int().min(0).max(MAX_SATELLITES).describe(`Number of satellites, 0 to ${MAX_SATELLITES}`),
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
