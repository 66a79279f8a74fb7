import { describe, expect, it } from 'vitest';
import { ANALYSIS_STEPS } from '@contracts/conjunctions.ts';
import {
  analysisSummary,
  completedSteps,
  failedSteps,
  idleSteps,
  percentComplete,
  PROGRESS_STEPS,
  startedSteps,
  stepsAtJob,
  type ProgressStep,
} from '@/lib/analysis-progress';

const T0 = new Date('2025-03-01T19:04:58.000Z');
const T1 = new Date('2025-03-01T19:05:10.000Z');
const statuses = (steps: ProgressStep[]) => steps.map((step) => step.status);

describe('analysis progress steps (spec §3/§4, DECISIONS §6)', () => {
  it("are the contract's six stages, in the spec's order and words", () => {
    expect(PROGRESS_STEPS).toEqual(ANALYSIS_STEPS.map(({ id, title }) => ({ id, title })));
    expect(PROGRESS_STEPS.map((step) => step.title)).toEqual([
      'Preparing satellite data',
      'Generating TLE data',
      'Calculating orbital parameters',
      'Detecting potential conjunctions',
      'Assessing risk levels',
      'Generating results',
    ]);
  });

  it('start with the first step running and the rest pending', () => {
    expect(statuses(idleSteps())).toEqual(['pending', 'pending', 'pending', 'pending', 'pending', 'pending']);
    const steps = startedSteps(T0);
    expect(statuses(steps)).toEqual(['running', 'pending', 'pending', 'pending', 'pending', 'pending']);
    expect(steps[0]?.timestamp).toBe('2025-03-01T19:04:58.000Z');
    expect(steps[1]?.timestamp).toBeNull();
  });

  it("follow the job's stage: before completed, it running with the detail, after pending", () => {
    const steps = stepsAtJob(startedSteps(T0), { step: 'detect', detail: '1,234 of 50,000 objects' }, T1);
    expect(statuses(steps)).toEqual(['completed', 'completed', 'completed', 'running', 'pending', 'pending']);
    expect(steps[3]?.details).toBe('1,234 of 50,000 objects');
    expect(steps[3]?.timestamp).toBe(T1.toISOString());
    expect(steps[4]?.details).toBe('');
  });

  it('drop a finished step’s progress detail and note the time it changed', () => {
    const first = stepsAtJob(startedSteps(T0), { step: 'prepare', detail: '3 primaries' }, T0);
    const later = stepsAtJob(first, { step: 'tle', detail: '0 of 8 shards done' }, T1);
    expect(later[0]).toMatchObject({ status: 'completed', details: '', timestamp: T1.toISOString() });
    const same = stepsAtJob(later, { step: 'tle', detail: '4 of 8 shards done' }, new Date('2025-03-01T19:06:00Z'));
    expect(same[1]).toMatchObject({ status: 'running', details: '4 of 8 shards done', timestamp: T1.toISOString() });
  });

  it('keep the final detail on the last step when the job completes', () => {
    const steps = completedSteps(stepsAtJob(startedSteps(T0), { step: 'results', detail: '72 conjunction(s) found' }, T1), T1);
    expect(steps.map((step) => step.details)).toEqual(['', '', '', '', '', '72 conjunction(s) found']);
  });

  it('ignore an unknown stage id', () => {
    const steps = startedSteps(T0);
    expect(stepsAtJob(steps, { step: 'warp' as never, detail: '' }, T1)).toEqual(steps);
  });

  it('are all completed on success', () => {
    const steps = completedSteps(stepsAtJob(startedSteps(T0), { step: 'risk', detail: '' }, T0), T1);
    expect(statuses(steps)).toEqual(Array(6).fill('completed'));
    expect(percentComplete(steps)).toBe(100);
    expect(analysisSummary(steps)).toBe('Analysis completed successfully');
  });

  it("turn the running step into error with 'Error: {message}' on failure", () => {
    const running = stepsAtJob(startedSteps(T0), { step: 'orbits', detail: 'propagating' }, T0);
    const steps = failedSteps(running, 'Worker crashed', T1);
    expect(statuses(steps)).toEqual(['completed', 'completed', 'error', 'pending', 'pending', 'pending']);
    expect(steps[2]?.details).toBe('Error: Worker crashed');
    expect(analysisSummary(steps)).toBe('Analysis completed with errors');
  });

  it("fall back to 'Error: Unknown error' without a message", () => {
    expect(failedSteps(startedSteps(T0), undefined, T1)[0]?.details).toBe('Error: Unknown error');
    expect(failedSteps(startedSteps(T0), '', T1)[0]?.details).toBe('Error: Unknown error');
  });

  it('put the error on the first unfinished step when none is running', () => {
    const steps = failedSteps(idleSteps(), 'boom', T1);
    expect(statuses(steps)).toEqual(['error', 'pending', 'pending', 'pending', 'pending', 'pending']);
  });

  it('count percent complete as completed steps over total steps', () => {
    expect(percentComplete(startedSteps(T0))).toBe(0);
    expect(percentComplete(stepsAtJob(startedSteps(T0), { step: 'orbits', detail: '' }, T0))).toBeCloseTo(100 / 3, 10);
    expect(percentComplete(stepsAtJob(startedSteps(T0), { step: 'results', detail: '' }, T0))).toBeCloseTo(500 / 6, 10);
  });

  it('have no summary while the analysis runs', () => {
    expect(analysisSummary(startedSteps(T0))).toBeNull();
    expect(analysisSummary(idleSteps())).toBeNull();
  });
});
