/**
 * The 2D method's usage-violation tests against CARA's own verdicts on the 27 real CDM events of
 * tests/reference/pc/pc_cases.json (expected.cara_usage_violations.pc2d, from
 * CARA_PcMethod_Test_Conjunctions.xlsx: 0 = no violation, 100 = inaccurate, 111 = inaccurate,
 * extended and offset). 15 are flagged, 12 are not.
 */
import { describe, expect, it } from 'vitest';
import { inMetres, PC_CASES } from './pc-cases.test-support.ts';
import { PC2D_CUTOFFS, usageViolationsPc2d } from './usage-violations.ts';

const cdm = PC_CASES.filter((c) => c.id.startsWith('cara_cdm'));

describe('2D-Pc usage violations on the CARA CDM cases', () => {
  it('flags exactly the 15 events CARA flags, with the same kinds', () => {
    expect(cdm).toHaveLength(27);
    let flagged = 0;
    for (const c of cdm) {
      const code = c.expected.cara_usage_violations!.pc2d;
      const u = usageViolationsPc2d(inMetres(c));
      const i = u.indicators;
      expect(u.curvilinearConverged, c.id).toBe(true);
      expect(i.npd, c.id).toEqual([false, false, false]);
      const inaccurate = i.inaccurate > PC2D_CUTOFFS.inaccurate;
      const extended = i.extended > PC2D_CUTOFFS.extended;
      const offset = i.offset > PC2D_CUTOFFS.offset;
      expect(inaccurate, `${c.id} inaccurate`).toBe(code >= 100);
      expect(extended && offset, `${c.id} extended and offset`).toBe(code === 111);
      if (code === 100) expect(extended || offset, c.id).toBe(false);
      if (code !== 0) flagged += 1;
    }
    expect(flagged).toBe(15);
  });

  it('estimates ln(Nc/Pc2D) close to CARA’s ln(Pc3D/Pc2D) for the fast flagged events', () => {
    for (const c of cdm.filter((x) => x.expected.cara_usage_violations!.pc2d === 100)) {
      const u = usageViolationsPc2d(inMetres(c));
      const truth = Math.log(c.expected.pc3d! / (c.expected.pc2d as number));
      expect(Math.abs(u.logPcCorrectionFactor - truth), c.id).toBeLessThan(0.4);
    }
  });
});

describe('usage violations of a simple crossing', () => {
  it('finds nothing wrong with a fast perpendicular LEO crossing', () => {
    const cov = [0, 1, 2, 3, 4, 5].map((i) => [0, 1, 2, 3, 4, 5].map((j) => (i === j ? (i < 3 ? 1e4 : 1e-2) : 0)));
    const u = usageViolationsPc2d({ r1M: [7000e3, 0, 0], v1MPerS: [0, 7546, 0], cov1: cov, r2M: [7000e3 + 50, 0, 0], v2MPerS: [0, 0, 7546], cov2: cov, hbrM: 10 });
    expect(u.indicators.npd).toEqual([false, false, false]);
    expect(u.indicators.extended).toBeLessThan(PC2D_CUTOFFS.extended);
    expect(u.indicators.offset).toBeLessThan(PC2D_CUTOFFS.offset);
    expect(u.indicators.inaccurate).toBeLessThan(PC2D_CUTOFFS.inaccurate);
  });
});
