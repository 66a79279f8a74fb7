/**
 * SEMIAN08: the float32 literals (the values printed in jb2008_cases.json `conventions`), the
 * F(z) floor, and the shape of the thermospheric semiannual variation that Bowman et al. (2008,
 * JASTP 70, "The Thermospheric Semiannual Density Response to Solar EUV Heating") fit: maxima
 * in April and October, minima in January and July, the July minimum the deeper. Bit-level
 * agreement with the Fortran is in jb2008-cases.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { semiannualVariation } from './semiannual.ts';

describe('semiannualVariation (SEMIAN08)', () => {
  it('uses the float32 values of 0.70, 0.04 and 0.37 quoted by the reference file', () => {
    expect(Math.fround(0.7)).toBe(0.699999988079071);
    expect(Math.fround(0.04)).toBe(0.03999999910593033);
    expect(Math.fround(0.37)).toBe(0.3700000047683716);
    // With F10B = S10B = M10B = 100 the phase function's index is 100·(1 − 0.75 − 0.37f).
    const fsmb = 100 - 0.75 * 100 - 0.3700000047683716 * 100;
    const g = semiannualVariation(1, 400, 100, 100, 100).phase;
    expect(g).toBe(-0.3633 + 0.2401 - 0.2554 - 0.179e-1 * fsmb + -0.6407e-3 * fsmb + -0.1252e-2 * fsmb);
  });

  it('floors the amplitude F(z) at 1e-6', () => {
    // High F10B against low S10B and M10B at 100 km: FSMB = 176 and F(z) ≈ −0.28 before the floor.
    const v = semiannualVariation(100, 100, 250, 100, 100);
    expect(v.amplitude).toBe(1e-6);
    expect(v.deltaLog10Rho).toBe(1e-6 * v.phase);
  });

  it('peaks in April and October and dips in January and, deeper, in July', () => {
    for (const [f10b, s10b, m10b] of [[70, 70, 70], [150, 150, 150], [250, 230, 230]] as const) {
      const g = Array.from({ length: 365 }, (_, i) => semiannualVariation(i + 1, 400, f10b, s10b, m10b).phase);
      const argExtreme = (from: number, to: number, sign: 1 | -1) => {
        let best = from;
        for (let d = from; d <= to; d++) if (sign * (g[d - 1] as number) > sign * (g[best - 1] as number)) best = d;
        return best;
      };
      const janMin = argExtreme(1, 45, -1);
      const aprMax = argExtreme(60, 150, 1);
      const julMin = argExtreme(150, 250, -1);
      const octMax = argExtreme(250, 365, 1);
      expect(janMin).toBeGreaterThan(1); // a true minimum, not the window's edge
      expect(janMin).toBeLessThan(45);
      expect(aprMax).toBeGreaterThanOrEqual(91);
      expect(aprMax).toBeLessThanOrEqual(120);
      expect(julMin).toBeGreaterThanOrEqual(182);
      expect(julMin).toBeLessThanOrEqual(212);
      expect(octMax).toBeGreaterThanOrEqual(274);
      expect(octMax).toBeLessThanOrEqual(334);
      expect(g[julMin - 1] as number).toBeLessThan(g[janMin - 1] as number);
    }
  });
});
