/**
 * The object-centred RTN frame of a CDM (CCSDS 508.0-B-1 Annex E1): R radial (outward), N normal
 * to the inertial orbit plane (along r × v), T = N × R completing the right-handed triad (along
 * the velocity for a circular orbit). Used for the covariances (Table 3-4) and for the relative
 * position and velocity of Object2 with respect to Object1 (Table 3-2).
 *
 * Rotating an RTN covariance to the inertial frame of (r, v) is C_eci = M C_rtn Mᵀ with
 * M = blockdiag([R T N], [R T N]), as NASA CARA's RIC2ECI does (shared/reference/pc/README.md);
 * the velocity block is rotated without the ω × r term of a rotating frame, as RIC2ECI does, and
 * only the position block enters the 2D Pc. Rows 7–9 (drag, SRP, thrust) are scalars and stay.
 */
import type { SymmetricMatrix, Vector3 } from './cdm.ts';
import { rtnAxes as probabilityRtnAxes } from '../probability/index.ts';

export interface RtnAxes {
  /** Unit vectors of the RTN axes, in the inertial frame of the state they were built from. */
  readonly r: Vector3;
  readonly t: Vector3;
  readonly n: Vector3;
}

const dot = (a: Vector3, b: Vector3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

/** The RTN axes of an inertial state (any length and speed unit). Throws RangeError when r × v = 0 (no orbit plane). */
export function rtnAxes(position: Vector3, velocity: Vector3): RtnAxes {
  const [r, t, n] = probabilityRtnAxes(position, velocity);
  return { r, t, n };
}

/** Components of an inertial vector along R, T, N. */
export function toRtn(vector: Vector3, axes: RtnAxes): Vector3 {
  return [dot(vector, axes.r), dot(vector, axes.t), dot(vector, axes.n)];
}

/** The inertial vector of RTN components. */
export function fromRtn(rtn: Vector3, axes: RtnAxes): Vector3 {
  return [0, 1, 2].map((i) => rtn[0] * axes.r[i]! + rtn[1] * axes.t[i]! + rtn[2] * axes.n[i]!) as unknown as Vector3;
}

/**
 * An RTN covariance (3×3, 6×6, or up to 9×9 with the CDM's drag/SRP/thrust rows) in the inertial
 * frame of the axes: B C Bᵀ with B = blockdiag(M, M, I) and M = [R T N] as columns, then made
 * exactly symmetric. Units are unchanged.
 */
export function covarianceRtnToInertial(rtn: SymmetricMatrix, axes: RtnAxes): number[][] {
  const n = rtn.length;
  if (n < 3 || rtn.some((row) => row.length !== n)) throw new RangeError(`covariance must be square and at least 3×3, got ${n} rows`);
  const columns = [axes.r, axes.t, axes.n];
  // B[i][k]: rotation within each 3-block of position and velocity, identity beyond row 6.
  const b = (i: number, k: number): number => {
    if (i >= 6 || k >= 6) return i === k ? 1 : 0;
    if (Math.floor(i / 3) !== Math.floor(k / 3)) return 0;
    return columns[k % 3]![i % 3]!;
  };
  const out = Array.from({ length: n }, (_, i) =>
    Array.from({ length: n }, (_, j) => {
      let s = 0;
      for (let k = 0; k < n; k += 1) {
        const bik = b(i, k);
        if (bik === 0) continue;
        for (let l = 0; l < n; l += 1) s += bik * rtn[k]![l]! * b(j, l);
      }
      return s;
    }),
  );
  for (let i = 0; i < n; i += 1) for (let j = 0; j < i; j += 1) out[i]![j] = out[j]![i] = 0.5 * (out[i]![j]! + out[j]![i]!);
  return out;
}

/**
 * Object2's position and velocity relative to Object1, in Object1's RTN frame (Annex E1:
 * "calculated by taking the difference of the position and velocity vectors relative to the
 * frame in which they are defined, with components expressed in the Object1-centered RTN
 * coordinate frame"). Units are those of the inputs.
 */
export function relativeStateRtn(
  object1: { readonly position: Vector3; readonly velocity: Vector3 },
  object2: { readonly position: Vector3; readonly velocity: Vector3 },
): { readonly position: Vector3; readonly velocity: Vector3 } {
  const axes = rtnAxes(object1.position, object1.velocity);
  const dr: Vector3 = [object2.position[0] - object1.position[0], object2.position[1] - object1.position[1], object2.position[2] - object1.position[2]];
  const dv: Vector3 = [object2.velocity[0] - object1.velocity[0], object2.velocity[1] - object1.velocity[1], object2.velocity[2] - object1.velocity[2]];
  return { position: toRtn(dr, axes), velocity: toRtn(dv, axes) };
}
