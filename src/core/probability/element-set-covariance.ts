/**
 * A 6×6 position-velocity covariance for an element set, built from the default RTN position sigmas
 * (default-covariance.ts, Flohrer et al. 2008) so that the usage-violation tests and the 3D-Nc
 * method (which need velocity uncertainty and its correlation with position) can run on screening
 * results. OUR CONSTRUCTION, stated:
 *
 * An element set's error is an error of its orbital elements. We model it as independent errors of
 * the equinoctial elements at TCA, E = (n, af, ag, χ, ψ, λM) (equinoctial.ts), and map them to
 * Cartesian space with the two-body Jacobian J = ∂X/∂E, the same map the 3D-Nc method uses:
 * P = J diag(q) Jᵀ. The six variances are sized so that P's radial, in-track and cross-track
 * position variances equal the model's σR², σT², σN²:
 * - radial: a quarter of σR² from the mean motion (semi-major axis), the rest shared equally by
 *   af and ag (eccentricity vector), fixed proportions within the group;
 * - cross-track: χ and ψ equally (orbit plane orientation);
 * - in-track: the mean longitude λM;
 * the three group scales solved from the 3×3 linear system of those three variances (each column
 * of J contributes to several of them). Velocity errors then follow from orbital mechanics: a
 * semi-major-axis error carries the in-track velocity error it implies, and so on.
 * If the system has no positive solution (a degenerate geometry), the groups are sized one after
 * the other (radial, cross-track, then what in-track variance remains, at least 10 % of σT²).
 *
 * Units: r m, v m/s, sigmas m; the result in m², m²/s, m²/s², in the frame of r and v.
 */
import { cartesianToEquinoctial, jacobianEquinoctialToCartesian, type Equinoctial } from './equinoctial.ts';
import { congruence, solve3, type Matrix } from './linear-algebra.ts';
import type { RtnSigmasM } from './default-covariance.ts';
import { rtnAxes } from './rtn.ts';
import type { Vector3 } from './vector3.ts';

/** Share of the radial variance carried by the mean-motion (semi-major-axis) error. */
export const RADIAL_SHARE_OF_MEAN_MOTION = 0.25;

export function elementSetCovariance6(sigmas: RtnSigmasM, rM: Vector3, vMPerS: Vector3): number[][] {
  const { radialM, inTrackM, crossTrackM } = sigmas;
  if (![radialM, inTrackM, crossTrackM].every((s) => Number.isFinite(s) && s > 0)) throw new RangeError('elementSetCovariance6: sigmas must be finite and > 0');
  const x = [...rM, ...vMPerS].map((c) => c / 1e3);
  const eq = cartesianToEquinoctial(x.slice(0, 3), x.slice(3));
  if (!eq) throw new RangeError('elementSetCovariance6: the orbit is not bound');
  const e: Equinoctial = eq.elements;
  const j = jacobianEquinoctialToCartesian(e, x);
  const [R, T, N] = rtnAxes(rM, vMPerS);
  // Squared RTN components (km²) of each element's position column.
  const comp = (axis: Vector3, k: number) => (axis[0] * j[0]![k]! + axis[1] * j[1]![k]! + axis[2] * j[2]![k]!) ** 2;
  // Per unit group scale: mean motion and eccentricity vector sized so the group's radial variance is 1 km².
  const rn = comp(R, 0);
  const re = comp(R, 1) + comp(R, 2);
  const qnUnit = RADIAL_SHARE_OF_MEAN_MOTION / rn;
  const qeUnit = (1 - RADIAL_SHARE_OF_MEAN_MOTION) / re;
  const groupRadial = (axis: Vector3) => qnUnit * comp(axis, 0) + qeUnit * (comp(axis, 1) + comp(axis, 2));
  const groupPlane = (axis: Vector3) => comp(axis, 3) + comp(axis, 4);
  const groupLambda = (axis: Vector3) => comp(axis, 5);
  const target = [(radialM / 1e3) ** 2, (inTrackM / 1e3) ** 2, (crossTrackM / 1e3) ** 2];
  const axes = [R, T, N];
  const m = axes.map((axis) => [groupRadial(axis), groupPlane(axis), groupLambda(axis)]);
  let scales = solve3(m, target);
  if (!scales.every((s) => Number.isFinite(s) && s > 0)) {
    const sR = target[0]! / m[0]![0]!;
    const sW = target[2]! / m[2]![1]!;
    const rest = target[1]! - sR * m[1]![0]! - sW * m[1]![1]!;
    scales = [sR, sW, Math.max(rest, 0.1 * target[1]!) / m[1]![2]!];
  }
  const [sR, sW, sL] = scales as [number, number, number];
  const q: Matrix = Array.from({ length: 6 }, () => new Array<number>(6).fill(0));
  q[0]![0] = sR * qnUnit;
  q[1]![1] = sR * qeUnit;
  q[2]![2] = sR * qeUnit;
  q[3]![3] = sW;
  q[4]![4] = sW;
  q[5]![5] = sL;
  return congruence(j, q).map((row) => row.map((v) => v * 1e6));
}
