/**
 * Frame reorientation for (near-)retrograde equatorial orbits, where prograde equinoctial elements
 * are singular (NASA CARA_Analysis_Tools RetrogradeReorientation.m, mode 1). Pc does not depend on
 * the inertial axes, so both states and covariances are expressed in rotated axes instead.
 */
import { congruence, type Matrix, type Vector } from './linear-algebra.ts';

function isRetrograde(r: Vector, v: Vector): boolean {
  const h = [r[1]! * v[2]! - r[2]! * v[1]!, r[2]! * v[0]! - r[0]! * v[2]!, r[0]! * v[1]! - r[1]! * v[0]!];
  return 1 + h[2]! / Math.hypot(h[0]!, h[1]!, h[2]!) < 1e-6;
}

/**
 * CARA RetrogradeReorientation.m (mode 1): when either orbit is within 1e-6 of retrograde
 * equatorial (where prograde equinoctial elements are singular), express everything in axes
 * X' = y, Y' = z, Z' = x. Pc does not depend on the inertial axes.
 */
export function reorientForRetrograde(
  r1: Vector,
  v1: Vector,
  c1: Matrix,
  r2: Vector,
  v2: Vector,
  c2: Matrix,
): { r1: Vector; v1: Vector; c1: Matrix; r2: Vector; v2: Vector; c2: Matrix; reoriented: boolean } | null {
  if (!isRetrograde(r1, v1) && !isRetrograde(r2, v2)) return { r1, v1, c1, r2, v2, c2, reoriented: false };
  const candidates: Matrix[] = [
    [
      [0, 1, 0],
      [0, 0, 1],
      [1, 0, 0],
    ],
    [
      [0, 0, 1],
      [1, 0, 0],
      [0, 1, 0],
    ],
    [
      [1, 0, 0],
      [0, 0, 1],
      [0, -1, 0],
    ],
  ];
  for (const m3 of candidates) {
    const rot = (x: Vector) => m3.map((row) => row[0]! * x[0]! + row[1]! * x[1]! + row[2]! * x[2]!);
    const n1 = rot(r1);
    const w1 = rot(v1);
    const n2 = rot(r2);
    const w2 = rot(v2);
    if (isRetrograde(n1, w1) || isRetrograde(n2, w2)) continue;
    const m6: Matrix = Array.from({ length: 6 }, (_, i) => Array.from({ length: 6 }, (_, j) => (Math.floor(i / 3) === Math.floor(j / 3) ? m3[i % 3]![j % 3]! : 0)));
    return { r1: n1, v1: w1, c1: congruence(m6, c1), r2: n2, v2: w2, c2: congruence(m6, c2), reoriented: true };
  }
  return null;
}

