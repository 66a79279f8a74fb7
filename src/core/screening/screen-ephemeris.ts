/**
 * An operator's ephemeris screened in place of its object's element set (issue 28, item 3): the
 * track of a CCSDS OEM (core ephemeris oemTrack) is screened against the catalogue near the
 * object's element set (screen-near.ts: every approach of the track closer than the threshold, with
 * the screener's recall), and each approach gets the product's risk assessment (CARA's method
 * choice) with the OEM's covariance at TCA for the primary where the file gives one, and the
 * element-set covariance model for the secondary. Used by `ssa screen --ephemeris`, the fleet
 * screening and the SST analyses (server/screening/ephemeris-screening.ts).
 */
import type { ObjectType } from '../catalog/satcat.ts';
import type { ElementSet } from '../elements/element-set.ts';
import type { OemTrack } from '../ephemeris/index.ts';
import { defaultCovarianceForElementSet, elementSetCovariance6, type Vector3 } from '../probability/index.ts';
import { utcMs } from '../units.ts';
import { assessRiskWithFallback, riskSubjectOf, type RiskAssessment } from './conjunction-risk.ts';
import type { CloseApproach } from './close-approach.ts';
import type { ScreeningSubject } from './object-track.ts';
import { screenNear } from './screen-near.ts';

export interface EphemerisScreeningInput {
  /** The object's element set: the reference the track stays near, and its identity and type. */
  readonly own: ElementSet;
  readonly ownModel: ScreeningSubject['model'];
  readonly track: Pick<OemTrack, 'state' | 'covariance'>;
  /** The catalogue's subjects (the object itself is left out), and their element sets. */
  readonly secondaries: readonly ScreeningSubject[];
  readonly setOf: (norad: number) => ElementSet | undefined;
  readonly window: { readonly start: number; readonly end: number };
  readonly thresholdKm: number;
  /** Object types (a SATCAT), else guessed from names. */
  readonly objectType?: (norad: number) => ObjectType | undefined;
  /** How the covariance source names the file, e.g. "OEM ops.oem". */
  readonly label: string;
}

export interface EphemerisConjunction {
  readonly approach: CloseApproach;
  readonly risk: RiskAssessment;
}

export interface EphemerisScreeningOutcome {
  readonly conjunctions: EphemerisConjunction[];
  /** The largest bound on |ephemeris − element set| over the window, km. */
  readonly maxDeviationKm: number;
}

const metres = (v: readonly number[]): Vector3 => [v[0]! * 1000, v[1]! * 1000, v[2]! * 1000];

/** RangeError for a window or threshold screenNear refuses, or where the track has no state in the window. */
export function screenEphemerisTrack(input: EphemerisScreeningInput): EphemerisScreeningOutcome {
  const { own, track } = input;
  const typeOf = (set: ElementSet) => input.objectType?.(set.norad);
  const outcome = screenNear({
    reference: { norad: own.norad, model: input.ownModel },
    track: track.state,
    secondaries: input.secondaries,
    window: { start: utcMs(input.window.start), end: utcMs(input.window.end) },
    thresholdKm: input.thresholdKm,
    // Day slices, as a plan's track: each day screened at its own deviation bound.
    sliceMs: 86_400_000,
  });
  const conjunctions = outcome.approaches.flatMap((a): EphemerisConjunction[] => {
    const secondary = input.setOf(a.secondary);
    if (!secondary) return [];
    const primaryCov = track.covariance(a.tca);
    const covariances = primaryCov
      ? () => {
          const sigmas = defaultCovarianceForElementSet(secondary, typeOf(secondary) ?? riskSubjectOf(secondary).objectType, utcMs(a.tca)).sigmas;
          return { primaryM2: primaryCov, secondaryM2: elementSetCovariance6(sigmas, metres(a.secondaryState.r), metres(a.secondaryState.v)), source: `${input.label} (primary), element-set model (secondary)` };
        }
      : undefined;
    const risk = assessRiskWithFallback(a, riskSubjectOf(own, typeOf(own)), riskSubjectOf(secondary, typeOf(secondary)), covariances);
    return [{ approach: a, risk }];
  });
  return { conjunctions, maxDeviationKm: outcome.maxDeviationKm };
}
