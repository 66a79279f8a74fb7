import { describe, expect, it } from 'vitest';
import { ANALYSIS_STEPS } from '../../contracts/conjunctions.ts';
import { overallFraction, SCREENING_STAGES, STAGE_WEIGHTS } from './stages.ts';

describe('screening stages', () => {
  it('are the six steps of the SST progress panel, in order (product spec §4)', () => {
    expect(SCREENING_STAGES.map((s) => s.title)).toEqual([
      'Preparing satellite data',
      'Generating TLE data',
      'Calculating orbital parameters',
      'Detecting potential conjunctions',
      'Assessing risk levels',
      'Generating results',
    ]);
    expect(SCREENING_STAGES.map((s) => s.id)).toEqual(ANALYSIS_STEPS.map((s) => s.id));
  });

  it('map each stage’s progress onto one rising overall fraction', () => {
    expect(Object.values(STAGE_WEIGHTS).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    let last = -1;
    for (const { id } of SCREENING_STAGES) {
      for (const within of [0, 0.5, 1]) {
        const f = overallFraction(id, within);
        expect(f).toBeGreaterThanOrEqual(last);
        last = f;
      }
    }
    expect(overallFraction('results', 1)).toBeCloseTo(1, 12);
  });
});
