import { describe, expect, it } from 'vitest';
import { estimateChanged } from './conjunction-write.ts';

describe('estimateChanged', () => {
  const stored = { tcaMs: 1_000_000, missKm: 3.481060928, pc: 5.906373e-10, maxPc: 3.6428e-5 };

  it('ignores the numerical noise of screening the same element sets again', () => {
    expect(estimateChanged({ tcaMs: 1_000_000.004, missKm: 3.481060928021, pc: 5.906366e-10, maxPc: 3.64279e-5 }, stored)).toBe(false);
    expect(estimateChanged({ ...stored, pc: 2.09e-39 }, { ...stored, pc: 2.08e-39 })).toBe(false);
  });

  it('sees a new TCA, miss distance or probability', () => {
    expect(estimateChanged({ ...stored, tcaMs: stored.tcaMs + 50 }, stored)).toBe(true);
    expect(estimateChanged({ ...stored, missKm: stored.missKm + 0.002 }, stored)).toBe(true);
    expect(estimateChanged({ ...stored, pc: stored.pc * 1.05 }, stored)).toBe(true);
    expect(estimateChanged({ ...stored, maxPc: stored.maxPc * 0.9 }, stored)).toBe(true);
  });
});
