/**
 * The descriptions of operations events (DECISIONS.md §7): short and factual, e.g.
 * "CNJ-2026-004: OFEQ-16 × COSMOS 1408 DEB, risk MEDIUM → HIGH, miss 412 m at 14:03:12 UTC Nov 23".
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/** '14:03:12 UTC Nov 23'. */
export function utcText(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} UTC ${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}`;
}

/** '412 m' below 10 km, else '12.3 km'. */
export function distanceText(km: number): string {
  return km < 10 ? `${Math.round(km * 1000).toLocaleString('en-US')} m` : `${km.toFixed(1)} km`;
}

/** '1:12,345' (N = round(1/Pc)), '1:∞' when Pc is 0. */
export function oddsText(pc: number): string {
  return pc > 0 ? `1:${Math.round(1 / pc).toLocaleString('en-US')}` : '1:∞';
}

export interface ConjunctionText {
  conjunctionId: string;
  primaryName: string;
  secondaryName: string;
  tcaMs: number;
  missKm: number;
  pc: number;
  riskLevel: string;
}

const level = (l: string | null) => (l ?? 'none').toUpperCase();

/** alert_updated: a new conjunction (from NONE) or a change of risk level. */
export function alertUpdatedText(c: ConjunctionText, from: string | null): string {
  return `${c.conjunctionId}: ${c.primaryName} × ${c.secondaryName}, risk ${level(from)} → ${level(c.riskLevel)}, miss ${distanceText(c.missKm)} at ${utcText(c.tcaMs)}`;
}

/** cdm_generated: the event crossed the alert threshold. */
export function cdmGeneratedText(c: ConjunctionText): string {
  return `${c.conjunctionId}: CDM generated, ${c.primaryName} × ${c.secondaryName}, risk ${level(c.riskLevel)}, Pc ${oddsText(c.pc)}, miss ${distanceText(c.missKm)} at ${utcText(c.tcaMs)}`;
}

const MANEUVER_TYPE_TEXT: Record<string, string> = {
  orbit_raising: 'orbit raising',
  orbit_lowering: 'orbit lowering',
  plane_change: 'plane change',
  attitude_adjustment: 'attitude adjustment',
  other: 'manoeuvre',
};

/** maneuver_detected. */
export function maneuverText(m: { name: string; noradId: number; maneuverType: string; deltaV: number; maneuverTimeMs: number; confidence: number }): string {
  const type = MANEUVER_TYPE_TEXT[m.maneuverType] ?? m.maneuverType.replace(/_/g, ' ');
  return `${m.name} (${m.noradId}): ${type}, Δv ${m.deltaV.toFixed(2)} m/s at ${utcText(m.maneuverTimeMs)}, confidence ${Math.round(m.confidence * 100)}%`;
}

const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** radar_update of the demo catalogue. */
export function demoCatalogText(objects: number, sets: number): string {
  return `Demo catalogue generated: ${count(objects, 'object')}, ${count(sets, 'element set')}`;
}

/** radar_update of an import that added element sets. */
export function catalogUpdateText(label: string, sets: number, duplicates: number, rejected: number): string {
  const extra = [duplicates > 0 ? `${duplicates.toLocaleString('en-US')} already known` : '', rejected > 0 ? `${rejected.toLocaleString('en-US')} rejected` : '']
    .filter(Boolean)
    .join(', ');
  return `Catalogue update from ${label}: ${count(sets, 'new element set')}${extra ? ` (${extra})` : ''}`;
}

/** launch_detected: an import brought objects never seen before. */
export function newObjectsText(label: string, objects: number, names: readonly string[]): string {
  const shown = names.slice(0, 3).join(', ');
  const more = names.length > 3 ? ` and ${names.length - 3} more` : '';
  return `${count(objects, 'new object')} in the catalogue from ${label}${shown ? `: ${shown}${more}` : ''}`;
}
