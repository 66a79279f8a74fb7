/**
 * The 2D-Nc method's own usage-violation tests, as NASA CARA's PcMultiStep.m applies them to a
 * converged Pc2D_Hall result (DistributedMatlab/ProbabilityOfCollision/PcMultiStep.m, "Process
 * Nc2D method usage violations"; Hall, Baars & Casali 2023, AAS 23-398):
 *
 * - conjunction bounds Ta, Tb = TMeanRate ∓ √2·erfcinv(1e-16)·TSigmaRate (the peak collision-rate
 *   time and its width; TQ0min and SigmaQ0min where those are undefined);
 * - extended = (Tb − Ta) / Pmin, offset = max(|Ta|, |Tb|) / Pmin, Pmin the shorter two-body period
 *   (orbit_period.m);
 * - inaccurate = |Nc2D − PcAlt| / mean(Nc2D, PcAlt), the relative difference between the best and
 *   the alternate estimate (0 … 2; 2 when either is undefined).
 *
 * Cut-offs: PcMultiStep's defaults Nc2DExtendedCutoff 0.05, Nc2DOffsetCutoff 0.1,
 * Nc2DInaccurateCutoff 0.1.
 *
 * Deviation, stated: CARA's alternate estimate is the conjunction-plane value when its Lebedev
 * unit-sphere sum is the best estimate, and whichever of the conjunction-plane and Lebedev values
 * differs more from its quad2d integral otherwise. Our unit-sphere integral is converged to 1e-7
 * (pc2d-hall.ts), so the Lebedev-versus-quad2d difference is below the cut-off by three orders of
 * magnitude and the alternate is the conjunction-plane value (or, where that was taken as best, the
 * unit-sphere value), as in CARA's most frequent branch.
 *
 * Units: s, m, m/s.
 */
import { erfcinv } from './erfc-inverse.ts';
import { orbitPeriod } from './equinoctial.ts';
import type { Pc2dHallResult } from './pc2d-hall.ts';
import type { Vector3 } from './vector3.ts';

/** PcMultiStep.m's default 2D-Nc cut-offs. */
export const NC2D_CUTOFFS = { extended: 0.05, offset: 0.1, inaccurate: 0.1 } as const;

/** PcMultiStep.m: gamma for the conjunction duration bounds. */
const GAMMA = 1e-16;
/** km³/s², as CARA's orbit_period.m is called with km and km/s. */
const MU_KM3_S2 = 398600.4418;

export interface Nc2dIndicators {
  /** Conjunction duration bounds, s from TCA. */
  readonly taS: number;
  readonly tbS: number;
  readonly extended: number;
  readonly offset: number;
  readonly inaccurate: number;
}

/** The 2D-Nc indicators of a converged result; null where the 2D-Nc gave no value or no usable peak time. */
export function nc2dIndicators(result: Pc2dHallResult, input: { readonly r1M: Vector3; readonly v1MPerS: Vector3; readonly r2M: Vector3; readonly v2MPerS: Vector3 }): Nc2dIndicators | null {
  if (result.pc === null) return null;
  let mean = result.meanRateTime;
  let sigma = result.sigmaRateTime;
  if (!Number.isFinite(mean) || !Number.isFinite(sigma)) {
    mean = result.tq0Min;
    sigma = result.sigmaQ0Min;
  }
  if (!Number.isFinite(mean) || !Number.isFinite(sigma)) return null;
  const km = (v: Vector3) => v.map((x) => x / 1e3);
  const period = Math.min(orbitPeriod(km(input.r1M), km(input.v1MPerS), MU_KM3_S2), orbitPeriod(km(input.r2M), km(input.v2MPerS), MU_KM3_S2));
  if (!(period > 0) || !Number.isFinite(period)) return null;
  const dtau = sigma * Math.SQRT2 * erfcinv(GAMMA);
  const taS = mean - dtau;
  const tbS = mean + dtau;
  const best = result.pc;
  const alternate = result.method === 'conjunction-plane' ? result.pcUnitSphere : result.pcConjunctionPlane;
  const inaccurate = !Number.isFinite(alternate) ? 2 : best === alternate ? 0 : Math.abs(best - alternate) / ((best + alternate) / 2);
  return { taS, tbS, extended: (tbS - taS) / period, offset: Math.max(Math.abs(taS), Math.abs(tbS)) / period, inaccurate };
}
