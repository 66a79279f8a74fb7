/**
 * `ssa screen --ephemeris FILE.oem` (issue 28): an operator's ephemeris screened against the
 * catalogue in place of its object's element set. The OEM's object is found in the catalogue by
 * OBJECT_ID (international designator) or a NORAD number; its element set is the reference the
 * track stays near (core screening screenNear: every approach of the track closer than the
 * threshold, with the screener's recall), and it is not its own secondary. Each conjunction's Pc
 * uses the OEM's covariance at TCA for the primary, where the file has one, and the element-set
 * model for the secondary; the JSON says which track and covariance each conjunction used.
 */
import { objectTypeFromName } from '../../core/catalog/index.ts';
import type { ElementSet } from '../../core/elements/index.ts';
import { OemError, oemTrack, readOemAny, type OemTrack } from '../../core/ephemeris/index.ts';
import { createSgp4 } from '../../core/propagation/index.ts';
import { isoUtc, screenEphemerisTrack, type ScreeningSubject } from '../../core/screening/index.ts';
import { sstConjunction } from '../../server/screening/sst-format.ts';
import { UsageError } from '../usage-error.ts';

/** "1998-043D", "98043D", "1998043D" → "1998-043D"; undefined when not a designator. */
export function normaliseDesignator(text: string): string | undefined {
  const t = text.trim().toUpperCase();
  const full = /^(\d{4})-?(\d{3})([A-Z]{1,3})$/.exec(t);
  if (full) return `${full[1]}-${full[2]}${full[3]}`;
  const short = /^(\d{2})(\d{3})([A-Z]{1,3})$/.exec(t);
  if (short) return `${Number(short[1]) < 57 ? '20' : '19'}${short[1]}-${short[2]}${short[3]}`;
  return undefined;
}

/** The catalogue's set of the OEM's object: by OBJECT_ID as a designator, else a NORAD number in OBJECT_ID or OBJECT_NAME. */
export function findOemObject(track: Pick<OemTrack, 'objectId' | 'objectName'>, sets: readonly ElementSet[]): ElementSet | undefined {
  const designator = normaliseDesignator(track.objectId);
  if (designator) {
    const hit = sets.find((s) => s.cosparId !== undefined && normaliseDesignator(s.cosparId) === designator);
    if (hit) return hit;
  }
  for (const text of [track.objectId, track.objectName]) {
    if (/^\d{1,9}$/.test(text.trim())) {
      const hit = sets.find((s) => s.norad === Number(text.trim()));
      if (hit) return hit;
    }
  }
  return undefined;
}

export interface EphemerisScreenInput {
  readonly oemText: string;
  readonly oemPath: string;
  readonly sets: readonly ElementSet[];
  readonly start: number;
  readonly end: number;
  readonly thresholdKm: number;
  readonly usage: string;
}

export function screenEphemeris(input: EphemerisScreenInput): Record<string, unknown> {
  const { usage } = input;
  let track: OemTrack;
  try {
    track = oemTrack(readOemAny(input.oemText));
  } catch (error) {
    if (error instanceof OemError) throw new UsageError(`${input.oemPath}: line ${error.line}: ${error.message}`, usage);
    if (error instanceof RangeError) throw new UsageError(`${input.oemPath}: ${error.message}`, usage);
    throw error;
  }
  const own = findOemObject(track, input.sets);
  if (!own) throw new UsageError(`${input.oemPath}: its object (OBJECT_ID ${track.objectId || '—'}, OBJECT_NAME ${track.objectName || '—'}) is not in the catalogue: an ephemeris is screened near its object's element set`, usage);
  if (!track.covers(input.start, input.end)) throw new UsageError(`${input.oemPath}: its useable span ${isoUtc(track.start)} – ${isoUtc(track.stop)} does not cover the window ${isoUtc(input.start)} – ${isoUtc(input.end)}`, usage);
  let reference: ScreeningSubject;
  try {
    reference = { norad: own.norad, model: createSgp4(own) };
  } catch (error) {
    throw new UsageError(`the element set of ${own.norad} cannot be propagated: ${(error as Error).message}`, usage);
  }
  const setOf = new Map<number, ElementSet>();
  const secondaries: ScreeningSubject[] = [];
  for (const set of input.sets) {
    if (set.norad === own.norad) continue;
    try {
      secondaries.push({ norad: set.norad, model: createSgp4(set) });
      setOf.set(set.norad, set);
    } catch {
      // As ssa screen: an element set SGP4 cannot start from is not screened.
    }
  }
  const typeOf = (norad: number) => {
    const set = norad === own.norad ? own : setOf.get(norad);
    return set ? objectTypeFromName(set.name ?? '') : undefined;
  };
  let outcome;
  try {
    outcome = screenEphemerisTrack({ own, ownModel: reference.model, track, secondaries, setOf: (n) => setOf.get(n), window: { start: input.start, end: input.end }, thresholdKm: input.thresholdKm, objectType: typeOf, label: `OEM ${input.oemPath}` });
  } catch (error) {
    if (error instanceof RangeError) throw new UsageError(`${input.oemPath}: ${error.message}`, usage);
    throw error;
  }
  const conjunctions = outcome.conjunctions.map(({ approach, risk }) => ({
    ...sstConjunction({ approach, risk, primaryName: own.name ?? track.objectName ?? String(own.norad), secondaryName: setOf.get(approach.secondary)?.name ?? String(approach.secondary) }),
    primary_track: 'ephemeris',
    covariance_source: risk.covariance,
  }));
  return {
    total_objects: secondaries.length + 1,
    primary_track: { source: 'ephemeris', file: input.oemPath, object_id: track.objectId, norad: own.norad, useable_start: isoUtc(track.start), useable_stop: isoUtc(track.stop), max_deviation_from_element_set_km: outcome.maxDeviationKm },
    conjunctions,
    proximities: [],
  };
}
