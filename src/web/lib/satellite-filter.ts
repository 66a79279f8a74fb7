import type { SatelliteRecord } from '@contracts/satellites.ts';
import { fleetCategoryOf } from '@/lib/fleet-categories';

/*
 * The SST satellite filter (spec §5) and the "Select OFEQ" preset (DECISIONS §3),
 * run over the whole catalogue (about 50,000 records) on every keystroke, so the
 * lower-cased search keys are built once per catalogue read.
 */

/** The category filter's value for "no filter" (spec §5: 'all'). */
export const ALL_CATEGORIES = 'all';

export interface IndexedSatellite {
  record: SatelliteRecord;
  /** Lower-cased name, NORAD id and COSPAR id: the three fields the search reads. */
  keys: readonly string[];
  /** Lower-cased category, '' when the record has none. */
  category: string;
}

export function indexSatellites(records: readonly SatelliteRecord[]): IndexedSatellite[] {
  return records.map((record) => ({
    record,
    keys: [record.name.toLowerCase(), record.noradId.toLowerCase(), (record.cosparId ?? '').toLowerCase()],
    category: (record.category ?? '').trim().toLowerCase(),
  }));
}

/**
 * Spec §5: the search text matches name, NORAD id or COSPAR id case-insensitively;
 * the category matches case-insensitively and 'all' means no filter. Surrounding
 * spaces of the search are ignored (a pasted id often carries one).
 */
export function filterSatellites(index: readonly IndexedSatellite[], search: string, category: string): SatelliteRecord[] {
  const query = search.trim().toLowerCase();
  const wanted = category.trim().toLowerCase();
  const anyCategory = wanted === ALL_CATEGORIES;
  const matches: SatelliteRecord[] = [];
  for (const entry of index) {
    if (!anyCategory && entry.category !== wanted) continue;
    if (query && !entry.keys.some((key) => key.includes(query))) continue;
    matches.push(entry.record);
  }
  return matches;
}

/**
 * The category filter's options: each category once (case-insensitively, first
 * spelling kept), alphabetical. Records without a category add none.
 */
export function distinctCategories(records: readonly SatelliteRecord[]): string[] {
  const seen = new Map<string, string>();
  for (const { category } of records) {
    const trimmed = category?.trim();
    if (!trimmed) continue;
    const key = trimmed.toLowerCase();
    if (!seen.has(key)) seen.set(key, trimmed);
  }
  return [...seen.values()].sort((a, b) => a.localeCompare(b));
}

const OFEQ_NAME = /OFEQ|OFEK/i;

/**
 * DECISIONS §3: "Select OFEQ" takes the fleet satellites whose name contains
 * OFEQ or OFEK, case-insensitively. Fleet membership is the category (military,
 * commercial or scientific), so debris or a rocket body named after an OFEQ
 * launch is not a primary.
 */
export function isOfeqSatellite(record: SatelliteRecord): boolean {
  return OFEQ_NAME.test(record.name) && fleetCategoryOf(record.category ?? '') !== null;
}

export function ofeqSatelliteIds(records: readonly SatelliteRecord[]): number[] {
  return records.filter(isOfeqSatellite).map((record) => record.id);
}
