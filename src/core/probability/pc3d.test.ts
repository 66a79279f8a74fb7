/**
 * Hall's 3D-Nc Pc against every case of tests/reference/pc/pc_cases.json that has
 * expected.pc3d (34: Alfano 2009 and real CARA events), within 1e-3 relative, CARA's own tolerance
 * (Pc3D_Hall_UnitTest.m). The Alfano cases run as CARA's unit test runs them: Neph = 1000 and
 * fixed time limits ±TLimit (AlfanoTLimit in Pc3D_Hall_UnitTest.m); the CDM cases as PcMultiStep
 * runs 3D-Nc for flagged conjunctions (whole encounter segment) and with Pc3D_Hall's defaults
 * (Coppola's bounds) where that gives CARA's value.
 */
import { describe, expect, it } from 'vitest';
import { pc3d } from './pc3d.ts';
import { inMetres, PC_CASES } from './pc-cases.test-support.ts';

/** Pc3D_Hall_UnitTest.m's AlfanoTLimit per case, s. */
const ALFANO_T_LIMIT: Record<string, number> = {
  alfano2009_case01: 21600,
  alfano2009_case03: 21600,
  alfano2009_case05: 1419,
  alfano2009_case07: 1419,
  alfano2009_case09: 10800,
  alfano2009_case10: 21600,
};

const with3d = PC_CASES.filter((c) => typeof c.expected.pc3d === 'number');
const rel = (a: number | null, b: number) => Math.abs((a ?? Number.NaN) / b - 1);

describe('Pc3D (Hall 2021, 3D-Nc) on tests/reference/pc/pc_cases.json', () => {
  it('has the 34 cases with a CARA 3D value', () => {
    expect(with3d).toHaveLength(34);
  });

  it('reproduces the six Alfano 2009 cases run as CARA’s unit test runs them (Neph 1000, ±TLimit)', () => {
    const alfano = with3d.filter((c) => c.id.startsWith('alfano'));
    expect(alfano).toHaveLength(6);
    for (const c of alfano) {
      const limit = ALFANO_T_LIMIT[c.id]!;
      const r = pc3d(inMetres(c), { ephemerisPoints: 1000, initialBounds: { min: -limit, max: limit }, segmentLimits: { min: -limit, max: limit } });
      expect(r.converged, c.id).toBe(true);
      expect(rel(r.pc, c.expected.pc3d!), c.id).toBeLessThan(1e-3);
    }
  });

  it('reproduces the 28 real CARA events over the whole encounter segment within 1e-3', () => {
    const real = with3d.filter((c) => !c.id.startsWith('alfano'));
    expect(real).toHaveLength(28);
    let worst = 0;
    for (const c of real) {
      const r = pc3d(inMetres(c), { initialBounds: 'segment' });
      expect(r.converged, c.id).toBe(true);
      worst = Math.max(worst, rel(r.pc, c.expected.pc3d!));
      expect(rel(r.pc, c.expected.pc3d!), c.id).toBeLessThan(1e-3);
    }
    console.log(`[pc3d.test] 28 CARA events, worst relative error ${worst.toExponential(2)}`);
  });

  it('with Pc3D_Hall’s default (Coppola) bounds reproduces the events computed that way, and the unit test’s example-1 value', () => {
    for (const c of with3d.filter((x) => x.id.startsWith('cara_cdm') && !x.id.startsWith('cara_cdm_000048901_conj_000048903_20211220'))) {
      expect(rel(pc3d(inMetres(c)).pc, c.expected.pc3d!), c.id).toBeLessThan(1e-3);
    }
    const example = with3d.find((c) => c.id === 'cara_pc3d_hall_example1')!;
    // Pc3D_Hall_UnitTest.testSimilarTo2D expects 1.0289973e-2 from today's code (RelTol 1e-3).
    expect(rel(pc3d(inMetres(example)).pc, 1.0289973e-2)).toBeLessThan(1e-5);
  });

  it('finds the TROPICS PATHFINDER / LINCS encounter that the linear bounds miss (CARA Pc3D 1.0e-5 where Pc2D is 3.9e-168)', () => {
    const c = with3d.find((x) => x.id === 'cara_cdm_000048901_conj_000048903_20211220_012535_20211215_145954')!;
    const linear = pc3d(inMetres(c));
    expect(linear.pc!).toBeLessThan(1e-100);
    const full = pc3d(inMetres(c), { initialBounds: 'segment' });
    expect(rel(full.pc, 1.0107345950597645e-5)).toBeLessThan(1e-3);
    // The risk accrues away from TCA: the peak collision rate is over a minute from it.
    expect(Math.abs(full.peakTime)).toBeGreaterThan(60);
  });
});

describe('Pc3D input handling', () => {
  const r1M = [7000e3, 0, 0];
  const v1MPerS = [0, 7546, 0];
  const r2M = [7000e3 + 100, 0, 0];
  const v2MPerS = [0, 0, 7546];
  const cov = [
    [1e4, 0, 0, 0, 0, 0],
    [0, 1e4, 0, 0, 0, 0],
    [0, 0, 1e4, 0, 0, 0],
    [0, 0, 0, 1e-2, 0, 0],
    [0, 0, 0, 0, 1e-2, 0],
    [0, 0, 0, 0, 0, 1e-2],
  ];

  it('refuses a 3×3 covariance, a non-positive HBR and non-finite states', () => {
    expect(() => pc3d({ r1M, v1MPerS, cov1: cov.slice(0, 3).map((r) => r.slice(0, 3)), r2M, v2MPerS, cov2: cov, hbrM: 10 })).toThrow(RangeError);
    expect(() => pc3d({ r1M, v1MPerS, cov1: cov, r2M, v2MPerS, cov2: cov, hbrM: 0 })).toThrow(RangeError);
    expect(() => pc3d({ r1M: [Number.NaN, 0, 0], v1MPerS, cov1: cov, r2M, v2MPerS, cov2: cov, hbrM: 10 })).toThrow(RangeError);
  });

  it('gives 1 for an infinite HBR and agrees with the 2D value for a fast crossing', () => {
    expect(pc3d({ r1M, v1MPerS, cov1: cov, r2M, v2MPerS, cov2: cov, hbrM: Infinity }).pc).toBe(1);
    // A 100 m radial miss at 10.7 km/s, combined isotropic σ² = 2e4 m², HBR 10 m (≪ σ):
    // Pc ≈ R²/(2σ²) · exp(−d²/(2σ²)) = 1.947e-3 (the small-HBR limit of the 2D disk integral).
    const r = pc3d({ r1M, v1MPerS, cov1: cov, r2M: [7000e3 + 100, 0, 0], v2MPerS, cov2: cov, hbrM: 10 });
    const s2 = 2e4;
    const expected = (100 / (2 * s2)) * Math.exp(-(100 * 100) / (2 * s2));
    expect(rel(r.pc, expected)).toBeLessThan(5e-3);
  });

  it('handles a direct hit (zero miss, where Coppola’s frame has no miss direction)', () => {
    // Same crossing with the objects at the same point at TCA: Pc ≈ R²/(2σ²) = 2.5e-3 in the small-HBR limit.
    const r = pc3d({ r1M, v1MPerS, cov1: cov, r2M: r1M, v2MPerS, cov2: cov, hbrM: 10 });
    expect(r.converged).toBe(true);
    expect(rel(r.pc, 100 / (2 * 2e4))).toBeLessThan(5e-3);
  });
});
