import { detectManeuvers, type DetectedManeuver } from '../../../core/maneuvers/index.ts';
import { regimeChange } from '../../../core/operations/index.ts';
import { semiMajorAxis, WGS72_RADIUS } from '../../../core/orbit/index.ts';
import { utcMs } from '../../../core/units.ts';
import type { HistorySet, ManeuverRepository, NewManeuver } from '../../repositories/maneuver-repository.ts';
import { maneuverText } from './descriptions.ts';

/** A change of orbit regime between the first and the last element set of a history. */
export interface RegimeShift {
  from: string;
  to: string;
}

export interface ManeuverStageResult {
  /** Manoeuvres newly stored (each with its `maneuver_detected` event). */
  added: number;
  /** Element-set id up to which the histories have now been searched. */
  seenUpTo: number;
  /** Per object whose history was searched: its regime shift, or null for none. */
  regimes: Map<number, RegimeShift | null>;
}

/**
 * The manoeuvre stage of a run (DECISIONS.md §7): the element-set histories that changed since
 * `seenUpTo` (all of them the first time) are searched with core `detectManeuvers`; new
 * detections are stored once, each with its `maneuver_detected` event. Returns undefined when no
 * element set arrived since the last search.
 */
export async function detectManeuverStage(
  repo: ManeuverRepository,
  seenUpTo: number | undefined,
  now: Date,
  nameOf: (norad: number) => string,
): Promise<ManeuverStageResult | undefined> {
  const mark = await repo.lastElementSetId();
  if (seenUpTo !== undefined && mark <= seenUpTo) return undefined;
  const histories = await repo.histories(seenUpTo === undefined ? {} : { changedAfter: seenUpTo });
  const found: DetectedManeuver[] = [];
  const regimes = new Map<number, RegimeShift | null>();
  for (const [norad, history] of histories) {
    found.push(...detectManeuvers(norad, history.map(toHistoryPoint)));
    regimes.set(norad, regimeOfHistory(history) ?? null);
  }
  const rows: NewManeuver[] = found.map((m) => ({
    noradId: m.noradId,
    maneuverTime: new Date(m.maneuverTime),
    detectionTime: new Date(m.detectionTime),
    maneuverType: m.maneuverType,
    direction: m.direction,
    deltaV: m.deltaV,
    confidence: m.confidence,
    deltaAKm: m.deltaSemiMajorAxisKm,
    deltaIDeg: m.deltaInclinationDeg,
    deltaRaanDeg: m.deltaRaanDeg,
    detectedAt: now,
  }));
  const added = await repo.recordDetections(rows, (row) => ({
    eventType: 'maneuver_detected',
    timestamp: now,
    description: maneuverText({
      name: nameOf(row.noradId),
      noradId: row.noradId,
      maneuverType: row.maneuverType,
      deltaV: row.deltaV,
      maneuverTimeMs: row.maneuverTime.getTime(),
      confidence: row.confidence,
    }),
    conjunctionId: null,
    noradId: row.noradId,
  }));
  return { added: added.length, seenUpTo: mark, regimes };
}

function toHistoryPoint(s: HistorySet) {
  return { epoch: utcMs(s.epoch.getTime()), meanMotion: s.meanMotion, eccentricity: s.eccentricity, inclination: s.inclination, raan: s.raan };
}

/** The orbit regime of the first and the last set of a history, when they differ. */
function regimeOfHistory(history: readonly HistorySet[]): RegimeShift | undefined {
  const first = history[0];
  const last = history.at(-1);
  if (!first || !last || first === last) return undefined;
  const heights = (s: HistorySet) => {
    const a = semiMajorAxis(s.meanMotion);
    return { perigeeKm: a * (1 - s.eccentricity) - WGS72_RADIUS, apogeeKm: a * (1 + s.eccentricity) - WGS72_RADIUS };
  };
  const change = regimeChange(heights(first), heights(last));
  return change.changed ? { from: change.from, to: change.to } : undefined;
}
