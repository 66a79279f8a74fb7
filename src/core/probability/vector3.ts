/**
 * Plain Cartesian 3-vectors for the probability code. The unit is the caller's (this module is
 * used with metres, and with km where only directions matter); frames are not tracked here
 * because Pc is computed in whatever inertial frame both objects are given in.
 */

export type Vector3 = readonly [number, number, number];

export const add = (a: Vector3, b: Vector3): Vector3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
export const subtract = (a: Vector3, b: Vector3): Vector3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
export const scale = (a: Vector3, k: number): Vector3 => [a[0] * k, a[1] * k, a[2] * k];
export const dot = (a: Vector3, b: Vector3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
export const cross = (a: Vector3, b: Vector3): Vector3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
export const length = (a: Vector3): number => Math.hypot(a[0], a[1], a[2]);

/** a / |a|; NaN components for the zero vector (callers check the length first). */
export function unit(a: Vector3): Vector3 {
  return scale(a, 1 / length(a));
}

/** Whether every component is a finite number. */
export function isFiniteVector(a: readonly number[]): boolean {
  return a.length === 3 && a.every((x) => Number.isFinite(x));
}
