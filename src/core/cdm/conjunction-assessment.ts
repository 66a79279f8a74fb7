/**
 * The conjunction a CDM describes, with the values our conjunction records carry filled in
 * (DECISIONS.md §5): the collision probability, its risk level, Alfano's maximum Pc as SOCRATES
 * reports it, and the hard-body radius they used.
 *
 * The collision probability is the message's own COLLISION_PROBABILITY when it has one (the
 * originator's figure, which may use another HBR or method); otherwise the Foster Pc computed from
 * the message's covariances (collision-probability.ts). The risk level follows that probability.
 */
import type { Cdm } from './cdm.ts';
import { cdmCollisionProbability, type CdmPc, type CdmPcOptions } from './collision-probability.ts';
import { conjunctionFromCdm, type Conjunction } from './conjunction.ts';
import { alfanoMaxPc, DEFAULT_ASPECT_RATIO, riskLevel } from '../probability/index.ts';

export interface CdmAssessment {
  readonly conjunction: Conjunction;
  /** The Pc computed from the message's covariances. */
  readonly computed: CdmPc;
}

export function assessCdm(cdm: Cdm, options: CdmPcOptions): CdmAssessment {
  const computed = cdmCollisionProbability(cdm, options);
  const base = conjunctionFromCdm(cdm, options.eop);
  const fromMessage = base.collisionProbability !== undefined;
  const pc = fromMessage ? base.collisionProbability : (computed.pc ?? undefined);
  const method = fromMessage ? base.collisionProbabilityMethod : computed.method;
  const conjunction: Conjunction = {
    ...base,
    ...(pc !== undefined ? { collisionProbability: pc, riskLevel: riskLevel(pc) } : {}),
    ...(pc !== undefined && method !== undefined ? { collisionProbabilityMethod: method } : {}),
    maxCollisionProbability: base.maxCollisionProbability ?? alfanoMaxPc(cdm.relative.missDistanceM, computed.hbrM, DEFAULT_ASPECT_RATIO).pc,
    hardBodyRadiusM: computed.hbrM,
  };
  return { conjunction, computed };
}
