/**
 * The encounter (conjunction) plane of a short encounter and the projection of the relative
 * position and of the combined covariance onto it.
 *
 * Short-encounter model (Foster & Estes 1992, "A Parametric Analysis of Orbital Debris Collision
 * Probability and Maneuver Rate for Space Vehicles", NASA JSC-25898; Chan 2008, "Spacecraft
 * Collision Probability", The Aerospace Press): relative motion is a straight line at the relative velocity
 * during the encounter, so the probability of the objects coming within the hard-body radius is
 * the 2D Gaussian of the relative position, marginalised onto the plane perpendicular to the
 * relative velocity, integrated over the hard-body disk.
 *
 * Axes, exactly as shared/reference/pc/README.md ("Method and a convention trap"):
 *   y = (v2 − v1)/|v2 − v1|,  z = (r × v)/|r × v| with r = r2 − r1, v = v2 − v1,  x = y × z.
 * The miss vector is r projected on (x, z): (r·x, r·z) = (r·x, 0). Projecting (rather than putting
 * the whole |r| on the x axis, as CARA's PcCircle does) makes the result independent of whether
 * the states are exactly at TCA: the projection of r is the relative position at the time of
 * closest approach of the straight-line relative motion.
 */
import { bilinear, type Matrix3 } from './matrix3.ts';
import { cross, dot, length, subtract, unit, type Vector3 } from './vector3.ts';

export interface EncounterPlane {
  /** Unit axes in the inertial frame of the inputs: x, z span the plane, y is along v2 − v1. */
  readonly x: Vector3;
  readonly y: Vector3;
  readonly z: Vector3;
  /** r2 − r1 in the inputs' unit. */
  readonly relativePosition: Vector3;
  /** v2 − v1 in the inputs' unit. */
  readonly relativeVelocity: Vector3;
  /** The relative position projected on the plane, components along x and z (the z one is 0 by construction). */
  readonly missInPlane: readonly [number, number];
}

/**
 * Relative speeds at or below this fraction of the larger orbital speed are rounding noise: the
 * direction of v2 − v1, and with it the plane, is then undefined (8 ulps of the speed).
 */
const ZERO_RELATIVE_SPEED = 8 * Number.EPSILON;

/**
 * The encounter plane, or null when the relative velocity is zero (or at rounding level): the
 * short-encounter model, and Pc2D with it, is then undefined (CARA's PcCircle returns NaN for
 * these, e.g. Alfano 2009 test case 12).
 */
export function encounterPlane(r1: Vector3, v1: Vector3, r2: Vector3, v2: Vector3): EncounterPlane | null {
  const r = subtract(r2, r1);
  const v = subtract(v2, v1);
  const speed = length(v);
  if (!(speed > ZERO_RELATIVE_SPEED * Math.max(length(v1), length(v2)))) return null;
  const y = unit(v);
  let h = cross(r, v);
  // r parallel to v (or r = 0): the miss vector has no component in the plane and any in-plane
  // orientation gives the same Pc; take z perpendicular to y and to the axis least aligned with it.
  if (!(length(h) > 0) || !Number.isFinite(length(h))) {
    const ax = Math.abs(y[0]);
    const ay = Math.abs(y[1]);
    const az = Math.abs(y[2]);
    const e: Vector3 = ax <= ay && ax <= az ? [1, 0, 0] : ay <= az ? [0, 1, 0] : [0, 0, 1];
    h = cross(e, y);
  }
  const z = unit(h);
  const x = cross(y, z);
  return { x, y, z, relativePosition: r, relativeVelocity: v, missInPlane: [dot(r, x), dot(r, z)] };
}

/** The 2×2 covariance of the plane coordinates (x, z): [xᵀCx, xᵀCz, zᵀCz]. */
export function projectCovariance(c: Matrix3, plane: EncounterPlane): { xx: number; xz: number; zz: number } {
  return { xx: bilinear(plane.x, c, plane.x), xz: bilinear(plane.x, c, plane.z), zz: bilinear(plane.z, c, plane.z) };
}
