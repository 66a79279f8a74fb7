/**
 * 2D probability of collision, Foster/Chan "circle" method (Foster & Estes 1992, NASA JSC-25898;
 * Chan 2008, "Spacecraft Collision Probability", The Aerospace Press; the disk integral as
 * Alfano 2005, J. Astronautical Sciences 53(1) 103–109).
 *
 * Steps: combined position covariance C = C1 + C2 (the objects' errors are independent, so the
 * relative position's covariance is the sum, as in Foster & Estes and Chan); the encounter plane and projected
 * miss vector (encounter-plane.ts, the convention of shared/reference/pc/README.md); the 2×2
 * projected covariance in its principal frame; the Gaussian integrated over the disk of radius
 * HBR (disk-probability.ts).
 *
 * Units: metres and metres per second throughout (covariance m²). Inputs in km must be converted
 * by the caller (×1000 for r and v, ×1e6 for every covariance entry).
 *
 * Undefined (pc: null):
 * - zero relative velocity: there is no encounter plane, and the short-encounter model that
 *   turns the 3D problem into a 2D one does not apply (CARA PcCircle returns NaN);
 * - a projected covariance whose larger eigenvalue is not positive (no uncertainty at all in
 *   the plane, or not a covariance): CARA PcCircle refuses these as errors.
 * A projected covariance with one non-positive or tiny eigenvalue is remediated as CARA PcCircle
 * does (nasa/CARA_Analysis_Tools, PcCircle.m, "eigenvalue clipping"): eigenvalues below
 * (1e-4·HBR)² are raised to it, which changes Pc by a negligible amount and keeps it defined.
 */
import { gaussianDiskProbability } from './disk-probability.ts';
import { encounterPlane, projectCovariance } from './encounter-plane.ts';
import { addMatrices, positionBlock, type CovarianceInput } from './matrix3.ts';
import { isFiniteVector, length, type Vector3 } from './vector3.ts';

export interface Pc2dInput {
  /** Primary position, m (inertial frame, the same for both objects). */
  readonly r1M: Vector3;
  /** Primary velocity, m/s. */
  readonly v1MPerS: Vector3;
  /** Primary covariance: 3×3 position (m²) or 6×6 position-velocity (m, m/s units); only the position block is used. */
  readonly cov1M2: CovarianceInput;
  readonly r2M: Vector3;
  readonly v2MPerS: Vector3;
  readonly cov2M2: CovarianceInput;
  /** Combined hard-body radius, m: ≥ 0, or +Infinity (Pc = 1). */
  readonly hbrM: number;
}

export type Pc2dUndefinedReason = 'zero-relative-velocity' | 'covariance-not-positive';

interface Pc2dCommon {
  /** |r2 − r1|, m. */
  readonly missDistanceM: number;
  /** |v2 − v1|, m/s. */
  readonly relativeSpeedMPerS: number;
}

export interface Pc2dDefined extends Pc2dCommon {
  /** Probability of collision, 0 … 1. */
  readonly pc: number;
  /** The miss vector projected on the encounter plane: its length, m (the miss distance at the straight-line TCA). */
  readonly missInPlaneM: number;
  /** Standard deviations of the projected combined covariance along its principal axes, m (after remediation). */
  readonly sigmaMajorM: number;
  readonly sigmaMinorM: number;
  /** Angle from the encounter-plane x axis to the major principal axis, rad. */
  readonly majorAxisAngleRad: number;
  /** The in-plane miss along the major and minor principal axes, m (the Gaussian's mean in the disk integral). */
  readonly meanMajorM: number;
  readonly meanMinorM: number;
  /** Whether an eigenvalue was raised by the CARA clipping rule. */
  readonly covarianceRemediated: boolean;
}

export interface Pc2dUndefined extends Pc2dCommon {
  readonly pc: null;
  readonly reason: Pc2dUndefinedReason;
}

export type Pc2dResult = Pc2dDefined | Pc2dUndefined;

/** CARA PcCircle's clipping factor: eigenvalues below (Fclip·HBR)² are raised to it. */
const CLIP_FACTOR = 1e-4;

/** Eigen-decomposition of the symmetric 2×2 [[xx, xz], [xz, zz]]: λ₁ ≥ λ₂ and the angle of λ₁'s eigenvector. */
function eigen2(xx: number, xz: number, zz: number): { major: number; minor: number; angle: number } {
  const mean = 0.5 * (xx + zz);
  const radius = Math.hypot(0.5 * (xx - zz), xz);
  const major = mean + radius;
  // λ₂ = det/λ₁ keeps its relative accuracy when λ₂ ≪ λ₁ (mean − radius would cancel).
  const minor = major > 0 ? (xx * zz - xz * xz) / major : mean - radius;
  return { major, minor: Math.min(minor, major), angle: 0.5 * Math.atan2(2 * xz, xx - zz) };
}

function checkVector(v: Vector3, name: string): void {
  if (!Array.isArray(v) || !isFiniteVector(v)) throw new RangeError(`pc2d: ${name} must be three finite numbers`);
}

/** Foster/Chan 2D Pc of one conjunction. Throws RangeError for malformed input. */
export function pc2d(input: Pc2dInput): Pc2dResult {
  checkVector(input.r1M, 'r1M');
  checkVector(input.v1MPerS, 'v1MPerS');
  checkVector(input.r2M, 'r2M');
  checkVector(input.v2MPerS, 'v2MPerS');
  const hbr = input.hbrM;
  if (!(hbr >= 0)) throw new RangeError(`pc2d: hbrM must be ≥ 0 or Infinity, got ${hbr}`);
  const combined = addMatrices(positionBlock(input.cov1M2, 'cov1M2'), positionBlock(input.cov2M2, 'cov2M2'));

  const plane = encounterPlane(input.r1M, input.v1MPerS, input.r2M, input.v2MPerS);
  const missDistanceM = Math.hypot(input.r2M[0] - input.r1M[0], input.r2M[1] - input.r1M[1], input.r2M[2] - input.r1M[2]);
  const relativeSpeedMPerS = Math.hypot(input.v2MPerS[0] - input.v1MPerS[0], input.v2MPerS[1] - input.v1MPerS[1], input.v2MPerS[2] - input.v1MPerS[2]);
  const common = { missDistanceM, relativeSpeedMPerS };
  if (!plane) return { pc: null, reason: 'zero-relative-velocity', ...common };

  const { xx, xz, zz } = projectCovariance(combined, plane);
  const { major, minor, angle } = eigen2(xx, xz, zz);
  if (!(major > 0)) return { pc: null, reason: 'covariance-not-positive', ...common };
  const floor = Number.isFinite(hbr) ? (CLIP_FACTOR * hbr) ** 2 : 0;
  const lambda1 = Math.max(major, floor);
  const lambda2 = Math.max(minor, floor);
  const covarianceRemediated = lambda1 !== major || lambda2 !== minor;

  const [mx, mz] = plane.missInPlane;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const meanMajor = mx * cos + mz * sin;
  const meanMinor = -mx * sin + mz * cos;
  const sigmaMajorM = Math.sqrt(lambda1);
  // λ₂ ≤ 0 survives the clipping only when HBR is 0 or ∞, where Pc does not depend on it.
  const sigmaMinorM = Math.sqrt(Math.max(lambda2, 0));
  const pc =
    hbr === 0 ? 0 : hbr === Number.POSITIVE_INFINITY ? 1 : gaussianDiskProbability({ meanMajor, meanMinor, sigmaMajor: sigmaMajorM, sigmaMinor: sigmaMinorM, radius: hbr });

  return {
    pc,
    ...common,
    missInPlaneM: length([mx, 0, mz]),
    sigmaMajorM,
    sigmaMinorM,
    majorAxisAngleRad: angle,
    meanMajorM: meanMajor,
    meanMinorM: meanMinor,
    covarianceRemediated,
  };
}
