/**
 * 3×3 matrices (row-major nested tuples) and the position block of a state covariance.
 */
import type { Vector3 } from './vector3.ts';

export type Matrix3 = readonly [Vector3, Vector3, Vector3];

/** A covariance as given by callers: 3×3 (position) or 6×6 (position then velocity, x y z vx vy vz). */
export type CovarianceInput = readonly (readonly number[])[];

/**
 * The upper-left 3×3 (position) block of a 3×3 or 6×6 covariance. Throws RangeError for any
 * other shape or a non-finite entry of that block.
 */
export function positionBlock(c: CovarianceInput, what = 'covariance'): Matrix3 {
  const n = c.length;
  if ((n !== 3 && n !== 6) || c.some((row) => !Array.isArray(row) || row.length !== n)) {
    throw new RangeError(`${what} must be a 3×3 or 6×6 matrix`);
  }
  const row = (i: number): Vector3 => {
    const values = [c[i]![0]!, c[i]![1]!, c[i]![2]!] as const;
    if (!values.every((x) => typeof x === 'number' && Number.isFinite(x))) throw new RangeError(`${what} has a non-finite entry in its position block`);
    return values;
  };
  return [row(0), row(1), row(2)];
}

export function addMatrices(a: Matrix3, b: Matrix3): Matrix3 {
  return [0, 1, 2].map((i) => [0, 1, 2].map((j) => a[i]![j]! + b[i]![j]!)) as unknown as Matrix3;
}

/** uᵀ M w. */
export function bilinear(u: Vector3, m: Matrix3, w: Vector3): number {
  let s = 0;
  for (let i = 0; i < 3; i += 1) for (let j = 0; j < 3; j += 1) s += u[i]! * m[i]![j]! * w[j]!;
  return s;
}

/** Rᵀ M R for R whose columns are the given unit vectors (M expressed in the frame of those axes). */
export function toFrame(m: Matrix3, axes: readonly [Vector3, Vector3, Vector3]): Matrix3 {
  return axes.map((u) => axes.map((w) => bilinear(u, m, w))) as unknown as Matrix3;
}

/** R M Rᵀ for R whose columns are the given unit vectors (M given in the frame of those axes, returned in the base frame). */
export function fromFrame(m: Matrix3, axes: readonly [Vector3, Vector3, Vector3]): Matrix3 {
  const out = [0, 1, 2].map((i) =>
    [0, 1, 2].map((j) => {
      let s = 0;
      for (let k = 0; k < 3; k += 1) for (let l = 0; l < 3; l += 1) s += axes[k]![i]! * m[k]![l]! * axes[l]![j]!;
      return s;
    }),
  );
  // Exact symmetry, so downstream eigen-decompositions see a symmetric matrix.
  for (let i = 0; i < 3; i += 1) for (let j = 0; j < i; j += 1) out[i]![j] = out[j]![i] = 0.5 * (out[i]![j]! + out[j]![i]!);
  return out as unknown as Matrix3;
}
