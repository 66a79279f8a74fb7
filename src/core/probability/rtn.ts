/**
 * The RTN (radial, transverse/in-track, normal/cross-track) frame of an orbiting object and the
 * rotation of position covariances between it and the inertial frame of its state.
 *
 * Axes (Vallado, Fundamentals of Astrodynamics and Applications, 4th ed., ch. 3, the RSW frame;
 * the CCSDS CDM's RTN, CCSDS 508.0-B-1 Annex; CARA's RIC2ECI as quoted in
 * shared/reference/pc/README.md): R = r/|r|, N = (r × v)/|r × v|, T = N × R.
 * With M = [R T N] (columns), C_inertial = M C_rtn Mᵀ and C_rtn = Mᵀ C_inertial M.
 */
import { fromFrame, toFrame, type Matrix3 } from './matrix3.ts';
import type { RtnSigmasM } from './default-covariance.ts';
import { cross, isFiniteVector, length, unit, type Vector3 } from './vector3.ts';

/** The R, T, N unit vectors of a state (r and v in any units). Throws RangeError when r × v = 0 (no orbit plane). */
export function rtnAxes(r: Vector3, v: Vector3): readonly [Vector3, Vector3, Vector3] {
  if (!isFiniteVector(r) || !isFiniteVector(v)) throw new RangeError('rtnAxes: r and v must be three finite numbers each');
  const h = cross(r, v);
  if (!(length(h) > 0)) throw new RangeError('rtnAxes: r × v is zero, so the RTN frame is undefined');
  const radial = unit(r);
  const normal = unit(h);
  return [radial, cross(normal, radial), normal];
}

/** A 3×3 position covariance given in RTN (unit²) expressed in the inertial frame of r and v. */
export function rtnCovarianceToInertial(cRtn: Matrix3, r: Vector3, v: Vector3): Matrix3 {
  return fromFrame(cRtn, rtnAxes(r, v));
}

/** A 3×3 inertial position covariance expressed in the RTN frame of r and v. */
export function inertialCovarianceToRtn(cInertial: Matrix3, r: Vector3, v: Vector3): Matrix3 {
  return toFrame(cInertial, rtnAxes(r, v));
}

/** The inertial 3×3 covariance (m²) of independent RTN errors with the given standard deviations (m), for an object at r, v. */
export function rtnToInertial(sigmas: RtnSigmasM, r: Vector3, v: Vector3): Matrix3 {
  const { radialM, inTrackM, crossTrackM } = sigmas;
  if (![radialM, inTrackM, crossTrackM].every((s) => Number.isFinite(s) && s >= 0)) throw new RangeError('rtnToInertial: sigmas must be finite and ≥ 0');
  const diagonal: Matrix3 = [
    [radialM * radialM, 0, 0],
    [0, inTrackM * inTrackM, 0],
    [0, 0, crossTrackM * crossTrackM],
  ];
  return rtnCovarianceToInertial(diagonal, r, v);
}
