/**
 * Maximum probability of collision without a covariance: Alfano's worst case, as CelesTrak
 * SOCRATES reports it ("Max Probability").
 *
 * S. Alfano, "Relating Position Uncertainty to Maximum Conjunction Probability", J. Astronautical
 * Sciences 53(2) 193–205 (2005). The covariance is unknown except for the aspect ratio
 * AR = σ_major/σ_minor of its projection on the encounter plane; its size and orientation are
 * chosen to maximise Pc for the given miss distance d and combined hard-body radius R. The
 * definitions and formulas used here are those of shared/reference/pc/README.md ("Maximum Pc
 * without covariance"):
 *
 * - The worst orientation puts the major axis along the miss vector (README: checked by scanning
 *   orientations), so Pc_max(d, R, AR) = max over σ of P(N((d, 0), diag((AR·σ)², σ²)) ∈ disk R),
 *   evaluated with the same disk integral as Pc2D (disk-probability.ts) and maximised over σ.
 * - Pc_max = 1 when R ≥ d (SOCRATES: "If the combined object radius is greater than the relative
 *   distance, the maximum probability will be one").
 * - AR = ∞: the density collapses onto the line through the disk centre and
 *   Pc_max = ½[erf((d+R)/(√2 s)) − erf((d−R)/(√2 s))] with s² = 2dR / ln((d+R)/(d−R))
 *   (README, item 3: setting dPc/ds = 0).
 *
 * SOCRATES fixes AR from radial, in-track and cross-track sigmas of 100, 300 and 100 m (CelesTrak
 * SOCRATES documentation, quoted in the README), i.e. AR = 300/100 = 3: DEFAULT_ASPECT_RATIO.
 */
import { gaussianDiskProbability } from './disk-probability.ts';
import { erf } from './erf.ts';

/** SOCRATES's aspect ratio: in-track 300 m over radial/cross-track 100 m. */
export const DEFAULT_ASPECT_RATIO = 3;

export interface AlfanoMaxPc {
  /** The maximum Pc over covariance size (and orientation). */
  readonly pc: number;
  /** The minor-axis standard deviation that attains it, m ("dilution threshold"); 0 when Pc_max = 1 or AR = ∞. */
  readonly sigmaMinorM: number;
  /** The major-axis standard deviation that attains it, m (= AR · sigmaMinorM; for AR = ∞ the line's s). */
  readonly sigmaMajorM: number;
}

const GOLDEN = (Math.sqrt(5) - 1) / 2;

function maxForInfiniteAspect(d: number, R: number): AlfanoMaxPc {
  const s = Math.sqrt((2 * d * R) / Math.log((d + R) / (d - R)));
  const pc = 0.5 * (erf((d + R) / (Math.SQRT2 * s)) - erf((d - R) / (Math.SQRT2 * s)));
  return { pc, sigmaMinorM: 0, sigmaMajorM: s };
}

/**
 * Alfano's maximum Pc for miss distance `missM` (in the encounter plane), combined hard-body
 * radius `hbrM` and aspect ratio `aspectRatio` ≥ 1 (default 3, SOCRATES; Infinity allowed).
 */
export function alfanoMaxPc(missM: number, hbrM: number, aspectRatio: number = DEFAULT_ASPECT_RATIO): AlfanoMaxPc {
  if (!(missM >= 0) || !Number.isFinite(missM)) throw new RangeError(`alfanoMaxPc: missM must be a finite number ≥ 0, got ${missM}`);
  if (!(hbrM >= 0)) throw new RangeError(`alfanoMaxPc: hbrM must be ≥ 0, got ${hbrM}`);
  if (!(aspectRatio >= 1)) throw new RangeError(`alfanoMaxPc: aspectRatio must be ≥ 1, got ${aspectRatio}`);
  if (hbrM === 0) return { pc: 0, sigmaMinorM: 0, sigmaMajorM: 0 };
  if (hbrM >= missM) return { pc: 1, sigmaMinorM: 0, sigmaMajorM: 0 };
  if (aspectRatio === Number.POSITIVE_INFINITY) return maxForInfiniteAspect(missM, hbrM);

  // Pc as a function of u = ln σ_minor. It is 0 at both ends (σ → 0 with the disk off the mean,
  // σ → ∞ with the density spread out) and has a single interior maximum.
  const pcAt = (u: number) => {
    const sigma = Math.exp(u);
    return gaussianDiskProbability({ meanMajor: missM, meanMinor: 0, sigmaMajor: aspectRatio * sigma, sigmaMinor: sigma, radius: hbrM });
  };
  // Bracket on a log grid (steps of ln 2) around the small-HBR optimum σ_minor* = d/(√2·AR)
  // (README item 2): Pc(u) has a single interior maximum, so walking uphill from there finds the
  // grid's best point, without evaluating the far tails (k from −40 to 12 bounds the walk).
  const centre = Math.log(missM / (Math.SQRT2 * aspectRatio));
  const step = Math.log(2);
  const K_MIN = -40;
  const K_MAX = 12;
  const at = new Map<number, number>();
  const value = (k: number) => {
    let v = at.get(k);
    if (v === undefined) {
      v = pcAt(centre + k * step);
      at.set(k, v);
    }
    return v;
  };
  let kBest = 0;
  const direction = value(-1) > value(0) ? -1 : value(1) > value(0) ? 1 : 0;
  if (direction !== 0) {
    kBest += direction;
    while (kBest + direction >= K_MIN && kBest + direction <= K_MAX && value(kBest + direction) > value(kBest)) kBest += direction;
  }
  const bestValue = value(kBest);
  const gridAt = (k: number) => centre + Math.max(K_MIN, Math.min(K_MAX, k)) * step;
  // Golden-section search on the bracketing pair of grid cells (Press et al., Numerical Recipes,
  // 3rd ed., §10.2). At a smooth maximum an error δ in u changes Pc by a relative O(δ²): 1e-7 in u
  // is ~1e-14 in Pc, below the disk integral's own accuracy.
  let lo = gridAt(kBest - 1);
  let hi = gridAt(kBest + 1);
  let x1 = hi - GOLDEN * (hi - lo);
  let x2 = lo + GOLDEN * (hi - lo);
  let f1 = pcAt(x1);
  let f2 = pcAt(x2);
  while (hi - lo > 1e-7) {
    if (f1 < f2) {
      lo = x1;
      x1 = x2;
      f1 = f2;
      x2 = lo + GOLDEN * (hi - lo);
      f2 = pcAt(x2);
    } else {
      hi = x2;
      x2 = x1;
      f2 = f1;
      x1 = hi - GOLDEN * (hi - lo);
      f1 = pcAt(x1);
    }
  }
  const u = f1 >= f2 ? x1 : x2;
  const pc = Math.max(f1, f2, bestValue);
  const sigmaMinorM = Math.exp(pc === bestValue && bestValue > Math.max(f1, f2) ? centre + kBest * step : u);
  return { pc, sigmaMinorM, sigmaMajorM: aspectRatio * sigmaMinorM };
}
