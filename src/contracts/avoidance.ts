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

const iso = (what: string) => z.string().describe(`${what}, ISO 8601 UTC`);

/** POST /api/conjunctions/{id}/plans: a burn of the event's primary, to be screened against the catalogue. */
export const PlanRequest = z
  .object({
    leadS: z.number().gt(0).max(864_000).describe('The burn, seconds before the event’s TCA'),
    dvRtnMps: z.tuple([z.number().min(-10).max(10), z.number().min(-10).max(10), z.number().min(-10).max(10)]).describe("Δv in the primary's radial, in-track, cross-track axes at the burn, m/s"),
    targetPc: z.number().gt(0).lt(1).optional().describe('The Pc no conjunction after the burn may exceed (default 1e-4)'),
    thresholdKm: z.number().gt(0).max(50).optional().describe('Miss distance screened for, km (default 5)'),
    windowDays: z.number().gt(0).max(7).optional().describe('Days screened from the burn (default 7)'),
  })
  .strict();
export type PlanRequest = z.infer<typeof PlanRequest>;

const PlanEncounter = z.object({
  tca: iso('TCA'),
  missKm: z.number(),
  pc: z.number().nullable(),
  pcMethod: z.string(),
});

export const PlanConjunction = z.object({
  secondaryNorad: z.number().int(),
  secondaryName: z.string(),
  tca: iso('TCA after the burn'),
  missKm: z.number(),
  relativeSpeedKmS: z.number(),
  pc: z.number().nullable(),
  pcMethod: PcMethod,
  maxPc: z.number(),
  riskLevel: z.enum(['critical', 'high', 'medium', 'low']),
  change: z.enum(['new', 'worse', 'better', 'same']).describe('Against the same pair without the burn: new (no approach within the threshold), worse or better (Pc up or down by more than 1 %), same'),
  before: z.object({ tca: z.string(), missKm: z.number(), pc: z.number().nullable() }).nullable(),
});
export type PlanConjunction = z.infer<typeof PlanConjunction>;

export const PlanResult = z.object({
  /** The bound on how far the post-burn track strays from the element set's over the window, km. */
  maxDeviationKm: z.number(),
  /** The plan's own event after the burn (null where the pair no longer meets within a quarter orbit of the old TCA). */
  event: z.object({ secondaryNorad: z.number().int(), before: PlanEncounter, after: PlanEncounter.nullable() }),
  /** Every conjunction of the post-burn track within the threshold and window, the event's included. */
  conjunctions: z.array(PlanConjunction),
  /** The highest Pc among conjunctions the plan creates or worsens (the event excluded), null when none. */
  worstNewPc: z.number().nullable(),
});
export type PlanResult = z.infer<typeof PlanResult>;

export const AvoidancePlan = z
  .object({
    id: z.number().int(),
    conjunctionId: z.string(),
    status: z.enum(['screening', 'screened', 'failed', 'chosen', 'discarded']),
    createdAt: iso('When the plan was made'),
    createdBy: z.string(),
    burn: z.object({ epoch: iso('Burn epoch'), dvRtnMps: z.tuple([z.number(), z.number(), z.number()]), dvMps: z.number() }),
    targetPc: z.number(),
    thresholdKm: z.number(),
    window: z.object({ start: z.string(), end: z.string() }),
    reference: z
      .object({ source: z.enum(['element_set', 'ephemeris']), ephemerisId: z.number().int().nullable() })
      .describe("The primary's trajectory without the burn: its element set (SGP4), or the operator ephemeris that covered the burn and the event (GET /api/ephemerides/{id})"),
    screenedAt: z.string().nullable(),
    acceptable: z.boolean().nullable(),
    reason: z.string().nullable().describe('Why the plan is or is not acceptable'),
    error: z.string().nullable(),
    decidedAt: z.string().nullable(),
    decidedBy: z.string().nullable(),
    result: PlanResult.nullable(),
    oemUrl: z.string().describe('The post-burn ephemeris, CCSDS OEM (KVN), 60 s steps over the window'),
    opmUrl: z.string().describe('The burn summary, CCSDS OPM (KVN) with the manoeuvre block'),
  })
  .meta({ id: 'AvoidancePlan' });
export type AvoidancePlan = z.infer<typeof AvoidancePlan>;

export const PlanParams = z.object({
  conjunctionId: z.string().trim().regex(/^CNJ-\d{4}-\d{3,}$/, 'a conjunction id looks like CNJ-2026-001'),
  planId: z.coerce.number().int().min(1).max(2_147_483_647),
});

export const PlanDecision = z.object({ decision: z.enum(['chosen', 'discarded']) }).strict();
