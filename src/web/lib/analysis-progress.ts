import type { AnalysisJob, AnalysisStepId } from '@contracts/conjunctions.ts';

/*
 * The SST progress panel's steps (spec §3 "Progress step", §4). The six steps
 * are the server's real stages (DECISIONS §6): a job reports the stage running
 * now, so the steps before it are completed, it is running with the server's
 * detail, and the ones after it are pending. The titles and ids repeat the
 * contract's ANALYSIS_STEPS (a test keeps them equal) so that the web bundle
 * does not pull in zod just for six strings.
 */

export type StepStatus = 'pending' | 'running' | 'completed' | 'error';

export interface ProgressStep {
  id: AnalysisStepId;
  title: string;
  status: StepStatus;
  details: string;
  /** When the step last changed status (ISO 8601 UTC); null while it has not started. */
  timestamp: string | null;
}

export const PROGRESS_STEPS: readonly { id: AnalysisStepId; title: string }[] = [
  { id: 'prepare', title: 'Preparing satellite data' },
  { id: 'tle', title: 'Generating TLE data' },
  { id: 'orbits', title: 'Calculating orbital parameters' },
  { id: 'detect', title: 'Detecting potential conjunctions' },
  { id: 'risk', title: 'Assessing risk levels' },
  { id: 'results', title: 'Generating results' },
];

export const SUMMARY_SUCCESS = 'Analysis completed successfully';
export const SUMMARY_ERRORS = 'Analysis completed with errors';
/** Spec §4/§8: the failure detail when the failure carries no message. */
export const UNKNOWN_ERROR = 'Unknown error';

function withStatus(step: ProgressStep, status: StepStatus, at: string, details = step.details): ProgressStep {
  if (step.status === status && step.details === details) return step;
  return { ...step, status, details, timestamp: step.status === status ? step.timestamp : at };
}

/** Every step pending: nothing has run. */
export function idleSteps(): ProgressStep[] {
  return PROGRESS_STEPS.map(({ id, title }) => ({ id, title, status: 'pending', details: '', timestamp: null }));
}

/** Spec §4: on start the first step runs. */
export function startedSteps(now: Date): ProgressStep[] {
  const at = now.toISOString();
  return idleSteps().map((step, index) => (index === 0 ? { ...step, status: 'running', timestamp: at } : step));
}

/**
 * The steps as a job report places them: before its stage completed, its stage
 * running with the job's detail, after it pending. A stage's detail describes
 * work under way ('7 of 8 shards done'), so a step that completes drops it.
 */
export function stepsAtJob(steps: readonly ProgressStep[], job: Pick<AnalysisJob, 'step' | 'detail'>, now: Date): ProgressStep[] {
  const at = now.toISOString();
  const current = PROGRESS_STEPS.findIndex(({ id }) => id === job.step);
  if (current < 0) return [...steps];
  return steps.map((step, index) => {
    if (index < current) return withStatus(step, 'completed', at, '');
    if (index === current) return withStatus(step, 'running', at, job.detail);
    return withStatus(step, 'pending', at, '');
  });
}

/** Spec §4: on success every step is completed; the last one keeps the job's final detail ('72 conjunction(s) found'). */
export function completedSteps(steps: readonly ProgressStep[], now: Date): ProgressStep[] {
  const at = now.toISOString();
  return steps.map((step) => withStatus(step, 'completed', at));
}

/**
 * Spec §4/§8: on failure the running step becomes error with 'Error: {message}'
 * ('Error: Unknown error' without one). Should no step be running, the first
 * unfinished one takes the error so the failure is never invisible.
 */
export function failedSteps(steps: readonly ProgressStep[], message: string | undefined, now: Date): ProgressStep[] {
  const at = now.toISOString();
  const details = `Error: ${message || UNKNOWN_ERROR}`;
  const running = steps.some((step) => step.status === 'running');
  const target = running ? -1 : steps.findIndex((step) => step.status !== 'completed');
  return steps.map((step, index) => (step.status === 'running' || index === target ? withStatus(step, 'error', at, details) : step));
}

/** Spec §2: percent complete = completed steps / total steps. */
export function percentComplete(steps: readonly ProgressStep[]): number {
  if (steps.length === 0) return 0;
  return (steps.filter((step) => step.status === 'completed').length / steps.length) * 100;
}

/** Spec §4: the summary once nothing is left running; null while the analysis is under way. */
export function analysisSummary(steps: readonly ProgressStep[]): string | null {
  if (steps.some((step) => step.status === 'error')) return SUMMARY_ERRORS;
  if (steps.length > 0 && steps.every((step) => step.status === 'completed')) return SUMMARY_SUCCESS;
  return null;
}
