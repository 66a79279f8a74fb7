/**
 * Collision avoidance (issue 28): the effect of an impulsive burn on a conjunction (two-body + J2,
 * Dormand–Prince 8(5,3)), the trade space of burn time × Δv, and the minimum Δv for a target Pc.
 */
export { integrateDop853, integrateDop853Dense, type Derivative, type Dop853Dense, type Dop853Options, type Dop853Result } from './dop853.ts';
export { MU_EARTH_KM3_S2, propagateState, twoBodyJ2Derivative } from './dynamics.ts';
export { burnDelta, burnDeltas, inertialToRtnVector, numericalTrajectory, rtnAxesOf, rtnToInertialVector, shifted, type PropagationOptions, type Trajectory } from './trajectory.ts';
export { closestApproach, type ClosestApproach } from './closest-approach.ts';
export { postBurnTrack, sgp4StateAt, type KmState, type StateAt } from './post-burn.ts';
export { avoidanceModel, burnDvInertial, encounterAfter, evaluateBurn, periodOf, type AvoidanceEncounter, type AvoidanceModel, type Burn, type BurnOutcome, type EncounterObject, type ExecutionError } from './plan.ts';
export {
  BURN_DIRECTIONS,
  DEFAULT_TARGET_PC,
  directionFor,
  leadBasis,
  mahalanobisQuadratic,
  maximiseOnSphere,
  minimumDv,
  outcomeOf,
  polishMinimumDv,
  TARGET_PC_LEVELS,
  trackOf,
  tradeSpace,
  type BurnDirection,
  type LeadBasis,
  type MinimumDv,
  type TradeCell,
  type TradeSpace,
} from './trade-space.ts';
