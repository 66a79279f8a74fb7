import type { ThreatAssessment, ThreatSummary } from '../../../contracts/operations.ts';
import { ADVERSARIES } from '../../../core/catalog/index.ts';
import {
  anomalyScore,
  assessmentReason,
  classify,
  compareThreatLevel,
  recentlyManoeuvred,
  threatLevel,
  threatSummary,
  type ApproachRecord,
  type Classification,
  type FleetApproachSignal,
  type ProximitySignal,
  type ThreatLevel,
} from '../../../core/operations/index.ts';
import type { ProximityKind } from '../../../core/screening/index.ts';
import type { ConjunctionEventRow } from '../../repositories/conjunction-event-repository.ts';
import type { ManeuverRow } from '../../repositories/maneuver-repository.ts';
import type { CatalogEntry } from '../catalog-service.ts';
import type { RegimeShift } from './maneuver-stage.ts';

const DAY_MS = 86_400_000;
/** Assessments listed by /api/threat-assessments: the most threatening first. */
export const ASSESSMENTS_SHOWN = 200;

export interface ThreatInput {
  now: Date;
  catalog: Iterable<CatalogEntry>;
  fleetIds: ReadonlySet<number>;
  lookup: (norad: number) => CatalogEntry | undefined;
  owners: { fleetOwners: readonly string[]; allies: readonly string[]; adversaries: readonly string[] };
  /** Manoeuvres of the last 30 days. */
  maneuverRows: readonly ManeuverRow[];
  openEvents: readonly ConjunctionEventRow[];
  adversaryApproaches: readonly ApproachRecord[];
  /** Open proximities (pairs that stay close) with the fleet. */
  proximities?: readonly { primaryNorad: number; secondaryNorad: number; kind: ProximityKind; minKm: number }[];
  regimeChanges: ReadonlyMap<number, RegimeShift>;
  /** The previous assessments: an unchanged one is kept as it was (same object), so the snapshot stays. */
  previous: readonly ThreatAssessment[];
}

export interface ThreatOutput {
  assessments: ThreatAssessment[];
  summary: ThreatSummary;
  levelCounts: Record<ThreatLevel, number>;
}

/** Threat assessments and the summary over the whole catalogue (DECISIONS.md §7), from the state in memory. */
export function assessThreats(input: ThreatInput): ThreatOutput {
  const { now, fleetIds, lookup } = input;
  const nowMs = now.getTime();
  const maneuvers = new Map<number, { deltaV: number; ageDays: number }[]>();
  for (const m of input.maneuverRows) {
    const list = maneuvers.get(m.noradId) ?? [];
    list.push({ deltaV: m.deltaV, ageDays: (nowMs - m.maneuverTime.getTime()) / DAY_MS });
    maneuvers.set(m.noradId, list);
  }
  // Approaches to the fleet: the closest per (object, fleet satellite). Two orbits that meet
  // meet again every few revolutions; one relationship is one signal, not one per pass.
  const closest = new Map<number, Map<number, FleetApproachSignal>>();
  const addApproach = (norad: number, primary: number, signal: FleetApproachSignal) => {
    if (fleetIds.has(norad)) return;
    const byPrimary = closest.get(norad) ?? new Map<number, FleetApproachSignal>();
    const seen = byPrimary.get(primary);
    if (!seen || signal.missKm < seen.missKm) byPrimary.set(primary, signal);
    closest.set(norad, byPrimary);
  };
  for (const row of input.openEvents) {
    addApproach(row.secondaryNorad, row.primaryNorad, { missKm: row.missKm, primaryName: lookup(row.primaryNorad)?.object.name, tcaMs: row.tca.getTime(), relativeVelocityKmS: row.relativeVelocityKmS });
  }
  for (const a of input.adversaryApproaches) {
    if (a.tcaMs >= nowMs) addApproach(a.secondaryNorad, a.primaryNorad ?? 0, { missKm: a.missKm, primaryName: a.primaryName, tcaMs: a.tcaMs, relativeVelocityKmS: a.relativeVelocityKmS });
  }
  const approaches = new Map([...closest].map(([norad, byPrimary]) => [norad, [...byPrimary.values()]]));
  const proximities = new Map<number, ProximitySignal[]>();
  for (const p of input.proximities ?? []) {
    const [fleet, other] = fleetIds.has(p.primaryNorad) ? [p.primaryNorad, p.secondaryNorad] : [p.secondaryNorad, p.primaryNorad];
    if (!fleetIds.has(fleet) || fleetIds.has(other)) continue;
    proximities.set(other, [...(proximities.get(other) ?? []), { primaryName: lookup(fleet)?.object.name, kind: p.kind, minKm: p.minKm }]);
  }
  const named = new Map(ADVERSARIES.map((a) => [a.norad, a.mission]));
  const all: { satelliteId: number; classification: Classification; anomalyScore: number; level: ThreatLevel }[] = [];
  const shown: ThreatAssessment[] = [];
  const assessedAt = now.toISOString();
  for (const entry of input.catalog) {
    const o = entry.object;
    const classification = classify(o.owner, input.owners, fleetIds.has(o.noradId));
    const regime = input.regimeChanges.get(o.noradId);
    const anomaly = anomalyScore({
      maneuvers: maneuvers.get(o.noradId) ?? [],
      fleetApproaches: approaches.get(o.noradId) ?? [],
      regimeChanged: regime !== undefined,
      regimeFrom: regime?.from,
      regimeTo: regime?.to,
      proximities: proximities.get(o.noradId),
    });
    const level = threatLevel(classification, anomaly.score, o.objectType);
    all.push({ satelliteId: o.noradId, classification, anomalyScore: anomaly.score, level });
    if (anomaly.score > 0 || classification === 'adversary') {
      shown.push({
        id: o.noradId,
        satelliteId: o.noradId,
        satelliteName: o.name,
        owner: o.owner,
        threatLevel: level,
        classification,
        assessmentReason: assessmentReason({ classification, owner: o.owner, objectType: o.objectType, mission: named.get(o.noradId) ?? o.mission ?? undefined, reasons: anomaly.reasons }),
        anomalyScore: Math.round(anomaly.score * 1000) / 1000,
        assessedAt,
      });
    }
  }
  shown.sort((a, b) => compareThreatLevel(a.threatLevel, b.threatLevel) || b.anomalyScore - a.anomalyScore || a.satelliteId - b.satelliteId);
  // The assessment time is the run's; only the content decides whether the snapshot changes.
  const previous = new Map(input.previous.map((a) => [a.satelliteId, a]));
  const assessments = shown.slice(0, ASSESSMENTS_SHOWN).map((a) => {
    const before = previous.get(a.satelliteId);
    return before && sameAssessment(before, a) ? before : a;
  });
  const summary = threatSummary(
    all,
    recentlyManoeuvred(
      input.maneuverRows.map((m) => ({ satelliteId: m.noradId, timeMs: m.maneuverTime.getTime() })),
      nowMs,
    ),
  );
  const levelCounts: Record<ThreatLevel, number> = { critical: 0, high: 0, medium: 0, low: 0 };
  for (const a of all) levelCounts[a.level] += 1;
  return { assessments, summary, levelCounts };
}

function sameAssessment(a: ThreatAssessment, b: ThreatAssessment): boolean {
  return (
    a.threatLevel === b.threatLevel &&
    a.classification === b.classification &&
    a.anomalyScore === b.anomalyScore &&
    a.assessmentReason === b.assessmentReason &&
    a.satelliteName === b.satelliteName &&
    a.owner === b.owner
  );
}
