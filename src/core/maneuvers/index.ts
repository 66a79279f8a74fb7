/** Manoeuvre detection from element-set histories (DECISIONS.md §7): the public API. */
export {
  COMPONENT_Z,
  FLOOR_FRACTION,
  K_SEARCH,
  K_SIGMA,
  detectManeuvers,
  noiseFloors,
  robustSigma,
  stepFit,
  type DetectedManeuver,
  type DetectedManeuverType,
  type HistoryPoint,
  type NoiseFloors,
} from './detect.ts';
