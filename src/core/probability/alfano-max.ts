/**
 * Maximum probability of collision, Alfano's worst case, in two forms:
 * - `alfanoMaxPcScaled`: over the size of the actual combined covariance (its shape kept), the
 *   product's "Maximum Pc (Alfano)": never below the Pc itself;
 * - `alfanoMaxPc`: without a covariance, an assumed shape (aspect ratio) as CelesTrak SOCRATES
 *   reports it ("Max Probability"), labelled as such where it is shown.
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

  // Pc as a function of u = ln σ_minor; bracketed around the small-HBR optimum σ_minor* = d/(√2·AR) (README item 2).
  const best = maximiseOverLogScale((u) => {
    const sigma = Math.exp(u);
    return gaussianDiskProbability({ meanMajor: missM, meanMinor: 0, sigmaMajor: aspectRatio * sigma, sigmaMinor: sigma, radius: hbrM });
  }, Math.log(missM / (Math.SQRT2 * aspectRatio)));
  const sigmaMinorM = Math.exp(best.u);
  return { pc: best.pc, sigmaMinorM, sigmaMajorM: aspectRatio * sigmaMinorM };
}

/**
 * The maximum of a Pc(u) with a single interior maximum in u = ln(scale) (0 at both ends: the
 * density far off the disk, or spread out), from `centre`: uphill on a log grid (steps of ln 2;
 * k from −40 to 12 bounds the walk, so the far tails are never evaluated), then golden-section
 * search on the bracketing pair of grid cells (Press et al., Numerical Recipes, 3rd ed., §10.2). At
 * a smooth maximum an error δ in u changes Pc by a relative O(δ²): 1e-7 in u is ~1e-14 in Pc, below
 * the disk integral's own accuracy.
 */
function maximiseOverLogScale(pcAt: (u: number) => number, centre: number): { u: number; pc: number } {
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
  if (bestValue > Math.max(f1, f2)) return { u: centre + kBest * step, pc: bestValue };
  return f1 >= f2 ? { u: x1, pc: f1 } : { u: x2, pc: f2 };
}

export interface ScaledCovarianceMaxPc {
  /** The maximum Pc over the scale k of the combined covariance (k² C), never below the Pc at k = 1. */
  readonly pc: number;
  /** The scale k that attains it (σ's multiplied by k). */
  readonly scale: number;
}

/**
 * Alfano's maximum Pc for the actual covariance's shape: the encounter-plane covariance C keeps its
 * orientation and aspect ratio and only its size k varies, Pc_max = max over k of
 * P(N(μ, k² C) ∈ disk R) (Alfano 2005, the maximum over covariance size; Alfriend et al. 1999 give
 * its small-HBR form R² / (e σ_major σ_minor m²), m the Mahalanobis distance of the miss, attained at
 * k² = m²/2: README item 2). k = 1 is the actual covariance, so the result is ≥ the Pc by
 * construction (the search's answer is compared with it). Inputs: the miss in the principal frame
 * of C (pc2d.ts meanMajorM, meanMinorM), its principal sigmas, the combined hard-body radius; m.
 */
export function alfanoMaxPcScaled(p: { readonly meanMajorM: number; readonly meanMinorM: number; readonly sigmaMajorM: number; readonly sigmaMinorM: number; readonly hbrM: number }): ScaledCovarianceMaxPc {
  const { meanMajorM: a, meanMinorM: b, sigmaMajorM: s1, sigmaMinorM: s2, hbrM: R } = p;
  if (![a, b, s1, s2].every(Number.isFinite) || !(s1 > 0) || !(s2 >= 0) || !(R >= 0)) throw new RangeError('alfanoMaxPcScaled: needs a finite miss, positive sigmas and a radius ≥ 0');
  if (R === 0) return { pc: 0, scale: 1 };
  // A disk that holds the mean: as k → 0 the whole density falls inside it.
  if (Math.hypot(a, b) <= R) return { pc: 1, scale: 0 };
  const pcAt = (u: number) => {
    const k = Math.exp(u);
    return gaussianDiskProbability({ meanMajor: a, meanMinor: b, sigmaMajor: k * s1, sigmaMinor: k * s2, radius: R });
  };
  const actual = pcAt(0);
  if (!(s2 > 0)) return { pc: actual, scale: 1 };
  const m = Math.hypot(a / s1, b / s2);
  const best = maximiseOverLogScale(pcAt, Math.log(m / Math.SQRT2));
  return best.pc >= actual ? { pc: best.pc, scale: Math.exp(best.u) } : { pc: actual, scale: 1 };
}
