import { describe, expect, it } from 'vitest';
import { pc2d, type Pc2dInput } from './pc2d.ts';
import type { Vector3 } from './vector3.ts';

const rel = (a: number | null, b: number) => Math.abs((a as number) / b - 1);
const diag = (a: number, b: number, c: number) => [
  [a, 0, 0],
  [0, b, 0],
  [0, 0, c],
];
const ZERO = diag(0, 0, 0);

// A crossing in LEO: primary along +y at 7.5 km/s, secondary along +z; relative velocity (0, −7500, 7500).
const BASE: Pc2dInput = {
  r1M: [7_000_000, 0, 0],
  v1MPerS: [0, 7500, 0],
  cov1M2: diag(100 ** 2, 100 ** 2, 100 ** 2),
  r2M: [7_000_150, 0, 0],
  v2MPerS: [0, 0, 7500],
  cov2M2: ZERO,
  hbrM: 20,
};

function rotate(v: Vector3): Vector3 {
  // A fixed rotation: 30° about z then 50° about x.
  const [c1, s1, c2, s2] = [Math.cos(0.5235987755982988), Math.sin(0.5235987755982988), Math.cos(0.8726646259971648), Math.sin(0.8726646259971648)];
  const a: Vector3 = [c1 * v[0] - s1 * v[1], s1 * v[0] + c1 * v[1], v[2]];
  return [a[0], c2 * a[1] - s2 * a[2], s2 * a[1] + c2 * a[2]];
}

describe('pc2d', () => {
  it('reduces to the Rice distribution for an isotropic covariance with the miss perpendicular to the relative velocity', () => {
    // Miss 150 m ⟂ v_rel, σ = 100 m, R = 20 m: P(χ'²₂(λ = 2.25) ≤ 0.04), the Poisson mixture of
    // central χ² (Johnson, Kotz & Balakrishnan vol. 2, ch. 29) by mpmath 1.3 at 50 digits.
    const r = pc2d(BASE);
    if (r.pc === null) throw new Error('expected a defined Pc');
    expect(rel(r.pc, 0.006500900036923322)).toBeLessThan(1e-12);
    expect(r.missDistanceM).toBeCloseTo(150, 9);
    expect(r.missInPlaneM).toBeCloseTo(150, 9);
    expect(r.relativeSpeedMPerS).toBeCloseTo(7500 * Math.SQRT2, 9);
    expect(r.sigmaMajorM).toBeCloseTo(100, 9);
    expect(r.sigmaMinorM).toBeCloseTo(100, 9);
    expect(r.covarianceRemediated).toBe(false);
  });

  it('projects the miss vector: states off TCA along the straight-line relative motion give the same Pc', () => {
    const c1 = [
      [40_000, 12_000, -3_000],
      [12_000, 250_000, 8_000],
      [-3_000, 8_000, 9_000],
    ];
    const at = { ...BASE, cov1M2: c1, cov2M2: diag(2_500, 90_000, 4_000) };
    const p0 = pc2d(at).pc as number;
    const dt = 0.8; // s: both objects moved back along their velocities
    const moved = { ...at, r1M: [at.r1M[0], -7500 * dt, 0] as Vector3, r2M: [at.r2M[0], 0, -7500 * dt] as Vector3 };
    const p1 = pc2d(moved);
    expect(p1.missDistanceM).toBeGreaterThan(8000);
    expect(rel(p1.pc, p0)).toBeLessThan(1e-12);
  });

  it('is invariant under rotation of the frame and under exchange of the objects', () => {
    const c1 = [
      [40_000, 12_000, -3_000],
      [12_000, 250_000, 8_000],
      [-3_000, 8_000, 9_000],
    ];
    const at = { ...BASE, cov1M2: c1 };
    const p0 = pc2d(at).pc as number;
    // R C Rᵀ: A = R C rotates the columns of C; (A Rᵀ) has row i = R (row i of A).
    const rotC = (c: number[][]) => {
      const columns = [0, 1, 2].map((j) => rotate([c[0]![j]!, c[1]![j]!, c[2]![j]!]));
      const rowsOfA = [0, 1, 2].map((i) => [columns[0]![i]!, columns[1]![i]!, columns[2]![i]!] as Vector3);
      return rowsOfA.map((row) => [...rotate(row)]);
    };
    const rotated = { ...at, r1M: rotate(at.r1M), v1MPerS: rotate(at.v1MPerS), r2M: rotate(at.r2M), v2MPerS: rotate(at.v2MPerS), cov1M2: rotC(c1) };
    expect(rel(pc2d(rotated).pc, p0)).toBeLessThan(1e-10); // rounding of the rotated inputs
    const swapped = { ...at, r1M: at.r2M, v1MPerS: at.v2MPerS, cov1M2: at.cov2M2, r2M: at.r1M, v2MPerS: at.v1MPerS, cov2M2: at.cov1M2 };
    expect(rel(pc2d(swapped).pc, p0)).toBeLessThan(1e-12);
  });

  it('reads only the position block of a 6×6 covariance', () => {
    const six = [0, 1, 2, 3, 4, 5].map((i) => [0, 1, 2, 3, 4, 5].map((j) => (i === j ? (i < 3 ? 100 ** 2 : 0.01) : i + j === 5 ? 1e-3 : 0)));
    expect(pc2d({ ...BASE, cov1M2: six }).pc).toBe(pc2d(BASE).pc);
  });

  it('gives 0 for HBR 0 and 1 for an infinite HBR (CARA PcCircle limits)', () => {
    expect(pc2d({ ...BASE, hbrM: 0 }).pc).toBe(0);
    expect(pc2d({ ...BASE, hbrM: Number.POSITIVE_INFINITY }).pc).toBe(1);
  });

  it('is undefined (null) for zero relative velocity and for a covariance with no extent in the plane', () => {
    const still = pc2d({ ...BASE, v2MPerS: BASE.v1MPerS });
    expect(still).toMatchObject({ pc: null, reason: 'zero-relative-velocity', relativeSpeedMPerS: 0 });
    expect(pc2d({ ...BASE, cov1M2: ZERO })).toMatchObject({ pc: null, reason: 'covariance-not-positive' });
    // Variance only along the relative velocity: nothing projects onto the plane.
    const alongV = [
      [0, 0, 0],
      [0, 1e4, -1e4],
      [0, -1e4, 1e4],
    ];
    expect(pc2d({ ...BASE, cov1M2: alongV })).toMatchObject({ pc: null, reason: 'covariance-not-positive' });
  });

  it('remediates a projected covariance with a zero eigenvalue as CARA does (clip to (1e-4·HBR)²)', () => {
    // Variance only along x (radial): the plane covariance is rank one.
    const r = pc2d({ ...BASE, cov1M2: diag(100 ** 2, 0, 0) });
    if (r.pc === null) throw new Error('expected a defined Pc');
    expect(r.covarianceRemediated).toBe(true);
    expect(r.sigmaMinorM).toBeCloseTo(1e-4 * 20, 15);
    // With the miss along the variance axis the disk's chord at the line is the full diameter:
    // Φ((20 − 150)/100) − Φ((−20 − 150)/100) = 0.05223502182706732 (scipy 1.17), to O(σ_minor²/R²).
    expect(rel(r.pc, 0.05223502182706732)).toBeLessThan(1e-7);
  });

  it('refuses malformed input with RangeError', () => {
    expect(() => pc2d({ ...BASE, hbrM: -1 })).toThrow(RangeError);
    expect(() => pc2d({ ...BASE, hbrM: Number.NaN })).toThrow(RangeError);
    expect(() => pc2d({ ...BASE, r1M: [1, 2] as unknown as Vector3 })).toThrow(RangeError);
    expect(() => pc2d({ ...BASE, v2MPerS: [1, 2, Number.NaN] })).toThrow(RangeError);
    expect(() => pc2d({ ...BASE, cov1M2: [[1, 0], [0, 1]] })).toThrow(/3×3 or 6×6/);
    expect(() => pc2d({ ...BASE, cov2M2: diag(1, Number.POSITIVE_INFINITY, 1) })).toThrow(/non-finite/);
  });
});
