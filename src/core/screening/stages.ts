/**
 * The stages a screening job reports progress in. They are the real steps of the work, named
 * after the six steps of the SST page's progress panel (product spec §4, DECISIONS.md §6), in
 * order, with the same ids as src/contracts/conjunctions.ts ANALYSIS_STEPS.
 */
export const SCREENING_STAGES = [
  { id: 'prepare', title: 'Preparing satellite data', work: 'job checks, primaries and secondaries from the catalogue version, workers loaded' },
  { id: 'tle', title: 'Generating TLE data', work: 'SGP4 initialised for every element set a shard needs (cached per catalogue version)' },
  { id: 'orbits', title: 'Calculating orbital parameters', work: 'mean-orbit tracks and radius ranges (apogee/perigee filter)' },
  { id: 'detect', title: 'Detecting potential conjunctions', work: 'orbit-path and time filters, SGP4 interval search, TCA refinement' },
  { id: 'risk', title: 'Assessing risk levels', work: 'Pc (Foster 2D, default covariance), Alfano maximum Pc, risk level' },
  { id: 'results', title: 'Generating results', work: 'shard results merged and sorted' },
] as const;

export type ScreeningStage = (typeof SCREENING_STAGES)[number]['id'];

/** Progress of a job: the stage running and the share of the whole job done (0…1). */
export interface ScreeningProgress {
  readonly stage: ScreeningStage;
  readonly fraction: number;
  /** What the stage is doing, e.g. "12 of 26,140 objects". */
  readonly detail: string;
}

/**
 * Share of the whole job each stage takes, for the overall fraction: rounded from the benchmark
 * job (scripts/bench-screening.ts; on a warm pool orbits ≈ 55 %, detect ≈ 25 %, risk ≈ 6 % of the
 * time, and a cold pool adds the SGP4 initialisation of 'tle').
 */
export const STAGE_WEIGHTS: Readonly<Record<ScreeningStage, number>> = {
  prepare: 0.05,
  tle: 0.1,
  orbits: 0.45,
  detect: 0.3,
  risk: 0.07,
  results: 0.03,
};

/** The overall fraction done when `stage` is `within` (0…1) done. */
export function overallFraction(stage: ScreeningStage, within: number): number {
  let before = 0;
  for (const s of SCREENING_STAGES) {
    if (s.id === stage) return Math.min(1, before + STAGE_WEIGHTS[s.id] * Math.min(1, Math.max(0, within)));
    before += STAGE_WEIGHTS[s.id];
  }
  return before;
}
