/**
 * The Monte Carlo of `ssa pc --mc` and `ssa cdm --pc --mc`, and the one the method choice calls for
 * (as the product runs it: core probability AUTOMATIC_MONTE_CARLO), on worker threads.
 */
import {
  AUTOMATIC_MONTE_CARLO,
  MONTE_CARLO_DEFAULTS,
  monteCarloWindowFor,
  withMonteCarlo,
  type MonteCarloPcResult,
  type PcAssessment,
  type PcAssessmentInput,
} from '../core/probability/index.ts';
import { runMonteCarlo } from '../server/workers/monte-carlo/monte-carlo-pool.ts';
import { UsageError } from './usage-error.ts';

/** The help of --mc, --samples and --seed, with descriptions from `column`. */
export function monteCarloOptionsUsage(column: number): string {
  const rows: [string, string[]][] = [
    [
      '--mc',
      [
        'also run the Monte Carlo Pc (two-body, after NASA CARA\'s SDMC) and print it as',
        'pc_mc: {pc, interval (95 % Clopper-Pearson), hits, samples, window_s, stopped_by, seed};',
        'it stops when the interval\'s half-width is 5 % of the Pc, or at the cap. Without --mc',
        'it runs only where the method choice calls for it (3D-Nc failed its own usage tests;',
        'at most 1e6 trials to 10 %, from a Pc of 1e-4), as the product does',
      ],
    ],
    ['--samples N', [`the cap of trials with --mc (default ${MONTE_CARLO_DEFAULTS.maxSamples.toExponential(1).replace('+', '')}, CARA's)`]],
    ['--seed S', [`the Monte Carlo's seed, an integer (default ${MONTE_CARLO_DEFAULTS.seed}); the same seed gives the same answer`]],
  ];
  return rows.map(([flag, lines]) => lines.map((line, i) => `${(i === 0 ? `  ${flag}` : '').padEnd(column)}${line}\n`).join('')).join('');
}

export interface MonteCarloRequest {
  readonly samples: number;
  readonly seed: number;
}

/** --mc, --samples and --seed, checked; null without --mc. */
export function monteCarloRequest(values: { mc?: boolean; samples?: string; seed?: string }, usage: string): MonteCarloRequest | null {
  const integer = (text: string | undefined, name: string, min: number, max: number, fallback: number) => {
    if (text === undefined) return fallback;
    const n = Number(text);
    if (!/^-?\d+(e\d+)?$/i.test(text.trim()) || !Number.isInteger(n) || n < min || n > max) throw new UsageError(`--${name} must be an integer from ${min} to ${max}, got '${text}'`, usage);
    return n;
  };
  if (!values.mc) {
    if (values.samples !== undefined || values.seed !== undefined) throw new UsageError('--samples and --seed go with --mc', usage);
    return null;
  }
  return { samples: integer(values.samples, 'samples', 1, 1e9, MONTE_CARLO_DEFAULTS.maxSamples), seed: integer(values.seed, 'seed', -(2 ** 31), 2 ** 31 - 1, MONTE_CARLO_DEFAULTS.seed) };
}

/** The JSON of a run. */
export function monteCarloJson(mc: MonteCarloPcResult): Record<string, unknown> {
  return { pc: mc.pc, interval: mc.interval, confidence: mc.confidence, hits: mc.hits, samples: mc.samples, window_s: [mc.window.startS, mc.window.endS], stopped_by: mc.stoppedBy, seed: mc.seed };
}

/**
 * The assessment with the Monte Carlo the method choice calls for (the automatic budget), or the
 * one asked for with --mc (its cap; chosen where the method choice calls for one, reported beside
 * otherwise). The window is the one CARA's PcMultiStepWithSDMC gives: from the 3D-Nc run, or from a
 * 3D-Nc run made for it when the 2D method was chosen.
 */
export async function withRequestedMonteCarlo(input: PcAssessmentInput, assessment: PcAssessment, request: MonteCarloRequest | null): Promise<PcAssessment> {
  const called = assessment.monteCarloCalledFor;
  const analytic = assessment.collisionProbability ?? Infinity;
  const automatic = called !== null && analytic >= (AUTOMATIC_MONTE_CARLO.monteCarloFromPc ?? 0);
  if (request === null && !automatic) return assessment;
  if (input.cov1.length !== 6 || input.cov2.length !== 6 || !(input.hbrM > 0) || !Number.isFinite(input.hbrM)) return assessment;
  const window = monteCarloWindowFor(input, assessment);
  const budget = request === null ? AUTOMATIC_MONTE_CARLO.monteCarlo! : { maxSamples: request.samples, seed: request.seed };
  const mc = await runMonteCarlo(input, { ...budget, window });
  return withMonteCarlo(assessment, mc);
}
