/**
 * The screening of a fleet object's operator ephemeris in place of its element set (issue 28, item
 * 3), run on a track worker (workers/plan/plan-worker.ts) off the server's event loop: the OEM read
 * as a TEME track (core ephemeris oemTrack), screened near the object's element set against the
 * catalogue with the OEM's covariance for the primary (core screening screenEphemerisTrack).
 *
 * The work splits over the secondaries (workers/plan/plan-runner.ts runs one share of the catalogue
 * per thread): screenEphemerisTrack's conjunctions are screenNear's approaches, each found and
 * assessed from its pair alone, with the track's deviation bound (the same in every share); the
 * shares' lists merged in screenNear's order (TCA, then NORAD id) are the list of one thread.
 */
import type { ObjectType } from '../../core/catalog/index.ts';
import type { ElementSet } from '../../core/elements/index.ts';
import { oemTrack, type Oem } from '../../core/ephemeris/index.ts';
import { createSgp4 } from '../../core/propagation/index.ts';
import { screenEphemerisTrack, type EphemerisScreeningOutcome } from '../../core/screening/index.ts';
import { planSubjects } from './plan-screening.ts';

export interface EphemerisJob {
  /** The stored file, read (structured-cloned to the worker). */
  readonly oem: Oem;
  /** How the covariance source names the file, e.g. "OEM #3 ops.oem". */
  readonly label: string;
  /** The object's element set: the reference the ephemeris stays near. */
  readonly reference: ElementSet;
  /** The catalogue to screen against (the object's own set is left out). */
  readonly catalogue: readonly ElementSet[];
  /** Names this catalogue (with its object types) for the track pool: see PlanJob.catalogueKey (workers/plan/plan-protocol.ts). */
  readonly catalogueKey?: string;
  readonly objectTypes: Readonly<Record<number, ObjectType>>;
  readonly windowStartMs: number;
  readonly windowEndMs: number;
  readonly thresholdKm: number;
}

/**
 * RangeError where the ephemeris or the element set cannot be used over the window. `prepare`: the
 * catalogue's screening subjects (planSubjects of `job.catalogue`, the object's own set left out
 * here), called only once the ephemeris is found usable: a track worker passes the models it keeps.
 */
export function screenEphemerisJob(job: EphemerisJob, prepare: () => ReturnType<typeof planSubjects> = () => planSubjects(job.catalogue)): EphemerisScreeningOutcome {
  const track = oemTrack(job.oem);
  if (!track.covers(job.windowStartMs, job.windowEndMs)) throw new RangeError('the ephemeris does not cover the screening window');
  const prepared = prepare();
  const subjects = prepared.subjects.filter((s) => s.norad !== job.reference.norad);
  const setOf = prepared.setOf;
  return screenEphemerisTrack({
    own: job.reference,
    ownModel: createSgp4(job.reference),
    track,
    secondaries: subjects,
    setOf: (n) => setOf.get(n),
    window: { start: job.windowStartMs, end: job.windowEndMs },
    thresholdKm: job.thresholdKm,
    objectType: (n) => job.objectTypes[n],
    label: job.label,
  });
}

/** The screening of the whole catalogue from its shares' (each screenEphemerisJob on a share, every secondary in exactly one). */
export function mergeEphemerisShares(shares: readonly EphemerisScreeningOutcome[]): EphemerisScreeningOutcome {
  if (shares.length === 0) throw new Error('an ephemeris screening needs at least one share');
  const conjunctions = shares.flatMap((s) => s.conjunctions).sort((x, y) => x.approach.tca - y.approach.tca || x.approach.secondary - y.approach.secondary);
  return { conjunctions, maxDeviationKm: shares[0]!.maxDeviationKm };
}
