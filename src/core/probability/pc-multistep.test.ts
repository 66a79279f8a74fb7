/**
 * The Pc the product stands behind (PcMultiStep's choice) on the 27 real CARA events: CARA's 3D-Nc
 * value where CARA flags the 2D method (15 events, within 1e-3), the 2D value where it does not
 * (12, within 1e-6); and the data-quality rules.
 */
import { describe, expect, it } from 'vitest';
import { assessPc, MAXIMUM_PC_LABELS, maximumPc, maxPcMissDistanceM, PC_METHOD_LABELS, pc3dInitialBounds } from './pc-multistep.ts';
import { alfanoMaxPc } from './alfano-max.ts';
import { PC2D_CUTOFFS } from './usage-violations.ts';
import { inMetres, PC_CASES } from './pc-cases.test-support.ts';

const cdm = PC_CASES.filter((c) => c.id.startsWith('cara_cdm'));
const rel = (a: number | null, b: number) => Math.abs((a ?? Number.NaN) / b - 1);

describe('assessPc on the CARA CDM cases', () => {
  it('chooses 3D-Nc exactly where CARA flags the 2D method, and matches CARA’s value', () => {
    for (const c of cdm) {
      const a = assessPc(inMetres(c));
      const flagged = c.expected.cara_usage_violations!.pc2d !== 0;
      expect(a.method, c.id).toBe(flagged ? 'pc3d' : 'pc2d');
      expect(rel(a.pc2d, c.expected.pc2d as number), c.id).toBeLessThan(1e-6);
      // The 2D run travels with the assessment, for the callers that need its geometry.
      expect(a.pc2dResult?.pc, c.id).toBe(a.pc2d);
      if (flagged) {
        expect(rel(a.collisionProbability, c.expected.pc3d!), c.id).toBeLessThan(1e-3);
        expect(a.pc3d).toBe(a.collisionProbability);
        expect(a.violations.some((v) => v.method === '2D-Pc'), c.id).toBe(true);
      } else {
        expect(a.collisionProbability).toBe(a.pc2d);
        expect(a.pc3d).toBeNull();
        expect(a.violations).toEqual([]);
      }
    }
  });

  it('explains TROPICS PATHFINDER vs LINCS in plain words: long, offset and curved', () => {
    const c = cdm.find((x) => x.id === 'cara_cdm_000048901_conj_000048903_20211220_012535_20211215_145954')!;
    const a = assessPc(inMetres(c));
    expect(a.collisionProbability!).toBeGreaterThan(1e-5);
    expect(a.pc2d!).toBeLessThan(1e-160);
    const kinds = a.violations.filter((v) => v.method === '2D-Pc').map((v) => v.kind);
    expect(kinds).toEqual(['extended', 'offset', 'inaccurate']);
    expect(a.violations.find((v) => v.kind === 'extended')!.message).toMatch(/Long encounter.*10\.7 m\/s/);
    // Long and offset: 3D-Nc starts on the whole encounter segment.
    expect(pc3dInitialBounds(a.indicators)).toBe('segment');
  });
});

describe('pc3dInitialBounds', () => {
  // PcMultiStep's default 2D cut-offs (extended 0.02, offset 0.01 of an orbit) decide; inaccuracy alone does not.
  const ok = { extended: 0, offset: 0, inaccurate: 0, npd: [false, false, false] as [boolean, boolean, boolean] };
  it('starts on Coppola’s bounds unless the encounter is long or offset, or the tests could not run', () => {
    expect(PC2D_CUTOFFS).toMatchObject({ extended: 0.02, offset: 0.01 });
    expect(pc3dInitialBounds(ok)).toBe('coppola');
    expect(pc3dInitialBounds({ ...ok, inaccurate: 0.5 })).toBe('coppola');
    expect(pc3dInitialBounds({ ...ok, extended: 0.021 })).toBe('segment');
    expect(pc3dInitialBounds({ ...ok, offset: 0.011 })).toBe('segment');
    expect(pc3dInitialBounds({ ...ok, inaccurate: Number.NaN })).toBe('segment');
    expect(pc3dInitialBounds({ ...ok, npd: null })).toBe('segment');
    expect(pc3dInitialBounds(null)).toBe('segment');
  });
});

describe('assessPc data quality', () => {
  const r1M = [7000e3, 0, 0] as const;
  const v1MPerS = [0, 7546, 0] as const;
  const r2M = [7000e3 + 100, 0, 0] as const;
  const v2MPerS = [0, 0, 7546] as const;
  const pos = [
    [1e4, 0, 0],
    [0, 1e4, 0],
    [0, 0, 1e4],
  ];

  it('gives the 2D Pc only, and says why, for a position-only covariance', () => {
    const a = assessPc({ r1M, v1MPerS, cov1: pos, r2M, v2MPerS, cov2: pos, hbrM: 10 });
    expect(a.method).toBe('pc2d');
    expect(a.collisionProbability).toBe(a.pc2d);
    expect(a.note).toMatch(/no velocity part/);
    expect(PC_METHOD_LABELS[a.method]).toBe('2D-Pc (Foster 1992)');
  });

  it('gives no Pc for a default (ten Earth radii) or negative covariance', () => {
    const huge = pos.map((row, i) => row.map((v, j) => (i === j ? 1e16 : v)));
    expect(assessPc({ r1M, v1MPerS, cov1: huge, r2M, v2MPerS, cov2: pos, hbrM: 10 }).collisionProbability).toBeNull();
    const negative = pos.map((row, i) => row.map((v, j) => (i === j && i === 1 ? -1 : v)));
    const a = assessPc({ r1M, v1MPerS, cov1: pos, r2M, v2MPerS, cov2: negative, hbrM: 10 });
    expect(a.collisionProbability).toBeNull();
    expect(a.note).toMatch(/negative variance/);
    // No 2D run: Alfano's maximum is taken at |r2 − r1| (100 m here).
    expect(a.pc2dResult).toBeNull();
    expect(maxPcMissDistanceM(a, { r1M, r2M })).toBe(100);
  });
});

describe('maximumPc: the maximum shown below the Pc', () => {
  it('is Alfano’s maximum over the actual covariance’s size, never below the Pc, on every real CARA event', () => {
    const real = PC_CASES.filter((c) => c.id.startsWith('cara_cdm'));
    expect(real.length).toBe(27);
    for (const c of real) {
      const input = inMetres(c);
      const a = assessPc(input);
      const max = maximumPc(a, input);
      expect(max.kind, c.id).toBe('covariance-scaled');
      expect(max.pc, c.id).toBeGreaterThanOrEqual(a.collisionProbability!);
      expect(max.pc, c.id).toBeGreaterThanOrEqual(a.pc2d!);
    }
    // The TERRA event (Pc 2.12e-2): the SOCRATES-shape maximum was 2.07e-2, below the Pc.
    const terra = inMetres(PC_CASES.find((c) => c.id === 'cara_cdm_000025994_conj_000037558_20210324_151047_20210323_154356')!);
    const a = assessPc(terra);
    expect(maximumPc(a, terra).pc).toBeGreaterThan(2.117e-2);
    expect(MAXIMUM_PC_LABELS[maximumPc(a, terra).kind]).toBe('Maximum Pc (Alfano)');
  });

  it('falls back to the SOCRATES shape, labelled so, without a covariance in the encounter plane', () => {
    const input = { r1M: [7e6, 0, 0] as const, v1MPerS: [0, 7.5e3, 0] as const, cov1: [[0, 0, 0], [0, 0, 0], [0, 0, 0]], r2M: [7e6 + 500, 0, 0] as const, v2MPerS: [0, 0, 7.5e3] as const, cov2: [[0, 0, 0], [0, 0, 0], [0, 0, 0]], hbrM: 10 };
    const max = maximumPc(assessPc(input), input);
    expect(max.kind).toBe('assumed-shape');
    expect(MAXIMUM_PC_LABELS[max.kind]).toBe('Maximum Pc (Alfano, SOCRATES shape)');
    expect(max.pc).toBeCloseTo(alfanoMaxPc(500, 10).pc, 12);
  });
});
