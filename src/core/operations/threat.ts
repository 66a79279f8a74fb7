/**
 * Threat assessment of catalogue objects (DECISIONS.md §7; product spec §3 "Threat summary" and
 * "Threat assessment"): a classification from the owner, an anomaly score from behaviour (recent
 * manoeuvres, approaches to the fleet, a change of orbit regime), a threat level from both, a
 * sentence that explains it, and the summary counts.
 *
 * The spec fixes the fields and the four classifications and levels (ordered critical, high,
 * medium, low, product spec §4) but no formula: the weights and the level table below are OUR
 * CHOICE, documented where they are defined. Pure: times are ages or arguments.
 */
import { orbitRegime, type OrbitRegime } from '../probability/index.ts';
import type { ProximityKind } from '../screening/proximity.ts';
import type { ThreatLevel } from './risk-scoring.ts';

export type Classification = 'cooperative' | 'non_cooperative' | 'adversary' | 'other';

// ---------------------------------------------------------------------------------------------
// Classification (DECISIONS.md §7)

/** Spec country codes → SATCAT owner codes (as catalog/named-objects.ts OWNER_CODES, plus Israel and China). */
export const OWNER_ALIASES: Readonly<Record<string, string>> = { RU: 'CIS', IR: 'IRAN', IL: 'ISRA', CN: 'PRC' };

/** Owner codes that say nothing about the owner (SATCAT 'TBD' to be determined, 'UNK' unknown). */
export const UNKNOWN_OWNER_CODES: readonly string[] = ['TBD', 'UNK'];

/** Default adversary owners (DECISIONS.md §7: RU/CIS and IR), as SATCAT codes. */
export const DEFAULT_ADVERSARY_OWNERS: readonly string[] = ['CIS', 'IRAN'];

export interface ClassificationConfig {
  /** Owner codes of the fleet (default Israel, 'ISRA'). Aliases accepted. */
  readonly fleetOwners: readonly string[];
  /** Configured allies. Aliases accepted. */
  readonly allies: readonly string[];
  /** Configured adversary owners (default CIS and IRAN). Aliases accepted ('RU', 'IR'). */
  readonly adversaries: readonly string[];
}

/** An owner code in canonical SATCAT form: trimmed, upper case, spec aliases (RU → CIS, IR → IRAN, …) resolved; null when empty. */
export function normalizeOwner(owner: string | null | undefined): string | null {
  const code = owner?.trim().toUpperCase() ?? '';
  if (code === '') return null;
  return Object.hasOwn(OWNER_ALIASES, code) ? (OWNER_ALIASES[code] as string) : code;
}

/**
 * Classification from the owner (DECISIONS.md §7): the fleet's owner or an ally → cooperative; an
 * adversary owner → adversary; any other known owner → non_cooperative; no owner, 'TBD' or 'UNK' →
 * other. A fleet member (the fleet may be configured by NORAD id, DECISIONS.md §3) is cooperative
 * whatever its owner. Fleet and allies are checked before adversaries.
 */
export function classify(owner: string | null | undefined, config: ClassificationConfig, fleetMember = false): Classification {
  if (fleetMember) return 'cooperative';
  const code = normalizeOwner(owner);
  if (code === null || UNKNOWN_OWNER_CODES.includes(code)) return 'other';
  const has = (list: readonly string[]) => list.some((entry) => normalizeOwner(entry) === code);
  if (has(config.fleetOwners) || has(config.allies)) return 'cooperative';
  if (has(config.adversaries)) return 'adversary';
  return 'non_cooperative';
}

// ---------------------------------------------------------------------------------------------
// Orbit regime change

export interface PerigeeApogee {
  readonly perigeeKm: number;
  readonly apogeeKm: number;
}

/** Orbit regime (LEO, MEO, GEO, GTO, HEO) from perigee and apogee heights: probability/default-covariance.ts `orbitRegime`. */
export function orbitRegimeOf(perigeeKm: number, apogeeKm: number): OrbitRegime {
  return orbitRegime(perigeeKm, apogeeKm);
}

/** The regimes before and after, and whether they differ. */
export function regimeChange(before: PerigeeApogee, after: PerigeeApogee): { from: OrbitRegime; to: OrbitRegime; changed: boolean } {
  const from = orbitRegimeOf(before.perigeeKm, before.apogeeKm);
  const to = orbitRegimeOf(after.perigeeKm, after.apogeeKm);
  return { from, to, changed: from !== to };
}

// ---------------------------------------------------------------------------------------------
// Anomaly score (DECISIONS.md §7; weights OUR CHOICE)

/** Manoeuvres count as recent for 30 days (the dashboard's manoeuvre window, DECISIONS.md §7 and product spec §9). */
export const RECENT_MANEUVER_DAYS = 30;

/**
 * Weights of the anomaly score, OUR CHOICE (the spec gives none). Each signal i gives s_i in [0, 1];
 * the score is 1 − Π(1 − s_i), so independent signals add up and the score saturates at 1.
 * - A manoeuvre of Δv (m/s), ageDays old (0-30): s = maneuverMax × (1 − e^(−Δv / maneuverDvScaleMPerS)) × (1 − age/30).
 *   5 m/s scale: routine station-keeping (≤ 0.5 m/s) adds under 0.06; 8 m/s 3 days ago adds 0.43; the ceiling is 0.6.
 * - An approach to a fleet satellite within 5 km (the screening threshold, DECISIONS.md §5):
 *   s = closeMin + (closeMax − closeMin) × (1 − d/5), 0.5 at 5 km to 0.9 at 0 km.
 * - Within 100 km (the adversary card's closeness range): s = farMax × (1 − (d − 5)/95), 0.3 at 5 km to 0 at 100 km.
 * - A change of orbit regime: s = regimeChange.
 * The recency/closeness weighting is linear; beyond 30 days or 100 km a signal adds nothing.
 */
export const ANOMALY_WEIGHTS = {
  maneuverMax: 0.6,
  maneuverDvScaleMPerS: 5,
  closeApproachKm: 5,
  closeMin: 0.5,
  closeMax: 0.9,
  farApproachKm: 100,
  farMax: 0.3,
  regimeChange: 0.5,
  /** A pair that stays close to a fleet satellite (rendezvous and proximity operations, screening/proximity.ts): the strongest behavioural signal there is. */
  proximityOperation: 0.9,
} as const;

/** An object counts as anomalous at a score of 0.5 or more (contract ThreatSummary.anomalousObjects). */
export const ANOMALOUS_SCORE = 0.5;

export interface ManeuverSignal {
  /** Estimated impulse, m/s. */
  readonly deltaV: number;
  /** Days between the manoeuvre and the assessment time (negative ages count as 0). */
  readonly ageDays: number;
}

export interface FleetApproachSignal {
  readonly missKm: number;
  /** The fleet satellite, for the reason text. */
  readonly primaryName?: string | undefined;
  /** TCA, ms since 1970-01-01Z, for the reason text. */
  readonly tcaMs?: number | undefined;
  /** Relative speed at TCA, km/s (relativeSpeedFactor); unknown counts fully. */
  readonly relativeVelocityKmS?: number | undefined;
}

/**
 * Weight of an approach by its relative speed, OUR CHOICE: proximity operations are flown at low
 * relative speed (COSMOS 2542 shadowed USA 245 at tens of m/s), while two orbits that merely cross
 * meet at several km/s, which is geometry rather than behaviour (and a collision hazard the
 * conjunction cards already score). 1 up to 1 km/s, falling linearly to 0.3 at 10 km/s and above.
 */
export function relativeSpeedFactor(relativeVelocityKmS: number | undefined): number {
  if (relativeVelocityKmS === undefined || !Number.isFinite(relativeVelocityKmS)) return 1;
  const v = Math.abs(relativeVelocityKmS);
  if (v <= 1) return 1;
  if (v >= 10) return 0.3;
  return 1 - (0.7 * (v - 1)) / 9;
}

/** s of an approach: closeness (approachSignal) times relative-speed weight (relativeSpeedFactor). */
export function weightedApproachSignal(a: FleetApproachSignal): number {
  return approachSignal(a.missKm) * relativeSpeedFactor(a.relativeVelocityKmS);
}

export interface AnomalyInput {
  readonly maneuvers: readonly ManeuverSignal[];
  readonly fleetApproaches: readonly FleetApproachSignal[];
  readonly regimeChanged: boolean;
  /** The regimes, for the reason text. */
  readonly regimeFrom?: string | undefined;
  readonly regimeTo?: string | undefined;
  /** Proximities with fleet satellites (the object stays close: docked, formation or proximity operations). */
  readonly proximities?: readonly ProximitySignal[] | undefined;
}

export interface ProximitySignal {
  readonly primaryName?: string | undefined;
  /** attached | formation | proximity_operation */
  readonly kind: ProximityKind;
  readonly minKm: number;
}

export interface AnomalyResult {
  /** 0 to 1. */
  readonly score: number;
  /** Short phrases, most significant signal kind first: manoeuvres, approaches, regime. */
  readonly reasons: string[];
}

/** s of one manoeuvre (ANOMALY_WEIGHTS); 0 outside the 30-day window. */
export function maneuverSignal({ deltaV, ageDays }: ManeuverSignal): number {
  const age = Math.max(0, ageDays);
  if (!(age <= RECENT_MANEUVER_DAYS) || !(deltaV > 0)) return 0;
  const w = ANOMALY_WEIGHTS;
  return w.maneuverMax * (1 - Math.exp(-deltaV / w.maneuverDvScaleMPerS)) * (1 - age / RECENT_MANEUVER_DAYS);
}

/** s of one approach to the fleet (ANOMALY_WEIGHTS); 0 beyond 100 km. */
export function approachSignal(missKm: number): number {
  const w = ANOMALY_WEIGHTS;
  const d = Math.max(0, missKm);
  if (!Number.isFinite(d)) return 0;
  if (d <= w.closeApproachKm) return w.closeMin + (w.closeMax - w.closeMin) * (1 - d / w.closeApproachKm);
  if (d <= w.farApproachKm) return w.farMax * (1 - (d - w.closeApproachKm) / (w.farApproachKm - w.closeApproachKm));
  return 0;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'MMM d' in UTC (the dashboard's date style, product spec §9 'MMM d, HH:mm'). */
function monthDay(ms: number): string {
  const d = new Date(ms);
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}`;
}

function agoText(ageDays: number): string {
  const days = Math.floor(Math.max(0, ageDays));
  if (days < 1) return 'less than a day ago';
  return days === 1 ? '1 day ago' : `${days} days ago`;
}

function kmText(km: number): string {
  return km < 10 ? `${km.toFixed(1)} km` : `${Math.round(km)} km`;
}

/**
 * Anomaly score 1 − Π(1 − s_i) over the recent manoeuvres, the strongest approach to the fleet
 * within 100 km (weighted by relative speed) and a change of regime (ANOMALY_WEIGHTS), with one reason per kind of signal present:
 * "manoeuvred 8.0 m/s 3 days ago" (or "manoeuvred 3 times in 30 days, largest 8.0 m/s 3 days ago"),
 * "42 km from OFEQ-16 on Nov 23" (the closest; "+ n more within 100 km"), "changed orbit regime (LEO → MEO)".
 */
export function anomalyScore(input: AnomalyInput): AnomalyResult {
  const reasons: string[] = [];
  let keep = 1;

  const recent = input.maneuvers.filter((m) => maneuverSignal(m) > 0);
  for (const m of recent) keep *= 1 - maneuverSignal(m);
  if (recent.length > 0) {
    const largest = recent.reduce((a, b) => (b.deltaV > a.deltaV ? b : a));
    const what = `${largest.deltaV.toFixed(1)} m/s ${agoText(largest.ageDays)}`;
    reasons.push(recent.length === 1 ? `manoeuvred ${what}` : `manoeuvred ${recent.length} times in ${RECENT_MANEUVER_DAYS} days, largest ${what}`);
  }

  // Only the strongest approach counts: repeated chance passes of crossing orbits are not more
  // behaviour than one (counting each saturated every object in a busy shell).
  const near = input.fleetApproaches.filter((a) => approachSignal(a.missKm) > 0);
  keep *= 1 - near.reduce((m, a) => Math.max(m, weightedApproachSignal(a)), 0);
  if (near.length > 0) {
    const closest = near.reduce((a, b) => (b.missKm < a.missKm ? b : a));
    let text = `${kmText(closest.missKm)} from ${closest.primaryName ?? 'a fleet satellite'}`;
    if (closest.tcaMs !== undefined && Number.isFinite(closest.tcaMs)) text += ` on ${monthDay(closest.tcaMs)}`;
    if (near.length > 1) text += ` (+ ${near.length - 1} more within ${ANOMALY_WEIGHTS.farApproachKm} km)`;
    reasons.push(text);
  }

  const rpo = input.proximities ?? [];
  if (rpo.length > 0) {
    keep *= 1 - ANOMALY_WEIGHTS.proximityOperation;
    const closest = rpo.reduce((a, b) => (b.minKm < a.minKm ? b : a));
    const kind = closest.kind === 'attached' ? 'attached to' : closest.kind === 'formation' ? 'flying in formation with' : 'in proximity operations with';
    reasons.unshift(`rendezvous and proximity operation: ${kind} ${closest.primaryName ?? 'a fleet satellite'} (closest ${kmText(closest.minKm)})${rpo.length > 1 ? ` (+ ${rpo.length - 1} more)` : ''}`);
  }

  if (input.regimeChanged) {
    keep *= 1 - ANOMALY_WEIGHTS.regimeChange;
    reasons.push(input.regimeFrom && input.regimeTo ? `changed orbit regime (${input.regimeFrom} → ${input.regimeTo})` : 'changed orbit regime');
  }

  const score = Math.min(1, Math.max(0, 1 - keep));
  return { score, reasons };
}

// ---------------------------------------------------------------------------------------------
// Threat level (OUR CHOICE)

/**
 * Threat level from classification and anomaly score, OUR CHOICE (the spec gives the levels, not
 * the rule): adversary ≥ 0.6 critical, ≥ 0.3 high, else medium; non_cooperative ≥ 0.7 high, ≥ 0.4
 * medium, else low; other (unknown owner) ≥ 0.7 medium, else low; cooperative always low.
 */
export const THREAT_LEVEL_TABLE: Readonly<Record<Classification, readonly { readonly minScore: number; readonly level: ThreatLevel }[]>> = {
  adversary: [
    { minScore: 0.6, level: 'critical' },
    { minScore: 0.3, level: 'high' },
    { minScore: 0, level: 'medium' },
  ],
  non_cooperative: [
    { minScore: 0.7, level: 'high' },
    { minScore: 0.4, level: 'medium' },
    { minScore: 0, level: 'low' },
  ],
  other: [
    { minScore: 0.7, level: 'medium' },
    { minScore: 0, level: 'low' },
  ],
  cooperative: [{ minScore: 0, level: 'low' }],
};

/**
 * Object types that cannot act: debris and rocket bodies. OUR CHOICE: an adversary's debris is a
 * collision hazard (the conjunction cards score that), not a threat actor, so it takes the
 * non-cooperative row of the table instead of the adversary floor of 'medium'; otherwise every
 * fragment of a Russian break-up would count as a medium threat.
 */
export const INERT_OBJECT_TYPES: ReadonlySet<string> = new Set(['debris', 'rocket_body']);

/** Threat level of an object (THREAT_LEVEL_TABLE); scores below 0 count as 0. */
export function threatLevel(classification: Classification, score: number, objectType?: string): ThreatLevel {
  const row = classification === 'adversary' && objectType !== undefined && INERT_OBJECT_TYPES.has(objectType) ? 'non_cooperative' : classification;
  for (const r of THREAT_LEVEL_TABLE[row]) if (score >= r.minScore) return r.level;
  return THREAT_LEVEL_TABLE[row].at(-1)?.level ?? 'low';
}

/** Threat levels from highest to lowest (product spec §4). */
export const THREAT_LEVEL_ORDER: readonly ThreatLevel[] = ['critical', 'high', 'medium', 'low'];

/** Sort comparator: critical first. */
export function compareThreatLevel(a: ThreatLevel, b: ThreatLevel): number {
  return THREAT_LEVEL_ORDER.indexOf(a) - THREAT_LEVEL_ORDER.indexOf(b);
}

// ---------------------------------------------------------------------------------------------
// Assessment sentence

const CLASSIFICATION_LABEL: Readonly<Record<Classification, string>> = {
  adversary: 'Adversary',
  non_cooperative: 'Non-cooperative',
  cooperative: 'Cooperative',
  other: 'Unknown-owner',
};

const OBJECT_NOUN: Readonly<Record<string, string>> = {
  payload: 'satellite',
  rocket_body: 'rocket body',
  debris: 'debris object',
  unknown: 'object',
};

export interface AssessmentReasonInput {
  readonly classification: Classification;
  /** Owner code as stored (shown in parentheses). */
  readonly owner: string | null | undefined;
  /** payload | rocket_body | debris | unknown; default payload. */
  readonly objectType?: string | undefined;
  /** Mission type of a named adversary ('reconnaissance', 'signals_intelligence', …; 'other' is not shown). */
  readonly mission?: string | undefined;
  /** The anomaly reasons (anomalyScore). */
  readonly reasons: readonly string[];
}

/**
 * A sentence for ThreatAssessment.assessmentReason: "Adversary (CIS) reconnaissance satellite;
 * manoeuvred 8.0 m/s 3 days ago; 42 km from OFEQ-16 on Nov 23". Without reasons it ends "; no
 * manoeuvre, fleet approach or regime change in the last 30 days".
 */
export function assessmentReason({ classification, owner, objectType, mission, reasons }: AssessmentReasonInput): string {
  const code = owner?.trim();
  const who = code ? `${CLASSIFICATION_LABEL[classification]} (${code})` : classification === 'other' ? 'Unknown-owner' : CLASSIFICATION_LABEL[classification];
  const missionText = mission && mission !== 'other' ? `${mission.replace(/_/g, ' ')} ` : '';
  const type = objectType ?? 'payload';
  const noun = Object.hasOwn(OBJECT_NOUN, type) ? (OBJECT_NOUN[type] as string) : 'object';
  const tail = reasons.length > 0 ? reasons : [`no manoeuvre, fleet approach or regime change in the last ${RECENT_MANEUVER_DAYS} days`];
  return [`${who} ${missionText}${noun}`, ...tail].join('; ');
}

// ---------------------------------------------------------------------------------------------
// Summary (product spec §3 "Threat summary")

export interface ThreatSummary {
  totalObjects: number;
  cooperativeObjects: number;
  nonCooperativeObjects: number;
  /** Classification 'other' (unknown owner). */
  unknownObjects: number;
  adversaryObjects: number;
  /** Objects with a manoeuvre in the last 30 days. */
  recentManeuvers: number;
  /** Objects whose anomaly score is 0.5 or more. */
  anomalousObjects: number;
}

export interface SummaryAssessment {
  readonly satelliteId: number;
  readonly classification: Classification;
  readonly anomalyScore: number;
}

/**
 * The NORAD ids of objects with a manoeuvre in the 30 days up to `now` (0 ≤ now − time ≤ 30 days).
 */
export function recentlyManoeuvred(maneuvers: readonly { readonly satelliteId: number; readonly timeMs: number }[], now: number): Set<number> {
  const windowMs = RECENT_MANEUVER_DAYS * 86_400_000;
  const ids = new Set<number>();
  for (const m of maneuvers) if (now - m.timeMs >= 0 && now - m.timeMs <= windowMs) ids.add(m.satelliteId);
  return ids;
}

/**
 * Summary counts over the assessed objects (one assessment per catalogue object). recentManeuvers
 * counts the distinct ids of `recentManeuverIds` (see recentlyManoeuvred).
 */
export function threatSummary(assessments: readonly SummaryAssessment[], recentManeuverIds: Iterable<number>): ThreatSummary {
  const count = (c: Classification) => assessments.filter((a) => a.classification === c).length;
  return {
    totalObjects: assessments.length,
    cooperativeObjects: count('cooperative'),
    nonCooperativeObjects: count('non_cooperative'),
    unknownObjects: count('other'),
    adversaryObjects: count('adversary'),
    recentManeuvers: new Set(recentManeuverIds).size,
    anomalousObjects: assessments.filter((a) => a.anomalyScore >= ANOMALOUS_SCORE).length,
  };
}
