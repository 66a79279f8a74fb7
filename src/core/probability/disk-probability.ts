/**
 * The probability that a 2D Gaussian falls inside a disk centred on the origin, computed in the
 * Gaussian's principal frame: the core of the Foster/Chan "circle" Pc.
 *
 * With the mean at (a, b) along the major and minor principal axes, standard deviations
 * s₁ ≥ s₂ and disk radius R (Alfano 2005, "A Numerical Implementation of Spherical Object
 * Collision Probability", J. Astronautical Sciences 53(1) 103–109, who integrates one axis
 * analytically and the other numerically):
 *
 *   P = ∫_{−R}^{R} N(y; b, s₂²) [Φ((c(y) − a)/s₁) − Φ((−c(y) − a)/s₁)] dy,   c(y) = √(R² − y²).
 *
 * The numerical axis is the minor one, so the narrow factor is a Gaussian whose position and width
 * are known (they become breakpoints) and the erf factor spans the wider axis. Substituting
 * y = R sin θ removes the square-root endpoint singularity of c(y) (dy = c dθ), leaving an analytic
 * integrand on (−π/2, π/2). It is evaluated in logarithms and scaled by its largest sampled value,
 * so neither factor under- or overflows on its own even when the product is 1e-300; the interval
 * probability is evaluated tail-accurately (normal.ts). The integral is
 * then adaptive Gauss–Kronrod to 1e-12 relative (quadrature.ts). Independent check:
 * shared/reference/pc/README.md reports the same scheme, with scipy, agreeing with a 4e6-point
 * trapezoid to 1e-15.
 */
import { logNormalDensity, logNormalIntervalProbability } from './normal.ts';
import { integrate } from './quadrature.ts';

export interface DiskProblem {
  /** Mean along the major principal axis (any length unit, the same for all five). */
  readonly meanMajor: number;
  /** Mean along the minor principal axis. */
  readonly meanMinor: number;
  /** Standard deviation along the major axis. */
  readonly sigmaMajor: number;
  /** Standard deviation along the minor axis, 0 ≤ sigmaMinor ≤ sigmaMajor. */
  readonly sigmaMinor: number;
  /** Disk radius, ≥ 0 (may be +∞). */
  readonly radius: number;
}

const RELATIVE_TOLERANCE = 1e-12;
const HALF_PI = Math.PI / 2;
/** ln of a value below which every double result is 0 (the smallest subnormal is 4.9e-324). */
const UNDERFLOW_LOG = -760;
/** Breakpoint offsets, in standard deviations, around each narrow feature of the integrand. */
const OFFSETS = [0, 0.5, 1, 2, 4, 8, 16] as const;

/** ln of Φ((c − a)/s₁) − Φ((−c − a)/s₁): the major-axis interval probability of a chord of half-length c. */
function logChord(c: number, a: number, s1: number): number {
  return logNormalIntervalProbability((-c - a) / s1, (c - a) / s1);
}

/** Breakpoints in θ ∈ [−π/2, π/2] around the narrow features of the integrand. */
function breakpoints(a: number, b: number, s1: number, s2: number, R: number): number[] {
  const points = [-HALF_PI, HALF_PI];
  const addY = (y: number) => {
    if (y > -R && y < R) points.push(Math.asin(y / R));
  };
  const addChord = (c: number) => {
    if (c > 0 && c < R) {
      const theta = Math.acos(c / R);
      points.push(theta, -theta);
    }
  };
  for (const k of OFFSETS) {
    // The minor-axis Gaussian, centred on y = b with width s₂.
    addY(b + k * s2);
    addY(b - k * s2);
    // The major-axis factor switches on where the chord half-length c reaches |a| (width s₁).
    addChord(a + k * s1);
    addChord(a - k * s1);
  }
  // Mean beyond the disk edge along the minor axis: near θ = ±π/2, y ≈ R − Rδ²/2 and the
  // Gaussian is exp(−(|b| − R)Rδ²/2s₂²)-shaped in δ = π/2 − |θ|; grade the panels by that width.
  const width = s2 / Math.sqrt(R * Math.max(b - R, s2));
  if (Number.isFinite(width) && width > 0) {
    for (const k of OFFSETS) if (k > 0 && k * width < HALF_PI) points.push(HALF_PI - k * width);
  }
  return points;
}

/**
 * P(X ∈ disk of radius R centred on the origin) for X ~ N((a, b), diag(s₁², s₂²)).
 * R = 0 gives 0 and R = ∞ gives 1 (CARA PcCircle's convention for those limits).
 */
export function gaussianDiskProbability(problem: DiskProblem): number {
  const { sigmaMajor: s1, sigmaMinor: s2, radius: R } = problem;
  // The disk is symmetric about both axes, so only |a| and |b| matter.
  const a = Math.abs(problem.meanMajor);
  const b = Math.abs(problem.meanMinor);
  if (!(R >= 0) || !(s1 >= s2) || !(s2 >= 0) || !Number.isFinite(a) || !Number.isFinite(b) || !Number.isFinite(s1)) {
    throw new RangeError('gaussianDiskProbability: need radius ≥ 0, sigmaMajor ≥ sigmaMinor ≥ 0 and a finite mean');
  }
  if (R === 0) return 0;
  if (R === Number.POSITIVE_INFINITY) return 1;
  if (s1 === 0) return a * a + b * b < R * R ? 1 : 0; // a point mass
  if (s2 === 0) return b < R ? Math.exp(logChord(Math.sqrt(R * R - b * b), a, s1)) : 0; // mass on a line

  const logIntegrand = (theta: number): number => {
    const c = R * Math.cos(theta);
    if (!(c > 0)) return Number.NEGATIVE_INFINITY;
    const y = R * Math.sin(theta);
    return Math.log(c) + logNormalDensity((y - b) / s2) - Math.log(s2) + logChord(c, a, s1);
  };

  const points = breakpoints(a, b, s1, s2, R);
  const sorted = [...new Set(points)].sort((p, q) => p - q);
  let scale = Number.NEGATIVE_INFINITY;
  for (let i = 1; i < sorted.length; i += 1) {
    for (const t of [sorted[i - 1]!, 0.5 * (sorted[i - 1]! + sorted[i]!), sorted[i]!]) scale = Math.max(scale, logIntegrand(t));
  }
  // The integrand is at most e^scale (its narrow features are among the sampled points) over an
  // interval of length π: below ~1e-330 the result is 0 in double precision.
  if (scale < UNDERFLOW_LOG) return 0;
  const { value } = integrate((t) => Math.exp(logIntegrand(t) - scale), sorted, { relativeTolerance: RELATIVE_TOLERANCE });
  return value > 0 ? Math.min(1, Math.exp(Math.log(value) + scale)) : 0;
}
