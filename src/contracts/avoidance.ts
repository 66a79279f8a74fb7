import { z } from 'zod';
import { PcMethod } from './conjunction-events.ts';

/**
 * Collision avoidance of one conjunction event (issue 28): the trade space of burn time × Δv for
 * the event's primary, coloured by the resulting Pc (the product's method choice), with the minimum
 * Δv per burn time for each target Pc. A background job per event, kept in memory for a few hours.
 */

export const BurnDirection = z.enum(['R', 'T', 'N', '-R', '-T', '-N', 'best']).describe("The burn's direction in the primary's RTN frame at the burn; best: the one that maximises the Mahalanobis miss in the encounter plane for each size");

export const AvoidanceRequest = z
  .object({
    maxDvMps: z.number().gt(0).max(10).optional().describe('Largest burn, m/s (default 0.2)'),
    maxLeadOrbits: z.number().gt(0).max(10).optional().describe("Earliest burn, in the primary's orbits before TCA (default 3)"),
    minLeadS: z.number().min(60).max(864_000).optional().describe('Latest burn, seconds before TCA (default 600)'),
    leadSteps: z.number().int().min(1).max(120).optional().describe('Burn times in the grid (default 60)'),
    dvSteps: z.number().int().min(1).max(80).optional().describe('Burn sizes in the grid (default 40)'),
    direction: BurnDirection.optional().describe('Default T (along-track)'),
    targets: z.array(z.number().gt(0).lt(1)).min(1).max(5).optional().describe('Target Pcs of the minimum-Δv curves (default 1e-4, 1e-6, 1e-7)'),
  })
  .strict();
export type AvoidanceRequest = z.infer<typeof AvoidanceRequest>;

const Rtn = z.tuple([z.number(), z.number(), z.number()]);

export const AvoidanceAnalysis = z
  .object({
    conjunctionId: z.string(),
    status: z.enum(['running', 'completed', 'failed']),
    startedAt: z.string().describe('ISO 8601 UTC'),
    finishedAt: z.string().nullable(),
    request: z.object({
      maxDvMps: z.number(),
      maxLeadOrbits: z.number(),
      minLeadS: z.number(),
      leadSteps: z.number().int(),
      dvSteps: z.number().int(),
      direction: BurnDirection,
      targets: z.array(z.number()),
    }),
    /** The event as it is (no burn). */
    tca: z.string().describe('The event’s TCA, ISO 8601 UTC'),
    pc: z.number().nullable(),
    pcMethod: PcMethod,
    missM: z.number(),
    /** How the primary's track is modelled. */
    primaryReference: z.string().describe("The primary's track: its state at TCA propagated two-body + J2 (Dormand–Prince 8(5,3)); the burn's effect is the burned minus the unburned propagation"),
    result: z
      .object({
        leadTimesS: z.array(z.number()).describe('Burn times, seconds before TCA'),
        dvMagnitudesMps: z.array(z.number()),
        pc: z.array(z.array(z.number().nullable())).describe('pc[i][j]: the Pc after a burn leadTimesS[i] before TCA of dvMagnitudesMps[j]'),
        missM: z.array(z.array(z.number())).describe('The miss distance after that burn, m'),
        minimumDv: z.array(
          z.object({
            targetPc: z.number(),
            leadS: z.number(),
            dvMps: z.number().nullable().describe('The smallest size that reaches the target (root search, not read off the grid); 0 when the Pc is already there; null when maxDvMps does not reach it'),
            directionRtn: Rtn.nullable(),
            pc: z.number().nullable(),
            missM: z.number().nullable(),
          }),
        ),
      })
      .nullable(),
    error: z.string().nullable(),
  })
  .meta({ id: 'AvoidanceAnalysis' });
export type AvoidanceAnalysis = z.infer<typeof AvoidanceAnalysis>;
