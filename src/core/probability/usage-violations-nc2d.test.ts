/**
 * 2D-Nc's own usage-violation tests against CARA's verdicts on the 27 real CDM events of
 * tests/reference/pc/pc_cases.json (expected.cara_usage_violations.nc2d, from
 * CARA_PcMethod_Test_Conjunctions.xlsx, where CARA ran 2D-Nc on every event: hundreds digit
 * inaccurate, tens offset, units extended; see pc-multistep.test.ts for the digit order).
 */
import { describe, expect, it } from 'vitest';
import { inMetres, PC_CASES } from './pc-cases.test-support.ts';
import { pc2dHall } from './pc2d-hall.ts';
import { NC2D_CUTOFFS, nc2dIndicators } from './usage-violations-nc2d.ts';

const cdm = PC_CASES.filter((c) => c.id.startsWith('cara_cdm'));

describe('2D-Nc usage violations on the CARA CDM cases', () => {
  it('flags exactly the 2 events CARA flags, with the same kinds, and passes the other 25', () => {
    expect(NC2D_CUTOFFS).toEqual({ extended: 0.05, offset: 0.1, inaccurate: 0.1 });
    let flagged = 0;
    for (const c of cdm) {
      const input = inMetres(c);
      const ind = nc2dIndicators(pc2dHall(input), input);
      expect(ind, c.id).not.toBeNull();
      const code = c.expected.cara_usage_violations!.nc2d;
      expect(ind!.inaccurate > NC2D_CUTOFFS.inaccurate, `${c.id} inaccurate`).toBe(Math.floor(code / 100) === 1);
      expect(ind!.offset > NC2D_CUTOFFS.offset, `${c.id} offset`).toBe(Math.floor(code / 10) % 10 === 1);
      expect(ind!.extended > NC2D_CUTOFFS.extended, `${c.id} extended`).toBe(code % 10 === 1);
      // The bounds bracket the peak collision rate; the offset is their farther end over the shorter period.
      expect(ind!.tbS).toBeGreaterThan(ind!.taS);
      if (code !== 0) flagged += 1;
    }
    expect(flagged).toBe(2);
  });

  it('gives no indicators where 2D-Nc gave no value', () => {
    const c = cdm[0]!;
    const input = inMetres(c);
    const r = pc2dHall(input);
    expect(nc2dIndicators({ ...r, pc: null, converged: false }, input)).toBeNull();
    // An unbound orbit has no period to measure the encounter by.
    expect(nc2dIndicators(r, { ...input, v1MPerS: [20e3, 0, 0] })).toBeNull();
  });
});
