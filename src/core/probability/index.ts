/**
 * Collision probability: the public API of src/core/probability (see src/core/README.md).
 *
 * Units: metres, metres per second, m² (covariances), days (element-set age). Pc2D is the
 * Foster/Chan circle method with the encounter-plane convention of shared/reference/pc/README.md;
 * Pc3D is Hall's 3D-Nc method (pc3d.ts); `assessPc` chooses between them as CARA's PcMultiStep
 * does (pc-multistep.ts), with the two-body Monte Carlo (pc-monte-carlo.ts) where 3D-Nc fails its own
 * usage tests, as PcMultiStepWithSDMC does.
 */
export { pc2d, type Pc2dDefined, type Pc2dInput, type Pc2dResult, type Pc2dUndefined, type Pc2dUndefinedReason } from './pc2d.ts';
export { alfanoMaxPc, alfanoMaxPcScaled, DEFAULT_ASPECT_RATIO, type AlfanoMaxPc, type ScaledCovarianceMaxPc } from './alfano-max.ts';
export { ONE_IN_N_MAX, ONE_IN_N_PC_FLOOR, oneInN, riskLevel, RISK_THRESHOLDS, type RiskLevel } from './risk.ts';
export {
  defaultCovarianceForElementSet,
  defaultCovarianceRtn,
  epochSigmas,
  IN_TRACK_GROWTH_FACTOR,
  IN_TRACK_GROWTH_M_PER_DAY,
  orbitRegime,
  type DefaultCovariance,
  type DefaultCovarianceInput,
  type EpochSigmaSource,
  type InclinationBand,
  type OrbitRegime,
  type OrbitShape,
  type PerigeeBand,
  type RtnSigmasM,
} from './default-covariance.ts';
export { inertialCovarianceToRtn, rtnAxes, rtnCovarianceToInertial, rtnToInertial } from './rtn.ts';
export {
  combinedHardBodyRadiusM,
  DEFAULT_COMBINED_HBR_M,
  objectRadiusM,
  RCS_SIZE_UPPER_M2,
  TYPE_DEFAULT_RADIUS_M,
  type ObjectSize,
  type RadiusSource,
  type RcsSize,
} from './hard-body-radius.ts';
export { gaussianDiskProbability, type DiskProblem } from './disk-probability.ts';
export { encounterPlane, type EncounterPlane } from './encounter-plane.ts';
export type { CovarianceInput, Matrix3 } from './matrix3.ts';
export type { Vector3 } from './vector3.ts';
export { pc3d, type Pc3dInput, type Pc3dOptions, type Pc3dResult } from './pc3d.ts';
export { pc2dHall, type Pc2dHallInput, type Pc2dHallResult } from './pc2d-hall.ts';
export { usageViolationsPc2d, PC2D_CUTOFFS, type UsageViolationAnalysis, type UsageViolationIndicators } from './usage-violations.ts';
export { nc2dIndicators, NC2D_CUTOFFS, type Nc2dIndicators } from './usage-violations-nc2d.ts';
export {
  assessPc,
  AUTOMATIC_MONTE_CARLO,
  maximumPc,
  MAXIMUM_PC_LABELS,
  maxPcMissDistanceM,
  monteCarloWindowFor,
  pc3dInitialBounds,
  PC_METHOD_LABELS,
  PC3D_CUTOFFS,
  PROXY_CUTOFF,
  SLOW_SPEED_M_PER_S,
  type PcAssessment,
  type PcAssessmentInput,
  type MaximumPcKind,
  type PcAssessmentOptions,
  type PcMethod,
  type PcViolation,
  type PcViolationKind,
  withMonteCarlo,
} from './pc-multistep.ts';
export {
  MIN_WINDOW_S,
  MONTE_CARLO_DEFAULTS,
  MonteCarloTally,
  monteCarloChunk,
  monteCarloPc,
  monteCarloPlan,
  monteCarloWindow,
  type MonteCarloOptions,
  type MonteCarloPcInput,
  type MonteCarloPcResult,
  type MonteCarloPlan,
  type MonteCarloWindow,
} from './pc-monte-carlo.ts';
export { clopperPearson } from './clopper-pearson.ts';
export { elementSetCovariance6 } from './element-set-covariance.ts';
