import { describe, expect, it } from 'vitest';
import { makeMonteCarloCheck } from '@/components/alerts/alerts-fixtures';
import {
  analyticInInterval,
  formatConfidence,
  formatInterval,
  formatMonteCarloProgress,
  formatMonteCarloWindow,
  formatSecondsFromTca,
  formatStoppedBy,
  monteCarloCalledFor,
  monteCarloPercent,
} from '@/components/alerts/monte-carlo-format';

describe('Monte Carlo check formats', () => {
  it('writes seconds from TCA with a true minus sign, to a tenth', () => {
    expect([-90, 90, 0, -0.04, 87.46, -1412.34].map(formatSecondsFromTca)).toEqual(['−90 s', '+90 s', '0 s', '0 s', '+87.5 s', '−1,412.3 s']);
    expect(formatMonteCarloWindow({ windowStartS: -90, windowEndS: 90 })).toBe('−90 s to +90 s from TCA');
  });

  it('gives the progress as trials of the cap and hits, and as a percentage', () => {
    expect(formatMonteCarloProgress({ samples: 1_310_720, maxSamples: 37_000_000, hits: 12 })).toBe('1,310,720 of 37,000,000 trials, 12 hits');
    expect(formatMonteCarloProgress({ samples: 65_536, maxSamples: 100_000, hits: 1 })).toBe('65,536 of 100,000 trials, 1 hit');
    expect(monteCarloPercent({ samples: 50_000, maxSamples: 100_000 })).toBe(50);
    expect(monteCarloPercent({ samples: 200_000, maxSamples: 100_000 })).toBe(100);
    expect(monteCarloPercent({ samples: 0, maxSamples: 0 })).toBe(0);
  });

  it('writes the interval, its confidence and how the run stopped', () => {
    expect(formatInterval({ lower: 9.1095e-6, upper: 1.11863e-5 })).toBe('9.11e-6 – 1.12e-5');
    expect(formatInterval({ lower: 0, upper: 9.97e-8 })).toBe('0 – 9.97e-8');
    expect(formatConfidence(0.95)).toBe('95 %');
    expect(formatStoppedBy({ stoppedBy: 'precision' }, 37_000_000)).toBe('At ±5 % of the Pc (precision reached)');
    expect(formatStoppedBy({ stoppedBy: 'cap' }, 37_000_000)).toBe('At the cap of 37,000,000 trials');
  });

  it('places the analytic Pc inside or outside the interval (bounds included)', () => {
    const interval = { lower: 1e-5, upper: 2e-5 };
    expect(analyticInInterval(1.5e-5, interval)).toBe('inside');
    expect(analyticInInterval(1e-5, interval)).toBe('inside');
    expect(analyticInInterval(2e-5, interval)).toBe('inside');
    expect(analyticInInterval(2.1e-5, interval)).toBe('outside');
    expect(analyticInInterval(0, interval)).toBe('outside');
    expect(analyticInInterval(null, interval)).toBeNull();
  });

  it("says a Monte Carlo is called for from the check's calledFor, else from the pcNote's bracketed reason", () => {
    expect(monteCarloCalledFor(makeMonteCarloCheck({ calledFor: '3D-Nc did not converge' }), null)).toEqual({ reason: '3D-Nc did not converge' });
    const note = '3D-Nc did not converge; the 2D Pc is kept. A Monte Carlo is called for (3D-Nc’s own usage tests failed (offset, extended)) and was not run.';
    expect(monteCarloCalledFor(null, note)).toEqual({ reason: '3D-Nc’s own usage tests failed (offset, extended)' });
    expect(monteCarloCalledFor(makeMonteCarloCheck(), 'A Monte Carlo is called for.')).toEqual({ reason: null });
    expect(monteCarloCalledFor(makeMonteCarloCheck(), 'The 2D-Nc upper limit was not needed.')).toBeNull();
    expect(monteCarloCalledFor(undefined, null)).toBeNull();
  });
});
