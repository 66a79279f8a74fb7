import type { FleetCategory } from '@contracts/satellites.ts';

/** DECISIONS §3: the fleet's three categories, in the order the spec lists tiles and tabs. */
export const FLEET_CATEGORIES: readonly FleetCategory[] = ['military', 'commercial', 'scientific'];

export const FLEET_CATEGORY_LABELS: Record<FleetCategory, string> = {
  military: 'Military',
  commercial: 'Commercial',
  scientific: 'Scientific',
};

/**
 * The fleet category a satellite's category text names, or null for any other
 * value (spec §3: other values render neutral). Case and surrounding spaces
 * are ignored, as the spec's category filter does (§5), so an imported
 * 'Military' still counts as military.
 */
export function fleetCategoryOf(category: string): FleetCategory | null {
  const normalised = category.trim().toLowerCase();
  return (FLEET_CATEGORIES as readonly string[]).includes(normalised) ? (normalised as FleetCategory) : null;
}

export type FleetCounts = Record<FleetCategory | 'total', number>;

/** Satellites per category; total counts every satellite, including those outside the three categories. */
export function countByCategory(satellites: readonly { category: string }[]): FleetCounts {
  const counts: FleetCounts = { military: 0, commercial: 0, scientific: 0, total: satellites.length };
  for (const satellite of satellites) {
    const category = fleetCategoryOf(satellite.category);
    if (category) counts[category] += 1;
  }
  return counts;
}
