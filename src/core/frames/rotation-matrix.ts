/**
 * 3×3 rotation matrices for frame changes, in the convention of Vallado ("Fundamentals of
 * Astrodynamics and Applications", 4th ed., §3.3.3, ROT1/ROT2/ROT3): `rotX(α)` etc. rotate the
 * *axes* by +α about x, y or z, so `apply(rotZ(α), r)` gives the components of a fixed vector r in
 * the rotated frame. Row-major; a rotation's inverse is its transpose.
 */

export type Vector3 = readonly [number, number, number];
export type Matrix3 = readonly [Vector3, Vector3, Vector3];

/** Axes rotated by `angle` (radians) about x: Vallado's ROT1. */
export function rotX(angle: number): Matrix3 {
  const [c, s] = [Math.cos(angle), Math.sin(angle)];
  return [
    [1, 0, 0],
    [0, c, s],
    [0, -s, c],
  ];
}

/** Axes rotated by `angle` (radians) about y: Vallado's ROT2. */
export function rotY(angle: number): Matrix3 {
  const [c, s] = [Math.cos(angle), Math.sin(angle)];
  return [
    [c, 0, -s],
    [0, 1, 0],
    [s, 0, c],
  ];
}

/** Axes rotated by `angle` (radians) about z: Vallado's ROT3. */
export function rotZ(angle: number): Matrix3 {
  const [c, s] = [Math.cos(angle), Math.sin(angle)];
  return [
    [c, s, 0],
    [-s, c, 0],
    [0, 0, 1],
  ];
}

/** The product a·b (apply b first, then a). */
export function multiply(a: Matrix3, b: Matrix3): Matrix3 {
  const row = (i: 0 | 1 | 2): Vector3 => [
    a[i][0] * b[0][0] + a[i][1] * b[1][0] + a[i][2] * b[2][0],
    a[i][0] * b[0][1] + a[i][1] * b[1][1] + a[i][2] * b[2][1],
    a[i][0] * b[0][2] + a[i][1] * b[1][2] + a[i][2] * b[2][2],
  ];
  return [row(0), row(1), row(2)];
}

/** Mᵀ: the inverse of a rotation. */
export function transpose(m: Matrix3): Matrix3 {
  return [
    [m[0][0], m[1][0], m[2][0]],
    [m[0][1], m[1][1], m[2][1]],
    [m[0][2], m[1][2], m[2][2]],
  ];
}

/** M·v. */
export function apply(m: Matrix3, v: Vector3): Vector3 {
  return [
    m[0][0] * v[0] + m[0][1] * v[1] + m[0][2] * v[2],
    m[1][0] * v[0] + m[1][1] * v[1] + m[1][2] * v[2],
    m[2][0] * v[0] + m[2][1] * v[1] + m[2][2] * v[2],
  ];
}
