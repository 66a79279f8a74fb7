/**
 * Hall's 2D-Nc Pc (pc2d-hall.ts, CARA Pc2D_Hall.m) against every real CARA CDM case of
 * tests/reference/pc/pc_cases.json with expected.nc2d_hall (CARA's own Pc2D_Hall value, 27 cases
 * from 6.5e-166 to 2.1e-2), within 1e-3 relative: CARA's tolerance for its Nc methods
 * (Pc3D_Hall_UnitTest.m, PcMultiStep's unit tests). Plus input validation.
 */
import { describe, expect, it } from 'vitest';
import { pc2dHall } from './pc2d-hall.ts';
import { inMetres, PC_CASES } from './pc-cases.test-support.ts';

const withNc2d = PC_CASES.filter((c) => typeof c.expected['nc2d_hall'] === 'number');
const rel = (a: number | null, b: number) => Math.abs((a ?? Number.NaN) / b - 1);

describe('Nc2D (Hall 2D-Nc, Pc2D_Hall.m) on tests/reference/pc/pc_cases.json', () => {
  it('has the 27 real CARA events with a CARA 2D-Nc value', () => {
    expect(withNc2d).toHaveLength(27);
  });

  it('reproduces CARA’s Pc2D_Hall value of every event within 1e-3 relative', () => {
    let worst = 0;
    let worstId = '';
    for (const c of withNc2d) {
      const expected = c.expected['nc2d_hall'] as number;
      const r = pc2dHall(inMetres(c));
      expect(r.converged, c.id).toBe(true);
      expect(r.method, c.id).toBe('unit-sphere');
      const e = rel(r.pc, expected);
      if (e > worst) {
        worst = e;
        worstId = c.id;
      }
      expect(e, c.id).toBeLessThan(1e-3);
      // The conjunction bounds bracket the collision-rate peak.
      expect(r.ta, c.id).toBeLessThan(r.meanRateTime);
      expect(r.tb, c.id).toBeGreaterThan(r.meanRateTime);
    }
    console.log(`[pc2d-hall.test] 27 CARA events, worst relative error ${worst.toExponential(2)} (${worstId})`);
  });

  it('keeps the tiny and the curvilinear values: 6.5e-166 and Nc2D ≫ Pc2D where CARA has them', () => {
    const tiny = withNc2d.find((c) => c.id.startsWith('cara_cdm_000048901_conj_000048903_20211220'))!;
    const r = pc2dHall(inMetres(tiny));
    expect(r.pc!).toBeGreaterThan(6e-166);
    expect(r.pc!).toBeLessThan(7e-166);
    const curved = withNc2d.find((c) => c.id.startsWith('cara_cdm_000039574_conj_000045957'))!;
    const rc = pc2dHall(inMetres(curved));
    expect(rc.pc! / (curved.expected.pc2d as number)).toBeGreaterThan(100);
  });
});

describe('pc2dHall input validation', () => {
  const c = inMetres(withNc2d[0]!);
  it('gives 1 for an infinite hard-body radius', () => {
    expect(pc2dHall({ ...c, hbrM: Infinity }).pc).toBe(1);
  });
  it('rejects a non-positive or NaN hard-body radius (Pc2D_Hall.m requires HBR > 0)', () => {
    expect(() => pc2dHall({ ...c, hbrM: 0 })).toThrow(RangeError);
    expect(() => pc2dHall({ ...c, hbrM: -1 })).toThrow(RangeError);
    expect(() => pc2dHall({ ...c, hbrM: Number.NaN })).toThrow(RangeError);
  });
  it('rejects malformed vectors and covariances', () => {
    expect(() => pc2dHall({ ...c, r1M: [1, 2] })).toThrow(RangeError);
    expect(() => pc2dHall({ ...c, v2MPerS: [1, 2, Number.NaN] })).toThrow(RangeError);
    expect(() => pc2dHall({ ...c, cov1: c.cov1.slice(0, 3).map((row) => row.slice(0, 3)) })).toThrow(RangeError);
    expect(() => pc2dHall({ ...c, cov2: c.cov2.map((row, i) => (i === 2 ? [...row.slice(0, 5), Infinity] : row)) })).toThrow(RangeError);
  });
  it('returns null with a reason for an unbound orbit', () => {
    const r = pc2dHall({ ...c, v1MPerS: [c.v1MPerS[0] * 3, c.v1MPerS[1] * 3, c.v1MPerS[2] * 3] });
    expect(r.pc).toBeNull();
    expect(r.converged).toBe(false);
    expect(r.reason).toBe('undefined-elements');
  });
});
