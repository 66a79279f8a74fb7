/**
 * Conjunction screening: the public API of src/core/screening (see src/core/README.md).
 * Times are UTC milliseconds, distances km, speeds km/s, states TEME.
 */
export { screenEphemerisTrack, type EphemerisConjunction, type EphemerisScreeningInput, type EphemerisScreeningOutcome } from './screen-ephemeris.ts';
export { screenNear, trackApproach, deviationBoundKm, type ScreenNearInput, type ScreenNearOutcome, type TrackState } from './screen-near.ts';
export { screen, ScreeningCancelled, type ScreenInput, type ScreeningOutcome, type ScreeningStats, type ScreeningSubject, type SkippedObject } from './screen.ts';
export { closeApproachAt, rtnComponents, type CloseApproach, type RtnKm, type TemeState } from './close-approach.ts';
export { assessRisk, assessRiskWithFallback, riskSubjectOf, type CovarianceSource, type ProvidedCovariances, type RiskAssessment, type RiskSubject } from './conjunction-risk.ts';
export { inShard, isoUtc, mergeShardResults, splitJob, validateJob, windowOf, type ScreeningJob, type ScreeningResult, type ScreeningShard, type ShardResult } from './job.ts';
export { DEFAULT_MAX_ELEMENT_AGE_DAYS, elementAgeDays, isStaleFor, staleElementSets, type StaleObject } from './stale.ts';
export { jobOfRequest, type ScreeningRequest } from './request.ts';
export { overallFraction, SCREENING_STAGES, STAGE_WEIGHTS, type ScreeningProgress, type ScreeningStage } from './stages.ts';
export { bruteForce, bruteForcePair, bruteForceTimes, BRUTE_FORCE_STEP_MS, MAX_RELATIVE_SPEED_KM_S, sampledPositions } from './brute-force.ts';
export { screenAllPairs, sgp4Sampler, ALL_PAIRS_STEP_MS, type AllPairsInput, type PositionSampler } from './all-pairs.ts';
export type { ScreeningWindow } from './object-track.ts';
export { nearEarthConstants, nearEarthConstantsInto, NEAR_EARTH_CONSTANTS, type NearEarthInputs } from './near-earth-init.ts';
export { PROXIMITY_RULES, isProximityCandidateOf, proximityOfPair, separateProximities, type ProximityApproach, type ProximityKind, type ProximityRecord } from './proximity.ts';
export { approachRegime, encounterRegime, type EncounterRegime } from './encounter-regime.ts';
export type { EvaluationCounter } from './pair-distance.ts';
export { APPROACH_STRIDE, packApproaches, packedCount, unpackApproaches } from './approach-columns.ts';
