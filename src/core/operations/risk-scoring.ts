/**
 * Risk scoring of the SDA Dashboard's "Adversary Conjunction Risk" and "Space Debris Collision
 * Assessment" cards (product spec §3 "Generated conjunction items", §4 level thresholds, §9
 * constants), applied to real screened close approaches of the fleet (DECISIONS.md §1) instead of
 * the original client's random ones.
 *
 * The spec's constants are kept exactly (base risks, multipliers, distance bonuses, size factors,
 * caps 89/95, thresholds 70/45/25 and 75/50/25, top 8). What the spec leaves open is our choice and
 * is marked OUR CHOICE below: the closeness factor, the size class of a real secondary, which real
 * objects count as debris, rounding, and dropping approaches whose TCA has passed.
 *
 * Pure: the current time is an argument.
 */
import { ADVERSARIES, type AdversaryMission } from '../catalog/named-objects.ts';
import type { ObjectType } from '../catalog/satcat.ts';

/** Threat levels, ordered critical, high, medium, low (product spec §4). */
export type ThreatLevel = 'critical' | 'high' | 'medium' | 'low';

export interface RiskScore {
  /** Risk, percent, rounded to 0.1 and capped (89 adversary, 95 debris). */
  readonly risk: number;
  readonly level: ThreatLevel;
}

const DAY_MS = 86_400_000;

/** Rounds a risk to 0.1 % (OUR CHOICE: the level is taken from this rounded value, so the number shown and its level agree). */
function roundRisk(value: number): number {
  return Math.round(value * 10) / 10;
}

function checkFinite(value: number, what: string, min = -Infinity): void {
  if (!Number.isFinite(value) || value < min) throw new RangeError(`${what}: expected a finite number ≥ ${min}, got ${value}`);
}

// ---------------------------------------------------------------------------------------------
// Adversary conjunctions (product spec §9 "Adversary conjunctions")

/** Base risk by adversary mission type (product spec §9): 35 / 28 / 22, otherwise 15. */
export const ADVERSARY_BASE_RISK: Readonly<Record<AdversaryMission, number>> = {
  electronic_warfare: 35,
  signals_intelligence: 28,
  reconnaissance: 22,
  other: 15,
};

/** Risk cap of an adversary item, percent (product spec §9: "risk capped at 89"). */
export const ADVERSARY_RISK_CAP = 89;

/** Level thresholds of an adversary item (product spec §4: above 70 critical, above 45 high, above 25 medium, else low). */
export const ADVERSARY_LEVEL_THRESHOLDS = { critical: 70, high: 45, medium: 25 } as const;

/** Per-adversary multiplier range of the spec (product spec §9: 0.9-1.8). */
export const ADVERSARY_MULTIPLIER_RANGE = { min: 0.9, max: 1.8 } as const;

/** Multiplier of an adversary-owned object that is not one of the 12 named adversaries (brief; neutral 1.0). */
export const DEFAULT_ADVERSARY_MULTIPLIER = 1.0;

/**
 * Distance over which the closeness factor acts, km. OUR CHOICE: the spec names a closeness
 * factor but gives no formula; its generated distances were 10-90 km. We use a linear factor
 * that is 1 at 100 km and beyond and rises to 2 at 0 km: f(d) = 2 − clamp(d, 0, 100) / 100.
 */
export const CLOSENESS_RANGE_KM = 100;

/** The closeness factor (OUR CHOICE, see CLOSENESS_RANGE_KM): 2 at 0 km, 1.9 at 10 km, 1 at ≥ 100 km. */
export function closenessFactor(missKm: number): number {
  checkFinite(missKm, 'closenessFactor: miss distance (km)', 0);
  return 2 - Math.min(missKm, CLOSENESS_RANGE_KM) / CLOSENESS_RANGE_KM;
}

/** Level of an adversary risk score (product spec §4). */
export function adversaryLevel(risk: number): ThreatLevel {
  if (risk > ADVERSARY_LEVEL_THRESHOLDS.critical) return 'critical';
  if (risk > ADVERSARY_LEVEL_THRESHOLDS.high) return 'high';
  if (risk > ADVERSARY_LEVEL_THRESHOLDS.medium) return 'medium';
  return 'low';
}

export interface AdversaryRiskInput {
  readonly missKm: number;
  /** Mission type; unknown missions score as 'other' (base 15). */
  readonly mission: AdversaryMission | string;
  /** Per-adversary multiplier (product spec §9: 0.9-1.8; 1.0 for an adversary-owned object not in the named list). */
  readonly multiplier: number;
}

/** Adversary risk (product spec §9): min(89, base(mission) × multiplier × closeness(miss)), level by §4. */
export function adversaryRisk({ missKm, mission, multiplier }: AdversaryRiskInput): RiskScore {
  checkFinite(multiplier, 'adversaryRisk: multiplier', 0);
  const base = Object.hasOwn(ADVERSARY_BASE_RISK, mission) ? ADVERSARY_BASE_RISK[mission as AdversaryMission] : ADVERSARY_BASE_RISK.other;
  const risk = roundRisk(Math.min(ADVERSARY_RISK_CAP, base * multiplier * closenessFactor(missKm)));
  return { risk, level: adversaryLevel(risk) };
}

export interface AdversaryInfo {
  readonly mission: AdversaryMission;
  readonly multiplier: number;
}

let namedAdversaries: ReadonlyMap<number, AdversaryInfo> | undefined;

/** The named adversaries by NORAD id, built on first use: no work at import, so a bundle that takes other names from operations/index.ts (the web app) leaves the table out. */
function namedAdversary(norad: number): AdversaryInfo | undefined {
  namedAdversaries ??= new Map(ADVERSARIES.map((a) => [a.norad, { mission: a.mission, multiplier: a.riskMultiplier }]));
  return namedAdversaries.get(norad);
}

/**
 * The scoring data of an adversary: the named adversary's mission and multiplier
 * (catalog/named-objects.ts ADVERSARIES), else, for an object whose owner is an adversary owner,
 * mission 'other' and multiplier 1.0; else undefined (not an adversary).
 */
export function adversaryInfoFor(norad: number, ownerIsAdversary: boolean): AdversaryInfo | undefined {
  const named = namedAdversary(norad);
  if (named) return named;
  return ownerIsAdversary ? { mission: 'other', multiplier: DEFAULT_ADVERSARY_MULTIPLIER } : undefined;
}

// ---------------------------------------------------------------------------------------------
// Debris conjunctions (product spec §9 "Debris conjunctions")

/** Base risk of a debris item (product spec §9). */
export const DEBRIS_BASE_RISK = 15;

/** Distance bonuses (product spec §9: +40 / +25 / +15 for a miss distance under 1 / 2 / 3 km), nearest first. */
export const DEBRIS_DISTANCE_BONUS: readonly { readonly underKm: number; readonly bonus: number }[] = [
  { underKm: 1, bonus: 40 },
  { underKm: 2, bonus: 25 },
  { underKm: 3, bonus: 15 },
];

export type DebrisSize = 'large' | 'medium' | 'fragment';

/** Size factors (product spec §9: large 1.8, medium 1.4, fragment 2.2). */
export const DEBRIS_SIZE_FACTOR: Readonly<Record<DebrisSize, number>> = { large: 1.8, medium: 1.4, fragment: 2.2 };

/** Risk cap of a debris item, percent (product spec §9: "risk capped at 95"). */
export const DEBRIS_RISK_CAP = 95;

/** Level thresholds of a debris item (product spec §4: above 75 critical, above 50 high, above 25 medium, else low). */
export const DEBRIS_LEVEL_THRESHOLDS = { critical: 75, high: 50, medium: 25 } as const;

/** Level of a debris risk score (product spec §4). */
export function debrisLevel(risk: number): ThreatLevel {
  if (risk > DEBRIS_LEVEL_THRESHOLDS.critical) return 'critical';
  if (risk > DEBRIS_LEVEL_THRESHOLDS.high) return 'high';
  if (risk > DEBRIS_LEVEL_THRESHOLDS.medium) return 'medium';
  return 'low';
}

export interface DebrisRiskInput {
  readonly missKm: number;
  readonly size: DebrisSize;
}

/** Debris risk (product spec §9): min(95, (15 + bonus(miss)) × sizeFactor), level by §4. */
export function debrisRisk({ missKm, size }: DebrisRiskInput): RiskScore {
  checkFinite(missKm, 'debrisRisk: miss distance (km)', 0);
  const bonus = DEBRIS_DISTANCE_BONUS.find((b) => missKm < b.underKm)?.bonus ?? 0;
  const risk = roundRisk(Math.min(DEBRIS_RISK_CAP, (DEBRIS_BASE_RISK + bonus) * DEBRIS_SIZE_FACTOR[size]));
  return { risk, level: debrisLevel(risk) };
}

/** Debris types of the spec (product spec §3: rocket_body, fragment, defunct_satellite, mission_debris). */
export type DebrisType = 'rocket_body' | 'fragment' | 'mission_debris' | 'defunct_satellite';

export interface DebrisClassInput {
  readonly objectType: ObjectType | string;
  readonly name: string;
  /** Whether a payload is operational; only `false` makes a payload defunct_satellite debris. */
  readonly operational?: boolean | undefined;
}

/**
 * The debris type of a secondary object, or null when it is not debris (OUR CHOICE of mapping the
 * catalogue's object types onto the spec's four debris types):
 * - objectType rocket_body → rocket_body;
 * - objectType debris whose name contains 'DEB' (SATCAT's fragment naming, "… DEB") → fragment;
 * - other debris (adapters, shrouds, platforms, coolant, …) → mission_debris;
 * - payload known not to be operational (`operational === false`) → defunct_satellite;
 *   a payload whose status is unknown or operational is not debris;
 * - objectType unknown (unidentified, e.g. "OBJECT A", "TBA") → not debris: it may be a live payload.
 */
export function debrisTypeOf({ objectType, name, operational }: DebrisClassInput): DebrisType | null {
  switch (objectType) {
    case 'rocket_body':
      return 'rocket_body';
    case 'debris':
      return name.toUpperCase().includes('DEB') ? 'fragment' : 'mission_debris';
    case 'payload':
      return operational === false ? 'defunct_satellite' : null;
    default:
      return null;
  }
}

export interface DebrisSizeInput {
  readonly debrisType: DebrisType;
  /** SATCAT RCS size class ('SMALL' | 'MEDIUM' | 'LARGE', any case), or null when unpublished. */
  readonly rcsSize?: string | null | undefined;
}

/**
 * Size class of a debris object for the spec's size factor (OUR CHOICE of mapping): a fragment →
 * 'fragment' (factor 2.2, whatever its RCS); else RCS class LARGE or a rocket body → 'large'
 * (1.8); else (SMALL, MEDIUM or unknown RCS) → 'medium' (1.4).
 */
export function debrisSizeOf({ debrisType, rcsSize }: DebrisSizeInput): DebrisSize {
  if (debrisType === 'fragment') return 'fragment';
  if (debrisType === 'rocket_body' || rcsSize?.trim().toUpperCase() === 'LARGE') return 'large';
  return 'medium';
}

// ---------------------------------------------------------------------------------------------
// Building the cards' items from screened approaches

/** One screened close approach between a fleet satellite (primary) and another object (secondary). */
export interface ApproachRecord {
  readonly primaryName: string;
  /** NORAD id of the primary; used in the item id when given (else the primary's name is). */
  readonly primaryNorad?: number | undefined;
  /** Fleet category of the primary (DECISIONS.md §3): military, commercial, scientific. */
  readonly primaryCategory?: string | null | undefined;
  readonly secondaryNorad: number;
  readonly secondaryName: string;
  readonly secondaryObjectType: ObjectType | string;
  /** SATCAT owner code of the secondary. */
  readonly secondaryOwner: string | null;
  /** SATCAT RCS size class of the secondary. */
  readonly secondaryRcsSize: string | null;
  /** Whether the secondary (a payload) is operational; unknown → undefined. */
  readonly secondaryOperational?: boolean | undefined;
  /** Time of closest approach, ms since 1970-01-01Z (UTC). */
  readonly tcaMs: number;
  readonly missKm: number;
  readonly relativeVelocityKmS: number;
}

/** The contract's RiskItem (src/contracts/operations.ts), built here without importing the contract layer. */
export interface RiskItem {
  id: string;
  israeliSatellite: string;
  /** The fleet satellite's NORAD id (null for an approach recorded without it). */
  israeliNoradId: number | null;
  objectName: string;
  noradId: number;
  /** TCA, ISO 8601 UTC. */
  time: string;
  /** Miss distance, km. */
  minimumDistance: number;
  /** Risk, percent. */
  risk: number;
  threatLevel: ThreatLevel;
  /** km/s. */
  relativeVelocity: number;
  /** floor((TCA − now) / 1 day). */
  dayFromNow: number;
  /** Adversary: mission type. Debris: debris type. */
  type: string;
}

/** Items per card (product spec §9: "Top 8 by risk"). */
export const TOP_ITEMS = 8;

/** Whole days from now to the TCA: floor((tca − now) / 86,400,000 ms). */
export function dayFromNow(tcaMs: number, now: number): number {
  return Math.floor((tcaMs - now) / DAY_MS);
}

function itemId(kind: 'adv' | 'deb', a: ApproachRecord): string {
  return `${kind}-${a.primaryNorad ?? a.primaryName}-${a.secondaryNorad}-${Math.round(a.tcaMs)}`;
}

function baseItem(kind: 'adv' | 'deb', a: ApproachRecord, now: number): Omit<RiskItem, 'risk' | 'threatLevel' | 'type'> {
  return {
    id: itemId(kind, a),
    israeliSatellite: a.primaryName,
    israeliNoradId: a.primaryNorad ?? null,
    objectName: a.secondaryName,
    noradId: a.secondaryNorad,
    time: new Date(a.tcaMs).toISOString(),
    minimumDistance: a.missKm,
    relativeVelocity: a.relativeVelocityKmS,
    dayFromNow: dayFromNow(a.tcaMs, now),
  };
}

/**
 * Adversary Conjunction Risk items: every approach whose secondary `adversaryInfo` recognises
 * (see adversaryInfoFor), scored by adversaryRisk. Approaches whose TCA has passed (tca < now) are
 * left out (OUR CHOICE: the card looks ahead). Not sorted or cut: see topByRisk.
 */
export function buildAdversaryItems(
  approaches: readonly ApproachRecord[],
  adversaryInfo: (norad: number, approach: ApproachRecord) => AdversaryInfo | undefined,
  now: number,
): RiskItem[] {
  const items: RiskItem[] = [];
  for (const a of approaches) {
    if (a.tcaMs < now) continue;
    const info = adversaryInfo(a.secondaryNorad, a);
    if (!info) continue;
    const { risk, level } = adversaryRisk({ missKm: a.missKm, mission: info.mission, multiplier: info.multiplier });
    items.push({ ...baseItem('adv', a, now), risk, threatLevel: level, type: info.mission });
  }
  return items;
}

/** Whether the debris card covers a fleet satellite (product spec §9: "for military or Ofeq-named satellites"; OFEK spelling too, DECISIONS.md §3). */
export function isDebrisCardPrimary(name: string, category: string | null | undefined): boolean {
  return category === 'military' || /OFEQ|OFEK/i.test(name);
}

/**
 * Space Debris Collision Assessment items: approaches of military or OFEQ/OFEK-named fleet
 * satellites to secondaries that debrisTypeOf calls debris, scored by debrisRisk with the size of
 * debrisSizeOf. Approaches whose TCA has passed are left out. Not sorted or cut: see topByRisk.
 */
export function buildDebrisItems(approaches: readonly ApproachRecord[], now: number): RiskItem[] {
  const items: RiskItem[] = [];
  for (const a of approaches) {
    if (a.tcaMs < now || !isDebrisCardPrimary(a.primaryName, a.primaryCategory)) continue;
    const debrisType = debrisTypeOf({ objectType: a.secondaryObjectType, name: a.secondaryName, operational: a.secondaryOperational });
    if (!debrisType) continue;
    const { risk, level } = debrisRisk({ missKm: a.missKm, size: debrisSizeOf({ debrisType, rcsSize: a.secondaryRcsSize }) });
    items.push({ ...baseItem('deb', a, now), risk, threatLevel: level, type: debrisType });
  }
  return items;
}

/**
 * The `limit` items of highest risk (product spec §9: top 8), descending risk; ties by earlier
 * time, then by id (so the order is deterministic).
 */
export function topByRisk<T extends { readonly risk: number; readonly time: string; readonly id?: string }>(
  items: readonly T[],
  limit: number = TOP_ITEMS,
): T[] {
  const timeOf = (t: T) => Date.parse(t.time);
  return [...items]
    .sort((a, b) => b.risk - a.risk || timeOf(a) - timeOf(b) || (a.id ?? '').localeCompare(b.id ?? ''))
    .slice(0, Math.max(0, limit));
}
