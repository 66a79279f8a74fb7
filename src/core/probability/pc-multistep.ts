/**
 * The collision probability the product stands behind, chosen as NASA CARA's multistep algorithm
 * does (Hall, Baars & Casali 2023, AAS 23-398; CARA_Analysis_Tools PcMultiStep.m, default
 * parameters):
 *
 * 1. Data quality: no Pc from a default covariance (a position sigma ≥ 0.99·10 Earth radii), a
 *    negative variance, or a position block of zeros. A covariance without its velocity part
 *    (3×3, zero velocity variances, or zero position-velocity correlations) gets the 2D Pc only,
 *    and the record says why the other methods could not run.
 * 2. The 2D Pc (Foster/Chan, pc2d.ts).
 * 3. The 2D method's usage-violation tests (usage-violations.ts): extended (> 0.02), offset
 *    (> 0.01), inaccurate (> 0.02), non-positive-definite covariances, or an analysis that does not
 *    converge.
 * 4. No violation: the 2D Pc. A violation: when neither the 2D Pc nor the 2D-Nc upper limit
 *    (Nc2DHiLimit) reaches 1e-10 and the encounter is not extended or offset, that upper limit
 *    (PcMultiStep's "2D-Nc-UpperLimit" proxy; it cannot matter at any risk threshold).
 * 5. Otherwise Hall's 2D-Nc (pc2d-hall.ts), whose own usage tests (usage-violations-nc2d.ts:
 *    extended > 0.05, offset > 0.1 of an orbit, inaccurate > 0.1) decide: none failed, the 2D-Nc
 *    value.
 * 6. 2D-Nc flagged or without a value: the 3D-Nc Pc (pc3d.ts), started on the whole encounter
 *    segment where 2D-Nc gave no value or found the encounter extended or offset, on Coppola's
 *    bounds otherwise; its own usage violations (extended > 0.5, offset > 0.75, too few sphere
 *    points) are reported with it. In the large-HBR/small-covariance limit the 2D-Nc value replaces
 *    3D-Nc's, as PcMultiStep's Use2DNcForLargeHBREstimate does. If 3D-Nc does not converge, the
 *    2D-Nc value (else the upper limit, else the 2D Pc) is kept and the failure reported.
 * 7. Monte Carlo (PcMultiStepWithSDMC.m): where 3D-Nc reports usage violations of its own or does
 *    not converge, its number is not trusted either: the Monte Carlo (pc-monte-carlo.ts) over
 *    CARA's SDMC window gives the Pc when the caller lends it a budget (`options.monteCarlo`), and
 *    the record says so ('sdmc'); without one, `monteCarloCalledFor` says why and over which window
 *    it should run, and the 3D-Nc value stands.
 *
 * A slow encounter (relative speed below SLOW_SPEED_M_PER_S) goes to 3D-Nc over the whole encounter
 * segment even when the 2D tests pass (2D-Nc is computed and reported, not chosen): below a few m/s the relative motion curves
 * over the encounter, which the 2D tests judge from a linearisation and 2D-Nc's expansion about one
 * minimum cannot follow (the issue that found 3D-Nc's limits there asked for it; CARA has no such
 * rule, its 2D tests flag nearly all of these).
 *
 * On CARA's 27 real events this chooses as CARA_PcMethod_Test_Conjunctions.xlsx records: the 2D Pc
 * for 12, 2D-Nc for 13, 3D-Nc for 2, one of them with a Monte Carlo called for.
 *
 * Units: metres, m/s, m².
 */
import { alfanoMaxPc, alfanoMaxPcScaled } from './alfano-max.ts';
import { pc2d, type Pc2dResult } from './pc2d.ts';
import { pc3d, type Pc3dResult } from './pc3d.ts';
import { pc2dHall } from './pc2d-hall.ts';
import { NC2D_CUTOFFS, nc2dIndicators, type Nc2dIndicators } from './usage-violations-nc2d.ts';
import { PC2D_CUTOFFS, usageViolationsPc2d, type UsageViolationIndicators } from './usage-violations.ts';
import { length, subtract, type Vector3 } from './vector3.ts';
import { monteCarloPc, monteCarloWindow, type MonteCarloOptions, type MonteCarloPcResult, type MonteCarloWindow } from './pc-monte-carlo.ts';

export type PcMethod = 'pc2d' | 'nc2d-upper-limit' | 'nc2d' | 'pc3d' | 'sdmc';

/** How each method is named in records and on screen. */
export const PC_METHOD_LABELS: Readonly<Record<PcMethod, string>> = {
  pc2d: '2D-Pc (Foster 1992)',
  'nc2d-upper-limit': '2D-Nc upper limit (Hall 2023)',
  nc2d: '2D-Nc (Hall 2023)',
  pc3d: '3D-Nc (Hall 2021)',
  sdmc: 'Monte Carlo (two-body, after CARA SDMC)',
};

/** Below this relative speed an encounter is slow: 3D-Nc over the whole segment, whatever the 2D tests say. */
export const SLOW_SPEED_M_PER_S = 5;

export type PcViolationKind = 'extended' | 'offset' | 'inaccurate' | 'npd' | 'unconverged' | 'covariance' | 'sphere-points';

export interface PcViolation {
  /** The method the finding is about. */
  readonly method: '2D-Pc' | '2D-Nc' | '3D-Nc';
  readonly kind: PcViolationKind;
  /** The indicator's value and the cut-off it exceeded (null where not a number). */
  readonly value: number | null;
  readonly limit: number | null;
  /** Plain words for an operator. */
  readonly message: string;
}

export interface PcAssessmentInput {
  readonly r1M: Vector3;
  readonly v1MPerS: Vector3;
  /** 3×3 position or 6×6 position-velocity covariance. */
  readonly cov1: readonly (readonly number[])[];
  readonly r2M: Vector3;
  readonly v2MPerS: Vector3;
  readonly cov2: readonly (readonly number[])[];
  readonly hbrM: number;
}

export interface PcAssessment {
  /** The chosen value; null when no method could give one. */
  readonly collisionProbability: number | null;
  readonly method: PcMethod;
  readonly pc2d: number | null;
  /** Hall's 2D-Nc, computed only where the 2D method is flagged above the proxy cut-off or the encounter is slow (null otherwise or when it gave no value). */
  readonly nc2d: number | null;
  /** Computed only where 2D-Nc is flagged too, or the encounter is slow (null otherwise or when it did not converge). */
  readonly pc3d: number | null;
  readonly violations: readonly PcViolation[];
  /** The 2D method's indicators (null when the tests could not run). */
  readonly indicators: UsageViolationIndicators | null;
  /** The 2D-Nc upper limit of the usage-violation analysis (null when undefined). */
  readonly nc2dUpperLimit: number | null;
  /** What the 3D-Nc run found, when it ran. */
  readonly pc3dRun: Pick<Pc3dResult, 'converged' | 'conjunctionStart' | 'conjunctionEnd' | 'segmentMin' | 'segmentMax' | 'peakTime' | 'ephemerisPoints' | 'refinements'> | null;
  /** Why a method could not run, when one could not. */
  readonly note: string | null;
  /**
   * The 2D run itself (pc2d.ts: in-plane miss, principal sigmas and axis angle of the combined
   * covariance), for callers that need its geometry (Alfano's maximum Pc, the encounter-plane
   * view) without running it again; null when the data-quality step refused the covariances first.
   */
  readonly pc2dResult: Pc2dResult | null;
  /** The Monte Carlo run, when the method choice called for one and the caller lent a budget. */
  readonly monteCarlo: MonteCarloPcResult | null;
  /** Why the method choice calls for a Monte Carlo and over which window; null when it does not. */
  readonly monteCarloCalledFor: { readonly reason: string; readonly after: string; readonly window: MonteCarloWindow } | null;
  /** Why the chosen method gave the number, in plain words. */
  readonly methodReason: string;
}

export interface PcAssessmentOptions {
  /**
   * A budget for the Monte Carlo where the method choice calls for it (MONTE_CARLO_DEFAULTS for
   * what is not given); absent or null: none is run, and `monteCarloCalledFor` says it should be.
   */
  readonly monteCarlo?: Omit<MonteCarloOptions, 'window'> | null;
  /** Run the Monte Carlo even where the method choice does not call for it (its value is reported, not chosen). */
  readonly forceMonteCarlo?: boolean;
  /** Where called for, run it only when some analytic estimate (2D Pc, 2D-Nc or its upper limit, 3D-Nc) is at least this (default 0: always). */
  readonly monteCarloFromPc?: number;
}

/** PcMultiStep.m: proxy estimates below this never trigger the 2D-Nc/3D-Nc methods. */
export const PROXY_CUTOFF = 1e-10;
/** PcMultiStep.m's default 3D-Nc cut-offs: extended, offset, and the share of sphere points that must carry the integral. */
export const PC3D_CUTOFFS = { extended: 0.5, offset: 0.75, spherePointShare: 0.01 } as const;

const EARTH_RADIUS_M = 6378135;
const DEFAULT_COVARIANCE_CUTOFF_M2 = (EARTH_RADIUS_M * 0.99 * 10) ** 2;

const pct = (x: number) => `${(100 * x).toPrecision(2)} %`;

function qualityProblem(c: readonly (readonly number[])[], which: string): string | null {
  const n = c.length;
  if ((n !== 3 && n !== 6) || c.some((row) => row.length !== n || row.some((x) => !Number.isFinite(x)))) return `the ${which} covariance is not a finite 3×3 or 6×6 matrix`;
  const diag = c.map((row, i) => row[i]!);
  if (diag.slice(0, 3).some((d) => d >= DEFAULT_COVARIANCE_CUTOFF_M2)) return `the ${which} covariance is a default covariance (a position sigma of about ten Earth radii)`;
  if (diag.some((d) => d < 0)) return `the ${which} covariance has a negative variance`;
  if (diag.slice(0, 3).every((d) => d === 0)) return `the ${which} covariance has no position uncertainty`;
  return null;
}

function velocityProblem(c: readonly (readonly number[])[], which: string): string | null {
  if (c.length !== 6) return `the ${which} covariance has no velocity part`;
  if ([3, 4, 5].every((i) => c[i]![i] === 0)) return `the ${which} covariance has no velocity variances`;
  if ([0, 1, 2].every((i) => [3, 4, 5].every((j) => c[i]![j] === 0))) return `the ${which} covariance has no position-velocity correlation`;
  return null;
}

/** The violations found by the 2D tests, with their messages. */
/** "4.3 times", "1/250 of", for the ratio of the curvilinear estimate to the 2D Pc. */
function ratioText(logFactor: number): string {
  const f = Math.exp(Math.abs(logFactor));
  const n = !Number.isFinite(f) ? 'more than 1e308' : f < 100 ? f.toPrecision(2) : f.toExponential(1);
  return logFactor >= 0 ? `${n} times` : `1/${n} of`;
}

function pc2dViolations(ind: UsageViolationIndicators, relativeSpeedMPerS: number, converged: boolean, logFactor: number): PcViolation[] {
  const out: PcViolation[] = [];
  const speed = relativeSpeedMPerS < 1000 ? `${relativeSpeedMPerS.toPrecision(3)} m/s` : `${(relativeSpeedMPerS / 1000).toPrecision(3)} km/s`;
  if (ind.npd) {
    const names = ['primary', 'secondary', 'relative'].filter((_, i) => ind.npd![i]);
    if (names.length > 0) {
      out.push({ method: '2D-Pc', kind: 'npd', value: null, limit: null, message: `The ${names.join(', ')} position covariance is not positive definite; it was repaired by eigenvalue clipping, which the 2D method cannot vouch for.` });
    }
  }
  if (ind.extended > PC2D_CUTOFFS.extended) {
    out.push({
      method: '2D-Pc',
      kind: 'extended',
      value: ind.extended,
      limit: PC2D_CUTOFFS.extended,
      message: `Long encounter: the objects stay close for ${pct(ind.extended)} of an orbit (limit ${pct(PC2D_CUTOFFS.extended)}) at a relative speed of ${speed}; the 2D method assumes a brief, straight-line pass.`,
    });
  }
  if (ind.offset > PC2D_CUTOFFS.offset) {
    out.push({
      method: '2D-Pc',
      kind: 'offset',
      value: ind.offset,
      limit: PC2D_CUTOFFS.offset,
      message: `The risk accrues away from TCA: up to ${pct(ind.offset)} of an orbit from it (limit ${pct(PC2D_CUTOFFS.offset)}); the 2D method looks only at TCA.`,
    });
  }
  if (ind.inaccurate > PC2D_CUTOFFS.inaccurate) {
    out.push({
      method: '2D-Pc',
      kind: 'inaccurate',
      value: ind.inaccurate,
      limit: PC2D_CUTOFFS.inaccurate,
      message: Number.isFinite(logFactor)
        ? `Curved relative motion changes the answer: the curvilinear estimate is ${ratioText(logFactor)} the 2D Pc (indicator ${pct(ind.inaccurate)}, limit ${pct(PC2D_CUTOFFS.inaccurate)}).`
        : `Curved relative motion changes the answer: the curvilinear estimate differs from the 2D Pc (indicator ${pct(ind.inaccurate)}, limit ${pct(PC2D_CUTOFFS.inaccurate)}).`,
    });
  }
  if (!converged) {
    out.push({ method: '2D-Pc', kind: 'unconverged', value: null, limit: null, message: 'The test of the encounter’s curvature did not converge, so the 2D method cannot be trusted here.' });
  }
  return out;
}

/** 2D-Nc's own usage violations (usage-violations-nc2d.ts), with their messages; one 'unconverged' where it gave no value. */
function nc2dViolations(ind: Nc2dIndicators | null, reason: string | undefined): PcViolation[] {
  if (ind === null) {
    return [{ method: '2D-Nc', kind: 'unconverged', value: null, limit: null, message: `2D-Nc gave no value${reason ? ` (${reason.replace(/-/g, ' ')})` : ''}.` }];
  }
  const out: PcViolation[] = [];
  if (ind.extended > NC2D_CUTOFFS.extended) {
    out.push({ method: '2D-Nc', kind: 'extended', value: ind.extended, limit: NC2D_CUTOFFS.extended, message: `The collision rate lasts ${pct(ind.extended)} of an orbit (limit ${pct(NC2D_CUTOFFS.extended)}); 2D-Nc assumes one brief approach.` });
  }
  if (ind.offset > NC2D_CUTOFFS.offset) {
    out.push({ method: '2D-Nc', kind: 'offset', value: ind.offset, limit: NC2D_CUTOFFS.offset, message: `The collision rate reaches ${pct(ind.offset)} of an orbit from TCA (limit ${pct(NC2D_CUTOFFS.offset)}); it may blend with a neighbouring approach.` });
  }
  if (ind.inaccurate > NC2D_CUTOFFS.inaccurate) {
    out.push({ method: '2D-Nc', kind: 'inaccurate', value: ind.inaccurate, limit: NC2D_CUTOFFS.inaccurate, message: `2D-Nc’s unit-sphere and conjunction-plane estimates differ by ${pct(ind.inaccurate)} (limit ${pct(NC2D_CUTOFFS.inaccurate)}).` });
  }
  return out;
}

function pc3dViolations(r: Pc3dResult): PcViolation[] {
  const out: PcViolation[] = [];
  if (!r.converged) {
    out.push({ method: '3D-Nc', kind: 'unconverged', value: null, limit: null, message: `The 3D-Nc integration did not converge (${r.reason ?? 'no reason given'}).` });
    return out;
  }
  const span = r.segmentMax - r.segmentMin;
  const extended = (r.conjunctionEnd - r.conjunctionStart) / span;
  const offset = Math.max(r.conjunctionStart / r.segmentMin, r.conjunctionEnd / r.segmentMax);
  if (extended > PC3D_CUTOFFS.extended) {
    out.push({ method: '3D-Nc', kind: 'extended', value: extended, limit: PC3D_CUTOFFS.extended, message: `The risk spreads over ${pct(extended)} of the encounter segment (limit ${pct(PC3D_CUTOFFS.extended)}); it may blend with the neighbouring approaches.` });
  }
  if (offset > PC3D_CUTOFFS.offset) {
    out.push({ method: '3D-Nc', kind: 'offset', value: offset, limit: PC3D_CUTOFFS.offset, message: `The risk reaches ${pct(offset)} of the way to the encounter segment's edge (limit ${pct(PC3D_CUTOFFS.offset)}).` });
  }
  const share = r.pc !== null && r.pc > 0 ? r.averageSphereShare : Number.NaN;
  const minShare = PC3D_CUTOFFS.spherePointShare;
  if (Number.isFinite(share) && share < minShare && r.pc !== null && r.pc >= 1e-15) {
    const value = Math.max(0, (minShare - share) / minShare);
    if (value > PC3D_CUTOFFS.spherePointShare) {
      out.push({ method: '3D-Nc', kind: 'sphere-points', value, limit: PC3D_CUTOFFS.spherePointShare, message: `The collision rate is concentrated on few sphere points (${pct(share)} of them); the hard-body radius is large for the covariance and the 3D value may be inaccurate.` });
    }
  }
  return out;
}

/**
 * The bounds 3D-Nc starts from (Pc3D_Hall's `initialBounds`): the whole encounter segment where
 * the 2D tests found the encounter extended or offset, or could not run or converge (`null`
 * indicators, npd null, a NaN indicator); Coppola's bounds otherwise (Pc3D_Hall's default). See the
 * deviation stated above; assessPc, `ssa pc` and scripts/bench-pc.ts all choose with this.
 */
export function pc3dInitialBounds(indicators: UsageViolationIndicators | null): 'segment' | 'coppola' {
  if (indicators === null || indicators.npd === null) return 'segment';
  const converged = [indicators.extended, indicators.offset, indicators.inaccurate].every((x) => !Number.isNaN(x));
  return !converged || indicators.extended > PC2D_CUTOFFS.extended || indicators.offset > PC2D_CUTOFFS.offset ? 'segment' : 'coppola';
}

/**
 * The miss distance Alfano's maximum Pc (alfano-max.ts) is taken at: the miss in the encounter plane
 * of the assessment's 2D run, or |r2 − r1| where that run gave none (no encounter plane, no usable
 * covariance), as screening has always done. The two agree for states at TCA.
 */
export function maxPcMissDistanceM(assessment: PcAssessment, input: Pick<PcAssessmentInput, 'r1M' | 'r2M'>): number {
  const two = assessment.pc2dResult;
  if (two !== null) return two.pc === null ? two.missDistanceM : two.missInPlaneM;
  return length(subtract(input.r2M, input.r1M));
}

/** How a maximum Pc was found (MaximumPc.kind). */
export type MaximumPcKind = 'covariance-scaled' | 'assumed-shape';

export const MAXIMUM_PC_LABELS: Readonly<Record<MaximumPcKind, string>> = {
  'covariance-scaled': 'Maximum Pc (Alfano)',
  'assumed-shape': 'Maximum Pc (Alfano, SOCRATES shape)',
};

/**
 * The maximum Pc the product shows below the Pc: Alfano's maximum over the size of the actual
 * combined covariance (alfanoMaxPcScaled), so never below the 2D Pc, and held at least at the chosen
 * Pc (3D-Nc or the Monte Carlo may exceed the 2D model's maximum where the 2D method is flagged).
 * Without a usable covariance in the encounter plane, the SOCRATES-style maximum with an assumed
 * shape (alfanoMaxPc, aspect ratio 3), labelled as such.
 */
export function maximumPc(assessment: PcAssessment, input: Pick<PcAssessmentInput, 'r1M' | 'r2M' | 'hbrM'>): { readonly pc: number; readonly kind: MaximumPcKind } {
  const two = assessment.pc2dResult;
  if (two !== null && two.pc !== null && Number.isFinite(input.hbrM) && two.sigmaMajorM > 0) {
    const scaled = alfanoMaxPcScaled({ meanMajorM: two.meanMajorM, meanMinorM: two.meanMinorM, sigmaMajorM: two.sigmaMajorM, sigmaMinorM: two.sigmaMinorM, hbrM: input.hbrM }).pc;
    return { pc: Math.min(1, Math.max(scaled, two.pc, assessment.collisionProbability ?? 0)), kind: 'covariance-scaled' };
  }
  return { pc: alfanoMaxPc(maxPcMissDistanceM(assessment, input), input.hbrM).pc, kind: 'assumed-shape' };
}

/** The chosen Pc of one conjunction at TCA, with every value and finding that led to it. */
export function assessPc(input: PcAssessmentInput, options: PcAssessmentOptions = {}): PcAssessment {
  const quality = qualityProblem(input.cov1, 'primary') ?? qualityProblem(input.cov2, 'secondary');
  const none = { nc2d: null, pc3d: null, indicators: null, nc2dUpperLimit: null, pc3dRun: null, monteCarlo: null, monteCarloCalledFor: null } as const;
  if (quality) {
    return {
      ...none,
      pc2dResult: null,
      collisionProbability: null,
      method: 'pc2d',
      pc2d: null,
      violations: [{ method: '2D-Pc', kind: 'covariance', value: null, limit: null, message: `No Pc: ${quality}.` }],
      note: `No Pc: ${quality}.`,
      methodReason: `No method could run: ${quality}.`,
    };
  }
  const two = pc2d({ r1M: input.r1M, v1MPerS: input.v1MPerS, cov1M2: input.cov1, r2M: input.r2M, v2MPerS: input.v2MPerS, cov2M2: input.cov2, hbrM: input.hbrM });
  const p2 = two.pc;
  const velocity = velocityProblem(input.cov1, 'primary') ?? velocityProblem(input.cov2, 'secondary');
  if (velocity) {
    const note = `2D-Pc only: ${velocity}, which the usage-violation tests and the 3D-Nc method need.`;
    return { ...none, pc2dResult: two, collisionProbability: p2, method: 'pc2d', pc2d: p2, violations: [{ method: '2D-Pc', kind: 'covariance', value: null, limit: null, message: note }], note, methodReason: note };
  }
  if (!(input.hbrM > 0) || input.hbrM === Infinity) {
    return { ...none, pc2dResult: two, collisionProbability: p2, method: 'pc2d', pc2d: p2, violations: [], note: null, methodReason: 'The 2D Pc: a hard-body radius of zero or infinity decides the Pc alone.' };
  }
  const uv = usageViolationsPc2d(input);
  const ind = uv.indicators;
  const converged = ind.npd !== null && [ind.extended, ind.offset, ind.inaccurate].every((x) => !Number.isNaN(x));
  const violations = ind.npd === null ? [{ method: '2D-Pc' as const, kind: 'unconverged' as const, value: null, limit: null, message: 'An orbit is unbound or its elements are undefined, so the 2D method cannot be tested.' }] : pc2dViolations(ind, two.relativeSpeedMPerS, converged, uv.logPcCorrectionFactor);
  const upper = Number.isFinite(uv.nc2dHighLimit) ? uv.nc2dHighLimit : null;
  const indicators = ind.npd === null ? null : ind;
  const speed = two.relativeSpeedMPerS;
  const slow = speed < SLOW_SPEED_M_PER_S;
  const budget = options.monteCarlo ?? null;
  const forced = options.forceMonteCarlo === true && budget !== null;
  const cov6 = (c: readonly (readonly number[])[]) => c.map((row) => [...row]);
  const input3d = { r1M: input.r1M, v1MPerS: input.v1MPerS, cov1: cov6(input.cov1), r2M: input.r2M, v2MPerS: input.v2MPerS, cov2: cov6(input.cov2), hbrM: input.hbrM };
  /** A Monte Carlo asked for although the method choice does not call for it (reported beside the chosen value). */
  const forcedRun = (): MonteCarloPcResult | null => (forced ? monteCarloPc(input, { ...budget, window: monteCarloWindowFor(input, { monteCarloCalledFor: null, pc3dRun: null, indicators }) }) : null);
  if (violations.length === 0 && !slow) {
    return { ...none, monteCarlo: forcedRun(), collisionProbability: p2, method: 'pc2d', pc2d: p2, violations, indicators, nc2dUpperLimit: upper, note: null, pc2dResult: two, methodReason: 'The 2D Pc: the 2D method’s usage-violation tests found nothing.' };
  }
  const extendedOrOffset = violations.some((v) => v.kind === 'extended' || v.kind === 'offset');
  const proxyOnly = converged && !slow && !extendedOrOffset && (p2 !== null || upper !== null) && Math.max(p2 ?? 0, upper ?? 0) < PROXY_CUTOFF;
  if (proxyOnly && upper !== null) {
    return {
      ...none,
      monteCarlo: forcedRun(),
      collisionProbability: upper,
      method: 'nc2d-upper-limit',
      pc2d: p2,
      violations,
      indicators,
      nc2dUpperLimit: upper,
      note: null,
      pc2dResult: two,
      methodReason: `The 2D-Nc upper limit: the 2D method is flagged, but neither it nor this upper limit reaches ${PROXY_CUTOFF}, below any risk threshold.`,
    };
  }
  // PcMultiStep.m: Hall's 2D-Nc between the 2D Pc and 3D-Nc; its value stands where its own usage
  // tests pass. A slow encounter has it computed and reported, but goes to 3D-Nc over the whole
  // encounter segment whatever it says (our rule, above).
  const flagged = `the 2D method is flagged (${[...new Set(violations.map((v) => v.kind))].join(', ')})`;
  const nc2dRun = pc2dHall(input3d, { usage: uv });
  const ncIndicators = nc2dIndicators(nc2dRun, input);
  const nc2d = ncIndicators === null ? null : nc2dRun.pc;
  const ncViolations = nc2dViolations(ncIndicators, nc2dRun.reason);
  if (!slow && nc2d !== null && ncViolations.length === 0) {
    return { ...none, monteCarlo: forcedRun(), collisionProbability: nc2d, method: 'nc2d', nc2d, pc2d: p2, violations, indicators, nc2dUpperLimit: upper, note: null, pc2dResult: two, methodReason: `2D-Nc: ${flagged}; 2D-Nc’s own usage tests found nothing.` };
  }
  // PcMultiStep.m: 3D-Nc over the whole encounter segment where 2D-Nc gave no value or found the
  // encounter extended or offset; from Coppola's bounds otherwise.
  const bounds = slow || nc2d === null || ncViolations.some((v) => v.kind === 'extended' || v.kind === 'offset') ? 'segment' : 'coppola';
  const three = pc3d(input3d, { initialBounds: bounds });
  let own = pc3dViolations(three);
  // PcMultiStep.m, Use2DNcForLargeHBREstimate: in the large-HBR/small-covariance limit, where 2D-Nc
  // itself took its conjunction-plane estimate, or where 3D-Nc's sphere points are too few and 2D-Nc
  // agrees with that estimate to within its inaccuracy cut-off, the 2D-Nc value replaces 3D-Nc's.
  let largeHbr: string | null = null;
  if (nc2d !== null && !slow) {
    if (nc2dRun.method === 'conjunction-plane') {
      largeHbr = 'the hard-body radius is large for the covariance, where 2D-Nc’s conjunction-plane estimate is the better one';
      own = [...own.filter((v) => v.kind === 'extended' || v.kind === 'offset'), ...ncViolations.filter((v) => v.kind === 'inaccurate')];
    } else if (three.pc !== null && own.some((v) => v.kind === 'sphere-points')) {
      const plane = nc2dRun.pcConjunctionPlane;
      const diff = nc2d === plane ? 0 : Math.abs(nc2d - plane) / ((nc2d + plane) / 2);
      if (diff <= NC2D_CUTOFFS.inaccurate) {
        largeHbr = `3D-Nc’s sphere points are too few (a large hard-body radius for the covariance) and 2D-Nc agrees with its conjunction-plane estimate to ${pct(diff)}`;
        own = own.filter((v) => v.kind !== 'sphere-points');
      }
    }
  }
  const all = [...violations, ...ncViolations, ...own.filter((v) => !ncViolations.includes(v))];
  const why3d = slow
    ? `the encounter is slow (${speed.toPrecision(3)} m/s, below ${SLOW_SPEED_M_PER_S} m/s)`
    : `${flagged}, and ${nc2d === null ? '2D-Nc gave no value' : `2D-Nc’s own usage tests failed (${ncViolations.map((v) => v.kind).join(', ')})`}`;
  const run = {
    converged: three.converged,
    conjunctionStart: three.conjunctionStart,
    conjunctionEnd: three.conjunctionEnd,
    segmentMin: three.segmentMin,
    segmentMax: three.segmentMax,
    peakTime: three.peakTime,
    ephemerisPoints: three.ephemerisPoints,
    refinements: three.refinements,
  };
  // PcMultiStepWithSDMC.m: the Monte Carlo where 3D-Nc has usage violations or gave no value.
  const calledReason = largeHbr === null && three.pc === null ? '3D-Nc did not converge' : own.length > 0 ? `3D-Nc’s own usage tests failed (${own.map((v) => v.kind).join(', ')})` : null;
  const window = monteCarloWindow(input, three.converged ? { ...run, violations: own.length > 0 } : null);
  const calledFor = calledReason === null ? null : { reason: calledReason, after: why3d, window };
  const base = { nc2d, pc2d: p2, pc3d: three.pc, violations: all, indicators, nc2dUpperLimit: upper, pc3dRun: run, pc2dResult: two, monteCarlo: null, monteCarloCalledFor: calledFor };
  const analytic = largeHbr !== null ? nc2d : (three.pc ?? nc2d ?? upper ?? p2);
  const fromPc = options.monteCarloFromPc ?? 0;
  // Any analytic estimate reaching the threshold triggers the run: where 3D-Nc fails its own tests its
  // value may be far too low (objects that stay inside the hard-body sphere have no entries to count).
  const estimates = [three.pc, nc2d, upper, p2].filter((x): x is number => x !== null && Number.isFinite(x));
  const highest = estimates.length === 0 ? Infinity : Math.max(...estimates);
  const runIt = budget !== null && (forced || (calledFor !== null && highest >= fromPc));
  const pending = calledFor === null || runIt ? '' : budget === null ? ` A Monte Carlo is called for (${calledReason}) and was not run.` : ` A Monte Carlo is called for (${calledReason}); it is not run automatically where no analytic estimate reaches ${fromPc}: run it on demand.`;
  const withNote = (note: string | null) => (note === null && pending === '' ? null : `${note ?? ''}${pending}`.trim());
  let assessment: PcAssessment;
  if (largeHbr !== null) {
    assessment = { ...base, collisionProbability: nc2d, method: 'nc2d', note: withNote(null), methodReason: `2D-Nc in place of 3D-Nc: ${why3d}, but ${largeHbr}.${pending}` };
  } else if (three.pc !== null) {
    assessment = { ...base, collisionProbability: three.pc, method: 'pc3d', note: withNote(null), methodReason: `3D-Nc: ${why3d}.${pending}` };
  } else {
    const kept = nc2d !== null ? '2D-Nc' : upper !== null ? '2D-Nc upper limit' : '2D Pc';
    assessment = {
      ...base,
      collisionProbability: analytic,
      method: nc2d !== null ? 'nc2d' : upper !== null ? 'nc2d-upper-limit' : 'pc2d',
      note: withNote(`3D-Nc did not converge; the ${kept} is kept.`),
      methodReason: `The ${kept}: ${why3d}, but 3D-Nc did not converge.${pending}`,
    };
  }
  if (!runIt) return assessment;
  return withMonteCarlo(assessment, monteCarloPc(input, { ...budget, window }));
}

/**
 * The window a Monte Carlo of an assessed conjunction runs over (CARA's SDMC window): the one the
 * method choice named when it called for a run; else from its converged 3D-Nc run, or from a 3D-Nc
 * run made for it (the 2D method chosen: Pc3D_Hall's bounds as the choice would start them); else
 * ± a quarter of the shorter period. Shared by assessPc, `ssa pc --mc` and the on-demand check.
 */
export function monteCarloWindowFor(input: PcAssessmentInput, assessment: Pick<PcAssessment, 'monteCarloCalledFor' | 'pc3dRun' | 'indicators'>): MonteCarloWindow {
  if (assessment.monteCarloCalledFor) return assessment.monteCarloCalledFor.window;
  const cov6 = (c: readonly (readonly number[])[]) => c.map((row) => [...row]);
  const three = assessment.pc3dRun?.converged ? assessment.pc3dRun : pc3d({ ...input, cov1: cov6(input.cov1), cov2: cov6(input.cov2) }, { initialBounds: pc3dInitialBounds(assessment.indicators) });
  return monteCarloWindow(input, three.converged ? { ...three, violations: false } : null);
}

/**
 * An assessment with a Monte Carlo run added: where the method choice called for one, its Pc is
 * chosen ('sdmc') and the record says why; otherwise it is reported beside the chosen value. Shared
 * by assessPc (a run on this thread) and callers that run it on worker threads.
 */
export function withMonteCarlo(assessment: PcAssessment, mc: MonteCarloPcResult): PcAssessment {
  const called = assessment.monteCarloCalledFor;
  if (called === null) return { ...assessment, monteCarlo: mc };
  const [lo, hi] = mc.interval;
  return {
    ...assessment,
    monteCarlo: mc,
    collisionProbability: mc.pc,
    method: 'sdmc',
    note: `Monte Carlo, as ${called.reason}: ${mc.hits} hits in ${mc.samples} trials, 95 % interval ${lo.toExponential(2)} to ${hi.toExponential(2)}.`,
    methodReason: `Monte Carlo: ${called.reason}, after ${called.after}.`,
  };
}

/**
 * The budget the product lends the Monte Carlo where the method choice calls for it during
 * screening and imports (on their worker threads, seconds per event, so that both keep their
 * speed): at most 1e6 trials, stopping at CARA's default accuracy (Target95pctPcAccuracy 0.1,
 * default_params_Pc_SDMC.m), and only where an analytic estimate (2D Pc, 2D-Nc or its upper
 * limit, 3D-Nc) is at least 1e-4, CARA's usual remediation threshold, where the number decides
 * (1e6 trials see 100 hits there). Below it the 3D-Nc value stands and the record says a Monte Carlo is called for; on demand a run takes up to
 * 3.7e7 trials.
 */
export const AUTOMATIC_MONTE_CARLO: Pick<PcAssessmentOptions, 'monteCarlo' | 'monteCarloFromPc'> = {
  monteCarlo: { maxSamples: 1_000_000, targetRelativeHalfWidth: 0.1 },
  monteCarloFromPc: 1e-4,
};
