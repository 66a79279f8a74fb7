/**
 * Small dense matrices for the 3D-Nc method (pc3d.ts) and its helpers: 6×6 state covariances
 * and Jacobians, 3×3 position blocks. Matrices are arrays of rows (`number[][]`), vectors plain
 * arrays; every function returns new arrays. Sizes are a handful, so clarity wins over speed
 * except in the few places the unit-sphere integrand uses (pc3d.ts keeps those inline).
 */

export type Matrix = number[][];
export type Vector = number[];

function zeros(rows: number, cols: number = rows): Matrix {
  const m: Matrix = new Array<number[]>(rows);
  for (let i = 0; i < rows; i += 1) {
    const row = new Array<number>(cols);
    for (let j = 0; j < cols; j += 1) row[j] = 0;
    m[i] = row;
  }
  return m;
}

function identity(n: number): Matrix {
  const m = zeros(n);
  for (let i = 0; i < n; i += 1) m[i]![i] = 1;
  return m;
}

export function transpose(a: Matrix): Matrix {
  const rows = a.length;
  const cols = a[0]!.length;
  const t = zeros(cols, rows);
  for (let i = 0; i < rows; i += 1) for (let j = 0; j < cols; j += 1) t[j]![i] = a[i]![j]!;
  return t;
}

export function multiply(a: Matrix, b: Matrix): Matrix {
  const n = a.length;
  const m = b[0]!.length;
  const k = b.length;
  const c: Matrix = new Array<number[]>(n);
  for (let i = 0; i < n; i += 1) {
    const ai = a[i]!;
    const ci = new Array<number>(m);
    for (let j = 0; j < m; j += 1) {
      let s = 0;
      for (let p = 0; p < k; p += 1) s += ai[p]! * b[p]![j]!;
      ci[j] = s;
    }
    c[i] = ci;
  }
  return c;
}

export function multiplyVector(a: Matrix, x: Vector): Vector {
  return a.map((row) => row.reduce((s, v, j) => s + v * x[j]!, 0));
}

export function scale(a: Matrix, k: number): Matrix {
  return a.map((row) => row.map((v) => v * k));
}

/** A M Aᵀ, made exactly symmetric (CARA cov_make_symmetric). */
export function congruence(a: Matrix, m: Matrix): Matrix {
  const n = a.length;
  const k = m.length;
  // am = A M
  const am: Matrix = new Array<number[]>(n);
  for (let i = 0; i < n; i += 1) {
    const ai = a[i]!;
    const row = new Array<number>(k);
    for (let j = 0; j < k; j += 1) {
      let s = 0;
      for (let p = 0; p < k; p += 1) s += ai[p]! * m[p]![j]!;
      row[j] = s;
    }
    am[i] = row;
  }
  const out: Matrix = new Array<number[]>(n);
  for (let i = 0; i < n; i += 1) out[i] = new Array<number>(n);
  for (let i = 0; i < n; i += 1) {
    const ri = am[i]!;
    for (let j = i; j < n; j += 1) {
      const aj = a[j]!;
      let s = 0;
      for (let p = 0; p < k; p += 1) s += ri[p]! * aj[p]!;
      // The upper triangle mirrored: exactly symmetric, as symmetrize() makes it (to round-off).
      out[i]![j] = s;
      out[j]![i] = s;
    }
  }
  return out;
}

/** (M + Mᵀ)/2: removes round-off asymmetry, as CARA's cov_make_symmetric. */
function symmetrize(m: Matrix): Matrix {
  const n = m.length;
  const s = zeros(n);
  for (let i = 0; i < n; i += 1) for (let j = 0; j < n; j += 1) s[i]![j] = 0.5 * (m[i]![j]! + m[j]![i]!);
  return s;
}

/**
 * A⁻¹ by Gauss–Jordan elimination with partial pivoting (MATLAB's `A \ eye(n)`). Throws
 * RangeError for a singular matrix (a zero pivot).
 */
export function inverse(a: Matrix): Matrix {
  const n = a.length;
  if (n === 3) return inverse3(a);
  const w = a.map((row, i) => [...row, ...identity(n)[i]!]);
  for (let col = 0; col < n; col += 1) {
    let pivot = col;
    for (let r = col + 1; r < n; r += 1) if (Math.abs(w[r]![col]!) > Math.abs(w[pivot]![col]!)) pivot = r;
    const p = w[pivot]![col]!;
    if (p === 0 || !Number.isFinite(p)) throw new RangeError('inverse: the matrix is singular');
    [w[col], w[pivot]] = [w[pivot]!, w[col]!];
    const rowCol = w[col]!;
    for (let j = 0; j < 2 * n; j += 1) rowCol[j] = rowCol[j]! / p;
    for (let r = 0; r < n; r += 1) {
      if (r === col) continue;
      const f = w[r]![col]!;
      if (f === 0) continue;
      const row = w[r]!;
      for (let j = 0; j < 2 * n; j += 1) row[j] = row[j]! - f * rowCol[j]!;
    }
  }
  return w.map((row) => row.slice(n));
}

/** A 3×3 inverse by cofactors (RangeError when singular). */
function inverse3(m: Matrix): Matrix {
  const [a, b, c] = m[0] as [number, number, number];
  const [d, e, f] = m[1] as [number, number, number];
  const [g, h, i] = m[2] as [number, number, number];
  const A = e * i - f * h;
  const B = -(d * i - f * g);
  const C = d * h - e * g;
  const det = a * A + b * B + c * C;
  if (det === 0 || !Number.isFinite(det)) throw new RangeError('inverse: the matrix is singular');
  const k = 1 / det;
  return [
    [A * k, -(b * i - c * h) * k, (b * f - c * e) * k],
    [B * k, (a * i - c * g) * k, -(a * f - c * d) * k],
    [C * k, -(a * h - b * g) * k, (a * e - b * d) * k],
  ];
}

/** Eigen-decomposition of a symmetric matrix: values and the matrix whose columns are the unit eigenvectors. */
export interface SymmetricEigen {
  readonly values: Vector;
  readonly vectors: Matrix;
}

/**
 * Eigenvalues and eigenvectors of a small symmetric matrix by cyclic Jacobi rotations (Golub & Van
 * Loan, Matrix Computations, 4th ed., §8.5): accurate to round-off for every eigenvalue, including
 * tiny and negative ones, which is what eigenvalue clipping (Hall et al. 2017) needs.
 */
export function symmetricEigen(m: Matrix): SymmetricEigen {
  const n = m.length;
  const a = symmetrize(m);
  const v = identity(n);
  for (let sweep = 0; sweep < 60; sweep += 1) {
    let off = 0;
    let diag = 0;
    for (let i = 0; i < n; i += 1) {
      diag += a[i]![i]! * a[i]![i]!;
      for (let j = i + 1; j < n; j += 1) off += a[i]![j]! * a[i]![j]!;
    }
    if (off === 0 || off <= 1e-36 * diag) break;
    for (let p = 0; p < n - 1; p += 1) {
      for (let q = p + 1; q < n; q += 1) {
        const apq = a[p]![q]!;
        if (apq === 0) continue;
        const theta = (a[q]![q]! - a[p]![p]!) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k += 1) {
          const akp = a[k]![p]!;
          const akq = a[k]![q]!;
          a[k]![p] = c * akp - s * akq;
          a[k]![q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k += 1) {
          const apk = a[p]![k]!;
          const aqk = a[q]![k]!;
          a[p]![k] = c * apk - s * aqk;
          a[q]![k] = s * apk + c * aqk;
        }
        for (let k = 0; k < n; k += 1) {
          const vkp = v[k]![p]!;
          const vkq = v[k]![q]!;
          v[k]![p] = c * vkp - s * vkq;
          v[k]![q] = s * vkp + c * vkq;
        }
      }
    }
  }
  return { values: a.map((row, i) => row[i]!), vectors: v };
}

/** V diag(d) Vᵀ. */
function fromEigen(vectors: Matrix, d: Vector): Matrix {
  const n = vectors.length;
  const out = zeros(n);
  for (let i = 0; i < n; i += 1) {
    for (let j = 0; j < n; j += 1) {
      let s = 0;
      for (let k = 0; k < n; k += 1) s += vectors[i]![k]! * d[k]! * vectors[j]![k]!;
      out[i]![j] = s;
    }
  }
  return out;
}

/**
 * Eigenvalue clipping (Hall, Hejduk & Johnson 2017, AAS 17-567; CARA CovRemEigValClip.m):
 * eigenvalues below `floor` are raised to it. Returns the raw and clipped eigenvalues, the
 * determinant and inverse of the clipped matrix (built from the raw eigenvectors).
 */
export function clipEigenvalues(m: Matrix, floor: number): { raw: Vector; clipped: Vector; determinant: number; inverse: Matrix } {
  const { values, vectors } = symmetricEigen(m);
  const clipped = values.map((l) => (l < floor ? floor : l));
  return {
    raw: values,
    clipped,
    determinant: clipped.reduce((p, l) => p * l, 1),
    inverse: fromEigen(
      vectors,
      clipped.map((l) => 1 / l),
    ),
  };
}

/** The solution x of M x = b for a 3×3 M by Cramer's rule (NaN or ±Infinity entries when M is singular). */
export function solve3(m: Matrix, b: Vector): Vector {
  const det = (a: Matrix) =>
    a[0]![0]! * (a[1]![1]! * a[2]![2]! - a[1]![2]! * a[2]![1]!) - a[0]![1]! * (a[1]![0]! * a[2]![2]! - a[1]![2]! * a[2]![0]!) + a[0]![2]! * (a[1]![0]! * a[2]![1]! - a[1]![1]! * a[2]![0]!);
  const d = det(m);
  return [0, 1, 2].map((col) => det(m.map((row, i) => row.map((v, j) => (j === col ? b[i]! : v)))) / d);
}

/** xᵀ M y. */
export function quadraticForm(x: Vector, m: Matrix, y: Vector = x): number {
  let s = 0;
  for (let i = 0; i < x.length; i += 1) {
    const row = m[i]!;
    let t = 0;
    for (let j = 0; j < y.length; j += 1) t += row[j]! * y[j]!;
    s += x[i]! * t;
  }
  return s;
}

/**
 * An orthonormal frame (columns e1, e2, e3) with e3 along v (any frame when v is 0): the unit-sphere
 * rules of 3D-Nc and 2D-Nc put their pole along the relative velocity with it.
 */
export function poleFrame(v: readonly number[]): Matrix {
  const n = Math.hypot(v[0]!, v[1]!, v[2]!);
  const e3 = n > 0 ? v.map((x) => x / n) : [0, 0, 1];
  const a = Math.abs(e3[0]!) < 0.9 ? [1, 0, 0] : [0, 1, 0];
  const d = a[0]! * e3[0]! + a[1]! * e3[1]! + a[2]! * e3[2]!;
  let e1 = a.map((x, i) => x - d * e3[i]!);
  const m = Math.hypot(e1[0]!, e1[1]!, e1[2]!);
  e1 = e1.map((x) => x / m);
  const e2 = [e3[1]! * e1[2]! - e3[2]! * e1[1]!, e3[2]! * e1[0]! - e3[0]! * e1[2]!, e3[0]! * e1[1]! - e3[1]! * e1[0]!];
  return [0, 1, 2].map((i) => [e1[i]!, e2[i]!, e3[i]!]);
}

/**
 * A copy of a 6×6 covariance given to 3D-Nc, 2D-Nc or the Monte Carlo, checked: RangeError
 * "`method`: `what` must be a 6×6 matrix" (or "has a non-finite entry"), so bad input is refused
 * with its name before any arithmetic.
 */
export function checkedMatrix6(c: readonly (readonly number[])[], method: string, what: string): Matrix {
  const rows: readonly unknown[] = Array.isArray(c) ? c : [];
  if (rows.length !== 6 || rows.some((row) => !Array.isArray(row) || row.length !== 6)) throw new RangeError(`${method}: ${what} must be a 6×6 matrix`);
  if (c.some((row) => row.some((x) => !Number.isFinite(x)))) throw new RangeError(`${method}: ${what} has a non-finite entry`);
  return c.map((row) => [...row]);
}

/** A copy of a position or velocity, checked: RangeError "`method`: `what` must be three finite numbers". */
export function checkedVector3(v: readonly number[], method: string, what: string): Vector {
  if (!Array.isArray(v) || v.length !== 3 || !v.every((x) => Number.isFinite(x))) throw new RangeError(`${method}: ${what} must be three finite numbers`);
  return [...v];
}
